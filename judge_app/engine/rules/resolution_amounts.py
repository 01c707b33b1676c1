"""Numbers and groups an instruction learns only as it is carried out (608.2g), and Dark
Tutelage's reveal.

- ``damage: swamps_you_control`` — the number of Swamps (the land type, 305.6) its controller
  controls as the instruction is carried out (Corrupt);
- ``gain_life: damage_dealt`` — the damage the spell's earlier instructions actually dealt,
  after prevention (615.6; FAQ M2011 r252), not limited by the creature's toughness or the
  player's life (120.3a, 120.3e; r253);
- ``counters: {...}, to: each_artifact_creature_you_control`` — the group is fixed as the
  instruction begins (608.2g): Steel Overseer's counter goes on itself too, if it is still an
  artifact creature you control then (r270);
- ``{damage_by: target1, to: target2}`` — "target creature deals damage equal to its power to
  any target" (Soul's Fire): the creature is the source of the damage, not the spell (120.2b) —
  its power as the instruction is carried out; nothing if it has left the battlefield;
- ``reveal_top_to_hand_lose_life: you`` — reveal the top card of your library,
  put it into your hand, lose life equal to its mana value (202.3; X is 0 there, 107.3f).
"""

from __future__ import annotations

from judge_app.engine.kernel import characteristics as ch
from judge_app.engine.kernel import events as ev
from judge_app.engine.kernel import hooks
from judge_app.engine.kernel.messages import Text, say
from judge_app.engine.kernel.state import Game, Obj

GROUPS = ("each_artifact_creature_you_control",)


def fill(game: Game, so: Obj, e: dict) -> dict:
    if e.get("damage") == "swamps_you_control":
        n = sum(1 for oid in game.battlefield if game.objects[oid].controller == so.controller
                and "land" in game.objects[oid].types and "Swamp" in game.objects[oid].subtypes)
        say(game, "count", "resolution_amounts.fill.count", [so.id], ["resolve_information", "basic_land_types"],
            so=so, controller=so.controller, n=n)
        return {**e, "damage": n}
    if e.get("gain_life") == "damage_dealt":
        return {**e, "gain_life": so.choices.get("dealt", 0)}
    return e


def record_dealt(so: Obj, n: int) -> None:
    so.choices["dealt"] = so.choices.get("dealt", 0) + n


def handles(e: dict) -> bool:
    return "reveal_top_to_hand_lose_life" in e or "damage_by" in e or ("counters" in e and e.get("to") in GROUPS)


def run(game: Game, so: Obj, e: dict, at) -> None:
    ref = at.ref
    if "reveal_top_to_hand_lose_life" in e:
        _reveal_top_to_hand(game, game.player(so.controller), so)
        return
    if "damage_by" in e:
        _damage_by(game, so, ref(e["damage_by"]), ref(e.get("to", "target2")))
        return
    group = [game.objects[oid] for oid in game.battlefield
             if game.objects[oid].controller == so.controller and game.objects[oid].is_creature
             and "artifact" in game.objects[oid].types]
    say(game, "group", "artifact_creatures_now", [so.id] + [o.id for o in group], ["resolve_information"], so=so,
        who=so.controller, group=group or Text("нет ни одного", "none"))
    for o in group:
        for kind, n in e["counters"].items():
            ev.add_counters(game, o, kind, n, keys=("counters", "resolve_instructions"))


def _reveal_top_to_hand(game: Game, player, so: Obj) -> None:
    if not player.library:
        say(game, "reveal", "reveal_empty", [so.id], ["resolve_instructions"], player=player)
        return
    card = game.objects[player.library[0]]
    mv = card.cost.mana_value if card.cost is not None else 0   # 202.3a: no mana cost, 0; {X} is 0 (202.3e)
    say(game, "reveal", "resolution_amounts._reveal_top_to_hand.reveal", [player.name, card.id],
        ["mana_value", "resolve_instructions"], name=player.name, card=card, mv=mv)
    ev.move(game, card, "hand", keys=("resolve_instructions",),
            text_ru=f"{card.label()} кладётся в руку игрока {player.name}", text_en=f"{card.label_en()} is put into the hand")
    if mv:
        ev.lose_life(game, player, mv, keys=("life_change", "resolve_instructions"))


def _damage_by(game: Game, so: Obj, source: Obj | None, victim) -> None:
    if source is None or victim is None or getattr(source, "zone", "") != "battlefield":
        return
    power = ch.pt(game, source)[0] or 0
    say(game, "damage_source", "resolution_amounts._damage_by.damage_source", [so.id, source.id],
        ["damage_source", "resolve_information"], so=so, source=source, power=power)
    record_dealt(so, ev.deal_damage(game, ev.lki(game, source), victim, power, ["resolve_instructions"]))


hooks.register(hooks.INSTRUCTION, run, keys=("reveal_top_to_hand_lose_life", "damage_by"), order=30, when=handles)
