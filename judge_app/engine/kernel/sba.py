"""State-based actions (704): all applicable ones are found first, then performed at
the same time (704.3), and the check repeats until none applies."""

from __future__ import annotations

from judge_app.engine.kernel import characteristics as ch
from judge_app.engine.kernel import events as ev
from judge_app.engine.kernel import hooks, replacement, triggers
from judge_app.engine.kernel.messages import Text, decision_en, say
from judge_app.engine.kernel.ru import life
from judge_app.engine.kernel.state import Decision, Game, ZONE_RU


def find(game: Game) -> tuple:
    """(actions, decision): actions are tuples describing what to do; if a choice is
    owed (the legend rule) a Decision is returned and nothing is performed yet."""
    acts = []
    for p in game.players:
        if p.lost:
            continue
        losses = hooks.team_rules().losses(game, p) if game.teams else _losses(p)
        if losses and not _cant_lose(game, p, losses):   # Platinum Angel: the SBA can't make them lose (614.17)
            acts.append(("lose", p.name, *losses[0]))
    for p in game.players:
        for z in ("hand", "graveyard", "exile", "library", "command"):
            for oid in p.zone(z):
                if game.objects[oid].token:
                    acts.append(("cease", oid, "sba_token", z))
    legends: dict = {}
    for oid in game.battlefield:
        o = game.objects[oid]
        if o.is_creature:
            c = ch.compute_pt(game, o, explain=True)
            layer_keys = tuple(dict.fromkeys(k for k, _ in c.steps if k != "layer7"))
            act = _creature_sba(game, o, c, layer_keys)
            if act:
                acts.append(act)
        if "planeswalker" in o.types and o.counters.get("loyalty", 0) <= 0:
            acts.append(("graveyard", oid, "sba_loyalty", "0 жетонов верности"))
        if "legendary" in o.supertypes:
            legends.setdefault((o.controller, o.name_en or o.name_ru), []).append(oid)
        if "Aura" in o.subtypes:
            host = game.objects.get(o.attached_to) if o.attached_to else None
            if host is None or host.zone != "battlefield" or (o.enchant == "creature" and not host.is_creature):
                acts.append(("graveyard", oid, "sba_aura", "Аура ни к чему не прикреплена" if host is None or host.zone != "battlefield" else "недопустимый объект"))
            elif _attach_banned(game, "Aura", host, o):   # 702.16c
                acts.append(("graveyard", oid, ("sba_aura", "protection_aura"), f"у {host.id} защита от качества Ауры"))
        if "Equipment" in o.subtypes and o.attached_to:
            host = game.objects.get(o.attached_to)
            if host is None or host.zone != "battlefield" or not host.is_creature:
                acts.append(("unattach", oid, "sba_equipment", "снаряжение прикреплено не к существу"))
            elif _attach_banned(game, "Equipment", host, o):   # 702.16d
                acts.append(("unattach", oid, ("sba_equipment", "protection_equipment"),
                             f"у {host.id} защита от качества снаряжения"))
        if o.attached_to and not ({"Aura", "Equipment", "Fortification"} & set(o.subtypes)):
            acts.append(("unattach", oid, "sba_attached", "прикреплён перманент, который не может быть прикреплён"))
        plus, minus = o.counters.get("+1/+1", 0), o.counters.get("-1/-1", 0)
        if plus and minus:
            acts.append(("cancel", oid, "sba_counters", min(plus, minus)))
    for (ctl, name), ids in legends.items():
        if len(ids) < 2:
            continue
        keep = game.sba_choices.get(("legend", ctl, name))
        if keep not in ids:
            return acts, Decision(by=ctl, kind="legend_rule", options=list(ids), count=1,
                                  text_ru=f"{ctl} выбирает, какой из легендарных перманентов «{game.objects[ids[0]].name_ru}» оставить: {', '.join(ids)}",
                                  context={"key": ["legend", ctl, name]})
        for oid in ids:
            if oid != keep:
                acts.append(("graveyard", oid, "sba_legend", f"{ctl} оставляет {keep}"))
    return acts, None


def check(game: Game) -> bool:
    """Perform one round of state-based actions. True if anything happened."""
    triggers.check_state_triggers(game)   # 603.8: state triggers are checked with them
    acts, decision = find(game)
    if decision is not None:
        game.decision = decision
        say(game, "decision", "decision", [decision.by], ["sba_legend", "sba_check"], text=decision.text_ru,
            text_en=decision_en(decision.by, decision.kind))
        return False
    for p in game.players:   # 704.5b: only attempts since the last check count — this check has seen them
        p.drew_from_empty = False
    if not acts:
        return False
    # Everything below is one simultaneous event (704.3): decide first, then apply.
    if game.teams:
        acts = hooks.team_rules().with_teammates(game, acts)   # 810.8a: the team loses together
    acts = _merge_leaving(acts)
    for a in acts:
        kind, ref, key, why = a
        if kind == "lose":
            ev.player_loses(game, game.player(ref), why, ["sba_check", *_keys(key)])
        elif kind == "cancel":
            o = game.objects[ref]
            o.counters["+1/+1"] -= why
            o.counters["-1/-1"] -= why
            game.touch()
            for k in ("+1/+1", "-1/-1"):
                if not o.counters[k]:
                    del o.counters[k]
            ev.counters_removed(game, o, "+1/+1", why)   # Protean Hydra (FAQ M2011 r170)
            say(game, "sba", "sba_counters_cancel", [ref], ["sba_check", key, "counters_cancel"], obj=o, n=why)
    for a in acts:
        if a[0] == "unattach":
            o = game.objects[a[1]]
            host = o.attached_to
            o.attached_to = None
            game.touch()
            say(game, "sba", "sba_unattached", [o.id, host], ["sba_check"] + (list(a[2]) if isinstance(a[2], tuple) else [a[2]]),
                obj=o, host=host, why=a[3])
    leaving = [(a, game.objects[a[1]]) for a in acts if a[0] in ("graveyard", "destroy")]
    # 614.8: a destruction may be replaced by regeneration; 704.5f is not a destruction
    leaving = [(a, o) for a, o in leaving if a[0] != "destroy" or replacement.run(
        game, {"kind": "destroy", "obj": o, "keys": ["sba_check"] + _keys(a[2])}) is not None]
    infos = {o.id: ev.lki(game, o) for _, o in leaving}   # look back before anything moves
    placed = {}
    for a, o in leaving:
        kind, ref, key, why = a
        placed[o.id] = ev.graveyard_event(game, o, "battlefield")   # 614: Leyline of the Void
        dest = placed[o.id]["to"]
        ev.left_battlefield(game, o, infos[o.id], dest)
        ev._remove_from_zone(game, o)
        ev.become_new_object(o, from_battlefield=True)
        ev.put_in_zone(game, o, dest)
        verb = "уничтожается" if kind == "destroy" else "кладётся на кладбище владельца"
        if dest != "graveyard":
            verb += f" — и вместо кладбища отправляется в зону: {ZONE_RU[dest]}"
        say(game, "sba", "sba_leaves", [ref], ["sba_check"] + _keys(key) + (["destroy"] if kind == "destroy" else []),
            obj=o, verb=Text(verb, "destroyed" if kind == "destroy" else "put into its owner’s graveyard"), why=why)
    for a, o in leaving:
        triggers.on_leave(game, o, infos[o.id], o.zone, together=infos)
    if leaving:
        ev.moved(game, [(o, "battlefield", placed[o.id]) for _, o in leaving])   # one event (701.24g)
    for a in acts:
        if a[0] == "cease":
            o = game.objects[a[1]]
            game.player(o.owner).zone(o.zone).remove(o.id)
            o.zone = "none"
            say(game, "sba", "token_ceases", [o.id], ["sba_check", "sba_token", "token_ceases"], obj=o)
    game.sba_choices = {k: v for k, v in game.sba_choices.items() if k[0] != "legend"}
    check_game_over(game)
    return True


def _attach_banned(game: Game, what: str, host, attachment) -> bool:
    """Whether ``host`` can't have ``attachment`` attached (hooks.ATTACH_BAN: protection, 702.16c-d)."""
    hook = hooks.by_key(hooks.ATTACH_BAN, what)
    return bool(hook is not None and hook.fn(game, host, attachment))


def check_game_over(game: Game) -> None:
    if game.result or hooks.team_rules().game_over(game):
        return
    alive = game.live_players()
    if not alive:
        game.result = {"draw": True}
        say(game, "game_over", "all_lose_draw", [p.name for p in game.players], ["game_all_lose_draw"])
    elif len(alive) == 1 and len(game.players) > 1:
        game.result = {"winner": alive[0].name}
        say(game, "game_over", "wins", [alive[0].name], ["game_win"], player=alive[0])


def _keys(key) -> list:
    return list(key) if isinstance(key, tuple) else [key]


def _creature_sba(game: Game, o, c, layer_keys: tuple):
    """The state-based actions that apply to a creature, all of them cited (704.3):
    toughness 0 or less puts it into the graveyard (704.5f: not a destruction, so
    regeneration and indestructible don't help); lethal damage (704.5g) and deathtouch
    damage (704.5h) destroy it — both cited when both apply."""
    keys = []
    if c.toughness <= 0:
        keys.append("sba_toughness")
    lethal = c.toughness > 0 and o.damage >= c.toughness
    deadly = o.deathtouch_damage   # any damage from deathtouch, even as -1/-1 counters (702.2b)
    indestructible = (lethal or deadly) and "indestructible" in ch.keyword_set(game, o)   # 702.12b
    if lethal and not indestructible:
        keys.append("sba_lethal")
    if deadly and not indestructible:
        keys.append("sba_deathtouch")
    if not keys:
        return None
    why = [f"выносливость {c.toughness}"] + ([f"повреждений {o.damage}"] if lethal else []) + (
        ["повреждения от источника со смертельным касанием"] if deadly and not indestructible else [])
    if "sba_toughness" in keys:
        return ("graveyard", o.id, tuple(keys) + layer_keys, ", ".join(why))
    return ("destroy", o.id, tuple(keys) + (layer_keys if lethal else ()), ", ".join(why))


def _losses(p) -> list:
    """The state-based actions that would make ``p`` lose (704.5a–c): [(rule key, why)]."""
    return [(key, why) for key, why, holds in (
        ("sba_life", f"у игрока {life(p.life)}", p.life <= 0),
        ("sba_draw_empty", "пытался взять карту из пустой библиотеки", p.drew_from_empty),
        ("sba_poison", f"{p.poison} жетонов яда", p.poison >= 10)) if holds]


def _cant_lose(game: Game, p, losses: list) -> bool:
    """"You can't lose the game" (Platinum Angel): a "can't" effect (614.17), not a
    replacement. The trace says so once for each state it holds off, naming the state-based
    actions it stops."""
    angel = next((game.objects[sid] for sid in game.static_sources
                  if hooks.team_rules().same_team(game, game.objects[sid].controller, p.name)   # 810.8a: the team
                  and any(ab.get("static") == "cant_lose_game" for ab in game.objects[sid].abilities)), None)
    if angel is None:
        return False
    state = (p.life, p.poison, angel.id)   # a draw from an empty library is news each time (704.5b)
    if p.drew_from_empty or game.sba_choices.get(("cant_lose", p.name)) != state:
        game.sba_choices[("cant_lose", p.name)] = state
        say(game, "cant_lose", "cant_lose", [p.name, angel.id],
                  list(dict.fromkeys(["sba_check", *(k for key, _ in losses for k in _keys(key)), "cant_effects"]
                                     + (["team_loses_together"] if angel.controller != p.name else []))),
            player=p, why='; '.join(w for _, w in losses), angel=angel)
    return True


def _merge_leaving(acts: list) -> list:
    """One object that several state-based actions put into the graveyard leaves once,
    and the event cites all of them (704.3). If any of them is not a destruction (704.5f,
    the legend rule), it isn't one: regeneration can't replace it."""
    out, first = [], {}
    for a in acts:
        if a[0] not in ("graveyard", "destroy"):
            out.append(a)
            continue
        if a[1] not in first:
            first[a[1]] = len(out)
            out.append(a)
            continue
        i = first[a[1]]
        kind, ref, key, why = out[i]
        kind = "graveyard" if "graveyard" in (kind, a[0]) else "destroy"
        keys = tuple(dict.fromkeys(_keys(key) + _keys(a[2])))
        out[i] = (kind, ref, keys, f"{why}; {a[3]}")
    return out
