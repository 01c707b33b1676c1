""""Each player may search their library for up to N [quality] cards, put them onto the
battlefield, then shuffle" (Veteran Explorer), and a replacement effect that makes a search
look at the top of the library only (Aven Mindcensor; 701.23f, 701.23i; 2020: 701.18f, 701.18i).

- ``{each_player_may_search: {for: basic_land, up_to: 2}}``: each player, in APNAP order
  (701.23i: they look at the same time, then decide in that order), answers the decision
  ``each_search`` as the ability begins to resolve: ``no`` (they don't search and don't
  shuffle), ``none`` (they search and find nothing) or the ids of the cards found. Each player's
  found cards enter the battlefield together, under that player's control, in APNAP order; then
  each player who searched shuffles.
- ``static: search_top_four_instead`` (Aven Mindcensor): "if an opponent would search a
  library, that player searches the top four cards of that library instead". It replaces the
  ``search`` event (614.1a) of every library search by an opponent of its controller — this
  module's, a tutor's or a fetch's (zone_actions.searchable), Haunting Echoes' and Splinter's
  (namesake_exile) — only those cards can be found; the rest of the instruction is unchanged, so
  the player still shuffles the whole library (701.23f).
"""

from __future__ import annotations

from judge_app.engine.kernel import hooks, replacement
from judge_app.engine.kernel.errors import InvalidInput
from judge_app.engine.kernel.messages import say
from judge_app.engine.kernel.replacement import Kind, src_en
from judge_app.engine.kernel.state import Decision, Game, Obj
from judge_app.engine.rules import costs, enter_replacements, priority, zone_actions

EFFECT = "each_player_may_search"
DECISIONS = ("each_search",)
TOP = 4


def _spec(so: Obj) -> dict | None:
    return next((e[EFFECT] for e in costs.concrete_effects(so) if EFFECT in e), None)


def _store(so: Obj) -> dict:
    return so.choices.setdefault("each_search", {})


def ask(game: Game, so: Obj) -> bool:
    spec = _spec(so)
    if spec is None:
        return False
    store = _store(so)
    for p in game.apnap():
        if p.name in store:
            continue
        portion, store[f"{p.name}:portion"] = zone_actions.searchable(game, p.name, p)
        fits = [oid for oid in portion if zone_actions.fits_search(game.objects[oid], spec["for"])]
        game.decision = Decision(by=p.name, kind="each_search", options=["no", "none"] + fits, count=spec.get("up_to", 1),
                                 text_ru=f"{so.label()}: {p.name} может искать в своей библиотеке не более "
                                         f"{spec.get('up_to', 1)} {zone_actions.SEARCH_FOR[spec['for']]}: no — не искать, "
                                         f"none — искать и ничего не найти, или найденные карты",
                                 context={"stack_id": so.id, "looked": len(portion), "of": len(p.library)})
        say(game, "decision", "each_player_searches.decision", [p.name, so.id], ["search", "search_apnap"],
            player=p.name, n=len(portion), of=len(p.library))
        return True
    return False


def answer(game: Game, value) -> None:
    d = game.decision
    so = game.objects[d.context["stack_id"]]
    vals = [str(v) for v in (value if isinstance(value, list) else [value])] if value not in (None, []) else ["none"]
    if vals in (["no"], ["none"]):
        got = vals[0]
    else:
        bad = [v for v in vals if v not in d.options or v in ("no", "none")]
        if bad or len(set(vals)) != len(vals) or len(vals) > d.count:
            raise InvalidInput(f"«{(bad or vals)[0]}» — недопустимо: no, none или не более {d.count} разных карт из "
                               f"{', '.join(map(str, d.options[2:])) or '—'}")
        got = vals
    _store(so)[d.by] = got
    say(game, "choice", "zone_actions.answer.choice", [d.by] + (got if isinstance(got, list) else []),
        ["search_apnap"] + (["search_may_fail"] if got != "no" else []), by=d.by,
        said=", ".join(got) if isinstance(got, list) else {"no": "не искать", "none": "искать и ничего не найти"}[got])
    game.decision = None
    priority.resolve_top(game)


def run(game: Game, so: Obj, e: dict, at) -> None:
    store = _store(so)
    searched = [p for p in game.apnap() if store.get(p.name, "no") != "no"]
    entering = []
    for p in searched:
        found = [oid for oid in store[p.name] if oid in p.library] if isinstance(store[p.name], list) else []
        if not found:
            say(game, "search", "zone_actions._search.search", [p.name], ["search", "search_may_fail"], name=p.name)
        for oid in found:
            say(game, "search", "zone_actions._search.search.2", [p.name, oid], ["search"], name=p.name, obj=game.objects[oid])
        entering += [(p.name, game.objects[oid]) for oid in found]
    for name in dict.fromkeys(n for n, _ in entering):   # each searcher's cards together, under their control
        enter_replacements.put_onto_battlefield(game, [o for n, o in entering if n == name], name)
    for p in searched:
        zone_actions.shuffle(game, p, keys=("shuffle", "search_replaced_portion") if store.get(f"{p.name}:portion") else ("shuffle",))


def _opponent_searches(game: Game, e: dict, ev_: dict) -> bool:
    p = ev_["searcher"]   # the player searching, whoever's library it is (701.23f)
    same_team = any(p in t and e["controller"] in t for t in game.teams)
    return p != e["controller"] and not same_team and ev_.get("top") is None


def _top_four(game: Game, e: dict, ev_: dict) -> dict:
    p = ev_["searcher"]
    say(game, "replace", "each_player_searches.top_four", [p, e["source"]],
        replacement.keys(ev_, ["replace_instead", "search_replaced_portion"]), player=p, source=e["source_name"])
    return {**ev_, "top": TOP}


replacement.register(Kind("search_top_four_instead", ("search",), _opponent_searches, _top_four,
                          lambda g, e: f"«{e['source_name']}» ({e['source']}): оппонент ищет только в четырёх верхних картах",
                          label_en=lambda g, e: f"{src_en(g, e)} ({e['source']}): an opponent searches the top four cards instead"),
                     statics=("search_top_four_instead",))
hooks.register(hooks.INSTRUCTION, run, keys=(EFFECT,), order=44)
hooks.register(hooks.DECISION, answer, keys=DECISIONS)
hooks.register(hooks.ASK, ask, order=22)
