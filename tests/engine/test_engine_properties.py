"""Property-based tests: random boards and random scripts never raise anything but a
refusal or an invalid-input error; every object is in exactly one zone; every event
cites at least one rule (that exists in the CR of the game's version)."""

from collections import Counter

from hypothesis import HealthCheck, given, settings, strategies as st

from crtext import exists
from judge_app.cards import default_pool
from judge_app.engine.rules import actions, setup
from judge_app.engine.kernel.errors import EngineError
from judge_app.engine.kernel.state import PLAYER_ZONES
from judge_app.scenarios import loader

POOL = default_pool()
NAMES = [c.name_ru for c in POOL.cards]
PERMANENTS = [c.name_ru for c in POOL.cards if c.is_permanent_card and "Aura" not in c.subtypes]
KEYWORDS = ["deathtouch", "lifelink", "hexproof", "shroud", "haste", "flying"]

adhoc = st.fixed_dictionaries({
    "name": st.sampled_from(["Голем", "Тролль", "Вурм"]),
    "power": st.integers(0, 6), "toughness": st.integers(-1, 6),
    "keywords": st.lists(st.sampled_from(KEYWORDS), max_size=2, unique=True),
})
bf_entry = st.one_of(
    st.builds(lambda n, t, d, c: {"card": n, "tapped": t, "damage": d, "counters": c},
              st.sampled_from(PERMANENTS), st.booleans(), st.integers(0, 3),
              st.dictionaries(st.sampled_from(["+1/+1", "-1/-1"]), st.integers(1, 3), max_size=2)),
    st.builds(lambda s, sick, tok: {"creature": s, "summoning_sick": sick, "token": tok}, adhoc, st.booleans(), st.booleans()),
)
player = st.fixed_dictionaries({
    "life": st.integers(-1, 25), "poison": st.integers(0, 11), "library": st.integers(0, 4),
    "hand": st.lists(st.sampled_from(NAMES), max_size=5),
    "graveyard": st.lists(st.sampled_from(NAMES), max_size=3),
    "battlefield": st.lists(bf_entry, max_size=6),
})
action = st.one_of(
    st.tuples(st.just("cast"), st.integers(0, 1), st.integers(0, 6), st.lists(st.integers(0, 30), max_size=2)),
    st.tuples(st.just("activate"), st.integers(0, 30), st.integers(0, 2), st.lists(st.integers(0, 30), max_size=1)),
    st.tuples(st.just("land"), st.integers(0, 1), st.integers(0, 6), st.just([])),
    st.tuples(st.just("pass"), st.just(0), st.just(0), st.just([])),
    st.tuples(st.just("choose"), st.integers(0, 10), st.integers(0, 3), st.just([])),
)


def check_invariants(g):
    where = Counter()
    for p in g.players:
        for z in PLAYER_ZONES:
            for oid in p.zone(z):
                where[oid] += 1
                assert g.objects[oid].zone == z and g.objects[oid].owner == p.name
    for z, lst in (("battlefield", g.battlefield), ("stack", g.stack)):
        for oid in lst:
            where[oid] += 1
            assert g.objects[oid].zone == z
    for oid, o in g.objects.items():
        expected = 0 if o.zone == "none" else 1
        assert where[oid] == expected, f"{oid} is in {where[oid]} zones (zone={o.zone})"
    for e in g.events:
        assert e.rules, e
        for r in e.rules:
            assert exists(r, g.rules_version), (r, e.text_ru)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(a=player, b=player, step=st.sampled_from(["upkeep", "draw", "main1", "main2", "end"]),
       version=st.sampled_from(["2020-01-24", "2019-05-03"]),
       script=st.lists(action, max_size=25))
def test_random_boards_and_scripts(a, b, step, version, script):
    players = [dict(a, name="A"), dict(b, name="B")]
    g = setup.new_game(players, {"number": 3, "active": "A"}, POOL, version)
    ids = lambda: sorted(g.objects) + ["A", "B"]  # noqa: E731
    try:
        setup.start(g, step)
    except EngineError:
        pass
    check_invariants(g)
    for kind, i, j, tg in script:
        if g.result:
            break
        try:
            if kind == "cast":
                p = g.players[i]
                if p.hand:
                    ref = p.hand[j % len(p.hand)]
                    targets = [ids()[t % len(ids())] for t in tg]
                    actions.cast(g, p, ref, targets=targets)
            elif kind == "activate":
                oid = ids()[i % len(ids())]
                o = g.objects.get(oid)
                p = g.player(o.controller) if o else g.players[0]
                actions.activate(g, p, oid, j + 1, targets=[ids()[t % len(ids())] for t in tg])
            elif kind == "land":
                p = g.players[i]
                if p.hand:
                    actions.play_land(g, p, p.hand[j % len(p.hand)])
            elif kind == "pass":
                actions.pass_priority(g)
            elif kind == "choose":
                d = g.decision
                if d is None:
                    actions.choose(g, "nothing")
                elif d.kind == "order_triggers":
                    actions.choose(g, list(reversed(d.options)) if j % 2 else list(d.options))
                elif d.kind == "discard":
                    actions.choose(g, d.options[:d.count] if j else d.options[:1])
                else:
                    actions.choose(g, d.options[i % len(d.options)])
        except EngineError:
            pass
        check_invariants(g)


@settings(max_examples=150, deadline=None)
@given(st.recursive(st.one_of(st.none(), st.booleans(), st.integers(-5, 50), st.text(max_size=8)),
                    lambda c: st.one_of(st.lists(c, max_size=4),
                                        st.dictionaries(st.sampled_from(["players", "turn", "script", "expect", "name",
                                                                         "hand", "card", "life", "cast", "zone", "id"]),
                                                        c, max_size=4)),
                    max_leaves=20))
def test_loader_rejects_garbage_cleanly(data):
    try:
        sc = loader.from_data(data, "<hyp>", POOL)
    except loader.ScenarioInvalid:
        return
    assert sc.players


script_item = st.one_of(
    st.just("pass"),
    st.builds(lambda s: {"pass_until": s}, st.sampled_from(["upkeep", "draw", "main1", "end", "cleanup",
                                                             "stack_empty", "end_of_turn", "main2"])),
    st.builds(lambda c, t: {"cast": {"card": c, "targets": t}}, st.sampled_from(NAMES),
              st.lists(st.sampled_from(["A", "B", "x0", "x1", "y0"]), max_size=2)),
    st.builds(lambda o, n, t: {"activate": {"object": o, "ability": n, "targets": t}},
              st.sampled_from(["x0", "x1", "y0"]), st.integers(1, 2), st.lists(st.sampled_from(["A", "B", "x0", "y0"]), max_size=1)),
    st.builds(lambda c: {"play_land": c}, st.sampled_from(["Гора", "Лес", "Остров"])),
    st.builds(lambda v: {"choose": v}, st.sampled_from(["x0", "x1", "y0", "A", ["x0", "x1"]])),
    st.builds(lambda r: {"refused": {"rule": r}}, st.sampled_from(["302.6", "305.2", "601.2h"])),
)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(a=player, b=player, script=st.lists(script_item, max_size=12),
       step=st.sampled_from(["upkeep", "main1", "end"]))
def test_runner_never_crashes(a, b, script, step):
    from judge_app.scenarios import runner
    pa = dict(a, name="A")
    pb = dict(b, name="B")
    pa["battlefield"] = [dict(e, id=f"x{i}") for i, e in enumerate(pa["battlefield"])]
    pb["battlefield"] = [dict(e, id=f"y{i}") for i, e in enumerate(pb["battlefield"])]
    for p in (pa, pb):
        p["battlefield"] = [{k: v for k, v in e.items()} for e in p["battlefield"]]
    data = {"id": "h", "players": [pa, pb], "turn": {"number": 3, "active": "A", "step": step},
            "script": script, "expect": [{"life": {"A": 20}}]}
    try:
        sc = loader.from_data(data, "<hyp>", POOL)
    except loader.ScenarioInvalid:
        return
    res = runner.run(sc)
    check_invariants(res.game)
