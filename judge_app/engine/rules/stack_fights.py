"""The stack's own fights: spells and abilities that target spells.

Counter target spell (701.5a; "can't be countered", 113.6f; "unless its controller pays",
118.12), choose new targets for target spell (115.7d, Redirect), copy target spell and
choose new targets for the copy (706.10, 706.10c, Reverberate), and what a copy of a spell
is (not cast, 706.10; it ceases to exist when it leaves the stack, 706.10a / 704.5e).
Also Equipment's "attach" (equip, 702.6a), the one effect of these here that targets a
permanent.

The choices made as such a spell resolves (pay or not, the new targets) are asked before it
resolves (``ask``), answered with ``choose:``, and the spell then resolves with them.
"""

from __future__ import annotations

from judge_app.cards.model import COLORS, parse_mana_cost
from judge_app.engine.kernel import characteristics as ch
from judge_app.engine.kernel import event_triggers, hooks
from judge_app.engine.kernel import events as ev
from judge_app.engine.kernel.errors import InvalidInput, refuse
from judge_app.engine.kernel.messages import say, targets_text
from judge_app.engine.kernel.state import Decision, Game, Obj
from judge_app.engine.rules import actions, costs, effects, priority

ABILITY_KINDS = ("ability", "ability_you_control")   # an activated or triggered ability on the stack (Stifle)
YOURS = ("instant_or_sorcery_spell_you_control", "permanent_spell_you_control")   # Lithoform Engine
SPELL_KINDS = ("spell", "instant_or_sorcery_spell", "spell_one_target") + ABILITY_KINDS + YOURS   # the target kinds that are on the stack
EFFECTS = ("counter", "new_targets", "copy_spell", "attach")
DECISIONS = ("unless_pay", "new_targets")
KIND_RU = {"spell": "заклинание", "instant_or_sorcery_spell": "мгновенное заклинание или волшебство", "land": "земля",
           "spell_one_target": "заклинание с единственной целью",
           "instant_or_sorcery_spell_you_control": "ваше мгновенное заклинание или волшебство",
           "permanent_spell_you_control": "ваше заклинание перманента",
           "ability": "активируемая или срабатывающая способность",
           "ability_you_control": "ваша активируемая или срабатывающая способность"}


def _protected(game: Game, spell: Obj, by: Obj) -> bool:
    """"Can't be countered by …" (hooks.COUNTER_BAN): True, and said, when ``by`` can't counter ``spell``."""
    return any(h.fn(game, spell, by) for h in hooks.hooks(hooks.COUNTER_BAN))


def handles(e: dict) -> bool:
    return any(k in e for k in EFFECTS) or e.get("to") == "each_target"


def is_copy(obj: Obj) -> bool:
    return bool(obj.choices.get("is_copy"))


def spell_fits(game: Game, kind: str, obj: Obj, source: Obj | None) -> tuple:
    """(fits, rule keys why not) for a spell on the stack as a target (115.1; an ability on the
    stack is not a spell, 113.9; a spell can't target itself, 115.5)."""
    if source is not None and source.id == obj.id:
        return False, ["target_self"]
    if kind in ABILITY_KINDS:   # mana abilities never use the stack (605.3b), so never are targets
        mine = kind == "ability" or source is None or obj.controller == source.controller
        return (obj.zone == "stack" and obj.stack_kind == "ability" and mine), ["targets", "ability_target"]
    if obj.zone != "stack" or obj.stack_kind != "spell":
        return False, ["targets"]
    instant_or_sorcery = bool({"instant", "sorcery"} & set(obj.types))
    if kind in YOURS and (source is None or obj.controller != source.controller
                          or instant_or_sorcery != (kind == "instant_or_sorcery_spell_you_control")):
        return False, ["targets"]
    if kind == "instant_or_sorcery_spell" and not instant_or_sorcery:
        return False, ["targets"]
    if kind == "spell_one_target" and len(obj.targets) != 1:
        return False, ["targets"]
    return True, []


def target_keys(game: Game, targets: list) -> list:
    """Extra rule keys for a choice of targets: an ability on the stack as a target (115.2)."""
    objs = [game.objects.get(t[1]) for t in targets]
    return ["ability_target"] if any(o is not None and o.zone == "stack" and o.stack_kind == "ability" for o in objs) else []


def legal_spell_targets(game: Game, kind: str, source: Obj | None) -> list:
    return [oid for oid in reversed(game.stack) if spell_fits(game, kind, game.objects[oid], source)[0]]


def target_kinds(so: Obj) -> tuple:
    """The kinds of the targets chosen for ``so``: the mode's (700.2c), or one per target chosen
    for "any number of targets" (601.2c), else the printed ones."""
    return tuple(so.choices.get("target_kinds") or so.spell_targets)


# -- asked as it resolves ----------------------------------------------------------------------

def that_spell(game: Game, so: Obj) -> Obj | None:
    """"That spell or ability" of a ``becomes_target_by_opponent`` trigger: the one that targeted
    the permanent, while it is still that object on the stack (400.7), else None."""
    oid, inc = (so.source_lki or {}).get("_that_spell") or ("", -1)
    o = game.objects.get(oid)
    return o if o is not None and o.incarnation == inc and o.zone == "stack" else None


def _target_spell(game: Game, so: Obj, ref: str) -> Obj | None:
    if ref == "that_spell":
        return that_spell(game, so)
    i = int(ref[6:]) - 1 if ref.startswith("target") else -1
    if not 0 <= i < len(so.targets):
        return None
    kinds = target_kinds(so)
    if not effects.target_still_legal(game, so.targets[i], kinds[i] if i < len(kinds) else "spell", so.controller, so):
        return None
    return game.objects[so.targets[i][1]]


def _new_target_options(game: Game, spell: Obj, controller: str) -> list:
    out = ["keep"]
    for kind in target_kinds(spell):
        for ref in effects.legal_targets(game, kind, controller, spell):
            if ref not in out:
                out.append(ref)
    return out


def ask(game: Game, so: Obj) -> bool:
    """Before ``so`` resolves: ask the choices its resolution needs. True when a decision is owed."""
    answers = so.choices.setdefault("answers", {})
    for e in costs.concrete_effects(so):
        if "counter" in e and "unless_pay" in e and "unless" not in answers:
            t = _target_spell(game, so, e["counter"])
            if t is None or not counterable(game, t) or _protected(game, t, so):
                continue
            cost = parse_mana_cost(e["unless_pay"])
            payer = game.player(t.controller)
            if not costs.mana_payable(game, payer, cost):
                answers["unless"] = "decline"
                say(game, "unless", "unless_cant_pay", [payer.name, t.id], ["unless_pay", "cost_unpayable"],
                    player=payer, cost=cost, spell=t)
                continue
            game.decision = Decision(by=payer.name, kind="unless_pay", options=["pay", "decline"],
                                     text_ru=f"{so.label()}: заплатить {cost}, чтобы {t.label()} не было отменено?",
                                     context={"stack_id": so.id})
            say(game, "decision", "unless_decision", [payer.name, so.id], ["unless_pay"], player=payer, cost=cost, spell=t)
            return True
        for key in ("new_targets", "copy_spell"):
            if key in e and key not in answers and "new_target" not in e:   # the effect names the copy's target (707.10e)
                t = _target_spell(game, so, e[key])
                if t is None or not t.targets:
                    continue
                perspective = so.controller if key == "copy_spell" else t.controller
                if key == "new_targets" and e.get("change") and _change_decided(game, so, t, answers):
                    continue
                what = "для копии " if key == "copy_spell" else "для "
                game.decision = Decision(by=so.controller, kind="new_targets", options=_new_target_options(game, t, perspective),
                                         count=len(t.targets),
                                         text_ru=f"{so.label()}: выберите новые цели {what}{t.label()} (keep — оставить прежние)",
                                         context={"stack_id": so.id, "key": key, "spell": t.id, "perspective": perspective,
                                                  "change": bool(e.get("change"))})
                if e.get("change"):   # 115.7a: each target must become another legal one — "keep" is no answer
                    game.decision.options = [o for o in game.decision.options if o != "keep"]
                    game.decision.text_ru = f"{so.label()}: измените цели {t.label()} на другие допустимые"
                say(game, "decision", "new_targets_decision", [so.controller, t.id],
                    ["copy_new_targets" if key == "copy_spell" else
                     "change_targets" if e.get("change") else "new_targets"],   # 115.7a, not 115.7d
                    player=so.controller, what=what, what_en="a copy of " if key == "copy_spell" else "", spell=t)
                return True
    return False


def _change_alternatives(game: Game, t: Obj) -> list:
    """For each target of ``t``, the other legal targets it could be changed to (115.7a)."""
    kinds = target_kinds(t)
    return [[r for r in effects.legal_targets(game, kinds[i] if i < len(kinds) else "any", t.controller, t) if r != old[1]]
            for i, old in enumerate(t.targets)]


def _change_decided(game: Game, so: Obj, t: Obj, answers: dict) -> bool:
    """"Change the target(s)" (115.7a) needs no question when a target has no other legal
    target (then none changes) or each has exactly one."""
    alts = _change_alternatives(game, t)
    if not all(alts):
        answers["new_targets"] = "keep"
        say(game, "retarget", "change_targets_none", [so.id, t.id], ["change_targets"], so=so, spell=t)
        return True
    if all(len(a) == 1 for a in alts):
        answers["new_targets"] = [effects.target_tuple(game, a[0]) for a in alts]
        game.answered_alone(so.controller, "new_targets", [a[0] for a in alts])
        return True
    return False


def answer(game: Game, value) -> None:
    """Answer ``unless_pay`` (pay / decline) or ``new_targets`` (keep, or the new targets in order:
    a target left as it was may stay even if illegal, a new one must be legal, 115.7d / 706.10c)."""
    d = game.decision
    so = game.objects[d.context["stack_id"]]
    answers = so.choices.setdefault("answers", {})
    vals = [str(v) for v in (value if isinstance(value, list) else [value])]
    if d.kind == "unless_pay":
        if vals not in (["pay"], ["decline"]):
            raise InvalidInput(f"«{value}» — недопустимый ответ; допустимые: pay, decline")
        answers["unless"] = vals[0]
    else:
        spell = game.objects[d.context["spell"]]
        key = d.context["key"]
        if d.context.get("change") and (vals == ["keep"] or any(v == old[1] for v, old in zip(vals, spell.targets))):
            raise refuse(game, f"{spell.label()}: каждую цель нужно заменить другой допустимой; допустимые: "
                         f"{', '.join(d.options)}", "change_targets")
        if vals == ["keep"]:
            answers[key] = "keep"
        else:
            if len(vals) != len(spell.targets):
                raise InvalidInput(f"нужно назвать целей: {len(spell.targets)} (или keep); допустимые: {', '.join(d.options)}")
            kinds = target_kinds(spell)
            new = []
            for i, v in enumerate(vals):
                old = spell.targets[i]
                if v == old[1]:
                    new.append(old)
                    continue
                if not game.has_player(v) and v not in game.objects:
                    raise InvalidInput(f"неизвестная цель «{v}»; допустимые: {', '.join(d.options)}")
                kind = kinds[i] if i < len(kinds) else "any"
                rule = "copy_new_targets" if key == "copy_spell" else "new_targets"
                if v not in effects.legal_targets(game, kind, d.context["perspective"], spell):
                    why = effects.object_fits(game, kind, d.context["perspective"], game.objects[v], spell)[1] \
                        if v in game.objects else ["targets"]
                    raise refuse(game, f"«{v}» не может быть новой целью {spell.label()} ({effects.KIND_RU.get(kind, kind)})",
                                 *(why if "target_self" in why else [rule, *why]))
                new.append(effects.target_tuple(game, v))
            refs = [t[1] for t in new]
            if spell.distinct_targets and len(set(refs)) != len(refs):
                raise refuse(game, "цели должны быть разными", "new_targets", "cast_targets")
            answers[key] = new
    say(game, "choice", "chooses", [d.by] + vals,
        ["unless_pay"] if d.kind == "unless_pay" else
        ["copy_new_targets" if d.context["key"] == "copy_spell" else
         "change_targets" if d.context.get("change") else "new_targets"], player=d.by, values=vals)
    game.decision = None
    priority.resolve_top(game)


def own_source(game: Game, so: Obj) -> Obj | None:
    """"[This permanent]" in an ability: its source, if it is still the same object on the
    battlefield (Bloodthrone Vampire sacrificed to its own ability gets no bonus, 400.7)."""
    src = game.objects.get(so.source or "")
    if src is None or src.zone != "battlefield" or src.incarnation != (so.source_lki or {}).get("incarnation", src.incarnation):
        return None
    return src


# -- the effects -------------------------------------------------------------------------------

def counterable(game: Game, t: Obj) -> bool:
    return not (t.stack_kind == "spell" and "cant_be_countered" in ch.keyword_names(game, t))


def counter(game: Game, t: Obj, by: Obj) -> None:
    """701.5a: removed from the stack; a countered spell goes to its owner's graveyard (no refund, 701.5b)."""
    if t.stack_kind == "ability":
        game.stack.remove(t.id)
        t.zone = "none"
        say(game, "counter", "counter_ability", [t.id, by.id], ["counter", "counter_no_refund"], by=by, spell=t)
    elif is_copy(t):
        say(game, "counter", "stack_fights.counter.counter", [t.id, by.id], ["counter"], by=by, t=t)
        cease(game, t)
    else:
        ev.move(game, t, "graveyard", keys=("counter", "counter_no_refund"), kind="counter",
                text_ru=f"{by.label()} отменяет {t.label()}: оно не разрешается и кладётся на кладбище владельца; "
                        "оплаченные стоимости не возвращаются",
                text_en=f"{by.label_en()} counters {t.label_en()}")


def become_token(game: Game, copy: Obj) -> None:
    """A copy of a permanent spell resolving: a permanent no card represents, a token (111.1),
    with the original's name — "копия" named it only while it was a spell beside the original."""
    copy.token = True
    orig = game.objects.get(copy.choices.get("copy_of") or "")
    if orig is not None:
        copy.name_ru, copy.name_en = orig.name_ru, orig.name_en
        copy.base = {**copy.base, "name_ru": orig.name_ru, "name_en": orig.name_en}


def cease(game: Game, copy: Obj) -> None:
    """706.10a / 704.5e: a copy of a spell outside the stack ceases to exist."""
    if copy.id in game.stack:
        game.stack.remove(copy.id)
    copy.zone = "none"
    copy.incarnation += 1
    say(game, "cease", "stack_fights.cease.cease", [copy.id], ["copy_ceases", "sba_copy"], copy=copy)


def _copy_spell(game: Game, t: Obj, so: Obj, colors=None) -> Obj:
    """706.10: a copy of a spell or ability on the stack, with every decision made for it; a
    copy of an ability keeps its source (706.10b)."""
    cid = f"{t.id}-copy" if f"{t.id}-copy" not in game.objects else game.new_id(f"{t.id}-copy")   # a script names it
    c = t.copy()
    c.id = cid
    c.owner = so.controller
    c.set_base_controller(so.controller)
    c.zone = "stack"
    c.stack_kind = t.stack_kind
    # every choice made for it is copied (706.10), but not the mana spent: mana isn't an object (706.10's example 3)
    c.choices = {**{k: v for k, v in t.choices.items() if k not in ("answers", "spent")}, "is_copy": True, "copy_of": t.id}
    c.incarnation = 0
    c.name_ru = f"копия {t.name_ru}"
    c.name_en = f"copy of {t.name_en or t.name_ru}"
    c.base = {**c.base, "name_ru": c.name_ru, "name_en": c.name_en}
    if colors:   # Fork: "except that the copy is red" — a copiable value of the copy (706.9c)
        c.base["colors"] = tuple(x for x in COLORS if x in colors)
    game.objects[cid] = c
    game.stack.append(cid)
    c.timestamp = game.next_ts()
    ability = t.stack_kind == "ability"
    say(game, "copy", "stack_fights._copy_spell.copy", [cid, t.id],
        ["copy_spell"] + (["copy_ability_source"] if ability else []) + (["copy_modified"] if colors else []),
        controller=so.controller, t=t, c=c,
        note="при активации (X, цели), не считается активированной, и её источник тот же" if ability else "при розыгрыше (режим, X, цели) и не считается разыгранной")
    return c


def run(game: Game, so: Obj, e: dict, at) -> None:
    """Follow one of these instructions of the resolving ``so``."""
    resolve_ref = at.ref
    answers = so.choices.get("answers", {})
    if e.get("to") == "each_target" and e.get("divided") == "as_chosen":
        _divided_as_chosen(game, so, resolve_ref)
        return
    if e.get("to") == "each_target":
        _divide_evenly(game, so, e["damage"], resolve_ref)
        return
    if "attach" in e:
        _attach(game, so, resolve_ref(e["attach"]))
        return
    key = next(k for k in ("counter", "new_targets", "copy_spell") if k in e)
    t = resolve_ref(e[key])
    if t is None or not hasattr(t, "stack_kind") or t.zone != "stack":
        return
    if key == "counter":
        if _protected(game, t, so):   # Autumn's Veil: the rest of the spell still happens
            return
        if not counterable(game, t):
            say(game, "not_countered", "cant_be_countered", [t.id, so.id], ["cant_be_countered", "resolve_instructions"],
                spell=t, so=so)
            return
        if "unless_pay" in e and answers.get("unless") == "pay":
            payer = game.player(t.controller)   # could pay when asked (``ask``); a failure refuses the answer
            actions.pay_mana(game, payer, parse_mana_cost(e["unless_pay"]), None)
            say(game, "unless", "unless_pays", [payer.name, t.id], ["unless_pay"], player=payer, cost=e['unless_pay'], spell=t)
            return
        counter(game, t, so)
        return
    if key == "new_targets":
        new = answers.get("new_targets")
        if new and new != "keep":
            was = t.targets
            t.targets = list(new)
            say(game, "retarget", "retarget", [t.id] + [x[1] for x in t.targets],
                ["change_targets" if e.get("change") else "new_targets", "targets_final"], spell=t,
                targets=targets_text(game, t.targets))
            _became_targets(game, was, t)
        return
    c = _copy_spell(game, t, so, e.get("copy_colors"))
    new = answers.get("copy_spell")
    if new and new != "keep":
        was = c.targets
        c.targets = list(new)
        say(game, "retarget", "retarget_copy", [c.id] + [x[1] for x in c.targets], ["copy_new_targets"], spell=c,
            targets=targets_text(game, c.targets))
        _became_targets(game, was, c)


def _became_targets(game: Game, was: list, spell: Obj) -> None:
    """An object a target was changed to becomes a target of that spell or ability (115.7, as when
    targets are chosen, 601.2c): its "becomes the target" abilities trigger. One left as it was
    does not become a target again."""
    old = {(k, ref) for k, ref, *_ in was}
    event_triggers.on_targeted(game, [t for t in spell.targets if (t[0], t[1]) not in old], spell, "target_changed")


def _divide_evenly(game: Game, so: Obj, n: int, resolve_ref) -> None:
    """Fireball: X damage divided evenly, rounded down, among the targets still legal as it
    resolves (the division is made on resolution, 608.2b–c; FAQ M2011)."""
    live = [r for r in (resolve_ref(f"target{i + 1}") for i in range(len(so.targets))) if r is not None]
    if not live:
        return
    share = n // len(live)
    say(game, "divide", "divide_evenly", [so.id] + [getattr(r, "id", getattr(r, "name", "")) for r in live],
        ["resolve_targets", "resolve_instructions"], so=so, n=n, count=len(live), names=live, share=share)
    info = effects._source_info(game, so)
    for r in live:
        if share:
            ev.deal_damage(game, info, r, share, ["resolve_instructions"])


def _divided_as_chosen(game: Game, so: Obj, resolve_ref) -> None:
    """The division announced when cast (601.2d); a target that became illegal gets nothing and
    its share is not given to the others (608.2b)."""
    info = effects._source_info(game, so)
    for i, n in enumerate(so.choices.get("divide") or []):
        r = resolve_ref(f"target{i + 1}")
        if r is not None and n:
            ev.deal_damage(game, info, r, n, ["resolve_instructions", "cast_divide"])


def _attach(game: Game, so: Obj, creature) -> None:
    eq = own_source(game, so)
    if creature is None or eq is None:
        return
    if eq.attached_to == creature.id:
        return
    eq.attached_to = creature.id
    eq.timestamp = game.next_ts()   # 613.6d: an Equipment's timestamp is when it became attached
    game.touch()
    say(game, "attach", "stack_fights._attach.attach", [eq.id, creature.id], ["equip", "resolve_instructions"], eq=eq,
        creature=creature)


hooks.register(hooks.INSTRUCTION, run, keys=EFFECTS, order=72, when=handles)
hooks.register(hooks.DECISION, answer, keys=DECISIONS)
hooks.register(hooks.ASK, ask, order=10)
