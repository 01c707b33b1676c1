"""One function decides whether an object has a keyword now (printed + gained - lost until
end of turn); every rule that reads keywords goes through it."""

from judge_app.cards.model import default_pool
from judge_app.engine.rules import actions, effects, setup
from judge_app.engine.kernel import characteristics as ch
from judge_app.engine.rules import keywords
from judge_app.engine.kernel import events as ev


def _game(players, active="A", step="main1"):
    g = setup.new_game(players, {"number": 3, "active": active}, default_pool(), "2020-01-24")
    setup.start(g, step)
    return g


def _grant(g, oid, kw, kind="gain_keyword"):
    g.effects.append({"kind": kind, "keyword": kw, "target": oid, "incarnation": g.objects[oid].incarnation,
                      "timestamp": g.next_ts(), "until": "eot", "source_name": "тест"})


def test_gained_and_lost_keywords_everywhere():
    g = _game([{"name": "A", "battlefield": [{"card": "Блудный пиромант", "id": "pyro", "summoning_sick": True}]},
               {"name": "B", "battlefield": [{"id": "c", "creature": {"name": "X", "power": 1, "toughness": 1,
                                                                       "keywords": ["hexproof"]}}]}])
    assert not ch.has_keyword(g, g.objects["pyro"], "haste")
    _grant(g, "pyro", "haste")
    _grant(g, "pyro", "lifelink")
    assert ch.has_keyword(g, g.objects["pyro"], "haste")
    assert "lifelink" in keywords.names(g, ev.lki(g, g.objects["pyro"]))   # LKI records gained keywords
    assert "c" not in effects.legal_targets(g, "creature", "A", g.objects["pyro"])
    _grant(g, "c", "hexproof", "lose_keyword")
    assert "c" in effects.legal_targets(g, "creature", "A", g.objects["pyro"])
    actions.activate(g, g.player("A"), "pyro", 1, targets=["B"])   # haste: {T} in the turn it came (702.10c)
    assert g.objects["pyro"].tapped
    assert any("702.10c" in e.rules for e in g.events)


def test_gained_keyword_ends_with_a_new_object():
    g = _game([{"name": "A", "battlefield": [{"card": "Медведи-гризли", "id": "b"}]}, {"name": "B"}])
    _grant(g, "b", "flying")
    assert ch.has_keyword(g, g.objects["b"], "flying")
    ev.move(g, g.objects["b"], "graveyard", keys=("destroy",))
    assert not ch.has_keyword(g, g.objects["b"], "flying")   # 400.7
