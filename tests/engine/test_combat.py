"""Unit tests of combat (506-511) and the keyword rules (702): declarations and their
refusals, damage assignment, first strike, trample, deathtouch, lifelink, protection,
and the combat citations checked against the CR texts."""

import json
import re
from pathlib import Path

import pytest

from crtext import exists, rules
from judge_app.cards import default_pool
from judge_app.engine.rules import actions, combat, setup
from judge_app.engine.kernel import citations
from judge_app.engine.kernel.errors import InvalidInput, Refused
from judge_app.engine.rules.keywords import evasion, names, protection, strike

ROOT = Path(__file__).resolve().parents[2]
COMBAT_CITATIONS = ROOT / "judge_app" / "engine" / "citations_combat.json"


def game(players, step="declare_attackers", active=None, version="2020-01-24"):
    g = setup.new_game(players, {"number": 3, "active": active or players[0]["name"]}, default_pool(), version)
    setup.start(g, step)
    return g


def cr(name, p, t, *kw, **extra):
    d = {"name": name, "power": p, "toughness": t, "keywords": list(kw)}
    d.update(extra)
    return d


def board(alice, bob, **kw):
    return game([{"name": "A", "battlefield": [{"id": i, "creature": c} for i, c in alice.items()]},
                 {"name": "B", "battlefield": [{"id": i, "creature": c} for i, c in bob.items()]}], **kw)


def pass_to(g, step):
    for _ in range(50):
        if g.step == step and (g.priority is not None or g.decision is not None):
            return
        if g.decision is not None:
            combat.decline_declarations(g)
            if g.decision is not None:
                return
            continue
        actions.pass_priority(g)


def rules_of(g):
    return [r for e in g.events for r in e.rules]


# -- citations -------------------------------------------------------------------------------

def test_combat_citations_are_merged_and_exist_in_both_versions():
    data = json.loads(COMBAT_CITATIONS.read_text(encoding="utf-8"))["rules"]
    ru = (ROOT / "rules_corpus" / "sources" / "cr-ru-2019-05-03.txt").read_text(encoding="utf-8")
    ru_numbers = set(re.findall(r"(?m)^(\d{3}\.\d+[a-z]?)\.? ", ru))
    for key, entry in data.items():
        for v in citations.versions():
            if entry[v] is None:   # the release has no such rule (order_blockers in 2026)
                assert citations.drift_note(key, v).startswith("behaviour"), (key, v)
                continue
            assert citations.rule(key, v) == entry[v]
            assert exists(entry[v], v), (key, v, entry[v])
        assert entry["2019-05-03"] in ru_numbers, key


def test_keyword_numbers_as_the_issue_asks():
    for v in citations.versions():
        for key, title in (("menace", "Menace"), ("fear", "Fear"), ("trample", "Trample"),
                           ("lifelink_separate", "Lifelink"), ("deathtouch_lethal", "Deathtouch")):
            assert rules(v)[citations.rule(key, v).rstrip("abcdefghijklmnopqrstuvwxyz")] == title, (key, v)
        assert rules(v)["702.16"] == "Protection"
        dao = v < "2024-11-08"   # damage assignment order removed in the release of 2024-11-08
        assert ("damage assignment order" in rules(v)["509.2"]) == dao
        assert ("damage assignment order" in rules(v)["510.1c"]) == dao
        assert rules(v)["306.8"].startswith("Damage dealt to a planeswalker")
    assert citations.rule("protection_everything", "2020-01-24") == "702.16j"
    assert citations.rule("protection_everything", "2019-05-03") == "702.16i"
    assert "everything" in rules("2019-05-03")["702.16i"]
    assert citations.rule("damage_lifelink_result", "2019-05-03") == "119.3f"


# -- declare attackers -----------------------------------------------------------------------

def test_declare_attackers_is_owed_and_taps_without_vigilance():
    g = board({"x": cr("X", 2, 2), "v": cr("V", 1, 1, "vigilance")}, {})
    assert g.decision.kind == "declare_attackers" and g.decision.by == "A"
    actions.choose(g, {"x": "B", "v": "B"})
    assert g.objects["x"].tapped and not g.objects["v"].tapped
    assert combat.attacking(g) == ["x", "v"]
    assert {"508.1f", "702.20b"} <= set(rules_of(g))
    assert g.priority == 0


@pytest.mark.parametrize("creature,extra,rule", [
    (cr("S", 2, 2), {"summoning_sick": True}, "302.6"),
    (cr("T", 2, 2), {"tapped": True}, "508.1a"),
    (cr("D", 0, 4, "defender"), {}, "702.3b"),
    (cr("C", 2, 2, "cant_attack"), {}, "508.1c"),
])
def test_illegal_attack_refused_and_game_unchanged(creature, extra, rule):
    g = game([{"name": "A", "battlefield": [dict({"id": "x", "creature": creature}, **extra)]}, {"name": "B"}])
    before = (len(g.events), g.objects["x"].tapped, g.decision.kind)
    with pytest.raises(Refused) as exc:
        actions.choose(g, {"x": "B"})
    assert rule in exc.value.rules
    assert (len(g.events), g.objects["x"].tapped, g.decision.kind) == before


def test_haste_lets_a_new_creature_attack():
    g = game([{"name": "A", "battlefield": [{"id": "x", "creature": cr("H", 2, 2, "haste"), "summoning_sick": True}]},
              {"name": "B"}])
    actions.choose(g, ["x"])
    assert combat.is_attacking(g, "x")


def test_no_creatures_no_decision_and_steps_skipped():
    g = board({}, {"y": cr("Y", 1, 1)})
    assert g.decision is None
    pass_to(g, "main2")
    assert "508.8" in rules_of(g)
    assert not any(e.kind == "step" and "declare blockers step" in e.text_en for e in g.events)


def test_unknown_attacker_is_invalid_input():
    g = board({"x": cr("X", 2, 2)}, {})
    with pytest.raises(InvalidInput):
        actions.choose(g, {"nobody": "B"})


# -- declare blockers ------------------------------------------------------------------------

def blockers_board(att, blk):
    g = board({"a": att}, blk)
    actions.choose(g, {"a": "B"})
    pass_to(g, "declare_blockers")
    assert g.decision.kind == "declare_blockers" and g.decision.by == "B"
    return g


@pytest.mark.parametrize("att,blk,block,rule", [
    (cr("F", 2, 2, "flying"), {"b": cr("B", 2, 2)}, {"b": "a"}, "702.9b"),
    (cr("M", 2, 2, "menace"), {"b": cr("B", 2, 2), "c": cr("C", 1, 1)}, {"b": "a"}, "702.110b"),
    (cr("I", 2, 2, "intimidate", colors=["black"]), {"b": cr("B", 2, 2, colors=["green"])}, {"b": "a"}, "702.13b"),
    (cr("F", 2, 2, "fear", colors=["white"]), {"b": cr("B", 2, 2, colors=["red"])}, {"b": "a"}, "702.35b"),
    (cr("P", 2, 2, {"protection": {"from": ["green"]}}), {"b": cr("B", 2, 2, colors=["green"])}, {"b": "a"}, "702.16f"),
    (cr("E", 2, 2, {"protection": {"from": ["everything"]}}), {"b": cr("B", 2, 2)}, {"b": "a"}, "702.16j"),
    (cr("U", 2, 2, "cant_be_blocked"), {"b": cr("B", 2, 2)}, {"b": "a"}, "509.1b"),
    (cr("X", 2, 2), {"b": cr("B", 2, 2, "cant_block")}, {"b": "a"}, "509.1b"),
])
def test_illegal_block_refused(att, blk, block, rule):
    g = blockers_board(att, blk)
    n = len(g.events)
    with pytest.raises(Refused) as exc:
        actions.choose(g, block)
    assert rule in exc.value.rules, exc.value.rules
    assert len(g.events) == n and g.decision.kind == "declare_blockers"


def test_reach_blocks_flyer_and_two_block_menace():
    g = blockers_board(cr("F", 2, 2, "flying"), {"r": cr("R", 1, 3, "reach")})
    actions.choose(g, {"r": "a"})
    assert combat.blockers_of(g, "a") == ["r"]
    g = blockers_board(cr("M", 2, 2, "menace"), {"b": cr("B", 2, 2), "c": cr("C", 1, 1)})
    actions.choose(g, {"b": "a", "c": "a"})
    assert g.decision.kind == "order_blockers"


def test_blocker_blocks_only_one():
    g = board({"a": cr("A1", 2, 2), "a2": cr("A2", 2, 2)}, {"b": cr("B", 2, 2)})
    actions.choose(g, {"a": "B", "a2": "B"})
    pass_to(g, "declare_blockers")
    with pytest.raises(Refused) as exc:
        actions.choose(g, {"b": ["a", "a2"]})
    assert "509.1a" in exc.value.rules


# -- damage ----------------------------------------------------------------------------------

def to_damage(att, blk, block, order=None):
    g = blockers_board(att, blk)
    actions.choose(g, block)
    if order:
        actions.choose(g, order)
    for _ in range(20):
        if g.decision is not None or g.step in ("combat_damage", "end_of_combat"):
            break
        actions.pass_priority(g)
    return g


def test_single_blocker_no_trample_is_automatic():
    g = to_damage(cr("X", 5, 5), {"b": cr("B", 2, 2)}, {"b": "a"})
    assert g.decision is None
    assert g.objects["b"].zone == "graveyard" and g.player("B").life == 20


def test_trample_needs_lethal_first_and_deathtouch_makes_one_lethal():
    g = to_damage(cr("T", 6, 6, "trample"), {"b": cr("B", 2, 4)}, {"b": "a"})
    assert g.decision.kind == "assign_damage"
    with pytest.raises(Refused) as exc:
        actions.choose(g, {"a": {"b": 3, "B": 3}})
    assert "702.19b" in exc.value.rules
    actions.choose(g, {"a": {"b": 4, "B": 2}})
    assert g.player("B").life == 18
    g = to_damage(cr("T", 6, 6, "trample", "deathtouch"), {"b": cr("B", 2, 4)}, {"b": "a"})
    actions.choose(g, {"a": {"b": 1, "B": 5}})
    assert g.player("B").life == 15 and g.objects["b"].zone == "graveyard"


def test_assignment_must_equal_power_and_no_player_without_trample():
    g = to_damage(cr("X", 5, 5), {"b": cr("B", 1, 1), "c": cr("C", 1, 1)}, {"b": "a", "c": "a"}, {"a": ["b", "c"]})
    with pytest.raises(Refused) as exc:
        actions.choose(g, {"a": {"b": 1, "c": 1}})
    assert "510.1a" in exc.value.rules
    with pytest.raises(Refused) as exc:
        actions.choose(g, {"a": {"b": 1, "c": 1, "B": 3}})
    assert "510.1c" in exc.value.rules
    with pytest.raises(Refused):
        actions.choose(g, {"a": {"c": 5}})
    actions.choose(g, {"a": {"b": 4, "c": 1}})
    assert g.objects["b"].zone == g.objects["c"].zone == "graveyard"


def test_first_strike_step_only_when_needed():
    g = to_damage(cr("X", 2, 2), {"b": cr("B", 2, 2)}, {"b": "a"})
    assert not any("first-strike combat damage step" in e.text_en for e in g.events)
    g = to_damage(cr("X", 2, 2, "first_strike"), {"b": cr("B", 2, 2)}, {"b": "a"})
    assert any(e.text_en == "The first-strike combat damage step begins" for e in g.events)
    assert g.objects["b"].zone == "graveyard" and g.objects["a"].damage == 0


def test_lifelink_is_one_event_per_source():
    g = to_damage(cr("L", 5, 5, "trample", "lifelink"), {"b": cr("B", 2, 2)}, {"b": "a"})
    actions.choose(g, {"a": {"b": 2, "B": 3}})
    gains = [e for e in g.events if e.kind == "life_gain"]
    assert len(gains) == 1 and g.player("A").life == 25


def test_protection_prevents_combat_damage():
    g = to_damage(cr("R", 3, 3, colors=["red"]), {"k": cr("K", 2, 2, {"protection": {"from": ["red"]}})}, {"k": "a"})
    assert g.objects["k"].damage == 0 and g.objects["a"].damage == 2
    assert "702.16e" in rules_of(g)


def test_indestructible_keeps_lethal_damage():
    g = to_damage(cr("I", 2, 2, "indestructible"), {"b": cr("B", 5, 5)}, {"b": "a"})
    assert g.objects["a"].zone == "battlefield" and g.objects["a"].damage == 5
    assert "702.12b" in rules_of(g)


def test_combat_state_survives_clone_independently():
    g = board({"x": cr("X", 2, 2)}, {})
    actions.choose(g, ["x"])
    c = g.clone()
    c.combat["attackers"].clear()
    assert combat.attacking(g) == ["x"]


def test_end_of_combat_clears_combat():
    g = board({"x": cr("X", 2, 2)}, {})
    actions.choose(g, ["x"])
    pass_to(g, "main2")
    assert g.combat is None and "511.3" in rules_of(g)


# -- keyword helpers -------------------------------------------------------------------------

def test_protection_qualities_and_everything():
    g = board({"p": cr("P", 1, 1, {"protection": {"from": ["Red", "creatures"]}})}, {"r": cr("R", 1, 1, colors=["red"])})
    assert protection.qualities(g, g.objects["p"]) == ["red", "creature"]
    assert protection.forbids_block(g, g.objects["p"], g.objects["r"]) == ["protection_block"]
    assert evasion.pair_problems(g, g.objects["r"], g.objects["p"])


def test_gained_keyword_is_seen_and_ends():
    g = board({"x": cr("X", 2, 2)}, {})
    x = g.objects["x"]
    g.effects.append({"kind": "gain_keyword", "keyword": "first_strike", "target": "x", "incarnation": x.incarnation,
                      "timestamp": 99, "until": "eot", "source_name": "S"})
    assert "first_strike" in names(g, x) and strike.first_or_double(g, x)
    g.effects.append({"kind": "lose_keyword", "keyword": "first_strike", "target": "x", "incarnation": x.incarnation,
                      "timestamp": 100, "until": "eot", "source_name": "S"})
    assert "first_strike" not in names(g, x)


def test_unscripted_declaration_honours_attack_requirements():
    g = board({"x": cr("X", 2, 2, "attacks_each_combat"), "y": cr("Y", 1, 1)}, {})
    with pytest.raises(Refused) as exc:
        actions.choose(g, "none")
    assert "508.1d" in exc.value.rules
    combat.decline_declarations(g)
    assert combat.attacking(g) == ["x"]


def test_effect_removes_attacker_from_combat():
    g = board({"x": cr("X", 2, 2)}, {"b": cr("B", 2, 2)})
    actions.choose(g, ["x"])
    combat.remove(g, g.objects["x"])
    assert combat.attacking(g) == [] and g.objects["x"].tapped
    assert "506.4" in rules_of(g)


def test_role_for_views():
    g = board({"x": cr("X", 2, 2)}, {"b": cr("B", 2, 2)})
    actions.choose(g, ["x"])
    pass_to(g, "declare_blockers")
    actions.choose(g, {"b": "x"})
    assert combat.role(g, "x") == {"attacking": "B", "blocked": True, "blockers": ["b"]}
    assert combat.role(g, "b") == {"blocking": ["x"]}
    assert "блокирует x" == combat.role_ru(g, "b")
