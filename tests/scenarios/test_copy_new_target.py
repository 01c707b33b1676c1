"""Frontline Heroism (707.10e): a spell that targets only a single creature you control makes it
trigger, and the copy targets the token it created — without a token doubler no choice is asked;
a spell aimed at an opponent's creature makes nothing trigger. The two-token case of CR 2026-01-16
707.10e example 1 is scenarios/releases/cr-2026-707-10e-frontline-heroism-procession."""

import textwrap

import pytest

from judge_app.engine.kernel import characteristics as ch
from judge_app.scenarios import loader, runner

BOARD = """
id: t
players:
  - name: Алиса
    hand: [{{card: Moment of Triumph, id: triumph}}]
    battlefield:
      - {{card: Frontline Heroism, id: heroism}}
      - {{card: Grizzly Bears, id: bears}}
      - {{card: Равнина, id: p1}}
  - name: Боб
    battlefield: [{{card: Grizzly Bears, id: bobs}}]
turn: {{number: 3, active: Алиса, step: main1}}
script:
  - cast: {{card: triumph, targets: [{target}], pay: [p1]}}
  - pass_until: stack_empty
expect: []
"""


def _game(tmp_path, target):
    p = tmp_path / "s.yaml"
    p.write_text(textwrap.dedent(BOARD.format(target=target)), encoding="utf-8")
    res = runner.run(loader.load(p))
    assert res.passed and res.game.decision is None, res.failures
    return res.game


def test_one_token_the_copy_targets_it(tmp_path):
    game = _game(tmp_path, "bears")
    tok = game.objects["token-1"]
    assert ch.pt(game, tok)[:2] == (3, 3) and ch.pt(game, game.objects["bears"])[:2] == (4, 4)
    assert game.player("Алиса").life == 24 and "token-2" not in game.objects


@pytest.mark.parametrize("target", ["bobs"])
def test_an_opponents_creature_makes_nothing_trigger(tmp_path, target):
    game = _game(tmp_path, target)
    assert "token-1" not in game.objects and game.player("Алиса").life == 22
