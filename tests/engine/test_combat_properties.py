"""Property-based tests of combat: random creatures with random keywords, random (often
illegal) attacks, blocks, orders and damage assignments. Whatever is tried, the engine
raises nothing but a refusal or an invalid-input error, a refused answer leaves the game
exactly as it was, and the invariants hold after every answer."""


from hypothesis import HealthCheck, event, given, settings, strategies as st

from crtext import exists
from test_engine_properties import check_invariants as check_zone_and_citation_invariants
from judge_app.cards import default_pool
from judge_app.engine.rules import actions, combat, setup
from judge_app.engine.kernel import characteristics as ch
from judge_app.engine.kernel.errors import EngineError, Refused
from judge_app.engine.rules.keywords import evasion, has

POOL = default_pool()
KW = ["flying", "reach", "first_strike", "double_strike", "deathtouch", "trample", "lifelink", "vigilance",
      "haste", "defender", "indestructible", "menace", "intimidate", "fear", "cant_block", "cant_be_blocked",
      {"protection": {"from": ["red"]}}, {"protection": {"from": ["creatures"]}}, "block_additional", "attacks_each_combat"]
COLORS = ["white", "blue", "black", "red", "green"]

creature = st.fixed_dictionaries({
    "name": st.sampled_from(["Голем", "Тролль", "Вурм", "Дрейк"]),
    "power": st.sampled_from([3, 1, 2, 4, 5, 6, 0]), "toughness": st.integers(1, 6),
    "keywords": st.lists(st.sampled_from(range(len(KW))), max_size=3, unique=True).map(lambda ix: [KW[i] for i in ix]),
    "colors": st.lists(st.sampled_from(COLORS), max_size=2, unique=True),
})
entry = st.builds(lambda c, tapped, sick, dmg, art: {"creature": dict(c, types=["artifact", "creature"] if art else ["creature"]),
                                                     "tapped": tapped, "summoning_sick": sick, "damage": dmg},
                  creature, st.sampled_from([False, False, False, True]), st.sampled_from([False, False, False, True]),
                  st.integers(0, 2), st.booleans())
side = st.lists(entry, min_size=1, max_size=5)
pw = st.booleans()


def check_invariants(g):
    """The engine's invariants (one zone per object, every event cites a real rule), then combat's."""
    check_zone_and_citation_invariants(g)
    if g.combat:
        for a in combat.attacking(g):
            o = g.objects[a]
            assert o.controller == g.ap.name and o.is_creature and o.zone == "battlefield"
        for b in combat.blocking(g):
            o = g.objects[b]
            assert o.controller != g.ap.name and o.is_creature
            assert len(g.combat["blockers"][b]["blocking"]) <= evasion.max_blocked(g, o)
        for s, a in g.combat.get("assign", {}).items():
            if s in g.objects and g.objects[s].zone == "battlefield" and a:
                assert sum(a.values()) == ch.compute_pt(g, g.objects[s]).power or g.objects[s].incarnation != \
                    (g.combat["attackers"].get(s) or g.combat["blockers"].get(s) or {"inc": -1})["inc"]
    if g.priority is not None and not g.result:
        # state-based actions were performed before priority (704.3)
        for oid in g.battlefield:
            o = g.objects[oid]
            if o.is_creature and not has(g, o, "indestructible"):
                c = ch.compute_pt(g, o)
                assert c.toughness <= 0 or o.damage < c.toughness, oid
        for p in g.players:
            assert p.lost or p.life > 0


def answer_for(g, data):
    d = g.decision
    legal_only = data.draw(st.booleans())
    if d.kind == "declare_attackers":
        mine = [o for o in g.battlefield if g.objects[o].controller == g.ap.name]
        if legal_only:
            mine = [o for o in d.options if o != "none"]
        others = [o for o in g.battlefield if g.objects[o].controller != g.ap.name]
        chosen = data.draw(st.lists(st.sampled_from(mine), min_size=1 if legal_only else 0, max_size=len(mine),
                                    unique=True)) if mine else []
        targets = ["B"] + [o for o in others if "planeswalker" in g.objects[o].types] + ([] if legal_only else ["A"])
        return {a: data.draw(st.sampled_from(targets)) for a in chosen}
    if d.kind == "declare_blockers":
        mine = [o for o in g.battlefield if g.objects[o].controller == d.by]
        if legal_only:
            mine = [o for o in d.options if o != "none"]
        atts = combat.attacking(g) or ["x"]
        chosen = data.draw(st.lists(st.sampled_from(mine), max_size=len(mine), unique=True)) if mine else []
        return {b: (data.draw(st.lists(st.sampled_from(atts), min_size=1, max_size=2)) if data.draw(st.booleans())
                    else data.draw(st.sampled_from(atts))) for b in chosen}
    if d.kind == "order_blockers":
        return data.draw(st.permutations(d.options))
    # assign_damage: one of the engine's options, or a random split
    if data.draw(st.booleans()):
        return data.draw(st.sampled_from(d.options))
    out = {}
    for s in d.context["sources"]:
        recips = combat._recipients(g, s)[0] + ["B"]
        power = max(ch.compute_pt(g, g.objects[s]).power, 0)
        split = data.draw(st.lists(st.integers(0, power), min_size=len(recips), max_size=len(recips)))
        out[s] = dict(zip(recips, split))
    return out


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(side, side, pw, st.data())
def test_random_combat_keeps_invariants(alice, bob, has_pw, data):
    players = [{"name": "A", "battlefield": alice},
               {"name": "B", "life": data.draw(st.integers(1, 20)),
                "battlefield": bob + ([{"id": "pw", "planeswalker": {"name": "Джейс", "loyalty": 3}}] if has_pw else [])}]
    g = setup.new_game(players, {"number": 3, "active": "A"}, POOL, data.draw(st.sampled_from(["2020-01-24", "2019-05-03"])))
    setup.start(g, "declare_attackers")
    check_invariants(g)
    for _ in range(60):
        if g.result or (g.step in ("end_of_combat", "main2") and g.decision is None):
            break
        if g.decision is not None and g.decision.kind in combat.DECISIONS:
            value = answer_for(g, data)
            before = g.clone()
            try:
                actions.choose(g, value)
            except Refused as r:
                assert r.rules and all(exists(x, g.rules_version) for x in r.rules)
                assert len(g.events) == len(before.events) and g.decision.kind == before.decision.kind
                assert {k: (o.zone, o.tapped, o.damage) for k, o in g.objects.items()} == \
                    {k: (o.zone, o.tapped, o.damage) for k, o in before.objects.items()}
                if data.draw(st.booleans()):
                    combat.decline_declarations(g) if g.decision.kind in combat.DECLARATIONS else \
                        actions.choose(g, g.decision.options[0] if g.decision.kind == "assign_damage" else list(g.decision.options))
            except EngineError:
                pass
        elif g.decision is not None:
            d = g.decision
            try:
                actions.choose(g, d.options[:d.count] if d.count > 1 else d.options[0])
            except EngineError:
                break
        else:
            actions.pass_priority(g)
        check_invariants(g)
    event("combat damage dealt" if any(e.kind == "combat_damage" for e in g.events) else "no combat damage")
    # the defending player never loses more life than double the attackers' total power
    lost = players[1]["life"] - g.player("B").life
    assert lost <= 2 * sum(max(e["creature"]["power"], 0) for e in alice)
