"""The one 613 computation (layers.py): dependency, the 613.7b loop fallback, 611.2c,
control and summoning sickness, the cache (once per game state), and refusals."""

import textwrap

import pytest

from judge_app.cards import default_pool
from judge_app.engine.rules import actions, setup
from judge_app.engine.kernel import characteristics as ch, layers
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
    from judge_app.engine.kernel import events as ev
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
    from judge_app.engine.kernel import events as ev
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


def test_what_an_effect_does_is_a_dependency_613_7a():
    """Confiscate on Mind Control: Mind Control's "you control" now means Bob, so Mind Control's
    effect waits for Confiscate's although it is older; by timestamps Alice would keep the bears."""
    g = game([{"name": "A", "battlefield": [{"card": "Mind Control", "id": "mc", "attached_to": "bears"}]},
              {"name": "B", "battlefield": [{"card": "Grizzly Bears", "id": "bears"},
                                            {"card": "Confiscate", "id": "conf", "attached_to": "mc"}]}])
    assert g.objects["mc"].timestamp < g.objects["conf"].timestamp
    assert (g.objects["mc"].controller, g.objects["bears"].controller) == ("B", "B")
    assert {"613.7a", "613.7b"} <= set(rules(g, "bears"))
    # the same two Auras where nothing reads what the other changes: no dependency, no wait
    g2 = game([{"name": "A", "battlefield": [{"card": "Mind Control", "id": "mc", "attached_to": "bears"}]},
               {"name": "B", "battlefield": [{"card": "Grizzly Bears", "id": "bears"}, {"card": "Grizzly Bears", "id": "k"},
                                             {"card": "Confiscate", "id": "conf", "attached_to": "k"}]}])
    assert g2.objects["bears"].controller == "A" and "613.7b" not in rules(g2, "bears")


def test_replays_of_a_scenario_share_its_computed_states(tmp_path):
    from judge_app.scenarios import runner
    p = tmp_path / "s.yaml"
    p.write_text(textwrap.dedent("""
        players:
          - name: A
            battlefield: [{card: Glorious Anthem}, {card: Grizzly Bears, id: bears}, {card: Forest, id: f}]
            hand: [Giant Growth]
          - name: B
        turn: {number: 3, active: A, step: main1}
        script:
          - cast: {card: Giant Growth, targets: [bears], pay: [f]}
          - pass_until: end_of_turn
        expect:
          - pt: {bears: 3/3}
        """), encoding="utf-8")
    sc = loader.load(p)
    first = dict(layers.COUNTS)
    res = runner.run(sc)
    assert res.passed, res.failures
    cold = layers.COUNTS["computed"] - first["computed"]
    assert cold > 2
    again = dict(layers.COUNTS)
    for n in range(1, len(res.game.events) + 1):
        game_n, _ = runner.state_at(sc, n)
    assert layers.COUNTS["computed"] == again["computed"]   # every state was met in the first run
    assert ch.pt(game_n, game_n.objects["bears"]) == (3, 3)
    fresh = loader.load(p)   # another load of the file starts its own memo
    runner.run(fresh)
    assert layers.COUNTS["computed"] - again["computed"] == cold


@pytest.mark.parametrize("card, message", [
    ("enchant: land\n  abilities: [{static: enchanted, pt: [1, 1]}]", "не умеет «зачаровать» 'land'"),
    ("abilities: [{static: control_enchanted}]", "только у Ауры"),
])
def test_aura_the_engine_cannot_check_refused(tmp_path, card, message):
    from judge_app.cards.model import CardDataError, load_pool
    (tmp_path / "c.yaml").write_text(f"- name_ru: Проба\n  name_en: Probe\n  cost: '{{U}}'\n  types: [enchantment]\n"
                                     f"  subtypes: [Aura]\n  {card}\n", encoding="utf-8")
    with pytest.raises(CardDataError, match="Проба") as exc:
        load_pool(tmp_path)
    assert message in str(exc.value)


def test_svogthos_613_5_example_4_step_by_step():
    """4/4 after the 3/3 effect and the pump; 11/11 after Svogthos's own effect (its 7b is
    newer); 12/12 once another creature card reaches the graveyard (counted in each state)."""
    from pathlib import Path
    from judge_app.scenarios import runner
    sc = loader.load(Path(__file__).resolve().parents[2] / "scenarios/layers/cr/613-5-svogthos.yaml")
    res = runner.run(sc)
    assert res.passed, res.failures
    effects = [e.index for e in res.game.events if e.kind == "effect"]
    seen = []
    for n in effects:
        g, _ = runner.state_at(sc, n)
        seen.append(ch.pt(g, g.objects["svogthos"]))
    assert seen == [(3, 3), (4, 4), (11, 11)]
    assert ch.pt(res.game, res.game.objects["svogthos"]) == (12, 12)


def test_face_down_is_2_2_nameless_and_turns_face_up_with_its_morph_cost():
    """707.2a values while face down (also what a copy of it gets, 706.2); turned face up for
    the morph cost it would have face up (702.36e), it is itself again (707.8)."""
    from judge_app.engine.rules import face_down
    from judge_app.engine.kernel.errors import Refused
    demon = {"id": "demon", "face_down": True, "creature": {"name": "Grinning Demon", "power": 6, "toughness": 6,
             "colors": ["black"], "subtypes": ["Demon"], "abilities": [{"morph": "{B}"}]}}
    g = game([{"name": "A", "battlefield": [demon, {"card": "Swamp", "id": "s"},
                                            {"card": "Clone", "id": "clone", "chosen": {"copy": "demon"}}]},
              {"name": "B"}])
    d = g.objects["demon"]
    assert (ch.pt(g, d), d.name_ru, d.colors, d.subtypes) == ((2, 2), "", (), ())
    assert "707.2a" in rules(g, "demon")
    assert ch.pt(g, g.objects["clone"]) == (2, 2) and g.objects["clone"].name_ru == ""
    with pytest.raises(Refused) as exc:   # the Clone is face up: nothing to turn
        face_down.turn_face_up(g, g.player("A"), "clone", pay=["s"])
    assert "702.36e" in exc.value.rules
    face_down.turn_face_up(g, g.player("A"), "demon", pay=["s"])
    d = g.objects["demon"]   # the refusal restored the game from its copy: new objects
    assert (ch.pt(g, d), d.name_ru, d.colors) == ((6, 6), "Grinning Demon", ("black",))
    assert g.objects["s"].tapped and g.events[-1].kind == "turn_face_up"
    assert ch.pt(g, g.objects["clone"]) == (2, 2)   # its copy was taken as it entered (706.2b)


def test_vesuvan_doppelganger_keeps_its_colour_and_its_ability_through_copies():
    """706.3 example 1 and 706.9a: the exceptions are copiable values — a Clone of the
    Doppelganger is blue and has the upkeep ability; after that ability the Doppelganger
    copies another creature and still has it (gain_this), not re-entering (706.4)."""
    from pathlib import Path
    from judge_app.scenarios import runner
    root = Path(__file__).resolve().parents[2] / "scenarios/copy"
    res = runner.run(loader.load(root / "cr-706-3-vesuvan-doppelganger.yaml"))
    assert res.passed, res.failures
    clone = res.game.objects["clone"]
    assert clone.name_ru == "Runeclaw Bear" and any(a.get("trigger") == "upkeep_yours" for a in clone.abilities)
    res = runner.run(loader.load(root / "vesuvan-doppelganger-upkeep.yaml"))
    assert res.passed, res.failures
    dopp = res.game.objects["dopp"]
    assert dopp.name_ru == "Ллановарские эльфы" and {"mana": "G"} in dopp.abilities
    assert [a.get("trigger") for a in dopp.abilities if "trigger" in a] == ["upkeep_yours"]
    assert not any(e.kind == "enter" and "dopp" in e.objects for e in res.game.events)


def test_flipped_copy_of_an_unflipped_flip_card_is_its_flipped_half():
    from pathlib import Path
    from judge_app.scenarios import runner
    res = runner.run(loader.load(Path(__file__).resolve().parents[2] / "scenarios/copy/cr-706-3-flip-tomoya.yaml"))
    assert res.passed, res.failures
    t, n = res.game.objects["tomoya"], res.game.objects["nezumi"]
    assert (t.name_ru, n.name_ru) == ("Stabwhisker the Odious", "Nezumi Shortfang")
    g0, _ = runner.state_at(res.scenario, 0)   # before the copy: Tomoya, the flipped Jushi Apprentice
    assert (g0.objects["tomoya"].name_ru, ch.pt(g0, g0.objects["tomoya"])) == ("Tomoya the Revealer", (2, 3))


@pytest.mark.parametrize("abilities,message", [
    ("[{trigger: etb, effects: [{become_copy: that_creature, to: self}]}]", "that_creature"),
    ("[{trigger: another_creature_etb, effects: [{damage: 1, to: that_creature}]}]", "that_creature"),
    ("[{trigger: upkeep_yours, effects: [{fade: target1}]}]", "fade"),
    ("[{mana: purple}]", "chosen"),
    ("[{activated: {cost: {mana: '{1}'}, effects: [{gain_life: 1, if_spent: Q}]}}]", "if_spent"),
    ("[{activated: {cost: {mana: '{1}'}, effects: [{draw: 1, copy_colors: [red]}]}}]", "copy_colors"),
])
def test_copy_vocabulary_misuse_refused_naming_it(tmp_path, abilities, message):
    msgs = _load(tmp_path, f"""
        players:
          - name: A
            battlefield:
              - {{id: x, creature: {{name: Перевёртыш, power: 1, toughness: 1, abilities: {abilities}}}}}
          - name: B
        """)
    assert any(message in m for m in msgs), msgs


def test_a_choice_is_linked_to_the_abilities_it_was_made_for_706_7a():
    """The Doppelganger chose blue as a copy of Voice of All; after it became a copy of Quirion
    Elves the choice is still recorded but no longer linked: no colour for the Elves' mana ability,
    while the real Voice of All keeps its protection from the colour chosen for it."""
    from pathlib import Path
    from judge_app.engine.kernel import continuous
    from judge_app.scenarios import runner
    root = Path(__file__).resolve().parents[2] / "scenarios/copy/cr"
    res = runner.run(loader.load(root / "706-7a-vesuvan-voice-then-quirion.yaml"))
    assert res.passed, res.failures
    g = res.game
    dopp, voice = g.objects["dopp"], g.objects["voice"]
    assert dopp.chosen["color"] == "blue" and "color" not in continuous.chosen_of(g, dopp)
    assert not any(isinstance(k, dict) and "protection" in k for k in dopp.keywords)
    assert {"protection": {"from": ["red"]}} in voice.keywords
    assert continuous.choice_linked(g, voice)


def test_altered_ego_copy_of_a_clone_chooses_again_and_loses_its_counters_706_9e():
    from pathlib import Path
    from judge_app.scenarios import runner
    root = Path(__file__).resolve().parents[2] / "scenarios/copy"
    res = runner.run(loader.load(root / "cr/706-9e-altered-ego-copies-clone.yaml"))
    assert res.passed, res.failures
    ego = res.game.objects["ego"]
    assert ego.chosen == {"copy": "clone", "copy2": "bears"} and not ego.counters.get("+1/+1")
    assert [st["layer"] for st in ch.explain(res.game, ego)].count("1") == 2   # both copy effects, in order
    res = runner.run(loader.load(root / "altered-ego-x-counters.yaml"))
    assert res.passed and res.game.objects["ego"].counters["+1/+1"] == 2
