"""A ban on casting spells for the rest of the turn: "your opponents can't cast spells this turn"
(601.3, 614.17a). Written for Silence (FAQ M2011, issue 11).

``{opponents_cant_cast: this_turn}`` leaves one entry per opponent in ``game.effects``
(kind ``cant_cast``, ended by the cleanup step like every ``until: eot`` entry). A cast is
checked against it as it begins (601.3: a player can begin to cast a spell only if no rule
or effect forbids it). A "can't" effect exists only from the moment it is created: spells
cast before Silence resolved stay on the stack (614.17a, FAQ r172). It forbids casting spells
only: activated abilities, triggers and playing lands are untouched (602.1, 305.1, r173).
"""

from __future__ import annotations

from judge_app.engine.kernel import hooks
from judge_app.engine.kernel.errors import refuse
from judge_app.engine.kernel.messages import say
from judge_app.engine.kernel.state import Game, Obj

KIND = "cant_cast"


def handles(e: dict) -> bool:
    return "opponents_cant_cast" in e


def run(game: Game, so: Obj, e: dict, at) -> None:
    for p in game.live_players():
        if p.name != so.controller:
            game.effects.append({"kind": KIND, "target": p.name, "incarnation": 0, "timestamp": game.next_ts(),
                                 "until": "eot", "source_name": so.name_ru})
    say(game, "effect", "cast_bans.run.effect", [so.controller], ["cant_effect_not_back"], controller=so.controller)


def check(game: Game, player) -> None:
    """Refuse the start of a cast by ``player`` while such an effect applies to them."""
    src = next((e for e in game.effects if e.get("kind") == KIND and e["target"] == player.name), None)
    if src is not None:
        raise refuse(game, f"{player.name} не может разыгрывать заклинания в этом ходу («{src['source_name']}»)",
                     "cast_permission", "cant_effect_not_back")


hooks.register(hooks.INSTRUCTION, run, keys=("opponents_cant_cast",), order=66)


hooks.register(hooks.CAST_CHECK, check)
