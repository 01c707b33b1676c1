"""The citations the engine gave wrong (issue 16): a spell targeting itself (115.5), a
creature cast at the wrong time (601.3 with 117.1a / 302.1, not 601.2e), the state-based
action Platinum Angel stops (704.5a / 704.5b), and an X spell no X can pay for (118.3)."""

from __future__ import annotations

import pytest

from judge_app.cards import default_pool
from judge_app.engine.rules import actions, decisions, setup
from judge_app.engine.kernel.errors import Refused


def _game(players, active=None, step="main1"):
    g = setup.new_game(players, {"number": 3, "active": active or players[0]["name"]}, default_pool(), "2020-01-24")
    setup.start(g, step)
    return g


def _bolt_then_redirect():
    g = _game([{"name": "A", "hand": [{"card": "Молния", "id": "bolt"}], "battlefield": [{"card": "Гора", "id": "m"}]},
               {"name": "B", "hand": [{"card": "Перенацеливание", "id": "rd"}, {"card": "Отмена", "id": "cancel"}],
                "battlefield": [{"card": "Остров", "id": f"i{n}"} for n in range(5)]}])
    actions.cast(g, g.player("A"), "bolt", targets=["B"])
    actions.pass_priority(g)
    return g


def test_redirect_targeting_itself_cites_115_5():
    g = _bolt_then_redirect()
    with pytest.raises(Refused) as r:
        actions.cast(g, g.player("B"), "rd", targets=["rd"])
    assert "115.5" in r.value.rules and "115.1" not in r.value.rules
    assert "rd" in g.player("B").hand   # the game is as before (601.2e)


def test_new_target_that_is_the_spell_itself_cites_115_5():
    g = _bolt_then_redirect()
    actions.cast(g, g.player("B"), "cancel", targets=["bolt"])
    actions.cast(g, g.player("B"), "rd", targets=["cancel"])
    actions.pass_priority(g)
    actions.pass_priority(g)
    d = decisions.owed(g)
    assert d.kind == "new_targets" and "cancel" not in d.options
    with pytest.raises(Refused) as r:
        actions.choose(g, "cancel")
    assert r.value.rules == ["115.5"]


def test_creature_at_the_wrong_time_cites_what_forbids_it():
    g = _game([{"name": "A"}, {"name": "B", "hand": [{"card": "Медведи-гризли", "id": "bears"}],
                                "battlefield": [{"card": "Лес"}, {"card": "Лес"}]}])
    actions.pass_priority(g)
    with pytest.raises(Refused) as r:
        actions.cast(g, g.player("B"), "bears")
    assert r.value.rules[:3] == ["601.3", "302.1", "117.1a"] and "601.2e" not in r.value.rules


@pytest.mark.parametrize("life, library, stopped, not_stopped", [(0, ["Лес"], "704.5a", "704.5b"),
                                                                  (5, [], "704.5b", "704.5a")])
def test_platinum_angel_names_the_loss_it_stops(life, library, stopped, not_stopped):
    g = _game([{"name": "A", "life": life, "library": library, "battlefield": [{"card": "Платиновый Ангел", "id": "angel"}]},
               {"name": "B"}], step="upkeep")
    while g.step != "main1" and not g.result:
        actions.pass_priority(g)
    ev = next(e for e in g.events if e.kind == "cant_lose")
    assert stopped in ev.rules and not_stopped not in ev.rules and "614.17" in ev.rules
    assert not g.player("A").lost


def test_fireball_without_red_mana_is_not_offered_nor_asks_x():
    g = _game([{"name": "A", "hand": [{"card": "Огненный Шар", "id": "fb"}],
                "battlefield": [{"card": "Остров"}, {"card": "Остров"}]}, {"name": "B"}])
    assert not [a for a in decisions.legal_actions(g) if a.get("card") == "fb"]
    with pytest.raises(Refused) as r:
        actions.cast(g, g.player("A"), "fb", targets=["B"])
    assert "118.3" in r.value.rules and decisions.owed(g) is None


def test_x_decision_offers_only_payable_values():
    g = _game([{"name": "A", "hand": [{"card": "Огненный Шар", "id": "fb"}],
                "battlefield": [{"card": "Гора"}, {"card": "Остров"}, {"card": "Остров"}]}, {"name": "B"}])
    assert actions.cast(g, g.player("A"), "fb", targets=["B"]) is None
    assert decisions.owed(g).options == [0, 1, 2]
