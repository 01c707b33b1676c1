"""When an activated ability may be activated: loyalty abilities (606.3: only as a sorcery, and
once per turn for each permanent), equip (702.6a) and "activate only as a sorcery" (602.5d).

A refusal names the rule that forbids the activation now; a script can mark the action
``now: true`` to expect that refusal instead of passing priority until it becomes legal.
"""

from __future__ import annotations

import json

from judge_app.engine.kernel.errors import refuse
from judge_app.engine.kernel.state import Game, Obj
from judge_app.engine.rules import actions


def is_loyalty(spec: dict) -> bool:
    return "loyalty" in spec.get("cost", {})


def sorcery_only(spec: dict) -> bool:
    return is_loyalty(spec) or bool(spec.get("equip")) or spec.get("timing") == "sorcery"


def used_this_turn(game: Game, obj: Obj) -> bool:
    return obj.choices.get("loyalty_turn") == (obj.incarnation, game.turn)


def _once_key(spec: dict) -> str:
    return "once_turn:" + json.dumps(spec, sort_keys=True, ensure_ascii=False, default=str)


def check(game: Game, player, obj: Obj, spec: dict) -> None:
    """Refuse an activation the timing rules forbid now."""
    if spec.get("once_each_turn") and obj.choices.get(_once_key(spec)) == (obj.incarnation, game.turn):
        raise refuse(game, f"эту способность {obj.label()} в этот ход уже активировали: только один раз в ход",
                     "activate_once")   # 602.5b
    if is_loyalty(spec):
        if not actions.sorcery_speed_ok(game, player):
            raise refuse(game, f"способность верности {obj.label()} активируется только в свою главную фазу при пустом стеке",
                          "loyalty_timing")
        if used_this_turn(game, obj):
            raise refuse(game, f"способность верности {obj.label()} в этот ход уже активировали: только одна за ход",
                          "loyalty_timing")
    elif spec.get("equip"):
        if not actions.sorcery_speed_ok(game, player):
            raise refuse(game, f"снарядить {obj.label()} можно только тогда, когда можно разыграть волшебство", "equip", "sorcery_timing")
    elif spec.get("timing") == "sorcery" and not actions.sorcery_speed_ok(game, player):
        raise refuse(game, f"способность {obj.label()} активируется только как волшебство", "activate_sorcery", "sorcery_timing")


def mark_used(game: Game, obj: Obj, spec: dict | None = None) -> None:
    """Remember the activation: a loyalty ability (606.3), an "only once each turn" one (602.5b)."""
    if spec is None or is_loyalty(spec):
        obj.choices["loyalty_turn"] = (obj.incarnation, game.turn)
    if spec is not None and spec.get("once_each_turn"):
        obj.choices[_once_key(spec)] = (obj.incarnation, game.turn)
