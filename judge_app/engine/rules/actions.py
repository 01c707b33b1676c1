"""Player actions: cast (601), activate (602), play a land (305), pass, answer a decision.

An illegal action raises ``Refused`` and leaves the game exactly as it was (601.2e:
the game returns to the moment before the casting was proposed)."""

from __future__ import annotations

from judge_app.cards.model import SYMBOL_OF_COLOR, parse_mana_cost
from judge_app.engine.kernel import characteristics as ch
from judge_app.engine.kernel import event_triggers, hooks, triggers, turn_history
from judge_app.engine.kernel import events as ev
from judge_app.engine.kernel.continuous import chosen_of
from judge_app.engine.kernel.errors import InvalidInput, Refused, refuse
from judge_app.engine.kernel.messages import Text, say, targets_text
from judge_app.engine.kernel.state import Game, Obj, Player
from judge_app.engine.rules import (
    control_copy, costs, effects, loyalty, mana_effects, priority, stack_fights, turn, while_attacking)

MAIN = ("main1", "main2")


def _atomic(fn):
    """All or nothing. When a run stops after event N (stepping), an action is first tried
    on a copy, so that events of an attempt that is then refused never count."""
    def wrapper(game: Game, *a, **kw):
        if game.stop_at is not None:
            trial = game.clone()
            trial.stop_at = None
            fn(trial, *[trial.player(x.name) if isinstance(x, Player) else x for x in a], **kw)
        backup = game.clone()
        try:
            return fn(game, *a, **kw)
        except (Refused, InvalidInput):
            game.restore(backup)
            raise
    wrapper.__name__ = fn.__name__
    wrapper.__doc__ = fn.__doc__
    return wrapper


def find_in_hand(game: Game, player, ref: str) -> Obj:
    if ref in game.objects and game.objects[ref].id in player.hand:
        return game.objects[ref]
    for oid in player.hand:
        o = game.objects[oid]
        if ref.casefold() in (o.name_ru.casefold(), o.name_en.casefold()):
            return o
    raise InvalidInput(f"в руке игрока {player.name} нет карты «{ref}»")


def mana_abilities(obj: Obj) -> list:
    return [a for a in obj.abilities if "mana" in a]


def can_tap_for_mana(game: Game, obj: Obj, player) -> bool:
    if obj.zone != "battlefield" or obj.controller != player.name or obj.tapped or not mana_abilities(obj):
        return False
    if obj.is_creature and obj.sick and not ch.has_keyword(game, obj, "haste"):
        return False
    return True


def _cast_check(game: Game, player) -> None:
    """Refuse the start of a cast an effect forbids (hooks.CAST_CHECK: Silence, 601.3)."""
    for hook in hooks.hooks(hooks.CAST_CHECK):
        hook.fn(game, player)


def _activation_check(game: Game, obj: Obj) -> None:
    """Refuse activating an ability an effect forbids (hooks.ACTIVATION_BAN: Ice Cage, 602.5)."""
    for hook in hooks.hooks(hooks.ACTIVATION_BAN):
        why = hook.fn(game, obj)
        if why:
            raise refuse(game, *why)


def tap_for_mana(game: Game, player, obj: Obj, ability: dict | None = None) -> None:
    if obj.zone != "battlefield" or obj.controller != player.name:
        raise refuse(game, f"{obj.label()} не под контролем игрока {player.name}", "mana_ability")
    if not mana_abilities(obj):
        raise refuse(game, f"у {obj.label()} нет способности маны", "mana_ability")
    _activation_check(game, obj)   # Ice Cage (602.5)
    if obj.tapped:
        raise refuse(game, f"{obj.label()} уже повёрнут: стоимость {{T}} не оплатить", "cast_pay")
    if obj.is_creature and obj.sick and not ch.has_keyword(game, obj, "haste"):
        raise refuse(game, f"{obj.label()} под контролем игрока не с начала его последнего хода", "summoning_sickness")
    obj.tapped = True
    ability = ability or mana_abilities(obj)[0]
    sym = ability["mana"]
    if sym == "chosen":   # "one mana of the chosen color": the colour chosen for this ability (706.7a)
        col = chosen_of(game, obj).get("color")
        if col is None:
            say(game, "mana_none", "mana_no_colour", [player.name, obj.id], ["mana_ability", "copy_linked_choice"],
                player=player, obj=obj)
            return
        sym = SYMBOL_OF_COLOR[col]
    ev.add_mana(game, player, sym, mana_effects.amount(game, obj, ability), obj)   # Elvish Archdruid: one per Elf


def pay_mana(game: Game, player, cost, pay: list | None) -> dict:
    """601.2g-h: activate mana abilities of the listed permanents (or, if none are listed,
    of untapped ones as needed), then pay the cost from the pool. Returns the mana spent,
    {symbol: count} (Dawnglow Infusion asks whether {G} was spent)."""
    if cost is None or cost.mana_value == 0:
        return {}
    if pay:
        for ref in pay:
            o = game.objects.get(ref)
            if o is None:
                raise InvalidInput(f"неизвестный источник маны «{ref}»")
            tap_for_mana(game, player, o)
    else:
        need = dict(cost.colored)
        for s, n in player.pool.items():
            if s in need:
                need[s] = max(0, need[s] - n)
        generic_left = cost.generic - max(0, sum(player.pool.values()) - sum(n for s, n in cost.colored))
        sources = [game.objects[oid] for oid in game.battlefield if can_tap_for_mana(game, game.objects[oid], player)]
        sources.sort(key=lambda o: (o.is_creature, o.timestamp))
        for sym in list(need):
            while need[sym] > 0:
                src = next((o for o in sources if mana_abilities(o)[0]["mana"] in sym.split("/")), None)
                if src is None:
                    break
                sources.remove(src)
                tap_for_mana(game, player, src)
                need[sym] -= 1
        while generic_left > 0 and sources:
            tap_for_mana(game, player, sources.pop(0))
            generic_left -= 1
    pool = dict(player.pool)
    for sym, n in cost.colored:
        for _ in range(n):   # a hybrid {W/B} is paid with either half (107.4e)
            half = next((x for x in sym.split("/") if pool.get(x, 0) > 0), None)
            if half is None:
                raise refuse(game, f"не хватает маны {{{sym}}} для оплаты {cost}", "cast_pay", "cast_total_cost")
            pool[half] -= 1
    if sum(pool.values()) < cost.generic:
        raise refuse(game, f"не хватает маны для оплаты {cost}", "cast_pay", "cast_total_cost")
    g = cost.generic
    for sym in sorted(pool, key=lambda s: -pool[s]):
        take = min(g, pool[sym])
        pool[sym] -= take
        g -= take
    spent = {s: n - pool.get(s, 0) for s, n in player.pool.items() if n - pool.get(s, 0) > 0}
    player.pool = {s: n for s, n in pool.items() if n}
    return spent


def _choose_targets(game: Game, player, kinds: tuple, given: list | None, what: str, source: Obj | None = None) -> list:
    given = list(given or [])
    out = []
    for i, kind in enumerate(kinds):
        legal = effects.legal_targets(game, kind, player.name, source)
        if i >= len(given):
            if len(legal) == 1:
                out.append(effects.target_tuple(game, legal[0]))
                continue
            raise InvalidInput(f"{what}: не указана цель №{i + 1} ({effects.KIND_RU.get(kind, kind)}); допустимые: {', '.join(legal) or 'нет'}")
        ref = str(given[i])
        if not game.has_player(ref) and ref not in game.objects:
            raise InvalidInput(f"{what}: неизвестная цель «{ref}»")
        if ref not in legal:
            why = ["targets", "cast_targets"]
            if ref in game.objects:
                fits, keys = effects.object_fits(game, kind, player.name, game.objects[ref], source)
                why = keys + ["cast_targets"]
            raise refuse(game, f"{what}: «{ref}» не может быть целью ({effects.KIND_RU.get(kind, kind)})", *why)
        out.append(effects.target_tuple(game, ref))
    if len(given) > len(kinds):
        raise InvalidInput(f"{what}: лишние цели {given[len(kinds):]}")
    return out


def _require_priority(game: Game, player) -> None:
    if game.result:
        raise InvalidInput("игра окончена")
    if game.decision:
        raise InvalidInput(f"ожидается решение: {game.decision.text_ru}")
    if not game.has_priority(player.name):
        raise refuse(game, f"у игрока {player.name} нет приоритета", "priority_after_action", "priority_ap_step")


def _split_second(game: Game) -> None:
    """702.60a: while a spell with split second is on the stack, no spells are cast and no
    abilities but mana abilities are activated."""
    for oid in game.stack:
        so = game.objects[oid]
        if so.stack_kind == "spell" and ch.has_keyword(game, so, "split_second"):
            raise refuse(game, f"на стеке {so.label()} со сверхскоростью: заклинания и не-мановые способности запрещены",
                         "split_second")


def sorcery_speed_ok(game: Game, player) -> bool:
    return game.is_active(player.name) and game.step in MAIN and not game.stack


def can_cast_now(game: Game, player, obj: Obj) -> bool:
    if not game.has_priority(player.name) or game.decision:
        return False
    if turn_history.cast_problem(game, player.name):   # Angelic Arbiter (601.3)
        return False
    if "instant" in obj.types or _has_flash(game, obj):
        return True
    return sorcery_speed_ok(game, player)


def _legal_modes(game: Game, player, obj: Obj) -> list:
    """700.2a: a mode with a target that can't be chosen can't be chosen."""
    modes = (obj.casting or {}).get("modes") or []
    return [i for i, m in enumerate(modes, start=1)
            if all(effects.legal_targets(game, k, player.name, obj) for k in m.get("targets", []))]


def _announce(game: Game, player, so: Obj, ch_: dict) -> None:
    """601.2b: the mode, the alternative cost and the value of X, announced."""
    modes = (so.casting or {}).get("modes")
    if ch_.get("mode") and modes:
        m = modes[ch_["mode"] - 1]
        say(game, "mode", "mode", [so.id], ["cast_modes", "modal"], player=player, n=ch_['mode'], so=so,
            text=Text(m.get('text_ru', ''), m.get('text_en', '')))
    if ch_.get("alt"):
        say(game, "alt_cost", "alt_cost", [so.id], ["cast_modes", "alternative_cost"], player=player, spell=so)
    for k, (ru, key) in costs.OPTIONAL_COSTS.items():
        if ch_.get(k):
            say(game, k, "optional_cost", [so.id], ["cast_modes", key] + (["kicked"] if k == "kicker" else []),
                player=player, cost=Text(f"{ru} {(so.casting or {})[k]}", key), so=so)
    if "x" in ch_:
        say(game, "x", "x_value", [so.id], ["cast_modes", "x_value"], player=player, x=ch_['x'], so=so)


def _targets_and_division(game: Game, player, so: Obj, kinds: tuple, targets, what: str) -> None:
    """601.2c–d: the targets, their number first when it varies; a division among them."""
    spec = so.casting or {}
    if spec.get("any_number_of_targets") and so.stack_kind == "spell":
        n = len(targets or [])
        if spec.get("max_targets") and n > spec["max_targets"]:
            raise refuse(game, f"{what}: целей не больше {spec['max_targets']}", "cast_targets")
        if n < 1:
            raise InvalidInput(f"{what}: назовите цели (сколько угодно, хотя бы одну); допустимые: "
                               f"{', '.join(effects.legal_targets(game, kinds[0], player.name, so)) or 'нет'}")
        kinds = (kinds[0],) * n
        so.choices["target_kinds"] = list(kinds)
    elif so.choices.get("mode"):
        so.choices["target_kinds"] = list(kinds)
    so.targets = _choose_targets(game, player, kinds, targets, what, source=so)
    event_triggers.on_targeted(game, so.targets, so)   # "becomes the target" (603.2)
    refs = [t[1] for t in so.targets]
    if (so.distinct_targets or spec.get("any_number_of_targets")) and len(set(refs)) != len(refs):
        raise refuse(game, f"{what}: цели должны быть разными", "cast_targets")
    if so.targets:
        say(game, "targets", "targets", [so.id] + refs,
            ["cast_targets", "targets"] + (["aura_target"] if "Aura" in so.subtypes else [])
            + stack_fights.target_keys(game, so.targets), so=so, targets=targets_text(game, so.targets))


def _pay_total(game: Game, player, so: Obj, src: Obj, ability, ch_: dict, pay, label: str) -> None:
    """601.2f–h: determine the total cost, activate mana abilities, pay everything."""
    costs.check_payable(game, player, src, ability, ch_)
    total = costs.total_mana(src, ability, ch_, len(so.targets), game)
    printed = src.cost if ability is None else parse_mana_cost(ability.get("cost", {}).get("mana"))
    changes = costs.cost_changes(game, src) if ability is None else []
    if ability is None and (ch_.get("alt") or changes or str(total) != str(printed or "")):
        why = "".join(f"; {s.label()}: {'+' if n > 0 else '−'}{{{abs(n)}}}" for s, n in changes)
        say(game, "total_cost", "total_cost", [so.id] + [s.id for s, _ in changes],
                  ["cast_total_cost"] + (["alternative_cost"] if ch_.get("alt") or ch_.get("free") else [])
                  + (["additional_cost"] if (src.casting or {}).get("additional_cost") else [])
                  + [key for k, (_, key) in costs.OPTIONAL_COSTS.items() if ch_.get(k)]
                  + (["alt_cost_changes"] if ch_.get("alt") and changes else []),
            so=so, total=Text(str(total or '{0}'), str(total)), why=why,
            floor=" (уменьшение не опускает её ниже {0})" if changes and not total.mana_value else "")
    for k in costs.OPTIONAL_COSTS if ability is None else ():   # waterbend: permanents tapped for its generic mana
        help_ = hooks.by_key(hooks.MANA_HELP, k)
        if help_ is not None and (ch_.get(k) or ch_.get(f"{k}_tap")):
            total = help_.fn.pay(game, player, so, ch_, total)
    spent = pay_mana(game, player, total, pay)
    if ability is None:
        so.choices["spent"] = spent   # the mana spent to cast it (not copied: mana isn't an object, 706.10)
    if total.mana_value:
        say(game, "pay", "pay_total", [player.name, so.id], ["cast_total_cost", "cast_pay"], player=player, total=total)
    so.choices.update(costs.pay(game, player, src, ability, ch_, label))


def cast_steps(game: Game, player, obj: Obj, ch_: dict, targets, pay, keys: tuple = (), resolving: bool = False) -> None:
    """601.2a–i once the choices are complete (``costs.complete``): to the stack, announcements,
    targets and division, the total cost paid, cast. ``resolving``: cast while a spell or ability
    resolves (608.2f) — the caller gives no priority afterwards."""
    ev.move(game, obj, "stack", keys=("cast_announce", "stack_put") + keys, kind="cast_begin",
            text_ru=f"{player.name} объявляет розыгрыш {obj.label()}: карта перемещается на стек"
            + (" — во время разрешения способности, без учёта ограничений по времени" if resolving else ""),
            text_en=f"{player.name} casts {obj.label_en()}")
    obj.stack_kind = "spell"
    obj.choices = {k: v for k, v in ch_.items() if k in ("x", "mode", "alt", "free", *costs.OPTIONAL_COSTS)}
    if ch_.get("free"):
        x0 = bool(obj.cost and obj.cost.x)
        say(game, "alt_cost", "cast_free", [obj.id], ["alternative_cost", "alternative_cost_one"] + (["x_free_zero"] if x0 else []),
            player=player, obj=obj, x0=": X в мана-стоимости может быть только 0" if x0 else "")
    _announce(game, player, obj, ch_)
    modes = (obj.casting or {}).get("modes")
    kinds = tuple(modes[ch_["mode"] - 1].get("targets", ())) if modes else obj.spell_targets
    _targets_and_division(game, player, obj, kinds, targets, obj.label())
    costs.announce_division(game, obj, ch_.get("divide"))
    _pay_total(game, player, obj, obj, None, ch_, pay, obj.label())
    say(game, "cast", "cast_done", [obj.id], ["cast_done"] + (["cast_during_resolution"] if resolving else ["priority_after_action"]),
        obj=obj, resolving=Text(": оно наверху стека, приоритет никто не получает, и способность продолжает разрешаться", "")
        if resolving else "")
    triggers.on_cast(game, obj, done=True)   # the cast triggers that look at its targets (601.2i)
    turn_history.note(game, player.name, "cast")


@_atomic
def cast(game: Game, player, ref: str, targets=None, pay=None, **choices) -> Obj | None:
    """601.2. ``choices``: x, mode, sacrifice, discard, tap_untapped, alt (costs.CHOICE_KEYS).
    None when a choice left out must be asked first (the decision is then owed)."""
    _require_priority(game, player)
    _split_second(game)
    unknown = set(choices) - set(costs.CHOICE_KEYS)
    if unknown:
        raise InvalidInput(f"неизвестный выбор {sorted(unknown)}; есть: {', '.join(costs.CHOICE_KEYS)}")
    obj = find_in_hand(game, player, ref)
    _cast_check(game, player)   # Silence (601.3)
    if "land" in obj.types:
        raise InvalidInput(f"{obj.label()} — земля: её играют (play_land), а не разыгрывают")
    if "instant" not in obj.types and not _has_flash(game, obj) and not sorcery_speed_ok(game, player):
        key = "creature_timing" if obj.is_creature else "sorcery_timing"
        raise refuse(game, f"{obj.label()} можно разыграть только в свою главную фазу при пустом стеке: "
                     "никакое правило не позволяет начать его розыгрыш сейчас", "cast_permission", key, "timing_noninstant")
    why = turn_history.cast_problem(game, player.name)
    if why:
        raise refuse(game, f"{obj.label()}: {why}", "cast_permission")   # 601.3: an effect prohibits it
    flash = ("flash",) if "instant" not in obj.types and not sorcery_speed_ok(game, player) else ()   # 702.8a
    args = {"ref": obj.id, "targets": targets, "pay": pay, **choices}
    ch_ = costs.complete(game, player, obj, None, choices, "cast", args, lambda: _legal_modes(game, player, obj))
    if ch_ is None:
        return None
    cast_steps(game, player, obj, ch_, targets, pay, flash)
    game.passes = 0
    priority.give_priority(game, game.pidx(player.name))   # 117.3c
    return obj


def cast_while_resolving(game: Game, player, obj: Obj, choices: dict) -> Obj:
    """608.2f: an effect instructs ``player`` to cast ``obj`` from their hand without paying its
    mana cost (118.9) while it resolves (Wild Evocation, engine/revealed_cast.py). No timing
    permission is needed — the effect gives it (601.3) — but a prohibition still applies (Silence,
    Angelic Arbiter, split second). ``choices`` are a ``cast:`` action's: targets, pay, mode,
    kicker, sacrifice, divide …; X is 0 (107.3b) and no alternative cost may be applied (118.9a).
    One left out that has several answers is bad input (the caller lists the legal ones)."""
    _split_second(game)
    _cast_check(game, player)
    why = turn_history.cast_problem(game, player.name)
    if why:
        raise refuse(game, f"{obj.label()}: {why}", "cast_permission")
    unknown = set(choices) - set(costs.CHOICE_KEYS) - {"targets", "pay"}
    if unknown:
        raise InvalidInput(f"неизвестный выбор {sorted(unknown)}; есть: targets, pay, {', '.join(costs.CHOICE_KEYS)}")
    picked = {k: v for k, v in choices.items() if k in costs.CHOICE_KEYS}
    ch_ = costs.complete(game, player, obj, None, {**picked, "free": True}, "cast_resolving", {},
                         lambda: _legal_modes(game, player, obj))
    if ch_ is None:
        d, game.decision = game.decision, None
        raise InvalidInput(f"{obj.label()}: не указано {d.context['field']}; допустимые: {', '.join(map(str, d.options))}")
    cast_steps(game, player, obj, ch_, choices.get("targets"), choices.get("pay"), resolving=True)
    return obj


def activated_abilities(obj: Obj) -> list:
    return [a for a in obj.abilities if "activated" in a or "mana" in a]


def can_activate_now(game: Game, player) -> bool:
    return not game.decision and game.has_priority(player.name)


def can_activate_ability_now(game: Game, player, obj: Obj, n: int) -> bool:
    """Priority, and for a loyalty, equip or sorcery-speed ability its timing (606.3, 702.6a)."""
    if not can_activate_now(game, player) or any(h.fn(game, obj) for h in hooks.hooks(hooks.ACTIVATION_BAN)):
        return False
    abl = activated_abilities(obj)
    if not 1 <= n <= len(abl) or "activated" not in abl[n - 1]:
        return True
    spec = abl[n - 1]["activated"]
    return not loyalty.sorcery_only(spec) or (sorcery_speed_ok(game, player)
                                              and not (loyalty.is_loyalty(spec) and loyalty.used_this_turn(game, obj)))


@_atomic
def activate(game: Game, player, oid: str, n: int = 1, targets=None, pay=None, **choices) -> Obj | None:
    _require_priority(game, player)
    obj = game.objects.get(oid)
    if obj is None:
        raise InvalidInput(f"неизвестный объект «{oid}»")
    if obj.zone != "battlefield" or obj.controller != player.name:
        raise refuse(game, f"{player.name} не контролирует {obj.label()} на поле битвы", "activate")
    abl = activated_abilities(obj)
    if not 1 <= n <= len(abl):
        raise InvalidInput(f"у {obj.label()} нет активируемой способности №{n} (всего {len(abl)})")
    _activation_check(game, obj)   # Ice Cage (602.5)
    ab = abl[n - 1]
    if "mana" in ab:
        tap_for_mana(game, player, obj, ab)
        return None
    _split_second(game)
    spec = ab["activated"]
    while_attacking.check(game, obj, ab)   # "activate only if [this] is attacking" (Ancient Hellkite)
    loyalty.check(game, player, obj, spec)
    cost = spec.get("cost", {})
    unknown = set(choices) - set(costs.CHOICE_KEYS)
    if unknown:
        raise InvalidInput(f"неизвестный выбор {sorted(unknown)}; есть: {', '.join(costs.CHOICE_KEYS)}")
    args = {"oid": oid, "n": n, "targets": targets, "pay": pay, **choices}
    ch_ = costs.complete(game, player, obj, spec, choices, "activate", args, lambda: [])
    if ch_ is None:
        return None
    abid = game.numbered_id(f"{oid}-ab")
    so = Obj(id=abid, owner=player.name, controller=player.name, zone="stack",
             name_ru=f"Способность «{obj.name_ru}»", name_en=f"{obj.name_en} ability",
             effects=tuple(spec.get("effects", ())), spell_targets=tuple(spec.get("targets", ())),
             stack_kind="ability", source=obj.id, source_lki=ev.lki(game, obj),
             distinct_targets=bool(spec.get("distinct_targets")))   # "two target lands" (601.2c)
    so.choices = {"x": ch_["x"]} if "x" in ch_ else {}
    game.objects[abid] = so
    game.stack.append(abid)
    so.timestamp = game.next_ts()
    keys = ["activate", "priority_after_action"] + (["loyalty_timing"] if loyalty.is_loyalty(spec) else []) \
        + (["equip"] if spec.get("equip") else [])
    say(game, "activate", "activate", [abid, oid], keys, player=player, obj=obj)
    if loyalty.is_loyalty(spec) or spec.get("once_each_turn"):
        loyalty.mark_used(game, obj, spec)
    _announce(game, player, so, ch_)
    so.targets = _choose_targets(game, player, so.spell_targets, targets, so.label(), source=so)
    if so.distinct_targets and len({t[1] for t in so.targets}) != len(so.targets):
        raise refuse(game, f"{so.label()}: цели должны быть разными", "cast_targets")
    event_triggers.on_targeted(game, so.targets, so)
    if so.targets:
        say(game, "targets", "targets", [abid] + [t[1] for t in so.targets],
            ["cast_targets", "targets"] + stack_fights.target_keys(game, so.targets), so=so, targets=targets_text(game, so.targets))
    if cost.get("tap"):
        if obj.tapped:
            raise refuse(game, f"{obj.label()} уже повёрнут: стоимость {{T}} не оплатить", "cast_pay", "activate")
        if obj.is_creature and obj.sick and not ch.has_keyword(game, obj, "haste"):
            raise refuse(game, f"{obj.label()} под контролем игрока {player.name} не с начала его последнего хода: способность с {{T}} активировать нельзя",
                         "summoning_sickness")
    costs.check_payable(game, player, obj, spec, ch_)
    pay_mana(game, player, costs.total_mana(obj, spec, ch_, len(so.targets), game), pay)
    if cost.get("tap"):
        obj.tapped = True
        hasty = obj.is_creature and obj.sick   # 702.10c: only haste lets it pay {T} now
        say(game, "pay", "pay_tap", [oid], ["cast_pay", "activate"] + (["haste_tap"] if hasty else []), player=player, obj=obj,
            haste=Text(" — у существа ускорение, поэтому {T} можно оплатить в тот же ход", " — it has haste, so {T} can be paid "
                       "this turn") if hasty else "")
    so.choices.update(costs.pay(game, player, obj, spec, ch_, so.label()))
    game.passes = 0
    priority.give_priority(game, game.pidx(player.name))
    return so


def can_play_land_now(game: Game, player) -> bool:
    return can_activate_now(game, player) and sorcery_speed_ok(game, player)


def _land_to_play(game: Game, player, ref: str) -> Obj:
    """The card ``ref`` in the hand, or one another zone lets the player play (the top of their library)."""
    if ref in _replacement.lands_from_elsewhere(game, player):
        return game.objects[ref]
    return find_in_hand(game, player, ref)


@_atomic
def play_land(game: Game, player, ref: str) -> Obj:
    _require_priority(game, player)
    obj = _land_to_play(game, player, ref)
    if "land" not in obj.types:
        raise InvalidInput(f"{obj.label()} — не земля")
    if not sorcery_speed_ok(game, player):
        raise refuse(game, "землю можно сыграть только в свою главную фазу при пустом стеке", "play_land")
    if player.lands_played >= 1:
        raise refuse(game, f"{player.name} уже сыграл землю в этот ход", "one_land")
    player.lands_played += 1
    ev.move(game, obj, "battlefield", keys=("play_land", "priority_after_action"), kind="play_land", controller=player.name,
            text_ru=f"{player.name} играет землю {obj.label()}", text_en=f"{player.name} plays {obj.label_en()}")
    priority.give_priority(game, game.pidx(player.name))
    return obj


def pass_priority(game: Game) -> None:
    if game.result:
        raise InvalidInput("игра окончена")
    if game.decision:
        raise InvalidInput(f"ожидается решение: {game.decision.text_ru}")
    if game.priority is None:
        raise InvalidInput("сейчас никто не имеет приоритета")
    priority.pass_priority(game)


@_atomic
def choose(game: Game, value) -> None:
    """Answer the decision the engine is waiting for."""
    d = game.decision
    if d is None:
        raise InvalidInput("сейчас никакого решения не ожидается")
    hook = hooks.by_key(hooks.DECISION, d.kind)   # the module that owes it answers it (combat, costs, the stack, …)
    if hook is not None:
        return hook.fn(game, value)
    if d.kind == "as_enters":   # Clone's copy, Conspiracy's type, Painter's Servant's colour
        obj = control_copy.answer(game, value)
        say(game, "choice", "chooses_for", [d.by, obj.id], ["copy_choices"], player=d.by, obj=obj,
            values=[str(v) for v in obj.chosen.values()])
        game.decision = None
        priority.finish_entering(game, obj.id)
        return None
    vals = [str(v) for v in value] if isinstance(value, list) else [str(value)]
    if d.kind == "targets":
        for v, kind in zip(vals, d.context.get("kinds", [])):
            if v in game.objects:
                fits, keys = effects.object_fits(game, kind, d.by, game.objects[v])
                if not fits:
                    raise refuse(game, f"«{v}» не может быть целью ({effects.KIND_RU.get(kind, kind)})", *(keys + ["trigger_targets"]))
            elif game.has_player(v) and not effects.player_fits(kind, v, d.by):
                raise refuse(game, f"игрок {v} не может быть целью ({effects.KIND_RU.get(kind, kind)})", "targets", "trigger_targets")
    if d.kind == "legend_rule" and len(vals) == 1 and vals[0] in game.objects and vals[0] not in map(str, d.options):
        o = game.objects[vals[0]]   # 704.5j: the player chooses among the legendary permanents they control
        raise refuse(game, f"{o.label()} не среди легендарных перманентов игрока {d.by} с этим именем; "
                     f"допустимые: {', '.join(map(str, d.options))}", "sba_legend")
    for v in vals:
        if v not in [str(o) for o in d.options]:
            raise InvalidInput(f"«{v}» — недопустимый ответ; допустимые: {', '.join(map(str, d.options))}")
    if d.kind == "order_triggers":
        if sorted(vals) != sorted(map(str, d.options)):
            raise InvalidInput(f"нужно упорядочить все способности: {', '.join(d.options)}")
        game.sba_choices[("order", d.by)] = vals
    elif d.kind == "legend_rule":
        if len(vals) != 1:
            raise InvalidInput("нужно выбрать ровно один перманент")
        game.sba_choices[tuple(d.context["key"])] = vals[0]
    elif d.kind == "targets":
        if len(vals) != d.count:
            raise InvalidInput(f"нужно выбрать целей: {d.count}")
        game.sba_choices[("targets", d.context["trigger"])] = vals
    elif d.kind == "discard":
        if len(set(vals)) != d.count:
            raise InvalidInput(f"нужно выбрать ровно {d.count} карт(ы)")
    say(game, "choice", "chooses", [d.by] + vals,
              {"order_triggers": ["trigger_apnap"], "legend_rule": ["sba_legend"], "targets": ["trigger_targets"],
               "discard": ["cleanup_discard"]}[d.kind], player=d.by, values=vals)
    game.decision = None
    if d.resume == "cleanup":
        turn.cleanup(game, discarded=vals)
    else:
        priority.settle(game)


# -- the event pipeline's choices (replacement.py) ------------------------------------------
# A replacement order (616.1) owed in the middle of an action undoes the action, asks, and
# replays it with the answer; answering it is a ``choose``.

def _has_flash(game: Game, obj: Obj) -> bool:
    """702.8a: a spell with flash may be cast any time its controller could cast an instant; so may
    any spell of a player who controls "you may cast spells as though they had flash" (Leyline of
    Anticipation: the card's controller in hand is the one who would cast it)."""
    return ch.has_keyword(game, obj, "flash") or any(
        game.objects[oid].controller == obj.controller
        and any(a.get("static") == "cast_as_though_flash" for a in _abilities(game, game.objects[oid]))
        for oid in game.battlefield)


def _abilities(game: Game, o: Obj) -> tuple:
    c = ch.of(game, o)
    return c.abilities if c is not None else o.abilities


from judge_app.engine.kernel import replacement as _replacement  # noqa: E402

cast = _replacement.replayable(cast)
activate = _replacement.replayable(activate)
pass_priority = _replacement.replayable(pass_priority)
play_land = _replacement.replayable(play_land)   # a land's "as it enters, you may pay 2 life" (614.12)
choose = _replacement.replayable(choose)
