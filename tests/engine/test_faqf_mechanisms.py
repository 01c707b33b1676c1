"""The engine pieces of FAQ M2011 group faqf (issue 11): a triggered ability that divides damage
among one to three targets as it is put on the stack (trigger_division.py, Inferno Titan), driven
through the engine on the real pool, with the loader's refusals of what the engine does not do."""

from __future__ import annotations

import pytest

from engine_boards import build_game
from judge_app.cards.model import CardDataError, card_from_dict
from judge_app.engine import actions, trigger_division
from judge_app.engine.errors import InvalidInput, Refused

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
    assert trigger_division._splits(3, 1) == [(3,)]
    assert sorted(trigger_division._splits(3, 2)) == [(1, 2), (2, 1)]
    assert trigger_division._splits(3, 3) == [(1, 1, 1)]
    assert trigger_division._splits(2, 3) == []
