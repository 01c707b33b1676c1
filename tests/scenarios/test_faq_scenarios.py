"""Every `shown` FAQ ruling has a scenario under scenarios/faq-m2011/ that passes, and every
scenario there names the ruling it plays (`source: FAQ M2011, <card>, ruling N`). Every shown
ruling's board is also played under the newest release (issue 29): a board that ends otherwise
there (or cannot be played there) has a `later:` entry, whose board passes."""
from __future__ import annotations

from pathlib import Path

import pytest

from judge_app.corpus import faq_links
from judge_app.engine.kernel import release_rules
from judge_app.scenarios import loader, release_compare, runner

FOLDER = Path(__file__).resolve().parents[2] / "scenarios" / "faq-m2011"
CLS = faq_links.load()
SHOWN = sorted(l.ruling for l in CLS.links.values() if l.status == "shown")
SCENARIOS = {loader.load(p).id: p for p in sorted(FOLDER.glob("*.yaml"))}


def scenario_of(link) -> str | None:
    return link.scenario or (link.changed or {}).get("scenario")


@pytest.fixture(scope="module")
def faq_rulings():
    from judge_app.corpus.build import read_source
    from judge_app.corpus.faq import parse_faq
    from judge_app.corpus.parse_all import doc_by_id

    return parse_faq(read_source(doc_by_id("faq-ru-m2011")), "faq-ru-m2011").rulings


@pytest.mark.parametrize("n", SHOWN, ids=[f"r{n}" for n in SHOWN])
def test_shown_ruling_has_a_passing_scenario(n, faq_rulings):
    link = CLS.links[n]
    assert link.scenario in SCENARIOS, f"{link.where}: сценария {link.scenario} нет в {FOLDER}"
    sc = loader.load(SCENARIOS[link.scenario])
    assert sc.rules_version == "2020-01-24"
    assert sc.source == faq_links.source_line(link, faq_rulings)
    res = runner.run(sc)
    assert res.passed, (f"FAQ M2011 r{n}: «{faq_rulings[n].text}»\n" +
                        "\n".join(f"{sc.path}:{ln}: {m}" for ln, m in res.failures))


def test_changed_rulings_scenarios_show_the_2020_outcome():
    changed = [l for l in CLS.links.values() if l.status == "changed" and scenario_of(l)]
    assert len(changed) >= 3
    for link in changed:
        res = runner.run(loader.load(SCENARIOS[scenario_of(link)]))
        assert res.passed, (link.ruling, res.failures)


def test_every_faq_scenario_belongs_to_a_classified_ruling(faq_rulings):
    for sid, path in SCENARIOS.items():
        sc = loader.load(path)
        m = faq_links.SOURCE_RE.match(sc.source or "")
        assert m, f"{path.name}: source «{sc.source}» не в форме «FAQ M2011, <карта>, ruling N»"
        link = CLS.links[int(m["n"])]
        later = (link.later or {}).get("scenario")
        assert sid in (scenario_of(link), later), \
            f"{path.name}: разъяснение {link.ruling} ссылается на {scenario_of(link)} и {later}"
        assert m["subject"] == faq_links.subject(link, faq_rulings)


def test_shown_count_matches_the_scenarios():
    shown_ids = {CLS.links[n].scenario for n in SHOWN}
    assert shown_ids <= set(SCENARIOS)
    assert len(SHOWN) >= 20


NEWEST = release_rules.newest()
WITH_LATER = sorted(n for n, link in CLS.links.items() if link.later)


@pytest.fixture(scope="module")
def under_newest(corpus):
    """Each shown ruling's 2020 board played again under the newest release (release_compare,
    as ``judge scenario run scenarios/faq-m2011 --rules NEWEST``): ruling -> Comparison."""
    maps: dict = {}
    return {n: release_compare.compare(SCENARIOS[CLS.links[n].scenario], NEWEST, maps) for n in SHOWN}


def test_every_board_that_differs_under_the_newest_release_has_a_later_entry(under_newest):
    differ = {n: c for n, c in under_newest.items() if c.differs}
    lacking = {n: differ[n].reasons[:1] for n in differ if not CLS.links[n].later}
    assert not lacking, f"без later: в rules_corpus/faq_rulings/: {lacking}"
    # the damage assignment order rulings (issue 29 item 4) are among them: the set can't be empty
    assert {3, 5, 299} <= set(differ), sorted(differ)
    # a ruling whose outcome the later release changes must show it on its own 2020 board
    for n in WITH_LATER:
        if not CLS.links[n].later["holds"] and n in under_newest:
            assert under_newest[n].differs, f"r{n}: later без holds, а доска 2020 года по {NEWEST} та же"


@pytest.mark.parametrize("n", WITH_LATER, ids=[f"r{n}" for n in WITH_LATER])
def test_later_boards_pass_under_their_release(n, faq_rulings):
    later = CLS.links[n].later
    assert later["scenario"] in SCENARIOS, f"{CLS.links[n].where}: сценария {later['scenario']} нет в {FOLDER}"
    sc = loader.load(SCENARIOS[later["scenario"]])
    assert sc.rules_version >= later["release"] > "2020-01-24"
    assert sc.source == faq_links.source_line(CLS.links[n], faq_rulings)
    res = runner.run(sc)
    assert res.passed, (f"FAQ M2011 r{n} по {sc.rules_version}\n" +
                        "\n".join(f"{sc.path}:{ln}: {m}" for ln, m in res.failures))


def test_the_changed_outcome_is_refused_in_2020_and_played_in_2026():
    """r3: the assignment the 2026 board makes (1 to the Wurm, 1 to the Bear) is the one the 2020
    board sees refused by 510.1c — the outcome did change, not only the script."""
    old = loader.load(SCENARIOS["m2011-r3-deathtouch-order"])
    new = loader.load(SCENARIOS[CLS.links[3].later["scenario"]])
    refused_step = next(a for (_, a), (_, b) in zip(old.script, old.script[1:]) if "refused" in b)
    made = next(a for _, a in new.script if "assign_damage" in a)
    assert refused_step == made
    assert not any("order_blockers" in a for _, a in new.script)
