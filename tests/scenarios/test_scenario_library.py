"""The whole scenario library passes, and every event of every scenario cites rules
that exist in the CR version the scenario names."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))
from crtext import exists  # noqa: E402

from judge_app.scenarios import loader, runner  # noqa: E402
from judge_app.scenarios.cli import collect  # noqa: E402

LIBRARY = Path(__file__).resolve().parents[2] / "scenarios"
FILES = collect([LIBRARY])


def test_library_is_big_enough():
    assert len(FILES) >= 25
    topics = {f.parent.name for f in FILES}
    assert {"basics", "stack", "sba", "triggers", "layers", "turn"} <= topics


def test_ids_unique():
    ids = [loader.load(f).id for f in FILES]
    assert len(ids) == len(set(ids))


@pytest.mark.parametrize("path", FILES, ids=[f"{f.parent.name}/{f.stem}" for f in FILES])
def test_scenario_passes_and_cites_real_rules(path):
    sc = loader.load(path)
    res = runner.run(sc)
    assert res.passed, "\n".join(f"{sc.path}:{ln}: {m}" for ln, m in res.failures)
    assert res.game.events, "a scenario with no events"
    for e in res.game.events:
        assert e.rules, f"event {e.index} cites nothing"
        for r in e.rules:
            assert exists(r, sc.rules_version), f"event {e.index} «{e.text_ru}» cites {r}, not in CR {sc.rules_version}"
