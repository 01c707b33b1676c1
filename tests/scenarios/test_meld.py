"""Meld (701.42, 712.4): the two cards of a meld pair become one permanent with the combined back
face's characteristics (712.8g), which leaves the battlefield as one permanent putting both cards
into the zone (712.21); a token copy can't be melded (CR 2026-01-16 701.42c example 1:
scenarios/releases/cr-2026-701-42c-graf-rats-token-no-meld)."""

import textwrap

import pytest

from judge_app.engine.kernel import characteristics as ch
from judge_app.engine.kernel import events as ev
from judge_app.scenarios import loader, runner

BOARD = """
id: t
rules_version: {version}
players:
  - name: Алиса
    battlefield:
      - {{card: Midnight Scavengers, id: scavengers}}
      - {{card: Graf Rats, id: rats}}
  - name: Боб
turn: {{number: 3, active: Алиса, step: main1}}
stack:
  - ability: {{name: Уничтожение, targets: [creature], effects: [{{destroy: target1}}]}}
    id: killer
    by: Боб
    targets: [scavengers]
script:
  - pass_until: stack_empty
  - pass_until: beginning_of_combat
  - pass_until: declare_attackers
expect: []
"""


def _run(tmp_path, version="2026-01-16", **kw):
    text = BOARD.format(version=version)
    if kw.get("no_kill"):
        text = text.split("stack:")[0] + "script:" + text.split("script:")[1]
    p = tmp_path / "s.yaml"
    p.write_text(textwrap.dedent(text), encoding="utf-8")
    return runner.run(loader.load(p))


@pytest.mark.parametrize("version, rule", [("2026-01-16", "712.8g"), ("2020-01-24", "712.3b")])
def test_the_pair_melds_into_one_permanent(tmp_path, version, rule):
    game = _run(tmp_path, version, no_kill=True).game
    host, part = game.objects["rats"], game.objects["scavengers"]
    assert host.zone == "battlefield" and part.zone == "none" and host.melded_with == "scavengers"
    c = ch.of(game, host)
    assert c.name_en == "Chittering Host" and (c.power, c.toughness) == (5, 6) and "menace" in c.keywords
    assert c.mana_value == 7   # Graf Rats {1}{B} + Midnight Scavengers {4}{B} (712.8g, 202.3c)
    assert "scavengers" not in game.battlefield
    assert rule in {r for e in game.events for r in e.rules}


def test_the_melded_permanent_leaves_as_two_cards(tmp_path):
    p = tmp_path / "s.yaml"
    text = textwrap.dedent(BOARD.format(version="2026-01-16"))
    text = text.replace("targets: [scavengers]", "targets: [rats]").split("stack:")[0] + "script:\n" + \
        "  - pass_until: declare_attackers\n  - pass\nexpect: []\n"
    p.write_text(text, encoding="utf-8")
    sc = loader.load(p)
    game = runner.run(sc).game
    assert game.objects["rats"].melded_with == "scavengers"
    ev.move(game, game.objects["rats"], "graveyard")
    alice = game.player("Алиса")
    assert {"rats", "scavengers"} <= set(alice.graveyard) and not game.objects["rats"].melded_with
    assert "712.21" in {r for e in game.events for r in e.rules}


def test_without_its_partner_the_ability_does_not_trigger(tmp_path):
    game = _run(tmp_path).game   # the Scavengers were destroyed first: the Rats' "if" is false
    assert game.objects["rats"].zone == "battlefield" and game.objects["scavengers"].zone == "graveyard"


def test_a_melded_permanent_that_dies_by_a_state_based_action_puts_both_cards_there(tmp_path):
    """Lethal damage (704.5g) moves it by the state-based actions, not by ``events.move``: both cards
    still go to the graveyard (712.21), none is left outside every zone."""
    from judge_app.engine.kernel import sba

    p = tmp_path / "s.yaml"
    text = textwrap.dedent(BOARD.format(version="2026-01-16"))
    text = text.split("stack:")[0] + "script:\n  - pass_until: declare_attackers\n  - pass\nexpect: []\n"
    p.write_text(text, encoding="utf-8")
    game = runner.run(loader.load(p)).game
    host = game.objects["rats"]
    assert host.melded_with == "scavengers"
    host.damage = 10
    game.touch()
    sba.check(game)
    alice = game.player("Алиса")
    assert {"rats", "scavengers"} <= set(alice.graveyard), (game.objects["rats"].zone, game.objects["scavengers"].zone)
    assert game.objects["scavengers"].zone == "graveyard"
