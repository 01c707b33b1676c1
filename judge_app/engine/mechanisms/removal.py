"""Effects that take a permanent away other than by destroying it one at a time: exile (406.2),
"put it on the bottom of its owner's library" with a life gain read from it (Condemn, 608.2g),
and "destroy all creatures" (one event for all of them). Written for FAQ M2011 (issue 11).

- ``{exile: target1}`` — Celestial Purge, Brittle Effigy: the permanent goes to exile; a target
  card in a graveyard (``card_in_a_graveyard``) too.
- ``{to_library_bottom: target1, controller_gains_toughness: true}`` — Condemn: the card goes
  to the bottom of its owner's library; then its controller gains life equal to its
  toughness. The effect moved it from a public zone to a hidden one, so the toughness and the
  controller are its last known information (608.2g, 113.7a), read as it left.
- ``{destroy: each_creature}`` — "destroy all creatures": the set is fixed as the effect
  begins and every creature is destroyed at once, so an indestructible creature that stops
  being indestructible because another one left (Knight Exemplar) is not destroyed by it
  (FAQ M2011 r194; 702.12b).

The cost "exile [this]" (Brittle Effigy) is paid by ``pay_exile_self``: the permanent is
exiled as the ability is activated, so it stays exiled whatever happens to the ability (602.2).
"""

from __future__ import annotations

from judge_app.engine.kernel import events as ev
from judge_app.engine.kernel import hooks
from judge_app.engine.kernel.messages import say
from judge_app.engine.kernel.state import Game, Obj
from judge_app.engine.rules import keywords

EFFECT_KEYS = ("exile", "to_library_bottom")


def handles(e: dict) -> bool:
    return bool(set(e) & set(EFFECT_KEYS)) or e.get("destroy") == "each_creature"


def run(game: Game, so: Obj, e: dict, at) -> None:
    ref = at.ref
    if e.get("destroy") == "each_creature":
        destroy_all_creatures(game)
        return
    r = ref(e.get("exile") or e.get("to_library_bottom"))
    if r is None or not hasattr(r, "incarnation") or r.zone not in ("battlefield", "graveyard"):
        return
    if r.zone == "graveyard" and "exile" not in e:   # a card in a graveyard is a target only to exile it
        return
    if "exile" in e:
        ev.move(game, r, "exile", keys=("exile_effect", "resolve_instructions"),
                text_ru=f"{r.label()} изгоняется", text_en=f"{r.label_en()} is exiled")
        return
    info = ev.move(game, r, "library", keys=("resolve_instructions",),
                   text_ru=f"{r.label()} кладётся в низ библиотеки владельца ({r.owner})",
                   text_en=f"{r.label_en()} is put on the bottom of its owner's library")
    lib = game.player(r.owner).library
    if r.zone == "library" and r.id in lib:
        lib.remove(r.id)
        lib.append(r.id)
    if e.get("controller_gains_toughness") and info is not None:
        n = max(0, info.get("toughness") or 0)
        who = game.player(info["controller"])
        say(game, "effect", "removal.run.effect", [who.name], ["information_from_object", "lki_ability_source"],
            name_ru=info['name_ru'], n=n, name=who.name, name_en=info['name_en'])
        ev.gain_life(game, who, n, keys=("life_change", "resolve_instructions"))


def destroy_all_creatures(game: Game) -> None:
    """"Destroy all creatures": which creatures and which of them can be destroyed are both
    decided as the effect begins; they are then destroyed at once (611.2c, 702.12b)."""
    doomed = [game.objects[oid] for oid in game.battlefield if game.objects[oid].is_creature]
    saved = [o for o in doomed if "indestructible" in keywords.names(game, o)]
    for o in saved:
        say(game, "effect", "removal.destroy_all_creatures.effect", [o.id], ["indestructible", "locked_set"], o=o)
    for o in doomed:
        if o not in saved and o.zone == "battlefield":
            ev.destroy(game, o, keys=("destroy", "locked_set"))


def pay_exile_self(game: Game, player, obj: Obj, by_ref: str, keys) -> None:
    """The cost "exile [this]" (Brittle Effigy): paid as the ability is activated (602.2)."""
    ev.move(game, obj, "exile", keys=("exile_effect", *keys),
            text_ru=f"{player.name} изгоняет {obj.label()} (оплата стоимости {by_ref})",
            text_en=f"{player.name} exiles {obj.label_en()} as a cost")


hooks.register(hooks.INSTRUCTION, run, keys=EFFECT_KEYS, order=71, when=handles)


hooks.register(hooks.COST_PAY, lambda game, player, obj, what, by_ref, keys: pay_exile_self(game, player, obj, by_ref, keys),
               keys=("exile",))   # "exile [this]" as a cost (Brittle Effigy)
