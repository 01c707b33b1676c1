"""Unit tests of the engine: layer 7, SBA simultaneity, refusals, stepping."""

import pytest

from judge_app.cards import default_pool
from judge_app.engine.rules import actions, setup, view
from judge_app.engine.kernel import characteristics as ch
from judge_app.engine.kernel.errors import InvalidInput, Refused
from judge_app.engine.kernel.state import StopAtEvent


def game(players, step="main1", active=None, version="2020-01-24"):
    g = setup.new_game(players, {"number": 3, "active": active or players[0]["name"]}, default_pool(), version)
    setup.start(g, step)
    return g


def test_game_is_a_copyable_value():
    g = game([{"name": "A", "battlefield": [{"card": "Медведи-гризли", "id": "b"}]}, {"name": "B"}])
    c = g.clone()
    c.objects["b"].damage = 1
    c.player("A").life = 3
    assert g.objects["b"].damage == 0 and g.player("A").life == 20


def test_layer7_order_and_explanation():
    g = game([{"name": "A", "battlefield": [
        {"card": "Славный гимн", "id": "anthem"},
        {"id": "x", "creature": {"name": "X", "power": 1, "toughness": 3}, "counters": {"+1/+1": 2}}]},
        {"name": "B"}])
    g.effects.append({"kind": "switch", "p": 0, "t": 0, "target": "x", "incarnation": g.objects["x"].incarnation,
                      "timestamp": 1, "until": "eot", "source_name": "S"})
    g.effects.append({"kind": "set", "p": 0, "t": 5, "target": "x", "incarnation": g.objects["x"].incarnation,
                      "timestamp": 2, "until": "eot", "source_name": "T"})
    # 7b set 0/5, 7c anthem 1/6, 7d counters 3/8, 7e switch 8/3
    assert ch.pt(g, g.objects["x"]) == (8, 3)
    rules = [r for r, _ in ch.explain_pt(g, g.objects["x"])]
    assert rules == ["613.3", "613.3b", "613.3c", "613.3d", "613.3e"]


def test_anthem_affects_only_controller():
    g = game([{"name": "A", "battlefield": [{"card": "Славный гимн"}, {"card": "Медведи-гризли", "id": "a"}]},
              {"name": "B", "battlefield": [{"card": "Медведи-гризли", "id": "b"}]}])
    assert ch.pt(g, g.objects["a"]) == (3, 3) and ch.pt(g, g.objects["b"]) == (2, 2)


def test_refused_cast_leaves_game_untouched():
    g = game([{"name": "A", "hand": ["Прорицание"], "battlefield": [{"card": "Остров", "id": "i"}]}, {"name": "B"}])
    before = len(g.events)
    with pytest.raises(Refused) as exc:
        actions.cast(g, g.player("A"), "Прорицание")
    assert "601.2h" in exc.value.rules
    assert len(g.events) == before and not g.objects["i"].tapped and len(g.player("A").hand) == 1


def test_missing_target_lists_legal_answers():
    g = game([{"name": "A", "hand": ["Молния"], "battlefield": [{"card": "Гора"}]}, {"name": "B"}])
    with pytest.raises(InvalidInput) as exc:
        actions.cast(g, g.player("A"), "Молния")
    assert "A" in str(exc.value) and "B" in str(exc.value)


def test_no_priority_refused():
    g = game([{"name": "A"}, {"name": "B", "hand": ["Молния"], "battlefield": [{"card": "Гора"}]}])
    with pytest.raises(Refused):
        actions.cast(g, g.player("B"), "Молния", targets=["A"])


def test_stop_at_event_gives_snapshot():
    g = setup.new_game([{"name": "A", "hand": ["Молния"], "battlefield": [{"card": "Гора"}]}, {"name": "B"}],
                       {"number": 3, "active": "A"}, default_pool(), "2020-01-24")
    g.stop_at = 2
    with pytest.raises(StopAtEvent) as stop:
        setup.start(g, "main1")
        actions.cast(g, g.player("A"), "Молния", targets=["B"])
    snap = stop.value.game
    assert len(snap.events) == 2 and snap.stack


def test_sba_all_found_before_any_performed():
    # both creatures have lethal damage; the Lhurgoyf would grow if the other died first
    g = setup.new_game([{"name": "A", "graveyard": ["Медведи-гризли"],
                         "battlefield": [{"card": "Лургойф", "id": "goyf", "damage": 2},
                                         {"card": "Медведи-гризли", "id": "b", "damage": 2}]},
                        {"name": "B"}], {"number": 3, "active": "A"}, default_pool(), "2020-01-24")
    setup.start(g, "main1")
    assert g.objects["goyf"].zone == "graveyard" and g.objects["b"].zone == "graveyard"


def test_view_renders_russian():
    g = game([{"name": "A", "battlefield": [{"card": "Медведи-гризли"}]}, {"name": "B"}])
    text = view.render(g)
    assert "жизнь 20" in text and "2/2" in text and "Стек" in text


def test_version_numbers_in_events():
    g = game([{"name": "A", "hand": ["Молния"], "battlefield": [{"card": "Гора"}]}, {"name": "B"}], version="2019-05-03")
    actions.cast(g, g.player("A"), "Молния", targets=["B"])
    actions.pass_priority(g)
    actions.pass_priority(g)
    cited = {r for e in g.events for r in e.rules}
    assert "119.3a" in cited and "120.3a" not in cited


def test_legal_actions_are_accepted():
    from judge_app.engine.rules import decisions
    g = game([{"name": "A", "hand": ["Молния", "Прорицание", "Лес"],
               "battlefield": [{"card": "Гора", "id": "m"}, {"card": "Медведи-гризли", "id": "b"}]},
              {"name": "B", "battlefield": [{"id": "t", "creature": {"name": "T", "power": 1, "toughness": 1,
                                                                        "keywords": ["hexproof"]}}]}])
    acts = decisions.legal_actions(g)
    kinds = {a["action"] for a in acts}
    assert kinds == {"pass", "cast", "play_land", "activate"}
    bolt_targets = {a["targets"][0] for a in acts if a["action"] == "cast"}
    assert bolt_targets == {"A", "B", "b"}          # not the hexproof creature; Divination unaffordable
    assert decisions.owed(g) is None


def test_card_names_and_aliases():
    pool = default_pool()
    assert pool.get("Гигантский рост") is pool.get("Исполинский Рост") is pool.get("giant growth")
    assert pool.suggest("Исполинский рот") == "Исполинский Рост"
    assert len({c.name_en for c in pool.cards}) == len(pool.cards)
