"""Replacement effects on how permanents enter and on what effects create or put (614.12,
614.16, 616.1c, 616.1f).

Static abilities (card vocabulary ``static:``):

- ``creatures_enter_as_copy`` (Essence of the Wild): "creatures you control enter the
  battlefield as a copy of [this]" — a copy effect applied as the creature enters, chosen
  before any other replacement (616.1c); the abilities it had before (Rusted Sentinel's
  "enters tapped") are gone by then, because the effects that apply are checked on the
  permanent as it would exist on the battlefield (614.12);
- ``double_tokens_and_counters`` (Doubling Season): "if an effect would create one or more
  tokens under your control, it creates twice that many instead; if an effect would put one
  or more counters on a permanent you control, it puts twice that many instead" (614.16,
  also when another replacement effect puts the counters: "enters with").

An "as [this] enters, choose …" ability (``as_enters: color | creature_type``) of a
permanent that enters other than by resolving (a token, a card put onto the battlefield) is
a replacement effect of the entering event (614.1c, 614.12), its choice made by its
controller while the event is modified; the permanent spell that resolves asks first
(control_copy.ask). Creating a token contains its entering the battlefield: Doubling
Season modifies the creation, and only then each token's own "as it enters" (616.1f).
"""

from __future__ import annotations

from judge_app.engine.kernel import characteristics as ch
from judge_app.engine.kernel import events as ev
from judge_app.engine.kernel import events, hooks, layers, replacement, triggers
from judge_app.engine.kernel.errors import InvalidInput
from judge_app.engine.kernel.messages import say
from judge_app.engine.kernel.replacement import Kind, choose_option, register, src_en
from judge_app.engine.kernel.state import Game, Obj, ZONE_RU
from judge_app.engine.rules import control_copy

COLOR_CHOICES = ("white", "blue", "black", "red", "green")


# -- entering as a copy (Essence of the Wild) ----------------------------------------

def _copy_applies(game: Game, e: dict, ev: dict) -> bool:
    o = ev["obj"]
    return (e["source"] != o.id and o.is_creature and o.controller == e["controller"]
            and game.objects[e["source"]].zone == "battlefield")


def _copy_apply(game: Game, e: dict, ev: dict):
    o, src = ev["obj"], game.objects[e["source"]]
    game.effects.append({"kind": "copy", "target": o.id, "incarnation": o.incarnation, "timestamp": o.timestamp,
                         "values": layers.copiable_of(game, src), "source": src.id, "source_name": e["source_name"],
                         "original": src.id})
    sync_statics(game, o)
    say(game, "replace", "enter_replacements._copy_apply.replace", [o.id, src.id],
        replacement.keys(ev, ["replace_enters_others", "copy_enters", "replace_enters_check"]),
        source_name=e['source_name'], source=e['source'], o=o, name_ru=src.name_ru, src=src)
    return ev


register(Kind("creatures_enter_as_copy", ("enter",), _copy_applies, _copy_apply,
              lambda g, e: f"«{e['source_name']}» ({e['source']}): выходит копией",
              label_en=lambda g, e: f"{src_en(g, e)} ({e['source']}): enters as a copy", order_class="copy"),
         statics=("creatures_enter_as_copy",))


def sync_statics(game: Game, obj: Obj) -> None:
    """After the permanent's characteristics changed as it enters (a copy effect, abilities
    lost in a graveyard), whether it is a source of static abilities follows what it is now."""
    layers.refresh(game)
    has = any("static" in a for a in obj.abilities)
    if has and obj.id not in game.static_sources:
        game.static_sources.append(obj.id)
    elif not has and obj.id in game.static_sources:
        game.static_sources.remove(obj.id)


# -- entering under another player's control (616.1b: chosen first) --------------------

def _steal_applies(game: Game, e: dict, ev: dict) -> bool:
    o = ev["obj"]
    return o.is_creature and o.controller != e["target"]


def _steal_apply(game: Game, e: dict, ev: dict):
    o = ev["obj"]
    old = o.controller
    o.set_base_controller(e["target"])
    sync_statics(game, o)
    say(game, "replace", "enter_replacements._steal_apply.replace", [o.id, e["target"]],
        replacement.keys(ev, ["replace_instead", "replace_order_control"]), source_name=e['source_name'], o=o,
        target=e['target'], old=old)
    return ev


register(Kind("enters_under_your_control", ("enter",), _steal_applies, _steal_apply,
              lambda g, e: f"«{e['source_name']}»: выходит под контролем {e['target']}",
              label_en=lambda g, e: f"{src_en(g, e)}: enters under {e['target']}'s control", order_class="control"))


# -- "as [this] enters, choose a colour" of a token or a card put onto the battlefield --

def _as_enters_applies(game: Game, e: dict, ev: dict) -> bool:
    o = ev["obj"]
    return e["source"] == o.id and e["ability"].get("as_enters") == "color" and "color" not in o.chosen


def _as_enters_apply(game: Game, e: dict, ev: dict):
    o = ev["obj"]
    col = choose_option(game, o.controller, list(COLOR_CHOICES),
                        f"{o.controller} выбирает цвет для {o.label()}, когда он выходит на поле битвы",
                        kind="replacement_choice")
    o.chosen["color"] = col
    game.touch()
    say(game, "replace", "enter_replacements._as_enters_apply.replace", [o.controller, o.id],
        replacement.keys(ev, ["replace_enters", "replace_enters_check", "copy_choices"] + (["replace_order_contained"] if ev.get("after_outer") else [])),
        controller=o.controller, o=o, col=col)
    return ev


register(Kind("as_enters_color", ("enter",), _as_enters_applies, _as_enters_apply,
              lambda g, e: f"«{e['source_name']}» ({e['source']}): выбрать цвет при выходе",
              label_en=lambda g, e: f"{src_en(g, e)} ({e['source']}): choose a colour as it enters"))


def _pick_any_number(game: Game, by: str, options, text, act) -> list:
    """"Any number of" objects chosen while an effect is applied: one at a time among what is
    there now (``options()``), ``none`` to stop; ``act`` does it to each. Returns their ids."""
    picked = []
    while True:
        opts = options()
        if not opts:
            return picked
        pick = choose_option(game, by, opts + ["none"], text(opts), kind="replacement_choice")
        if pick == "none":
            return picked
        act(game.objects[pick])
        picked.append(pick)


# -- "as [this] enters, exile any number of creature cards from your graveyard" (614.13a) --

def _exile_cards_applies(game: Game, e: dict, ev: dict) -> bool:
    o = ev["obj"]
    return e["source"] == o.id and e["ability"].get("as_enters") == "exile_creature_cards" and "exiled_pt" not in o.chosen


def _exile_cards_apply(game: Game, e: dict, ev: dict):
    """One card at a time, ``none`` to stop. Only what is in the graveyard now: a card entering
    the battlefield at the same time is not there any more (614.13a)."""
    o = ev["obj"]
    p, t = 0, 0

    def exile(card: Obj) -> None:
        nonlocal p, t
        cp, ct = ch.pt(game, card)
        p, t = p + (cp or 0), t + (ct or 0)
        events.move(game, card, "exile", keys=("replace_enters",),
                    text_ru=f"{card.label()} изгоняется с кладбища (при выходе {o.label()})", text_en=f"{card.label_en()} is exiled")

    exiled = _pick_any_number(
        game, o.controller,
        lambda: [c for c in game.player(o.controller).graveyard if "creature" in game.objects[c].types],
        lambda opts: f"{o.controller} изгоняет карту существа со своего кладбища, пока {o.label()} выходит на поле "
                     f"битвы (ещё одну или none): {', '.join(opts)}", exile)
    o.chosen["exiled_pt"] = [p, t]
    game.touch()
    say(game, "replace", "enter_replacements._exile_cards_apply.replace", [o.id] + exiled,
        replacement.keys(ev, ["replace_enters", "replace_enters_simultaneous"]), o=o, len=len(exiled),
        note=f" ({', '.join(exiled)})" if exiled else " — на кладбище нет ни одной (карты, выходящие одновременно с ним, уже не там)")
    return ev


register(Kind("as_enters_exile_cards", ("enter",), _exile_cards_applies, _exile_cards_apply,
              lambda g, e: f"«{e['source_name']}» ({e['source']}): изгнать карты существ при выходе",
              label_en=lambda g, e: f"{src_en(g, e)} ({e['source']}): exile creature cards as it enters"))


# -- devour (702.81a, 614.13b): each instance its own replacement effect ------------------

def _devour_instances(obj: Obj) -> list:
    return [(f"devour{i + 1}", "devour", {"devour": int(k["devour"]), "n": i})
            for i, k in enumerate(k for k in obj.keywords if isinstance(k, dict) and "devour" in k)]


def _devour_applies(game: Game, e: dict, ev: dict) -> bool:
    return e["source"] == ev["obj"].id


def _devour_apply(game: Game, e: dict, ev: dict):
    """Sacrifice any number of other creatures you control, one at a time (``none`` ends);
    a creature sacrificed for another devour is gone already (614.13b)."""
    o, n = ev["obj"], e["ability"]["devour"]
    eaten = _pick_any_number(
        game, o.controller,
        lambda: [c for c in game.battlefield if c != o.id and game.objects[c].is_creature
                 and game.objects[c].controller == o.controller],
        lambda opts: f"{o.controller} приносит в жертву существо для поглощения {n} {o.label()} (ещё одно или none): "
                     f"{', '.join(opts)}",
        lambda c: events.move(game, c, "graveyard", keys=("devour", "sacrifice"),
                              text_ru=f"{c.label()} приносится в жертву (поглощение {n})",
                              text_en=f"{c.label_en()} is sacrificed (devour {n})"))
    counters = dict(ev.get("counters") or {})
    if eaten:
        counters["+1/+1"] = counters.get("+1/+1", 0) + n * len(eaten)
    say(game, "replace", "enter_replacements._devour_apply.replace", [o.id] + eaten,
        replacement.keys(ev, ["devour", "replace_enters", "replace_enters_choice_once"]), n=n, o=o, counters=n * len(eaten))
    return {**ev, "counters": counters}


register(Kind("devour", ("enter",), _devour_applies, _devour_apply,
              lambda g, e: f"поглощение {e['ability']['devour']} ({e['source']}:devour{e['ability']['n'] + 1})",
              label_en=lambda g, e: f"devour {e['ability']['devour']} ({e['source']}:devour{e['ability']['n'] + 1})"))
replacement.ENTERING_HOOKS.append(_devour_instances)
AS_ENTERS_KINDS = {"color": "as_enters_color", "exile_creature_cards": "as_enters_exile_cards",
                   "counter_on_artifact": "as_enters_counter_on_artifact",   # Phylactery Lich (phylactery.py)
                   "copy_creature": "as_enters_copy", "copy_artifact": "as_enters_copy",
                   "copy_creature_you_control": "as_enters_copy"}   # a token copy of Clone (entering_copies.py)
replacement.ABILITY_KINDS["as_enters"] = lambda ab: AS_ENTERS_KINDS.get(ab.get("as_enters"))


# -- Doubling Season (614.16) -------------------------------------------------------

def _tokens_applies(game: Game, e: dict, ev: dict) -> bool:
    return ev["player"].name == e["controller"] and ev["count"] > 0


def _tokens_apply(game: Game, e: dict, ev: dict):
    n = ev["count"]
    say(game, "replace", "enter_replacements._tokens_apply.replace", [e["source"], ev["player"].name],
        replacement.keys(ev, ["replace_instead", "replace_tokens_counters"]), source_name=e['source_name'],
        source=e['source'], n=n, doubled=2 * n)
    return {**ev, "count": 2 * n}


def _counters_applies(game: Game, e: dict, ev: dict) -> bool:
    o = ev["obj"]
    if o.controller != e["controller"] or o.zone != "battlefield":
        return False
    return ev["amount"] > 0 if ev["kind"] == "counters" else any(n > 0 for n in (ev.get("counters") or {}).values())


def _counters_apply(game: Game, e: dict, ev: dict):
    o = ev["obj"]
    if ev["kind"] == "counters":
        doubled = {**ev, "amount": 2 * ev["amount"]}
        what = f"{2 * ev['amount']} жетонов {ev['counter']} вместо {ev['amount']}"
    else:   # the counters it enters with, put by another replacement effect (614.16)
        doubled = {**ev, "counters": {k: 2 * n for k, n in ev["counters"].items()}}
        what = "вдвое больше жетонов, с которыми оно выходит"
    say(game, "replace", "enter_replacements._counters_apply.replace", [e["source"], o.id],
        replacement.keys(ev, ["replace_instead", "replace_tokens_counters"]), source_name=e['source_name'],
        source=e['source'], o=o, what=what)
    return doubled


register(Kind("double_tokens", ("create_token",), _tokens_applies, _tokens_apply,
              lambda g, e: f"«{e['source_name']}» ({e['source']}): вдвое больше фишек",
              label_en=lambda g, e: f"{src_en(g, e)} ({e['source']}): twice that many tokens"),
         statics=("double_tokens_and_counters", "double_tokens"))   # double_tokens: Anointed Procession
register(Kind("double_counters", ("counters", "enter"), _counters_applies, _counters_apply,
              lambda g, e: f"«{e['source_name']}» ({e['source']}): вдвое больше жетонов",
              label_en=lambda g, e: f"{src_en(g, e)} ({e['source']}): twice that many counters"),
         statics=("double_tokens_and_counters",))


# -- creating tokens (111, 614.16, 616.1f) -------------------------------------------

def create_tokens(game: Game, spec: dict, controller: str, original: Obj | None = None) -> list:
    """Create ``spec.count`` tokens (1 by default): the creation is proposed first (Doubling
    Season doubles it), then each token enters the battlefield as an event of its own, with
    its "as it enters" choices (616.1f). ``original``: a token that's a copy of it gets its
    copiable values (706.2). Returns the new tokens."""
    proposed = {"kind": "create_token", "player": game.player(controller), "count": int(spec.get("count", 1))}
    event = replacement.run(game, proposed)
    outer_replaced = event is not proposed   # 616.1f: the creation's effects were chosen first
    made = []
    for _ in range(event["count"] if event else 0):
        tid = game.new_id("token")
        if original is not None:
            values = dict(layers.copiable_of(game, original))
            values.pop("flip", None)
        else:
            values = {"name_ru": spec["name_ru"], "name_en": spec.get("name_en", ""), "types": ("creature",),
                      "subtypes": tuple(spec.get("subtypes", ())), "colors": tuple(spec.get("colors", ())),
                      "power": spec.get("power"), "toughness": spec.get("toughness"),
                      "keywords": tuple(spec.get("keywords", ())),
                      "abilities": tuple(spec.get("abilities", ()))}   # a P/T-defining ability (Ajani's Avatar)
        tok = Obj(id=tid, owner=controller, controller=controller, zone="none", token=True, sick=True, **values)
        game.objects[tid] = tok
        for h in hooks.hooks(hooks.TOKEN_COPY) if original is not None else ():   # 707.8a (double_faced.py)
            h.fn(game, original, tok)
        ev.put_in_zone(game, tok, "battlefield", controller=controller)
        copy = f" — копия «{original.name_ru}»" if original is not None else ""
        say(game, "token", "enter_replacements.create_tokens.token",
            [tid] + ([original.id] if original is not None else []),
            ["token_create", "resolve_instructions"] + (["copy_values"] if original is not None else []),
            controller=controller, tok=tok, copy=copy, token_pt=_token_pt(game, tok), name_en=tok.name_en)
        ev.enters(game, tok, after_outer=outer_replaced)
        made.append(tok)
    for tok in made:
        triggers.on_enter(game, tok)
    return made


def _token_pt(game: Game, tok: Obj) -> str:
    """ " P/T" of a new token: the one a characteristic-defining ability gives it (604.3), else its own."""
    if any(str(a.get("static", "")).startswith("cda_") for a in tok.abilities):
        c = ch.compute_pt(game, tok)
        return f" {c.power}/{c.toughness}" if c is not None else ""
    return f" {tok.power}/{tok.toughness}" if tok.power is not None else ""


TOGETHER = "entering_together"   # game.sba_choices key: the ids entering at the same time, while they enter


def entering_together(game: Game) -> list:
    return list(game.sba_choices.get(TOGETHER, ()))


def _check_choices_made(game: Game, cards: list, chosen: dict) -> None:
    """A card whose "as it enters" choice (Clone: what to copy) was not asked by the effect that
    puts it onto the battlefield is refused, never entered without it (706.5): effects that can
    bring such a card ask first (entering_choices.py); one with nothing to copy copies nothing."""
    ids = {c.id for c in cards}
    for c in cards:
        kept, c.chosen = c.chosen, dict(chosen.get(c.id, {}))
        try:
            for what, key in control_copy.pending_choices(game, c):
                if key in c.chosen:
                    continue
                opts = [o for o in control_copy.choice_options(game, c, what) if o not in ids]
                if what in control_copy.COPY_OF and opts == ["none"]:
                    chosen.setdefault(c.id, {})[key] = "none"
                    continue
                raise InvalidInput(f"{c.label()} выходит на поле битвы этим эффектом, но выбор при выходе «{what}» "
                                   f"для него движок здесь не спрашивает (706.5): такой выход не играется")
        finally:
            c.chosen = kept


def put_onto_battlefield(game: Game, cards: list, controller: str, chosen: dict | None = None) -> None:
    """Cards from other zones enter the battlefield at the same time: all leave their zones
    first, then each enters as it would exist on the battlefield (614.12) — none of them is
    still in the graveyard while another's "as it enters" is applied (614.13a) —, then the
    triggers see them all."""
    old = {c.id: c.zone for c in cards}
    chosen = {k: dict(v) for k, v in (chosen or {}).items()}
    _check_choices_made(game, cards, chosen)
    for c in cards:
        ev._remove_from_zone(game, c)
        ev.become_new_object(c, from_battlefield=False)
        c.chosen = dict(chosen.get(c.id, {}))   # "as it enters" choices made for it (reveal_until.py)
        ev.put_in_zone(game, c, "battlefield", controller=controller)
        if c.chosen.get("copy"):
            control_copy.enter_as_chosen(game, c)   # enters as a copy (706.5)
    game.sba_choices[TOGETHER] = [c.id for c in cards]   # each one's entering doesn't see the others (614.12)
    try:
        for c in cards:
            ev.enters(game, c)
            say(game, "zone_change", "enter_replacements.put_onto_battlefield.zone_change", [c.id],
                ["resolve_instructions", "zone_change_new_object"], c=c, zone=ZONE_RU[old[c.id]],
                note=" (повёрнутым)" if c.tapped else "")
    finally:
        game.sba_choices.pop(TOGETHER, None)
    for c in cards:
        triggers.on_enter(game, c)


def _before_enter(game: Game, event: dict) -> bool:
    sync_statics(game, event["obj"])
    return False


hooks.register(hooks.BEFORE_EVENT, _before_enter, keys=("enter",))
