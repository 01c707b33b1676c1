"""The middle of the event pipeline: replacement (614) and prevention (615) effects, and
their order (616).

An event that is about to happen (damage, a destruction, a card going to a graveyard, a
draw, a life gain, a permanent entering the battlefield) is a small dict. ``run`` looks
for the replacement and prevention effects that apply to it, lets the affected player
(or the controller of the affected object) choose one when several apply — a
self-replacement effect first (616.1a, 614.15) —, applies it, and looks again (616.1e):
an effect may have become applicable (616.2), and each effect modifies an event only
once (614.5). What is left is what happens.

Where the effects come from:

- shields left by resolved spells and abilities: entries of ``game.effects`` with
  ``kind: shield`` (a regeneration shield, "prevent the next N damage", Safe Passage);
  they end at cleanup like any "this turn" effect;
- static abilities of permanents on the battlefield (Leyline of the Void, Fire Servant,
  Orb of Dreams), and the affected object's own (it "enters tapped", "if it would die").

The kinds themselves live in ``prevention.py`` (damage), ``regeneration.py`` (destroy)
and ``zone_replacements.py`` (graveyard, draw, life, entering). Each registers an
``Kind``: which events it watches and what it does.

When a player must choose the order in the middle of an action, the engine can't stop
half-way: the action is undone, the choice is owed as a decision (``replacement_order``),
and once answered the action is played again from the same state with the answer known
(``replayable``). The game is a value, so this replay is exact.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from judge_app.engine.errors import InvalidInput
from judge_app.engine.state import Decision, Game, Player

MAX_STEPS = 200         # 614.5 bounds a chain by the number of effects; this guards effects that breed effects
CHOICE_KINDS = ("replacement_order", "replacement_card")


class ReplacementLoop(InvalidInput):
    """A chain of replacement effects that would not end (it can't under 614.5)."""


@dataclass(frozen=True)
class Kind:
    """A kind of replacement or prevention effect.

    ``watches``: event kinds it may modify (the fast path skips it otherwise);
    ``applies(game, effect, event)``: whether it would modify this event now;
    ``apply(game, effect, event)``: emit what happens and return the modified event
    (``None``: the event is replaced by nothing);
    ``self_replacement``: 614.15 — chosen before the others (616.1a);
    ``prevention``: a prevention effect (615), which "damage can't be prevented" defeats."""
    name: str
    watches: tuple
    applies: Callable
    apply: Callable
    label: Callable
    self_replacement: bool = False
    prevention: bool = False


KINDS: dict = {}
STATIC_KINDS: dict = {}   # static ability name -> Kind name


def register(kind: Kind, statics: tuple = ()) -> Kind:
    KINDS[kind.name] = kind
    for s in statics:
        STATIC_KINDS[s] = kind.name
    return kind


def _load_kinds() -> None:
    from judge_app.engine import prevention, regeneration, zone_replacements  # noqa: F401  (they register)


# -- gathering ------------------------------------------------------------------------

def effects_for(game: Game, event: dict) -> list:
    """All replacement/prevention effects that exist now and watch this kind of event:
    dicts {id, kind, source, controller, ...}. Cheap when there are none (the fast path)."""
    if not KINDS:
        _load_kinds()
    what = event["kind"]
    out = []
    for i, e in enumerate(game.effects):
        if e.get("kind") == "shield" and what in KINDS[e["shield"]].watches:
            out.append({**e, "id": f"{e.get('made_by') or 'shield'}@{e['target']}", "index": i})
    for sid in game.static_sources:
        src = game.objects[sid]
        for n, ab in enumerate(src.abilities):
            k = STATIC_KINDS.get(ab.get("static"))
            if k and what in KINDS[k].watches:
                out.append({"id": f"{sid}:{n + 1}", "shield": k, "source": sid, "controller": src.controller,
                            "ability": ab, "source_name": src.name_ru})
    own = event.get("obj")
    if own is not None and own.zone != "battlefield":   # its own "enters …" abilities (614.12)
        for n, ab in enumerate(own.base["abilities"]):
            k = STATIC_KINDS.get(ab.get("static"))
            if k and what in KINDS[k].watches:
                out.append({"id": f"{own.id}:{n + 1}", "shield": k, "source": own.id, "controller": own.controller,
                            "ability": ab, "source_name": own.name_ru})
    return out


def might_choose(game: Game) -> bool:
    """Whether an action from this state could owe a replacement choice: only when some
    replacement effect exists (the replay needs a copy of the game, which costs)."""
    if any(e.get("kind") == "shield" for e in game.effects):
        return True
    if not KINDS:
        _load_kinds()
    for sid in game.static_sources:
        if any(ab.get("static") in STATIC_KINDS for ab in game.objects[sid].abilities):
            return True
    return False


# -- the pipeline ---------------------------------------------------------------------

def run(game: Game, event: dict) -> dict | None:
    """Apply the replacement and prevention effects to a proposed event (614-616) and
    return what happens instead (``None``: nothing)."""
    candidates = effects_for(game, event)
    if not candidates:
        return event
    used: set = set()
    for _ in range(MAX_STEPS):
        live = [e for e in effects_for(game, event) if e["id"] not in used]
        applicable = [e for e in live if KINDS[e["shield"]].applies(game, e, event)]
        if event.get("unpreventable"):
            blocked = [e for e in applicable if KINDS[e["shield"]].prevention]
            for e in blocked:   # 615.12: applied, prevents nothing, not used up
                used.add(e["id"])
                game.emit("prevent_none", f"Повреждения не могут быть предотвращены: {KINDS[e['shield']].label(game, e)} ничего не предотвращает",
                          "The damage can't be prevented", _objs(event), ["prevent_cant", "prevent_once_unpreventable"])
            applicable = [e for e in applicable if e not in blocked]
        if not applicable:
            return event
        selfs = [e for e in applicable if KINDS[e["shield"]].self_replacement]
        pick_from = selfs or applicable   # 616.1a
        chosen = pick_from[0] if len(pick_from) == 1 else _choose(game, event, pick_from, bool(selfs), bool(used))
        if used:
            event = {**event, "again": True}   # 616.1e: chosen again among what applies now
        used.add(chosen["id"])
        event = KINDS[chosen["shield"]].apply(game, chosen, event)
        if event is None:
            return None
    raise ReplacementLoop("цепочка эффектов замены не заканчивается (каждый эффект применяется к событию "
                          f"один раз, 614.5), остановлено после {MAX_STEPS} шагов")


def keys(event: dict, own: list) -> list:
    """The rule keys of an applied effect's event, plus 616.1e when it was applied after another."""
    return own + (["replace_order_repeat"] if event.get("again") else [])


def _objs(event: dict) -> list:
    out = []
    for k in ("obj", "to", "player"):
        v = event.get(k)
        if v is not None:
            out.append(v.name if isinstance(v, Player) else v.id)
    return out


def affected_player(game: Game, event: dict) -> str:
    """616.1: the affected player, or the controller (owner, without one) of the affected object."""
    v = event.get("to") if event["kind"] == "damage" else event.get("obj") or event.get("player")
    if isinstance(v, Player):
        return v.name
    return v.controller or v.owner


def describe(game: Game, event: dict) -> str:
    k = event["kind"]
    if k == "damage":
        to = event["to"]
        return f"{event['amount']} повреждений от «{event['source']['name_ru']}» — {to.name if isinstance(to, Player) else to.label()}"
    if k == "destroy":
        return f"уничтожение {event['obj'].label()}"
    if k == "zone":
        return f"{event['obj'].label()} отправляется: {event['to']}"
    if k == "enter":
        return f"{event['obj'].label()} выходит на поле битвы"
    if k in ("draw", "gain_life"):
        return f"{event['player'].name}: {'взятие карты' if k == 'draw' else 'получение жизни'}"
    return k


# -- choices owed in the middle of an event: undo, ask, replay --------------------------

class ChoiceOwed(Exception):
    """Raised in the middle of an action when a player must choose; ``replayable``
    catches it, undoes the action and makes the choice a decision."""

    def __init__(self, decision: Decision):
        super().__init__(decision.text_ru)
        self.decision = decision


def _next_choice_key(game: Game, what: str) -> tuple:
    n = game.sba_choices.get(("replace_seq",), 0) + 1
    game.sba_choices[("replace_seq",)] = n
    return (what, n)


def _choose(game: Game, event: dict, options: list, selfs: bool, again: bool = False) -> dict:
    by = affected_player(game, event)
    labels = {e["id"]: KINDS[e["shield"]].label(game, e) for e in options}
    key = _next_choice_key(game, "replace")
    answer = game.sba_choices.get(key)
    if answer in labels:
        chosen = next(e for e in options if e["id"] == answer)
        game.emit("replace_order", f"{by} выбирает, какой эффект применить первым к событию ({describe(game, event)}): {labels[answer]}",
                  f"{by} chooses which effect applies first", [by], ["replace_order"] + (["replace_order_self", "replace_self_first"] if selfs else [])
                  + (["replace_order_repeat"] if again else []))
        return chosen
    if not game.sba_choices.get(("replay_armed",)):
        raise InvalidInput(f"{by} должен выбрать порядок эффектов замены, но это действие нельзя повторить")
    text = (f"{by} выбирает, какой эффект замены или предотвращения применить первым к событию "
            f"«{describe(game, event)}»: " + "; ".join(f"{i} — {t}" for i, t in labels.items()))
    raise ChoiceOwed(Decision(by=by, kind="replacement_order", options=list(labels), text_ru=text,
                              context={"key": list(key), "labels": labels}))   # labels: for the builder's page


def choose_card(game: Game, by: str, options: list, why: str) -> str:
    """A card chosen as part of applying an effect (616.2's "return a card from your
    graveyard"): asked the same way as an order."""
    if len(options) == 1:
        return options[0]
    key = _next_choice_key(game, "card")
    answer = game.sba_choices.get(key)
    if answer in options:
        return answer
    if not game.sba_choices.get(("replay_armed",)):
        raise InvalidInput(f"{by} должен выбрать карту ({why}), но это действие нельзя повторить")
    raise ChoiceOwed(Decision(by=by, kind="replacement_card", options=list(options),
                              text_ru=f"{by} выбирает карту: {why} ({', '.join(options)})", context={"key": list(key)}))


def replayable(fn):
    """Wrap a player action so that a choice owed mid-event becomes a decision.

    Without any replacement effect in the game this is a plain call (no copy). When a
    run stops after event N (stepping), the action is first tried on a copy, so that the
    events before the choice, which the replay will repeat after it, never count."""
    def wrapper(game: Game, *a, **kw):
        if game.decision is not None and game.decision.kind in CHOICE_KINDS and fn.__name__ == "choose":
            return _answer(game, *a, **kw)
        if game.sba_choices.get(("replay_armed",)) or not might_choose(game):
            return fn(game, *a, **kw)
        if game.stop_at is not None:
            trial = game.clone()
            trial.stop_at = None
            owed, _ = _attempt(trial, fn, a, kw)
            if owed is not None:
                return _owe(game, wrapper, owed, trial.sba_choices, a, kw)
        backup = game.clone()
        owed, result = _attempt(game, fn, a, kw, real=True)
        if owed is None:
            return result
        answers = dict(game.sba_choices)
        game.restore(backup)
        return _owe(game, wrapper, owed, answers, a, kw)
    wrapper.__name__ = fn.__name__
    wrapper.__doc__ = fn.__doc__
    wrapper.__wrapped__ = fn
    return wrapper


def _attempt(game: Game, fn, a, kw, real: bool = False) -> tuple:
    """Run the action armed for choices: (the ChoiceOwed if one is owed, the action's
    result). Engine errors of a trial are left for the real run to raise."""
    from judge_app.engine.errors import EngineError
    args = [game.player(x.name) if isinstance(x, Player) else x for x in a]
    game.sba_choices[("replay_armed",)] = True
    try:
        return None, fn(game, *args, **kw)
    except ChoiceOwed as owed:
        return owed, None
    except EngineError:
        if real:
            raise
        return None, None
    finally:
        game.sba_choices.pop(("replay_armed",), None)


def _owe(game: Game, wrapper, owed: ChoiceOwed, answers: dict, a, kw) -> None:
    """Make the owed choice a decision on the game as it was before the action."""
    game.sba_choices.update({k: v for k, v in answers.items() if k[0] in ("replace", "card")})   # made ones stay made
    d = owed.decision
    d.context["replay"] = (wrapper, tuple(x.name if isinstance(x, Player) else x for x in a),
                           tuple(isinstance(x, Player) for x in a), dict(kw))
    d.resume = "replay"
    game.decision = d
    game.emit("decision", f"Решение: {d.text_ru}", "", [d.by], ["replace_order"])
    return None


def _answer(game: Game, value, *a, **kw):
    d = game.decision
    v = str(value[0] if isinstance(value, list) and len(value) == 1 else value)
    if v not in d.options:
        raise InvalidInput(f"«{v}» — недопустимый ответ; допустимые: {', '.join(d.options)}")
    game.sba_choices[tuple(d.context["key"])] = v
    fn, args, is_player, kwargs = d.context["replay"]
    game.decision = None
    game.emit("choice", f"{d.by} выбирает: {v}", f"{d.by} chooses {v}", [d.by], ["replace_order"])
    args = [game.player(x) if p else x for x, p in zip(args, is_player)]
    return fn(game, *args, **kwargs)
