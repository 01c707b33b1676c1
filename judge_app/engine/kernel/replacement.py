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

from judge_app.engine.kernel import hooks
from judge_app.engine.kernel.errors import EngineError, InvalidInput
from judge_app.engine.kernel.messages import decision_en, say
from judge_app.engine.kernel.state import Decision, Game, Player

MAX_STEPS = 200         # 614.5 bounds a chain by the number of effects; this guards effects that breed effects
CHOICE_KINDS = ("replacement_order", "replacement_card", "replacement_choice",
                "prevention_split")   # shield_split.py: which damage a shield prevents (615.7)


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
    ``order_class``: ``control`` (616.1b: under whose control it enters) or ``copy`` (616.1c: it
    enters as a copy) — such effects are chosen before the rest, in that order;
    ``prevention``: a prevention effect (615), which "damage can't be prevented" defeats."""
    name: str
    watches: tuple
    applies: Callable
    apply: Callable
    label: Callable
    self_replacement: bool = False
    prevention: bool = False
    order_class: str = ""
    on_unpreventable: Callable | None = None   # 615.12a: what still happens when it prevents nothing (Protean Hydra)
    label_en: Callable | None = None   # the label in English: the builder's page on ?ui=en names the effects to order


# 616.1a-c: the classes chosen first, in this order, each with the rule keys its choice cites
ORDER_CLASSES = (("self", ["replace_order_self", "replace_self_first"]), ("control", ["replace_order_control"]),
                 ("copy", ["replace_order_copy"]))


def _order_class(kind: Kind) -> str:
    return "self" if kind.self_replacement else kind.order_class


KINDS: dict = {}
STATIC_KINDS: dict = {}   # static ability name -> the names of its Kinds (Doubling Season has two)
ABILITY_KINDS: dict = {}  # other ability key (as_enters) -> ability -> Kind name or None
ENTERING_HOOKS: list = []  # fn(obj) -> [(id suffix, Kind name, ability)]: an entering permanent's own (devour)
OWN_HOOKS: list = []   # fn(obj) -> [(id suffix, Kind name, ability)]: what an object carries from how it was cast (flashback)


def src_en(game: Game, e: dict) -> str:
    """The English name of an effect's source, for ``Kind.label_en`` (its Russian one when it has none)."""
    o = game.objects.get(e.get("source"))
    return (o.name_en or o.name_ru) if o is not None else e.get("source_name", "")


def register(kind: Kind, statics: tuple = ()) -> Kind:
    KINDS[kind.name] = kind
    for s in statics:
        STATIC_KINDS[s] = STATIC_KINDS.get(s, ()) + (kind.name,)
    return kind


def _ability_kinds(ab: dict) -> tuple:
    """The Kinds a printed ability gives: its static's, or its "as it enters" choice's."""
    if "static" in ab:
        return STATIC_KINDS.get(ab["static"], ())
    for key, kind_of in ABILITY_KINDS.items():
        if key in ab and kind_of(ab):
            return (kind_of(ab),)
    return ()


# -- gathering ------------------------------------------------------------------------

def effects_for(game: Game, event: dict) -> list:
    """All replacement/prevention effects that exist now and watch this kind of event:
    dicts {id, kind, source, controller, ...}. Cheap when there are none (the fast path)."""
    what = event["kind"]
    out = []
    for i, e in enumerate(game.effects):
        if e.get("kind") == "shield" and what in KINDS[e["shield"]].watches:
            out.append({**e, "id": f"{e.get('made_by') or 'shield'}@{e['target']}", "index": i})
    for sid in game.static_sources:
        src = game.objects[sid]
        _from_abilities(out, src, [ab if "static" in ab else {} for ab in src.abilities], what)
    own = event.get("obj")
    for hook in OWN_HOOKS if own is not None else ():
        for suffix, k, ab in hook(own):
            if what in KINDS[k].watches:
                out.append({"id": f"{own.id}:{suffix}", "shield": k, "source": own.id, "controller": own.controller,
                            "ability": ab, "source_name": own.name_ru})
    if own is not None and own.zone != "battlefield":   # its own "enters …" abilities (614.12)
        _from_abilities(out, own, own.base["abilities"], what)
    elif own is not None and what == "enter":   # its own "as it enters, choose" (614.1c): not static
        _from_abilities(out, own, [ab if "static" not in ab else {} for ab in own.abilities], what)
        for hook in ENTERING_HOOKS:
            for suffix, k, ab in hook(own):
                out.append({"id": f"{own.id}:{suffix}", "shield": k, "source": own.id, "controller": own.controller,
                            "ability": ab, "source_name": own.name_ru})
    return out


def _from_abilities(out: list, src, abilities, what: str) -> None:
    for n, ab in enumerate(abilities):
        for k in _ability_kinds(ab):
            if what in KINDS[k].watches:
                out.append({"id": f"{src.id}:{n + 1}", "shield": k, "source": src.id, "controller": src.controller,
                            "ability": ab, "source_name": src.name_ru})


def lands_from_elsewhere(game: Game, player) -> list:
    """The cards another zone than the hand lets ``player`` play as a land (``PLAY_LAND_FROM``: the top
    of their library)."""
    return [oid for h in hooks.hooks(hooks.PLAY_LAND_FROM) for oid in h.fn(game, player)]


def _playable_lands(game: Game) -> list:
    """The land cards of the active player's hand, and those another zone lets them play."""
    ap = game.ap
    return [oid for oid in ap.hand if "land" in game.objects[oid].types] + lands_from_elsewhere(game, ap)


def might_choose(game: Game) -> bool:
    """Whether an action from this state could owe a replacement choice: only when some
    replacement effect exists (the replay needs a copy of the game, which costs)."""
    if any(e.get("kind") == "shield" for e in game.effects):
        return True
    for sid in game.static_sources:
        if any(ab.get("static") in STATIC_KINDS for ab in game.objects[sid].abilities):
            return True
    # a land the active player may play may ask as it enters (614.12: a shock land's "you may pay 2 life")
    if any(_ability_kinds(ab) for oid in _playable_lands(game) for ab in game.objects[oid].abilities if "as_enters" in ab):
        return True
    # something on the stack may put a permanent onto the battlefield with an "as it enters"
    # choice made in the pipeline (614.12): a token, a card from a graveyard, a permanent spell
    for sid in game.stack:
        so = game.objects[sid]
        if any(set(e) & CHOICE_EFFECTS for e in so.effects) or any(_ability_kinds(ab) for ab in so.abilities if "as_enters" in ab) \
                or any(hook(so) for hook in ENTERING_HOOKS):
            return True
    return False


CHOICE_EFFECTS = {"create_token", "return_creature_cards_from_graveyard",
                    "prevent_next_from"}   # and a source chosen as a shield resolves (615.9)


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
                say(game, "prevent_none", "replacement.run.prevent_none", _objs(event),
                    ["prevent_cant", "prevent_once_unpreventable"], label=KINDS[e['shield']].label(game, e))
                if KINDS[e["shield"]].on_unpreventable:
                    KINDS[e["shield"]].on_unpreventable(game, e, event)
            applicable = [e for e in applicable if e not in blocked]
        if not applicable:
            return event
        pick_from, class_keys = applicable, []
        for klass, ks in ORDER_CLASSES:   # 616.1a-c, then any (616.1d)
            first = [e for e in applicable if _order_class(KINDS[e["shield"]]) == klass]
            if first:
                pick_from, class_keys = first, ks
                break
        if len(pick_from) == 1 and len(applicable) > 1 and class_keys:
            say(game, "replace_order", "replacement.run.replace_order", _objs(event), ["replace_order"] + class_keys,
                label=KINDS[pick_from[0]['shield']].label(game, pick_from[0]))
        chosen = pick_from[0] if len(pick_from) == 1 else _choose(game, event, pick_from, class_keys, bool(used))
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
    if k == "step":
        return f"{event['player'].name}: {event['step']}"
    if k == "counters":
        return f"жетоны {event['counter']} × {event['amount']} на {event['obj'].label()}"
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


def _choose(game: Game, event: dict, options: list, class_keys: list, again: bool = False) -> dict:
    by = affected_player(game, event)
    labels = {e["id"]: KINDS[e["shield"]].label(game, e) for e in options}
    key = _next_choice_key(game, "replace")
    answer = game.sba_choices.get(key)
    if answer in labels:
        chosen = next(e for e in options if e["id"] == answer)
        say(game, "replace_order", "replacement._choose.replace_order", [by],
            ["replace_order"] + class_keys + (["replace_order_repeat"] if again else []), by=by,
            describe=describe(game, event), label=labels[answer])
        return chosen
    if not game.sba_choices.get(("replay_armed",)):
        raise InvalidInput(f"{by} должен выбрать порядок эффектов замены, но это действие нельзя повторить")
    text = (f"{by} выбирает, какой эффект замены или предотвращения применить первым к событию "
            f"«{describe(game, event)}»: " + "; ".join(f"{i} — {t}" for i, t in labels.items()))
    labels_en = {e["id"]: (KINDS[e["shield"]].label_en or KINDS[e["shield"]].label)(game, e) for e in options}
    raise ChoiceOwed(Decision(by=by, kind="replacement_order", options=list(labels), text_ru=text,
                              context={"key": list(key), "labels": labels,   # labels: for the builder's page
                                       "labels_en": labels_en}))


def choose_card(game: Game, by: str, options: list, why: str) -> str:
    """A card chosen as part of applying an effect (616.2's "return a card from your
    graveyard"): asked the same way as an order."""
    return choose_option(game, by, options, f"{by} выбирает карту: {why} ({', '.join(options)})")


def choose_option(game: Game, by: str, options: list, text_ru: str, kind: str = "replacement_card",
                  keys: tuple = ()) -> str:
    """A choice made while applying an effect (a card; the colour a token chooses as it
    enters, 614.12): the only option is taken, otherwise it is owed and the action replayed."""
    if len(options) == 1:
        return options[0]
    key = _next_choice_key(game, "card")
    answer = game.sba_choices.get(key)
    if answer in options:
        return answer
    if not game.sba_choices.get(("replay_armed",)):
        raise InvalidInput(f"{by} должен сделать выбор ({text_ru}), но это действие нельзя повторить")
    raise ChoiceOwed(Decision(by=by, kind=kind, options=list(options), text_ru=text_ru,
                              context={"key": list(key), **({"keys": list(keys)} if keys else {})}))


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
    d.context["was"] = game.decision   # the action may itself answer a decision (Clone's copy): owed again on replay
    game.decision = d
    say(game, "decision", "decision", [d.by], _choice_keys(d), text=d.text_ru, text_en=decision_en(d.by, d.kind))
    return None


def _choice_keys(d: Decision) -> list:
    """An order is 616.1; a choice an entering permanent makes is its replacement effect (614.12)."""
    if d.context.get("keys"):
        return list(d.context["keys"])
    return ["replace_enters_check"] if d.kind == "replacement_choice" else ["replace_order"]


def _answer(game: Game, value, *a, **kw):
    d = game.decision
    v = str(value[0] if isinstance(value, list) and len(value) == 1 else value)
    if v not in d.options:
        raise InvalidInput(f"«{v}» — недопустимый ответ; допустимые: {', '.join(d.options)}")
    game.sba_choices[tuple(d.context["key"])] = v
    fn, args, is_player, kwargs = d.context["replay"]
    game.decision = d.context.get("was")
    say(game, "choice", "chooses", [d.by], _choice_keys(d), player=d.by, values=v)
    args = [game.player(x) if p else x for x, p in zip(args, is_player)]
    return fn(game, *args, **kwargs)
