"""Property: a library scenario with one value replaced at random either fails to load
with ScenarioInvalid, or runs to the end without any exception (failures are reported,
never raised)."""

import copy
from pathlib import Path

import yaml
from hypothesis import HealthCheck, given, settings, strategies as st

from judge_app.cards import default_pool
from judge_app.scenarios import loader, runner
from judge_app.scenarios.cli import collect
from tests.mutation import paths, set_at

LIB = Path(__file__).resolve().parents[2] / "scenarios"
RAW = [yaml.safe_load(f.read_text(encoding="utf-8")) for f in collect([LIB])]
POOL = default_pool()

junk = st.one_of(st.none(), st.booleans(), st.integers(-3, 12), st.text(max_size=6),
                 st.sampled_from(["bears", "Боб", "Алиса", "main1", "stack_empty", "Молния", "+1/+1", "702.10"]),
                 st.lists(st.sampled_from(["bears", "Боб", "x", 3]), max_size=3),
                 st.dictionaries(st.sampled_from(["card", "id", "Боб", "creature", "rule"]), st.integers(0, 3), max_size=2))




@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(which=st.integers(0, len(RAW) - 1), where=st.integers(0, 10_000), value=junk)
def test_mutated_scenarios_never_crash(which, where, value):
    data = copy.deepcopy(RAW[which])
    where_to = [p for p in paths(data) if p]
    set_at(data, where_to[where % len(where_to)], value)
    try:
        sc = loader.from_data(data, "<mutant>", POOL)
    except loader.ScenarioInvalid:
        return
    res = runner.run(sc)
    assert isinstance(res.passed, bool)
