"""``{no_max_hand_size: you}`` — "you have no maximum hand size for the rest of the game"
(402.2; Spirit Water Revival): the cleanup step's discard to the maximum hand size (514.1)
no longer applies to that player. Kept as the player's ``max_hand`` set to ``NONE``, a size no
hand reaches, so the cleanup step's comparison stays as it is.
"""

from __future__ import annotations

from judge_app.engine.kernel import hooks
from judge_app.engine.kernel.messages import say
from judge_app.engine.kernel.state import Game, Obj

KEY = "no_max_hand_size"
NONE = 10 ** 9   # no maximum: larger than any hand


def run(game: Game, so: Obj, e: dict, at) -> None:
    who = at.player_or_target(game, so, e[KEY])
    if who is None or hasattr(who, "incarnation"):
        return
    who.max_hand = NONE
    game.touch()
    say(game, "effect", "hand_size.none", [who.name], ["max_hand_size", "duration"], player=who.name)


hooks.register(hooks.INSTRUCTION, run, keys=(KEY,), order=45)
