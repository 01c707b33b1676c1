"""``{exchange_damage: target1}`` — "[this] deals damage equal to its power to target creature.
If you do, that creature deals damage equal to its power to [this]" (Cyclops Gladiator).

Why not ``fight`` (701.12): a fight needs both creatures on the battlefield, while here the
source acts even after it left — it deals damage equal to its power as it last existed there
(608.2g, 113.7a; FAQ M2011 r302), and then there is nothing for the target to damage. With the
target gone the whole ability does nothing (608.2b, r301: effects.py never reaches here).
"""

from __future__ import annotations

from judge_app.engine.kernel import characteristics as ch
from judge_app.engine.kernel import events as ev
from judge_app.engine.kernel import hooks
from judge_app.engine.kernel.messages import say
from judge_app.engine.kernel.state import Game, Obj
from judge_app.engine.rules import stack_fights


def handles(e: dict) -> bool:
    return "exchange_damage" in e


def run(game: Game, so: Obj, e: dict, at) -> None:
    ref, info = at.ref, at.info
    target = ref(e["exchange_damage"])
    if target is None or not hasattr(target, "incarnation") or target.zone != "battlefield":
        return
    me = stack_fights.own_source(game, so)   # None once it left the battlefield (400.7)
    power = ch.pt(game, me)[0] if me is not None else info.get("power")
    if me is None:
        say(game, "lki", "mutual_damage.run.lki", [target.id], ["lki_ability_source"], name_ru=info['name_ru'],
            power=power, get=info.get('name_en', ''))
    ev.deal_damage(game, info, target, max(power or 0, 0), ["resolve_instructions"])
    if me is None or me.zone != "battlefield":
        return
    their = ev.lki(game, target)   # still on the battlefield: no state-based actions during resolution (704.3)
    ev.deal_damage(game, their, me, max(their.get("power") or 0, 0), ["resolve_instructions"])


hooks.register(hooks.INSTRUCTION, run, keys=("exchange_damage",), order=21)
