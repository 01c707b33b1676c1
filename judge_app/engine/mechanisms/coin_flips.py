"""Flipping a coin (705) and the effects that happen only if the flip is won (609.3). Written
for Sorcerer's Strongbox (FAQ M2011, issue 11).

``{flip_coin: true}`` followed by effects marked ``if_won: true``: the controller flips a coin
and calls it (705.1); only the effects marked ``if_won`` happen, and only if they win.

The coin is chance, and a scenario describes a disputed situation after the fact, so the engine
does not draw the result itself: it asks it as the ability begins to resolve, as a decision
``coin_flip`` by the player who flips, answered ``win`` or ``lose`` (what the coin and the call
gave). The answer is kept on the stack object, and ``costs.concrete_effects`` drops the
``if_won`` effects after a lost flip (FAQ r262: nothing happens). An ``if_won`` effect that
can't be done is skipped and the rest still happen (609.3: Strongbox no longer there can't be
sacrificed, its controller still draws three cards — r263).
"""

from __future__ import annotations

from judge_app.engine.kernel import hooks
from judge_app.engine.kernel.errors import InvalidInput
from judge_app.engine.kernel.messages import say
from judge_app.engine.kernel.state import Game, Obj
from judge_app.engine.rules import resolution_choices as rc

DECISIONS = ("coin_flip",)


def handles(e: dict) -> bool:
    return "flip_coin" in e


def _flips(so: Obj) -> bool:
    return any("flip_coin" in e for e in so.effects)


def result(so: Obj) -> str | None:
    return rc.answers(so).get("coin")


def ask(game: Game, so: Obj) -> bool:
    """Before ``so`` resolves: the coin's result, if it flips one and it is not known yet."""
    if not _flips(so) or result(so) is not None:
        return False
    return rc.owe(game, so, so.controller, "coin_flip", ["win", "lose"],
                  f"{so.label()}: {so.controller} подбрасывает монету — выиграл ли он бросок? (win / lose)",
                  f"{so.controller} подбрасывает монету и называет сторону", ["coin_flip"])


def answer(game: Game, value) -> None:
    if str(value) not in ("win", "lose"):
        raise InvalidInput(f"«{value}» — недопустимый ответ; допустимые: win, lose")
    rc.resume(game, lambda so: rc.answers(so).__setitem__("coin", str(value)))


def run(game: Game, so: Obj, e: dict, at) -> None:
    won = result(so) == "win"
    say(game, "coin", "coin_flips.run.coin", [so.controller, so.id], ["coin_flip"], controller=so.controller,
        note='выигрывает' if won else 'проигрывает',
        note2="" if won else f": часть {so.label()} «если вы выиграли» не выполняется",
        note3='wins' if won else 'loses')


def keep(so: Obj, e: dict) -> bool:
    """Whether effect ``e`` of ``so`` happens: an ``if_won`` one only after a won flip."""
    return not e.get("if_won") or result(so) == "win"


hooks.register(hooks.INSTRUCTION, run, keys=("flip_coin",), order=61)
hooks.register(hooks.DECISION, answer, keys=DECISIONS)
hooks.register(hooks.ASK, ask, order=30)


hooks.register(hooks.EFFECT_FILTER, keep, keys=("if_won",))
