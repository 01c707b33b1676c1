"""Static abilities that apply only while a condition holds (611.3a: a static ability's effect
is not locked in; it applies at each moment to what its text says then).

- ``static: this_creature_while_life`` with ``life_at_least: N``, ``pt: [P, T]`` and
  ``keywords: [...]`` — "as long as you have N or more life, [this] gets +P/+T and has …"
  (Serra Ascendant): the keywords in layer 6, the P/T in 7c, while its controller's life
  total is N or more.
"""

from __future__ import annotations

from judge_app.engine.kernel import hooks
from judge_app.engine.kernel.continuous import CEffect, _gain_kws, _pt_mod
from judge_app.engine.rules import aura_abilities


def static_effect(src, ab: dict, common: dict):
    """The CEffect of such an ability of permanent ``src``, or None for another kind."""
    if ab.get("static") == "enchanted_has":   # Necrotic Plague: an ability for the enchanted creature
        return aura_abilities.granted_effect(src, ab, common)
    if ab.get("static") != "this_creature_while_life":
        return None
    p, t = ab["pt"]
    kws = tuple(ab.get("keywords", ()))
    n = ab["life_at_least"]

    def holds(ctx, oid, c, s) -> bool:
        return oid == s and ctx.game.player(ctx.chars[s].controller).life >= n
    return CEffect(parts=({"6": _gain_kws(kws)} if kws else {}) | {"7c": _pt_mod(p, t)}, looks_around=True,
                   text=f"{p:+d}/{t:+d}" + "".join(f", {k}" for k in kws) + f", пока у контролёра не менее {n} жизней",
                   select=holds, keys=("static_not_locked_in",), reads=frozenset({"controller"}), **common)


hooks.register(hooks.STATIC, static_effect, keys=("enchanted_has", "this_creature_while_life"))
