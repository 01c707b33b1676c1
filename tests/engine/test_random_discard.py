"""A random discard (701.8b; Hymn to Tourach): the first mechanism added through the engine's hooks
only (mechanisms/random_discard.py), driven through the engine on the real pool."""

from __future__ import annotations

import pytest

from engine_boards import build_game
from judge_app.cards.model import CardDataError, card_from_dict
from judge_app.engine import modules
from judge_app.engine.kernel import citations, hooks
from judge_app.engine.mechanisms import random_discard
from judge_app.engine.rules import actions

HYMN = """
players:
  - name: Алиса
    hand: [{card: Гимн Турашу, id: hymn}]
    battlefield:
      - {card: Болото, id: s1}
      - {card: Болото, id: s2}
  - name: Боб
    hand:
{hand}
turn: {number: 3, active: Алиса, step: main1}
"""
THREE = "      - {card: Молния, id: bolt}\n      - {card: Гора, id: mountain}\n      - {card: Прорицание, id: div}\n"


def _resolve(game) -> None:
    actions.cast(game, game.player("Алиса"), "hymn", targets=["Боб"], pay=["s1", "s2"])
    while game.stack:
        assert game.decision is None   # a random discard asks no one (701.8b)
        actions.pass_priority(game)


def test_two_of_three_cards_are_discarded_at_random_and_a_replay_picks_the_same():
    picked = []
    for _ in range(2):
        game = build_game(HYMN.replace("{hand}", THREE))
        _resolve(game)
        bob = game.player("Боб")
        assert len(bob.hand) == 1 and len(bob.graveyard) == 2
        assert set(bob.hand) | set(bob.graveyard) == {"bolt", "mountain", "div"}
        event = next(e for e in game.events if e.message == "random_discard.picked")
        # 701.8b in 2020, 701.9b in 2026 (same text): the number of the release the game plays
        assert tuple(event.rules) == (citations.rule("discard_random", game.rules_version),) and event.text_en.startswith("Боб discards 2 card(s) at random: ")
        picked.append(sorted(bob.graveyard))
    assert picked[0] == picked[1]


def test_the_pick_is_not_the_first_cards_of_the_hand():
    game = build_game(HYMN.replace("{hand}", THREE))
    bob = game.player("Боб")
    seen = set()
    for _ in range(30):   # the seed includes the number of events so far: each new event is a new draw
        seen.add(tuple(random_discard.pick(game, bob, 2)))
        game.emit("note", "т", "t", [], ["discard"])
    assert len(seen) == 3   # every pair of the three cards comes up
    assert all(list(p) == [c for c in bob.hand if c in p] for p in seen)   # in hand order


def test_with_fewer_cards_than_asked_all_are_discarded_and_an_empty_hand_is_said():
    game = build_game(HYMN.replace("{hand}", "      - {card: Молния, id: bolt}\n"))
    _resolve(game)
    assert game.player("Боб").graveyard == ["bolt"]
    game = build_game(HYMN.replace("hand:\n{hand}", "hand: []\n"))
    _resolve(game)
    assert any(e.message == "random_discard.none" for e in game.events)


BASE = {"name_ru": "Тест", "name_en": "Test", "cost": "{B}", "types": ["sorcery"], "text_ru": "т", "text_en": "t",
        "targets": ["player"]}


@pytest.mark.parametrize("effect", [{"discard_at_random": 0, "who": "target1"},
                                    {"discard_at_random": "two", "who": "target1"},
                                    {"discard_at_random": 1, "who": "target3"}])
def test_the_vocabulary_refuses_a_bad_random_discard(effect):
    with pytest.raises(CardDataError, match="discard_at_random"):
        card_from_dict({**BASE, "effects": [effect]}, "t.yaml")


def test_it_plugs_in_through_the_hooks_only():
    hook = hooks.by_key(hooks.INSTRUCTION, "discard_at_random")
    assert hook.fn is random_discard.run
    assert "mechanisms.random_discard" in modules.MODULES
