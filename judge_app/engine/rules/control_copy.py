"""Effects that change control (layer 2) or make copies (layer 1, 706), and the choices a
permanent makes as it enters (Clone's copy, Conspiracy's creature type, Painter's
Servant's colour: 614.12, 706.5, 706.6).

Each resolved effect is recorded in ``game.effects`` for a fixed object (611.2c); the
layers (``layers.py``) apply it. A copy records the copiable values of the original as
they are when the copy is made (706.2b), so a copy of a copy copies what that copy
copied (706.3).
"""

from __future__ import annotations

from judge_app.cards.model import COLORS
from judge_app.engine.kernel import citations, layers, release_rules
from judge_app.engine.kernel.errors import InvalidInput
from judge_app.engine.kernel.messages import Text, decision_en, say
from judge_app.engine.kernel.state import Decision, Game, Obj

CHOICE_KEY = {"copy_creature": "copy", "copy_artifact": "copy", "creature_type": "type", "color": "color",
              "copy_permanent_you_control": "copy", "copy_creature_you_control": "copy"}
COPY_OF = {"copy_creature": "creature", "copy_artifact": "artifact",   # what each copy choice may copy
           "copy_permanent_you_control": None,   # any permanent its controller controls (Moritte of the Frost)
           "copy_creature_you_control": "creature"}   # a creature its controller controls (Glasspool Mimic)
YOU_CONTROL = ("copy_permanent_you_control", "copy_creature_you_control")   # only what its controller controls
NO_COPY = ("none", "нет", "no")
MAX_TYPE_LEN = 40
MAX_COPY_CHAIN = 5   # a copy of a Clone that copied nothing chooses again (706.9e); at most this deep


def pending_choices(game: Game, obj: Obj) -> list:
    """The "as it enters" choices of ``obj``, in order, as (kind, key in ``obj.chosen``): its
    own (Clone: what to copy), then those of what it copies — made anew for the copy, not
    copied (706.6). A copy of something that itself copies "as it enters" (a Clone that copied
    nothing) gains that replacement effect and chooses again (``copy2``, …; 706.9e)."""
    out = [(a["as_enters"], CHOICE_KEY[a["as_enters"]]) for a in obj.base["abilities"]
           if a.get("as_enters") in CHOICE_KEY]   # (other "as it enters" kinds: enter_replacements.py)
    for level, orig, values in _copy_chain(game, obj):
        entering = [a for a in values["abilities"] if a.get("as_enters") in CHOICE_KEY]
        copying = next((a for a in entering if a["as_enters"] in COPY_OF), None)
        if copying is not None:
            out.append((copying["as_enters"], copy_key(level + 1)))
        else:
            out += [(a["as_enters"], CHOICE_KEY[a["as_enters"]]) for a in entering
                    if CHOICE_KEY[a["as_enters"]] not in [k for _, k in out]]
    return out


def copy_key(level: int) -> str:
    return "copy" if level == 1 else f"copy{level}"


def _copy_chain(game: Game, obj: Obj):
    """(level, original, its copiable values) for each copy ``obj`` chose as it enters, in order."""
    for level in range(1, MAX_COPY_CHAIN + 1):
        ref = obj.chosen.get(copy_key(level))
        orig = game.objects.get(ref) if ref not in (None, "none") else None
        if orig is None or orig.zone != "battlefield":
            return
        yield level, orig, layers.copiable_of(game, orig)


def choice_options(game: Game, obj: Obj, what: str) -> list:
    if what in COPY_OF:
        return ["none"] + [oid for oid in game.battlefield if oid != obj.id
                           and (COPY_OF[what] is None or COPY_OF[what] in game.objects[oid].types)
                           and (what not in YOU_CONTROL or game.objects[oid].controller == obj.controller)]
    if what == "color":
        return list(COLORS)
    return []   # a creature type: any word


def ask(game: Game, obj: Obj, resume: str) -> bool:
    """Owe the "as it enters" choice of ``obj`` unless it was made; True if now owed."""
    what, key = next(((k, key) for k, key in pending_choices(game, obj) if key not in obj.chosen), (None, None))
    if what is None:
        return False
    opts = choice_options(game, obj, what)
    if opts == ["none"]:   # no creature to copy: the only answer is made by the engine
        obj.chosen[key] = "none"
        return ask(game, obj, resume)
    text = {"copy_creature": f"{obj.controller} выбирает, копией какого существа выйдет {obj.label()} (или none)",
            "copy_artifact": f"{obj.controller} выбирает, копией какого артефакта выйдет {obj.label()} (или none)",
            "copy_permanent_you_control": f"{obj.controller} выбирает, копией какого своего перманента выйдет "
                                          f"{obj.label()} (или none)",
            "copy_creature_you_control": f"{obj.controller} выбирает, копией какого своего существа выйдет "
                                         f"{obj.label()} (или none)",
            "creature_type": f"{obj.controller} выбирает тип существ для {obj.label()}",
            "color": f"{obj.controller} выбирает цвет для {obj.label()}"}[what]
    game.decision = Decision(by=obj.controller, kind="as_enters", options=opts, text_ru=text, resume=resume,
                             context={"object": obj.id, "what": what, "key": key})
    say(game, "decision", "decision", [obj.controller, obj.id],
        ["copy_enters", "copy_choices"] if what in COPY_OF else ["copy_choices"],
        text=text, text_en=decision_en(obj.controller, "as_enters"))
    return True


def answer(game: Game, value) -> Obj:
    """Record the answer to an ``as_enters`` decision on the object (not yet entered)."""
    d = game.decision
    obj = game.objects[d.context["object"]]
    what = d.context["what"]
    v = str(value[0] if isinstance(value, list) and len(value) == 1 else value)
    if what == "creature_type":
        if not v.strip() or len(v) > MAX_TYPE_LEN or not v.replace("-", "").isalpha():
            raise InvalidInput(f"тип существ — одно слово (до {MAX_TYPE_LEN} букв), а не «{v}»")
        v = v.strip()
    elif v not in d.options and not (what in COPY_OF and v.casefold() in NO_COPY):
        raise InvalidInput(f"«{v}» — недопустимый ответ; допустимые: {', '.join(d.options)}")
    obj.chosen[d.context.get("key") or CHOICE_KEY[what]] = "none" if what in COPY_OF and v.casefold() in NO_COPY else v
    return obj


def enter_as_chosen(game: Game, obj: Obj) -> None:
    """As ``obj`` enters: its copy choice becomes a copy effect (706.5) with the timestamp
    it enters with; the original's copiable values are taken now (706.2b). If those values
    copy "as it enters" themselves (a Clone that copied nothing), the copy made with them
    comes after, and only its exceptions remain (706.9e: Altered Ego's counters are gone)."""
    ex = _copy_except(obj)
    hit = False
    for level, orig, raw in list(_copy_chain(game, obj)):
        values = with_exceptions(ex, raw, game.rules_version, x=int(obj.choices.get("x") or 0))
        game.effects.append({"kind": "copy", "target": obj.id, "incarnation": obj.incarnation, "timestamp": obj.timestamp,
                             "values": values, "source": obj.id, "source_name": obj.base["name_ru"],
                             "original": orig.id, "exception": ex is not None, "level": level})
        conditional_exception_said(game, obj, ex, values)
        type_cda_said(game, obj, ex, raw)
        hit = True
        ex = next((a.get("copy_except") for a in values["abilities"] if a.get("as_enters") in COPY_OF), None)
    if hit:
        took_values(game, [obj.id])


def took_values(game: Game, oids) -> None:
    """Objects that have just become copies: their attributes are the copy's at once (so the
    copied "enters tapped / with counters" apply as the copy enters, 706.5), and one that now
    has static abilities is watched for them (replacement effects gather ``static_sources``)."""
    layers.refresh(game)
    for oid in oids:
        o = game.objects[oid]
        if o.zone == "battlefield" and oid not in game.static_sources and any("static" in a for a in o.abilities):
            game.static_sources.append(oid)


def _copy_except(obj: Obj) -> dict | None:
    return next((a.get("copy_except") for a in obj.base["abilities"] if "as_enters" in a and a.get("copy_except")), None)


CHANGELING = "changeling"
TYPE_DEFINING_CDAS = (CHANGELING,)   # static abilities that define types (604.3; mechanisms/changeling.py)
IN_ADDITION = ("add_types", "add_subtypes", "add_supertypes")   # "… in addition to its other types"
KEEPS_TYPE_CDAS = "copy_in_addition_keeps_type_cdas"   # release_rules.json: from 2021-04-22 on


def _drops_type_cdas(ex: dict, version: str) -> bool:
    """706.9d of 2020: an exception that modifies the types ("in addition to its other types")
    leaves out the original's ability that defines them; from 2021-04-22 it is copied (707.9d)."""
    return any(k in ex for k in IN_ADDITION) and not release_rules.has(version, KEEPS_TYPE_CDAS)


def with_exceptions(ex: dict | None, values: dict, version: str, this_ability: dict | None = None,
                    x: int = 0) -> dict:
    """The copiable values a copy effect with the exceptions ``ex`` gives (706.9a-d): the
    exceptions are copiable values of the copy too. ``keep_color``: the colour is not copied,
    the copy keeps its own; ``gain_ability`` / ``gain_this`` (the copying ability itself,
    ``this_ability``) become one of its abilities (706.9a)."""
    if not ex:
        return values
    values = dict(values)
    if "pt" in ex:
        values["power"], values["toughness"] = ex["pt"]
        values["abilities"] = tuple(a for a in values["abilities"] if not str(a.get("static", "")).startswith("cda_"))
    if "add_types" in ex:
        values["types"] = tuple(values["types"]) + tuple(t for t in ex["add_types"] if t not in values["types"])
    if "add_subtypes" in ex:   # "a Shapeshifter Rogue in addition to its other types": its CDAs are copied (707.9d)
        values["subtypes"] = tuple(values["subtypes"]) + tuple(t for t in ex["add_subtypes"] if t not in values["subtypes"])
    if "add_supertypes" in ex:   # "legendary and snow in addition to its other types" (707.9b)
        values["supertypes"] = tuple(values["supertypes"]) + tuple(t for t in ex["add_supertypes"]
                                                                  if t not in values["supertypes"])
    if _drops_type_cdas(ex, version):
        values["abilities"] = tuple(a for a in values["abilities"] if a.get("static") not in TYPE_DEFINING_CDAS)
    if ex.get("keep_color"):
        values.pop("colors", None)
    gained = [a for a in (ex.get("gain_ability"), this_ability if ex.get("gain_this") else None) if a]
    if "enters_with_x_counters" in ex:   # Altered Ego: "except it enters with X additional +1/+1 counters"
        gained.append({"static": "enters_with_counters", "counters": {ex["enters_with_x_counters"]: x}})
    if gained:
        values["abilities"] = tuple(values["abilities"]) + tuple(a for a in gained if a not in values["abilities"])
    if "creature" in values["types"] and ex.get("if_creature"):   # only if the copy would be a creature (707.9f)
        cond = ex["if_creature"]
        kws = tuple(cond.get("keywords", ()))
        # changeling is a characteristic-defining ability, played as ``static: changeling`` (mechanisms/changeling.py)
        values["abilities"] = tuple(values["abilities"]) + tuple(
            {"static": k} for k in kws if k == CHANGELING and {"static": k} not in values["abilities"])
        values["keywords"] = tuple(values["keywords"]) + tuple(k for k in kws if k != CHANGELING and k not in values["keywords"])
        if cond.get("counters"):   # "it enters with N additional +1/+1 counters" (614.1c)
            values["abilities"] = tuple(values["abilities"]) + ({"static": "enters_with_counters", "counters": dict(cond["counters"])},)
    return values


def conditional_exception_said(game: Game, obj: Obj, ex: dict | None, values: dict) -> None:
    """707.9f: say whether the exceptions that apply only to a creature copy applied, judged on the
    copy with its other exceptions (its types before any type-changing effect: 707.2)."""
    if not ex or not ex.get("if_creature"):
        return
    held = citations.exists("copy_exception_if", game.rules_version)   # the rule came in 2021
    say(game, "effect", "control_copy.conditional_exception", [obj.id], ["copy_modified"] + (["copy_exception_if"] if held else []),
        obj=obj, types=", ".join(values["types"]) or "—",
        verdict=Text("существо — исключения «если это существо» применяются",
                     "a creature: the \"if it's a creature\" exceptions apply") if "creature" in values["types"]
        else Text("не существо — исключения «если это существо» не применяются, даже если позже оно станет существом",
                  "not a creature: the \"if it's a creature\" exceptions don't apply, even if it becomes one later"))


def type_cda_said(game: Game, obj: Obj, ex: dict | None, raw: dict) -> None:
    """706.9d / 707.9d: say whether a copy "in addition to its other types" took the original's
    ability that defines its types (changeling) — the rule changed in 2021 (release_rules.json)."""
    if not ex or not any(k in ex for k in IN_ADDITION) or not any(
            a.get("static") in TYPE_DEFINING_CDAS for a in raw.get("abilities", ())):
        return
    kept = not _drops_type_cdas(ex, game.rules_version)
    say(game, "effect", "control_copy.type_cda", [obj.id], ["copy_exception_cda"], obj=obj,
        verdict=Text("способность, определяющая типы (перевёртыш), копируется", "the ability that defines its types "
                     "(changeling) is copied") if kept
        else Text("способность, определяющая типы (перевёртыш), не копируется: исключение изменяет типы",
                  "the ability that defines its types (changeling) is not copied: the exception modifies the types"))


def describe_copy(game: Game, obj: Obj) -> str:
    chain = list(_copy_chain(game, obj))
    return f" как копия {chain[-1][1].label()}" if chain else ""


def run(game: Game, e: dict, info: dict, resolve, controller: str) -> None:
    """Resolve ``gain_control`` / ``lose_abilities_base_pt`` / ``become_creature_counting`` / ``change_text`` / ``become_copy``."""
    if "gain_control" in e:
        r = resolve(e["gain_control"])
        if r is None or not hasattr(r, "incarnation") or r.zone != "battlefield":
            return
        ts = game.next_ts()
        game.effects.append({"kind": "control", "controller": controller, "target": r.id, "incarnation": r.incarnation,
                             "timestamp": ts, "until": "eot", "source_name": info["name_ru"]})
        say(game, "effect", "control_copy.run.effect", [r.id],
            ["layer2", "duration", "timestamp_effect", "summoning_sickness"], controller=controller, r=r, ts=ts)
    elif "lose_abilities_base_pt" in e:
        p, t = e["lose_abilities_base_pt"]
        who = resolve(e["to"].replace("creatures_of_", ""))
        if who is None:
            return
        ts = game.next_ts()
        hit = [oid for oid in game.battlefield if game.objects[oid].is_creature and game.objects[oid].controller == who.name]
        for oid in hit:
            game.effects.append({"kind": "lose_all_set_pt", "p": p, "t": t, "target": oid,
                                 "incarnation": game.objects[oid].incarnation, "timestamp": ts, "until": "eot",
                                 "source_name": info["name_ru"]})
        say(game, "effect", "lose_abilities_group", hit, ["locked_set", "layer6_abilities", "layer7b", "duration"],
            who=who, hit=Text(', '.join(hit) or 'нет', ', '.join(hit) or 'none'), p=p, t=t)
    elif "change_text" in e:   # layer 3 (613.1c), for as long as the object stays (no duration)
        r = resolve(e.get("to", "target1"))
        if r is None or not hasattr(r, "incarnation") or r.zone != "battlefield":
            return
        frm, to = e["change_text"]["from"], e["change_text"]["to"]
        ts = game.next_ts()
        game.effects.append({"kind": "text", "from": frm, "to": to, "target": r.id, "incarnation": r.incarnation,
                             "timestamp": ts, "source_name": info["name_ru"]})
        say(game, "effect", "control_copy.run.effect.2", [r.id], ["layer3", "timestamp_effect"], r=r, frm=frm, to=to,
            ts=ts)
    elif "become_creature_counting" in e:   # Svogthos: layers 4, 5 and 7b, P/T counted anew in each state
        r = resolve(e.get("to", "target1"))
        if r is None or not hasattr(r, "incarnation") or r.zone != "battlefield":
            return
        spec = e["become_creature_counting"]
        ts = game.next_ts()
        game.effects.append({"kind": "animate_counting", "subtypes": list(spec.get("subtypes", [])),
                             "colors": list(spec.get("colors", [])), "count": spec["count"], "controller": controller,
                             "target": r.id, "incarnation": r.incarnation, "timestamp": ts, "until": "eot",
                             "source_name": info["name_ru"]})
        say(game, "effect", "become_creature_counting", [r.id], ["duration", "layer4", "layer5", "layer7b", "timestamp_effect"],
            obj=r, subtypes=' '.join(spec.get('subtypes', [])), controller=controller, ts=ts)
    elif "become_copy" in e:
        orig = resolve(e["become_copy"])
        if orig is None or not hasattr(orig, "incarnation"):
            return
        to = e.get("to", "each_other_creature")
        this = None
        if to == "self":   # "this creature becomes a copy" (706.4): no duration, it stays on the battlefield
            src = game.objects.get(info.get("id", ""))
            hit = [src.id] if src is not None and src.zone == "battlefield" else []
            this = next((a for a in (layers.chars_of(game, src).abilities if hit else ()) if e in a.get("effects", ())), None)
        elif to == "each_other_creature":   # Mirrorweave, until end of turn
            hit = [oid for oid in game.battlefield if game.objects[oid].is_creature and oid != orig.id]
        else:   # one object: "target creature becomes a copy of ..." until end of turn
            one = resolve(to)
            hit = [one.id] if one is not None and getattr(one, "zone", "") == "battlefield" else []
        values = with_exceptions(e.get("copy_except"), layers.copiable_of(game, orig), game.rules_version, this)
        ts = game.next_ts()
        until = None if to == "self" else "eot"
        for oid in hit:
            game.effects.append({"kind": "copy", "target": oid, "incarnation": game.objects[oid].incarnation,
                                 "timestamp": ts, "until": until, "values": values, "source_name": info["name_ru"],
                                 "original": orig.id, "exception": bool(e.get("copy_except"))})
        took_values(game, hit)
        say(game, "effect", "become_copy", hit + [orig.id],
            ["copy_values", "layer1", "locked_set"] + (["duration"] if until else ["copy_while_on_battlefield"])
            + (["copy_exception"] if e.get("copy_except") else []),
            hit=', '.join(hit) or '—', orig=orig, until=Text(' до конца хода', ' until end of turn') if until else '',
            exception=Text("; исключения эффекта — тоже копируемые значения",
                           "; the effect's exceptions are copiable values too") if e.get("copy_except") else '')
