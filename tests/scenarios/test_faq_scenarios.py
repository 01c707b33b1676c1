"""Every `shown` FAQ ruling has a scenario under scenarios/faq-m2011/ that passes, and every
scenario there names the ruling it plays (`source: FAQ M2011, <card>, ruling N`)."""
from __future__ import annotations

from pathlib import Path

import pytest

from judge_app.corpus import faq_links
from judge_app.scenarios import loader, runner

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
        assert scenario_of(link) == sid, f"{path.name}: разъяснение {link.ruling} ссылается на {scenario_of(link)}"
        assert m["subject"] == faq_links.subject(link, faq_rulings)


def test_shown_count_matches_the_scenarios():
    shown_ids = {CLS.links[n].scenario for n in SHOWN}
    assert shown_ids <= set(SCENARIOS)
    assert len(SHOWN) >= 20
