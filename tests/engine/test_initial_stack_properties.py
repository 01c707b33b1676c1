"""Property-based: a random stack given with a random board (`stack:`) never makes the
loader or the runner raise anything but ScenarioInvalid, and the invariants hold."""

from hypothesis import HealthCheck, given, settings, strategies as st

from judge_app.scenarios import loader, runner
from test_engine_properties import NAMES, POOL, check_invariants, player, script_item

REFS = ["A", "B", "x0", "x1", "y0", "y1", "g0", "s0"]
effect = st.sampled_from([{"damage": 2, "to": "target1"}, {"pump": [2, 2], "to": "target1"},
                          {"gain_keyword": "hexproof", "to": "target1"}, {"draw": 1}, {"destroy": "target1"},
                          {"gain_life": 3, "who": "you"}])
stack_item = st.one_of(
    st.builds(lambda c, by, t: {"spell": c, "by": by, "targets": t},
              st.sampled_from(NAMES), st.sampled_from(["A", "B"]), st.lists(st.sampled_from(REFS), max_size=2)),
    st.builds(lambda kind, src, kinds, effs, by, t: {kind: dict({"name": "Тест", "targets": kinds, "effects": effs},
                                                                **({"source": src} if src else {})),
                                                     "by": by, "targets": t},
              st.sampled_from(["ability", "trigger"]), st.sampled_from([None, "x0", "y0", "g0"]),
              st.lists(st.sampled_from(["any", "creature", "player", "creature_you_control"]), max_size=2),
              st.lists(effect, min_size=1, max_size=2), st.sampled_from(["A", "B"]),
              st.lists(st.sampled_from(REFS), max_size=2)),
)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(a=player, b=player, stack=st.lists(stack_item, max_size=4), script=st.lists(script_item, max_size=8),
       step=st.sampled_from(["upkeep", "main1", "declare_attackers", "end"]),
       version=st.sampled_from(["2020-01-24", "2019-05-03"]))
def test_random_initial_stack(a, b, stack, script, step, version):
    pa, pb = dict(a, name="A"), dict(b, name="B")
    pa["battlefield"] = [dict(e, id=f"x{i}") for i, e in enumerate(pa["battlefield"])]
    pb["battlefield"] = [dict(e, id=f"y{i}") for i, e in enumerate(pb["battlefield"])]
    pa["graveyard"] = [{"card": c, "id": f"g{i}"} for i, c in enumerate(pa["graveyard"])]
    stack = [dict(it, id=f"s{i}") for i, it in enumerate(stack)]
    data = {"id": "h", "rules_version": version, "players": [pa, pb],
            "turn": {"number": 3, "active": "A", "step": step}, "stack": stack, "script": script,
            "expect": [{"stack": []}]}
    try:
        sc = loader.from_data(data, "<hyp>", POOL)
    except loader.ScenarioInvalid:
        return
    g = runner.build(sc)
    assert [g.objects[i].id for i in reversed(g.stack)] == [it["id"] for it in stack]   # top first
    res = runner.run(sc)
    check_invariants(res.game)
