"""A reveal as a cost and cards kept revealed (mechanisms/revealed_cards.py; 701.20c, 601.2f):
Silvergill Adept's "reveal a Merfolk card from your hand or pay {3}" each way, asked when both are
possible, and Telepathy's revealed hand — on the real pool."""

from __future__ import annotations

import pytest

from engine_boards import build_game
from judge_app.cards.model import CardDataError, card_from_dict
from judge_app.engine.kernel.errors import Refused
from judge_app.engine.rules import actions

BOARD = """
rules_version: 2026-01-16
players:
  - name: Алиса
    hand:
      - {{card: Silvergill Adept, id: adept}}
{merfolk}
    battlefield:
{lands}
  - name: Боб
    battlefield:
{telepathy}
turn: {{number: 3, active: Алиса, step: main1}}
"""
MERFOLK = "      - {creature: {name: Мерфолк, power: 1, toughness: 1, subtypes: [Merfolk]}, id: scout}"
TELEPATHY = "      - {card: Telepathy, id: telepathy}"


def _game(merfolk=True, islands=2, telepathy=True):
    lands = "\n".join(f"      - {{card: Остров, id: i{n}}}" for n in range(islands))
    return build_game(BOARD.format(merfolk=MERFOLK if merfolk else "", lands=lands,
                                   telepathy=TELEPATHY if telepathy else "      []"))


def _reveal_event(game):
    return next((e for e in game.events if e.message.startswith("revealed_cards.pay")), None)


def test_revealing_a_card_telepathy_revealed_cites_701_20c_and_without_it_701_20a():
    for telepathy, rule in ((True, "701.20c"), (False, "701.20a")):
        game = _game(telepathy=telepathy)
        actions.cast(game, game.player("Алиса"), "adept", pay=["i0", "i1"], reveal="scout")
        ev = _reveal_event(game)
        assert ev is not None and rule in ev.rules and game.objects["adept"].zone == "stack"
        assert "scout" in game.player("Алиса").hand


def test_paying_instead_costs_three_more_and_reveals_nothing():
    game = _game(islands=5)
    actions.cast(game, game.player("Алиса"), "adept", pay=[f"i{n}" for n in range(5)], reveal="none")
    assert game.objects["adept"].zone == "stack" and _reveal_event(game) is None
    assert all(game.objects[f"i{n}"].tapped for n in range(5))


def test_both_ways_possible_is_asked_and_none_without_merfolk_is_made_alone():
    game = _game(islands=5)
    assert actions.cast(game, game.player("Алиса"), "adept", pay=["i0", "i1"]) is None
    assert game.decision.kind == "cost_choice" and game.decision.options == ["scout", "none"]
    game = _game(merfolk=False, islands=2)
    with pytest.raises(Refused):   # no Merfolk card: {3} more, and two Islands can't pay {4}{U}
        actions.cast(game, game.player("Алиса"), "adept", pay=["i0", "i1"])


def test_a_reveal_for_a_spell_without_that_cost_is_refused():
    game = build_game("""
players:
  - name: Алиса
    hand: [{card: Молния, id: bolt}, {creature: {name: М, power: 1, toughness: 1, subtypes: [Merfolk]}, id: m}]
    battlefield: [{card: Гора, id: r}]
  - name: Боб
turn: {number: 3, active: Алиса, step: main1}
""")
    with pytest.raises(Refused, match="показывать"):
        actions.cast(game, game.player("Алиса"), "bolt", targets=["Боб"], pay=["r"], reveal="m")


def test_a_bad_reveal_or_pay_is_refused():
    data = {"name_ru": "Т", "name_en": "T", "cost": "{U}", "types": ["creature"], "power": 1, "toughness": 1,
            "text_en": "", "text_ru": "", "additional_cost": {"reveal_or_pay": {"subtype": "merfolk", "mana": "{3}"}}}
    with pytest.raises(CardDataError, match="reveal_or_pay"):
        card_from_dict(data, "<t>")


def test_before_2026_the_reveal_again_cites_the_reveal_rule():
    from judge_app.engine.kernel import citations
    assert citations.rule("reveal_again", "2026-01-16") == "701.20c"
    assert citations.rule("reveal_again", "2020-01-24") == citations.rule("reveal", "2020-01-24") == "701.15a"
    assert "reveal_again" not in citations.all_numbers("2020-01-24")   # nothing maps 701.15a to 701.20c
