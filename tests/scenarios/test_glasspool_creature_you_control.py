"""Glasspool Mimic copies "a creature you control" (``as_enters: copy_creature_you_control``), not
any creature: the board of 707.9d's example with the answer changed to Боб's Bear is refused, and
only Алиса's creatures are offered."""
from __future__ import annotations

from pathlib import Path

from judge_app.scenarios import loader, runner

BOARD = Path(__file__).resolve().parents[2] / "scenarios" / "releases" / "cr-2026-707-9d-glasspool-mimic-changeling.yaml"


def _run(tmp_path, answer):
    p = tmp_path / "s.yaml"
    p.write_text(BOARD.read_text(encoding="utf-8").replace("  - choose: outcast ", f"  - choose: {answer} "), encoding="utf-8")
    return runner.run(loader.load(p))


def test_an_opponents_creature_is_not_offered_and_is_refused(tmp_path):
    res = _run(tmp_path, "bear")
    assert not res.passed and any("недопустимый ответ" in m for _, m in res.failures), res.failures
    d = res.game.decision
    assert d is not None and d.kind == "as_enters"
    assert "bear" not in d.options and {"outcast", "chief"} <= set(d.options)
    assert not {"i1", "i2", "i3"} & set(d.options)   # creatures only


def test_its_own_creature_is_copied(tmp_path):
    res = _run(tmp_path, "outcast")
    assert res.passed, res.failures
