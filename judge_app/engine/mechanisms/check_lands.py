"""A land that enters tapped unless its controller controls a land of the named types (614.1c,
305.6): "[this] enters the battlefield tapped unless you control a Swamp or a Mountain" —
``static: enters_tapped_unless``, ``subtypes: [Swamp, Mountain]``. Written for the Magic 2011
check lands (Dragonskull Summit …; FAQ M2011, issue 11).

A replacement effect on the land's own entering (614.1c, 614.1d). What counts is a land with
one of the land types (305.6, 205.3i), whatever its name and whether or not it is basic
(FAQ r29); the land looks at the permanents already on the battlefield, never at itself nor at
the lands put onto the battlefield at the same time (Primeval Titan's search, r30).
"""

from __future__ import annotations

from judge_app.engine.kernel import replacement
from judge_app.engine.kernel.messages import say
from judge_app.engine.kernel.replacement import Kind, register, src_en
from judge_app.engine.kernel.state import Game
from judge_app.engine.rules.enter_replacements import entering_together


def _controls_one(game: Game, land, subtypes) -> bool:
    together = set(entering_together(game))   # lands entering at the same time don't count (614.12, FAQ r30)
    return any(oid != land.id and oid not in together and game.objects[oid].controller == land.controller
               and "land" in game.objects[oid].types and set(subtypes) & set(game.objects[oid].subtypes)
               for oid in game.battlefield)


def _applies(game: Game, e: dict, ev: dict) -> bool:
    return (e["source"] == ev["obj"].id and not ev.get("tapped")
            and not _controls_one(game, ev["obj"], e["ability"].get("subtypes", ())))


def _apply(game: Game, e: dict, ev: dict):
    o = ev["obj"]
    types = " или ".join(e["ability"].get("subtypes", ()))
    say(game, "replace", "check_lands._apply.replace", [o.id],
        replacement.keys(ev, ["replace_enters", "basic_land_types"]), o=o, controller=o.controller, types=types)
    return {**ev, "tapped": True}


register(Kind("enters_tapped_unless", ("enter",), _applies, _apply,
              lambda g, e: f"«{e['source_name']}» выходит повёрнутым, если нет нужной земли",
              label_en=lambda g, e: f"{src_en(g, e)} enters tapped unless you control the land it needs"),
         statics=("enters_tapped_unless",))
