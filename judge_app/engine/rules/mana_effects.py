"""Mana made by something other than one {T} for one mana: a spell that adds mana (106.3) and a
mana ability that adds one mana per creature (605.1a). Written for FAQ M2011 (issue 11).

- ``{add_mana: {R: 3}}`` — a spell that adds mana (Pyretic Ritual). It is not a mana
  ability: mana may be produced by the effects of spells (106.3), and such a spell is cast
  and resolves like any other instant — it uses the stack and can be responded to (FAQ r218),
  and it can be cast only when an instant could be (117.1a), not in the middle of paying a
  cost (601.2g, r219). The mana goes to its controller's pool (106.4).
- ``{mana: G, for_each: Elf}`` — a mana ability that adds one mana for each creature of that
  subtype its controller controls, itself included, counted as the ability resolves
  (Elvish Archdruid: 605.1a, 611.3a — the count is not locked in, r311).
"""

from __future__ import annotations

from judge_app.engine.kernel import hooks
from judge_app.engine.kernel.messages import say
from judge_app.engine.kernel.state import Game, Obj


def handles(e: dict) -> bool:
    return "add_mana" in e


def run(game: Game, so: Obj, e: dict, at) -> None:
    me = game.player(so.controller)
    for sym, n in e["add_mana"].items():
        me.pool[sym] = me.pool.get(sym, 0) + n
    added = "".join(f"{{{s}}}" * n for s, n in e["add_mana"].items())
    say(game, "mana", "mana_effects.run.mana", [me.name, so.id], ["mana_from_spell", "mana_pool"], so=so, name=me.name,
        added=added)


def amount(game: Game, obj: Obj, ability: dict) -> int:
    """How much one activation of the mana ability ``ability`` of ``obj`` adds."""
    sub = ability.get("for_each")
    if not sub:
        return 1
    n = sum(1 for oid in game.battlefield if game.objects[oid].is_creature
            and game.objects[oid].controller == obj.controller and sub in game.objects[oid].subtypes)
    say(game, "mana_count", "mana_effects.amount.mana_count", [obj.id], ["mana_ability_count"], obj=obj, sub=sub,
        controller=obj.controller, n=n)
    return n


hooks.register(hooks.INSTRUCTION, run, keys=("add_mana",), order=65)
