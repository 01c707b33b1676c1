"""An Aura's own abilities that speak of "enchanted creature" (Shiv's Embrace, Primal Cocoon).

The Aura's controller controls these abilities, not the enchanted creature's controller
(303.4e, FAQ M2011 r212, r307):

- the reference ``enchanted`` in an effect is the creature the Aura enchants as the ability
  resolves — not the one it enchanted when the ability was activated; if the Aura has left the
  battlefield by then, the creature it enchanted as it left (its last known information,
  608.2g, r308). Nothing if that creature has left the battlefield too (400.7);
- ``trigger: enchanted_attacks_or_blocks`` — "when enchanted creature attacks or blocks"
  (508.3a, 509.1i): the Aura's ability triggers as that creature is declared.
"""

from __future__ import annotations

from judge_app.engine import stack_fights
from judge_app.engine.state import Game, Obj


def enchanted(game: Game, so: Obj) -> Obj | None:
    aura = stack_fights.own_source(game, so)
    if aura is not None:
        host = game.objects.get(aura.attached_to or "")
        return host if host is not None and host.zone == "battlefield" else None
    oid, inc = ((so.source_lki or {}).get("attached_to") or [None, -1])[:2]
    host = game.objects.get(oid or "")
    if host is None or host.zone != "battlefield" or (inc >= 0 and host.incarnation != inc):
        return None
    game.emit("lki", f"{so.label()}: Аура уже не на поле битвы — «зачарованное существо» по её последней известной "
              f"информации: {host.label()}", f"The Aura has left: the creature it enchanted is {host.label_en()}",
              [so.id, host.id], ["resolve_information"])
    return host


def on_declared(game: Game, creature_id: str, why: str) -> None:
    """The creature was declared as an attacker or a blocker: the Auras attached to it that
    watch for that trigger (``why``: the citation key of the declaration's triggers)."""
    from judge_app.engine import triggers
    for sid in list(game.battlefield):
        aura = game.objects[sid]
        if aura.attached_to != creature_id:
            continue
        for i, ab in enumerate(aura.abilities):
            if ab.get("trigger") == "enchanted_attacks_or_blocks":
                triggers._pending(game, sid, triggers._info(aura, game), i, ab, why)
