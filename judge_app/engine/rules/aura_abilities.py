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

from judge_app.engine.kernel import events, hooks, triggers
from judge_app.engine.kernel.continuous import GRANTED_TS, CEffect
from judge_app.engine.kernel.messages import say
from judge_app.engine.kernel.state import Game, Obj
from judge_app.engine.rules import stack_fights


def enchanted(game: Game, so: Obj) -> Obj | None:
    aura = stack_fights.own_source(game, so)
    if aura is not None:
        host = game.objects.get(aura.attached_to or "")
        return host if host is not None and host.zone == "battlefield" else None
    oid, inc = ((so.source_lki or {}).get("attached_to") or [None, -1])[:2]
    host = game.objects.get(oid or "")
    if host is None or host.zone != "battlefield" or (inc >= 0 and host.incarnation != inc):
        return None
    say(game, "lki", "aura_abilities.enchanted.lki", [so.id, host.id], ["resolve_information"], so=so, host=host)
    return host


def on_declared(game: Game, creature_id: str, why: str) -> None:
    """The creature was declared as an attacker or a blocker: the Auras attached to it that
    watch for that trigger (``why``: the citation key of the declaration's triggers)."""
    for sid in list(game.battlefield):
        aura = game.objects[sid]
        if aura.attached_to != creature_id:
            continue
        for i, ab in enumerate(aura.abilities):
            if ab.get("trigger") == "enchanted_attacks_or_blocks":
                triggers._pending(game, sid, triggers._info(aura, game), i, ab, why)


# -- Necrotic Plague: an ability granted to the enchanted creature; "when enchanted creature dies" --

def granted_effect(src, ab: dict, common: dict):
    """``static: enchanted_has`` with ``ability: {...}`` — "enchanted creature has '[ability]'"
    (layer 6, 613.1f): the creature's own ability, so it triggers at the beginning of *its*
    controller's upkeep and "this creature" is that creature (113.3c, FAQ M2011 r188).

    Or ``keywords: [...]``; with ``while: creature | Equipment`` only while the enchanted permanent
    is of that card type or subtype (Rune of Flight). A granted *static* ability carries the Aura's
    timestamp (``GRANTED_TS``): the layers apply its own effect with the later of the two (613.7a) —
    Colossus Hammer's granted "equipped creature has flying" comes after its own "loses flying"."""
    inner = ab.get("ability")
    granted = None if inner is None else dict(inner, **({GRANTED_TS: src.timestamp} if "static" in inner else {}))
    kws, kind = tuple(ab.get("keywords", ())), ab.get("while")
    host = src.attached_to

    def gain(c, ctx):
        if kind is not None and kind not in c.types and kind not in c.subtypes:
            return
        if granted is not None:
            c.abilities = c.abilities + (granted,)
        if kws:
            c.keywords = c.keywords + kws
    text = "зачарованное существо получает способность Ауры" if kind is None else \
        f"зачарованный перманент, пока он — {kind}, имеет " + (", ".join(kws) or "способность Ауры")
    return CEffect(parts={"6": gain}, text=text, select=lambda ctx, oid, c, s: oid == host,
                   reads=frozenset({"types", "subtypes"}) if kind else frozenset(),
                   writes=frozenset({"abilities"} if granted is not None else {"keywords"}), **common)


def on_host_dies(game: Game, creature: Obj, info: dict, together: dict | None) -> None:
    """``trigger: enchanted_dies`` of an Aura attached to ``creature`` as it died — the Aura still
    on the battlefield, or leaving at the same time (it looks back in time, 603.10a; r189). The
    Aura's controller controls the ability; ``chooser: enchanted_controller`` — the dead creature's
    controller chooses its target (r190): remembered in the trigger and on the stack (``_chooser``)."""
    auras = [(sid, triggers._info(game.objects[sid], game)) for sid in game.battlefield
             if game.objects[sid].attached_to == creature.id]
    auras += [(sid, lki) for sid, lki in (together or {}).items()
              if (lki.get("attached_to") or [None])[0] == creature.id and sid != creature.id]
    for sid, aura in auras:
        for i, ab in enumerate(aura["abilities"]):
            if ab.get("trigger") != "enchanted_dies":
                continue
            chooser = info["controller"] if ab.get("chooser") == "enchanted_controller" else aura["controller"]
            triggers._pending(game, sid, {**aura, "_chooser": chooser}, i, ab, "trigger_lookback")
            game.pending_triggers[-1]["chooser"] = chooser


def chooser_of(source: Obj | None, controller: str) -> str:
    """The player who chose the targets of a stack object (``_chooser``), else its controller."""
    return ((source.source_lki or {}).get("_chooser") if source is not None else None) or controller


def return_attached(game: Game, so: Obj, target: Obj | None) -> None:
    """``{return_attached: target1}`` — "return [this Aura] from its owner's graveyard to the
    battlefield attached to that creature", under the ability's controller's control (303.4f,
    r190). Nothing if the card is not in its owner's graveyard or the target is gone (r191)."""
    card = game.objects.get(so.source or "")
    if card is None or card.zone != "graveyard" or target is None or target.zone != "battlefield":
        say(game, "return_none", "aura_return_none", [so.id], ["resolve_instructions"], so=so)
        return
    card.attached_to = target.id
    events.move(game, card, "battlefield", controller=so.controller, keys=("aura_put_attached",),
                text_ru=f"{card.label()} возвращается с кладбища на поле битвы под контролем игрока {so.controller}, "
                        f"прикреплённой к {target.label()}", text_en=f"{card.label_en()} returns attached to {target.label_en()}")
    game.touch()


hooks.register(hooks.INSTRUCTION, lambda game, so, e, at: return_attached(game, so, at.ref(e["return_attached"])), keys=("return_attached",),
               order=81)


hooks.register(hooks.DIES, on_host_dies)


hooks.register(hooks.TRIGGER, on_declared, keys=("enchanted_attacks_or_blocks",))
hooks.register(hooks.TRIGGER, on_host_dies, keys=("enchanted_dies",))
