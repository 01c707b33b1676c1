"""What is owed now, and the legal answers — like a chess library's legal moves.

``owed(game)`` is the decision the engine is waiting for (or None); ``legal_actions(game)``
lists what the player with priority may do right now, each entry tried on a copy of the
game so that only actions the engine would accept are listed.
"""

from __future__ import annotations

from itertools import product

from judge_app.engine import actions, effects
from judge_app.engine.errors import EngineError
from judge_app.engine.state import Decision, Game

MAX_TARGET_COMBOS = 50


def owed(game: Game) -> Decision | None:
    return game.decision


def _works(game: Game, fn, *args, **kw) -> bool:
    trial = game.clone()
    trial.stop_at = None
    try:
        fn(trial, *args, **kw)
        return True
    except EngineError:
        return False


def legal_actions(game: Game) -> list:
    """[{action: pass} | {action: cast, card, targets} | {action: activate, object, ability, targets}
    | {action: play_land, card}] for the player with priority."""
    if game.result or game.decision or game.priority_player is None:
        return []
    p = game.priority_player
    out = [{"action": "pass", "by": p.name}]
    for oid in list(p.hand):
        o = game.objects[oid]
        if "land" in o.types:
            if _works(game, lambda g, ref=oid: actions.play_land(g, g.player(p.name), ref)):
                out.append({"action": "play_land", "by": p.name, "card": oid})
            continue
        if not actions.can_cast_now(game, p, o):
            continue
        choices = [effects.legal_targets(game, k, p.name, o) for k in o.spell_targets]
        for combo in list(product(*choices))[:MAX_TARGET_COMBOS]:
            if _works(game, lambda g, ref=oid, t=list(combo): actions.cast(g, g.player(p.name), ref, targets=t)):
                out.append({"action": "cast", "by": p.name, "card": oid, "targets": list(combo)})
    for oid in list(game.battlefield):
        o = game.objects[oid]
        if o.controller != p.name:
            continue
        for n, ab in enumerate(actions.activated_abilities(o), start=1):
            kinds = ab.get("activated", {}).get("targets", []) if "activated" in ab else []
            choices = [effects.legal_targets(game, k, p.name, o) for k in kinds]
            for combo in list(product(*choices))[:MAX_TARGET_COMBOS]:
                if _works(game, lambda g, i=oid, k=n, t=list(combo): actions.activate(g, g.player(p.name), i, k, targets=t)):
                    out.append({"action": "activate", "by": p.name, "object": oid, "ability": n, "targets": list(combo)})
    return out
