"""What may be done now, as script actions a page sends back as the next decision.

``legal(game)`` turns the engine's owed decision (``decisions.owed``) and its legal
actions (``decisions.legal_actions``) into moves: each has ``action`` (a script action,
exactly what goes into ``script:``), and a label in Russian and English. An owed
combat decision becomes a form: the choices for each creature, from the engine's
options and the board.
"""
from __future__ import annotations

from judge_app.cards.model import default_pool
from judge_app.engine.rules import combat, decisions
from judge_app.engine.kernel.state import STEP_EN, STEP_RU, STEPS, Game
from judge_app.scenarios.loader import stack_ref_base


def _name(game: Game, ref: str) -> tuple[str, str]:
    if game.has_player(ref):
        return ref, ref
    o = game.objects.get(ref)
    if o is None:
        return ref, ref
    return f"{o.name_ru} [{ref}]", f"{o.name_en or o.name_ru} [{ref}]"


def _names(game: Game, refs) -> tuple[str, str]:
    pairs = [_name(game, str(r)) for r in refs]
    return ", ".join(p[0] for p in pairs), ", ".join(p[1] for p in pairs)


def _card_ref(game: Game, oid: str, known: set) -> str:
    """A card in hand as a decision names it: its id when the board gave one, else its name
    (copies of a card in one hand are interchangeable; the runner finds it by name)."""
    return oid if oid in known else game.objects[oid].name_ru


def _unnameable_card(game: Game, oid: str, known: set) -> list[str]:
    """[oid] when a decision can name the card neither by id nor by a pool name (an anonymous
    card drawn from a library given as a count)."""
    return [] if oid in known or default_pool().get(game.objects[oid].name_ru) else [oid]


def _unnamed(refs, game: Game, known: set) -> list[str]:
    """Objects a decision would have to name but the board gave no id (the loader refuses them)."""
    return [str(r) for r in refs if str(r) not in known and not game.has_player(str(r))
            and stack_ref_base(str(r)) not in known]   # a copy or an ability on the stack, named after a known id


def _priority_move(game: Game, a: dict, known: set) -> dict:
    move = _describe(game, a, known)
    missing = _unnamed([a["object"]] if a["action"] == "activate" else [], game, known) \
        + _unnamed(a.get("targets") or [], game, known) \
        + (_unnameable_card(game, a["card"], known) if a["action"] in ("cast", "play_land") else [])
    if missing:
        move["needs_id"] = missing
    return move


def _describe(game: Game, a: dict, known: set) -> dict:
    kind, by = a["action"], a["by"]
    if kind == "pass":
        return {"kind": "pass", "action": {"pass": True, "by": by},
                "label_ru": f"{by}: пас", "label_en": f"{by}: pass"}
    if kind == "play_land":
        ru, en = _name(game, a["card"])
        return {"kind": "play_land", "action": {"play_land": _card_ref(game, a["card"], known), "by": by},
                "label_ru": f"{by}: сыграть землю {ru}", "label_en": f"{by}: play land {en}"}
    tru, ten = _names(game, a.get("targets") or [])
    on_ru, on_en = (f" → {tru}", f" → {ten}") if a.get("targets") else ("", "")
    if kind == "cast":
        ru, en = _name(game, a["card"])
        act = {"card": _card_ref(game, a["card"], known)}
        if a.get("targets"):
            act["targets"] = list(a["targets"])
        if a.get("mode"):
            act["mode"] = a["mode"]
        mru, men = _choice_labels(a)
        return {"kind": "cast", "action": {"cast": act, "by": by},
                "label_ru": f"{by}: разыграть {ru}{mru}{on_ru}", "label_en": f"{by}: cast {en}{men}{on_en}"}
    ru, en = _name(game, a["object"])
    act = {"object": a["object"], "ability": a["ability"]}
    if a.get("targets"):
        act["targets"] = list(a["targets"])
    mru, men = _choice_labels(a)
    return {"kind": "activate", "action": {"activate": act, "by": by},
            "label_ru": f"{by}: способность {a['ability']} {ru}{mru}{on_ru}",
            "label_en": f"{by}: ability {a['ability']} of {en}{men}{on_en}"}


ASKS = {"x": ("X — выбор следом", "X asked next"), "mode": ("режим — выбор следом", "mode asked next"),
        "sacrifice": ("что пожертвовать — выбор следом", "sacrifice asked next"),
        "discard": ("что сбросить — выбор следом", "discard asked next"),
        "tap_untapped": ("что повернуть — выбор следом", "what to tap asked next"),
        "kicker": ("платить ли кикер — выбор следом", "kicker asked next"),
        "buyback": ("платить ли откуп — выбор следом", "buyback asked next")}
ANSWER_NAMES = {"yes": ("да", "yes"), "no": ("нет", "no"), "none": ("ничего", "nothing"), "keep": ("оставить прежние цели", "keep the targets"),
                "pay": ("заплатить", "pay"), "decline": ("не платить", "decline"),
                "white": ("белый", "white"), "blue": ("синий", "blue"), "black": ("чёрный", "black"),   # as_enters: color
                "red": ("красный", "red"), "green": ("зелёный", "green")}   # the words an owed choice offers


# the owed decision in English on ?ui=en (the engine words it in Russian, with the details)
DECISION_EN = {"declare_attackers": "declares attackers", "declare_blockers": "declares blockers",
               "assign_damage": "assigns combat damage", "order_blockers": "orders the blockers",
               "order_triggers": "orders their triggered abilities (the first goes on the stack first)",
               "targets": "chooses targets", "legend_rule": "chooses the legendary permanent to keep",
               "discard": "discards down to the maximum hand size", "may": "chooses whether to use a \"you may\" ability",
               "search": "chooses the cards found", "scry": "scries: the cards on top and at the bottom",
               "as_enters": "makes the choice as the permanent enters", "new_targets": "chooses new targets",
               "unless_pay": "chooses whether to pay", "replacement_order": "chooses which effect applies first",
               "replacement_card": "chooses a card", "replacement_choice": "makes a choice as it enters",
               "prevention_split": "chooses which damage the shield prevents",
               "x": "chooses X", "mode": "chooses the mode", "cost_choice": "chooses how to pay the cost",
               "optional_cost": "chooses whether to pay the optional cost",
               "divide_targets": "chooses the targets and divides the damage (as the ability goes on the stack)",
               "cast_revealed": "chooses how to cast the revealed card (while the ability resolves)",
               "returning_as_enters": "chooses as a returning card enters (what it copies)"}
DECISION_EN["opening_hand"] = "chooses which cards of the opening hand to begin the game with on the battlefield"   # 103.5
DECISION_EN.update({   # the 2026 examples on zones (issue 29)
    "graveyard_targets": "chooses the target player and any number of target cards from their graveyard",
    "namesake_card": "chooses a card other than a basic land card from the revealed hand",
    "namesake_search": "chooses which cards with that name to find in the hand and library (any, or none)",
    "each_search": "chooses whether to search and which cards to find (no, none, or the cards)",
})


def _choice_labels(a: dict) -> tuple[str, str]:
    """" (режим 2)" / " (X — выбор следом)": a mode the move names, a choice the engine asks next
    (the page then shows the owed decision's options, e.g. X from 0 up)."""
    ru, en = [], []
    if a.get("mode"):
        ru.append(f"режим {a['mode']}")
        en.append(f"mode {a['mode']}")
    if a.get("asks") in ASKS:
        ru.append(ASKS[a["asks"]][0])
        en.append(ASKS[a["asks"]][1])
    return (f" ({', '.join(ru)})" if ru else "", f" ({', '.join(en)})" if en else "")


def _defenders(game: Game, attacker_controller: str) -> list[str]:
    """Players and planeswalkers an attacker of this player may attack (506.2: not its own side)."""
    out = [p.name for p in game.players if p.name != attacker_controller and not p.lost]
    out += [oid for oid in game.battlefield if game.objects[oid].controller != attacker_controller
            and "planeswalker" in game.objects[oid].types]
    return out


def _assign_why(game: Game, src: str, proposed: dict) -> list[dict]:
    """Why the form proposes this split: the lethal damage each blocker needs (510.1c; 1 from a
    deathtouch source, 702.2c) and where the rest may go (702.19b with trample). The numbers are
    the engine's own proposal (its first option), the words say which rule makes it so."""
    from judge_app.engine.rules.keywords import has

    o = game.objects[src]
    dt, tr = has(game, o, "deathtouch"), has(game, o, "trample")
    out = []
    for r, n in proposed.items():
        t = game.objects.get(r)
        if t is None or not t.is_creature:
            if tr:
                out.append({"rules": [game.cite("trample")],
                            "text_ru": f"остальное ({n}) — {_name(game, r)[0]}: с пробивным ударом избыток сверх "
                                       "смертельных повреждений блокирующим можно назначить атакуемому",
                            "text_en": f"the rest ({n}) to {_name(game, r)[1]}: with trample, damage beyond lethal "
                                       "to the blockers may go to the one attacked"})
            continue
        keys = ["damage_blocked"] + (["deathtouch_lethal"] if dt else [])
        why_ru = f"у «{o.name_ru}» смертельное касание — смертельно уже 1 повреждение" if dt else \
            "смертельные — столько, сколько осталось до его выносливости"
        why_en = f"{o.name_en or o.name_ru} has deathtouch: 1 damage is already lethal" if dt else \
            "lethal: what is left of its toughness"
        out.append({"rules": [game.cite(k) for k in keys],
                    "text_ru": f"{_name(game, r)[0]} — {n}: {why_ru}", "text_en": f"{_name(game, r)[1]}: {n} — {why_en}"})
    return out


def owed_form(game: Game, known: set) -> dict | None:
    """The owed decision with what a form needs to answer it: ``choices`` per creature or
    ``options`` to pick, and the script action key the answer goes under."""
    d = decisions.owed(game)
    if d is None:
        return None
    out = d.to_dict()
    out["text_en"] = f"{d.by} {DECISION_EN.get(d.kind, d.kind.replace('_', ' '))}"
    opts = [o for o in d.options if o != "none"]
    if d.kind == "declare_attackers":
        targets = _defenders(game, d.by)
        out.update(answer="attack", rows=[{"id": o, "name": _name(game, o), "choices": targets} for o in opts],
                   choice_names={t: _name(game, t) for t in targets})
    elif d.kind == "declare_blockers":
        atk = combat.attacking(game)
        out.update(answer="block", rows=[{"id": o, "name": _name(game, o), "choices": atk} for o in opts],
                   choice_names={a: _name(game, a) for a in atk})
    elif d.kind == "assign_damage":
        canon = d.options[0] if d.options else {}
        out.update(answer="assign_damage",
                   rows=[{"id": s, "name": _name(game, s), "power": sum(rec.values()),
                          "recipients": [{"id": r, "name": _name(game, r), "value": n} for r, n in rec.items()],
                          "why": _assign_why(game, s, rec)}
                         for s, rec in canon.items()])
    elif d.kind in ("order_blockers", "order_triggers"):
        out.update(answer="choose", order=True, names={str(o): _name(game, str(o)) for o in d.options})
    else:   # targets, legend_rule, discard; x, mode, cost_choice (costs.py); unless_pay, new_targets (stack_fights.py)
        out.update(answer="choose", names={str(o): ANSWER_NAMES.get(str(o)) or _name(game, str(o)) for o in d.options})
        labels = d.context.get("labels") if isinstance(d.context.get("labels"), dict) else {}
        labels_en = d.context.get("labels_en") if isinstance(d.context.get("labels_en"), dict) else {}
        for o, text in labels.items():   # replacement_order: the effects as the engine describes them, not "d1:1"
            out["names"][str(o)] = (f"{text} [{o}]", f"{labels_en.get(o, text)} [{o}]")
        if d.context.get("field"):
            out["asks"] = d.context["field"]   # x / mode / sacrifice / discard / tap_untapped
    out["needs_id"] = _unnamed([o for o in d.options if isinstance(o, str) and o in game.objects], game, known)
    return out


def next_step(game: Game) -> str:
    """Where «пас до следующего шага» goes when everyone passes in a row: the step after this one
    (``pass_until``'s target), skipping what the turn skips — the first-strike damage step without
    first or double strike (510.4), the blockers and damage steps without attackers (508.8);
    from the end step on, the next turn (``end_of_turn``). With a spell on the stack: until it is
    empty (everyone passing resolves the top, 608.1)."""
    if game.stack:
        return "stack_empty"
    if game.step in ("end", "cleanup") or game.step not in STEPS:
        return "end_of_turn"
    nxt = STEPS[STEPS.index(game.step) + 1]
    if nxt == "first_strike_damage" and not combat.first_strike_step_needed(game):
        nxt = "combat_damage"
    if game.step == "declare_attackers" and not game.combat:
        nxt = "end_of_combat"
    return nxt


def _pass_until_move(game: Game, by: str) -> dict:
    """One tap instead of a pass per player: every player passes until the next step begins."""
    to = next_step(game)
    words = {"stack_empty": ("пока стек не опустеет", "until the stack is empty"),
             "end_of_turn": ("до следующего хода", "to the next turn")}
    ru, en = words.get(to) or (f"до шага: {STEP_RU.get(to, to)}", f"to the {STEP_EN.get(to, to)}")
    return {"kind": "pass_until", "action": {"pass_until": to},
            "label_ru": f"Пас {ru}", "label_en": f"Pass {en}"}


def legal(game: Game, known: set) -> list[dict]:
    """The moves for the player with priority (empty while a decision is owed or the game is over).
    ``known``: the ids the board declares; a move that would name another object carries
    ``needs_id`` (the page shows it disabled and says to give the object an id). When a pass is
    legal, «пас до следующего шага» is added last (the page shows it first): one tap for what takes
    a pass from each player."""
    out = [_priority_move(game, a, known) for a in decisions.legal_actions(game)]
    passer = next((m["action"]["by"] for m in out if m["kind"] == "pass"), None)
    if passer is not None:
        out.append(_pass_until_move(game, passer))
    return out
