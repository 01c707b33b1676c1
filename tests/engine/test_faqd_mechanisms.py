"""The vocabulary of FAQ M2011 group faqd (rules_corpus/cards/m2011_faqd.yaml): what the loader
refuses, and engine behaviour the scenarios under scenarios/faq-m2011 and scenarios/cards-m2011
don't pin down on their own, driven through the engine directly."""

from __future__ import annotations

import pytest

from engine_boards import build_game
from judge_app.cards.model import CardDataError, card_from_dict
from judge_app.engine.rules import actions

BASE = {"name_ru": "Тест", "name_en": "Test", "cost": "{1}", "types": ["enchantment"], "text_ru": "т", "text_en": "t"}


@pytest.mark.parametrize("bad, says", [
    ({"abilities": [{"activated": {"cost": {}, "effects": [{"pump": [1, 0], "to": "enchanted"}]}}]}, "Ауры"),
    ({"abilities": [{"trigger": "enchanted_attacks_or_blocks", "effects": [{"sacrifice": "self"}]}]}, "Ауры"),
    ({"abilities": [{"static": "enchanted_has", "ability": {"trigger": "upkeep_yours"}}]}, "Ауры"),
    ({"enchant": "creature", "abilities": [{"static": "enchanted_has", "ability": "sacrifice"}]}, "enchanted_has"),
    ({"enchant": "creature", "abilities": [{"trigger": "etb", "chooser": "enchanted_controller", "effects": []}]}, "chooser"),
    ({"abilities": [{"trigger": "etb", "effects": [{"return_attached": "target1"}]}]}, "return_attached"),
    ({"abilities": [{"trigger": "counter_removed", "effects": [{"draw": 1}]}]}, "counter_removed"),
    ({"abilities": [{"static": "enters_with_x_counters"}]}, "enters_with_x_counters"),
    ({"abilities": [{"static": "this_creature_while_life", "pt": [5, 5]}]}, "this_creature_while_life"),
    ({"abilities": [{"as_enters": "counter_on_artifact"}]}, "counter_on_artifact"),
    ({"types": ["sorcery"], "effects": [{"gain_life": "damage_dealt"}]}, "damage_dealt"),
    ({"types": ["sorcery"], "effects": [{"damage": "damage_dealt", "to": "target1"}], "targets": ["any"]}, "damage_dealt"),
    ({"types": ["sorcery"], "effects": [{"pump": [1, 1], "to": "each_artifact_creature_you_control"}]}, "только у counters"),
    ({"types": ["instant"], "effects": [{"cant_by_color": ["purple"]}]}, "cant_by_color"),
    ({"types": ["instant"], "effects": [{"reveal_top_to_hand_lose_life": "target1"}]}, "reveal_top_to_hand_lose_life"),
    ({"types": ["instant"], "targets": ["creature", "any"], "effects": [{"damage_by": "target1", "to": "target1"}]},
     "damage_by"),
    ({"types": ["instant"], "effects": [{"set_life": "20"}]}, "set_life"),
    ({"types": ["instant"], "effects": [{"next_draw_gain_life_instead": 5, "who": "target1"}]}, "next_draw_gain_life_instead"),
    ({"abilities": [{"activated": {"cost": {"opponent_gains_life": 0}, "effects": []}}]}, "opponent_gains_life"),
])
def test_loader_refuses_what_the_engine_does_not_do(bad, says):
    with pytest.raises(CardDataError, match=says):
        card_from_dict({**BASE, **bad}, "t.yaml")


def _resolve_all(g):
    while g.stack or g.pending_triggers:
        if g.decision is not None:
            return g.decision
        actions.pass_priority(g)
    return g.decision


def test_archon_x_shield_prevents_exactly_x():
    """{X} of an activated ability reaches the prevention shield (prevent: X): X = 2 of Bolt's 3."""
    g = build_game("""
players:
  - name: Алиса
    battlefield:
      - {card: Мстительный Архонт, id: archon}
      - {card: Равнина, id: p1}
      - {card: Равнина, id: p2}
  - name: Боб
    hand: [{card: Молния, id: bolt}]
    battlefield: [{card: Гора, id: m1}]
turn: {number: 3, active: Алиса, step: main1}
""")
    actions.activate(g, g.player("Алиса"), "archon", 1, targets=["Боб"], x=2)
    _resolve_all(g)
    shields = [e for e in g.effects if e.get("shield") == "prevent_next"]
    assert [s["left"] for s in shields] == [2] and shields[0]["then_damage"]["to"] == "Боб"


def test_veil_lasts_the_turn_only():
    """Autumn's Veil's effect is an entry of game.effects until end of turn: gone in the next turn."""
    g = build_game("""
players:
  - name: Алиса
    library: 3
    hand: [{card: Покрывало Осени, id: veil}]
    battlefield: [{card: Лес, id: f1}]
  - name: Боб
    library: 3
turn: {number: 3, active: Алиса, step: main1}
""")
    actions.cast(g, g.player("Алиса"), "veil")
    _resolve_all(g)
    assert any(e.get("kind") == "cant_by_color" for e in g.effects)
    while g.turn == 3:
        actions.pass_priority(g)
    assert not any(e.get("kind") == "cant_by_color" for e in g.effects)


def test_hydra_put_onto_battlefield_has_no_x():
    """A Protean Hydra card that was cast (X = 3) and died comes back from the graveyard with
    no counters: X belongs to the spell (107.3k), not to the card."""
    g = build_game("""
players:
  - name: Алиса
    hand: [{card: Многоликая Гидра, id: hydra}]
    battlefield: [{card: Лес, id: f1}, {card: Лес, id: f2}, {card: Лес, id: f3}, {card: Лес, id: f4}]
  - name: Боб
turn: {number: 3, active: Алиса, step: main1}
""")
    actions.cast(g, g.player("Алиса"), "hydra", x=3)
    _resolve_all(g)
    hydra = g.objects["hydra"]
    assert hydra.counters == {"+1/+1": 3}
    from judge_app.engine.rules import enter_replacements
    from judge_app.engine.kernel import events
    events.move(g, hydra, "graveyard")
    enter_replacements.put_onto_battlefield(g, [hydra], "Алиса")
    assert hydra.counters.get("+1/+1", 0) == 0


def test_opponent_gains_life_cost_is_paid_when_life_can_be_gained():
    """The cost "an opponent gains 3 life" (scenario r142 shows it refused under Leyline of
    Punishment): without the Leyline it is paid — Bob gains 3 life as the ability is activated."""
    g = build_game("""
players:
  - name: Алиса
    library: 3
    battlefield:
      - id: idol
        permanent:
          name: Идол щедрости
          types: [artifact]
          abilities:
            - activated: {cost: {opponent_gains_life: 3}, effects: [{draw: 1}]}
  - name: Боб
turn: {number: 3, active: Алиса, step: main1}
""")
    actions.activate(g, g.player("Алиса"), "idol", 1)
    assert g.player("Боб").life == 23
    _resolve_all(g)
    assert len(g.player("Алиса").hand) == 1
