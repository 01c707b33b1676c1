"""The zone and control mechanisms added for the 2026 examples of 701.12, 701.23, 701.24 and
701.67 (issue 29), driven through the engine on the real pool: the edges the example scenarios
in scenarios/releases/ do not show."""

from __future__ import annotations

import pytest

from engine_boards import build_game
from judge_app.cards.model import CardDataError, card_from_dict
from judge_app.engine.rules import actions

SWITCH = """
players:
  - name: Алиса
    hand: [{card: Подмена, id: switch}]
    battlefield:
      - id: bears
        creature: {name: Медведи, power: 2, toughness: 2}
      - id: wolf
        creature: {name: Волк, power: 2, toughness: 2}
      - {card: Остров, id: i1}
      - {card: Остров, id: i2}
      - {card: Остров, id: i3}
      - {card: Остров, id: i4}
      - {card: Остров, id: i5}
  - name: Боб
    battlefield:
      - id: ogre
        creature: {name: Огр, power: 3, toughness: 3}
turn: {number: 3, active: Алиса, step: main1}
rules_version: 2026-01-16
"""


def _cast_and_resolve(game, card: str, targets: list) -> None:
    actions.cast(game, game.player("Алиса"), card, targets=targets)
    while game.stack:
        actions.pass_priority(game)


def test_exchange_of_two_legal_targets_gives_each_the_others_creature_for_good():
    game = build_game(SWITCH)
    _cast_and_resolve(game, "switch", ["bears", "ogre"])
    assert game.objects["bears"].controller == "Боб" and game.objects["ogre"].controller == "Алиса"
    done = next(e for e in game.events if e.message == "exchange_control.done")
    assert {"701.12a", "701.12b", "613.1b"} <= set(done.rules)
    made = [x for x in game.effects if x.get("kind") == "control"]
    assert len(made) == 2 and not any("until" in x for x in made)   # no duration: the cleanup ends nothing (611.2a)
    assert made[0]["timestamp"] == made[1]["timestamp"]              # at once (701.12b)
    assert game.objects["ogre"].controller == "Алиса"


def test_two_creatures_of_one_controller_are_not_exchanged():
    game = build_game(SWITCH)
    _cast_and_resolve(game, "switch", ["bears", "wolf"])
    assert game.objects["bears"].controller == game.objects["wolf"].controller == "Алиса"
    assert any(e.message == "exchange_control.same_controller" and "701.12b" in e.rules for e in game.events)


def test_the_exchange_needs_exactly_two_targets():
    with pytest.raises(CardDataError, match="exchange_control"):
        card_from_dict({"name_ru": "Х", "name_en": "X", "cost": "{U}", "types": ["sorcery"], "targets": ["creature"],
                        "effects": [{"exchange_control": ["target1"]}]}, "x")
