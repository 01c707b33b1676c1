"""Who may attack (508.1a, 302.6, 702.10 haste, 702.3 defender) and who may block whom
(509.1a-b, 702.9 flying, 702.17 reach, 702.13 intimidate, 702.35 fear, 702.110 menace,
702.16f protection, "can't block", "can't be blocked")."""

from __future__ import annotations

from judge_app.engine.kernel import characteristics as ch
from judge_app.engine.kernel import hooks
from judge_app.engine.kernel import turn_history
from judge_app.engine.rules import attack_requirements, restrictions
from judge_app.engine.rules.keywords import arg, has, names, protection
from judge_app.engine.kernel.reasons import qualities, reason


def attack_problems(game, obj) -> list:
    """[(rule keys, reasons.Reason: Russian, with .en)] that keep ``obj`` from attacking; [] if it may."""
    out = []
    if not obj.is_creature:
        out.append((["combat_only_creatures"], reason("attack.not_creature")))
        return out
    if obj.controller != game.ap.name:
        out.append((["attack_choose"], reason("attack.not_active")))
    if obj.tapped:
        out.append((["attack_choose"], reason("attack.tapped")))
    if obj.sick and not has(game, obj, "haste"):
        out.append((["summoning_sickness", "attack_choose"], reason("attack.sick")))
    if has(game, obj, "defender"):
        out.append((["defender", "attack_restrictions"], reason("attack.defender")))
    if has(game, obj, "cant_attack"):
        out.append((["attack_restrictions"], reason("attack.cant")))
    out.extend(restrictions.attack_problems(game, obj))   # "can't attack unless …" and the like
    out.extend(turn_history.attack_problems(game, obj))   # Angelic Arbiter: cast a spell this turn
    return out


def blocker_problems(game, blocker) -> list:
    """Reasons ``blocker`` can't block at all."""
    out = []
    if not blocker.is_creature:
        out.append((["combat_only_creatures"], reason("block.not_creature")))
        return out
    if blocker.tapped:
        out.append((["block_choose"], reason("block.tapped")))
    if has(game, blocker, "cant_block"):
        out.append((["block_restrictions"], reason("block.cant")))
    return out


def pair_problems(game, blocker, attacker) -> list:
    """Reasons ``blocker`` can't block ``attacker`` (besides menace, which needs the whole
    declaration)."""
    out = []
    a = names(game, attacker)
    b = names(game, blocker)
    if "cant_be_blocked" in a:
        out.append((["block_restrictions"], reason("block.unblockable", attacker=attacker)))
    if "flying" in a and not ({"flying", "reach"} & b):
        out.append((["flying", "reach"], reason("block.flying", attacker=attacker, blocker=blocker)))
    if "intimidate" in a and not ("artifact" in blocker.types or set(blocker.colors) & set(attacker.colors)):
        out.append((["intimidate"], reason("block.intimidate", attacker=attacker)))
    if "fear" in a and not ("artifact" in blocker.types or "black" in blocker.colors):
        out.append((["fear"], reason("block.fear", attacker=attacker)))
    why = protection.forbids_block(game, attacker, blocker)
    if why:
        out.append((why, reason("block.protection", attacker=attacker, qualities=qualities(protection.qualities(game, attacker)))))
    walk = landwalk_land(game, attacker, blocker.controller)
    if walk is not None:
        out.append((["landwalk"], reason("block.landwalk", attacker=attacker, player=blocker.controller, land=walk)))
    out.extend(restrictions.pair_problems(game, blocker, attacker))   # "can't be blocked by Walls", "… this turn"
    for hook in hooks.hooks(hooks.BLOCK_BAN):   # an evasion a mechanism owns: shadow (702.28b)
        out.extend(hook.fn(game, blocker, attacker))
    return out


LANDWALK = {"plainswalk": "Plains", "islandwalk": "Island", "swampwalk": "Swamp", "mountainwalk": "Mountain",
            "forestwalk": "Forest"}


def landwalk_land(game, attacker, defender: str):
    """702.14c: a creature with [type]walk can't be blocked while the defending player
    controls a land of that subtype. Returns that land, or None."""
    walks = [LANDWALK[k] for k in names(game, attacker) if k in LANDWALK]
    if not walks:
        return None
    for oid in game.battlefield:
        o = game.objects[oid]
        c = ch.of(game, o)
        subtypes = c.subtypes if c is not None else o.subtypes
        if o.controller == defender and "land" in (c.types if c is not None else o.types) and set(walks) & set(subtypes):
            return o
    return None


def menace_problems(game, attacker, n_blockers: int) -> list:
    if n_blockers == 1 and has(game, attacker, "menace"):
        return [(["menace"], reason("block.menace", attacker=attacker))]
    return []


def could_block(game, blocker, attacker) -> bool:
    """A single-pair check used to list candidates (menace is a whole-declaration rule)."""
    return not blocker_problems(game, blocker) and not pair_problems(game, blocker, attacker)


def max_blocked(game, blocker) -> int:
    """How many attackers a creature may block: one (509.1a), more with "can block an
    additional creature" (``block_additional`` or ``{block_additional: N}``)."""
    extra = sum(int(a) if isinstance(a, int) and not isinstance(a, bool) else 1 for a in arg(game, blocker, "block_additional"))
    if has(game, blocker, "block_additional") and extra == 0:
        extra = 1
    return 1 + extra


def must_attack(game) -> list:
    """Creatures of the active player that attack each combat if able and are able (508.1d); also
    "attacks you this turn if able" (engine/attack_requirements.py)."""
    ap = game.ap.name
    return [oid for oid in game.battlefield if game.objects[oid].controller == ap and game.objects[oid].is_creature
            and (has(game, game.objects[oid], "attacks_each_combat")
                 or attack_requirements.required_defender(game, game.objects[oid]) is not None)
            and not attack_problems(game, game.objects[oid])]


def must_block(game, player: str, attackers: list) -> dict:
    """509.1c: creatures of ``player`` with ``blocks_each_combat`` that are able to block,
    each mapped to the attackers it could block, those it can block on its own first. An
    attacker with menace counts when another creature of the player could block it too: the
    declaration with both obeys the requirement without breaking the restriction, so it is
    owed (509.1c and its example: "the player must block with both creatures")."""
    out = {}
    mine = [game.objects[oid] for oid in game.battlefield if game.objects[oid].controller == player
            and game.objects[oid].is_creature and not blocker_problems(game, game.objects[oid])]
    for o in mine:
        if not has(game, o, "blocks_each_combat"):
            continue
        alone = [a.id for a in attackers if not has(game, a, "menace") and not pair_problems(game, o, a)]
        paired = [a.id for a in attackers if has(game, a, "menace") and not pair_problems(game, o, a)
                  and menace_partner(game, mine, o, a) is not None]
        if alone or paired:
            out[o.id] = alone + paired
    return out


def menace_partner(game, mine: list, blocker, attacker, taken=()):
    """Another creature of ``mine`` able to block ``attacker`` beside ``blocker`` (menace)."""
    return next((b.id for b in mine if b.id != blocker.id and b.id not in taken
                 and not pair_problems(game, b, attacker)), None)
