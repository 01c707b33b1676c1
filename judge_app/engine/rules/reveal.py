"""``{reveal_random_from_hand: that_player}`` — "that player reveals a card at random from their
hand" (Merfolk Spy).

Why a module: a reveal shows a card for a brief time only (701.15a) — no state is left behind,
the card stays in the hand, and a later reveal chooses at random anew. The choice is a
pseudo-random pick seeded by the game (like a shuffle, zone_actions.py), so a replay is the same.
"""

from __future__ import annotations

import random

from judge_app.engine.kernel import hooks
from judge_app.engine.kernel.messages import say
from judge_app.engine.kernel.state import Game, Obj


def handles(e: dict) -> bool:
    return "reveal_random_from_hand" in e


def pick(game: Game, who) -> str | None:
    """A card of ``who``'s hand at random — seeded by the game, so a replay picks the same — or
    None (and the trace says so) when the hand is empty."""
    if not who.hand:
        say(game, "reveal", "reveal.pick.reveal", [who.name], ["reveal"], name=who.name)
        return None
    return random.Random(f"{len(game.events)}:{who.name}:{len(who.hand)}").choice(who.hand)


def run(game: Game, so: Obj, e: dict, at) -> None:
    ref = at.ref
    who = ref(e["reveal_random_from_hand"])
    if who is None or hasattr(who, "incarnation"):
        return
    cid = pick(game, who)
    if cid is None:
        return
    card = game.objects[cid]
    say(game, "reveal", "reveal.run.reveal", [who.name, card.id], ["reveal"], name=who.name, card=card)


hooks.register(hooks.INSTRUCTION, run, keys=("reveal_random_from_hand",), order=22)
