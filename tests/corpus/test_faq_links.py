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
