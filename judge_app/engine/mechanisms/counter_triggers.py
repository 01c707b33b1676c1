"""Triggers on counters removed from a permanent (603.2c), and a permanent entering with X +1/+1
counters: X of the spell that became it, else 0 (107.3f). Written for Protean Hydra (FAQ M2011).

- ``trigger: counter_removed`` with ``counter: "+1/+1"`` — "whenever a +1/+1 counter is removed
  from [this]": it triggers once for each counter removed (603.2c), whatever removed it — its
  own prevention ability, a cost, or the state-based action that removes a +1/+1 and a -1/-1
  counter together (704.5q; FAQ M2011 r168-r170). Each trigger's source information keeps the
  permanent's incarnation, so a delayed "put two counters on [this]" it makes finds nothing if
  the permanent has left the battlefield since (400.7);
- ``static: enters_with_x_counters`` with ``counter: "+1/+1"`` — "[this] enters the battlefield
  with X +1/+1 counters on it": X is the value chosen for the spell that became it (107.3k, a rule of 2020 only);
  put onto the battlefield any other way, X is 0 and it enters with none (614.1c).
"""

from __future__ import annotations

from judge_app.engine.kernel import hooks, replacement, triggers
from judge_app.engine.kernel.messages import say
from judge_app.engine.kernel.replacement import Kind, register, src_en
from judge_app.engine.kernel.state import Game, Obj


def removed(game: Game, obj: Obj, kind: str, n: int) -> None:
    """``n`` counters of ``kind`` were just removed from ``obj`` (on the battlefield)."""
    if n <= 0 or obj.zone != "battlefield":
        return
    for i, ab in enumerate(obj.abilities):
        if ab.get("trigger") == "counter_removed" and ab.get("counter") == kind:
            info = {**triggers._info(obj, game), "incarnation": obj.incarnation}
            for _ in range(n):
                triggers._pending(game, obj.id, info, i, ab, "trigger_each_occurrence")


def _x_applies(game: Game, e: dict, ev: dict) -> bool:
    return e["source"] == ev["obj"].id


def _x_apply(game: Game, e: dict, ev: dict):
    o = ev["obj"]
    x = int(o.choices.get("x") or 0)
    kind = e["ability"]["counter"]
    counters = dict(ev.get("counters") or {})
    if x:
        counters[kind] = counters.get(kind, 0) + x
    say(game, "replace", "counter_triggers._x_apply.replace", [o.id],
        replacement.keys(ev, ["replace_enters"] + ([] if x else ["x_in_cost_zero"])), o=o, kind2=kind, x=x,
        note="" if x else " (не разыгран как заклинание с X или X = 0: жетонов нет)")   # a Clone of it: X is 0 (FAQ M2011 r116)
    return {**ev, "counters": counters}


register(Kind("enters_with_x_counters", ("enter",), _x_applies, _x_apply,
              lambda g, e: f"«{e['source_name']}» выходит с X жетонами",
              label_en=lambda g, e: f"{src_en(g, e)} enters with X counters"), statics=("enters_with_x_counters",))


hooks.register(hooks.COUNTERS_REMOVED, removed)


hooks.register(hooks.TRIGGER, removed, keys=("counter_removed",))
