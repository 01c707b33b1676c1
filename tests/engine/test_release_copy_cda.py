"""A copy "in addition to its other types" and the original's changeling (issue 29's drift report):
under 2020-01-24, 706.9d leaves out a characteristic-defining ability of a characteristic the
exception modifies; from 2021-04-22, 707.9d (706.9d then) copies one that defines types. The
release is data (release_rules.json: copy_in_addition_keeps_type_cdas), and the same board under
each release ends differently, each citing its own rule."""
from __future__ import annotations

from pathlib import Path

from judge_app.engine.kernel import citations, release_rules
from judge_app.scenarios import loader, release_compare, runner

ROOT = Path(__file__).resolve().parents[2] / "scenarios" / "releases"
FEATURE = "copy_in_addition_keeps_type_cdas"
PAIR = {"2020-01-24": ROOT / "cda-2020-glasspool-mimic-changeling.yaml",
        "2026-01-16": ROOT / "cr-2026-707-9d-glasspool-mimic-changeling.yaml"}


def test_the_rule_changed_in_2021():
    assert [release_rules.has(v, FEATURE) for v in release_rules.playable()] == [True, False, False]
    f = release_rules.feature(FEATURE)
    assert sorted(f["scenarios"]) == sorted(p.stem for p in PAIR.values())
    assert citations.rule("copy_exception_cda", "2020-01-24") == "706.9d"
    assert citations.rule("copy_exception_cda", "2026-01-16") == "707.9d"


def test_each_half_plays_its_release_and_cites_its_rule():
    seen = {}
    for version, path in PAIR.items():
        sc = loader.load(path)
        assert sc.rules_version == version
        res = runner.run(sc)
        assert res.passed, "; ".join(m for _, m in res.failures)
        mimic = res.game.objects["mimic"]
        said = [ev for ev in res.game.events if ev.message == "control_copy.type_cda"]
        assert len(said) == 1 and said[0].rules == (citations.rule("copy_exception_cda", version),)
        seen[version] = ("Elf" in mimic.subtypes, said[0].text_en)
    assert seen["2026-01-16"][0] and "is copied" in seen["2026-01-16"][1]
    assert not seen["2020-01-24"][0] and "is not copied" in seen["2020-01-24"][1]


def test_the_2020_board_ends_otherwise_under_2026():
    maps = {}
    cmp = release_compare.compare(PAIR["2020-01-24"], "2026-01-16", maps)
    assert cmp.differs and cmp.reasons, cmp
