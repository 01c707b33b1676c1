"""Costs and the choices made while casting a spell or activating an ability (601.2b–h, 602.2b).

A cast or an activation names its choices (``x``, ``mode``, ``sacrifice``, ``discard``,
``tap_untapped``, ``alt``). A choice left out that has one legal answer is made by the engine;
one with several is asked as a decision (``choose:`` answers it), after which the action is
taken again with the answer filled in; one with none refuses the action with its rule (118.3).

Costs beyond mana and {T} (118): sacrifice (701.16a), discard (701.8a), pay life (119.4),
tap untapped creatures you control, remove counters (122), loyalty (606.4–606.5);
additional costs (118.8) and alternative costs (118.9) of a spell.
"""

from __future__ import annotations

from judge_app.cards.model import ManaCost, parse_mana_cost
from judge_app.engine.kernel import characteristics as ch
from judge_app.engine.kernel import events as ev
from judge_app.engine.kernel import hooks
from judge_app.engine.kernel.errors import InvalidInput, refuse
from judge_app.engine.kernel.messages import Text, say
from judge_app.engine.kernel.state import Decision, Game, Obj
from judge_app.engine.rules import actions

CHOICE_KEYS = ("x", "mode", "sacrifice", "discard", "tap_untapped", "alt", "divide", "kicker", "buyback",
               "reveal",   # "reveal a Merfolk card from your hand or pay {3}" (hooks.COST_CHOICE)
               "waterbend", "waterbend_tap")   # waterbend: mechanisms/waterbend.py (701.67, 2026 only)
DECISIONS = ("x", "mode", "cost_choice", "optional_cost")
OPTIONAL_COSTS = {"kicker": ("кикер", "kicker"), "buyback": ("откуп", "buyback"),   # 702.32, 702.26: ru, rule key
                  "waterbend": ("покорение воды", "waterbend")}   # 701.67a, its permanents' help: hooks.MANA_HELP
MAX_X_OFFERED = 20   # the largest X a decision lists (the action itself may name any X it can pay)
CHOSEN_COSTS = ("sacrifice", "discard", "tap_untapped")   # costs whose objects the player chooses


def divisions(total: int, n: int) -> list:
    """Every way to give ``total`` to ``n`` targets in order, each at least 1 (601.2d): a spell's
    division as it is cast, a trigger's as it is put on the stack (603.3d, trigger_division.py)."""
    if n == 1:
        return [(total,)] if total >= 1 else []
    return [(first,) + rest for first in range(1, total) for rest in divisions(total - first, n - 1)]


def _what_count(v) -> tuple:
    return (v, 1) if isinstance(v, str) else (v.get("what"), int(v.get("count", 1)))


WHAT_RU = {"creature": "существо", "black_creature": "чёрное существо", "artifact": "артефакт",
           "land": "землю", "permanent": "перманент", "self": "этот перманент", "vampire": "Вампира"}


def _fits(game: Game, o: Obj, what: str) -> bool:
    if what == "creature":
        return o.is_creature
    if what == "black_creature":
        return o.is_creature and "black" in o.colors
    if what in ("artifact", "land"):
        return what in o.types
    if what == "vampire":   # "tap five untapped Vampires you control" (Captivating Vampire)
        return o.is_creature and "Vampire" in o.subtypes
    return what == "permanent"


def candidates(game: Game, player, kind: str, what, source: Obj | None) -> list:
    """The objects that can pay a chosen cost: permanents to sacrifice or to tap, cards to discard."""
    if kind == "discard":
        return [oid for oid in player.hand if source is None or oid != source.id]
    out = []
    for oid in game.battlefield:
        o = game.objects[oid]
        if o.controller != player.name or not _fits(game, o, what):
            continue
        if kind == "tap_untapped" and o.tapped:
            continue
        out.append(oid)
    return out


def extra_costs(obj: Obj, ability: dict | None, alt: bool) -> dict:
    """The non-mana costs: an ability's activation cost, or a spell's additional cost plus,
    when chosen, its alternative cost (which replaces the mana cost, 118.9)."""
    if ability is not None:
        return dict(ability.get("cost", {}))
    spec = obj.casting or {}
    out = dict(spec.get("additional_cost") or {})
    if alt:
        for k, v in (spec.get("alternative_cost") or {}).items():
            out[k] = v
    out.pop("mana", None)
    return out


def _mana_of(obj: Obj, ability: dict | None, alt: bool, free: bool = False) -> ManaCost | None:
    """The mana part: an ability's, a spell's alternative cost's, or its mana cost plus an additional
    mana cost; ``free``: cast "without paying its mana cost" (118.9) — the additional part only."""
    if ability is not None:
        return parse_mana_cost(ability.get("cost", {}).get("mana"))
    spec = obj.casting or {}
    if alt:
        return parse_mana_cost((spec.get("alternative_cost") or {}).get("mana")) or ManaCost()
    base = ManaCost() if free else obj.cost or ManaCost()
    add = parse_mana_cost((spec.get("additional_cost") or {}).get("mana"))
    return add_mana(base, add) if add else base


def add_mana(a: ManaCost, b: ManaCost | None, times: int = 1) -> ManaCost:
    if b is None or times <= 0:
        return a
    col = dict(a.colored)
    for s, n in b.colored:
        col[s] = col.get(s, 0) + n * times
    return ManaCost(a.generic + b.generic * times, tuple(sorted(col.items())), a.x + b.x * times)


def total_mana(obj: Obj, ability: dict | None, choices: dict, n_targets: int, game: Game | None = None) -> ManaCost:
    """601.2f: the mana cost (or the alternative cost), plus additional costs (kicker, buyback)
    and increases, minus reductions (never below {0}), with X replaced by its value (107.3a).
    Without ``game`` the static cost changes are left out."""
    cost = _mana_of(obj, ability, bool(choices.get("alt")), bool(choices.get("free"))) or ManaCost()
    spec = (obj.casting or {}) if ability is None else {}
    if spec.get("extra_target_cost") and n_targets > 1:
        cost = add_mana(cost, parse_mana_cost(spec["extra_target_cost"]), n_targets - 1)
    for k in OPTIONAL_COSTS:
        if choices.get(k) and spec.get(k):
            cost = add_mana(cost, parse_mana_cost(spec[k]))
    for word, hook in _cost_choices(obj, ability):   # the mana of a chosen way to pay (Silvergill Adept's {3})
        cost = add_mana(cost, hook.fn.mana(spec["additional_cost"][word], choices))
    x = int(choices.get("x") or 0)
    change = sum(n for _, n in cost_changes(game, obj)) if game is not None and ability is None else 0
    return ManaCost(max(0, cost.generic + x * cost.x + change), cost.colored, 0)


def _cost_choices(obj: Obj, ability: dict | None) -> list:
    """[(word, hook)]: a spell's additional costs paid one of several ways a module offers (hooks.COST_CHOICE)."""
    spec = (obj.casting or {}).get("additional_cost") or {} if ability is None else {}
    return [(w, h) for w in spec for h in [hooks.by_key(hooks.COST_CHOICE, w)] if h is not None]


def _helped(game: Game, player, obj: Obj, k: str, total: ManaCost) -> ManaCost:
    """``total`` less the generic mana permanents could pay for the optional cost ``k`` (waterbend,
    701.67a: only its own generic mana, 701.67b) — what is left for mana to pay."""
    help_ = hooks.by_key(hooks.MANA_HELP, k)
    if help_ is None:
        return total
    n = help_.fn.units(game, player, obj, parse_mana_cost((obj.casting or {})[k]))
    return ManaCost(max(0, total.generic - n), total.colored, total.x)


def cost_changes(game: Game, obj: Obj) -> list:
    """601.2f: [(source, ±N)] — the static abilities that make spell ``obj`` (cast by its
    controller) cost {N} more or less (Sphere of Resistance, Thunderscape Familiar)."""
    out = []
    for sid in game.static_sources:
        src = game.objects[sid]
        for ab in src.abilities:
            spells = ab.get("spells", {})
            whose = spells.get("controller", "any")
            if ab.get("static") != "cost_change" or (whose == "you" and src.controller != obj.controller) \
                    or (whose == "opponents" and src.controller == obj.controller):
                continue
            if spells.get("colors") and not set(spells["colors"]) & set(obj.colors):
                continue
            if spells.get("types") and not set(spells["types"]) & set(obj.types):
                continue
            out.append((src, ab["amount"]))
    return out


def has_x(obj: Obj, ability: dict | None, alt: bool = False) -> bool:
    cost = _mana_of(obj, ability, alt)
    return bool(cost and cost.x) or (ability is not None and ability.get("cost", {}).get("loyalty") == "-X")


def mana_units(game: Game, player) -> list:
    """The mana ``player`` could have now: the pool, one symbol per unit, and one for each
    untapped source they could tap for mana."""
    units = [s for s, n in player.pool.items() for _ in range(n)]
    for oid in game.battlefield:
        o = game.objects[oid]
        if actions.can_tap_for_mana(game, o, player):
            units.append(actions.mana_abilities(o)[0]["mana"])
    return units


def mana_payable(game: Game, player, cost: ManaCost, pool_only: bool = False) -> bool:
    """118.3: could ``cost`` be paid with the mana ``player`` has or can make now (``pool_only``:
    with the mana in their pool, no mana ability activated)? Each coloured symbol (a hybrid one by
    either half, 107.4e) is matched to its own unit (Kuhn's matching), and what is left must cover
    the generic part."""
    units = [s for s, n in player.pool.items() for _ in range(n)] if pool_only else mana_units(game, player)
    symbols = [sym for sym, n in cost.colored for _ in range(n)]
    if len(units) < len(symbols) + cost.generic:
        return False
    owner: dict = {}

    def place(i: int, seen: set) -> bool:
        for j, u in enumerate(units):
            if u in symbols[i].split("/") and j not in seen:
                seen.add(j)
                if j not in owner or place(owner[j], seen):
                    owner[j] = i
                    return True
        return False
    return all(place(i, set()) for i in range(len(symbols)))


def _refuse_unpayable(game: Game, player, obj: Obj, ability: dict | None, out: dict) -> None:
    """Before a choice is asked: an action whose mana can't be paid even with X = 0 is refused
    now (118.3), so that nothing offers it and then refuses the answer."""
    cost = total_mana(obj, ability, {**out, "x": 0}, 0, game)
    if not mana_payable(game, player, cost):
        raise refuse(game, f"{obj.label()}: нечем оплатить {cost or '{0}'}" + (" даже при X = 0" if has_x(obj, ability, bool(out.get("alt"))) else ""),
                     "cost_unpayable", "cast_total_cost")


def x_options(game: Game, player, obj: Obj, ability: dict | None, out: dict) -> list:
    """The values of X that can be paid now (107.3a, 118.3), at most MAX_X_OFFERED: the mana,
    and for a loyalty ability −X the loyalty counters (606.5)."""
    top = MAX_X_OFFERED
    if ability is not None and ability.get("cost", {}).get("loyalty") == "-X":
        top = min(top, obj.counters.get("loyalty", 0))
    return [x for x in range(top + 1) if mana_payable(game, player, total_mana(obj, ability, {**out, "x": x}, 0, game))]


def _ask(game: Game, player, kind: str, options: list, text: str, action: str, args: dict, field: str, count: int = 1) -> None:
    game.decision = Decision(by=player.name, kind=kind, options=options, text_ru=text, count=count,
                             context={"action": action, "args": args, "field": field})
    say(game, "decision", "decision_cost", [player.name],
        ["cast_modes" if field in ("x", "mode", *OPTIONAL_COSTS) else "cast_total_cost"],
        player=player, text=text, what=field.replace("_", " "))


def complete(game: Game, player, obj: Obj, ability: dict | None, choices: dict, action: str, args: dict,
             legal_modes) -> dict | None:
    """The choices of 601.2b and 601.2f–h, filled in where only one answer is legal; None when
    a decision has been asked (the action waits for it)."""
    out = {k: v for k, v in choices.items() if v is not None}
    modes = (obj.casting or {}).get("modes") if ability is None else None
    if modes:
        legal = legal_modes()
        if "mode" not in out:
            if not legal:
                raise refuse(game, f"{obj.label()}: ни один режим нельзя выбрать (нет допустимых целей)", "modal", "cast_targets")
            if len(legal) > 1:
                _refuse_unpayable(game, player, obj, ability, out)
                _ask(game, player, "mode", legal, f"выберите режим {obj.label()}: "
                     + "; ".join(f"{i} — {modes[i - 1].get('text_ru', '')}" for i in legal), action, args, "mode")
                return None
            out["mode"] = legal[0]
            game.answered_alone(player.name, "mode", legal[0])
        m = out["mode"]
        if not isinstance(m, int) or isinstance(m, bool) or not 1 <= m <= len(modes):
            raise refuse(game, f"{obj.label()}: режима {m!r} нет (режимы 1–{len(modes)})", "modal", "cast_modes")
        if m not in legal:
            raise refuse(game, f"{obj.label()}: режим {m} нельзя выбрать — для него нет допустимых целей", "modal", "cast_targets")
    elif "mode" in out:
        raise refuse(game, f"{obj.label()} не модальное: режим не выбирается", "modal")
    if out.get("alt") and not (ability is None and (obj.casting or {}).get("alternative_cost")):
        raise refuse(game, f"у {obj.label()} нет альтернативной стоимости", "alternative_cost")
    if out.get("free"):   # "without paying its mana cost" (118.9): no other alternative cost, X is 0
        free_choices(game, obj, out)
    for k, (ru, key) in OPTIONAL_COSTS.items():
        offered = ability is None and (obj.casting or {}).get(k)
        if k not in out:
            if not offered:
                continue
            if not mana_payable(game, player, _helped(game, player, obj, k, total_mana(obj, None, {**out, k: True, "x": 0}, 0, game))):
                out[k] = False   # 601.2b: only paying without it is possible
                continue
            _refuse_unpayable(game, player, obj, ability, out)
            _ask(game, player, "optional_cost", ["yes", "no"],
                 f"заплатить {ru} {offered} за {obj.label()}? (yes — да, no — нет)", action, args, k)
            return None
        if not isinstance(out[k], bool):
            raise InvalidInput(f"{k}: true или false, а не {out[k]!r}")
        if out[k] and not offered:
            raise refuse(game, f"у {obj.label()} нет стоимости «{ru}»", key)
    for word, hook in _cost_choices(obj, ability):
        ask = lambda kind, options, text, field, count=1: _ask(game, player, kind, options, text, action, args, field, count)
        if not hook.fn.complete(game, player, obj, obj.casting["additional_cost"][word], out, ask):
            return None
    if "reveal" in out and not _cost_choices(obj, ability):
        raise refuse(game, f"стоимость {obj.label()} не требует ничего показывать", "cast_total_cost")
    if has_x(obj, ability, bool(out.get("alt"))):
        if "x" not in out:
            _refuse_unpayable(game, player, obj, ability, out)
            _ask(game, player, "x", x_options(game, player, obj, ability, out), f"объявите значение X для {obj.label()}",
                 action, args, "x")
            return None
        x = out["x"]
        if not isinstance(x, int) or isinstance(x, bool) or x < 0:
            raise refuse(game, f"{obj.label()}: X — целое число не меньше 0, а не {x!r}", "x_value", "cast_modes")
    elif "x" in out:
        raise refuse(game, f"в стоимости {obj.label()} нет X", "x_value")
    costs = extra_costs(obj, ability, bool(out.get("alt")))
    for kind in CHOSEN_COSTS:
        if kind not in costs:
            if out.get(kind):
                raise refuse(game, f"стоимость {obj.label()} не требует {kind}", "cast_total_cost")
            continue
        what, n = ("card", costs[kind]) if kind == "discard" else _what_count(costs[kind])
        if what == "self":
            continue
        cands = candidates(game, player, kind, what, obj)
        given = out.get(kind)
        if given is None:
            if len(cands) < n:
                raise refuse(game, f"{obj.label()}: нечем оплатить стоимость ({_cost_ru(kind, what, n)}): доступно {len(cands)}",
                             "cost_unpayable", *_cost_keys(kind, ability, out))
            if len(cands) == n:
                out[kind] = list(cands)
                game.answered_alone(player.name, "cost_choice", list(cands))
                continue
            _refuse_unpayable(game, player, obj, ability, out)
            _ask(game, player, "cost_choice", cands, f"выберите для оплаты {obj.label()}: {_cost_ru(kind, what, n)}",
                 action, args, kind, count=n)
            return None
        given = [str(g) for g in (given if isinstance(given, list) else [given])]
        bad = [g for g in given if g not in cands]
        if bad or len(set(given)) != n:
            raise refuse(game, f"{obj.label()}: {', '.join(bad) or given} — не оплата «{_cost_ru(kind, what, n)}»; "
                         f"допустимые: {', '.join(cands) or 'нет'}", "cost_unpayable", *_cost_keys(kind, ability, out))
        out[kind] = given
    return out


def free_choices(game: Game, obj: Obj, out: dict) -> None:
    """A spell cast without paying its mana cost: that is its alternative cost, so another can't be
    applied (118.9a); an {X} in its mana cost can only be 0 (107.3b). Optional additional costs
    (kicker, buyback) may still be paid (601.2b)."""
    if out.get("alt"):
        raise refuse(game, f"{obj.label()} разыгрывается без уплаты мана-стоимости — это уже альтернативная "
                     "стоимость, другую применить нельзя", "alternative_cost_one", "alternative_cost")
    if obj.cost is not None and obj.cost.x:
        if out.setdefault("x", 0) != 0:
            raise refuse(game, f"{obj.label()} разыгрывается без уплаты мана-стоимости: X может быть только 0, "
                         f"а не {out['x']!r}", "x_free_zero", "x_value")


def _cost_ru(kind: str, what, n: int) -> str:
    if kind == "discard":
        return f"сбросить карт: {n}"
    verb = "пожертвовать" if kind == "sacrifice" else "повернуть неповёрнутое"
    return f"{verb} {WHAT_RU.get(what, what)}" + (f" ×{n}" if n > 1 else "")


def _cost_keys(kind: str, ability, out: dict) -> list:
    rule = {"sacrifice": "sacrifice", "discard": "discard", "tap_untapped": "cast_pay"}[kind]
    if ability is not None:
        return [rule, "activate_costs"]
    return [rule, "alternative_cost" if out.get("alt") else "additional_cost"]


def check_payable(game: Game, player, obj: Obj, ability: dict | None, choices: dict) -> None:
    """118.3: a cost that can't be paid fully can't be paid — checked before anything is paid."""
    costs = extra_costs(obj, ability, bool(choices.get("alt")))
    src = obj
    if "life" in costs and player.life < costs["life"]:
        raise refuse(game, f"у игрока {player.name} {player.life} жизни: заплатить {costs['life']} жизни нельзя",
                     "pay_life", "cost_unpayable")
    if "discard" in costs and len(player.hand) < costs["discard"]:
        raise refuse(game, f"в руке игрока {player.name} меньше {costs['discard']} карт", "cost_unpayable", "discard")
    if "opponent_gains_life" in costs:   # 119.7, 614.17b: a cost with an event that can't happen can't be paid
        hooks.by_key(hooks.COST_CHECK, "opponent_gains_life").fn(game, player)
    for k, n in (costs.get("remove_counters") or {}).items():
        if src.counters.get(k, 0) < n:
            raise refuse(game, f"на {src.label()} нет {n} жетонов {k}", "cost_unpayable", "counters")
    if costs.get("sacrifice") == "self" and src.zone != "battlefield":
        raise refuse(game, f"{src.label()} не на поле битвы — пожертвовать нельзя", "cost_unpayable", "sacrifice")
    if costs.get("exile") == "self" and src.zone != "battlefield":   # Brittle Effigy (removal.py)
        raise refuse(game, f"{src.label()} не на поле битвы — изгнать его нельзя", "cost_unpayable")
    loyalty = costs.get("loyalty")
    if loyalty is not None:
        need = int(choices.get("x") or 0) if loyalty == "-X" else -int(loyalty)
        if need > 0 and src.counters.get("loyalty", 0) < need:
            raise refuse(game, f"на {src.label()} {src.counters.get('loyalty', 0)} жетонов верности: стоимость −{need} не оплатить",
                         "loyalty_negative", "loyalty_cost")


def pay(game: Game, player, obj: Obj, ability: dict | None, choices: dict, by_ref: str) -> dict:
    """601.2h: pay the non-mana costs (the mana is paid by ``actions.pay_mana``). Returns what the
    payment left for the effects: the sacrificed creature's power (last known, 608.2h)."""
    costs = extra_costs(obj, ability, bool(choices.get("alt")))
    keys = ["cast_pay"] + (["activate_costs"] if ability is not None
                           else ["alternative_cost" if choices.get("alt") else "additional_cost"])
    left = {}
    loyalty = costs.get("loyalty")
    if loyalty is not None:
        n = -int(choices.get("x") or 0) if loyalty == "-X" else int(loyalty)
        if n:
            obj.counters["loyalty"] = obj.counters.get("loyalty", 0) + n
            game.touch()
        say(game, "pay", "pay_loyalty", [player.name, obj.id], ["loyalty_cost", "cast_pay"], player=player, obj=obj,
            verb=Text('кладёт на', 'puts') if n >= 0 else Text('снимает с', 'removes'),
            on=Text('', 'on') if n >= 0 else Text('', 'from'), n=abs(n), sign='+' if n >= 0 else '−',
            now=obj.counters.get('loyalty', 0))
    for k, n in (costs.get("remove_counters") or {}).items():
        obj.counters[k] -= n
        game.touch()
        say(game, "pay", "pay_counters", [obj.id], ["counters"] + keys, player=player, obj=obj, n=n, kind=k)
        ev.counters_removed(game, obj, k, n)
    if "life" in costs:
        ev.pay_life(game, player, costs["life"], keys=("pay_life", "life_change", *keys),
                    why=f" (оплата стоимости {by_ref})")
    if "opponent_gains_life" in costs:
        hooks.by_key(hooks.COST_PAY, "opponent_gains_life").fn(game, player, obj, costs["opponent_gains_life"], by_ref, keys)
    for oid in choices.get("tap_untapped") or []:
        o = game.objects[oid]
        o.tapped = True
        say(game, "tap", "pay_tap_untapped", [oid], keys, player=player, obj=o, by=by_ref)
    for oid in choices.get("discard") or []:
        o = game.objects[oid]
        ev.move(game, o, "graveyard", keys=("discard", *keys), kind="discard",
                text_ru=f"{player.name} сбрасывает {o.label()} (оплата стоимости {by_ref})",
                text_en=f"{player.name} discards {o.label_en()} to pay a cost")
    for word, hook in _cost_choices(obj, ability):   # "reveal a Merfolk card … or pay {3}": the card revealed
        hook.fn.pay(game, player, obj, costs[word], choices, by_ref, keys)
    if costs.get("exile") == "self":   # "exile [this]" (Brittle Effigy, removal.py)
        hooks.by_key(hooks.COST_PAY, "exile").fn(game, player, obj, "self", by_ref, keys)
    sac = list(choices.get("sacrifice") or [])
    if costs.get("sacrifice") == "self":
        sac = [obj.id]
    for oid in sac:
        o = game.objects[oid]
        if o.is_creature:
            left["sacrificed_power"] = max(0, ch.pt(game, o)[0] or 0)
        ev.move(game, o, "graveyard", keys=("sacrifice", *keys), kind="sacrifice",
                text_ru=f"{player.name} жертвует {o.label()} (оплата стоимости {by_ref})",
                text_en=f"{player.name} sacrifices {o.label_en()}")
    return left


def answer(game: Game, value):
    """Answer an x / mode / cost_choice decision: the action is taken again with it."""
    d = game.decision
    field = d.context["field"]
    opts = list(d.options)
    if field in OPTIONAL_COSTS:
        if value not in ("yes", "no", True, False):
            raise InvalidInput(f"«{value}» — недопустимый ответ; допустимые: yes, no")
        val = value in ("yes", True)
    elif field in ("x", "mode"):
        val = value[0] if isinstance(value, list) and len(value) == 1 else value
        try:
            val = int(val)
        except (TypeError, ValueError):
            raise InvalidInput(f"«{value}» — недопустимый ответ; допустимые: {', '.join(map(str, opts))}") from None
        if field == "mode" and val not in opts:
            raise InvalidInput(f"«{value}» — недопустимый ответ; допустимые: {', '.join(map(str, opts))}")
    else:
        val = [str(v) for v in (value if isinstance(value, list) else [value])]
        bad = [v for v in val if v not in opts]
        if bad or len(set(val)) != d.count:
            raise InvalidInput(f"нужно выбрать {d.count}: «{', '.join(val)}» — недопустимый ответ; допустимые: {', '.join(opts)}")
    args = dict(d.context["args"])
    args[field] = val
    game.decision = None
    player = game.player(d.by)
    if d.context["action"] == "cast":
        return actions.cast(game, player, **args)
    return actions.activate(game, player, **args)


def amount(so: Obj, value) -> int:
    """An effect's number: X is what was announced (107.3a; a copy copies it, 706.10)."""
    if value == "X":
        return int(so.choices.get("x") or 0)
    if value == "sacrificed_power":
        return int(so.choices.get("sacrificed_power") or 0)
    return value


def announce_division(game: Game, so: Obj, given) -> None:
    """601.2d: damage "divided as you choose" among the targets is divided as the spell is cast,
    at least 1 to each target; kept per target position (a new target takes its share, 115.7f)."""
    e = next((e for e in concrete_effects(so) if e.get("divided") == "as_chosen"), None)
    if e is None:
        if given is not None:
            raise refuse(game, f"{so.label()} не делит повреждения по выбору", "cast_divide")
        return
    total, refs = e["damage"], [t[1] for t in so.targets]
    if given is None:
        if len(refs) == 1 or total == len(refs):
            shares = [total] if len(refs) == 1 else [1] * len(refs)
        else:
            raise InvalidInput(f"{so.label()}: назовите деление {total} повреждений между целями: "
                               f"divide: {{{', '.join(f'{r}: N' for r in refs)}}} (каждой хотя бы 1)")
    else:
        if not isinstance(given, dict):
            raise InvalidInput(f"{so.label()}: divide — {{ЦЕЛЬ: число, ...}}")
        given = {str(k): v for k, v in given.items()}
        shares = [given.get(r) for r in refs]
        if set(given) != set(refs) or not all(isinstance(n, int) and not isinstance(n, bool) and n >= 1 for n in shares) \
                or sum(shares) != total:
            raise refuse(game, f"{so.label()}: {total} повреждений делятся между целями ({', '.join(refs)}), "
                         f"каждой хотя бы 1, а не {given}", "cast_divide")
    so.choices["divide"] = shares
    say(game, "divide", "cast_divide", [so.id] + refs, ["cast_divide"], so=so,
        shares=[Text(f"{r if game.has_player(r) else game.objects[r].label()} — {n}",
                     f"{r if game.has_player(r) else game.objects[r].label_en()}: {n}") for r, n in zip(refs, shares)])


def concrete_effects(so: Obj) -> list:
    """The effects of ``so`` as cast: the chosen mode's (700.2a), with X and a sacrificed
    creature's power filled in (107.3a; a copy copies them, 706.10)."""
    modes = (so.casting or {}).get("modes")
    printed = modes[so.choices["mode"] - 1]["effects"] if modes and so.choices.get("mode") else so.effects
    kicked = bool(so.choices.get("kicker"))   # 702.32d: "if it was kicked"
    printed = [{k: v for k, v in e.items() if k != "if_kicked"} for e in printed if e.get("if_kicked", kicked) == kicked]
    filters = [(k, h.fn) for h in hooks.hooks(hooks.EFFECT_FILTER) for k in h.keys]   # "if you win the flip" (705)
    printed = [{k: v for k, v in e.items() if k not in dict(filters)} for e in printed
               if all(keep(so, e) for k, keep in filters if k in e)]
    return [{**e, **{k: amount(so, e[k]) for k in ("damage", "gain_life", "prevent") if isinstance(e.get(k), str)},
             **({"counters": {c: amount(so, n) for c, n in e["counters"].items()}} if isinstance(e.get("counters"), dict) else {})}
            for e in printed]


hooks.register(hooks.DECISION, answer, keys=DECISIONS)
