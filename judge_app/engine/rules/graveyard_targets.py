"""Targets that are cards in a graveyard, and putting such a card onto the battlefield (115.1,
608.2b, 400.7). Written for Rise from the Grave and Sun Titan (FAQ M2011, issue 11).

Target kinds (115.1; checked as chosen and again on resolution, 608.2b — a card that left the
graveyard is a new object, 400.7, and no longer the target):

- ``card_in_a_graveyard`` — any card in any graveyard;
- ``creature_card_in_a_graveyard`` — any graveyard (Rise from the Grave);
- ``permanent_card_mv3_in_your_graveyard`` — a permanent card (artifact, creature,
  enchantment, land or planeswalker, 110.4b) with mana value 3 or less (202.3: {X} is 0 off the
  stack, a card with no mana cost has 0) in the graveyard of the player choosing (Sun Titan).

``{return_from_graveyard: target1, under: you | owner, add_colors: [black], add_subtypes: [Zombie]}``
puts the card onto the battlefield under that player's control; ``add_colors`` / ``add_subtypes``
make it that colour and subtype in addition to its others — an effect with no duration from a
resolved spell (611.2a), in layers 4 and 5 with its own timestamp, so a later colour- or
type-setting effect overrides it (613.6, FAQ r73), and a colourless creature becomes only
black (105.2c, r72).
"""

from __future__ import annotations

from judge_app.engine.kernel import events as ev
from judge_app.engine.kernel import hooks
from judge_app.engine.kernel.messages import say
from judge_app.engine.kernel.state import Game, Obj

PERMANENT_TYPES = ("artifact", "creature", "enchantment", "land", "planeswalker")


def _mana_value(obj: Obj) -> int:
    cost = getattr(obj, "cost", None)
    return cost.mana_value if cost is not None else 0


KINDS = {
    "card_in_a_graveyard": ("карта на кладбище", "card in a graveyard", lambda obj, controller: True),   # 2026 701.24c: Guile exiled in response
    "creature_card_in_a_graveyard": ("карта существа на кладбище", "creature card in a graveyard",
                                     lambda obj, controller: "creature" in obj.types),
    "permanent_card_mv3_in_your_graveyard": (
        "карта перманента с мана-стоимостью 3 или меньше на вашем кладбище",
        "permanent card with mana value 3 or less in your graveyard",
        lambda obj, controller: obj.owner == controller and bool(set(PERMANENT_TYPES) & set(obj.types))
        and _mana_value(obj) <= 3),
}
KIND_RU = {k: v[0] for k, v in KINDS.items()}


def fits(game: Game, kind: str, obj: Obj, controller: str) -> tuple:
    ok = obj.zone == "graveyard" and not obj.anonymous and KINDS[kind][2](obj, controller)
    return (True, []) if ok else (False, ["targets"])


def legal(game: Game, kind: str, controller: str) -> list:
    return [oid for p in game.players for oid in p.graveyard if fits(game, kind, game.objects[oid], controller)[0]]


def handles(e: dict) -> bool:
    return "return_from_graveyard" in e


def run(game: Game, so: Obj, e: dict, at) -> None:
    ref = at.ref
    card = ref(e["return_from_graveyard"])
    if card is None or not hasattr(card, "incarnation") or card.zone != "graveyard":
        return
    who = so.controller if e.get("under", "owner") == "you" else card.owner
    ev.move(game, card, "battlefield", keys=("resolve_instructions",), controller=who,
            text_ru=f"{card.label()} возвращается с кладбища на поле битвы под контролем игрока {who}",
            text_en=f"{card.label_en()} is put onto the battlefield under {who}'s control")
    if card.zone != "battlefield" or not (e.get("add_colors") or e.get("add_subtypes")):
        return
    ts = game.next_ts()
    game.effects.append({"kind": "also", "colors": list(e.get("add_colors", [])), "subtypes": list(e.get("add_subtypes", [])),
                         "target": card.id, "incarnation": card.incarnation, "timestamp": ts, "until": None,
                         "source_name": so.name_ru})
    what = " ".join([*e.get("add_colors", []), *e.get("add_subtypes", [])])
    say(game, "effect", "graveyard_targets.run.effect", [card.id], ["layer4", "layer5", "timestamp_effect"], card=card,
        what=what, ts=ts)


hooks.register(hooks.INSTRUCTION, run, keys=("return_from_graveyard",), order=70)
