"""Effects that move cards between the library, the graveyard, the hand and the battlefield,
and the choices they ask while resolving.

The library is a hidden zone the engine keeps in order (top first, ``Player.library``):

- ``{mill: N, who: target1 | you}`` — the top N cards go to the graveyard, one by one, as many
  as there are (609.3). The 2020-01-24 rules have no keyword for it ("mill" came later), so it is
  cited as the effect doing as much as it can.
- ``{search: {for: land | basic_land | artifact | permanent, up_to: N, put: [battlefield_tapped, hand]}}`` —
  search your library (701.18a), find up to N cards of that quality or fewer (701.18b), put the
  first found where ``put`` says first, the next where it says next (the last place takes the
  rest), then shuffle (701.19a).
- ``{scry: N}`` — look at the top N cards, put any of them on the bottom and the rest on top, in
  any order (701.17a).
- ``{shuffle_into_library: [self, graveyard]}`` — the ability's source (if it is still the same
  object on the battlefield, 400.7) and your graveyard are shuffled into their owner's library;
  the library is shuffled even if nothing is moved (701.19c, 701.19d).
- ``{sacrifice: self}`` — the source's controller sacrifices it, if it is still there (701.16a).
- ``{return_to_hand: target1}`` — the permanent goes to its owner's hand (400.3).
- ``{exile_until: {what: target1, return_at: end, tapped: true}}`` — exile the permanent, and
  create a delayed triggered ability (603.7) that at the beginning of the next end step returns
  that card — the new object in exile (400.7), named by id and incarnation — to the battlefield
  under its owner's control (``return_from_exile``), whether or not the source is still there.
- ``{exile_graveyard_and_namesakes: target1}`` — exile every card but basic land cards from that
  player's graveyard, then search their library for cards with the same name as an exiled card
  and exile them — any of them, none required (701.18b) — then they shuffle (Haunting Echoes).
- ``search: {…, put: [exile], remember: true}`` and ``{linked_exiled_to_hand: true}`` — linked
  abilities (607.2a, Hoarding Dragon): the card one ability exiled is remembered for its source
  (as that object: its id and incarnation, 400.7) and the other ability puts it into its owner's
  hand. The memory lives in ``game.sba_choices`` under ``("linked_exile", id, incarnation)``,
  the game's store of what was chosen and must be remembered (it is copied with the game).

A choice is asked before the resolution begins (``ask``, like stack_fights.ask): which cards a
search finds, where scried cards go, and whether to use a "you may" triggered ability
(``optional: true``, 603.5). The answer is kept on the stack object (``choices["answers"]``)
and the resolution then runs with it. Nothing the engine resolves changes a library before a
search or scry of the same spell, so asking first gives the same result as asking midway.

Shuffling is a pseudo-random permutation seeded by the game (the number of events so far), so
a replay gives the same order; no scenario may depend on the order of a shuffled library.
"""

from __future__ import annotations

import random

from judge_app.engine.kernel import events as ev
from judge_app.engine.kernel import hooks, replacement, triggers
from judge_app.engine.kernel.errors import InvalidInput
from judge_app.engine.kernel.messages import Text, say
from judge_app.engine.kernel.state import Decision, Game, Obj
from judge_app.engine.rules import costs, effects, enter_replacements, priority, stack_fights

EFFECT_KEYS = ("mill", "search", "scry", "shuffle_into_library", "sacrifice", "return_to_hand", "linked_exiled_to_hand",
               "exile_until", "return_from_exile", "exile_graveyard_and_namesakes")
DECISIONS = ("search", "scry", "may")
INTERNAL = ("return_from_exile",)   # written by the engine for its own delayed trigger, never by a card
SEARCH_FOR = {"land": "карт земель", "basic_land": "карт базовых земель", "artifact": "карт артефактов",
              "permanent": "карт перманентов"}   # permanent: the cards put onto the battlefield enter together (FAQ r140)
PERMANENT_TYPES = ("artifact", "creature", "enchantment", "land", "planeswalker")   # 110.4
PUT_PLACES = ("battlefield_tapped", "battlefield", "hand", "exile")


def handles(e: dict) -> bool:
    return bool(set(e) & set(EFFECT_KEYS))


def fits_search(obj: Obj, what: str) -> bool:
    """Whether a card in the library has the quality a search asks for (701.18a)."""
    if what == "basic_land":
        return "land" in obj.types and "basic" in obj.supertypes
    if what == "permanent":
        return bool(set(PERMANENT_TYPES) & set(obj.types)) and not obj.anonymous
    return what in obj.types and not obj.anonymous


def searchable(game: Game, searcher: str, player) -> tuple:
    """(the part of ``player``'s library a search of it by ``searcher`` looks at, whether a
    replacement effect made it a part). Every library search asks this first, so a replacement
    of the ``search`` event (Aven Mindcensor's top four, 701.23f) limits each of them."""
    event = replacement.run(game, {"kind": "search", "player": player, "searcher": searcher, "top": None})
    top = (event or {}).get("top")
    return (list(player.library[:top]), True) if top is not None else (list(player.library), False)


def portion_searched(so: Obj, key: str, replaced: bool | None = None) -> bool:
    """Whether the search ``key`` of ``so`` looked at a part of the library only (remembered on
    the stack object, so its shuffle cites 701.23f: the whole library is still shuffled)."""
    parts = so.choices.setdefault("search_portion", {})
    if replaced is not None:
        parts[key] = replaced
    return bool(parts.get(key))


def search_shuffle_keys(so: Obj, key: str) -> tuple:
    return ("shuffle", "search_replaced_portion") if portion_searched(so, key) else ("shuffle",)


def optional(so: Obj) -> bool:
    return bool(((so.source_lki or {}).get("_trigger_ability") or {}).get("optional"))


def _answers(so: Obj) -> dict:
    return so.choices.setdefault("answers", {})


def _all_targets_illegal(game: Game, so: Obj) -> bool:
    kinds = stack_fights.target_kinds(so)
    return bool(so.targets) and not any(
        effects.target_still_legal(game, t, kinds[i] if i < len(kinds) else "any", so.controller, so)
        for i, t in enumerate(so.targets))


def ask(game: Game, so: Obj) -> bool:
    """Before ``so`` resolves: the choices its resolution needs. True when a decision is owed."""
    if _all_targets_illegal(game, so):
        return False   # it won't resolve (608.2b): nothing to choose
    answers = _answers(so)
    me = game.player(so.controller)
    if optional(so) and "may" not in answers:
        game.decision = Decision(by=me.name, kind="may", options=["yes", "no"],
                                 text_ru=f"{so.label()}: «вы можете» — использовать способность? (yes / no)",
                                 context={"stack_id": so.id})
        say(game, "decision", "may_decision", [me.name, so.id], ["trigger_optional"], player=me, so=so)
        return True
    if answers.get("may") == "no":
        return False
    drawn = 0   # cards the same resolution draws before a scry: the scry looks below them (608.2c)
    for i, e in enumerate(costs.concrete_effects(so)):
        key = f"{i}"
        if "draw" in e and e.get("who", "you") == "you":
            drawn += e["draw"]
        if "search" in e and key not in answers:
            spec = e["search"]
            portion, replaced = searchable(game, me.name, me)
            portion_searched(so, key, replaced)
            found = [oid for oid in portion if fits_search(game.objects[oid], spec["for"])]
            return _ask_search(game, so, key, found, spec.get("up_to", 1),
                               f"не более {spec.get('up_to', 1)} {SEARCH_FOR[spec['for']]}",
                               Text("своей библиотеке", "their library"))
        if "exile_graveyard_and_namesakes" in e and key not in answers:
            who = _target_player(game, so, e["exile_graveyard_and_namesakes"])
            found = []
            if who is not None:
                portion, replaced = searchable(game, me.name, who)
                portion_searched(so, key, replaced)
                found = [oid for oid in _namesakes(game, who) if oid in portion]
            if not found:
                answers[key] = []   # searched, nothing to find: asked once (its replacement applied once)
                continue
            return _ask_search(game, so, key, found, len(found), "карты с теми же именами, что у изгоняемых с кладбища",
                               Text(f"библиотеке игрока {who.name}", f"{who.name}'s library"))
        if "scry" in e and key not in answers and len(me.library) > drawn:
            top = me.library[drawn:drawn + e["scry"]]
            game.decision = Decision(
                by=me.name, kind="scry", options=list(top), count=len(top),
                text_ru=f"{so.label()}: {me.name} предсказывает {e['scry']}: {{top: [...], bottom: [...]}} "
                        f"— какие карты наверх, какие вниз, в каком порядке",
                context={"stack_id": so.id, "key": key})
            say(game, "decision", "scry_decision", [me.name, so.id], ["scry"], player=me, top=top)
            return True
    return False


def _ask_search(game: Game, so: Obj, key: str, found: list, count: int, what: str, where: Text) -> bool:
    """Owe the choice of what a search finds: up to ``count`` of ``found``, or none (701.18b)."""
    game.decision = Decision(by=so.controller, kind="search", options=found + ["none"], count=count,
                             text_ru=f"{so.label()}: {so.controller} ищет в {where.ru} {what} (можно не найти ни одной: none)",
                             context={"stack_id": so.id, "key": key})
    say(game, "decision", "search_decision", [so.controller, so.id], ["search", "search_may_fail"],
        player=so.controller, where=where)
    return True


def answer(game: Game, value) -> None:
    """``may``: yes / no. ``search``: the found cards' ids in order, or none. ``scry``:
    {top: [ids, top first], bottom: [ids, upper first]} (a list alone means all on top)."""
    d = game.decision
    so = game.objects[d.context["stack_id"]]
    answers = _answers(so)
    if d.kind == "may":
        if str(value) not in ("yes", "no"):
            raise InvalidInput(f"«{value}» — недопустимый ответ; допустимые: yes, no")
        answers["may"] = str(value)
        said = str(value)
    elif d.kind == "search":
        vals = [] if value in ("none", None, []) else [str(v) for v in (value if isinstance(value, list) else [value])]
        bad = [v for v in vals if v not in d.options or v == "none"]
        if bad:
            raise InvalidInput(f"«{bad[0]}» не подходит для поиска; допустимые: {', '.join(map(str, d.options))}")
        if len(vals) > d.count or len(set(vals)) != len(vals):
            raise InvalidInput(f"можно найти не более {d.count} разных карт")
        answers[d.context["key"]] = vals
        said = ", ".join(vals) or "ничего"
    else:
        top, bottom = _scry_answer(value, d.options)
        answers[d.context["key"]] = {"top": top, "bottom": bottom}
        said = f"наверх: {', '.join(top) or '—'}; вниз: {', '.join(bottom) or '—'}"
    say(game, "choice", "zone_actions.answer.choice", [d.by],
        {"may": ["trigger_optional"], "search": ["search_may_fail"], "scry": ["scry"]}[d.kind], by=d.by, said=said)
    game.decision = None
    priority.resolve_top(game)


def _scry_answer(value, options: list) -> tuple:
    if isinstance(value, dict):
        if set(value) - {"top", "bottom"}:
            raise InvalidInput("ответ на «предсказать» — {top: [...], bottom: [...]}")
        if not all(isinstance(value.get(k) or [], list) for k in ("top", "bottom")):
            raise InvalidInput("ответ на «предсказать»: top и bottom — списки карт")
        top = [str(v) for v in value.get("top") or []]
        bottom = [str(v) for v in value.get("bottom") or []]
    else:
        top, bottom = [str(v) for v in (value if isinstance(value, list) else [value])], []
    if sorted(top + bottom) != sorted(map(str, options)):
        raise InvalidInput(f"нужно разложить все просмотренные карты ровно по разу: {', '.join(map(str, options))}")
    return top, bottom


def shuffle(game: Game, player, keys=("shuffle",), keep_on_top=()) -> None:
    """701.19a: the library is randomized (seeded by the game, so a replay is the same).
    ``keep_on_top``: cards put on top at the same time as it is shuffled stay there (701.24g)."""
    kept = list(keep_on_top)
    rest = [oid for oid in player.library if oid not in kept]
    random.Random(f"{len(game.events)}:{player.name}:{len(player.library)}").shuffle(rest)
    player.library[:] = kept + rest
    game.touch()
    if kept:
        say(game, "shuffle", "library_shuffles.keeping", [player.name] + kept, list(keys), name=player.name,
            kept=[game.objects[k] for k in kept])
    else:
        say(game, "shuffle", "zone_actions.shuffle.shuffle", [player.name], list(keys), name=player.name)


def run(game: Game, so: Obj, e: dict, at) -> None:
    """One effect of this module (``index``: its place among the effects, the key of its answer)."""
    ref, index = at.ref, at.idx
    answers = _answers(so)
    me = game.player(so.controller)
    if "mill" in e:
        who = ref(e.get("who", "you"))
        if who is not None:
            mill(game, who, e["mill"])
    elif "search" in e:
        _search(game, me, e["search"], answers.get(str(index), []), _link_key(game, so) if e["search"].get("remember") else None,
                search_shuffle_keys(so, str(index)))
    elif "return_to_hand" in e:
        r = ref(e["return_to_hand"])
        if r is not None and r.zone == "battlefield":
            ev.move(game, r, "hand", keys=("owner_zone",),
                    text_ru=f"{r.label()} возвращается в руку владельца ({r.owner})", text_en=f"{r.label_en()} is returned to its owner's hand")
    elif "exile_graveyard_and_namesakes" in e:
        who = ref(e["exile_graveyard_and_namesakes"])
        if who is not None:
            _echoes(game, who, answers.get(str(index), []), search_shuffle_keys(so, str(index)))
    elif "exile_until" in e:
        _exile_until(game, so, e["exile_until"], ref)
    elif "return_from_exile" in e:
        card = game.objects[e["return_from_exile"]]
        if card.zone == "exile" and card.incarnation == e["incarnation"]:
            card.tapped = bool(e.get("tapped"))   # it enters tapped
            ev.move(game, card, "battlefield", keys=("trigger_delayed", "owner_zone"), controller=card.owner,
                    text_ru=f"{card.label()} возвращается из изгнания на поле битвы под контролем владельца ({card.owner})"
                            + (" повёрнутым" if card.tapped else ""),
                    text_en=f"{card.label_en()} returns to the battlefield under its owner's control")
        else:
            say(game, "effect", "exiled_card_gone", [card.id], ["zone_change_new_object"], card=card)
    elif "linked_exiled_to_hand" in e:
        cards = [oid for oid in game.sba_choices.get(_link_key(game, so), []) if game.objects[oid].zone == "exile"]
        if not cards:
            say(game, "effect", "linked_none", [so.id], ["linked_abilities"], so=so)
        for oid in cards:
            ev.move(game, game.objects[oid], "hand", keys=("linked_abilities", "owner_zone"),
                    text_ru=f"{game.objects[oid].label()} из изгнания — в руку владельца",
                    text_en=f"{game.objects[oid].label_en()} is put from exile into its owner's hand")
    elif "scry" in e:
        chosen = answers.get(str(index))
        if chosen is None:   # an empty library: nothing to look at (609.3)
            return
        for oid in chosen["top"] + chosen["bottom"]:
            me.library.remove(oid)
        me.library[:0] = chosen["top"]
        me.library.extend(chosen["bottom"])
        say(game, "scry", "zone_actions.run.scry", [me.name], ["scry"], name=me.name, scry=e['scry'],
            len=len(chosen['top']), len2=len(chosen['bottom']))
    elif "shuffle_into_library" in e:
        _shuffle_in(game, so, me, e["shuffle_into_library"], ref)
    elif "sacrifice" in e:
        src = ref(e["sacrifice"])
        if src is not None and src.zone == "battlefield":
            ev.move(game, src, "graveyard", keys=("sacrifice",),
                    text_ru=f"{src.controller} приносит в жертву {src.label()}", text_en=f"{src.label_en()} is sacrificed")
        else:
            say(game, "effect", "sacrifice_gone", [so.id], ["sacrifice", "impossible_partial"])


def mill(game: Game, player, n: int) -> None:
    """The top ``n`` cards of the library go to the graveyard, as many as there are (609.3)."""
    k = min(n, len(player.library))
    if k < n:
        say(game, "effect", "mill_partial", [player.name], ["impossible_partial"], player=player, k=k, n=n)
    for oid in list(player.library[:k]):
        ev.move(game, game.objects[oid], "graveyard", keys=("resolve_instructions",),
                text_ru=f"{player.name} кладёт верхнюю карту библиотеки {game.objects[oid].label()} на кладбище",
                text_en=f"{player.name} puts the top card of their library into their graveyard")


def _link_key(game: Game, so: Obj) -> tuple:
    """The source object of ``so`` as the linked abilities know it (607.2a, 400.7). A trigger's
    information names the incarnation once its source has left the battlefield
    (events.left_battlefield); until then the source is that same object."""
    lki = so.source_lki or {}
    inc = lki["incarnation"] if "incarnation" in lki else game.objects[so.source].incarnation
    return ("linked_exile", so.source, inc)


def _search(game: Game, me, spec: dict, found: list, remember: tuple | None = None, shuffle_keys=("shuffle",)) -> None:
    put = spec.get("put") or ["hand"]
    if not found:
        say(game, "search", "zone_actions._search.search", [me.name], ["search", "search_may_fail"], name=me.name)
    together = []   # the cards put onto the battlefield enter at the same time (614.12)
    for i, oid in enumerate(found):
        obj = game.objects[oid]
        if obj.zone != "library":
            continue
        place = put[min(i, len(put) - 1)]
        zone = "battlefield" if place.startswith("battlefield") else place
        say(game, "search", "zone_actions._search.search.2", [me.name, oid], ["search"], name=me.name, obj=obj)
        obj.tapped = place == "battlefield_tapped"   # a card leaving the library keeps it as it enters
        if zone == "battlefield":
            together.append(obj)
            continue
        where = {"battlefield_tapped": "на поле битвы повёрнутой", "battlefield": "на поле битвы",
                 "hand": "в руку", "exile": "в изгнание"}[place]
        ev.move(game, obj, zone, keys=("search",) + (("put_in_hand_not_draw",) if zone == "hand" else ())
                + (("exile_face_up",) if zone == "exile" else ()), controller=me.name,
                text_ru=f"{me.name} кладёт {obj.label()} {where}", text_en=f"{obj.label_en()} is put {place}")
        if remember and obj.zone == "exile":
            game.sba_choices[remember] = game.sba_choices.get(remember, []) + [oid]
    if together:
        enter_replacements.put_onto_battlefield(game, together, me.name)
    shuffle(game, me, keys=shuffle_keys)


def _shuffle_in(game: Game, so: Obj, me, what: list, ref) -> None:
    """Elixir of Immortality: itself if still there (400.7), and the whole graveyard (701.19c, d)."""
    if "self" in what:
        src = ref("self")
        if src is not None:
            ev.move(game, src, "library", keys=("shuffle_objects",))
        else:
            say(game, "effect", "shuffle_source_gone", [so.id], ["zone_change_new_object", "shuffle_objects"])
    if "graveyard" in what:
        for oid in list(me.graveyard):
            ev.move(game, game.objects[oid], "library", keys=("shuffle_objects",))
    shuffle(game, me, keys=("shuffle", "shuffle_even_if_none"))


def _exile_until(game: Game, so: Obj, spec: dict, ref) -> None:
    r = ref(spec["what"])
    if r is None or r.zone != "battlefield":
        return
    ev.move(game, r, "exile", keys=("resolve_instructions",),
            text_ru=f"{r.label()} изгоняется", text_en=f"{r.label_en()} is exiled")
    if r.zone != "exile":
        return
    back = {"return_from_exile": r.id, "incarnation": r.incarnation, "tapped": spec.get("tapped", False)}
    triggers.create_delayed(game, {"at": spec["return_at"], "effects": [back],
                                   "text_ru": f"в начале следующего заключительного шага {r.label()} возвращается на поле битвы"},
                            effects._source_info(game, so), so)


def _is_basic_land(obj: Obj) -> bool:
    return "land" in obj.types and "basic" in obj.supertypes


def _target_player(game: Game, so: Obj, ref: str):
    i = int(ref[6:]) - 1 if ref.startswith("target") else -1
    if 0 <= i < len(so.targets) and so.targets[i][0] == "player":
        return game.player(so.targets[i][1])
    return None


def _namesakes(game: Game, who) -> list:
    """Cards in ``who``'s library named like a card the effect will exile from their graveyard."""
    names = {game.objects[oid].name_en or game.objects[oid].name_ru for oid in who.graveyard
             if not _is_basic_land(game.objects[oid])}
    return [oid for oid in who.library if not game.objects[oid].anonymous
            and (game.objects[oid].name_en or game.objects[oid].name_ru) in names]


def _echoes(game: Game, who, found: list, shuffle_keys=("shuffle",)) -> None:
    for oid in [o for o in who.graveyard if not _is_basic_land(game.objects[o])]:
        ev.move(game, game.objects[oid], "exile", keys=("resolve_instructions",),
                text_ru=f"{game.objects[oid].label()} изгоняется с кладбища игрока {who.name}",
                text_en=f"{game.objects[oid].label_en()} is exiled from {who.name}'s graveyard")
    if not found:
        say(game, "search", "search_none", [who.name], ["search", "search_may_fail"], player=who)
    for oid in found:
        obj = game.objects[oid]
        if obj.zone == "library":
            ev.move(game, obj, "exile", keys=("search",),
                    text_ru=f"{obj.label()} найдена в библиотеке игрока {who.name} и изгоняется",
                    text_en=f"{obj.label_en()} is found in {who.name}'s library and exiled")
    shuffle(game, who, keys=shuffle_keys)


hooks.register(hooks.INSTRUCTION, run, keys=tuple(k for k in EFFECT_KEYS if k not in INTERNAL),
               order=40, when=handles)
hooks.register(hooks.DECISION, answer, keys=DECISIONS)
hooks.register(hooks.ASK, ask, order=20)
