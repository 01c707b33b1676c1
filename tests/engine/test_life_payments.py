"""Paying life as a land enters (Breeding Pool, 614.12), Ashiok's "exile that many cards instead"
(614.1a) and the card entering from that library left out (614.13c), playing lands from the top
of the library (mechanisms/life_payments.py) — on the real pool, through the actions a player takes."""

from __future__ import annotations

from engine_boards import build_game
from judge_app.engine.kernel.errors import InvalidInput
from judge_app.engine.rules import actions

import pytest

BOARD = """
rules_version: 2026-01-16
players:
  - name: Алиса
    life: {life}
    hand: [{{card: Breeding Pool, id: pool}}]
    library: [{{card: Лес, id: f1}}, {{card: Лес, id: f2}}, {{card: Лес, id: f3}}]
    battlefield:
{ashiok}
  - name: Боб
turn: {{number: 3, active: Алиса, step: main1}}
"""
ASHIOK = ("      - {planeswalker: {name: Ашиок, loyalty: 5, subtypes: [Ashiok], abilities: [{static: pay_life_exile_instead}]}, "
          "id: ashiok}")


def _play(answer=None, life=20, ashiok=False):
    game = build_game(BOARD.format(life=life, ashiok=ASHIOK if ashiok else "      []"))
    actions.play_land(game, game.player("Алиса"), "pool")
    if answer is not None:
        assert game.decision is not None and game.decision.kind == "replacement_choice"
        actions.choose(game, answer)
    return game


def test_paying_two_life_it_enters_untapped_and_not_paying_tapped():
    game = _play("yes")
    assert game.objects["pool"].zone == "battlefield" and not game.objects["pool"].tapped
    assert game.player("Алиса").life == 18
    game = _play("no")
    assert game.objects["pool"].tapped and game.player("Алиса").life == 20


def test_with_one_life_it_cant_pay_and_enters_tapped_unasked():
    game = _play(life=1)
    assert game.decision is None and game.objects["pool"].tapped and game.player("Алиса").life == 1


def test_ashiok_exiles_the_top_two_instead_and_the_payment_cites_614_1a():
    game = _play("yes", ashiok=True)
    alice = game.player("Алиса")
    assert alice.life == 20 and alice.library == ["f3"] and set(alice.exile) == {"f1", "f2"}
    assert not game.objects["pool"].tapped
    assert any("614.1a" in e.rules and e.message == "life_payments.exile_instead" for e in game.events)


def test_a_land_in_the_library_cant_be_played_without_the_permission():
    game = build_game(BOARD.format(life=20, ashiok="      []"))
    with pytest.raises(InvalidInput):
        actions.play_land(game, game.player("Алиса"), "f1")


def test_ashiok_does_not_apply_when_the_library_is_too_small():
    game = build_game(BOARD.format(life=20, ashiok=ASHIOK).replace(
        "library: [{card: Лес, id: f1}, {card: Лес, id: f2}, {card: Лес, id: f3}]", "library: [{card: Лес, id: f1}]"))
    actions.play_land(game, game.player("Алиса"), "pool")
    actions.choose(game, "yes")
    assert game.player("Алиса").life == 18 and game.player("Алиса").library == ["f1"]
