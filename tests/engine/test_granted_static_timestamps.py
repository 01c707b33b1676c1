"""A static ability granted in layer 6 generates its own effect, with the later of its object's and
the granting effect's timestamps, after the object's own effects (613.7a; kernel/layers.py,
rules/aura_abilities.py): Rune of Flight and Colossus Hammer on the real pool."""

from __future__ import annotations

import pytest

from engine_boards import build_game
from judge_app.engine.kernel import characteristics as ch

BOARD = """
rules_version: {version}
players:
  - name: Алиса
    battlefield:
      - {{creature: {{name: Птица, power: 1, toughness: 1, keywords: [flying]}}, id: bird}}
      - {{card: Colossus Hammer, id: hammer, attached_to: bird}}
{rune}
  - name: Боб
turn: {{number: 3, active: Алиса, step: main1}}
"""


def _bird(rune: str, version: str = "2026-01-16"):
    game = build_game(BOARD.format(rune=rune, version=version))
    c = ch.of(game, game.objects["bird"])
    return c, ch.pt(game, game.objects["bird"])


def test_the_hammer_alone_takes_flying_away():
    c, pt = _bird("")
    assert "flying" not in c.keywords and pt == (11, 11)


@pytest.mark.parametrize("version", ["2026-01-16", "2020-01-24"])
def test_the_rune_on_the_hammer_gives_flying_back_after_the_hammer_loses_it(version):
    c, pt = _bird("      - {card: Rune of Flight, id: rune, attached_to: hammer}", version)
    assert "flying" in c.keywords and pt == (11, 11)


def test_the_rune_on_a_creature_gives_flying_and_grants_no_ability():
    game = build_game(BOARD.format(version="2026-01-16", rune="""      - {creature: {name: Медведь, power: 2, toughness: 2}, id: bear}
      - {card: Rune of Flight, id: rune, attached_to: bear}"""))
    bear = ch.of(game, game.objects["bear"])
    assert "flying" in bear.keywords and not any(a.get("static") == "enchanted" for a in bear.abilities)
    assert "flying" not in ch.of(game, game.objects["bird"]).keywords   # the Hammer has no granted ability
