"""The reviewed classification of the FAQ M2011 rulings (rules_corpus/faq_rulings/), checked on
the real corpus: every ruling classified, every rule number in the 2020 CR, the quoted M2011
numbers mapped along the version history, and bad entries named by file, line and key."""
from __future__ import annotations

import json
import textwrap

import pytest

from judge_app.corpus import faq_links

RULINGS_TOTAL = 312  # what the FAQ parser finds (tests/corpus/test_faq.py)


@pytest.fixture(scope="module")
def parsed():
    from judge_app.corpus.build import read_source
    from judge_app.corpus.faq import parse_faq
    from judge_app.corpus.parse_all import doc_by_id

    return parse_faq(read_source(doc_by_id("faq-ru-m2011")), "faq-ru-m2011")


@pytest.fixture(scope="module")
def numbers_2020(corpus):
    return {r["number"] for r in corpus.rows("select number from rules where doc_id = 'cr-en-2020-01-24'")}


def test_every_ruling_is_classified_in_the_built_corpus(corpus):
    rows = corpus.rows("select * from ruling_links")
    assert len(rows) == RULINGS_TOTAL == len(corpus.rows("select id from rulings"))
    statuses = {r["status"] for r in rows}
    assert statuses <= set(faq_links.STATUSES)
    # issue 11's target: every ruling shown, holding or changed — none waits for the engine any more
    assert statuses == {"shown", "holds", "changed"}, [r["position"] for r in rows if r["status"] == "pending"]


def test_every_rule_number_exists_in_the_2020_corpus(corpus, numbers_2020):
    cited = set()
    for row in corpus.rows("select rules, changed from ruling_links"):
        cited.update(json.loads(row["rules"]))
        if row["changed"]:
            cited.add(json.loads(row["changed"])["rule"])
    assert cited and not (cited - numbers_2020), sorted(cited - numbers_2020)
    refs = corpus.rows("select distinct number from ruling_rules where version = '2020-01-24'")
    assert {r["number"] for r in refs} <= numbers_2020


def test_changed_rulings_name_the_rule_and_the_release(corpus):
    changed = [json.loads(r["changed"]) for r in corpus.rows("select changed from ruling_links where status = 'changed'")]
    assert len(changed) >= 3  # redirection, planeswalker uniqueness, legend rule
    assert {c["rule"] for c in changed} >= {"306.4", "306.7", "704.5j"}
    for c in changed:
        assert c["release"] and c["what_ru"]
        # undated: the corpus cannot establish the release (r46, r93, r233), and the release text says so
        assert c["since"] or "не установлен" in c["release"], c


def test_a_pending_ruling_keeps_the_missing_piece(tmp_path):
    """No ruling is pending today; one that becomes pending again keeps its «missing» through the
    loader into the pages (the loader refuses it without one: the bad-entries cases below)."""
    data = tmp_path / "one.yaml"
    data.write_text("rulings:\n  - {ruling: 1, rules: [701.17a], status: pending, missing: нет раздела 2HG в движке}\n",
                    encoding="utf-8")
    link = faq_links.load(tmp_path).links[1]
    assert link.status == "pending" and link.missing == "нет раздела 2HG в движке"


def test_quoted_m2011_numbers_follow_the_version_history(corpus):
    cls = faq_links.load()
    assert cls.quoted["702.2b"]["2020"] == "702.2c"  # lethal combat damage moved from b to c
    assert cls.quoted["702.2c"]["2020"] == "702.2b"  # the state-based destruction moved from c to b
    for old, step in cls.quoted.items():
        row = corpus.one("select new_number from rule_changes where lang = 'en' and old_version = '2019-05-03' "
                         "and new_version = '2020-01-24' and old_number = ?", (step["2019"],))
        assert row and row["new_number"] == step["2020"], old
    # the 2019 text the mapping was read from says what the M2011 text said
    lethal = corpus.one("select text from rules where doc_id = 'cr-en-2019-05-03' and number = ?",
                        (cls.quoted["702.2b"]["2019"],))
    assert "lethal damage" in lethal["text"]


def test_the_classification_agrees_with_the_parsed_faq(parsed, numbers_2020):
    faq_links.check_against(faq_links.load(), parsed.rulings, parsed.cards, numbers_2020)


def test_a_ruling_linked_to_the_wrong_card_is_refused(parsed, numbers_2020):
    cls = faq_links.load()
    cls.links[115].card = "Клин"  # r115 is about Клон
    with pytest.raises(faq_links.FaqLinkError, match=r"cards-1\.yaml:\d+: card: .*«Клон»"):
        faq_links.check_against(cls, parsed.rulings, parsed.cards, numbers_2020)


def test_an_unclassified_ruling_is_reported(parsed, numbers_2020):
    cls = faq_links.load()
    del cls.links[200]
    with pytest.raises(faq_links.FaqLinkError, match="не классифицированы разъяснения: 200"):
        faq_links.check_against(cls, parsed.rulings, parsed.cards, numbers_2020)


def test_a_rule_missing_from_2020_is_refused(parsed, numbers_2020):
    cls = faq_links.load()
    cls.links[22].rules.append("306.99")
    with pytest.raises(faq_links.FaqLinkError, match=r"general\.yaml:\d+: rules: правила 306\.99 нет"):
        faq_links.check_against(cls, parsed.rulings, parsed.cards, numbers_2020)


def _write(tmp_path, body: str):
    (tmp_path / "bad.yaml").write_text(textwrap.dedent(body), encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize("body, pattern", [
    ("""\
     rulings:
       - {ruling: 1, rules: [701.17a], status: pending, missing: x}
       - {ruling: 2, rules: [701.17a], status: maybe}
     """, r"bad\.yaml:3: status: одно из"),
    ("""\
     rulings:
       - {ruling: 1, rules: [701.17a], status: pending, missing: x, colour: red}
     """, r"bad\.yaml:2: colour: неизвестный ключ"),
    ("""\
     rulings:
       - {ruling: 1, rules: [701.17a], status: pending}
     """, r"bad\.yaml:2: missing: нужна непустая строка"),
    ("""\
     rulings:
       - {ruling: 1, rules: [701.17a], status: holds, scenario: x}
     """, r"bad\.yaml:2: scenario: только при status: shown"),
    ("""\
     rulings:
       - {ruling: 1, rules: [seven], status: holds}
     """, r"bad\.yaml:2: rules: «seven» — не номер правила"),
    ("""\
     rulings:
       - {ruling: 1, rules: [701.17a], status: holds}

       - {ruling: 1, rules: [701.17a], status: holds}
     """, r"bad\.yaml:4: ruling: разъяснение 1 уже описано в bad\.yaml:2"),
    ("""\
     rulings:
       - ruling: 7
         rules: [306.4]
         status: changed
         changed:
           rule: 306.4
           release: Magic 2014
     """, r"bad\.yaml:6: changed\.what_ru: нужна непустая строка"),
    ("""\
     rulings:
       - ruling: 7
         rules: [306.4]
         status: changed
         changed:
           rule: 306.4
           release: Magic 2014
           since: "2013"
           what_ru: текст
     """, r"bad\.yaml:6: changed\.since: год и месяц"),
    ("""\
     rulings:
       - {ruling: 1, rules: [701.17a], status: holds
     """, r"bad\.yaml:\d+: YAML"),
])
def test_bad_entries_are_named_by_file_line_and_key(tmp_path, body, pattern):
    with pytest.raises(faq_links.FaqLinkError, match=pattern):
        faq_links.load(_write(tmp_path, body))


def test_rule_numbers_stay_strings(tmp_path):
    """706.10 must not become the float 706.1."""
    cls = faq_links.load(_write(tmp_path, """\
        rulings:
          - {ruling: 1, rules: [706.10, 113.10, 306.4], status: holds}
        """))
    assert cls.links[1].rules == ["706.10", "113.10", "306.4"]


# -- later: the ruling under a release after 2020 (issue 29 item 4) -------------------------
@pytest.fixture(scope="module")
def later_releases(corpus):
    """What the build checks ``later:`` against: each English release after 2020 -> its rule numbers."""
    docs = corpus.rows("select id, version from documents where kind = 'cr' and lang = 'en' and version > '2020-01-24'")
    return {d["version"]: {r["number"] for r in corpus.rows("select number from rules where doc_id = ?", (d["id"],))}
            for d in docs}


def test_later_entries_are_stored_for_the_damage_assignment_order_rulings(corpus):
    rows = {r["position"]: json.loads(r["later"]) for r in
            corpus.rows("select position, later from ruling_links where later is not null")}
    assert set(rows) >= {3, 5, 299}
    assert rows[3]["release"] == "2024-11-08" and rows[3]["rule"] == "510.1c" and rows[3]["holds"] is False
    assert rows[3]["scenario"] == "m2011-r3-deathtouch-order-2026"
    assert rows[5]["holds"] is True and rows[299]["holds"] is True
    # the rule is a rule of that release, and its text there has no damage assignment order
    text = corpus.one("select text from rules where id = 'cr-en-2024-11-08:510.1c'")["text"]
    assert "divided as its controller chooses" in text and "damage assignment order" not in text


def test_the_shipped_later_entries_pass_the_build_check(later_releases):
    cls = faq_links.load()
    assert faq_links.check_later(cls, later_releases, faq_links.scenario_releases(), "2026-01-16") == []
    assert cls.links[3].later is not None


def _with_later(tmp_path, later: str):
    return _write(tmp_path, f"""\
        rulings:
          - ruling: 3
            rules: [510.1c]
            status: shown
            scenario: m2011-r3-deathtouch-order
            later: {later}
        """)


@pytest.mark.parametrize("later, pattern", [
    ("{release: 2024-11-08, rule: 510.1c, what_ru: x, scenario: s, colour: red}",
     r"bad\.yaml:6: later\.colour: разъяснение 3: неизвестный ключ"),
    ("{release: 2024-11, rule: 510.1c, what_ru: x, scenario: s}",
     r"bad\.yaml:6: later\.release: разъяснение 3: дата выпуска правил ГГГГ-ММ-ДД"),
    ("{release: 2019-05-03, rule: 510.1c, what_ru: x, scenario: s}",
     r"bad\.yaml:6: later\.release: разъяснение 3: выпуск 2019-05-03 не позже 2020-01-24"),
    ("{release: 2024-11-08, rule: five, what_ru: x, scenario: s}", r"bad\.yaml:6: later\.rule: разъяснение 3: «five» — не номер правила"),
    ("{release: 2024-11-08, rule: 510.1c, holds: yes please, what_ru: x, scenario: s}",
     r"bad\.yaml:6: later\.holds: разъяснение 3: true или false"),
    ("{release: 2024-11-08, rule: 510.1c, what_ru: x}", r"bad\.yaml:6: later\.scenario: разъяснение 3: нужна непустая строка"),
    ("[2024-11-08, 510.1c]", r"bad\.yaml:2: later: разъяснение 3: нужен словарь"),
])
def test_bad_later_entries_are_named_by_file_line_key_and_ruling(tmp_path, later, pattern):
    with pytest.raises(faq_links.FaqLinkError, match=pattern):
        faq_links.load(_with_later(tmp_path, later))


def test_later_needs_a_board_question(tmp_path):
    body = "rulings:\n  - {ruling: 3, rules: [510.1c], status: holds, later: {release: 2024-11-08, rule: 510.1c, what_ru: x, scenario: s}}\n"
    (tmp_path / "bad.yaml").write_text(body, encoding="utf-8")
    with pytest.raises(faq_links.FaqLinkError, match=r"bad\.yaml:2: later: только при status: shown или changed"):
        faq_links.load(tmp_path)


@pytest.mark.parametrize("later, pattern", [
    ("{release: 2024-11-09, rule: 510.1c, what_ru: x, scenario: m2011-r3-deathtouch-order-2026}",
     r"bad\.yaml:2: later\.release: разъяснение 3: выпуска 2024-11-09 нет среди английских выпусков корпуса"),
    # 509.5 is a rule of 2020 (its 509.2 and 509.3 were the damage assignment orders), not of 2024-11-08
    ("{release: 2024-11-08, rule: 509.5, what_ru: x, scenario: m2011-r3-deathtouch-order-2026}",
     r"bad\.yaml:2: later\.rule: разъяснение 3: правила 509\.5 нет в выпуске 2024-11-08"),
    ("{release: 2024-11-08, rule: 510.1c, what_ru: x, scenario: m2011-r3-no-such-board}",
     r"bad\.yaml:2: later\.scenario: разъяснение 3: сценария m2011-r3-no-such-board нет в библиотеке"),
    ("{release: 2024-11-08, rule: 510.1c, what_ru: x, scenario: m2011-r3-deathtouch-order}",
     r"bad\.yaml:2: later\.scenario: разъяснение 3: сценарий m2011-r3-deathtouch-order играет выпуск 2020-01-24"),
])
def test_later_checked_against_the_corpus_names_file_and_ruling(tmp_path, later_releases, later, pattern):
    body = f"rulings:\n  - {{ruling: 3, rules: [510.1c], status: shown, scenario: m2011-r3-deathtouch-order, later: {later}}}\n"
    (tmp_path / "bad.yaml").write_text(body, encoding="utf-8")
    cls = faq_links.load(tmp_path)
    with pytest.raises(faq_links.FaqLinkError, match=pattern):
        faq_links.check_later(cls, later_releases, faq_links.scenario_releases(), "2026-01-16")


def test_a_build_from_other_sources_drops_a_later_it_cannot_check(tmp_path):
    """JUDGE_SOURCES with only 2019 and 2020 (the import tests): the later entry is left out, not refused."""
    cls = faq_links.load()
    dropped = faq_links.check_later(cls, {}, faq_links.scenario_releases(), "2020-01-24", unheld_ok=True)
    assert set(dropped) >= {3, 5, 299} and cls.links[3].later is None
    with pytest.raises(faq_links.FaqLinkError, match=r"general\.yaml:\d+: later\.release: разъяснение 3"):
        faq_links.check_later(faq_links.load(), {}, faq_links.scenario_releases(), "2020-01-24")


def test_scenario_releases_reads_the_library(tmp_path):
    releases = faq_links.scenario_releases()
    assert releases["m2011-r3-deathtouch-order"] == "2020-01-24"
    assert releases["m2011-r3-deathtouch-order-2026"] == "2026-01-16"
    assert faq_links.scenario_releases(tmp_path / "absent") is None   # an installed copy without scenarios
