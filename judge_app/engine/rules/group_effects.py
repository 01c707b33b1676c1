"""Instructions about a group: "creatures you control get +2/+1 until end of turn" (Inspired
Charge), "put a +1/+1 counter on each creature you control" (Ajani Goldmane), "each player
draws a card" (Jace Beleren), "… and each creature they control" (Chandra Nalaar).

Why a module of its own: the members are fixed once, as the instruction is followed (611.2c) —
a creature that comes under your control later in the turn is not affected — and each member
then gets the single-object instruction of effects.py, so a pump or a keyword works the same
way for one creature as for a group. ``pump_by: greatest_power_you_control`` (Overwhelming
Stampede) counts X once, on resolution, among the creatures you control then (608.2g).
"""

from __future__ import annotations

from judge_app.engine.kernel import characteristics as ch
from judge_app.engine.kernel import events as ev
from judge_app.engine.kernel import hooks
from judge_app.engine.kernel.messages import say
from judge_app.engine.kernel.state import Game, Obj
from judge_app.engine.rules import effects, untap_locks

GROUPS = ("creatures_you_control", "creatures_of_target1")
GROUP_KEYS = ("pump", "pump_by", "gain_keyword", "counters", "damage")   # what a group instruction may do
PUMP_BY = ("greatest_power_you_control",)
EACH_PLAYER_KEYS = ("draw",)   # who: each_player


VALUE_KEYS = ("tap_all", "no_untap_next")   # the group is the value: {tap_all: creatures_of_target1} (Sleep)


def handles(e: dict) -> bool:
    return (e.get("to") in GROUPS and bool(set(e) & set(GROUP_KEYS))) or \
        (e.get("to") == "each_creature" and "counters" in e) or \
        (e.get("who") == "each_player" and bool(set(e) & set(EACH_PLAYER_KEYS))) or \
        any(e.get(k) in GROUPS for k in VALUE_KEYS)


def members(game: Game, group: str, ref, ctl: str) -> list:
    """The creatures of the group now (611.2c): ``creatures_of_target1`` — of that player, or of
    that planeswalker's controller (Chandra Nalaar); none when that target is no longer legal."""
    if group == "each_creature":   # "put X -1/-1 counters on each creature" (Black Sun's Zenith)
        return [game.objects[oid] for oid in game.battlefield if game.objects[oid].is_creature]
    if group == "creatures_you_control":
        owner = ctl
    else:
        p = ref("target1")
        if p is None:
            return []
        owner = p.controller if hasattr(p, "incarnation") else p.name
    return [game.objects[oid] for oid in game.battlefield
            if game.objects[oid].is_creature and game.objects[oid].controller == owner]


def greatest_power(game: Game, ctl: str) -> int:
    """The greatest power among creatures you control, determined once, as it resolves (608.2g)."""
    powers = [ch.pt(game, game.objects[oid])[0] for oid in game.battlefield
              if game.objects[oid].is_creature and game.objects[oid].controller == ctl]
    return max([p for p in powers if p is not None] + [0])


def run(game: Game, so: Obj, e: dict, at) -> None:
    idx, ref, legal, info, ctl = at.idx, at.ref, at.legal, at.info, at.ctl
    if e.get("who") == "each_player":
        for p in game.apnap():   # 101.4: in APNAP order
            ev.draw(game, p, e["draw"], keys=("draw", "resolve_instructions"))
        return
    value_key = next((k for k in VALUE_KEYS if e.get(k) in GROUPS), None)
    group = members(game, e[value_key] if value_key else e["to"], ref, ctl)
    names = ", ".join(o.label() for o in group) or "нет существ"
    say(game, "group_fixed", "group_effects.run.group_fixed", [o.id for o in group], ["locked_set"], so=so,
        names=names)
    one = {k: v for k, v in e.items() if k != "to"}
    if "pump_by" in e:
        x = greatest_power(game, ctl)
        say(game, "count", "group_effects.run.count", [], ["info_once"], ctl=ctl, x=x)
        one = {"pump": [x, x]}
    if value_key:
        _run_on_values(game, e, value_key, group, ref, info)
        return
    for o in group:
        if "damage" in one:
            ev.deal_damage(game, info, o, one["damage"], ["resolve_instructions"])
            continue

        def member_ref(r: str, o=o):
            return o if r == "_member" else ref(r)
        effects._run_one(game, so, {**one, "to": "_member"}, idx, member_ref, legal, info, ctl)


def _run_on_values(game: Game, e: dict, key: str, group: list, ref, info: dict) -> None:
    """Tap each of them; or lock each of them for the next untap step (of the ``during`` player)."""
    if key == "tap_all":
        for o in group:
            o.tapped = True
        say(game, "tap", "group_effects._run_on_values.tap", [o.id for o in group], ["resolve_instructions"],
            value=", ".join(o.label() for o in group) or "никто", list=", ".join(o.id for o in group))
        return
    player = ref(e["during"]) if "during" in e else None
    if "during" in e and (player is None or hasattr(player, "incarnation")):
        return
    for o in group:
        untap_locks.lock(game, o, info, player.name if player is not None else None)


hooks.register(hooks.INSTRUCTION, run, keys=("pump_by", "tap_all"), order=10, when=handles)   # its own words; a group "to:" for the others
