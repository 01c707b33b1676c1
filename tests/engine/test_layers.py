"""The one 613 computation (layers.py): dependency, the 613.7b loop fallback, 611.2c,
control and summoning sickness, the cache (once per game state), and refusals."""

import textwrap

import pytest

from judge_app.cards import default_pool
from judge_app.engine import actions, characteristics as ch, layers, setup
from judge_app.scenarios import loader


def game(players, step="main1"):
    g = setup.new_game(players, {"number": 3, "active": players[0]["name"]}, default_pool(), "2020-01-24")
    setup.start(g, step)
    return g


def rules(g, oid):
    return [r for st in ch.explain(g, g.objects[oid]) for r in st["rules"]]


def test_dependency_beats_timestamps_both_orders():
    for order in (["moon", "urborg"], ["urborg", "moon"]):
        cards = {"moon": {"card": "Blood Moon", "id": "moon"}, "urborg": {"card": "Urborg, Tomb of Yawgmoth", "id": "urborg"}}
        g = game([{"name": "A", "battlefield": [cards[k] for k in order] + [{"card": "Forest", "id": "f"}]}, {"name": "B"}])
        assert g.objects["urborg"].subtypes == ("Mountain",)
        assert g.objects["urborg"].abilities == ({"mana": "R"},)
        assert g.objects["f"].subtypes == ("Forest",), order   # Urborg's effect no longer exists
        assert "613.7a" in rules(g, "urborg")


def test_without_the_dependency_timestamps_decide():
    """Humility and Opalescence don't depend on each other in 7b: the later one wins."""
    for first, second, want in (("Opalescence", "Humility", (1, 1)), ("Humility", "Opalescence", (4, 4))):
        g = game([{"name": "A", "battlefield": [{"card": first, "id": first}, {"card": second, "id": second}]}, {"name": "B"}])
        assert ch.pt(g, g.objects["Humility"]) == want


def test_dependency_loop_applies_in_timestamp_order_and_says_so():
    """Two Humilities made creatures by Opalescence: in layer 6 each would remove the other's
    ability (613.7a both ways) — a loop: 613.7b timestamps, and it terminates."""
    hum = {"permanent": {"name": "H", "types": ["enchantment"], "cost": "{2}{W}{W}",
                         "abilities": [{"static": "creatures_lose_abilities", "pt": [1, 1]}]}}
    g = game([{"name": "A", "battlefield": [{"card": "Opalescence", "id": "opal"}, dict(hum, id="h1"), dict(hum, id="h2")]},
              {"name": "B"}])
    texts = [st["text"] for st in ch.explain(g, g.objects["h2"])]
    assert any("по кругу" in t for t in texts), texts
    assert "613.7b" in rules(g, "h2")
    assert g.objects["h1"].abilities == () and g.objects["h2"].abilities == ()


def test_locked_set_611_2c():
    g = game([{"name": "A", "battlefield": [{"card": "Swamp", "id": f"s{i}"} for i in range(3)],
               "hand": ["Sudden Spoiling", {"card": "Grizzly Bears", "id": "late"}]},
              {"name": "B", "battlefield": [{"card": "Grizzly Bears", "id": "early"}]}])
    actions.cast(g, g.player("A"), "Sudden Spoiling", targets=["B"])
    for _ in range(2):
        actions.pass_priority(g)
    assert ch.pt(g, g.objects["early"]) == (0, 2)
    g.objects["late"].controller = "B"   # a creature that comes under B's control later is not in the set
    from judge_app.engine import events as ev
    ev.put_in_zone(g, g.objects["late"], "battlefield", controller="B")
    assert ch.pt(g, g.objects["late"]) == (2, 2)


def test_control_change_makes_it_summoning_sick_and_returns():
    g = game([{"name": "A", "hand": ["Act of Treason"], "library": 3,
               "battlefield": [{"card": "Mountain", "id": f"m{i}"} for i in range(3)]},
              {"name": "B", "library": 3, "battlefield": [{"card": "Grizzly Bears", "id": "bears"}]}])
    assert not g.objects["bears"].sick
    actions.cast(g, g.player("A"), "Act of Treason", targets=["bears"])
    actions.pass_priority(g)
    actions.pass_priority(g)
    b = g.objects["bears"]
    assert b.controller == "A" and b.sick and ch.has_keyword(g, b, "haste")
    while g.turn == 3:
        if g.decision:
            actions.choose(g, "none")
        else:
            actions.pass_priority(g)
    assert g.objects["bears"].controller == "B"


def test_computed_once_per_state():
    g = game([{"name": "A", "battlefield": [{"card": "Glorious Anthem"}, {"card": "Humility"}]
               + [{"card": "Grizzly Bears", "id": f"b{i}"} for i in range(5)]}, {"name": "B"}])
    before = dict(layers.COUNTS)
    for _ in range(50):
        for i in range(5):
            ch.pt(g, g.objects[f"b{i}"])
            ch.keyword_names(g, g.objects[f"b{i}"])
    assert layers.COUNTS["computed"] == before["computed"]
    assert layers.COUNTS["asked"] > before["asked"] + 400
    from judge_app.engine import events as ev
    ev.add_counters(g, g.objects["b0"], "+1/+1", 1)   # a change that matters: computed again, once
    assert ch.pt(g, g.objects["b0"]) == (3, 3)
    ch.pt(g, g.objects["b1"])
    assert layers.COUNTS["computed"] == before["computed"] + 1
    assert layers.state_key(g.clone()) == layers.state_key(g)


def test_copy_takes_copiable_values_at_that_moment():
    g = game([{"name": "A", "battlefield": [{"card": "Grizzly Bears", "id": "bears", "counters": {"+1/+1": 2}},
                                            {"card": "Clone", "id": "c", "chosen": {"copy": "bears"}}]}, {"name": "B"}])
    assert ch.pt(g, g.objects["c"]) == (2, 2) and g.objects["c"].name_en == "Grizzly Bears"
    assert g.objects["c"].counters == {}
    assert {"613.1a", "706.2"} <= set(rules(g, "c"))


def _load(tmp_path, text):
    p = tmp_path / "s.yaml"
    p.write_text(textwrap.dedent(text), encoding="utf-8")
    with pytest.raises(loader.ScenarioInvalid) as exc:
        loader.load(p)
    return [str(i) for i in exc.value.issues]


def test_unimplemented_effect_refused_naming_it(tmp_path):
    msgs = _load(tmp_path, """
        players:
          - name: A
            battlefield:
              - {id: x, permanent: {name: Магическое зеркало, types: [enchantment], abilities: [{static: text_change}]}}
          - name: B
        """)
    assert any("text_change" in m and "не реализует" in m for m in msgs), msgs


def test_missing_as_enters_choice_refused_naming_the_card(tmp_path):
    msgs = _load(tmp_path, """
        players:
          - name: A
            battlefield: [{card: Conspiracy, id: c}, {card: Grizzly Bears, id: k, chosen: {color: red}}]
          - name: B
        """)
    assert any("Заговор" in m and "chosen" in m for m in msgs), msgs
    assert any("chosen.color" in m for m in msgs), msgs
