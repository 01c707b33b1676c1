"""Waterbend (701.67, a keyword action of the 2026 rules; no 2020 number): "Waterbend [cost]"
means pay that cost, and for each generic mana in it you may tap an untapped artifact or
creature you control rather than pay that mana (701.67a).

A card says ``waterbend: "{6}"``: "as an additional cost to cast this spell, you may waterbend
{6}" (Spirit Water Revival) — an optional additional cost, asked like kicker (``optional_cost``,
costs.py) and added to the total cost (601.2f). The permanents tapped are a cast choice,
``waterbend_tap: [ids]``, tapped as the total cost is paid (601.2g–h). They pay only the
generic mana of the waterbend cost, never the spell's own mana cost or any other part of the
total (701.67b): more of them than that generic amount is refused. Effects written
``if_waterbent: true | false`` happen only if the waterbend cost was (was not) paid.

A board of a release without waterbend can't use it: the loader refuses it with the release
(``release_rules.json``: ``waterbend``, since 2026-01-16).
"""

from __future__ import annotations

from types import SimpleNamespace

from judge_app.cards.model import ManaCost, parse_mana_cost
from judge_app.engine.kernel import hooks
from judge_app.engine.kernel.errors import refuse
from judge_app.engine.kernel.messages import say
from judge_app.engine.kernel.state import Game, Obj

KEY = "waterbend"


def helpers(game: Game, player) -> list:
    """The untapped artifacts and creatures ``player`` controls (701.67a)."""
    return [oid for oid in game.battlefield if not game.objects[oid].tapped and game.objects[oid].controller == player.name
            and ("artifact" in game.objects[oid].types or game.objects[oid].is_creature)]


def units(game: Game, player, obj: Obj, cost: ManaCost) -> int:
    return min(len(helpers(game, player)), cost.generic)


def pay(game: Game, player, so: Obj, choices: dict, total: ManaCost) -> ManaCost:
    """Tap the chosen permanents for the waterbend cost's generic mana; the rest is paid in mana."""
    chosen = [str(x) for x in (choices.get("waterbend_tap") or [])]
    if not chosen:
        return total
    if not choices.get(KEY):
        raise refuse(game, f"{so.label()}: стоимость покорения воды не оплачивается — поворачивать для неё нечего",
                     "waterbend", "cast_total_cost")
    bend = parse_mana_cost((so.casting or {})[KEY])
    can = helpers(game, player)
    bad = [x for x in chosen if x not in can]
    if bad or len(set(chosen)) != len(chosen):
        raise refuse(game, f"{so.label()}: «{(bad or chosen)[0]}» — не неповёрнутый артефакт или существо игрока "
                     f"{player.name} (или назван дважды); можно: {', '.join(can) or 'нет'}", "waterbend", "cast_total_cost")
    if len(chosen) > bend.generic:
        raise refuse(game, f"{so.label()}: повернуть можно не больше {bend.generic} — только за неопределённую ману самой "
                     f"стоимости покорения воды {bend}, не за мана-стоимость заклинания", "waterbend_generic_only",
                     "waterbend")
    for oid in chosen:
        game.objects[oid].tapped = True
    game.touch()
    say(game, "tap", "waterbend.tapped", [player.name, so.id] + chosen, ["waterbend", "waterbend_generic_only", "cast_pay"],
        player=player.name, so=so, objs=[game.objects[c] for c in chosen], n=len(chosen), bend=str(bend))
    return ManaCost(total.generic - len(chosen), total.colored, total.x)


def paid(so: Obj, e: dict) -> bool:
    """``if_waterbent``: the effect happens only if the waterbend cost was (was not) paid."""
    return bool(so.choices.get(KEY)) == bool(e["if_waterbent"])


hooks.register(hooks.MANA_HELP, SimpleNamespace(units=units, pay=pay), keys=(KEY,))
hooks.register(hooks.EFFECT_FILTER, paid, keys=("if_waterbent",))
