"""Costs, choices and the stack's own fights, driven through the engine directly: the bad
inputs the scenarios can't show (an answer the engine doesn't know lists the legal ones), and
what legal_actions exposes for the board page."""

from __future__ import annotations

import pytest

from judge_app.engine.rules import actions, decisions, setup
from judge_app.engine.kernel.errors import InvalidInput, Refused
from judge_app.scenarios import loader, runner

BOARD = """
rules_version: 2020-01-24   # written for the 2020 numbers (702.32a kicker)
players:
  - name: Алиса
    hand: [{card: Огненный Шар, id: fireball}, {card: Швырок, id: fling}, {card: Талисман Дромара, id: charm}]
    battlefield:
      - {card: Гора, id: m1}
      - {card: Гора, id: m2}
      - {card: Гора, id: m3}
      - {card: Остров, id: u}
      - {card: Болото, id: b}
      - {card: Равнина, id: w}
      - {card: Медведи-гризли, id: bears}
      - id: ogre
        creature: {name: Огр, power: 4, toughness: 4}
  - name: Боб
    hand: [{card: Утечка Маны, id: leak}, {card: Перенацеливание, id: redirect}]
    battlefield:
      - {card: Остров, id: i1}
      - {card: Остров, id: i2}
turn: {number: 3, active: Алиса, step: main1}
"""


def _game():
    from judge_app.cards.model import default_pool
    sc = loader.from_data(loader.parse_text(BOARD, "t.yaml"), "t.yaml", default_pool())
    g = runner.build(sc)
    setup.start(g, "main1")
    return g


def _alice(g):
    return g.player("Алиса")


def test_x_decision_lists_options_and_refuses_unknown_answer():
    g = _game()
    assert actions.cast(g, _alice(g), "fireball", targets=["Боб"]) is None
    d = decisions.owed(g)
    assert d.kind == "x" and d.options[0] == 0 and d.options[-1] == 5   # six lands: {R} and X = 5
    with pytest.raises(InvalidInput, match="допустимые: 0, 1"):
        actions.choose(g, "много")
    actions.choose(g, 2)
    assert g.stack and g.objects["fireball"].choices["x"] == 2


def test_negative_x_refused_with_107_3a():
    g = _game()
    with pytest.raises(Refused) as r:
        actions.cast(g, _alice(g), "fireball", targets=["Боб"], x=-1)
    assert "107.3a" in r.value.rules
    assert not g.stack and "fireball" in _alice(g).hand   # nothing happened (601.2e)


def test_unknown_choice_key_lists_known_ones():
    g = _game()
    with pytest.raises(InvalidInput, match="kicker"):
        actions.cast(g, _alice(g), "fireball", targets=["Боб"], entwine=True)


def test_kicker_on_a_spell_without_one_is_refused_with_702_32a():
    g = _game()
    with pytest.raises(Refused) as r:
        actions.cast(g, _alice(g), "fireball", targets=["Боб"], x=1, kicker=True)
    assert "702.32a" in r.value.rules and not g.stack


def test_sacrifice_choice_answer_must_be_a_candidate():
    g = _game()
    assert actions.cast(g, _alice(g), "fling", targets=["Боб"]) is None
    d = decisions.owed(g)
    assert d.kind == "cost_choice" and set(d.options) == {"bears", "ogre"}
    with pytest.raises(InvalidInput, match="допустимые: bears, ogre"):
        actions.choose(g, "m1")
    actions.choose(g, "ogre")
    assert g.objects["ogre"].zone == "graveyard" and g.objects["fling"].choices["sacrificed_power"] == 4


def test_sacrificing_a_land_to_fling_is_refused_with_its_rules():
    g = _game()
    with pytest.raises(Refused) as r:
        actions.cast(g, _alice(g), "fling", targets=["Боб"], sacrifice=["m1"])
    assert {"118.3", "118.8", "701.16a"} <= set(r.value.rules)


def test_legal_actions_list_modes_and_asks():
    g = _game()
    acts = decisions.legal_actions(g)
    charm = [a for a in acts if a.get("card") == "charm"]
    assert {a["mode"] for a in charm} == {1, 3}        # no spell on the stack: mode 2 can't be chosen
    fire = [a for a in acts if a.get("card") == "fireball"]
    assert fire and all(a["asks"] == "x" for a in fire)
    fling = [a for a in acts if a.get("card") == "fling"]
    assert fling and all(a["asks"] == "sacrifice" for a in fling)


def test_spell_on_the_stack_is_a_legal_target_and_new_targets_are_checked():
    g = _game()
    actions.cast(g, _alice(g), "fling", targets=["Боб"], sacrifice=["bears"])
    actions.pass_priority(g)   # Bob has priority
    acts = decisions.legal_actions(g)
    assert any(a.get("card") == "leak" and a["targets"] == ["fling"] for a in acts)
    actions.cast(g, g.player("Боб"), "redirect", targets=["fling"])
    actions.pass_priority(g)
    actions.pass_priority(g)
    d = decisions.owed(g)
    assert d.kind == "new_targets" and d.by == "Боб" and "keep" in d.options
    with pytest.raises(InvalidInput, match="нужно назвать целей: 1"):
        actions.choose(g, ["Алиса", "Боб"])
    actions.choose(g, "Алиса")
    assert g.objects["fling"].targets[0][1] == "Алиса"


def test_unless_pay_answer_is_pay_or_decline():
    g = _game()
    actions.cast(g, _alice(g), "fling", targets=["Боб"], sacrifice=["bears"], pay=["m1", "m2"])
    actions.pass_priority(g)
    actions.cast(g, g.player("Боб"), "leak", targets=["fling"])
    actions.pass_priority(g)
    actions.pass_priority(g)
    assert decisions.owed(g).kind == "unless_pay"
    with pytest.raises(InvalidInput, match="pay, decline"):
        actions.choose(g, "maybe")
    actions.choose(g, "pay")
    assert g.objects["fling"].zone == "stack"
