"""A rule-changing effect by colour for the rest of the turn (611.2c): spells can't be countered
by, and creatures can't be the targets of, spells of the named colours. Autumn's Veil: "Spells
you control can't be countered by blue or black spells this turn, and creatures you control
can't be the targets of blue or black spells this turn."

The effect ``{cant_by_color: [blue, black]}`` of a resolving spell leaves an entry of
``game.effects`` (kind ``cant_by_color``, until end of turn). It changes the rules of the game
rather than the characteristics of objects, so it applies to every spell and creature its
controller controls at any moment of the turn, also ones that come later (611.2c; FAQ M2011
r240). It starts only once the Veil has resolved (r235). Only spells are concerned, not
abilities (r241), and the colour of the spell is checked as it is now:

- ``forbids_target``: a creature its controller controls can't be chosen as a target of such a
  spell (601.2c, r238; an Aura spell targets what it will enchant, r239) and, if it already
  was, it is an illegal target when the spell resolves (608.2b, r237);
- ``protects``: such a spell, resolving, does not counter a spell its controller controls — it
  may still target it, and its other instructions happen (701.5a, r236).
"""

from __future__ import annotations

from judge_app.engine.kernel import hooks
from judge_app.engine.kernel.continuous import COLOR_RU
from judge_app.engine.kernel.messages import Text, say
from judge_app.engine.kernel.state import Game, Obj


def _ru(colors) -> str:
    return " или ".join(COLOR_RU.get(c, c) for c in colors)


def add(game: Game, colors: list, controller: str, source_name: str) -> None:
    game.effects.append({"kind": "cant_by_color", "colors": list(colors), "target": controller, "controller": controller,
                         "incarnation": 0, "timestamp": game.next_ts(), "until": "eot", "source_name": source_name})
    say(game, "effect", "cant_by_color.add.effect", [controller], ["applies_to_later_objects"], controller=controller,
        ru=_ru(colors), list=', '.join(colors))


def _colors_against(game: Game, controller: str, spell: Obj | None) -> list:
    """The colours of ``spell`` (a spell, now) that an effect protecting ``controller`` names."""
    if spell is None or spell.stack_kind != "spell":
        return []
    return [c for e in game.effects if e.get("kind") == "cant_by_color" and e["controller"] == controller
            for c in e["colors"] if c in spell.colors]


def forbids_target(game: Game, obj: Obj, source: Obj | None) -> list:
    if obj.is_creature and _colors_against(game, obj.controller, source):
        return ["targets", "applies_to_later_objects"]
    return []


def protects(game: Game, spell: Obj, by: Obj) -> bool:
    """True (and says so) if ``by`` can't counter ``spell``."""
    cols = _colors_against(game, spell.controller, by) if spell.stack_kind == "spell" else []
    if cols:
        say(game, "not_countered", "not_countered_color", [spell.id, by.id], ["counter", "applies_to_later_objects"],
            spell=spell, by=by, colors=Text(_ru(cols), " or ".join(cols)))
    return bool(cols)


hooks.register(hooks.INSTRUCTION, lambda game, so, e, at: add(game, e["cant_by_color"], at.ctl, at.info["name_ru"]), keys=("cant_by_color",),
               order=82)
hooks.register(hooks.TARGET_BAN, lambda game, obj, source, kws: forbids_target(game, obj, source), order=30)   # after protection


hooks.register(hooks.COUNTER_BAN, protects)
