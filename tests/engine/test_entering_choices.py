"""A card an effect puts onto the battlefield from another zone still makes its "as it enters"
choice (706.5, 614.1c): a Clone returned from the graveyard chooses what to copy
(engine/entering_choices.py), and an effect that cannot ask is refused instead of putting the
Clone in as a copy of nothing (enter_replacements.put_onto_battlefield)."""

from __future__ import annotations

from pathlib import Path

import pytest

from judge_app.cards.model import default_pool
from judge_app.engine.rules import actions
from judge_app.engine.kernel.errors import InvalidInput
from judge_app.scenarios import loader, runner

ROOT = Path(__file__).resolve().parents[2] / "scenarios"
RETURNED = ROOT / "copy" / "clone-returned-from-graveyard.yaml"
SEARCH = ROOT / "faq-m2011" / "r140-leyline-vitality-enters-with-creature.yaml"


def _scenario(path: Path, script_len: int | None = None, **changes):
    data = loader.parse_text(path.read_text(encoding="utf-8"), path.name)
    if script_len is not None:
        data["script"] = data["script"][:script_len]
    data.update(changes)
    return loader.from_data(data, path.name, default_pool())


def test_returned_clone_is_asked_what_to_copy_and_not_what_enters_with_it():
    game = runner.run(_scenario(RETURNED, script_len=1)).game
    d = game.decision
    assert d is not None and d.kind == "returning_as_enters" and d.by == "Алиса"
    assert d.options == ["none", "sphinx"]   # the bears enter at the same time: not a choice (614.12a)
    with pytest.raises(Exception, match="одновременно"):
        actions.choose(game, "bears")
    assert game.decision is not None and game.decision.kind == "returning_as_enters"   # asked again


def test_the_answer_decides_what_the_clone_is():
    res = runner.run(_scenario(RETURNED))
    assert res.passed, res.failures
    none = _scenario(RETURNED, script=[{"pass_until": "stack_empty"}, {"choose": "none"}, {"pass_until": "stack_empty"}])
    game = runner.run(none).game
    assert game.objects["clone"].zone == "graveyard"   # a copy of nothing: 0/0 (704.5f)


def test_with_nothing_to_copy_the_engine_makes_the_choice():
    lonely = _scenario(RETURNED, script_len=1, expect=[], players=[
        {"name": "Алиса", "graveyard": [{"card": "Клон", "id": "clone"}]}, {"name": "Боб"}])
    game = runner.run(lonely).game
    assert game.decision is None and game.objects["clone"].zone == "graveyard"


def test_a_search_that_cannot_ask_refuses_the_clone_and_keeps_the_state():
    sc = _scenario(SEARCH, script_len=1, expect=[], players=[
        {"name": "Алиса", "library": [{"card": "Клон", "id": "clone"}, {"card": "Медведи-гризли", "id": "bears"}]},
        {"name": "Боб", "battlefield": [{"card": "Сфинкс Головоломок", "id": "sphinx"}]}])
    game = runner.run(sc).game
    before = len(game.events)
    with pytest.raises(InvalidInput, match="706.5"):
        actions.choose(game, ["clone"])
    assert game.objects["clone"].zone == "library" and len(game.events) == before   # nothing half-done
