"""The engine pieces of FAQ M2011 group faqf (issue 11): a triggered ability that divides damage
among one to three targets as it is put on the stack (trigger_division.py, Inferno Titan), driven
through the engine on the real pool, with the loader's refusals of what the engine does not do."""

from __future__ import annotations

import pytest

from engine_boards import build_game
from judge_app.cards.model import CardDataError, card_from_dict
from judge_app.engine.rules import actions, costs
from judge_app.engine.mechanisms import trigger_division
from judge_app.engine.kernel.errors import InvalidInput, Refused

BASE = {"name_ru": "Тест", "name_en": "Test", "cost": "{1}", "types": ["creature"], "power": 1, "toughness": 1,
        "text_ru": "т", "text_en": "t"}
DIVIDED = {"damage": 3, "to": "each_target", "divided": "as_chosen"}


@pytest.mark.parametrize("bad, says", [
    ({"abilities": [{"trigger": "etb", "targets": ["any"], "effects": [DIVIDED]}]}, "max_targets"),
    ({"abilities": [{"trigger": "etb", "targets": ["any"], "max_targets": 1, "effects": [DIVIDED]}]}, "max_targets"),
    ({"abilities": [{"trigger": "etb", "targets": ["any"], "max_targets": True, "effects": [DIVIDED]}]}, "max_targets"),
    ({"abilities": [{"trigger": "etb", "targets": ["any", "creature"], "max_targets": 3, "effects": [DIVIDED]}]},
     "max_targets"),
    ({"abilities": [{"trigger": "etb", "targets": ["any"], "max_targets": 3, "effects": [{"damage": 3}]}]},
     "max_targets"),
    ({"abilities": [{"activated": {"cost": {"mana": "{R}"}, "effects": [{"draw": 1}]}, "max_targets": 3}]},
     "max_targets"),
])
def test_loader_refuses_a_division_the_engine_does_not_ask(bad, says):
    with pytest.raises(CardDataError, match=says):
        card_from_dict({**BASE, **bad}, "t.yaml")


TITAN_ENTERS = """
players:
  - name: Алиса
    hand:
      - {card: Титан Преисподней, id: titan}
    battlefield:
      - {card: Гора, id: m1}
      - {card: Гора, id: m2}
      - {card: Гора, id: m3}
      - {card: Гора, id: m4}
      - {card: Гора, id: m5}
      - {card: Гора, id: m6}
  - name: Боб
    battlefield:
      - {card: Ллановарские эльфы, id: elves}
      - {card: Ллановарские эльфы, id: elves2}
turn: {number: 3, active: Алиса, step: main1}
"""


def _titan_enters(board: str = TITAN_ENTERS):
    g = build_game(board)
    actions.cast(g, g.player("Алиса"), "titan", pay=["m1", "m2", "m3", "m4", "m5", "m6"])
    while g.stack and g.decision is None:
        actions.pass_priority(g)
    return g


def test_division_is_asked_as_the_trigger_goes_on_the_stack_with_every_legal_answer():
    g = _titan_enters()
    d = g.decision
    assert d is not None and d.kind == "divide_targets" and d.by == "Алиса"
    assert not g.stack   # asked before the ability is on the stack (603.3d), not as it resolves
    # five legal targets (two players, Bob's two Elves, the Titan itself): 5 single, 5·4 ordered pairs
    # (2/1 and 1/2), C(5,3) = 10 triples (1/1/1)
    assert len(d.options) == 5 + 20 + 10
    assert "Алиса:3" in d.options and "titan:3" in d.options and "elves:1,elves2:1,titan:1" in d.options
    assert all(sum(int(x.split(":")[1]) for x in o.split(",")) == 3 for o in d.options)
    assert not any(":0" in o for o in d.options)   # each target at least 1 (601.2d)


def test_a_division_by_mapping_puts_the_shares_on_the_stack_object_and_deals_them():
    g = _titan_enters()
    actions.choose(g, {"elves": 1, "elves2": 1, "Боб": 1})
    so = g.objects[g.stack[-1]]
    assert sorted(t[1] for t in so.targets) == ["elves", "elves2", "Боб"]
    assert dict(zip((t[1] for t in so.targets), so.choices["divide"])) == {"elves": 1, "elves2": 1, "Боб": 1}
    while g.stack:
        actions.pass_priority(g)
    assert g.player("Боб").life == 19
    assert g.objects["elves"].zone == g.objects["elves2"].zone == "graveyard"


@pytest.mark.parametrize("bad", [{"elves": 3, "Боб": 0}, {"elves": 2, "Боб": 2}, {"elves": 4},
                                 {"elves": 1, "elves2": 1, "Боб": 1, "Алиса": 0}])
def test_an_illegal_division_is_refused_with_601_2d_and_asked_again(bad):
    g = _titan_enters()
    with pytest.raises(Refused) as exc:
        actions.choose(g, bad)
    assert "601.2d" in exc.value.rules
    assert g.decision is not None and g.decision.kind == "divide_targets" and not g.stack


def test_an_answer_that_is_not_a_division_is_bad_input():
    g = _titan_enters()
    with pytest.raises(InvalidInput):
        actions.choose(g, 7)


def test_one_legal_answer_is_made_alone_and_none_removes_the_ability():
    creature_only = {"targets": ["creature"], "max_targets": 3, "effects": [DIVIDED]}
    g = build_game(TITAN_ENTERS.replace("      - {card: Ллановарские эльфы, id: elves2}\n", ""))
    assert list(trigger_division.legal_answers(g, creature_only, "Алиса", None)) == ["elves:3"]
    t = {"source": "x", "source_name": "x", "controller": "Алиса", "ability": creature_only}
    assert trigger_division.choose(g, t) == (["elves"], [3]) and g.decision is None   # made alone
    g2 = build_game(TITAN_ENTERS.replace("""      - {card: Ллановарские эльфы, id: elves}
      - {card: Ллановарские эльфы, id: elves2}
""", ""))
    assert trigger_division.choose(g2, t) is False   # no creature: the ability is removed (603.3d)


def test_the_split_of_the_total_gives_each_target_at_least_one():
    assert costs.divisions(3, 1) == [(3,)]
    assert sorted(costs.divisions(3, 2)) == [(1, 2), (2, 1)]
    assert costs.divisions(3, 3) == [(1, 1, 1)]
    assert costs.divisions(2, 3) == []


# -- Wild Evocation: a card cast while an ability resolves (revealed_cast.py, 608.2f) -------------


def _evocation_board(alice_hand: str, alice_field: str = "", bob_field: str = "") -> str:
    return f"""
rules_version: 2020-01-24
players:
  - name: Алиса
    hand:
{alice_hand}
    battlefield:
      - {{card: Вызывание Наугад, id: evocation}}
{alice_field}
    library: 3
  - name: Боб
    battlefield:
      - {{card: Гора, id: bm}}
{bob_field}
    library: 3
turn: {{number: 2, active: Боб, step: end}}
"""


def _to_evocation(g):
    """Pass into Alice's upkeep and on until Wild Evocation's ability asks or has resolved."""
    while g.step != "upkeep":
        actions.pass_priority(g)
    while g.stack and g.decision is None:
        actions.pass_priority(g)
    return g


@pytest.mark.parametrize("bad, says", [
    ({"types": ["enchantment"], "abilities": [{"trigger": "etb", "effects": [{"reveal_random_and_cast": "active_player"}]}]},
     "reveal_random_and_cast"),
    ({"types": ["enchantment"], "abilities": [{"trigger": "each_upkeep", "effects": [{"reveal_random_and_cast": "you"}]}]},
     "reveal_random_and_cast"),
    ({"types": ["enchantment"], "abilities": [{"trigger": "each_upkeep",
                                               "effects": [{"reveal_random_and_cast": "active_player", "draw": 1}]}]},
     "reveal_random_and_cast"),
    ({"types": ["sorcery"], "effects": [{"reveal_random_and_cast": "active_player"}]}, "reveal_random_and_cast"),
])
def test_loader_refuses_the_evocation_outside_an_upkeep_trigger(bad, says):
    with pytest.raises(CardDataError, match=says):
        card_from_dict({**BASE, "power": None, "toughness": None, **bad}, "t.yaml")


def test_a_revealed_land_is_put_onto_the_battlefield_not_played():
    g = _to_evocation(build_game(_evocation_board("      - {card: Гора, id: m1}")))
    assert g.objects["m1"].zone == "battlefield" and g.objects["m1"].controller == "Алиса"
    assert g.player("Алиса").lands_played == 0   # put, not played (305.4)
    assert "305.4" in [r for e in g.events for r in e.rules]


def test_an_empty_hand_reveals_nothing():
    g = _to_evocation(build_game(_evocation_board("      []").replace("    hand:\n      []\n", "")))
    assert not g.stack and g.decision is None
    assert any(e.kind == "reveal" and "нет карт" in e.text_ru for e in g.events)


def test_the_random_card_is_reproducible_and_from_the_hand():
    board = _evocation_board("      - {card: Молния, id: bolt}\n      - {card: Шок, id: shock}\n"
                             "      - {card: Гора, id: m1}\n      - {card: Лес, id: f1}")
    first = [e.objects[1] for e in _to_evocation(build_game(board)).events if e.kind == "reveal"]
    again = [e.objects[1] for e in _to_evocation(build_game(board)).events if e.kind == "reveal"]
    assert first == again and first[0] in ("bolt", "shock", "m1", "f1")   # seeded by the game: a replay is the same


def test_the_alternative_cost_of_a_revealed_card_is_refused_and_it_is_cast_free():
    board = _evocation_board("      - {card: Демон Врат Смерти, id: demon}", bob_field="")
    g = build_game(board)
    while g.step != "upkeep":
        actions.pass_priority(g)
    so = g.objects[g.stack[-1]]
    trial = g.clone()
    with pytest.raises(Refused) as exc:   # 118.9a: "without paying its mana cost" is already its alternative cost
        actions.cast_while_resolving(trial, trial.player("Алиса"), trial.objects["demon"], {"alt": True})
    assert "118.9a" in exc.value.rules
    _to_evocation(g)
    assert so.id not in g.stack
    assert g.objects["demon"].zone == "battlefield" and g.player("Алиса").life == 20   # {0}: no life paid


def test_x_is_zero_and_nothing_else_when_cast_without_paying_the_mana_cost():
    g = build_game(_evocation_board("      - {card: Огненный Шар, id: fireball}"))
    while g.step != "upkeep":
        actions.pass_priority(g)
    trial = g.clone()
    with pytest.raises(Refused) as exc:
        actions.cast_while_resolving(trial, trial.player("Алиса"), trial.objects["fireball"], {"targets": ["Боб"], "x": 2})
    assert "107.3b" in exc.value.rules
    actions.cast_while_resolving(g, g.player("Алиса"), g.objects["fireball"], {"targets": ["Боб"]})
    assert g.objects["fireball"].choices["x"] == 0 and g.objects["fireball"].zone == "stack"


def test_a_mandatory_sacrifice_that_cant_be_paid_leaves_the_card_in_hand():
    g = _to_evocation(build_game(_evocation_board("      - {card: Швырок, id: fling}")))   # no creature to sacrifice
    assert g.decision is None and not g.stack
    assert g.objects["fling"].zone == "hand"
    said = next(e for e in g.events if e.kind == "not_cast")
    assert "608.2f" in said.rules and "701.16a" in said.rules   # why: the sacrifice (118.3 via the cost refusal)


def test_no_decline_when_the_way_to_cast_needs_no_mana_ability():
    # two creatures to sacrifice, no Sphere: Fling costs nothing but the sacrifice — the player must cast it
    g = _to_evocation(build_game(_evocation_board("      - {card: Швырок, id: fling}",
                                                  "      - {card: Медведи-гризли, id: bears}\n"
                                                  "      - {card: Ллановарские эльфы, id: elves}")))
    d = g.decision
    assert d is not None and d.kind == "cast_revealed" and d.by == "Алиса" and "decline" not in d.options
    assert all("sacrifice=" in o for o in d.options)
    with pytest.raises(Refused):
        actions.choose(g, "decline")
    with pytest.raises(Refused):   # an answer the engine refuses: a creature of the opponent is not hers to sacrifice
        actions.choose(g, {"targets": ["Боб"], "sacrifice": ["nobody"]})
    actions.choose(g, {"targets": ["Боб"], "sacrifice": ["elves"]})
    while g.stack:
        actions.pass_priority(g)
    assert g.player("Боб").life == 19 and g.objects["elves"].zone == "graveyard" and g.objects["bears"].zone == "battlefield"


def test_in_an_opponents_upkeep_that_player_reveals_and_casts_not_the_evocations_controller():
    g = build_game("""
players:
  - name: Алиса
    hand:
      - {card: Молния, id: bolt}
    battlefield:
      - {card: Вызывание Наугад, id: evocation}
    library: 3
  - name: Боб
    hand:
      - {card: Медведи-гризли, id: bears}
    library: 3
turn: {number: 2, active: Алиса, step: end}
""")
    _to_evocation(g)
    assert g.ap.name == "Боб"
    assert g.objects["bears"].controller == "Боб" and g.objects["bears"].zone == "battlefield"
    assert g.objects["bolt"].zone == "hand"   # Alice's hand is not looked at in Bob's upkeep


def test_the_attack_trigger_divides_too_and_a_target_may_be_the_defending_player():
    g = build_game("""
players:
  - name: Алиса
    battlefield:
      - {card: Титан Преисподней, id: titan}
  - name: Боб
    battlefield:
      - {card: Ллановарские эльфы, id: elves}
turn: {number: 3, active: Алиса, step: declare_attackers}
""", step="declare_attackers")
    assert g.decision is not None and g.decision.kind == "declare_attackers"
    actions.choose(g, {"titan": "Боб"})
    assert g.decision is not None and g.decision.kind == "divide_targets"   # "whenever [it] attacks" (508.1m, 603.3d)
    actions.choose(g, "elves:1,Боб:2" if "elves:1,Боб:2" in g.decision.options else {"elves": 1, "Боб": 2})
    while g.stack:
        actions.pass_priority(g)
    assert g.objects["elves"].zone == "graveyard" and g.player("Боб").life == 18


@pytest.mark.parametrize("bad", [{"targets": 5}, {"targets": [["Боб"]]}, {"kicker": "yes"}, {"mode": "1"},
                                 {"sacrifice": {"a": 1}}, {"divide": [1, 2]}, {"colour": "red"}, 3.5, None])
def test_a_malformed_cast_revealed_answer_is_bad_input_not_a_traceback(bad):
    g = _to_evocation(build_game(_evocation_board("      - {card: Швырок, id: fling}",
                                                  "      - {card: Медведи-гризли, id: bears}\n"
                                                  "      - {card: Ллановарские эльфы, id: elves}")))
    with pytest.raises(InvalidInput):
        actions.choose(g, bad)
    assert g.decision is not None and g.decision.kind == "cast_revealed"


@pytest.mark.parametrize("bad", [{"elves": [1]}, {"elves": None}, [["elves"]], None, 2.5, {"nobody": 3}])
def test_a_malformed_division_is_bad_input_not_a_traceback(bad):
    g = _titan_enters()
    with pytest.raises((InvalidInput, Refused)):
        actions.choose(g, bad)
    assert g.decision is not None and g.decision.kind == "divide_targets"
