"""Attack and block restrictions that are not keywords (508.1c, 509.1b).

Static abilities of the card vocabulary:

``static: cant_attack_unless`` (on the creature itself)
    ``lands_on_battlefield: {subtype: Island, count: 5}`` — Harbor Serpent: counts the lands
    of that subtype on the whole battlefield, whoever controls them (305.6: the subtype, not
    the name); ``opponent_dealt_damage_this_turn: true`` — Bloodcrazed Goblin: some opponent
    has been dealt damage this turn (``Player.damaged_this_turn``, set by ``events.deal_damage``
    after prevention and replacement, 615.6, so prevented damage and life gained don't count).
    Both are checked only as attackers are declared (508.1c): a creature already attacking
    keeps attacking when the condition stops being true.
``static: creatures_cant_attack_without`` (``keywords: [flying, islandwalk]``)
    Stormtide Leviathan: every creature without one of those keywords can't attack,
    whoever controls it.
``static: cant_be_blocked_by`` (``subtype: Wall``)
    Juggernaut: creatures of that subtype can't block it (509.1b).

And one effect: ``{cant_be_blocked_this_turn: target1}`` — "target creature can't be blocked
this turn" (Goblin Tunneler, Merfolk Sovereign). It grants no ability: it is a rule about
that object until end of turn (611.2c), so it stays when the creature loses its abilities or
no longer fits the target's condition (r84, r85), and it changes nothing once the creature is
blocked (509.1h, r158).

``combat.py`` asks ``attack_problems`` and ``pair_problems`` through ``keywords.evasion``.
"""

from __future__ import annotations

from judge_app.engine.kernel.messages import Text, say
from judge_app.engine.kernel.reasons import reason
from judge_app.engine.rules.keywords import KW_RU, has

STATICS = ("cant_attack_unless", "creatures_cant_attack_without", "cant_be_blocked_by")
EFFECT = "cant_be_blocked_this_turn"


def _statics(obj, kind: str) -> list:
    return [ab for ab in obj.abilities if ab.get("static") == kind]


def _lands_of_subtype(game, subtype: str) -> int:
    return sum(1 for oid in game.battlefield
               if "land" in game.objects[oid].types and subtype in game.objects[oid].subtypes)


def _unless_problem(game, obj, ab: dict) -> str:
    """Why the condition of ``cant_attack_unless`` is not met now (a ``reasons.Reason``), or ""."""
    need = ab.get("lands_on_battlefield")
    if need:
        n = _lands_of_subtype(game, need["subtype"])
        if n < need["count"]:
            return reason("attack.unless_lands", count=need["count"], subtype=need["subtype"], n=n)
    if ab.get("opponent_dealt_damage_this_turn"):
        if not any(p.damaged_this_turn for p in game.live_players() if p.name != obj.controller):
            return reason("attack.unless_damage")
    return ""


def attack_problems(game, obj) -> list:
    """[(rule keys, reasons.Reason: Russian, with .en)] from these restrictions that keep ``obj`` from attacking."""
    out = []
    for ab in _statics(obj, "cant_attack_unless"):
        why = _unless_problem(game, obj, ab)
        if why:
            out.append((["attack_restrictions"], why))
    for oid in game.battlefield:
        src = game.objects[oid]
        for ab in _statics(src, "creatures_cant_attack_without"):
            kws = ab["keywords"]
            if not any(has(game, obj, k) for k in kws):
                words = Text(" или ".join(KW_RU.get(k, k) for k in kws), " or ".join(k.replace("_", " ") for k in kws))
                out.append((["attack_restrictions"], reason("attack.without_keyword", source=src, keywords=words)))
    return out


def checked_for(game, obj) -> bool:
    """Whether one of these restrictions was checked for ``obj`` as it was declared an
    attacker (the declaration then cites 508.1c: checked now, never again)."""
    return bool(_statics(obj, "cant_attack_unless")) or any(
        _statics(game.objects[oid], "creatures_cant_attack_without") for oid in game.battlefield)


def pair_problems(game, blocker, attacker) -> list:
    """[(rule keys, reasons.Reason: Russian, with .en)] from these restrictions that keep ``blocker`` from
    blocking ``attacker``."""
    out = []
    for ab in _statics(attacker, "cant_be_blocked_by"):
        if ab["subtype"] in blocker.subtypes:
            out.append((["block_restrictions"], reason("block.by_subtype", attacker=attacker, subtype=ab["subtype"])))
    if unblockable_this_turn(game, attacker):
        out.append((["block_restrictions", "effect_not_ability"], reason("block.this_turn", attacker=attacker)))
    return out


def unblockable_this_turn(game, obj) -> bool:
    return any(e.get("kind") == EFFECT and e["target"] == obj.id and e["incarnation"] == obj.incarnation
               for e in game.effects)


def make_unblockable(game, target, info: dict) -> None:
    """Resolve ``{cant_be_blocked_this_turn: …}``: until end of turn (611.2a), not an ability."""
    if target is None or not hasattr(target, "incarnation") or target.zone != "battlefield":
        return
    game.effects.append({"kind": EFFECT, "target": target.id, "incarnation": target.incarnation,
                         "timestamp": game.next_ts(), "until": "eot", "source_name": info.get("name_ru", "")})
    say(game, "effect", "restrictions.make_unblockable.effect", [target.id],
        ["duration", "effect_not_ability", "block_restrictions"], target=target)
