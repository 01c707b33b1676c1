"""The engine pieces of FAQ M2011 group faqg (issue 11): additional combat phases (extra_phases.py,
500.8, 505.1a), "untap all creatures that attacked this turn", "cast spells as though they had
flash" (Leyline of Anticipation) — driven through the engine on the real pool, with the loader's
refusals of what the engine does not do."""

from __future__ import annotations

import pytest

from engine_boards import build_game
from judge_app.cards.model import CardDataError, card_from_dict
from judge_app.engine.rules import actions, combat
from judge_app.engine.kernel.errors import InvalidInput, Refused

BASE = {"name_ru": "Тест", "name_en": "Test", "cost": "{1}", "types": ["sorcery"], "text_ru": "т", "text_en": "t"}


@pytest.mark.parametrize("bad", [
    {"effects": [{"additional_combat_phase": 2}]},
    {"effects": [{"additional_combat_phase": True, "to": "target1"}]},
    {"effects": [{"untap_attacked_this_turn": "yes"}]},
])
def test_loader_refuses_what_the_engine_does_not_do(bad):
    with pytest.raises(CardDataError, match="additional_combat_phase|untap_attacked_this_turn"):
        card_from_dict({**BASE, **bad}, "t.yaml")


def _run_turn(g, until_turn: int) -> None:
    """Pass (declaring no attackers or only the required ones) until turn ``until_turn`` begins."""
    for _ in range(400):
        if g.turn >= until_turn or g.result:
            return
        if combat.decline_declarations(g):
            continue
        actions.pass_priority(g)
    raise AssertionError("the turn never ended")


def _resolve_all(g):
    while g.stack:
        actions.pass_priority(g)


def _assault(g, card: str, pay: list) -> None:
    """Alice casts a Relentless Assault and it resolves."""
    actions.cast(g, g.player("Алиса"), card, pay=pay)
    _resolve_all(g)


BOARD = """
players:
  - name: Алиса
    hand:
      - {card: Безжалостный Натиск, id: a1}
      - {card: Безжалостный Натиск, id: a2}
    battlefield:
      - {card: Медведи-гризли, id: bears}
      - {card: Медведи-гризли, id: tapped_bears, tapped: true}
""" + "".join(f"      - {{card: Гора, id: m{i}}}\n" for i in range(1, 9)) + """
  - name: Боб
    library: 5
turn: {number: 3, active: Алиса, step: main1}
"""

COMBAT = ["An additional combat phase begins", "The beginning of combat step begins",
          "The declare attackers step begins", "The end of combat step begins"]
ADDED_MAIN = ["An additional main phase begins (a postcombat main phase)", "The postcombat main phase begins"]


def _this_turn(g, start: int) -> list:
    """The steps begun from event ``start`` up to the end step of that turn."""
    steps = [e.text_en for e in g.events[start:] if e.kind in ("step", "extra_phase")]
    return steps[:steps.index("The end step begins") + 1]


def test_added_in_the_first_main_phase_the_pair_comes_before_the_regular_combat():
    g = build_game(BOARD)
    start = len(g.events)
    _assault(g, "a1", ["m1", "m2", "m3", "m4"])
    _run_turn(g, 4)
    # 500.8: the added pair directly after the first main phase, then the turn goes on where it left off
    assert _this_turn(g, start) == COMBAT + ADDED_MAIN + COMBAT[1:] + ["The postcombat main phase begins",
                                                                        "The end step begins"]


def test_two_pairs_after_the_same_main_phase():
    g = build_game(BOARD)
    start = len(g.events)
    _assault(g, "a1", ["m1", "m2", "m3", "m4"])
    _assault(g, "a2", ["m5", "m6", "m7", "m8"])
    _run_turn(g, 4)
    assert _this_turn(g, start) == 2 * (COMBAT + ADDED_MAIN) + COMBAT[1:] + ["The postcombat main phase begins",
                                                                              "The end step begins"]


def test_a_pair_added_during_an_additional_main_phase_comes_after_it():
    g = build_game(BOARD)
    start = len(g.events)
    _assault(g, "a1", ["m1", "m2", "m3", "m4"])
    for _ in range(60):   # to the additional main phase (a postcombat main phase, 505.1a)
        if g.step == "main2" and g.priority is not None:
            break
        combat.decline_declarations(g) or actions.pass_priority(g)
    _assault(g, "a2", ["m5", "m6", "m7", "m8"])
    _run_turn(g, 4)
    assert _this_turn(g, start) == 2 * (COMBAT + ADDED_MAIN) + COMBAT[1:] + ["The postcombat main phase begins",
                                                                              "The end step begins"]


def test_added_in_the_second_main_phase_the_turn_goes_on_to_the_end_step():
    g = build_game(BOARD, step="main2")
    start = len(g.events)
    _assault(g, "a1", ["m1", "m2", "m3", "m4"])
    _run_turn(g, 4)
    assert _this_turn(g, start) == COMBAT + ADDED_MAIN + ["The end step begins"]


def test_outside_a_main_phase_no_phase_is_added():
    g = build_game(BOARD, step="end")
    from judge_app.engine.rules import extra_phases
    from judge_app.engine.rules.effects import Resolving
    so = g.objects["a1"]
    extra_phases.run(g, so, {"additional_combat_phase": True}, Resolving(0, None, [], {"name_ru": "Натиск"}, "Алиса"))
    assert not [e for e in g.effects if e.get("kind") == extra_phases.KIND]


def test_untaps_only_the_creatures_that_attacked_this_turn():
    g = build_game(BOARD, step="declare_attackers")
    combat.answer(g, {"bears": "Боб"})
    for _ in range(40):
        if g.step == "main2" and g.priority is not None:
            break
        combat.decline_declarations(g) or actions.pass_priority(g)
    assert g.objects["bears"].tapped and g.objects["tapped_bears"].tapped
    _assault(g, "a1", ["m1", "m2", "m3", "m4"])
    assert not g.objects["bears"].tapped          # it attacked this turn
    assert g.objects["tapped_bears"].tapped       # it did not


def test_the_requirement_binds_again_in_the_added_combat():
    g = build_game(BOARD.replace("Медведи-гризли, id: bears}", "Джаггернаут, id: bears}"), step="main2")
    _assault(g, "a1", ["m1", "m2", "m3", "m4"])
    for _ in range(20):
        if g.decision is not None:
            break
        actions.pass_priority(g)
    assert g.decision.kind == "declare_attackers"
    with pytest.raises(Refused, match="508.1d|атак"):
        combat.answer(g, "none")


LEYLINE = """
players:
  - name: Алиса
    hand:
      - {card: Раздвоенная Молния, id: bolt}
    battlefield:
      - {card: Лучи Предвкушения, id: leyline}
      - {card: Гора, id: m1}
  - name: Боб
    hand:
      - {card: Раздвоенная Молния, id: bob_bolt}
    battlefield:
      - {card: Гора, id: m2}
turn: {number: 4, active: Боб, step: upkeep}
"""


def _give_priority_to(g, name):
    for _ in range(10):
        if g.priority_player is not None and g.priority_player.name == name:
            return
        actions.pass_priority(g)
    raise AssertionError(name)


def test_leyline_of_anticipation_lets_its_controller_cast_a_sorcery_in_an_opponents_upkeep():
    g = build_game(LEYLINE, step="upkeep")
    _give_priority_to(g, "Алиса")
    assert actions.can_cast_now(g, g.player("Алиса"), g.objects["bolt"])
    actions.cast(g, g.player("Алиса"), "bolt", targets=["Боб"], pay=["m1"])
    assert g.stack == ["bolt"]
    assert any("702.8a" in e.rules for e in g.events)   # cast as though it had flash


def test_leyline_of_anticipation_does_not_help_its_controllers_opponent():
    g = build_game(LEYLINE, step="upkeep")
    assert g.priority_player.name == "Боб"
    assert not actions.can_cast_now(g, g.player("Боб"), g.objects["bob_bolt"])
    with pytest.raises(Refused):
        actions.cast(g, g.player("Боб"), "bob_bolt", targets=["Алиса"], pay=["m2"])


def test_without_the_leyline_a_sorcery_waits_for_a_main_phase():
    g = build_game(LEYLINE.replace("      - {card: Лучи Предвкушения, id: leyline}\n", ""), step="upkeep")
    _give_priority_to(g, "Алиса")
    assert not actions.can_cast_now(g, g.player("Алиса"), g.objects["bolt"])


# -- the start of the game (opening_hand.py, 103.5) --------------------------------------------

START = """
rules_version: 2020-01-24
players:
  - name: Алиса
    hand:
      - {card: Лучи Наказания, id: a_punish}
      - {card: Лучи Пустоты, id: a_void}
      - {card: Гора, id: a_land}
    library: 5
  - name: Боб
    hand:
      - {card: Гора, id: b_land}
    library: 5
  - name: Вера
    hand:
      - {card: Лучи Жизнеспособности, id: v_vit}
    library: 5
turn: {number: 1, active: Вера, step: start_of_game}
"""


def test_the_starting_player_chooses_first_then_the_others_in_turn_order_skipping_those_without():
    g = build_game(START, step="start_of_game")
    assert (g.decision.kind, g.decision.by, g.decision.options) == ("opening_hand", "Вера", ["v_vit"])
    assert g.priority is None and g.turn == 1
    actions.choose(g, ["v_vit"])
    # Алиса comes after Вера (turn order wraps around); Боб has no Leyline and is not asked
    assert (g.decision.by, sorted(g.decision.options)) == ("Алиса", ["a_punish", "a_void"])
    assert not [e for e in g.events if e.kind == "turn"]   # the first turn has not begun yet (103.7)
    actions.choose(g, ["a_void"])
    assert g.objects["v_vit"].zone == "battlefield" and g.objects["a_void"].zone == "battlefield"
    assert g.objects["a_punish"].zone == "hand"   # "all or some of them"
    assert g.objects["a_void"].controller == "Алиса"
    assert g.decision is None and g.ap.name == "Вера" and g.step == "upkeep"
    assert not g.stack and not any(e.kind.startswith("cast") for e in g.events)   # not cast (103.5a)


def test_a_wrong_answer_is_refused_and_names_the_legal_ones():
    g = build_game(START, step="start_of_game")
    with pytest.raises(InvalidInput, match="v_vit"):
        actions.choose(g, ["a_punish"])   # Алиса's card, but Вера is choosing
    with pytest.raises(InvalidInput, match="один раз"):
        actions.choose(g, ["v_vit", "v_vit"])
    assert g.decision.by == "Вера"
    actions.choose(g, [])   # none
    assert g.objects["v_vit"].zone == "hand" and g.decision.by == "Алиса"


def test_nobody_with_a_leyline_the_first_turn_begins_at_once():
    g = build_game(START.replace("Лучи Жизнеспособности", "Лес").replace("Лучи Наказания", "Гора")
                   .replace("Лучи Пустоты", "Гора"), step="start_of_game")
    assert g.decision is None and g.step == "upkeep" and g.turn == 1
    assert "103.7" in [r for e in g.events for r in e.rules]


def _load(text):
    from judge_app.cards.model import default_pool
    from judge_app.scenarios import loader
    return loader.from_data(loader.parse_text(text, "t.yaml"), "t.yaml", default_pool())


@pytest.mark.parametrize("old, new, key", [
    ("number: 1, active: Вера", "number: 2, active: Вера", "turn.number"),
    ("    library: 5\n  - name: Вера", "    library: 5\n    battlefield: [Гора]\n  - name: Вера", "players[1].battlefield"),
    ("turn: {", "stack: [{spell: Шок, by: Боб, targets: [Алиса]}]\nturn: {", "stack"),
])
def test_the_loader_refuses_a_board_that_is_not_before_the_first_turn(old, new, key):
    from judge_app.scenarios.loader import ScenarioInvalid
    _load(START)   # the board as it is loads
    assert old in START
    with pytest.raises(ScenarioInvalid) as exc:
        _load(START.replace(old, new, 1))
    assert key in str(exc.value) and "start_of_game" in str(exc.value)
