"""Abilities about the creature's own attack (506.4, 602.5): "Activate only if [this] is
attacking" — ``only_while_attacking: true`` beside an ``activated:`` ability — and the target
kind ``creature_defending_player_controls``. Written for Ancient Hellkite (FAQ M2011, issue 11).

A creature is attacking from the moment it is declared as an attacker (or put onto the
battlefield attacking, 508.4) until it leaves combat (506.4) or the end of combat step ends
(511.3), so the ability can be activated in the declare attackers, declare blockers, combat
damage and end of combat steps (FAQ r98). Otherwise a player can't begin to activate it (602.5).
The defending player is the player an attacker attacks, or the controller of the planeswalker
it attacks (506.2).
"""

from __future__ import annotations

from judge_app.engine.kernel.errors import refuse
from judge_app.engine.rules import combat


def check(game, obj, ability: dict) -> None:
    if ability.get("only_while_attacking") and not combat.is_attacking(game, obj.id):
        raise refuse(game, f"{obj.label()} не атакует: эту способность можно активировать, только пока оно атакует",
                     "activate_prohibited")


def defending_players(game) -> set:
    if game.combat is None:
        return set()
    return {combat._defender_of(game, game.combat["attackers"][a]) for a in combat.attacking(game)} - {None}


def creature_of_defending_player(game, obj, controller) -> bool:
    return obj.is_creature and obj.controller in defending_players(game)
