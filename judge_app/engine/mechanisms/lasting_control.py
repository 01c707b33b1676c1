"""Control changes and type additions with no stated duration (611.2a: no duration stated —
until the end of the game, or until the permanent leaves the battlefield, 400.7) — Jinxed Idol ("target
opponent gains control of [this]"), Captivating Vampire ("gain control of target creature. It
becomes a Vampire in addition to its other types").

Why a module: control_copy.py's ``gain_control`` lasts until end of turn (Act of Treason). These
entries of ``game.effects`` have no ``until``, so cleanup keeps them; they stay with that object
only (400.7) and do not depend on the source staying on the battlefield (FAQ M2011 r113, r228).
"""

from __future__ import annotations

from judge_app.engine.kernel import hooks
from judge_app.engine.kernel.messages import say
from judge_app.engine.kernel.state import Game, Obj
from judge_app.engine.rules import stack_fights


def handles(e: dict) -> bool:
    return "give_control_of_self" in e or ("gain_control" in e and e.get("duration") == "indefinite") \
        or "add_subtype" in e


def run(game: Game, so: Obj, e: dict, at) -> None:
    ref, info = at.ref, at.info
    if "give_control_of_self" in e:
        who, what = ref(e["give_control_of_self"]), stack_fights.own_source(game, so)
        if who is None or hasattr(who, "incarnation") or what is None:
            return
        _control(game, what, who.name, info)
    elif "gain_control" in e:
        what = ref(e["gain_control"])
        if what is not None and hasattr(what, "incarnation") and what.zone == "battlefield":
            _control(game, what, so.controller, info)
    else:
        what = ref(e.get("to", "target1"))
        if what is None or not hasattr(what, "incarnation") or what.zone != "battlefield":
            return
        ts = game.next_ts()
        game.effects.append({"kind": "add_subtype", "subtype": e["add_subtype"], "target": what.id,
                             "incarnation": what.incarnation, "timestamp": ts, "source_name": info["name_ru"]})
        say(game, "effect", "lasting_control.run.effect", [what.id], ["layer4", "duration", "timestamp_effect"],
            what=what, add_subtype=e['add_subtype'], ts=ts)


def _control(game: Game, what: Obj, controller: str, info: dict) -> None:
    ts = game.next_ts()
    game.effects.append({"kind": "control", "controller": controller, "target": what.id, "incarnation": what.incarnation,
                         "timestamp": ts, "source_name": info["name_ru"]})
    say(game, "effect", "lasting_control._control.effect", [what.id],
        ["layer2", "duration", "timestamp_effect", "summoning_sickness"], controller=controller, what=what, ts=ts)


hooks.register(hooks.INSTRUCTION, run, keys=("give_control_of_self", "add_subtype"), order=23, when=handles)
