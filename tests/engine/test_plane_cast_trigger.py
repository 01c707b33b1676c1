"""A plane card's cast trigger from the command zone (113.6n, 901.6) and a keyword it gives the
spell that the permanent keeps (400.7a; mechanisms/spell_keywords.py) — Jund and Thunder-Thrash
Elder on the real pool."""

from __future__ import annotations

import pytest

from engine_boards import build_game
from judge_app.cards.model import CardDataError, card_from_dict
from judge_app.engine.rules import actions

BOARD = """
rules_version: 2026-01-16
players:
  - name: Алиса
    command:
      - id: jund
        permanent:
          name: Джунд
          types: [plane]
          abilities:
            - {{trigger: player_casts, spell_colors: [black, red, green], spell_type: creature,
               effects: [{{spell_gains_keyword: {{devour: 5}}}}]}}
  - name: Боб
    hand:
{hand}
    battlefield:
      - {{card: Гора, id: m1}}
      - {{card: Гора, id: m2}}
      - {{card: Гора, id: m3}}
      - {{card: Остров, id: i1}}
turn: {{number: 3, active: Алиса, step: main1}}
"""


def test_an_opponents_red_creature_spell_triggers_the_plane_under_the_active_player_and_keeps_devour():
    game = build_game(BOARD.format(hand="      - {card: Thunder-Thrash Elder, id: elder}").replace(
        "turn: {number: 3, active: Алиса", "turn: {number: 3, active: Боб"))
    actions.cast(game, game.player("Боб"), "elder", pay=["m1", "m2", "m3"])
    trig = [game.objects[s] for s in game.stack if game.objects[s].source == "jund"]
    assert [t.controller for t in trig] == ["Боб"]   # the planar controller: the active player (901.6)
    while game.stack or game.decision is not None:
        if game.decision is not None:
            opts = game.decision.options or []
            actions.choose(game, "none" if "none" in opts else opts[0])
        else:
            actions.pass_priority(game)
    elder = game.objects["elder"]
    assert elder.zone == "battlefield"
    devours = sorted(k["devour"] for k in elder.keywords if isinstance(k, dict) and "devour" in k)
    assert devours == [3, 5]   # devour 5 is the permanent's too (400.7a)
    assert any("400.7a" in e.rules for e in game.events)


def test_a_blue_creature_spell_does_not_trigger_it():
    game = build_game(BOARD.format(hand="      - {creature: {name: Синий, cost: '{U}', power: 1, toughness: 1, colors: [blue]}, id: blue}").replace(
        "turn: {number: 3, active: Алиса", "turn: {number: 3, active: Боб"))
    actions.cast(game, game.player("Боб"), "blue", pay=["i1"])
    assert not any(t["source"] == "jund" for t in game.pending_triggers + game.trigger_queue)
    assert not any(game.objects[s].source == "jund" for s in game.stack)


@pytest.mark.parametrize("ability", [
    {"trigger": "player_casts", "spell_colors": ["пурпурный"], "effects": [{"draw": 1}]},
    {"trigger": "etb", "spell_type": "creature", "effects": [{"draw": 1}]},
    {"trigger": "player_casts", "effects": [{"spell_gains_keyword": {"полёт": 1}}]},
])
def test_bad_cast_filters_are_refused(ability):
    data = {"name_ru": "Т", "name_en": "T", "cost": "{U}", "types": ["enchantment"], "text_en": "", "text_ru": "",
            "abilities": [ability]}
    with pytest.raises(CardDataError):
        card_from_dict(data, "<t>")
