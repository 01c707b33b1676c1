"""Replacement effects on zone changes, draws, life and entering the battlefield (614).

Static abilities (card vocabulary ``static:``):

- ``exile_instead_of_graveyard`` (``affects: opponents`` — Leyline of the Void — or
  ``all``): "if a card would be put into a graveyard from anywhere, exile it instead".
  Cards only: a token goes to the graveyard and then ceases to exist;
- ``dies_shuffle_instead``: "if [this] would die, shuffle it into its owner's library
  instead" — an ordinary replacement, not a self-replacement (614.15 is about a resolving
  spell's own effect), so its controller chooses its order (616.1e's example);
- ``enters_tapped`` (614.1c, the permanent itself) and ``permanents_enter_tapped``
  (614.1d, other permanents: Orb of Dreams does not affect itself, 614.12);
- ``enters_with_counters: {KIND: N}`` (614.1c);
- ``gain_life_draw_instead`` / ``draw_return_instead``: CR 616.2's example pair.
"""

from __future__ import annotations

from judge_app.engine.kernel import replacement
from judge_app.engine.kernel.messages import say
from judge_app.engine.kernel.replacement import Kind, choose_card, register, src_en
from judge_app.engine.kernel.state import Game, STEP_RU


# -- to a graveyard -------------------------------------------------------------------

def _exile_applies(game: Game, e: dict, ev: dict) -> bool:
    o = ev["obj"]
    if ev["to"] != "graveyard" or o.token:
        return False
    if e["ability"].get("affects", "opponents") == "opponents":
        return o.owner != e["controller"]
    return True


def _exile_apply(game: Game, e: dict, ev: dict):
    o = ev["obj"]
    say(game, "replace", "zone_replacements._exile_apply.replace", [e["source"], o.id],
        replacement.keys(ev, ["replace_instead", "replace_never_happens"]), source_name=e['source_name'],
        source=e['source'], o=o)
    return {**ev, "to": "exile"}


register(Kind("exile_instead_of_graveyard", ("zone",), _exile_applies, _exile_apply,
              lambda g, e: f"«{e['source_name']}» ({e['source']}): изгнать вместо кладбища",
              label_en=lambda g, e: f"{src_en(g, e)} ({e['source']}): exile instead of the graveyard"),
         statics=("exile_instead_of_graveyard",))


def _shuffle_applies(game: Game, e: dict, ev: dict) -> bool:
    o = ev["obj"]
    return (e["source"] == o.id and ev["to"] == "graveyard" and ev.get("from") == "battlefield"
            and o.is_creature)


def _shuffle_apply(game: Game, e: dict, ev: dict):
    o = ev["obj"]
    say(game, "replace", "zone_replacements._shuffle_apply.replace", [o.id],
        replacement.keys(ev, ["replace_instead", "replace_never_happens"]), o=o)
    return {**ev, "to": "library", "shuffle": True}


register(Kind("dies_shuffle_instead", ("zone",), _shuffle_applies, _shuffle_apply,
              lambda g, e: f"«{e['source_name']}» ({e['source']}): замешать в библиотеку вместо смерти",
              label_en=lambda g, e: f"{src_en(g, e)} ({e['source']}): shuffle into the library instead of dying"),
         statics=("dies_shuffle_instead",))


# -- entering the battlefield (614.1c-d, 614.12) --------------------------------------

def _tapped_self_applies(game, e, ev) -> bool:
    return e["source"] == ev["obj"].id and not ev.get("tapped")


def _tapped_others_applies(game, e, ev) -> bool:
    return e["source"] != ev["obj"].id and not ev.get("tapped")   # 614.12: Orb of Dreams not itself


def _tapped_apply(game, e, ev):
    o = ev["obj"]
    own = e["source"] == o.id
    say(game, "replace", "zone_replacements._tapped_apply.replace", [o.id] + ([] if own else [e["source"]]),
        replacement.keys(ev, ["replace_enters"] + ([] if own else ["replace_enters_others"])), o=o,
        note="" if own else f" («{e['source_name']}» ({e['source']}))")
    return {**ev, "tapped": True}


register(Kind("enters_tapped", ("enter",), _tapped_self_applies, _tapped_apply,
              lambda g, e: f"«{e['source_name']}» выходит повёрнутым",
              label_en=lambda g, e: f"{src_en(g, e)} enters tapped"), statics=("enters_tapped",))
register(Kind("permanents_enter_tapped", ("enter",), _tapped_others_applies, _tapped_apply,
              lambda g, e: f"«{e['source_name']}» ({e['source']}): перманенты выходят повёрнутыми",
              label_en=lambda g, e: f"{src_en(g, e)} ({e['source']}): permanents enter tapped"),
         statics=("permanents_enter_tapped",))


def _counters_applies(game, e, ev) -> bool:
    return e["source"] == ev["obj"].id


def _counters_apply(game, e, ev):
    o = ev["obj"]
    counters = dict(ev.get("counters") or {})
    for k, n in e["ability"]["counters"].items():
        counters[k] = counters.get(k, 0) + n
    say(game, "replace", "zone_replacements._counters_apply.replace", [o.id], ["replace_enters"], o=o,
        list=", ".join(f"{k} × {n}" for k, n in e["ability"]["counters"].items()))
    return {**ev, "counters": counters}


register(Kind("enters_with_counters", ("enter",), _counters_applies, _counters_apply,
              lambda g, e: f"«{e['source_name']}» выходит с жетонами",
              label_en=lambda g, e: f"{src_en(g, e)} enters with counters"), statics=("enters_with_counters",))


# -- life and draws (616.2's example) ------------------------------------------------

def _yours(game, e, ev) -> bool:
    return ev["player"].name == e["controller"]


def _life_to_draw(game, e, ev):
    p, n = ev["player"], ev["amount"]
    say(game, "replace", "zone_replacements._life_to_draw.replace", [p.name, e["source"]],
        ["replace_instead", "replace_becomes_applicable"], source_name=e['source_name'], n=n, name=p.name)
    return {"kind": "draw", "player": p, "count": n, "replaced_from": "gain_life"}


register(Kind("gain_life_draw_instead", ("gain_life",), lambda g, e, ev: _yours(g, e, ev) and ev["amount"] > 0,
              _life_to_draw, lambda g, e: f"«{e['source_name']}»: брать карты вместо жизни",
              label_en=lambda g, e: f"{src_en(g, e)}: draw cards instead of gaining life"),
         statics=("gain_life_draw_instead",))


def _draw_to_return(game, e, ev):
    p = ev["player"]
    cards = [c for c in p.graveyard if not game.objects[c].token]
    say(game, "replace", "zone_replacements._draw_to_return.replace", [p.name, e["source"]],
        ["replace_instead", "replace_becomes_applicable"], source_name=e['source_name'], name=p.name)
    if not cards:   # 614.6: an instruction that can't be carried out is ignored
        return None
    return {"kind": "return_to_hand", "player": p,
            "card": choose_card(game, p.name, cards, "карта с кладбища, которая возвращается в руку")}


register(Kind("draw_return_instead", ("draw",), _yours, _draw_to_return,
              lambda g, e: f"«{e['source_name']}»: вернуть карту с кладбища вместо взятия",
              label_en=lambda g, e: f"{src_en(g, e)}: return a card from the graveyard instead of drawing"),
         statics=("draw_return_instead",))


# -- skipping a step (614.1b, 614.10) -------------------------------------------------

def _skip_applies(game, e, ev) -> bool:
    return ev["step"] == e["ability"].get("step") and ev["player"].name == e["controller"]


def _skip_apply(game, e, ev):
    say(game, "replace", "zone_replacements._skip_apply.replace", [ev["player"].name, e["source"]],
        replacement.keys(ev, ["replace_skip", "replace_skip_step"]), source_name=e['source_name'], source=e['source'],
        player=ev['player'].name, step_ru=STEP_RU[ev['step']], step=ev['step'])
    return None


register(Kind("skip_step", ("step",), _skip_applies, _skip_apply,
              lambda g, e: f"«{e['source_name']}»: пропустить шаг",
              label_en=lambda g, e: f"{src_en(g, e)}: skip the step"), statics=("skip_step",))


# -- "skip your next turn / combat phase / … step" from a resolved effect (614.10, 614.10a) --

WHAT_RU = {"turn": "свой следующий ход", "combat": "свою следующую фазу боя"}
WHAT_EN = {"turn": "their next turn", "combat": "their next combat phase"}


def _skip_next_applies(game, e, ev) -> bool:
    """Only the oldest of several waiting for the same occurrence: the others wait for the
    next one (614.10a) — identical effects, nothing for the player to choose."""
    if ev["step"] != e["what"] or ev["player"].name != e["target"]:
        return False
    first = next(i for i, x in enumerate(game.effects) if x.get("shield") == "skip_next"
                 and x["what"] == e["what"] and x["target"] == e["target"])
    return first == e["index"]


def _skip_next_apply(game, e, ev):
    """Used once: a second "skip your next turn" waits for the turn after (614.10a)."""
    game.effects.pop(e["index"])
    what = WHAT_RU.get(ev["step"]) or STEP_RU[ev["step"]]
    say(game, "replace", "zone_replacements._skip_next_apply.replace", [ev["player"].name],
        replacement.keys(ev, ["replace_skip", "replace_skip_step"] + (["replace_skip_next"] if e.get("counted") else [])),
        source_name=e['source_name'], player=ev['player'].name, what=what, step=ev['step'])
    return None


register(Kind("skip_next", ("step",), _skip_next_applies, _skip_next_apply,
              lambda g, e: f"«{e['source_name']}»: пропустить {WHAT_RU.get(e['what'], e['what'])}",
              label_en=lambda g, e: f"{src_en(g, e)}: skip {WHAT_EN.get(e['what'], e['what'])}"))
