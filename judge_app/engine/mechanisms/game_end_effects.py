"""``{game_draw: true}`` — "the game is a draw" (104.4c; Divine Intervention's effect).

Why a module: it ends the game with no winner and no loser, so "you can't lose the game" (Platinum
Angel, 614.17) does not stop it (FAQ M2011 r222): the game is over at once.
"""

from __future__ import annotations

from judge_app.engine.kernel import hooks
from judge_app.engine.kernel.messages import say
from judge_app.engine.kernel.state import Game, Obj


def handles(e: dict) -> bool:
    return "game_draw" in e


def run(game: Game, so: Obj, e: dict, at) -> None:
    if game.result:
        return
    game.result = {"draw": True}
    say(game, "game_over", "game_end_effects.run.game_over", [p.name for p in game.players], ["game_draw_effect"],
        so=so)


hooks.register(hooks.INSTRUCTION, run, keys=("game_draw",), order=25)
