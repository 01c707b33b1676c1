"""Meld (701.42, 712.4): ``{exile_and_meld: NAME}`` exiles the ability's permanent and a creature of
that name its controller owns and controls, then melds them — the two cards of a meld pair enter the
battlefield as one permanent with the characteristics of their combined back face (712.8g) — or, when
they can't be melded (a token, a card of no pair: 701.42b), they stay in exile (701.42c), where a token
ceases to exist (704.5d). A melded permanent that leaves the battlefield is two cards again, both put
into that zone (712.21).

The melded permanent is the object of the card whose ability melds (its ``meld.into`` is the combined
face, ``Obj.melded_with`` names the other card, which is in no zone while melded). A meld card is not a
transforming double-faced card: ``{transform: …}`` leaves it as it is (712.4c, double_faced.py).

Written for CR 2026-01-16 701.42c example 1 (Midnight Scavengers and a token copy of Graf Rats; 701.36c
in 2020). The intervening "if you both own and control [this] and a creature named …" is the condition
``you_own_and_control_named``: it looks for a permanent of the first name, not for the ability's own
permanent — the same on every board that has one Graf Rats.
"""

from __future__ import annotations

from judge_app.engine.kernel import events as ev
from judge_app.engine.kernel import hooks, triggers
from judge_app.engine.kernel.continuous import Chars
from judge_app.engine.kernel.messages import Text, say
from judge_app.engine.kernel.state import Game, Obj, ZONE_RU
from judge_app.engine.rules import stack_fights


def face_up(o: Obj, c: Chars) -> Chars:
    """712.8g: a melded permanent has only the characteristics of the combined back face; its mana
    value is the sum of its front faces' (kept on the host as it melds: ``melded_mana_value``), and a
    copy of it, which does not copy that, has mana value 0 (202.3c)."""
    into = (o.meld or {}).get("into") if o.melded_with else None
    if into is None:
        return c
    return Chars(name_ru=into.name_ru, name_en=into.name_en, cost=None, colors=tuple(into.colors),
                 types=tuple(into.types), subtypes=tuple(into.subtypes), supertypes=tuple(into.supertypes),
                 abilities=tuple(into.abilities), keywords=tuple(into.keywords), power=into.power,
                 toughness=into.toughness, loyalty=into.loyalty, text_en=into.text_en, controller=c.controller,
                 front_mana_value=o.base.get("melded_mana_value"))


def _owns_and_controls(game: Game, player: str, name: str, creature: bool) -> list:
    return [o for o in (game.objects[i] for i in game.battlefield)
            if o.name_en == name and o.owner == player and o.controller == player and (o.is_creature or not creature)]


def condition(game: Game, controller: str, names) -> bool:
    """"If you both own and control [this] and a creature named …" (603.4)."""
    return bool(_owns_and_controls(game, controller, names[0], False)
                and _owns_and_controls(game, controller, names[1], True))


def meldable(a: Obj, b: Obj) -> bool:
    """701.42b: only the two cards of one meld pair — no token, no card of another pair."""
    return (not a.token and not b.token and a.meld is not None and b.meld is not None
            and a.meld["partner"] == b.name_en and b.meld["partner"] == a.name_en
            and ("into" in a.meld) != ("into" in b.meld))


def run(game: Game, so: Obj, e: dict, at) -> None:
    me = stack_fights.own_source(game, so)
    other = next((o for o in _owns_and_controls(game, so.controller, e["exile_and_meld"], True)
                  if me is None or o.id != me.id), None)
    them = [o for o in (me, other) if o is not None]
    if not them:
        return
    for o in them:
        ev.move(game, o, "exile", keys=("resolve_instructions", "meld"))   # "exile them, then meld them"
    if len(them) < 2 or not meldable(them[0], them[1]) or any(o.zone != "exile" for o in them):
        why = [o for o in them if o.token or o.meld is None]
        say(game, "meld", "meld.cant", [o.id for o in them], ["meld_only_pair", "meld_cant"], objs=them,
            why=Text(f": {', '.join(o.label() for o in why)} — " + ("фишка" if any(o.token for o in why) else "не карта пары слияния"),
                     f": {', '.join(o.label_en() for o in why)} can't be melded") if why else Text("", ""))
        return
    host = next(o for o in them if "into" in o.meld)
    part = next(o for o in them if o is not host)
    ev._remove_from_zone(game, part)
    part.zone, part.incarnation = "none", part.incarnation + 1   # part of the melded permanent, in no zone
    ev._remove_from_zone(game, host)
    ev.become_new_object(host, from_battlefield=False)
    host.melded_with = part.id
    host.base = {**host.base, "melded_mana_value": sum(o.base["cost"].mana_value for o in (host, part) if o.base["cost"])}
    ev.put_in_zone(game, host, "battlefield", controller=so.controller)
    ev.enters(game, host)
    say(game, "meld", "meld.melded", [host.id, part.id], ["meld", "meld_characteristics"], a=host.meld["into"].name_ru,
        a_en=host.meld["into"].name_en, host=host, part=part)
    triggers.on_enter(game, host)


def leaves(game: Game, obj: Obj, zone: str) -> None:
    """712.21: one permanent leaves the battlefield and two cards are put into that zone."""
    part = game.objects.get(obj.melded_with or "")
    if part is None:
        return
    part.zone, part.incarnation = "none", part.incarnation + 1
    ev.put_in_zone(game, part, zone)
    say(game, "zone_change", "meld.leaves", [obj.id, part.id], ["meld_leaves"], obj=obj, part=part,
        zone=Text(ZONE_RU.get(zone, zone), zone))


hooks.register(hooks.FACE_UP, face_up)
hooks.register(hooks.CONDITION, condition, keys=("you_own_and_control_named",))
hooks.register(hooks.INSTRUCTION, run, keys=("exile_and_meld",), order=70)
hooks.register(hooks.LEAVES_BATTLEFIELD, leaves)
