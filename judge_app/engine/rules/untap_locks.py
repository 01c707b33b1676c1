""""… doesn't untap during its controller's next untap step" (Frost Titan, Wall of Frost) and
"those creatures don't untap during that player's next untap step" (Sleep).

Why a module: the untap step (502.2) asks it which permanents the active player will untap.
A lock is an entry of ``game.effects`` (kind ``no_untap``) about one object, fixed as it is made
(400.7: a new object is free of it), and used up by the one untap step it is about — even when
the permanent was untapped by then (FAQ M2011 r281), so it never waits for a later one:

- ``player: None`` follows the object: the next untap step of whoever controls it then (the
  control changed before its old controller's untap step — the new controller's, r282, r271);
- ``player: NAME`` follows the player too (Sleep): only NAME's next untap step, and only while
  NAME controls it; a creature that changed hands untaps as usual for its new controller (r266).
"""

from __future__ import annotations

from judge_app.engine.kernel import hooks
from judge_app.engine.kernel.messages import say
from judge_app.engine.kernel.state import Game, Obj
from judge_app.engine.rules import effects

REF_BLOCKED = "blocked_creature"   # "that creature" of trigger blocks_a_creature (Wall of Frost)


def handles(e: dict) -> bool:
    return "no_untap_next" in e


def lock(game: Game, obj: Obj, info: dict, player: str | None = None) -> None:
    if obj is None or not hasattr(obj, "incarnation") or obj.zone != "battlefield":
        return
    game.effects.append({"kind": "no_untap", "target": obj.id, "incarnation": obj.incarnation, "player": player,
                         "timestamp": game.next_ts(), "source_name": info.get("name_ru", "")})
    whose = f"игрока {player}" if player else "контролирующего его игрока"
    say(game, "effect", "untap_locks.lock.effect", [obj.id], ["no_untap_effect"], obj=obj, whose=whose)


def run(game: Game, so: Obj, e: dict, at) -> None:
    """``{no_untap_next: target1 | blocked_creature, during: target1}`` (``during``: that player's)."""
    ref, info = at.ref, at.info
    what = e["no_untap_next"]
    obj = effects._that_creature(game, so) if what == REF_BLOCKED else ref(what)
    player = ref(e["during"]) if "during" in e else None
    if "during" in e and (player is None or hasattr(player, "incarnation")):
        return
    lock(game, obj, info, player.name if player is not None else None)


def _current(game: Game, e: dict) -> Obj | None:
    o = game.objects.get(e["target"])
    return o if o is not None and o.incarnation == e["incarnation"] and o.zone == "battlefield" else None


def untap_step(game: Game, active: str) -> list:
    """The permanents ``active`` untaps now (502.2), the locks of this step used up and dropped."""
    kept, used = set(), []
    for i, e in enumerate(game.effects):
        if e.get("kind") != "no_untap":
            continue
        o = _current(game, e)
        if o is None:
            used.append(i)   # that object is gone (400.7): nothing left to hold
        elif e["player"] in (None, active) and o.controller == active:
            used.append(i)
            if o.tapped:
                kept.add(o.id)
        elif e["player"] == active:   # Sleep: that player's untap step came, the creature is someone else's
            used.append(i)
    for i in reversed(used):
        game.effects.pop(i)
    if kept:
        names = ", ".join(game.objects[k].label() for k in sorted(kept))
        say(game, "no_untap", "untap_locks.untap_step.no_untap", sorted(kept), ["no_untap_effect"], names=names,
            list=', '.join(sorted(kept)))
    return [oid for oid in game.battlefield
            if game.objects[oid].controller == active and game.objects[oid].tapped and oid not in kept]


hooks.register(hooks.INSTRUCTION, run, keys=("no_untap_next",), order=20)
