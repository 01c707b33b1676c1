"""A game built from a board description, started in a step: the engine driven directly."""

from __future__ import annotations

from judge_app.cards.model import default_pool
from judge_app.engine.rules import setup
from judge_app.scenarios import loader, runner


def build_game(board_yaml: str, step: str = "main1"):
    scenario = loader.from_data(loader.parse_text(board_yaml, "t.yaml"), "t.yaml", default_pool())
    game = runner.build(scenario)
    setup.start(game, step)
    return game
