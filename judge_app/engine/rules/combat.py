"""Combat (506-511): declaring attackers and blockers, damage assignment order, combat
damage with first strike and double strike, trample, deathtouch, lifelink, protection,
removal from combat and the end of combat.

The combat steps are begun here (``begin_step``, called by ``turn.begin_step``). Every
choice a player makes in combat is a ``Decision`` the engine waits for:

``declare_attackers`` (active player, 508.1)
    answer ``{ATTACKER: PLAYER_OR_PLANESWALKER}``, a list of attackers (the only
    opponent is attacked) or ``"none"``;
``declare_blockers`` (each defending player, 509.1)
    ``{BLOCKER: ATTACKER}`` or ``"none"``;
``order_blockers`` (509.2 by the active player for an attacker blocked by several;
    509.3 by the defending player for a blocker blocking several)
    ``{ATTACKER: [BLOCKER, ...]}`` or just the list;
``assign_damage`` (510.1, the active player for attackers, then the defending player for
    blockers) ``{SOURCE: {RECIPIENT: N, ...}}``.

A choice with exactly one legal answer is made by the engine. An illegal answer raises
``Refused`` with the rules that forbid it; the game is left as it was and the same
decision is owed again.

``game.combat`` holds the state of the combat phase (None outside it)::

    attackers  {id: {target, tinc, inc, ctl}}   declaration order; target: player or planeswalker id
    blockers   {id: {blocking: [attacker ids], inc, ctl}}
    blocked    {attacker id: bool}              509.1h, kept after blockers leave
    order      {attacker id: [blocker ids]}     509.2
    border     {blocker id: [attacker ids]}     509.3
    fs_step    a first-strike damage step happened (510.4)
    fs_at_start {id: "first_strike" | "double_strike"} as that step began
    assign     {source id: {recipient: n}}      the assignment of the current damage step
"""

from __future__ import annotations

from judge_app.engine.kernel import events as ev
from judge_app.engine.kernel import hooks, release_rules, triggers, turn_history
from judge_app.engine.kernel.errors import InvalidInput, Refused
from judge_app.engine.kernel.messages import Text, say
from judge_app.engine.kernel.ru import dmg
from judge_app.engine.kernel.state import Decision, Game, STEP_EN, STEP_RU
from judge_app.engine.rules import (
    attack_requirements, aura_abilities, block_requirements, extra_phases, prevention, priority, restrictions,
    shield_split)
from judge_app.engine.rules.keywords import effective, evasion, has, names, protection, strike

COMBAT_ACTIONS = ("attack", "block", "order_blockers", "assign_damage")
DECISIONS = ("declare_attackers", "declare_blockers", "order_blockers", "assign_damage")
DECLARATIONS = ("declare_attackers", "declare_blockers")
OWN_STEPS = ("declare_attackers", "declare_blockers", "first_strike_damage", "combat_damage", "end_of_combat")
ACTION_DECISION = {"attack": "declare_attackers", "block": "declare_blockers",
                   "order_blockers": "order_blockers", "assign_damage": "assign_damage"}
NONE_WORDS = ("none", "нет", "no", "")
MAX_AUTO_PASSES = 500


def refuse(game: Game, msg: str, keys) -> Refused:
    keys = list(dict.fromkeys(keys))
    return Refused(msg, keys, [game.cite(k) for k in keys])


def _fresh() -> dict:
    return {"attackers": {}, "blockers": {}, "blocked": {}, "order": {}, "border": {},
            "defenders": [], "pending_orders": [], "fs_step": False, "fs_at_start": {},
            "assign": {}, "assign_queue": [], "first": False}


def _name(game: Game, ref) -> str:
    if ref is None:
        return "никого"
    if game.has_player(ref):
        return ref
    return game.objects[ref].label()


# -- who is in combat -----------------------------------------------------------------

def _alive(game: Game, oid: str, entry: dict) -> bool:
    o = game.objects.get(oid)
    return (o is not None and o.zone == "battlefield" and o.incarnation == entry["inc"]
            and o.controller == entry["ctl"] and o.is_creature)


def attacking(game: Game) -> list:
    c = game.combat
    return [a for a, e in c["attackers"].items() if _alive(game, a, e)] if c else []


def blocking(game: Game) -> list:
    c = game.combat
    return [b for b, e in c["blockers"].items() if _alive(game, b, e)] if c else []


def is_attacking(game: Game, oid: str) -> bool:
    return oid in attacking(game)


def is_blocking(game: Game, oid: str) -> bool:
    return oid in blocking(game)


def blockers_of(game: Game, aid: str) -> list:
    """Blockers of an attacker, in its damage assignment order where announced."""
    c = game.combat
    live = [b for b in blocking(game) if aid in c["blockers"][b]["blocking"]]
    order = c["order"].get(aid)
    if order:
        return [b for b in order if b in live] + [b for b in live if b not in order]
    return live


def blocked_by(game: Game, bid: str) -> list:
    c = game.combat
    live = set(attacking(game))
    order = c["border"].get(bid) or c["blockers"][bid]["blocking"]
    return [a for a in order if a in live]


def _target_alive(game: Game, entry: dict):
    """The player or planeswalker an attacker attacks now (506.4c), or None."""
    t = entry["target"]
    if t is None:
        return None
    if game.has_player(t):
        return None if game.player(t).lost else t
    o = game.objects.get(t)
    if o is None or o.zone != "battlefield" or o.incarnation != entry["tinc"] or "planeswalker" not in o.types:
        return None
    return t


def _defender_of(game: Game, entry: dict) -> str | None:
    t = entry["target"]
    if t is None:
        return None
    if game.has_player(t):
        return t
    return entry.get("tctl")


def prune(game: Game) -> None:
    """Remove from combat what left the battlefield, changed controller or stopped being a
    creature (506.4); an attacker whose planeswalker left keeps attacking nothing (506.4c)."""
    c = game.combat
    if not c:
        return
    for group in ("attackers", "blockers"):
        for oid, e in list(c[group].items()):
            if not _alive(game, oid, e):
                del c[group][oid]
                c["order"].pop(oid, None)
                c["border"].pop(oid, None)
                o = game.objects.get(oid)
                say(game, "removed_from_combat", "pruned_from_combat", [oid], ["removed_from_combat"], obj=o if o else oid)
    for aid, e in c["attackers"].items():
        if e["target"] is not None and not game.has_player(e["target"]) and _target_alive(game, e) is None:
            pw = e["target"]
            e["target"] = None
            say(game, "removed_from_combat", "attacked_planeswalker_removed", [aid, pw],
                ["removed_from_combat", "removed_pw_attacker_stays"], pw=pw, obj=game.objects[aid])


def role(game: Game, oid: str) -> dict | None:
    """{attacking: target, blocked: bool, blockers: [...]} or {blocking: [...]}, for views."""
    if not game.combat:
        return None
    if oid in attacking(game):
        return {"attacking": game.combat["attackers"][oid]["target"], "blocked": bool(game.combat["blocked"].get(oid)),
                "blockers": blockers_of(game, oid)}
    if oid in blocking(game):
        return {"blocking": blocked_by(game, oid)}
    return None


def role_ru(game: Game, oid: str) -> str:
    r = role(game, oid)
    if not r:
        return ""
    if "attacking" in r:
        s = f"атакует {r['attacking'] or 'ничего'}"
        if r["blocked"]:
            s += ", заблокировано" + (f" ({', '.join(r['blockers'])})" if r["blockers"] else "")
        return s
    return f"блокирует {', '.join(r['blocking'])}"


def remove(game: Game, obj) -> None:
    """An effect removes ``obj`` from combat (506.4): it stops attacking or blocking; a
    creature it blocked stays blocked (509.1h)."""
    c = game.combat
    if obj is None or not hasattr(obj, "incarnation") or not c:
        return
    was = False
    for group in ("attackers", "blockers"):
        if obj.id in c[group]:
            del c[group][obj.id]
            was = True
    c["order"].pop(obj.id, None)
    c["border"].pop(obj.id, None)
    if was:
        say(game, "removed_from_combat", "removed_from_combat", [obj.id], ["removed_from_combat"], obj=obj)


# -- steps ------------------------------------------------------------------------------

def _step_event(game: Game, step: str, keys: list) -> None:
    say(game, "step", "step_begins", [], keys, step=Text(STEP_RU[step], STEP_EN[step]))


def begin_step(game: Game, step: str) -> None:
    """Begin a combat step: its turn-based actions, then priority (or a decision owed)."""
    if step == "first_strike_damage" and not first_strike_step_needed(game):
        step = "combat_damage"   # 510.4: no first strike or double strike, one damage step
    game.step = step
    game.passes = 0
    game.priority = None
    if step == "declare_attackers":
        _step_event(game, step, ["declare_attackers"])
        game.combat = _fresh()
        _ask_attackers(game)
    elif step == "declare_blockers":
        _step_event(game, step, ["declare_blockers"])
        prune(game)
        if game.combat is None:
            priority.give_priority(game, game.active)
            return
        c = game.combat
        defenders = []
        for a in attacking(game):
            d = _defender_of(game, c["attackers"][a])
            if d and d not in defenders:
                defenders.append(d)
        c["defenders"] = [p.name for p in game.apnap() if p.name in defenders]
        _next_blocker_declaration(game)
    elif step == "first_strike_damage":
        c = game.combat
        c["fs_step"] = True
        c["fs_at_start"] = {o: ("double_strike" if has(game, game.objects[o], "double_strike") else "first_strike")
                            for o in attacking(game) + blocking(game) if strike.first_or_double(game, game.objects[o])}
        keys = ["first_strike_step", "first_strike"]
        if "double_strike" in c["fs_at_start"].values():
            keys.append("double_strike")
        _step_event(game, step, keys)
        prune(game)
        _start_damage(game, first=True)
    elif step == "combat_damage":
        c = game.combat
        _step_event(game, step, ["combat_damage_assign"] + (["first_strike_step"] if c and c["fs_step"] else []))
        prune(game)
        if c is None:
            priority.give_priority(game, game.active)
            return
        _start_damage(game, first=False)
    elif step == "end_of_combat":
        _step_event(game, step, ["end_of_combat", "priority_ap_step"])
        prune(game)
        triggers.on_step_begin(game)   # "at end of combat" (511.2): a delayed ability waiting for this step (603.7)
        priority.give_priority(game, game.active)


def end_combat(game: Game) -> None:
    """511.3: as the end of combat step ends, everything is removed from combat."""
    if game.combat and (game.combat["attackers"] or game.combat["blockers"]):
        ids = list(game.combat["attackers"]) + list(game.combat["blockers"])
        say(game, "combat_end", "combat_end", ids, ["end_of_combat_removed"])
    game.combat = None
    game.attackers = False


def first_strike_step_needed(game: Game) -> bool:
    return bool(game.combat) and any(strike.first_or_double(game, game.objects[o]) for o in attacking(game) + blocking(game))


# -- declare attackers (508) --------------------------------------------------------------

def attack_candidates(game: Game) -> list:
    ap = game.ap.name
    return [oid for oid in game.battlefield if game.objects[oid].controller == ap
            and game.objects[oid].is_creature and not evasion.attack_problems(game, game.objects[oid])]


def _opponents(game: Game) -> list:
    return [p.name for p in game.live_players() if p.name != game.ap.name]


def _ask_attackers(game: Game) -> None:
    cands = attack_candidates(game)
    mine = [o for o in game.battlefield if game.objects[o].controller == game.ap.name and game.objects[o].is_creature]
    if not mine or not _opponents(game):
        _no_attackers(game)
        return
    # Owed even when no creature may attack, so that an illegal attack is refused with its rule.
    ap = game.ap.name
    game.decision = Decision(by=ap, kind="declare_attackers", options=["none"] + cands, count=1, resume="combat",
                             text_ru=f"{ap} объявляет атакующих (может атаковать: {', '.join(cands) or 'никто'})")
    say(game, "decision", "declare_attackers_decision", [ap], ["declare_attackers", "attack_choose"], player=ap)


def _no_attackers(game: Game) -> None:
    game.combat = None
    game.attackers = False
    game.decision = None
    say(game, "no_attackers", "no_attackers", [game.ap.name], ["no_attackers"], player=game.ap)
    priority.give_priority(game, game.active)


def declare_attackers(game: Game) -> bool:
    """Kept for callers of the old placeholder: begin the declare attackers step."""
    begin_step(game, "declare_attackers")
    return game.attackers


def _norm_attack(game: Game, value) -> dict:
    if value is None or (isinstance(value, str) and value.casefold() in NONE_WORDS):
        return {}
    if isinstance(value, str):
        value = [value]
    if isinstance(value, list):
        opps = _opponents(game)
        if len(opps) != 1:
            raise InvalidInput("при нескольких противниках укажите, кого атакует каждое существо: {СУЩЕСТВО: ИГРОК}")
        return {str(a): opps[0] for a in value}
    if isinstance(value, dict):
        return {str(k): (None if v is None else str(v)) for k, v in value.items() if k != "by"}
    raise InvalidInput(f"attack: ожидается {{АТАКУЮЩИЙ: ИГРОК или planeswalker}}, а не {value!r}")


def _answer_attackers(game: Game, value) -> None:
    mapping = _norm_attack(game, value)
    ap = game.ap.name
    missing = [o for o in evasion.must_attack(game) if o not in mapping]
    if missing:
        raise refuse(game, "не выполнено требование атаки: " + ", ".join(
            f"{game.objects[o].label()} атакует в каждом бою, если может" for o in missing),
            ["attack_requirements", "declare_attackers"])
    wrong = attack_requirements.wrong_defenders(game, mapping)   # "attacks you if able": you, not your planeswalker
    if wrong:
        raise refuse(game, "не выполнено требование атаки: " + ", ".join(
            f"{game.objects[a].label()} в этом ходу атакует игрока {who}, если может" for a, who in wrong),
            ["attack_requirements", "declare_attackers"])
    if not mapping:
        _no_attackers(game)
        return
    problems = []
    opps = _opponents(game)
    for aid, tgt in mapping.items():
        o = game.objects.get(aid)
        if o is None:
            raise InvalidInput(f"неизвестное существо «{aid}»")
        if o.zone != "battlefield":
            problems.append((["attack_choose"], f"{o.label()} не на поле битвы"))
            continue
        for keys, why in evasion.attack_problems(game, o):
            problems.append((keys, f"{o.label()}: {why}"))
        if tgt is None:
            if len(opps) == 1:
                mapping[aid] = opps[0]
                continue
            raise InvalidInput(f"не указано, кого атакует {o.label()}")
        if game.has_player(tgt):
            if tgt not in opps:
                problems.append((["combat_defending"], f"{o.label()} не может атаковать игрока {tgt}: атаковать можно только противника"))
        elif tgt in game.objects:
            t = game.objects[tgt]
            if t.zone != "battlefield" or "planeswalker" not in t.types:
                problems.append((["combat_only_creatures"], f"{t.label()} не planeswalker на поле битвы: атаковать можно только игрока или planeswalker'а"))
            elif t.controller not in opps:
                problems.append((["combat_defending", "attack_target"], f"{t.label()} под контролем {t.controller}: атаковать можно только planeswalker'ов противника"))
        else:
            raise InvalidInput(f"неизвестный игрок или planeswalker «{tgt}»")
    if len(mapping) == 1:   # "can't attack alone" (508.1c): a restriction on the whole declaration
        alone = game.objects[next(iter(mapping))]
        if has(game, alone, "cant_attack_alone"):
            problems.append((["attack_restrictions"], f"{alone.label()} не может атаковать в одиночку"))
    if problems:
        raise refuse(game, "; ".join(m for _, m in problems), ["declare_attackers"] + [k for ks, _ in problems for k in ks])
    c = game.combat if game.combat is not None else _fresh()
    game.combat = c
    parts = [f"{game.objects[a].label()} → {_name(game, t)}" for a, t in mapping.items()]
    keys = ["declare_attackers", "attack_choose", "attack_becomes"]
    if any(not game.has_player(t) for t in mapping.values()) or len(opps) > 1:
        keys.append("attack_target")
    if any(game.objects[a].sick for a in mapping):
        keys.append("haste")
    if any(restrictions.checked_for(game, game.objects[a]) for a in mapping):   # "can't attack unless …"
        keys.append("attack_restrictions")
    game.decision = None
    say(game, "attack", "attackers_declared", [ap] + list(mapping) + list(mapping.values()), keys, player=ap,
        parts='; '.join(parts))
    for aid, tgt in mapping.items():
        o = game.objects[aid]
        tinc = game.objects[tgt].incarnation if tgt in game.objects else 0
        tctl = game.objects[tgt].controller if tgt in game.objects else tgt
        c["attackers"][aid] = {"target": tgt, "tinc": tinc, "tctl": tctl, "inc": o.incarnation, "ctl": o.controller}
        c["blocked"][aid] = False
        if has(game, o, "vigilance"):
            say(game, "vigilance", "vigilance", [aid], ["vigilance"], obj=o)
        else:
            o.tapped = True
            say(game, "tap", "attack_tap", [aid], ["attack_tap"], obj=o)
    game.attackers = True
    turn_history.note(game, ap, "attacked")   # Angelic Arbiter reads it
    extra_phases.note_attackers(game, ap, [game.objects[a] for a in mapping])   # "creatures that attacked this turn"
    for aid in mapping:
        o = game.objects[aid]
        for i, ab in enumerate(o.abilities):
            if ab.get("trigger") == "attacks":
                triggers._pending(game, aid, triggers._info(o, game), i, ab, "attack_trigger_whenever")
        aura_abilities.on_declared(game, aid, "attack_trigger_whenever")   # Primal Cocoon
    say(game, "priority", "attackers_declared_priority", [ap], ["attack_priority", "attack_triggers"], ap=ap)
    priority.give_priority(game, game.active)   # 508.2


# -- declare blockers (509) ---------------------------------------------------------------

def _attacking_player(game: Game, player: str) -> list:
    """Attackers attacking ``player`` or a planeswalker they control."""
    c = game.combat
    return [a for a in attacking(game) if _defender_of(game, c["attackers"][a]) == player]


def block_candidates(game: Game, player: str) -> list:
    atts = [game.objects[a] for a in _attacking_player(game, player)]
    out = []
    for oid in game.battlefield:
        o = game.objects[oid]
        if o.controller == player and o.is_creature and any(evasion.could_block(game, o, a) for a in atts):
            out.append(oid)
    # a lone possible blocker can't block a creature with menace (702.110b)
    if len(out) == 1:
        o = game.objects[out[0]]
        if all(has(game, a, "menace") or not evasion.could_block(game, o, a) for a in atts):
            return []
    return out


def _next_blocker_declaration(game: Game) -> None:
    c = game.combat
    while c["defenders"]:
        p = c["defenders"][0]
        cands = block_candidates(game, p)
        if any(game.objects[o].controller == p and game.objects[o].is_creature for o in game.battlefield):
            game.decision = Decision(by=p, kind="declare_blockers", options=["none"] + cands, count=1, resume="combat",
                                     text_ru=f"{p} объявляет блокирующих (может блокировать: {', '.join(cands) or 'никто'})")
            say(game, "decision", "declare_blockers_decision", [p], ["declare_blockers", "block_choose"], player=p)
            return
        c["defenders"].pop(0)
        say(game, "no_blockers", "no_blockers_able", [p], ["declare_blockers", "block_choose"], player=p)
    _finish_blocks(game)


def _norm_block(value) -> dict:
    if value is None or (isinstance(value, str) and value.casefold() in NONE_WORDS):
        return {}
    if not isinstance(value, dict):
        raise InvalidInput(f"block: ожидается {{БЛОКИРУЮЩИЙ: АТАКУЮЩИЙ}}, а не {value!r}")
    out = {}
    for k, v in value.items():
        if k == "by":
            continue
        lst = v if isinstance(v, list) else [v]
        out[str(k)] = [str(x) for x in lst]
    return out


def _answer_blockers(game: Game, value) -> None:
    c = game.combat
    p = game.decision.by
    mapping = _norm_block(value)
    problems = []
    mine = set(_attacking_player(game, p))
    count: dict = {}
    for bid, aids in mapping.items():
        b = game.objects.get(bid)
        if b is None:
            raise InvalidInput(f"неизвестное существо «{bid}»")
        for a in aids:
            if a not in game.objects:
                raise InvalidInput(f"неизвестное существо «{a}»")
        if b.zone != "battlefield" or b.controller != p:
            problems.append((["block_choose"], f"{b.label()} не под контролем защищающегося игрока {p}"))
            continue
        for keys, why in evasion.blocker_problems(game, b):
            problems.append((keys, f"{b.label()}: {why}"))
        if not aids or len(aids) > evasion.max_blocked(game, b) or len(set(aids)) != len(aids):
            problems.append((["block_choose"], f"{b.label()} может блокировать только одно существо"
                             if evasion.max_blocked(game, b) == 1 else f"{b.label()} может блокировать не больше {evasion.max_blocked(game, b)} существ"))
        for a in aids:
            ao = game.objects[a]
            if a not in mine:
                problems.append((["block_choose"], f"{ao.label()} не атакует игрока {p} или его planeswalker'а"))
                continue
            for keys, why in evasion.pair_problems(game, b, ao):
                problems.append((keys, f"{b.label()} не может блокировать: {why}"))
            count[a] = count.get(a, 0) + 1
    for a, n in count.items():
        for keys, why in evasion.menace_problems(game, game.objects[a], n):
            problems.append((keys, why))
    # "all creatures able to block it do so" (Prized Unicorn)
    problems += block_requirements.problems(game, p, [game.objects[a] for a in mine], mapping)
    required = evasion.must_block(game, p, [game.objects[a] for a in mine])
    for bid in required:
        if bid not in mapping:
            problems.append((["block_requirements"], f"{game.objects[bid].label()} блокирует в каждом бою, если может, "
                             f"а может блокировать {', '.join(required[bid])}"))
    if problems:
        raise refuse(game, "; ".join(m for _, m in problems), ["declare_blockers"] + [k for ks, _ in problems for k in ks])
    game.decision = None
    if mapping:
        parts = [f"{game.objects[b].label()} блокирует {', '.join(game.objects[a].label() for a in aids)}" for b, aids in mapping.items()]
        keys = ["declare_blockers", "block_choose", "block_becomes"]
        if required or block_requirements.required(game, p, [game.objects[a] for a in mine]):
            keys.append("block_requirements")
        for a in count:
            ao = game.objects[a]
            if has(game, ao, "menace"):
                keys.append("menace")
            if has(game, ao, "flying"):
                keys.append("flying")
            for hook in hooks.hooks(hooks.BLOCK_BAN):   # an evasion a mechanism owns, obeyed (509.1b): shadow
                if any(has(game, ao, k) for k in hook.keys):
                    keys += ["block_restrictions", *hook.keys]
        say(game, "block", "blockers_declared", [p] + list(mapping) + list(count), keys, player=p, parts='; '.join(parts))
    else:
        say(game, "no_blockers", "no_blockers", [p], ["declare_blockers", "block_choose"], player=p)
    for bid, aids in mapping.items():
        b = game.objects[bid]
        c["blockers"][bid] = {"blocking": list(aids), "inc": b.incarnation, "ctl": b.controller}
    c["defenders"].pop(0)
    for bid in mapping:
        b = game.objects[bid]
        for i, ab in enumerate(b.abilities):
            if ab.get("trigger") == "blocks":
                triggers._pending(game, bid, triggers._info(b, game), i, ab, "block_triggers")
            if ab.get("trigger") == "blocks_a_creature":   # once for each creature it blocks; "that creature"
                for aid in mapping[bid]:
                    triggers._pending(game, bid, {**triggers._info(b, game), "_that": (aid, game.objects[aid].incarnation)},
                                      i, ab, "block_triggers")
        aura_abilities.on_declared(game, bid, "block_triggers")
    _next_blocker_declaration(game)


def _finish_blocks(game: Game) -> None:
    c = game.combat
    live = attacking(game)
    blocked, unblocked = [], []
    for a in live:
        if any(a in e["blocking"] for e in c["blockers"].values()):
            c["blocked"][a] = True
            blocked.append(a)
        else:
            unblocked.append(a)
    if live:
        parts = []
        if blocked:
            parts.append("заблокированы: " + ", ".join(game.objects[a].label() for a in blocked))
        if unblocked:
            parts.append("не заблокированы: " + ", ".join(game.objects[a].label() for a in unblocked))
        say(game, "blocked", "blocked_status", live, ["blocked_status"], parts="; ".join(parts),
            blocked=', '.join(blocked) or '-', unblocked=', '.join(unblocked) or '-')
    for a in blocked:   # "whenever [this] becomes blocked" (509.1h); "… by a white creature" (509.3f)
        triggers.on_becomes_blocked(game, game.objects[a])
        for hook in hooks.hooks(hooks.BLOCKED):
            hook.fn(game, game.objects[a], [game.objects[b] for b in blockers_of(game, a)])
    if not ordered(game):   # from 2024-11-08 nobody orders anything: straight to priority (509.2)
        c["pending_orders"] = []
        for a in blocked:
            if len(blockers_of(game, a)) > 1:
                say(game, "order", "damage_divided_freely", [a] + blockers_of(game, a), ["damage_blocked"],
                    obj=game.objects[a], how="заблокировано несколькими существами",
                    how_en="is blocked by several creatures")
        for b in blocking(game):
            if len(blocked_by(game, b)) > 1:
                say(game, "order", "damage_divided_freely", [b] + blocked_by(game, b), ["damage_blocker"],
                    obj=game.objects[b], how="блокирует несколько существ", how_en="blocks several creatures")
        _next_order(game)
        return
    pend = []
    for a in blocked:
        bl = blockers_of(game, a)
        if len(bl) > 1:
            pend.append(("attacker", a))
        else:
            c["order"][a] = bl
    for b in blocking(game):
        bl = blocked_by(game, b)
        if len(bl) > 1:
            pend.append(("blocker", b))
        else:
            c["border"][b] = bl
    c["pending_orders"] = pend
    _next_order(game)


def ordered(game: Game) -> bool:
    """Does this game's release have damage assignment order (509.2-3, gone from 2024-11-08)?"""
    return release_rules.has(game.rules_version, "damage_assignment_order")


def _next_order(game: Game) -> None:
    c = game.combat
    while c["pending_orders"]:
        what, oid = c["pending_orders"][0]
        opts = blockers_of(game, oid) if what == "attacker" else blocked_by(game, oid)
        if len(opts) <= 1:
            (c["order"] if what == "attacker" else c["border"])[oid] = opts
            c["pending_orders"].pop(0)
            continue
        by = game.ap.name if what == "attacker" else game.objects[oid].controller
        key = "order_blockers" if what == "attacker" else "order_attackers"
        o = game.objects[oid]
        game.decision = Decision(by=by, kind="order_blockers", options=list(opts), count=len(opts), resume="combat",
                                 text_ru=f"{by} объявляет порядок распределения повреждений {o.label()}: {', '.join(opts)}",
                                 context={"for": oid, "what": what})
        say(game, "decision", "damage_order_decision", [by, oid], [key], player=by, obj=o)
        return
    game.decision = None
    if game.combat.get("blocks_done"):
        return
    game.combat["blocks_done"] = True
    say(game, "priority", "blockers_declared_priority", [game.ap.name], ["block_priority", "block_triggers"], ap=game.ap)
    priority.give_priority(game, game.active)   # 509.4


def _answer_order(game: Game, value) -> None:
    c = game.combat
    todo = value if isinstance(value, dict) else {c["pending_orders"][0][1]: value}
    todo = {str(k): v for k, v in todo.items() if k != "by"}
    used = False
    while game.decision is not None and game.decision.kind == "order_blockers":
        oid = game.decision.context["for"]
        what = game.decision.context["what"]
        if oid not in todo:
            if used:
                return
            raise InvalidInput(f"ожидается порядок для {oid}, а указан для {', '.join(todo) or 'ничего'}")
        lst = todo.pop(oid)
        lst = [str(x) for x in (lst if isinstance(lst, list) else [lst])]
        opts = list(game.decision.options)
        key = "order_blockers" if what == "attacker" else "order_attackers"
        if sorted(lst) != sorted(opts):
            raise refuse(game, f"порядок распределения повреждений {oid} должен включать ровно всех: {', '.join(opts)}", [key])
        (c["order"] if what == "attacker" else c["border"])[oid] = lst
        c["pending_orders"].pop(0)
        say(game, "order", "damage_order", [oid] + lst, [key], player=game.decision.by, obj=game.objects[oid],
            order=Text(" → ".join(game.objects[x].label() for x in lst), ", ".join(lst)))
        used = True
        game.decision = None
        _next_order(game)
    if todo:
        raise InvalidInput(f"порядок для {', '.join(todo)} не требуется")


# -- combat damage (510) ------------------------------------------------------------------

def _participants(game: Game, first: bool) -> list:
    """Creatures that assign combat damage in this step (510.4, 702.4b, 702.7b-c)."""
    c = game.combat
    everyone = attacking(game) + blocking(game)
    if first:
        return [o for o in everyone if strike.first_or_double(game, game.objects[o])]
    if not c["fs_step"]:
        return everyone
    out = []
    for o in everyone:
        obj = game.objects[o]
        had = c["fs_at_start"].get(o)
        if had is None:
            out.append(o)
            if strike.first_or_double(game, obj):
                say(game, "strike_note", "strike_gained_late", [o], ["first_strike_changed"], obj=obj)
        elif has(game, obj, "double_strike"):
            out.append(o)
            if had == "first_strike":
                say(game, "strike_note", "double_strike_gained", [o], ["double_strike_given"], obj=obj)
        else:
            key = "double_strike_removed" if had == "double_strike" else "first_strike_changed"
            say(game, "strike_note", "strike_had", [o], [key, "first_strike_step"], obj=obj,
                which=Text("двойной", "double") if had == "double_strike" else Text("первый", "first"))
    return out


def _start_damage(game: Game, first: bool) -> None:
    c = game.combat
    c["first"] = first
    c["assign"] = {}
    parts = _participants(game, first)
    c["sources"] = parts
    queue = [game.ap.name]
    for p in game.apnap():
        if p.name != game.ap.name and any(game.objects[o].controller == p.name for o in parts):
            queue.append(p.name)
    c["assign_queue"] = queue
    _next_assignment(game)


def _recipients(game: Game, src: str) -> tuple:
    """(recipients in order, rule keys, kind) of a source's combat damage."""
    c = game.combat
    o = game.objects[src]
    if src in c["attackers"]:
        e = c["attackers"][src]
        tgt = _target_alive(game, e)
        if not c["blocked"].get(src):
            return ([tgt] if tgt else []), ["damage_unblocked"], "unblocked"
        bl = blockers_of(game, src)
        if not bl:
            if has(game, o, "trample"):
                return ([tgt] if tgt else []), ["trample_no_blockers"], "trample_empty"
            return [], ["damage_blocked"], "blocked_empty"
        if has(game, o, "trample") and tgt:
            return bl + [tgt], ["damage_blocked", "trample"], "trample"
        return bl, ["damage_blocked"], "blocked"
    return blocked_by(game, src), ["damage_blocker"], "blocker"


def _lethal_state(game: Game, totals: dict, dts: set, r) -> bool:
    """Has recipient ``r`` been assigned lethal damage (510.1c, 702.2c)?"""
    if r not in game.objects or not game.objects[r].is_creature:
        return False
    o = game.objects[r]
    if r in dts:
        return True
    return o.damage + totals.get(r, 0) >= strike.toughness(game, o)


def _canonical(game: Game, src: str, recips: list, totals: dict, dts: set) -> dict:
    """Lethal damage to each recipient in order, the rest to the last one."""
    power = strike.power(game, game.objects[src])
    dt = has(game, game.objects[src], "deathtouch")
    out, left = {}, power
    for i, r in enumerate(recips):
        if i == len(recips) - 1:
            n = left
        else:
            if r in game.objects and game.objects[r].is_creature:
                n = min(left, strike.lethal_needed(game, game.objects[r], totals.get(r, 0), r in dts, dt))
            else:
                n = 0
        if n:
            out[r] = out.get(r, 0) + n
        left -= n
    return out


def _auto(game: Game, src: str, totals: dict, dts: set):
    """The only legal assignment, or None if the player has a choice."""
    power = strike.power(game, game.objects[src])
    recips, keys, kind = _recipients(game, src)
    if power <= 0 or not recips:
        return {}
    if len(recips) == 1:
        return {recips[0]: power}
    if not ordered(game) and kind != "trample":
        return None   # two or more blockers (or blocked): divided as its controller chooses (510.1c-d)
    if not ordered(game) and len(recips) > 2:
        return None   # trample over several blockers: which of them gets what is chosen
    first = recips[0]
    need = strike.lethal_needed(game, game.objects[first], totals.get(first, 0), first in dts, has(game, game.objects[src], "deathtouch"))
    if power <= need:
        return {first: power}
    return None


def _add(totals: dict, dts: set, game: Game, src: str, assignment: dict) -> None:
    for r, n in assignment.items():
        totals[r] = totals.get(r, 0) + n
        if n > 0 and has(game, game.objects[src], "deathtouch"):
            dts.add(r)


def _current_totals(game: Game) -> tuple:
    totals, dts = {}, set()
    for s, a in game.combat["assign"].items():
        _add(totals, dts, game, s, a)
    return totals, dts


def _next_assignment(game: Game) -> None:
    c = game.combat
    while c["assign_queue"]:
        p = c["assign_queue"][0]
        mine = [s for s in c["sources"] if game.objects[s].controller == p and s not in c["assign"]]
        totals, dts = _current_totals(game)
        needing = []
        for s in mine:
            a = _auto(game, s, totals, dts)
            if a is None:
                needing.append(s)
            else:
                c["assign"][s] = a
                _add(totals, dts, game, s, a)
                _explain_auto(game, s, a)
        if needing:
            canon = {}
            for s in needing:
                canon[s] = _canonical(game, s, _recipients(game, s)[0], totals, dts)
                _add(totals, dts, game, s, canon[s])
            options = _assignment_options(game, needing, canon)
            descr = "; ".join(f"{game.objects[s].label()} ({strike.power(game, game.objects[s])}) → {', '.join(_name(game, r) for r in _recipients(game, s)[0])}"
                              for s in needing)
            game.decision = Decision(by=p, kind="assign_damage", options=options, count=1, resume="combat",
                                     text_ru=f"{p} распределяет боевые повреждения: {descr}", context={"sources": needing})
            keys = ["combat_damage_assign"] + sorted({k for s in needing for k in _recipients(game, s)[1]})
            say(game, "decision", "assign_decision", [p] + needing, keys, player=p, needing=', '.join(needing))
            return
        c["assign_queue"].pop(0)
    _deal(game)


def _assignment_options(game: Game, needing: list, canon: dict) -> list:
    """Legal assignments to offer (the first is the form's proposal): lethal damage in order,
    the rest to the last; everything to the first. Without an order (2024-11-08 on) the
    division is free: also lethal damage in the reverse order, and everything to each blocker."""
    out = [canon, {s: {_recipients(game, s)[0][0]: strike.power(game, game.objects[s])} for s in needing}]
    if not ordered(game):
        totals, dts = _current_totals(game)
        out.append({s: _canonical(game, s, _blockers_reversed(_recipients(game, s)), totals, dts) for s in needing})
        blockers = {s: [r for r in _recipients(game, s)[0] if r in game.objects and game.objects[r].is_creature]
                    for s in needing}
        for i in range(1, max(len(b) for b in blockers.values())):
            out.append({s: {b[min(i, len(b) - 1)]: strike.power(game, game.objects[s])} for s, b in blockers.items() if b})
    unique = []
    for o in out:
        if o not in unique:
            unique.append(o)
    return unique


def _blockers_reversed(recipients: tuple) -> list:
    """The blockers in reverse, trample's player or planeswalker still last."""
    recips, _keys, kind = recipients
    return recips[:-1][::-1] + recips[-1:] if kind == "trample" else recips[::-1]


def _explain_auto(game: Game, src: str, a: dict) -> None:
    """The trace says how a creature's damage was assigned when there was no choice."""
    o = game.objects[src]
    power = strike.power(game, o)
    recips, keys, kind = _recipients(game, src)
    if power <= 0:
        say(game, "assign", "assign_no_power", [src], ["damage_equal_power"], obj=o, power=power)
    elif not a:
        why = {"unblocked": "оно ничего не атакует (planeswalker выведен из боя)",
               "blocked_empty": "оно заблокировано, но блокирующих его существ больше нет",
               "blocker": "заблокированных им существ больше нет в бою"}.get(kind, "получателей нет")
        say(game, "assign", "assign_none", [src], keys + (["blocked_status"] if kind == "blocked_empty" else []), obj=o, why=why)
    else:
        parts = ", ".join(f"{_name(game, r)} — {n}" for r, n in a.items())
        say(game, "assign", "assign_only", [src] + list(a), keys, obj=o, dmg=dmg(power),
            shares=Text(parts, ", ".join(f"{n} to {r}" for r, n in a.items())))


def _norm_assign(value, needing: list) -> dict:
    if not isinstance(value, dict):
        raise InvalidInput(f"assign_damage: ожидается {{ИСТОЧНИК: {{ПОЛУЧАТЕЛЬ: N}}}}, а не {value!r}")
    value = {str(k): v for k, v in value.items() if k != "by"}
    if len(needing) == 1 and needing[0] not in value and all(isinstance(v, int) for v in value.values()):
        value = {needing[0]: value}
    out = {}
    for s, a in value.items():
        if not isinstance(a, dict):
            raise InvalidInput(f"assign_damage: для {s} ожидается {{ПОЛУЧАТЕЛЬ: N}}")
        m = {}
        for r, n in a.items():
            if not isinstance(n, int) or isinstance(n, bool) or n < 0:
                raise InvalidInput(f"assign_damage: {s} → {r}: ожидается целое число ≥ 0")
            m[str(r)] = n
        out[s] = m
    return out


def check_assignment(game: Game, src: str, a: dict, totals: dict, dts: set) -> list:
    """[(keys, message)] of what makes this creature's assignment illegal (510.1a-d, 702.19b-d, 702.2c).
    ``totals``/``dts`` include the damage assigned by every other creature this step."""
    o = game.objects[src]
    power = strike.power(game, o)
    recips, keys, kind = _recipients(game, src)
    problems = []
    for r in a:
        if r not in recips and a[r] > 0:
            if kind in ("blocked", "blocked_empty") and (game.has_player(r) or r == game.combat["attackers"].get(src, {}).get("target")):
                problems.append((["damage_blocked", "trample"], f"{o.label()} заблокировано и без пробивного удара не может назначить повреждения {_name(game, r)}"))
            elif kind == "trample" and game.has_player(r) and not game.has_player(recips[-1]):
                problems.append((["trample_planeswalker"], f"{o.label()} атакует planeswalker'а: повреждения игроку назначить нельзя"))
            else:
                problems.append((keys, f"{o.label()} не может назначить повреждения {_name(game, r)}"))
    total = sum(a.values())
    if max(power, 0) != total:
        problems.append((["damage_equal_power"], f"{o.label()} распределяет повреждения, равные своей силе ({max(power, 0)}), а назначено {total}"))
    mine_totals = dict(totals)
    mine_dts = set(dts)
    _add(mine_totals, mine_dts, game, src, a)
    for i, r in enumerate(recips):
        if a.get(r, 0) > 0:
            # with an order, each earlier recipient first (510.1c-d 2020); without one (2024-11-08
            # on), only trample's excess waits for lethal damage to every blocker (702.19b)
            earlier = recips[:i] if ordered(game) or (kind == "trample" and i == len(recips) - 1) else []
            for prev in earlier:
                if not _lethal_state(game, mine_totals, mine_dts, prev):
                    extra = ["trample"] if kind == "trample" and r == recips[-1] else []
                    if has(game, o, "deathtouch"):
                        extra.append("deathtouch_lethal")
                    problems.append((keys[:1] + extra, f"{o.label()} не может назначить повреждения {_name(game, r)}, пока {_name(game, prev)} "
                                     "не назначены смертельные повреждения"))
                    break
    return problems


def _answer_assign(game: Game, value) -> None:
    c = game.combat
    p = game.decision.by
    needing = list(game.decision.context["sources"])
    given = _norm_assign(value, needing)
    for s in given:
        if s not in c["sources"] or game.objects[s].controller != p:
            raise InvalidInput(f"{s}: сейчас {p} не распределяет повреждения этого существа")
        if s not in needing and given[s] != c["assign"].get(s):
            raise refuse(game, f"у {game.objects[s].label()} единственное законное распределение: {c['assign'].get(s)}",
                         ["combat_damage_assign"] + _recipients(game, s)[1])
    missing = [s for s in needing if s not in given]
    if missing:
        raise InvalidInput(f"не указано распределение повреждений: {', '.join(missing)}")
    new = {s: given[s] for s in needing}
    trial = dict(c["assign"])
    trial.update(new)
    problems = []
    for s in needing:
        totals, dts = {}, set()
        for s2, a2 in trial.items():
            if s2 != s:
                _add(totals, dts, game, s2, a2)
        problems.extend(check_assignment(game, s, new[s], totals, dts))
    if problems:
        raise refuse(game, "; ".join(m for _, m in problems), ["damage_assignment_check"] + [k for ks, _ in problems for k in ks])
    for s in needing:
        c["assign"][s] = {r: n for r, n in new[s].items() if n > 0}
        o = game.objects[s]
        keys = ["combat_damage_assign"] + _recipients(game, s)[1]
        if has(game, o, "deathtouch") and len(_recipients(game, s)[0]) > 1 and (ordered(game) or _recipients(game, s)[2] == "trample"):
            keys.append("deathtouch_lethal")
        say(game, "assign", "assign", [s] + list(c["assign"][s]), keys, player=p, obj=o,
            shares=Text(", ".join(f"{_name(game, r)} — {n}" for r, n in c["assign"][s].items()),
                        ", ".join(f"{n} to {r}" for r, n in c["assign"][s].items())))
    game.decision = None
    c["assign_queue"].pop(0)
    _next_assignment(game)


def _source_info(game: Game, src: str) -> dict:
    o = game.objects[src]
    info = ev.lki(game, o)
    info["colors"] = tuple(o.colors)
    info["keywords"] = effective(game, o)
    return info


def _deal(game: Game) -> None:
    """510.2: all assigned combat damage is dealt at once; lifelink once per source."""
    c = game.combat
    items = [(s, r, n) for s in c["sources"] for r, n in c["assign"].get(s, {}).items() if n > 0]
    first = c["first"]
    shield_split.plan(game, items, lambda s, r: _shield_can_prevent(game, s, r))   # 615.7: asked before it is dealt
    if items:
        say(game, "combat_damage", "combat_damage", sorted({s for s, _, _ in items}),
            ["damage_simultaneous"] + (["first_strike_step"] if first else []),
            which=Text("Боевые повреждения первого удара", "") if first else Text("Боевые повреждения", ""))
    infos = {s: _source_info(game, s) for s in {s for s, _, _ in items}}
    gained: dict = {}
    for s, r, n in items:
        info = dict(infos[s])
        src_obj = game.objects[s]
        recipient = game.player(r) if game.has_player(r) else game.objects.get(r)
        if recipient is None or (not game.has_player(r) and recipient.zone != "battlefield"):
            continue
        why = protection.prevents_damage(game, src_obj, recipient)
        if why and not _cant_be_prevented(game, info):
            say(game, "prevent", "protection_prevents", [s, r], why + ["damage_prevention_event"], src=src_obj, dmg=dmg(n),
                obj=recipient)
            continue
        lifelink = "lifelink" in names(game, info)
        info["keywords"] = tuple(k for k in info.get("keywords", ()) if (next(iter(k)) if isinstance(k, dict) else k) != "lifelink")
        extra = ["damage_simultaneous"]
        if not game.has_player(r) and "planeswalker" in recipient.types:
            extra.append("loyalty_damage")
        dealt = ev.deal_damage(game, info, recipient, n, extra)   # what prevention left (615.6)
        if lifelink and dealt:
            gained[s] = gained.get(s, 0) + dealt
    for s, n in gained.items():
        info = infos[s]
        ctl = game.player(info["controller"])
        ev.gain_life(game, ctl, n, keys=("lifelink", "damage_lifelink_result", "life_change") + (("lifelink_separate",) if len(gained) > 1 else ()),
                     why=f" — цепь жизни «{info['name_ru']}» ({s}), одно событие на источник")
    for r in sorted({r for _, r, _ in items if r in game.objects}):
        o = game.objects[r]
        if o.zone == "battlefield" and o.is_creature and has(game, o, "indestructible") \
                and (o.damage >= strike.toughness(game, o) or o.deathtouch_damage):
            say(game, "indestructible", "indestructible_lethal", [r], ["indestructible"], obj=o, n=o.damage)
    shield_split.done(game)
    game.decision = None
    say(game, "priority", "combat_damage_priority", [game.ap.name], ["damage_priority", "priority_sba_first"], ap=game.ap)
    priority.give_priority(game, game.active)   # 510.3


# -- answering decisions --------------------------------------------------------------------

def answer(game: Game, value, by: str | None = None) -> None:
    """Answer the combat decision owed now. Illegal: ``Refused``, game unchanged."""
    d = game.decision
    if d is None or d.kind not in DECISIONS:
        raise InvalidInput("сейчас не ожидается решения о бое")
    if by and by != d.by:
        raise InvalidInput(f"решение принимает {d.by}, а не {by}")
    backup = game.clone()
    if game.stop_at is not None:
        trial = game.clone()
        trial.stop_at = None
        _answer(trial, value)
    try:
        _answer(game, value)
    except (Refused, InvalidInput):
        game.restore(backup)
        raise


def _answer(game: Game, value) -> None:
    kind = game.decision.kind
    if kind == "declare_attackers":
        _answer_attackers(game, value)
    elif kind == "declare_blockers":
        _answer_blockers(game, value)
    elif kind == "order_blockers":
        _answer_order(game, value)
    else:
        _answer_assign(game, value)


def decline_declarations(game: Game) -> bool:
    """Declare no attackers / no blockers for a declaration the script does not make
    (the scenario runner calls this before passing or taking another action)."""
    done = False
    while game.decision is not None and game.decision.kind in DECLARATIONS and not game.result:
        value = "none"
        if game.decision.kind == "declare_attackers" and evasion.must_attack(game) and _opponents(game):
            value = {o: attack_requirements.required_defender(game, game.objects[o]) or _opponents(game)[0]
                     for o in evasion.must_attack(game)}   # 508.1d: required attackers
        elif game.decision.kind == "declare_blockers":
            p = game.decision.by
            req = evasion.must_block(game, p, [game.objects[a] for a in _attacking_player(game, p)])
            if req:
                value = {b: aids[0] for b, aids in req.items()}   # 509.1c: required blockers, first attacker each
                _menace_partners(game, p, value)
            lured = block_requirements.default_blocks(game, p, [game.objects[a] for a in _attacking_player(game, p)])
            if lured:
                value = {**(value if isinstance(value, dict) else {}), **lured}
        answer(game, value)
        done = True
    return done


def _menace_partners(game: Game, player: str, value: dict) -> None:
    """A required blocker sent to an attacker with menace gets a second blocker beside it."""
    mine = [game.objects[o] for o in game.battlefield if game.objects[o].controller == player
            and game.objects[o].is_creature and not evasion.blocker_problems(game, game.objects[o])]
    for b, a in list(value.items()):
        ao = game.objects[a]
        if has(game, ao, "menace") and list(value.values()).count(a) < 2:
            partner = evasion.menace_partner(game, mine, game.objects[b], ao, taken=value)
            if partner is not None:
                value[partner] = a


def unsupported(action: str) -> InvalidInput:   # kept for older callers
    return InvalidInput(f"действие «{action}» сейчас невозможно")


def _cant_be_prevented(game: Game, info: dict) -> bool:
    """615.12: "damage can't be prevented" (Leyline of Punishment) defeats protection too."""
    return prevention.cant_be_prevented(game, {"source": info})


def _shield_can_prevent(game: Game, src: str, r: str) -> bool:
    """Whether a shield could prevent this combat damage: not "can't be prevented" (615.12), and
    not already prevented by protection (702.16e), which ``_deal`` applies first."""
    recipient = game.player(r) if game.has_player(r) else game.objects.get(r)
    info = _source_info(game, src)
    return recipient is not None and not _cant_be_prevented(game, info) \
        and not protection.prevents_damage(game, game.objects[src], recipient)


hooks.register(hooks.DECISION, answer, keys=DECISIONS)
hooks.register(hooks.TRIGGER, _answer_attackers, keys=("attacks",))
hooks.register(hooks.TRIGGER, _answer_blockers, keys=("blocks", "blocks_a_creature"))
