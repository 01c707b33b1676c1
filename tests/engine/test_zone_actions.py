"""The zone actions and trigger events of FAQ M2011 part B (engine/zone_actions.py,
engine/event_triggers.py), driven through the engine directly: the bad inputs the scenarios
can't show — card data the loader refuses, answers the engine refuses with the legal ones."""

from __future__ import annotations

import pytest

from engine_boards import build_game
from judge_app.cards.model import CardDataError, card_from_dict
from judge_app.engine.rules import actions
from judge_app.engine.kernel.errors import InvalidInput

BASE = {"name_ru": "Тест", "name_en": "Test", "cost": "{1}", "types": ["sorcery"], "text_ru": "т", "text_en": "t"}


@pytest.mark.parametrize("bad, says", [
    ({"effects": [{"search": {"for": "creature", "up_to": 1}}]}, "search"),
    ({"effects": [{"search": {"for": "land", "put": ["graveyard"]}}]}, "search"),
    ({"effects": [{"mill": 0, "who": "target1"}]}, "mill"),
    ({"effects": [{"scry": "2"}]}, "scry"),
    ({"effects": [{"shuffle_into_library": ["hand"]}]}, "shuffle_into_library"),
    ({"effects": [{"sacrifice": "target1"}]}, "sacrifice"),
    ({"types": ["enchantment"], "abilities": [{"trigger": "etb", "effects": [{"lose_life": 2, "who": "that_player"}]}]},
     "that_player"),
    ({"types": ["enchantment"], "abilities": [{"activated": {"cost": {"tap": True}, "effects": [{"draw": 1}]},
                                              "optional": True}]}, "optional"),
    ({"types": ["enchantment"], "abilities": [{"trigger": "etb", "filter": {"yours": True}, "effects": [{"draw": 1}]}]},
     "filter"),
])
def test_loader_refuses_what_the_engine_does_not_do(bad, says):
    with pytest.raises(CardDataError, match=says):
        card_from_dict({**BASE, **bad}, "t.yaml")


BOARD = """
players:
  - name: Алиса
    hand: [{card: Культивировать, id: cult}]
    battlefield:
      - {card: Гадатель по Внутренностям, id: seer}
      - {card: Медведи-гризли, id: bears}
      - {card: Лес, id: f1}
      - {card: Лес, id: f2}
      - {card: Лес, id: f3}
    library:
      - {card: Гора, id: mountain}
      - {card: Остров, id: island}
      - {unknown: 3}
  - name: Боб
turn: {number: 3, active: Алиса, step: main1}
"""


def _game():
    return build_game(BOARD)


def _resolve_until_asked(g):
    while g.decision is None:
        actions.pass_priority(g)
    return g.decision


def test_search_answer_must_be_a_card_that_fits():
    g = _game()
    actions.cast(g, g.player("Алиса"), "cult")
    d = _resolve_until_asked(g)
    assert d.kind == "search" and set(d.options) == {"mountain", "island", "none"}
    with pytest.raises(InvalidInput, match="не подходит"):
        actions.choose(g, ["seer"])
    with pytest.raises(InvalidInput, match="не более 2"):
        actions.choose(g, ["mountain", "island", "mountain"])
    actions.choose(g, "none")   # 701.18b: finding nothing is allowed
    assert g.objects["mountain"].zone == "library" and len(g.player("Алиса").library) == 5


def test_scry_answer_must_place_every_card_once():
    g = _game()
    actions.activate(g, g.player("Алиса"), "seer", 1, sacrifice=["bears"])
    d = _resolve_until_asked(g)
    assert d.kind == "scry" and d.options == ["mountain"]
    with pytest.raises(InvalidInput, match="ровно по разу"):
        actions.choose(g, {"top": ["mountain"], "bottom": ["mountain"]})
    with pytest.raises(InvalidInput, match="top"):
        actions.choose(g, {"middle": ["mountain"]})
    actions.choose(g, {"bottom": ["mountain"]})
    assert g.player("Алиса").library[-1] == "mountain"


def test_shuffle_is_a_replayable_permutation():
    """A shuffle changes the order but a replay of the same game gives the same one."""
    orders = []
    for _ in range(2):
        g = _game()
        actions.cast(g, g.player("Алиса"), "cult")
        _resolve_until_asked(g)
        actions.choose(g, ["mountain"])
        orders.append(list(g.player("Алиса").library))
    assert orders[0] == orders[1] and sorted(orders[0]) == sorted(["island"] + [f"алиса-lib-{i}" for i in (1, 2, 3)])
