"""Damage: prevention effects (615) and the replacement effects that change an amount of
damage (614.1a "deals double that damage instead").

Shields left by resolving spells and abilities (``game.effects`` entries, kind ``shield``):

- ``prevent_next``: "prevent the next N damage that would be dealt to [it] this turn"
  (615.7): each prevented 1 reduces the shield; at 0 it is gone;
- ``prevent_all_to``: "prevent all damage that would be dealt to [it] this turn";
- ``prevent_all_you_and_creatures``: Safe Passage — you and the creatures you control
  when the damage would be dealt (not fixed when it resolved).

Static abilities: ``prevent_damage_to`` (Daunting Defender, 615.10: N of each damage event),
``double_damage`` (Fire Servant: red instant and sorcery spells you control; or creatures
you control, CR 614.5's example), ``damage_cant_be_prevented`` (Leyline of Punishment;
Combust's "the damage can't be prevented" is a flag of its damage instruction).
"""

from __future__ import annotations

from judge_app.engine.kernel import events, hooks, replacement
from judge_app.engine.kernel.messages import say
from judge_app.engine.kernel.replacement import Kind, register, src_en
from judge_app.engine.kernel.ru import dmg
from judge_app.engine.kernel.state import Game, Player
from judge_app.engine.rules import shield_split
from judge_app.engine.rules.keywords import protection


def _to_label(to) -> str:
    return to.name if isinstance(to, Player) else to.label()


def _is_target(e: dict, to) -> bool:
    if isinstance(to, Player):
        return e["target"] == to.name
    return e["target"] == to.id and e.get("incarnation") == to.incarnation


def _shrink(game: Game, event: dict, n: int, what: str, keys: list) -> dict | None:
    """Prevent ``n`` of the event's damage (615.6: prevented damage never happens)."""
    n = min(n, event["amount"])
    left = event["amount"] - n
    src = event["source"]
    say(game, "prevent", "prevention._shrink.prevent", [src["id"]] + _ids(event),
        replacement.keys(event, keys + ["damage_prevention_event"] + ([] if left else ["prevent_never_happens"])),
        what=what, dmg=dmg(n), name_ru=src['name_ru'], to_label=_to_label(event['to']),
        note=f" (остаётся {left})" if left else "", n=n, name_en=src.get('name_en') or src['name_ru'])
    if left <= 0:   # no damage is left to deal: the extra effects of shields applied before it happen now (615.5)
        after_dealt(game, event)
        return None
    return {**event, "amount": left, "prevented": event.get("prevented", 0) + n}


def _ids(event: dict) -> list:
    to = event["to"]
    return [to.name if isinstance(to, Player) else to.id]


# -- shields from resolution ----------------------------------------------------------

def _next_applies(game, e, ev) -> bool:
    shield = game.effects[e["index"]]
    share = shield_split.allotted(shield, ev["source"]["id"])   # 615.7: the split its player chose, if any
    return _is_target(e, ev["to"]) and ev["amount"] > 0 and shield.get("left", 0) > 0 and share != 0


def _next_apply(game, e, ev):
    shield = game.effects[e["index"]]
    share = shield_split.allotted(shield, ev["source"]["id"])
    n = min(shield["left"], ev["amount"], ev["amount"] if share is None else share)
    shield_split.use(game, e["index"], ev["source"]["id"], n)
    shield = game.effects[e["index"]]
    shield["left"] -= n
    out = _shrink(game, ev, n, f"Щит предотвращения «{e.get('source_name', '')}» (осталось {shield['left']})",
                  ["prevent_shield"])
    if shield["left"] <= 0:
        game.effects.pop(e["index"])
    extra = shield.get("then_damage")
    if extra and n > 0:   # 615.5: part of the same prevention effect, before anything else happens
        if out is None:
            _extra_damage(game, extra, n)
        else:   # the rest of the damage is dealt at the same time as the prevention; then the extra
            out = {**out, "after": out.get("after", ()) + ((extra, n),)}
    return out


def after_dealt(game: Game, event: dict) -> None:
    for extra, n in event.get("after", ()):
        _extra_damage(game, extra, n)


def _extra_damage(game: Game, extra: dict, n: int) -> None:
    src = extra["source"]
    victim = game.player(extra["to"]) if extra.get("to") and game.has_player(extra["to"]) else None
    if victim is None:   # no player to deal it to: the damage is still prevented, nothing is dealt
        return
    if victim.lost:   # 800.4a: the target left the game after the ability resolved (FAQ M2011 r180)
        say(game, "prevent_extra", "prevention._extra_damage.prevent_extra.2", [src["id"], victim.name],
            ["prevent_extra_effect", "player_left_game"], name=victim.name, name_ru=src['name_ru'])
        return
    say(game, "prevent_extra", "prevention._extra_damage.prevent_extra", [src["id"], victim.name],
        ["prevent_extra_effect"], name_ru=src['name_ru'], dmg=dmg(n), name=victim.name,
        name_en=src.get('name_en') or src['name_ru'], n=n)
    events.deal_damage(game, src, victim, n)


register(Kind("prevent_next", ("damage",), _next_applies, _next_apply,
              lambda g, e: f"щит «{e.get('source_name', '')}» (предотвратить следующие {e.get('left')})",
              label_en=lambda g, e: f"{src_en(g, e)} shield (prevent the next {e.get('left')})", prevention=True))


def _all_to_applies(game, e, ev) -> bool:
    return _is_target(e, ev["to"]) and ev["amount"] > 0


register(Kind("prevent_all_to", ("damage",), _all_to_applies,
              lambda g, e, ev: _shrink(g, ev, ev["amount"], f"«{e.get('source_name', '')}» предотвращает все повреждения",
                                       ["prevent_effect"]),
              lambda g, e: f"«{e.get('source_name', '')}» (предотвратить все повреждения)",
              label_en=lambda g, e: f"{src_en(g, e)} (prevent all damage)", prevention=True))


def _you_and_creatures_applies(game, e, ev) -> bool:
    to = ev["to"]
    if ev["amount"] <= 0:
        return False
    if isinstance(to, Player):
        return to.name == e["controller"]
    return to.is_creature and to.controller == e["controller"]   # now, not when it resolved


register(Kind("prevent_all_you_and_creatures", ("damage",), _you_and_creatures_applies,
              lambda g, e, ev: _shrink(g, ev, ev["amount"], f"«{e.get('source_name', '')}» предотвращает все повреждения, "
                                       f"которые должны быть нанесены игроку {e['controller']} и существам под его контролем",
                                       ["prevent_effect"]),
              lambda g, e: f"«{e.get('source_name', '')}» (предотвратить все повреждения вам и вашим существам)",
              label_en=lambda g, e: f"{src_en(g, e)} (prevent all damage to you and your creatures)",
              prevention=True))


# -- static abilities -----------------------------------------------------------------

def _static_prevent_applies(game, e, ev) -> bool:
    to = ev["to"]
    ab = e["ability"]
    if isinstance(to, Player) or not to.is_creature or to.controller != e["controller"] or ev["amount"] <= 0:
        return False
    return not ab.get("subtype") or ab["subtype"] in to.subtypes


register(Kind("prevent_damage_to", ("damage",), _static_prevent_applies,
              lambda g, e, ev: _shrink(g, ev, e["ability"].get("amount", 1),
                                       f"«{e['source_name']}» предотвращает {e['ability'].get('amount', 1)} из этих повреждений",
                                       ["prevent_static_amount"]),
              lambda g, e: f"«{e['source_name']}» (предотвратить {e['ability'].get('amount', 1)})",
              label_en=lambda g, e: f"{src_en(g, e)} (prevent {e['ability'].get('amount', 1)})", prevention=True),
         statics=("prevent_damage_to",))


def _double_applies(game, e, ev) -> bool:
    src = ev["source"]
    if ev["amount"] <= 0 or src.get("controller") != e["controller"]:   # 614.7a: no damage, nothing to double
        return False
    who = e["ability"].get("from", "red_instant_sorcery_you_control")
    if who == "creatures_you_control":
        return "creature" in src.get("types", ())
    return (src.get("stack_kind") == "spell" and "red" in src.get("colors", ())
            and bool({"instant", "sorcery"} & set(src.get("types", ()))))


def _double_apply(game, e, ev):
    n = ev["amount"] * 2
    say(game, "replace", "prevention._double_apply.replace", [e["source"], ev["source"]["id"]] + _ids(ev),
        replacement.keys(ev, ["replace_instead", "replace_once"]), source_name=e['source_name'], source=e['source'],
        dmg=dmg(ev['amount']), name_ru=ev['source']['name_ru'], dmg2=dmg(n), to_label=_to_label(ev['to']),
        name_en=ev['source'].get('name_en') or ev['source']['name_ru'])
    return {**ev, "amount": n}


register(Kind("double_damage", ("damage",), _double_applies, _double_apply,
              lambda g, e: f"«{e['source_name']}» ({e['source']}, удвоение повреждений)",
              label_en=lambda g, e: f"{src_en(g, e)} ({e['source']}, double damage)"),
         statics=("double_damage",))


def cant_be_prevented(game: Game, event: dict) -> bool:
    """615.12: the damage can't be prevented (Combust's damage; Leyline of Punishment)."""
    if event.get("unpreventable"):
        return True
    for sid in game.static_sources:
        if any(ab.get("static") == "damage_cant_be_prevented" for ab in game.objects[sid].abilities):
            return True
    return False


# -- prevention with an extra effect of its own (615.5) -------------------------------

def _hydra_applies(game, e, ev) -> bool:
    to = ev["to"]
    return not isinstance(to, Player) and to.id == e["source"] and ev["amount"] > 0


def _remove_counters(game: Game, e: dict, ev: dict) -> None:
    """Protean Hydra: "… and remove that many +1/+1 counters from it" — as many as it has."""
    o = game.objects[e["source"]]
    k = min(ev["amount"], o.counters.get("+1/+1", 0))
    if k:
        o.counters["+1/+1"] -= k
        game.touch()
    say(game, "prevent_extra", "prevention._remove_counters.prevent_extra", [o.id], ["prevent_extra_effect"], o=o, k=k,
        note=f" (было меньше {ev['amount']})" if k < ev["amount"] else "")
    events.counters_removed(game, o, "+1/+1", k)


def _hydra_apply(game, e, ev):
    out = _shrink(game, ev, ev["amount"], f"«{e['source_name']}» ({e['source']}) предотвращает повреждения",
                  ["prevent_effect"])
    _remove_counters(game, e, ev)
    return out


register(Kind("prevent_damage_remove_counters", ("damage",), _hydra_applies, _hydra_apply,
              lambda g, e: f"«{e['source_name']}» ({e['source']}): предотвратить и снять жетоны",
              label_en=lambda g, e: f"{src_en(g, e)} ({e['source']}): prevent and remove counters", prevention=True,
              on_unpreventable=_remove_counters),
         statics=("prevent_damage_remove_counters",))


# -- redirection (614.9) ---------------------------------------------------------------

def _redirect_to(game: Game, e: dict):
    """The new recipient if it can still be dealt that damage (614.9), else None."""
    if e["to_kind"] == "player":
        return game.player(e["to_ref"]) if game.has_player(e["to_ref"]) and not game.player(e["to_ref"]).lost else None
    o = game.objects.get(e["to_ref"])
    if o is None or o.zone != "battlefield" or o.incarnation != e["to_incarnation"] \
            or not (o.is_creature or "planeswalker" in o.types):
        return None
    return o


def _redirect_applies(game, e, ev) -> bool:
    return _is_target(e, ev["to"]) and ev["amount"] > 0


def _redirect_apply(game, e, ev):
    game.effects.pop(e["index"])
    new = _redirect_to(game, e)
    if new is None:
        say(game, "replace", "prevention._redirect_apply.replace.2", _ids(ev),
            replacement.keys(ev, ["replace_redirect"]), source_name=e['source_name'])
        return ev
    say(game, "replace", "prevention._redirect_apply.replace",
        _ids(ev) + [new.name if isinstance(new, Player) else new.id], replacement.keys(ev, ["replace_redirect"]),
        source_name=e['source_name'], dmg=dmg(ev['amount']), name_ru=ev['source']['name_ru'],
        to_label=_to_label(ev['to']), to_label2=_to_label(new))
    return {**ev, "to": new}


register(Kind("redirect_next", ("damage",), _redirect_applies, _redirect_apply,
              lambda g, e: f"«{e['source_name']}»: перенаправить следующие повреждения",
              label_en=lambda g, e: f"{src_en(g, e)}: redirect the next damage"))


# -- the next time a (chosen) source would deal damage (615.8, 615.9) -------------------

def _from_source_applies(game, e, ev) -> bool:
    """The next instance from that source (615.8); a source chosen by its properties is
    checked again now: if they no longer match, the shield is not used up (615.9)."""
    if ev["amount"] <= 0 or ev["source"]["id"] != e["source_ref"] or not _is_target(e, ev["to"]):
        return False
    return not e.get("color") or e["color"] in ev["source"].get("colors", ())


def _from_source_apply(game, e, ev):
    game.effects.pop(e["index"])
    return _shrink(game, ev, ev["amount"], f"Щит «{e.get('source_name', '')}» (следующие повреждения от этого источника)",
                   ["prevent_next_instance"] + (["prevent_chosen_source"] if e.get("color") else []))


register(Kind("prevent_next_from", ("damage",), _from_source_applies, _from_source_apply,
              lambda g, e: f"щит «{e.get('source_name', '')}» от {e['source_ref']}",
              label_en=lambda g, e: f"{src_en(g, e)} shield from {e['source_ref']}", prevention=True))


def _before_damage(game: Game, event: dict) -> bool:
    """Before a damage event's replacement pipeline: "can't be prevented" (615.12) marks it, else
    protection may prevent it all (702.16e). True when nothing is dealt."""
    if cant_be_prevented(game, event):
        event["unpreventable"] = True
        return False
    return protection.prevented(game, event["source"], event["to"], event["amount"])


hooks.register(hooks.BEFORE_EVENT, _before_damage, keys=("damage",))
hooks.register(hooks.AFTER_EVENT, after_dealt, keys=("damage",))
