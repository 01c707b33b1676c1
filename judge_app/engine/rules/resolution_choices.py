"""What the choices made as a spell or ability resolves have in common (608.2): the engine owes
a decision before the resolution begins, keeps the answer on the stack object
(``choices["answers"]``) and then resolves it again, now with the answer — as zone_actions does
for searches and scries. Used by coin_flips, each_player_sacrifices, naming, discard_effects
and revealed_cast (FAQ M2011, issue 11)."""

from __future__ import annotations

from judge_app.engine.kernel.errors import InvalidInput
from judge_app.engine.kernel.messages import decision_en, say
from judge_app.engine.kernel.state import Decision, Game, Obj
from judge_app.engine.rules import priority


def answers(so: Obj) -> dict:
    return so.choices.setdefault("answers", {})


def owe(game: Game, so: Obj, by: str, kind: str, options: list, text_ru: str, trace_ru: str, keys: list,
        count: int = 1) -> bool:
    game.decision = Decision(by=by, kind=kind, options=options, count=count, text_ru=text_ru,
                             context={"stack_id": so.id})
    say(game, "decision", "decision_plain", [by, so.id], keys, text=trace_ru, text_en=decision_en(by, kind))
    return True


def exactly(d: Decision, value, what: str) -> list:
    """The answer as a list of exactly ``d.count`` different options."""
    vals = [str(v) for v in (value if isinstance(value, list) else [value])]
    if len(vals) != d.count or len(set(vals)) != len(vals) or any(v not in d.options for v in vals):
        raise InvalidInput(f"нужно выбрать ровно {d.count} {what} из: {', '.join(map(str, d.options))}")
    return vals


def resume(game: Game, store) -> None:
    """Record the answer (``store(stack_object)``) and go on resolving."""
    store(game.objects[game.decision.context["stack_id"]])
    game.decision = None
    priority.resolve_top(game)
