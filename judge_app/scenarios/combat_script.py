"""The combat actions of a scenario script (``attack``, ``block``, ``order_blockers``,
``assign_damage``) translated into the engine's combat decisions.

The engine (``judge_app.engine.rules.combat``) offers the decisions and their answers; this
module is the scenario side: it passes priority until the decision a script line
answers is owed, then answers it, and checks those lines when a scenario loads."""

from __future__ import annotations

from judge_app.engine.rules import actions
from judge_app.engine.rules.combat import (ACTION_DECISION, DECLARATIONS, MAX_AUTO_PASSES, NONE_WORDS, answer,
                                     decline_declarations)
from judge_app.engine.kernel.errors import Refused
from judge_app.engine.kernel.state import STEPS
from judge_app.engine.kernel import release_rules


def script_action(runner, line: int, act: str, v, by):
    """Run a scripted ``attack``/``block``/``order_blockers``/``assign_damage``: pass until the
    decision it answers is owed, then answer it. Returns a ``Refused`` to record, or None."""
    from judge_app.scenarios.runner import _Stop
    g = runner.game
    want = ACTION_DECISION[act]
    start_turn = g.turn
    for _ in range(MAX_AUTO_PASSES):
        d = g.decision
        if d is not None and d.kind == want:
            break
        if g.result:
            runner.fail(line, f"{act}: игра окончена раньше")
            raise _Stop
        if d is not None and d.kind in DECLARATIONS:
            decline_declarations(g)
            continue
        if d is not None:
            runner.result.stopped = f"ожидается решение: {d.text_ru}"
            runner.fail(line, f"{act}: не выполнено — сначала {d.text_ru}")
            raise _Stop
        if act == "block" and _no_blocks(v) and g.turn == start_turn and g.step in STEPS \
                and STEPS.index(g.step) >= STEPS.index("declare_blockers"):
            return None   # nobody could block, so no declaration was owed: "no blockers" holds (509.1a)
        late = {"attack": "declare_blockers", "block": "first_strike_damage", "order_blockers": "first_strike_damage",
                "assign_damage": "end_of_combat"}[act]
        if g.turn != start_turn or (g.step in STEPS and STEPS.index(g.step) >= STEPS.index(late) and want != "declare_attackers"):
            runner.fail(line, f"{act}: такого решения в этом бою не требуется (шаг {g.step})")
            raise _Stop
        if g.priority is None:
            runner.fail(line, f"{act}: никто не имеет приоритета, и решение о бое не ожидается")
            raise _Stop
        actions.pass_priority(g)
    else:
        runner.fail(line, f"{act}: решение так и не потребовалось после {MAX_AUTO_PASSES} пасов")
        raise _Stop
    try:
        answer(g, v, by)
    except Refused as r:
        return r
    return None


def _no_blocks(v) -> bool:
    """``block: {}`` / ``block: none``: the defending player declares no blockers."""
    return v is None or v == {} or isinstance(v, str) and v.casefold() in NONE_WORDS


def check_script_action(c, act: str, v, line: int, key: str) -> None:
    """Loader checks for the combat script actions (``c`` is the loader's checker)."""
    k = f"{key}.{act}"
    if act == "order_blockers" and not release_rules.has(getattr(c, "version", ""), "damage_assignment_order"):
        c.err(line, k, release_rules.no_feature_ru(c.version, "damage_assignment_order"))
        return
    if act == "attack" and (v is None or isinstance(v, str) and v.casefold() in NONE_WORDS):
        return
    if act == "block" and (v is None or isinstance(v, str) and v.casefold() in NONE_WORDS):
        return
    if act == "attack" and isinstance(v, list):
        for r in v:
            c.ref(r, line, k, False)
        return
    if not isinstance(v, dict):
        c.err(line, k, {"attack": "ожидается {АТАКУЮЩИЙ: ИГРОК или planeswalker}",
                        "block": "ожидается {БЛОКИРУЮЩИЙ: АТАКУЮЩИЙ или [АТАКУЮЩИЕ]}",
                        "order_blockers": "ожидается {АТАКУЮЩИЙ: [БЛОКИРУЮЩИЙ, ...]}",
                        "assign_damage": "ожидается {ИСТОЧНИК: {ПОЛУЧАТЕЛЬ: N}}"}[act])
        return
    for src, val in v.items():
        if src == "by":
            c.player(val, line, f"{k}.by")
            continue
        c.ref(src, line, k, False)
        if act == "attack":
            c.ref(val, line, f"{k}.{src}")
        elif act in ("block", "order_blockers"):
            for r in val if isinstance(val, list) else [val]:
                c.ref(r, line, f"{k}.{src}", False)
        elif act == "assign_damage":
            if not isinstance(val, dict):
                c.err(line, f"{k}.{src}", "ожидается {ПОЛУЧАТЕЛЬ: N}")
                continue
            for r, n in val.items():
                c.ref(r, line, f"{k}.{src}")
                if not isinstance(n, int) or isinstance(n, bool) or n < 0:
                    c.err(line, f"{k}.{src}.{r}", "ожидается целое число ≥ 0")
