"""What is owed now, and the legal answers — like a chess library's legal moves.

``owed(game)`` is the decision the engine is waiting for (or None); ``legal_actions(game)``
lists what the player with priority may do right now, each entry tried on a copy of the
game so that only actions the engine would accept are listed.
"""

from __future__ import annotations

from itertools import product

from judge_app.engine.kernel.errors import EngineError
from judge_app.engine.kernel.state import Decision, Game
from judge_app.engine.rules import actions, costs, effects

MAX_TARGET_COMBOS = 50


def owed(game: Game) -> Decision | None:
    return game.decision


def _try(game: Game, fn) -> Game | None:
    """The game after ``fn`` on a copy, or None if the engine refuses it."""
    trial = game.clone()
    trial.stop_at = None
    try:
        fn(trial)
        return trial
    except EngineError:
        return None


def _works(game: Game, fn) -> bool:
    return _try(game, fn) is not None


def _entry(trial: Game, entry: dict) -> dict:
    """An action the engine accepts but that first asks a choice (X, a mode, what pays a cost:
    costs.py) says which, under ``asks``; a page then answers the owed decision."""
    d = trial.decision
    if d is not None and d.kind in costs.DECISIONS:
        entry["asks"] = d.context["field"]
    return entry


def legal_actions(game: Game) -> list:
    """[{action: pass} | {action: cast, card, targets, mode?} | {action: activate, object, ability, targets}
    | {action: play_land, card}] for the player with priority. A modal spell is listed once per
    legal mode; an entry whose action will first ask a choice carries ``asks`` (x / mode /
    sacrifice / discard / tap_untapped). Targets include spells on the stack (stack_fights)."""
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
        modes = (o.casting or {}).get("modes")
        for mode, kinds in (enumerate((m.get("targets", ()) for m in modes), start=1) if modes else [(None, o.spell_targets)]):
            extra = {"mode": mode} if mode else {}
            choices = [effects.legal_targets(game, k, p.name, o) for k in kinds]
            for combo in list(product(*choices))[:MAX_TARGET_COMBOS]:
                trial = _try(game, lambda g, ref=oid, t=list(combo), x=extra: actions.cast(g, g.player(p.name), ref, targets=t, **x))
                if trial is not None:
                    out.append(_entry(trial, {"action": "cast", "by": p.name, "card": oid, "targets": list(combo), **extra}))
    for oid in list(game.battlefield):
        o = game.objects[oid]
        if o.controller != p.name:
            continue
        for n, ab in enumerate(actions.activated_abilities(o), start=1):
            kinds = ab.get("activated", {}).get("targets", []) if "activated" in ab else []
            choices = [effects.legal_targets(game, k, p.name, o) for k in kinds]
            for combo in list(product(*choices))[:MAX_TARGET_COMBOS]:
                trial = _try(game, lambda g, i=oid, k=n, t=list(combo): actions.activate(g, g.player(p.name), i, k, targets=t))
                if trial is not None:
                    out.append(_entry(trial, {"action": "activate", "by": p.name, "object": oid, "ability": n,
                                              "targets": list(combo)}))
    return out
