""""All creatures able to block [this] do so" (Prized Unicorn): a blocking requirement on every
creature of the defending player that is able to block it (509.1c).

Why a module: evasion.must_block knows "blocks each combat if able" — any attacker will do. This
requirement names attackers: a creature able to block one of them must block it (FAQ M2011 r297:
tapped creatures and creatures that can't block are not able; r298: one that can't block it may
block anything or nothing), and a creature able to block more than one creature must block as many
of them as it can (r299: two Unicorns, a creature that can block an additional creature blocks both;
with one blocker slot the defending player chooses which).
"""

from __future__ import annotations

from judge_app.engine.kernel.state import Game
from judge_app.engine.rules.keywords import evasion

LURE = "all_able_must_block"


def is_lure(obj) -> bool:
    return any(a.get("static") == LURE for a in obj.abilities)


def required(game: Game, player: str, attackers: list) -> dict:
    """{blocker: (lure attackers it can block, how many of them it must block)}."""
    lures = [a for a in attackers if is_lure(a)]
    out = {}
    if not lures:
        return out
    for oid in game.battlefield:
        b = game.objects[oid]
        if b.controller != player or not b.is_creature or evasion.blocker_problems(game, b):
            continue
        can = [a.id for a in lures if not evasion.pair_problems(game, b, a) and not evasion.has(game, a, "menace")]
        if can:
            out[oid] = (can, min(len(can), evasion.max_blocked(game, b)))
    return out


def problems(game: Game, player: str, attackers: list, mapping: dict) -> list:
    """(rule keys, message) for each creature that blocks fewer of them than it must (509.1c)."""
    out = []
    for bid, (can, need) in required(game, player, attackers).items():
        have = len(set(mapping.get(bid, [])) & set(can))
        if have < need:
            names = ", ".join(game.objects[a].label() for a in can)
            out.append((["block_requirements"], f"{game.objects[bid].label()} может блокировать {names} и должно "
                        f"блокировать {'их' if need > 1 else 'его'}: все существа, способные блокировать, блокируют"))
    return out


def default_blocks(game: Game, player: str, attackers: list) -> dict:
    """A declaration meeting these requirements, for a script that declares nothing."""
    return {bid: can[:need] for bid, (can, need) in required(game, player, attackers).items()}
