"""``{discard_at_random: N, who: target1 | you}`` — "target player discards N cards at random"
(Hymn to Tourach).

By default the discarding player chooses (701.8b; discard_effects.py asks them); this effect
requires a random discard instead, so no decision is owed: the N cards (all of them with fewer in
hand) are picked together, pseudo-randomly and seeded by the game, like a shuffle or a random
reveal, so a replay picks the same. Each is then discarded (701.8a) through rules/discard.py:
"whenever an opponent discards" abilities trigger, and Obstinate Baloth's replacement applies as
for a chosen discard.
"""

from __future__ import annotations

import random

from judge_app.engine.kernel import hooks
from judge_app.engine.kernel.messages import say
from judge_app.engine.kernel.state import Game, Obj
from judge_app.engine.rules import discard

KEY = "discard_at_random"


def pick(game: Game, who, n: int) -> list:
    """``n`` cards of ``who``'s hand at random (all of them if fewer), in hand order — seeded by
    the game, so a replay picks the same."""
    hand = list(who.hand)
    if len(hand) <= n:
        return hand
    chosen = set(random.Random(f"{len(game.events)}:{who.name}:{len(hand)}:{KEY}").sample(hand, n))
    return [c for c in hand if c in chosen]


def run(game: Game, so: Obj, e: dict, at) -> None:
    who = at.player_or_target(game, so, e.get("who", "you"))
    if who is None or hasattr(who, "incarnation"):
        return
    cards = pick(game, who, e[KEY])
    if not cards:
        say(game, "discard", "random_discard.none", [who.name], ["discard_random"], name=who.name)
        return
    say(game, "discard", "random_discard.picked", [who.name] + cards, ["discard_random"], name=who.name,
        n=len(cards), cards=[game.objects[c] for c in cards])
    for oid in cards:
        discard.discard(game, who, game.objects[oid], so.controller, ("discard", "discard_random", "resolve_instructions"))


hooks.register(hooks.INSTRUCTION, run, keys=(KEY,), order=68)
