"""A card revealed at random from the hand, then put onto the battlefield if a land (305.4) or
cast while the ability resolves without paying its mana cost (608.2f, 601.3). Written for Wild
Evocation (FAQ M2011 r74–r78, issue 11): ``{reveal_random_and_cast: active_player}`` in
``trigger: each_upkeep`` — "that player reveals a card at random from their
hand. If it's a land card, the player puts it onto the battlefield. Otherwise, the player casts it
without paying its mana cost if able."

Why a module: the card is cast while the ability resolves (608.2f) — 601.2a–i, no timing
permission needed but prohibitions still apply (601.3), no priority after it is cast; the ability
then finishes resolving and the spell waits on the stack like any other (405.5, r78). "If able":
the player must cast it if any legal way exists (r74) and it stays in hand if none does (r75: no
legal target; r77: a mandatory additional cost that can't be paid).

How: as the ability begins to resolve (``ask``, resolution_choices.py) the card is picked at
random, seeded by the game (reveal.pick: a replay picks the same), and kept on the stack object.
Every legal way to cast it is found by trying the cast on a copy of the game
(actions.cast_while_resolving); none — it stays in hand; one — the engine takes it; several — the
player whose upkeep it is owes the decision ``cast_revealed`` whose options are those ways (each
a ``cast:`` action's choices: targets, mode, kicker, sacrifice, divide …; any other answer the
engine accepts is taken too). Only when every way needs mana the player's pool can't pay may they
answer ``decline``: they activate no mana ability, so it can't be cast (r77, 608.2f).
"""

from __future__ import annotations

from itertools import combinations, product

from judge_app.engine.kernel import events as ev
from judge_app.engine.kernel import hooks
from judge_app.engine.kernel.errors import EngineError, InvalidInput, refuse
from judge_app.engine.kernel.messages import say
from judge_app.engine.kernel.state import Game, Obj
from judge_app.engine.rules import actions, costs, effects, reveal
from judge_app.engine.rules import resolution_choices as rc

DECISIONS = ("cast_revealed",)
MAX_LISTED = 60   # the ways to cast a decision lists (an answer beyond them is still tried)


def handles(e: dict) -> bool:
    return "reveal_random_and_cast" in e


def _evokes(so: Obj) -> bool:
    return any(handles(e) for e in so.effects)


def _key(args: dict) -> str:
    return ";".join(f"{k}=" + (",".join(map(str, v)) if isinstance(v, list) else
                               ",".join(f"{r}:{n}" for r, n in v.items()) if isinstance(v, dict) else str(v).lower())
                    for k, v in args.items())


CHOICE_RU = {"targets": "цели", "mode": "режим", "divide": "деление", "kicker": "кикер", "buyback": "откуп",
             "sacrifice": "пожертвовать", "discard": "сбросить", "tap_untapped": "повернуть", "x": "X", "pay": "мана из"}


def _label(game: Game, args: dict) -> str:
    """A way to cast in words: «цели: Боб; кикер: да»."""
    def name(r) -> str:
        return str(r) if game.has_player(str(r)) or str(r) not in game.objects else game.objects[str(r)].label()

    def value(v) -> str:
        if isinstance(v, bool):
            return "да" if v else "нет"
        if isinstance(v, list):
            return ", ".join(name(r) for r in v)
        if isinstance(v, dict):
            return ", ".join(f"{name(r)} — {n}" for r, n in v.items())
        return str(v)
    return "; ".join(f"{CHOICE_RU.get(k, k)}: {value(v)}" for k, v in args.items()) or "без выбора"


def _try(game: Game, who: str, cid: str, args: dict):
    """The game after casting the card with ``args`` on a copy, or the refusal."""
    trial = game.clone()
    trial.stop_at = None
    try:
        actions.cast_while_resolving(trial, trial.player(who), trial.objects[cid], dict(args))
        return trial
    except EngineError as exc:
        return exc


def _target_sets(game: Game, who: str, card: Obj, kinds: tuple) -> list:
    legal = [effects.legal_targets(game, k, who, card) for k in kinds]
    spec = card.casting or {}
    if spec.get("any_number_of_targets") and kinds:
        top = min(spec.get("max_targets") or 2, len(legal[0]))
        return [list(c) for n in range(1, top + 1) for c in combinations(legal[0], n)]
    return [list(c) for c in product(*legal)]


def _divisions(card: Obj, targets: list) -> list:
    e = next((e for e in card.effects if e.get("divided") == "as_chosen"), None)
    if e is None or len(targets) < 2 or not isinstance(e.get("damage"), int):
        return [None]
    return [dict(zip(targets, s)) for s in costs.divisions(e["damage"], len(targets))]


def _candidates(game: Game, who, card: Obj):
    """Every combination of the choices 601.2b–d and 601.2f ask for (X is 0, no alternative cost)."""
    spec = card.casting or {}
    modes = spec.get("modes")
    extra = costs.extra_costs(card, None, False)
    cost_sets = [[]]   # who pays a chosen cost: which creature is sacrificed, which cards discarded
    for k in (k for k in costs.CHOSEN_COSTS if k in extra):
        what, n = ("card", extra[k]) if k == "discard" else costs._what_count(extra[k])
        if what == "self":
            continue
        cands = costs.candidates(game, who, k, what, card)
        if len(cands) >= n:   # else left out: the trial is refused with the cost's own reason (118.3)
            cost_sets = [cs + [(k, list(c))] for cs in cost_sets for c in combinations(cands, n)]
    optional = [k for k in costs.OPTIONAL_COSTS if spec.get(k)]
    for mode in (range(1, len(modes) + 1) if modes else [None]):
        kinds = tuple(modes[mode - 1].get("targets", ())) if modes else card.spell_targets
        for targets in _target_sets(game, who.name, card, kinds):
            for divide in _divisions(card, targets):
                for opt in product((False, True), repeat=len(optional)):
                    for cs in cost_sets:
                        args = {"targets": targets} if kinds else {}
                        args.update({"mode": mode} if mode else {})
                        args.update({"divide": divide} if divide else {})
                        args.update(dict(zip(optional, opt)))
                        args.update(dict(cs))
                        yield args


def _ways(game: Game, who, card: Obj) -> tuple:
    """({key: args} of the legal ways to cast ``card`` now, the first refusal met)."""
    ways, why = {}, None
    for args in _candidates(game, who, card):
        got = _try(game, who.name, card.id, args)
        if isinstance(got, EngineError):
            why = why or got
            continue
        ways[_key(args)] = args
        if len(ways) >= MAX_LISTED:
            break
    if not ways and why is None:   # no combination at all: a target with no legal choice (601.2c)
        why = refuse(game, "нет допустимых целей", "cast_targets")
    return ways, why


def _needs_mana_abilities(game: Game, who, card: Obj, ways: dict) -> bool:
    """Every way costs mana the pool alone can't pay: the player may decline to activate mana
    abilities, and then the card can't be cast (FAQ r77)."""
    return bool(ways) and all(
        not costs.mana_payable(game, who, costs.total_mana(card, None, {**a, "free": True}, len(a.get("targets", [])),
                                                           game), pool_only=True) for a in ways.values())


def ask(game: Game, so: Obj) -> bool:
    """Before ``so`` resolves: the card revealed and, for a nonland card, how it is cast."""
    if not _evokes(so):
        return False
    a = rc.answers(so)
    who = game.ap   # "that player": the one whose upkeep it is — the ability resolves in that step
    if "revealed" not in a:   # said once, as the ability begins to resolve: the choices below depend on it
        a["revealed"] = reveal.pick(game, who)
        if a["revealed"] is not None:
            card = game.objects[a["revealed"]]
            say(game, "reveal", "revealed_cast.ask.reveal", [who.name, card.id], ["reveal"], so=so, name=who.name,
                card=card)
    card = game.objects.get(a["revealed"] or "")
    if card is None or "land" in card.types or "cast" in a:
        return False
    ways, why = _ways(game, who, card)
    a["why"] = (str(why), list(getattr(why, "rule_keys", []))) if why is not None else None
    options = list(ways) + (["decline"] if _needs_mana_abilities(game, who, card, ways) else [])
    if len(options) <= 1:
        a["cast"] = ways[options[0]] if options else None
        if options:
            game.answered_alone(who.name, "cast_revealed", options[0])
        return False
    labels = {k: _label(game, ways[k]) for k in ways}
    if "decline" in options:
        labels["decline"] = "не активировать способности маны — карту не разыграть (она остаётся в руке)"
    rc.owe(game, so, who.name, "cast_revealed", options,
           f"{who.name} разыгрывает показанную карту {card.label()} без уплаты мана-стоимости: как? "
           f"({'; '.join(options)})",
           f"Решение: {who.name} выбирает, как разыграть {card.label()} во время разрешения {so.label()}",
           ["cast_during_resolution", "cast_modes", "cast_targets"])
    game.decision.context.update(labels=labels, ways=ways, card=card.id)
    return True


def _refs(v) -> bool:
    return isinstance(v, list) and all(isinstance(r, (str, int)) and not isinstance(r, bool) for r in v)


SHAPES = {"targets": (_refs, "список целей"), "pay": (_refs, "список источников маны"),
          "sacrifice": (_refs, "список id"), "discard": (_refs, "список id"), "tap_untapped": (_refs, "список id"),
          "mode": (lambda v: isinstance(v, int) and not isinstance(v, bool), "номер режима"),
          "x": (lambda v: isinstance(v, int) and not isinstance(v, bool), "целое число"),
          "kicker": (lambda v: isinstance(v, bool), "true / false"), "buyback": (lambda v: isinstance(v, bool), "true / false"),
          "alt": (lambda v: isinstance(v, bool), "true / false"),
          "divide": (lambda v: isinstance(v, dict) and all(isinstance(n, int) for n in v.values()), "{ЦЕЛЬ: число}")}


def _check_shape(so: Obj, value: dict) -> None:
    """Each choice of a ``cast_revealed`` mapping has the type its reader expects (bad input is
    named, never a traceback)."""
    for k, v in value.items():
        ok, what = SHAPES.get(str(k), (None, None))
        if ok is None:
            raise InvalidInput(f"{so.label()}: неизвестный выбор «{k}»; есть: {', '.join(SHAPES)}")
        if not ok(v):
            raise InvalidInput(f"{so.label()}: {k} — {what}, а не {v!r}")


def answer(game: Game, value) -> None:
    d = game.decision
    if isinstance(value, list) and len(value) == 1:
        value = value[0]
    ways = d.context["ways"]
    if value == "decline" and value not in d.options:   # a way to cast it needs no mana ability: cast it (r77)
        raise refuse(game, f"{d.by} может разыграть карту, не активируя способностей маны (мана в пуле или без маны), "
                     "— значит, обязан это сделать", "cast_during_resolution", "cast_pay")
    if isinstance(value, str) and value in d.options:
        args = "decline" if value == "decline" else ways[value]
    elif isinstance(value, dict):
        so = game.objects[d.context["stack_id"]]
        _check_shape(so, value)
        got = _try(game, d.by, d.context["card"], value)
        if isinstance(got, InvalidInput):
            raise InvalidInput(f"{so.label()}: {got}")
        if isinstance(got, EngineError):
            raise refuse(game, f"так разыграть нельзя: {got}", *(got.rule_keys or ["cast_during_resolution"]))
        args = dict(value)
    else:
        raise InvalidInput(f"«{value}» — недопустимый ответ; допустимые: {', '.join(d.options)} "
                           "или выбор розыгрыша {targets: [...], kicker: true, …}")
    say(game, "choice", "revealed_cast.answer.choice", [d.by], ["cast_during_resolution"], by=d.by,
        note=d.context['labels'][value] if isinstance(value, str) else _label(game, args))
    rc.resume(game, lambda so: rc.answers(so).__setitem__("cast", args))


def run(game: Game, so: Obj, e: dict, at) -> None:
    """The reveal, then the land onto the battlefield or the card cast (or left in hand)."""
    a = rc.answers(so)
    who = game.ap
    card = game.objects.get(a.get("revealed") or "")
    if card is None or card.id not in who.hand:
        return
    if "land" in card.types:
        ev.move(game, card, "battlefield", controller=who.name, keys=("put_land_not_play",),
                text_ru=f"{card.label()} — карта земли: {who.name} кладёт её на поле битвы (это не розыгрыш земли)",
                text_en=f"{who.name} puts {card.label_en()} onto the battlefield")
        return
    args = a.get("cast")
    if args is None:
        msg, keys = a.get("why") or (None, [])
        say(game, "not_cast", "revealed_cast.run.not_cast", [who.name, card.id],
            ["cast_during_resolution"] + [k for k in keys if k != "cast_during_resolution"], name=who.name, card=card,
            note=f" ({msg})" if msg else "")
        return
    if args == "decline":
        say(game, "not_cast", "revealed_cast.run.not_cast.2", [who.name, card.id],
            ["cast_during_resolution", "cast_mana_abilities"], name=who.name, card=card)
        return
    actions.cast_while_resolving(game, who, card, dict(args))


hooks.register(hooks.INSTRUCTION, run, keys=("reveal_random_and_cast",), order=67)
hooks.register(hooks.DECISION, answer, keys=DECISIONS)
hooks.register(hooks.ASK, ask, order=36)
