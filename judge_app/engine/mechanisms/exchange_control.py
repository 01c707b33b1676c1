"""``{exchange_control: [target1, target2]}`` — "exchange control of two target creatures"
(701.12a–b in 2026, 701.10a–b in 2020; Switcheroo).

The exchange is all or nothing (701.12a): if either permanent is gone or an illegal target as
the spell resolves (608.2b), no part of it happens — the other creature stays with its
controller. Two permanents of one controller are not exchanged (701.12b). Otherwise each
controller gains control of the other's permanent at once, with one timestamp and no duration
(611.2a, layer 2): two entries of ``game.effects`` like lasting_control's, kept for as long as
each permanent stays that object (400.7).
"""

from __future__ import annotations

from judge_app.engine.kernel import hooks
from judge_app.engine.kernel.messages import say
from judge_app.engine.kernel.state import Game, Obj

KEY = "exchange_control"


def _permanent(r) -> Obj | None:
    return r if r is not None and hasattr(r, "incarnation") and r.zone == "battlefield" else None


def run(game: Game, so: Obj, e: dict, at) -> None:
    refs = e[KEY]
    both = [_permanent(at.ref(r)) for r in refs]
    if None in both:
        there = [o.id for o in both if o is not None]
        say(game, "effect", "exchange_control.incomplete", there + [so.id], ["exchange", "resolve_targets"],
            so=so, kept=[o for o in both if o is not None] or "—")
        return
    a, b = both
    if a.controller == b.controller:
        say(game, "effect", "exchange_control.same_controller", [a.id, b.id], ["exchange_control"],
            a=a, b=b, who=a.controller)
        return
    ts = game.next_ts()
    name = at.info["name_ru"]
    for obj, to in ((a, b.controller), (b, a.controller)):
        game.effects.append({"kind": "control", "controller": to, "target": obj.id, "incarnation": obj.incarnation,
                             "timestamp": ts, "source_name": name})
    say(game, "effect", "exchange_control.done", [a.id, b.id],
        ["exchange", "exchange_control", "layer2", "duration", "timestamp_effect", "summoning_sickness"],
        a=a, b=b, to_a=b.controller, to_b=a.controller, ts=ts)


hooks.register(hooks.INSTRUCTION, run, keys=(KEY,), order=24)
