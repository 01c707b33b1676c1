"""The one computation of characteristics (613): from the actual object (613.1) through
layers 1-7e, for every object at once, once per game state.

Order inside a layer: characteristic-defining abilities first (613.2, 613.3a), then
timestamps (613.6), except where an effect depends on another (613.7a): it waits until
the other has applied (613.7b); effects that depend on each other in a loop apply in
timestamp order (613.7b), and after each effect the order is looked at again (613.7c).

``compute(game)`` returns {object id: Computed}; the result is cached on the game under
a key that changes whenever anything that can change a characteristic changes (zones,
timestamps, effects, counters, attachments), so asking a hundred questions of one state
costs one computation. ``refresh(game)`` writes the computed values onto the objects, so
that everything reading ``obj.types``, ``obj.controller``… reads the result of the layers;
``Game.emit`` refreshes before each event. ``COUNTS['computed']`` counts computations
(bench/engine_bench.py reports it per event).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from judge_app.engine.kernel import continuous as ce
from judge_app.engine.kernel import hooks
from judge_app.engine.kernel.continuous import Chars, Ctx, LAYERS, LAYER_KEY

COUNTS = {"computed": 0, "asked": 0}
MEMO_SIZE = 64


@dataclass
class Step:
    """One effect applied to one object. The Russian text is written only when asked for
    (most computed states are never shown)."""
    layer: str          # "1" … "7e"
    keys: tuple         # citation keys, the layer's first
    effect: object      # the CEffect
    reason: str
    after: tuple        # (power, toughness, controller, types, subtypes, colors) after it applied

    @cached_property
    def text(self) -> str:   # written once per computed state, however often it is shown
        return _text(self.layer, self.effect, self.after, self.reason)


@dataclass
class Computed:
    chars: Chars
    steps: list = field(default_factory=list)   # [Step]
    copied: Chars | None = None   # the values after layer 1 when a copy effect changed them (706.2, 706.3)
    asked: dict = field(default_factory=dict)   # answers derived from it (characteristics.compute_pt)
    face_up: Chars | None = None   # a face-down permanent: what it would be face up (702.36e, 707.8)


def _relevant(o) -> bool:
    return o.stack_kind != "ability" and not o.anonymous and o.zone not in ("none", "stack_resolving", "library")


def base_chars(o) -> Chars:
    """613.1: the values printed on the card (or given by the effect that created a token)."""
    b = o.base
    c = Chars(name_ru=b["name_ru"], name_en=b["name_en"], cost=b["cost"], colors=tuple(b["colors"]),
              types=tuple(b["types"]), subtypes=tuple(b["subtypes"]), supertypes=tuple(b["supertypes"]),
              abilities=tuple(b["abilities"]), keywords=tuple(b["keywords"]), power=b["power"],
              toughness=b["toughness"], loyalty=b["loyalty"], text_en=b["text_en"], controller=b["controller"],
              flip=b.get("flip"))
    if (o.transformed or o.melded_with) and o.zone == "battlefield":   # back face up / melded (712.8e, 712.8g)
        for h in hooks.hooks(hooks.FACE_UP):
            c = h.fn(o, c)
    return c


def state_key(game) -> tuple:
    """What a characteristic can depend on, in O(players): the timestamp moves on every zone
    change, new object, attachment and new effect (613.6); ``game.version`` on counters and
    attachments (``Game.touch``); effects end at cleanup; graveyards change Tarmogoyf, life totals
    Serra Ascendant. The
    last permanent, the stack and the last effect's object tell apart two clones that took
    different actions from one state (the memo is shared with clones). Life totals: a P/T
    defined by one (cda_life_total)."""
    eff, bf = game.effects, game.battlefield
    return (game.ts, game.version, len(eff), eff[-1]["timestamp"] if eff else 0, eff[-1]["target"] if eff else "",
            len(bf), bf[-1] if bf else "", tuple(game.stack),
            tuple((len(p.graveyard), p.graveyard[-1] if p.graveyard else "", p.life) for p in game.players))


def compute(game) -> dict:
    COUNTS["asked"] += 1
    key = state_key(game)
    cached = game.layer_cache
    if cached is not None and cached[0] == key:
        return cached[1]
    # shared by a game and its clones (a trial run, a legal-action probe) and by the replays of
    # one scenario; least recently used out first (dict operations only: pages read it from threads)
    memo = game.layer_memo
    result = memo.pop(key, None)
    if result is None:
        COUNTS["computed"] += 1
        result = _compute(game)
        while len(memo) >= MEMO_SIZE:
            memo.pop(next(iter(memo), None), None)
    memo[key] = result
    game.layer_cache = (key, result)
    game.layer_cache_applied = False
    return result


def refresh(game) -> None:
    """Write the computed characteristics onto the objects. A permanent whose controller
    changed is new to that controller (302.6): it is summoning sick again."""
    key = state_key(game)
    if game.layer_cache is not None and game.layer_cache[0] == key and game.layer_cache_applied:
        return
    result = compute(game)
    for oid, comp in result.items():
        o = game.objects[oid]
        c = comp.chars
        if o.zone == "battlefield" and o.controller != c.controller and o.seen_controller == (o.incarnation, o.controller):
            o.sick = True
        for k in ce.COPIABLE:
            setattr(o, k, getattr(c, k))
        o.controller = c.controller
        o.seen_controller = (o.incarnation, c.controller)
    game.layer_cache_applied = True


def computed_of(game, obj) -> Computed | None:
    return compute(game).get(obj.id)


def face_up_of(game, obj) -> Chars | None:
    """What a face-down permanent would be face up (its copy effects applied), else None."""
    comp = compute(game).get(obj.id)
    return comp.face_up if comp else None


def chars_of(game, obj) -> Chars | None:
    comp = compute(game).get(obj.id)
    return comp.chars if comp else None


def copiable_of(game, obj) -> dict:
    """706.2: what a copy of ``obj`` would acquire now."""
    comp = compute(game)[obj.id]
    return ce.copiable_values(comp.copied or base_chars(obj))


def steps_of(game, obj) -> list:
    comp = compute(game).get(obj.id)
    return comp.steps if comp else []


# -- the computation --------------------------------------------------------------------

def _compute(game) -> dict:
    objs = [o for o in game.objects.values() if _relevant(o)]
    chars = {o.id: base_chars(o) for o in objs}
    steps = {o.id: [] for o in objs}
    ctx = Ctx(game, chars)
    resolved = [r for r in (ce.resolved_effect(e) for e in game.effects if _current(game, e)) if r is not None]
    # Layer 1 first: static abilities exist on the copiable values (706.2).
    _apply_layer(ctx, "1", [r for r in resolved if "1" in r.parts], {}, steps)
    face_up = {}
    for o in objs:
        if o.flipped and o.zone == "battlefield" and chars[o.id].flip:   # its status (110.5, 709.2)
            chars[o.id] = ce.flipped_chars(chars[o.id])
            steps[o.id].append(Step("1", ("flipped", "copy_status"), None, "flipped", _after(chars[o.id])))
        if o.face_down and o.zone == "battlefield":   # 707.2a: these are its copiable values (707.2)
            face_up[o.id] = chars[o.id].copy()
            chars[o.id] = ce.face_down_chars(chars[o.id])
            steps[o.id].append(Step("1", ("face_down", "face_down_copiable"), None, "", _after(chars[o.id])))
    copied = {oid: chars[oid].copy() for oid, st in steps.items() if st}   # the rest: the actual object's
    others = [r for r in resolved if "1" not in r.parts]
    effects = _statics(game, chars) + others
    started: dict = {}
    for layer in LAYERS[1:]:
        if layer == "4" and any(st.layer == "3" for st in _all_steps(steps)):
            # a text change (layer 3) rewrote abilities: the static effects of layers 4-7 are
            # those of the new text; one that already applied goes on (613.5)
            again = _statics(game, chars)
            keys = {e.key for e in again}
            effects = again + [e for e in effects if e.key in started and e.key not in keys] + others
        if layer == "7a":   # a creature's undefined P/T ("*" without its CDA) counts as 0 (107.2)
            for c in chars.values():
                if "creature" in c.types:
                    c.power = 0 if c.power is None else c.power
                    c.toughness = 0 if c.toughness is None else c.toughness
        if layer == "7d":
            _counters(game, chars, steps)
            continue
        if layer == "6":   # an ability granted here may generate effects of its own (613.7a)
            effects = _layer6_with_granted(ctx, effects, started, steps)
            continue
        _apply_layer(ctx, layer, [e for e in effects if layer in e.parts], started, steps)
    return {oid: Computed(chars[oid], steps[oid], copied.get(oid), face_up=face_up.get(oid)) for oid in chars}


MAX_GRANT_ROUNDS = 4   # a granted ability that grants one that grants one …: at most this deep


def _layer6_with_granted(ctx, effects: list, started: dict, steps: dict) -> list:
    """Layer 6, and the static abilities it grants (Rune of Flight gives Colossus Hammer "equipped
    creature has flying"): when applying it gave an object a static ability that generates an
    effect, layer 6 is applied again from its start with that effect too — its timestamp the later
    of its object's and the granting effect's, ordered after the object's own effects of the same
    timestamp (613.7a). Returns the effects, those of the granted abilities added."""
    chars = ctx.chars
    if not any("abilities" in e.writes for e in effects if "6" in e.parts):   # nothing grants an ability: one pass
        _apply_layer(ctx, "6", [e for e in effects if "6" in e.parts], started, steps)
        return effects
    saved = ({oid: c.copy() for oid, c in chars.items()}, {oid: list(st) for oid, st in steps.items()}, dict(started))
    for _ in range(MAX_GRANT_ROUNDS):
        _apply_layer(ctx, "6", [e for e in effects if "6" in e.parts], started, steps)
        known = {e.key for e in effects}
        granted = [e for e in _statics(ctx.game, chars, granted_only=True) if e.key not in known]
        if not granted:
            return effects
        effects = effects + granted
        chars.clear()   # back to the start of layer 6
        chars.update({oid: c.copy() for oid, c in saved[0].items()})
        steps.clear()
        steps.update({oid: list(st) for oid, st in saved[1].items()})
        started.clear()
        started.update(saved[2])
    # a chain of grants deeper than MAX_GRANT_ROUNDS: layer 6 is still applied, with what was found
    _apply_layer(ctx, "6", [e for e in effects if "6" in e.parts], started, steps)
    return effects


def _statics(game, chars, granted_only: bool = False) -> list:
    """The continuous effects of the static abilities permanents have now (613.7a: an
    effect exists only while its ability does); ``granted_only``: those another effect granted."""
    out = []
    for oid in game.battlefield:
        if oid not in chars:
            continue
        src = game.objects[oid]
        for n, ab in enumerate(chars[oid].abilities):
            if granted_only and ab.get(ce.GRANTED_TS) is None:
                continue
            if "static" in ab:
                e = ce.static_effect(game, src, ab, n)
                if e is not None:
                    out.append(e)
    return out


def _all_steps(steps: dict):
    for st in steps.values():
        yield from st


def _current(game, e: dict) -> bool:
    o = game.objects.get(e["target"])
    return o is not None and o.incarnation == e["incarnation"] and all(h.fn(game, e) for h in hooks.hooks(hooks.IN_FORCE))   # 611.2b


def _counters(game, chars, steps) -> None:
    for oid, c in chars.items():
        o = game.objects[oid]
        if o.zone != "battlefield" or c.power is None or "creature" not in c.types:
            continue
        plus, minus = o.counters.get("+1/+1", 0), o.counters.get("-1/-1", 0)
        if plus or minus:
            c.power += plus - minus
            c.toughness += plus - minus
            steps[oid].append(Step("7d", ("layer7d",), None, f"жетоны +1/+1 ×{plus}, -1/-1 ×{minus}", _after(c)))


def _exists(ctx, e) -> bool:
    """A static ability's effect exists only while its source has that ability (613.7a)."""
    if e.ability is None:
        return True
    src = ctx.chars.get(e.source)
    return src is not None and e.ability in src.abilities


def _affected(ctx, e) -> frozenset:
    if e.locked is not None:
        return frozenset(o for o in e.locked if o in ctx.chars)
    chars = ctx.chars
    pool = chars if e.everywhere else (oid for oid in ctx.game.battlefield if oid in chars)
    return frozenset(oid for oid in pool if e.select(ctx, oid, chars[oid], e.source))


def _may_depend(a, b, started) -> bool:
    """Only a pair where ``b`` changes what ``a`` reads can be dependent (613.7a (b)); CDAs
    depend only on CDAs (613.7a (c)); an effect already applying keeps its set (613.5)."""
    if a is b or a.key in started or a.cda != b.cda:
        return False
    return bool(b.writes & a.reads) or (a.ability is not None and "abilities" in b.writes)


def _depends(ctx, a, b, layer, started, memo: dict) -> bool:
    """613.7a: would applying ``b`` change ``a``'s existence, what it applies to, or what it
    does to those things? ``b`` is applied to a trial copy of the objects it affects; ``a``'s
    set can then change only for those objects (or for all, if ``b`` changed ``a``'s source);
    what ``a`` does is ``a`` applied to the same object in both worlds (``_does_differ``)."""
    if a.key not in memo:
        ex = _exists(ctx, a)
        memo[a.key] = (ex, _affected(ctx, a) if ex else frozenset())
    before = memo[a.key]
    if b.key not in memo:
        ex = _exists(ctx, b)
        memo[b.key] = (ex, _affected(ctx, b) if ex else frozenset())
    targets = started.get(b.key) or memo[b.key][1]
    if not targets:
        return False
    trial = memo.get(("trial", b.key))
    if trial is None:   # the world after b alone, shared by every a asked about in this round
        trial = Ctx(ctx.game, dict(ctx.chars))
        for oid in targets:
            trial.chars[oid] = ctx.chars[oid].copy()
            b.parts[layer](trial.chars[oid], trial)
        memo[("trial", b.key)] = trial
    ex = _exists(trial, a)
    if ex != before[0]:
        return True
    if not ex:
        return False
    if a.locked is None:
        if a.source in targets:
            after = _affected(trial, a)
        else:
            changed = frozenset(oid for oid in targets if a.select(trial, oid, trial.chars[oid], a.source))
            after = (before[1] - targets) | changed
        if after != before[1]:
            return True
    return a.looks_around and _does_differ(ctx, trial, a, layer, before[1])


def _does_differ(ctx, trial, a, layer, objs) -> bool:
    """613.7a (b), "what it does": ``a`` applied to the same object before and after ``b``
    gives different values only when ``a`` reads something ``b`` changed (Mind Control's
    "you control" reads who controls the Aura, which Confiscate changes)."""
    for oid in objs:
        c = ctx.chars.get(oid)
        if c is None:
            continue
        here, there = c.copy(), c.copy()
        a.parts[layer](here, ctx)
        a.parts[layer](there, trial)
        if here != there:
            return True
    return False


def _apply_layer(ctx, layer: str, effects: list, started: dict, steps: dict) -> None:
    if not any(_may_depend(a, b, started) for a in effects for b in effects):
        for e in sorted(effects, key=lambda e: (not e.cda, e.timestamp, e.ts_rank)):   # 613.2, 613.6: nothing can depend
            _apply(ctx, layer, e, started, steps, _why(e, False, None, []))
        return
    remaining = list(effects)
    waited: dict = {}
    while remaining:
        group = [e for e in remaining if e.cda] or remaining   # 613.2, 613.3a
        memo: dict = {}
        deps = {a.key: [b for b in group if _may_depend(a, b, started) and _depends(ctx, a, b, layer, started, memo)]
                for a in group}
        free = [a for a in group if not deps[a.key]]
        loop = not free
        nxt = min(free or group, key=lambda e: (e.timestamp, e.ts_rank))
        for a in group:
            if deps[a.key]:
                waited.setdefault(a.key, set()).update(b.source_name for b in deps[a.key])
        remaining.remove(nxt)
        _apply(ctx, layer, nxt, started, steps,
               _why(nxt, loop, waited.get(nxt.key), [a for a in group if a is not nxt and nxt in deps[a.key]]))


def _apply(ctx, layer: str, e, started: dict, steps: dict, why: tuple) -> None:
    """Apply ``e``'s part for ``layer`` to its objects — fixed the first time it applies
    (613.5), and only if it still exists then (613.7a)."""
    if e.key not in started:
        if not _exists(ctx, e):
            return
        started[e.key] = _affected(ctx, e)
    for oid in sorted(started[e.key]):
        c = ctx.chars.get(oid)
        if c is None:
            continue
        e.parts[layer](c, ctx)
        steps[oid].append(Step(layer, (LAYER_KEY[layer],) + why[0], e, why[1], _after(c)))


def _after(c: Chars) -> tuple:
    return (c.power, c.toughness, c.controller, c.types, c.subtypes, c.colors)


def _why(e, loop: bool, waited, ahead_of) -> tuple:
    """(citation keys, Russian reason) for the place of ``e`` in its layer."""
    keys = ["cda_first"] if e.cda else [e.ts_rule]
    reason = f"метка времени {e.timestamp}"
    if loop:
        keys.append("dependency_loop")
        reason += "; эффекты зависят друг от друга по кругу — применяются по меткам времени"
    elif waited:
        keys.extend(("dependency", "dependency_wait"))   # it depends (613.7a), so it waits (613.7b)
        reason += f"; зависит от эффекта «{'», «'.join(sorted(waited))}» и применяется после него"
    elif ahead_of:
        keys.append("dependency")
        reason += f"; от него зависит «{'», «'.join(sorted(a.source_name for a in ahead_of))}», поэтому он раньше"
    keys.extend(e.keys)
    return tuple(keys), reason


def _text(layer: str, e, after: tuple, reason: str) -> str:
    power, toughness, controller, types, subtypes, colors = after
    if e is None and layer == "1" and reason == "flipped":
        return "слой 1: перевёрнутая карта-перевёртыш — имя, тип, текст, сила и выносливость её второй половины"
    if e is None and layer == "1":
        return "слой 1: лицом вниз — существо 2/2 без имени, текста, подтипов, мана-стоимости и цвета"
    if e is None:   # counters (7d)
        return f"7d: {reason} → {power}/{toughness}"
    where = f"слой {layer}" if layer not in ("7a", "7b", "7c", "7e") else layer
    tail = ""
    if layer.startswith("7"):
        tail = f" → {power}/{toughness}"
    elif layer == "2":
        tail = f" → контролёр {controller}"
    elif layer == "4":
        tail = " → " + " ".join(ce.TYPE_RU.get(t, t) for t in types) + (f" — {' '.join(subtypes)}" if subtypes else "")
    elif layer == "5":
        tail = " → " + (", ".join(ce.COLOR_RU.get(x, x) for x in colors) or "бесцветный")
    return f"{where}: «{e.source_name}» — {e.text} ({reason}){tail}"


def layer_key(layer: str) -> str:
    return LAYER_KEY[layer]
