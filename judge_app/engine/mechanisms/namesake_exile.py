"""Searching a player's graveyard, hand and library for every card with a name, exiling what is
found, then that player shuffles (701.23a–c; 2020: 701.18a–c) — Splinter and Lobotomy.

- ``{exile_with_namesakes: target1}`` (Splinter): exile the target artifact; search its
  controller's graveyard, hand and library for the cards with its name.
- ``{exile_namesakes_of_chosen: target1}`` (Lobotomy): the target player reveals their hand, the
  spell's controller chooses a card other than a basic land card from it (decision
  ``namesake_card``); search that player's zones for that name. With no such card to choose
  the name is an undefined quality: the zones are searched but nothing can be found (701.23c).

The graveyard is a public zone: every card there with the name is found. The hand and the
library are hidden zones, so the searching player isn't required to find the cards with a stated
quality (701.23b): they choose which of them to find (decision ``namesake_search``: ids or
``none``). Both choices are asked before the spell resolves (``ask``, like zone_actions); what
has left its zone by then is not exiled (400.7). The library is shuffled in any case. The part of
the library looked at is zone_actions.searchable's (Aven Mindcensor, 701.23f).
"""

from __future__ import annotations

from judge_app.engine.kernel import events as ev
from judge_app.engine.kernel import hooks
from judge_app.engine.kernel.errors import InvalidInput
from judge_app.engine.kernel.messages import Text, say
from judge_app.engine.kernel.state import Decision, Game, Obj
from judge_app.engine.rules import costs, priority, zone_actions

EFFECTS = ("exile_with_namesakes", "exile_namesakes_of_chosen")
DECISIONS = ("namesake_card", "namesake_search")


def _name(obj: Obj) -> str:
    return obj.name_en or obj.name_ru


def _store(so: Obj) -> dict:
    return so.choices.setdefault("namesakes", {})


def _effect(so: Obj) -> dict | None:
    return next((e for e in costs.concrete_effects(so) if set(e) & set(EFFECTS)), None)


def _target(game: Game, so: Obj):
    """The first target as chosen: (kind, object or player), or None."""
    if not so.targets:
        return None
    kind, ref = so.targets[0][0], so.targets[0][1]
    return game.player(ref) if kind == "player" else game.objects.get(ref)


def _player_and_name(game: Game, so: Obj, e: dict):
    """(player whose zones are searched, the name or None) as things stand now."""
    t = _target(game, so)
    if "exile_with_namesakes" in e:
        if t is None or not hasattr(t, "incarnation") or t.zone != "battlefield":
            return None, None
        return game.player(t.controller), _name(t)
    store = _store(so)
    card = game.objects.get(store.get("card") or "")
    return t, (_name(card) if card is not None else None)


def _hidden_namesakes(game: Game, so: Obj, who, name: str | None, but: str = "") -> list:
    """The namesakes in ``who``'s hand and in the part of their library the search looks at (all
    of it unless a replacement effect limits it, 701.23f)."""
    if name is None:
        return []
    library, replaced = zone_actions.searchable(game, so.controller, who)
    zone_actions.portion_searched(so, "namesakes", replaced)
    return [oid for oid in who.hand + library
            if oid != but and not game.objects[oid].anonymous and _name(game.objects[oid]) == name]


def ask(game: Game, so: Obj) -> bool:
    e = _effect(so)
    if e is None:
        return False
    store = _store(so)
    who, _ = _player_and_name(game, so, e)
    if who is None or hasattr(who, "incarnation"):
        return False   # an illegal target: it won't resolve (608.2b)
    if "exile_namesakes_of_chosen" in e and "card" not in store:
        say(game, "reveal", "namesake_exile.reveal_hand", [who.name] + list(who.hand), ["reveal"], player=who.name,
            cards=[game.objects[c] for c in who.hand] or "—")
        choices = [c for c in who.hand if not zone_actions._is_basic_land(game.objects[c])]
        if not choices:
            store["card"] = None
        else:
            game.decision = Decision(by=so.controller, kind="namesake_card", options=choices,
                                     text_ru=f"{so.label()}: {so.controller} выбирает карту из руки игрока {who.name}, "
                                             f"кроме карты базовой земли", context={"stack_id": so.id})
            say(game, "decision", "namesake_exile.card_decision", [so.controller, so.id], ["reveal"], by=so.controller,
                player=who.name)
            return True
    if "found" not in store:
        _, name = _player_and_name(game, so, e)
        hidden = _hidden_namesakes(game, so, who, name, but=(so.targets[0][1] if "exile_with_namesakes" in e else ""))
        if not hidden:
            store["found"] = []
            return False
        game.decision = Decision(by=so.controller, kind="namesake_search", options=hidden + ["none"], count=len(hidden),
                                 text_ru=f"{so.label()}: {so.controller} ищет в руке и библиотеке игрока {who.name} карты "
                                         f"с тем же названием — найти можно любые из них или ни одной (none)",
                                 context={"stack_id": so.id})
        named = _target(game, so) if "exile_with_namesakes" in e else game.objects[store["card"]]
        say(game, "decision", "namesake_exile.search_decision", [so.controller, so.id], ["search", "search_may_fail"],
            by=so.controller, player=who.name, name=Text(named.name_ru, named.name_en or named.name_ru))
        return True
    return False


def answer(game: Game, value) -> None:
    d = game.decision
    so = game.objects[d.context["stack_id"]]
    store = _store(so)
    vals = [] if value in ("none", None, []) else [str(v) for v in (value if isinstance(value, list) else [value])]
    bad = [v for v in vals if v not in d.options or v == "none"]
    if bad:
        raise InvalidInput(f"«{bad[0]}» — недопустимый ответ; допустимые: {', '.join(map(str, d.options))}")
    if d.kind == "namesake_card":
        if len(vals) != 1:
            raise InvalidInput("нужно выбрать ровно одну карту")
        store["card"] = vals[0]
    else:
        if len(set(vals)) != len(vals):
            raise InvalidInput("каждую карту можно найти один раз")
        store["found"] = vals
    say(game, "choice", "zone_actions.answer.choice", [d.by] + vals,
        ["reveal"] if d.kind == "namesake_card" else ["search_may_fail"], by=d.by, said=", ".join(vals) or "ничего")
    game.decision = None
    priority.resolve_top(game)


def _exile(game: Game, obj: Obj, where: str) -> None:
    ev.move(game, obj, "exile", keys=("search", "exile_effect"),
            text_ru=f"{obj.label()} ({where}) найдена и изгоняется", text_en=f"{obj.label_en()} is found ({where}) and exiled")


def run(game: Game, so: Obj, e: dict, at) -> None:
    store = _store(so)
    if "exile_with_namesakes" in e:
        art = at.ref(e["exile_with_namesakes"])
        if art is None or not hasattr(art, "incarnation") or art.zone != "battlefield":
            return
        who, name = game.player(art.controller), _name(art)   # its controller and name as it last existed (608.2h)
        ev.move(game, art, "exile", keys=("exile_effect", "resolve_instructions"),
                text_ru=f"{art.label()} изгоняется", text_en=f"{art.label_en()} is exiled")
    else:
        who = at.ref(e["exile_namesakes_of_chosen"])
        if who is None or hasattr(who, "incarnation"):
            return
        card = game.objects.get(store.get("card") or "")
        name = _name(card) if card is not None else None
    if name is None:   # no card could be chosen: an undefined quality, nothing can be found (701.23c)
        say(game, "search", "namesake_exile.undefined", [who.name], ["search", "search_undefined"], player=who.name)
    else:
        public = [oid for oid in who.graveyard if _name(game.objects[oid]) == name]
        found = [oid for oid in store.get("found", []) if game.objects[oid].zone in ("hand", "library")
                 and game.objects[oid].owner == who.name]
        if not public and not found:
            say(game, "search", "search_none", [who.name], ["search", "search_may_fail"], player=who)
        for oid in public:
            _exile(game, game.objects[oid], "кладбище")
        for oid in found:
            _exile(game, game.objects[oid], "рука" if game.objects[oid].zone == "hand" else "библиотека")
    zone_actions.shuffle(game, who, keys=zone_actions.search_shuffle_keys(so, "namesakes"))


hooks.register(hooks.INSTRUCTION, run, keys=EFFECTS, order=43)
hooks.register(hooks.DECISION, answer, keys=DECISIONS)
hooks.register(hooks.ASK, ask, order=21)
