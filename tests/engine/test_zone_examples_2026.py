"""The zone and control mechanisms added for the 2026 examples of 701.12, 701.23, 701.24 and
701.67 (issue 29), driven through the engine on the real pool: the edges the example scenarios
in scenarios/releases/ do not show."""

from __future__ import annotations

import pytest

from engine_boards import build_game
from judge_app.cards.model import CardDataError, card_from_dict
from judge_app.engine.rules import actions

SWITCH = """
players:
  - name: Алиса
    hand: [{card: Подмена, id: switch}]
    battlefield:
      - id: bears
        creature: {name: Медведи, power: 2, toughness: 2}
      - id: wolf
        creature: {name: Волк, power: 2, toughness: 2}
      - {card: Остров, id: i1}
      - {card: Остров, id: i2}
      - {card: Остров, id: i3}
      - {card: Остров, id: i4}
      - {card: Остров, id: i5}
  - name: Боб
    battlefield:
      - id: ogre
        creature: {name: Огр, power: 3, toughness: 3}
turn: {number: 3, active: Алиса, step: main1}
rules_version: 2026-01-16
"""


def _cast_and_resolve(game, card: str, targets: list) -> None:
    actions.cast(game, game.player("Алиса"), card, targets=targets)
    while game.stack:
        actions.pass_priority(game)


def test_exchange_of_two_legal_targets_gives_each_the_others_creature_for_good():
    game = build_game(SWITCH)
    _cast_and_resolve(game, "switch", ["bears", "ogre"])
    assert game.objects["bears"].controller == "Боб" and game.objects["ogre"].controller == "Алиса"
    done = next(e for e in game.events if e.message == "exchange_control.done")
    assert {"701.12a", "701.12b", "613.1b"} <= set(done.rules)
    made = [x for x in game.effects if x.get("kind") == "control"]
    assert len(made) == 2 and not any("until" in x for x in made)   # no duration: the cleanup ends nothing (611.2a)
    assert made[0]["timestamp"] == made[1]["timestamp"]              # at once (701.12b)
    assert game.objects["ogre"].controller == "Алиса"


def test_two_creatures_of_one_controller_are_not_exchanged():
    game = build_game(SWITCH)
    _cast_and_resolve(game, "switch", ["bears", "wolf"])
    assert game.objects["bears"].controller == game.objects["wolf"].controller == "Алиса"
    assert any(e.message == "exchange_control.same_controller" and "701.12b" in e.rules for e in game.events)


def test_the_exchange_needs_exactly_two_targets():
    with pytest.raises(CardDataError, match="exchange_control"):
        card_from_dict({"name_ru": "Х", "name_en": "X", "cost": "{U}", "types": ["sorcery"], "targets": ["creature"],
                        "effects": [{"exchange_control": ["target1"]}]}, "x")


def _run(board: str):
    """A board with a script, played by the scenario runner (its result: ``game``, ``failures``)."""
    from judge_app.cards.model import default_pool
    from judge_app.scenarios import loader, runner
    sc = loader.from_data(loader.parse_text(board, "t.yaml"), "t.yaml", default_pool())
    res = runner.run(sc)
    return res


GUILE = """
players:
  - name: Алиса
    library: 3
    {where}:
      - id: guile
        creature:
          name: Гайл
          power: 6
          toughness: 6
          abilities: [{{trigger: put_into_graveyard, effects: [{{shuffle_self_into_library: true}}]}}]
  - name: Боб
turn: {{number: 4, active: Боб, step: main1}}
stack:
  - {stack}
script:
  - pass_until: stack_empty
expect:
  - zone: {{guile: library}}
  - library_size: {{Алиса: 4}}
  - fired: [{fired}]
rules_version: {version}
"""


@pytest.mark.parametrize("where, stack, version, fired", [
    ("hand", "{spell: Гимн Турашу, id: hymn, by: Боб, targets: [Алиса]}", "2026-01-16", "400.7e, 701.24a, 701.24c"),
    ("battlefield", "{spell: Молния, id: bolt, by: Боб, targets: [guile]}", "2026-01-16", "400.7e, 701.24c"),
    ("hand", "{spell: Гимн Турашу, id: hymn, by: Боб, targets: [Алиса]}", "2020-01-24", "400.7d, 701.19a, 701.19c"),
])
def test_a_card_put_into_a_graveyard_from_anywhere_is_found_there_and_shuffled_in(where, stack, version, fired):
    board = GUILE.format(where=where, stack=stack, version=version, fired=fired)
    if where == "battlefield":   # Bolt deals 3: the 6/6 needs lethal damage, so it is a 3/3 here
        board = board.replace("power: 6\n          toughness: 6", "power: 3\n          toughness: 3")
    res = _run(board)
    assert res.passed, res.failures


ZOMBIE = """
players:
  - name: Алиса
    library: 4
    battlefield:
      - {card: Darksteel Colossus, id: colossus}
      - {card: Gravebane Zombie, id: zombie}
  - name: Боб
turn: {number: 4, active: Боб, step: main1}
stack:
  - ability: {name: Слабость, effects: [{pump: [-11, -11], to: creatures_of_target1}], targets: [player]}
    id: weaken
    by: Боб
    targets: [Алиса]
script:
  - pass_until: stack_empty
expect:
  - library_top: {Алиса: [zombie]}
  - library_size: {Алиса: 6}
  - fired: [701.19a]
rules_version: 2020-01-24
"""


def test_under_2020_the_zombie_stays_on_top_too_but_701_24g_is_not_cited():
    """2020 has no 701.24g: the same board plays the same and cites only the shuffle (701.19a)."""
    res = _run(ZOMBIE)
    assert res.passed, res.failures
    rules = [r for e in res.game.events for r in e.rules]
    assert "701.19a" in rules and not any(r.startswith("701.24") for r in rules)


def test_library_top_fails_when_the_card_is_not_on_top():
    res = _run(ZOMBIE.replace("library_top: {Алиса: [zombie]}", "library_top: {Алиса: [colossus]}"))
    assert not res.passed and any("library_top" in m for _, m in res.failures)


def test_library_top_is_checked_by_the_loader_with_its_line():
    from judge_app.scenarios import loader
    from judge_app.cards.model import default_pool
    bad = ZOMBIE.replace("library_top: {Алиса: [zombie]}", "library_top: {Алиса: zombie}")
    with pytest.raises(loader.ScenarioInvalid) as err:
        loader.from_data(loader.parse_text(bad, "t.yaml"), "t.yaml", default_pool())
    line = bad.splitlines().index("  - library_top: {Алиса: zombie}") + 1
    assert f"t.yaml:{line}: expect[0].library_top.Алиса" in str(err.value)


SHAMAN = """
players:
  - name: Алиса
    hand: [{card: Loaming Shaman, id: shaman}]
    graveyard: [{card: Шок, id: shock}]
    battlefield:
      - {card: Лес, id: f1}
      - {card: Лес, id: f2}
      - {card: Лес, id: f3}
  - name: Боб
    library: 4
    graveyard:
      - {card: Молния, id: bolt}
      - {card: Гора, id: mountain}
turn: {number: 4, active: Алиса, step: main1}
rules_version: 2026-01-16
"""


def _shaman_trigger(game):
    from judge_app.engine.kernel.errors import InvalidInput
    actions.cast(game, game.player("Алиса"), "shaman", pay=["f1", "f2", "f3"])
    while game.decision is None:
        actions.pass_priority(game)
    assert game.decision.kind == "graveyard_targets"
    return InvalidInput


def test_targeted_graveyard_cards_are_shuffled_in_and_a_card_of_another_graveyard_is_refused():
    game = build_game(SHAMAN)
    invalid = _shaman_trigger(game)
    for bad in (["Боб", "shock"], ["bolt"], ["Боб", "bolt", "bolt"]):
        with pytest.raises(invalid):
            actions.choose(game, bad)
    actions.choose(game, ["Боб", "bolt", "mountain"])
    while game.stack:
        actions.pass_priority(game)
    bob = game.player("Боб")
    assert len(bob.library) == 6 and not bob.graveyard
    assert game.objects["shock"].zone == "graveyard"
    assert not any(e.message == "graveyard_shuffle_targets.none" for e in game.events)


def test_the_loaming_ability_needs_its_player_target_and_its_effect():
    with pytest.raises(CardDataError, match="any_number_of"):
        card_from_dict({"name_ru": "Х", "name_en": "X", "cost": "{G}", "types": ["creature"], "power": 1, "toughness": 1,
                        "abilities": [{"trigger": "etb", "targets": ["creature"], "any_number_of": "card_in_target1_graveyard",
                                       "effects": [{"shuffle_targets_into_library": "target1"}]}]}, "x")


LOBOTOMY = """
players:
  - name: Алиса
    hand: [{card: Lobotomy, id: lobotomy}]
    battlefield:
      - {card: Остров, id: i1}
      - {card: Болото, id: s1}
      - {card: Болото, id: s2}
      - {card: Болото, id: s3}
  - name: Боб
    hand: [{card: Молния, id: bolt1}, {card: Гора, id: mountain}]
    graveyard: [{card: Молния, id: bolt2}]
    library: [{card: Молния, id: bolt3}, {unknown: 3}]
turn: {number: 4, active: Алиса, step: main1}
rules_version: 2026-01-16
"""


def test_lobotomy_exiles_the_chosen_name_from_the_graveyard_and_what_is_found_in_hidden_zones():
    from judge_app.engine.kernel.errors import InvalidInput
    game = build_game(LOBOTOMY)
    actions.cast(game, game.player("Алиса"), "lobotomy", targets=["Боб"], pay=["i1", "s1", "s2", "s3"])
    while game.decision is None:
        actions.pass_priority(game)
    assert game.decision.kind == "namesake_card" and game.decision.options == ["bolt1"]   # not the basic land
    with pytest.raises(InvalidInput):
        actions.choose(game, "mountain")
    actions.choose(game, "bolt1")
    assert game.decision.kind == "namesake_search" and set(game.decision.options) == {"bolt1", "bolt3", "none"}
    actions.choose(game, ["bolt1"])   # the one in the library is not found (701.23b)
    while game.stack:
        actions.pass_priority(game)
    z = {k: game.objects[k].zone for k in ("bolt1", "bolt2", "bolt3", "mountain")}
    assert z == {"bolt1": "exile", "bolt2": "exile", "bolt3": "library", "mountain": "hand"}


def test_a_player_who_does_not_search_does_not_shuffle_and_mindcensor_spares_its_controller():
    board = open("scenarios/releases/cr-2026-701-23f-mindcensor-veteran-explorer.yaml", encoding="utf-8").read()
    board = board.replace("  - choose: [plains]                    # Боб (APNAP first) searches his whole library",
                          "  - choose: \"no\"                        # Боб does not search")
    board = board.split("expect:")[0] + """expect:
  - zone: {plains: library, forest1: battlefield, forest2: battlefield, forest3: library}
  - library_size: {Алиса: 5, Боб: 6}
"""
    res = _run(board)
    assert res.passed, res.failures
    shuffled = [e.objects[0] for e in res.game.events if e.kind == "shuffle"]
    assert shuffled == ["Алиса"]


def _revival_board(version: str = "2026-01-16") -> str:
    board = open("scenarios/releases/cr-2026-701-67b-spirit-water-revival.yaml", encoding="utf-8").read()
    return board.split("script:")[0].replace("rules_version: 2026-01-16", f"rules_version: {version}")


def test_waterbend_under_2020_is_a_loader_error_naming_the_release_and_the_line():
    from judge_app.cards.model import default_pool
    from judge_app.scenarios import loader
    text = _revival_board("2020-01-24")
    with pytest.raises(loader.ScenarioInvalid) as err:
        loader.from_data(loader.parse_text(text, "t.yaml"), "t.yaml", default_pool())
    line = text.splitlines().index("    hand: [{card: Spirit Water Revival, id: revival}]") + 1
    msg = str(err.value)
    assert f"t.yaml:{line}:" in msg and "2020-01-24" in msg and "2026-01-16" in msg and "701.67a" in msg


def test_waterbend_is_offered_when_the_creatures_make_it_payable_and_declining_draws_two():
    game = build_game(_revival_board())
    actions.cast(game, game.player("Алиса"), "revival", pay=["i1", "i2", "i3"])
    assert game.decision is not None and game.decision.kind == "optional_cost"   # 3 Islands alone can't pay {7}{U}{U}
    actions.choose(game, "no")
    while game.stack:
        actions.pass_priority(game)
    alice = game.player("Алиса")
    assert len(alice.hand) == 2 and game.objects["bolt"].zone == "graveyard" and alice.max_hand == 7
    assert not game.objects["c1"].tapped and game.objects["revival"].zone == "exile"


def test_tapping_for_waterbend_without_paying_it_is_refused():
    from judge_app.engine.kernel.errors import Refused
    game = build_game(_revival_board())
    with pytest.raises(Refused):
        actions.cast(game, game.player("Алиса"), "revival", waterbend=False, waterbend_tap=["c1"], pay=["i1", "i2", "i3"])
    assert game.objects["revival"].zone == "hand" and not game.objects["c1"].tapped


def test_black_suns_zenith_without_flashback_is_shuffled_into_the_library():
    board = open("scenarios/releases/cr-2026-701-24c-black-suns-zenith-flashback.yaml", encoding="utf-8").read()
    board = board.replace(", flashback: true}", "}").split("expect:")[0] + """expect:
  - zone: {zenith: library}
  - library_size: {Алиса: 6}
  - not_fired: [702.34a]
"""
    res = _run(board)
    assert res.passed, res.failures


def test_flashback_on_the_stack_is_only_for_an_instant_or_sorcery_spell():
    from judge_app.cards.model import default_pool
    from judge_app.scenarios import loader
    board = open("scenarios/releases/cr-2026-701-24c-black-suns-zenith-flashback.yaml", encoding="utf-8").read()
    bad = board.replace("{spell: Black Sun's Zenith, id: zenith, by: Алиса, x: 1, flashback: true}",
                        "{spell: Black Sun's Zenith, id: zenith, by: Алиса, x: 1, flashback: yes please}")
    with pytest.raises(loader.ScenarioInvalid, match="flashback"):
        loader.from_data(loader.parse_text(bad, "t.yaml"), "t.yaml", default_pool())
