"""The engine pieces of FAQ M2011 group faqh (issue 11): which damage a shield prevents when
several sources deal damage at once (615.7, shield_split.py), X of a copied mana cost (107.3f),
and what the scenarios under scenarios/faq-m2011 don't pin down on their own."""

from __future__ import annotations

from pathlib import Path

import pytest

from judge_app.cards.model import default_pool
from judge_app.engine.rules import actions
from judge_app.engine.kernel.errors import InvalidInput
from judge_app.scenarios import loader, runner

FAQ = Path(__file__).resolve().parents[2] / "scenarios" / "faq-m2011"
ARCHON = FAQ / "r183-vengeful-archon-choose-which-damage.yaml"


def _scenario(path: Path, **changes):
    data = loader.parse_text(path.read_text(encoding="utf-8"), path.name)
    data.update(changes)
    return loader.from_data(data, path.name, default_pool())


def _archon_at_split():
    """The r183 board played up to the owed split (the script without its last two lines)."""
    sc = _scenario(ARCHON, script=loader.parse_text(ARCHON.read_text(encoding="utf-8"), ARCHON.name)["script"][:4])
    res = runner.run(sc)
    return res.game


def test_split_is_owed_with_every_legal_answer():
    g = _archon_at_split()
    d = g.decision
    assert d is not None and d.kind == "prevention_split" and d.by == "Алиса"
    # Scroll Thief deals 1, Siege Mastodon 3, the shield has 3 left: the thief's share is 0 or 1
    assert sorted(d.options) == ["thief=0,mastodon=3", "thief=1,mastodon=2"]


@pytest.mark.parametrize("answer, alice, bob, bob_hand", [
    ("thief=1,mastodon=2", 19, 17, 0),   # the thief's damage prevented: it deals none, Bob draws nothing
    ("thief=0,mastodon=3", 19, 17, 1),   # the thief deals its 1 (Bob draws), all 3 of the mastodon's prevented
])
def test_the_chosen_split_is_what_the_shield_prevents(answer, alice, bob, bob_hand):
    g = _archon_at_split()
    actions.choose(g, answer)
    while g.stack or g.pending_triggers or g.step != "combat_damage" or g.priority is None:
        if g.decision is not None or g.result:
            break
        actions.pass_priority(g)
    while g.stack:
        actions.pass_priority(g)
    assert (g.player("Алиса").life, g.player("Боб").life, len(g.player("Боб").hand)) == (alice, bob, bob_hand)


def test_a_split_that_is_not_legal_is_refused():
    g = _archon_at_split()
    for bad in ("thief=2,mastodon=1", "thief=1,mastodon=1", "mastodon=3"):
        with pytest.raises(InvalidInput, match="недопустимый ответ"):
            actions.choose(g, bad)
    assert g.decision is not None and g.decision.kind == "prevention_split"


def test_no_choice_when_the_shield_covers_all_the_damage():
    """X = 4 covers the 4 damage: nothing to choose (615.7 asks only which damage it prevents)."""
    data = loader.parse_text(ARCHON.read_text(encoding="utf-8"), ARCHON.name)
    data["script"][0]["activate"]["x"] = 4
    data["players"][0]["battlefield"] = list(data["players"][0]["battlefield"]) + [{"card": "Равнина", "id": "p4"}]
    data["script"] = data["script"][:4] + [{"pass_until": "stack_empty"}]
    data["expect"] = [{"life": {"Алиса": 20, "Боб": 16}}]
    res = runner.run(loader.from_data(data, ARCHON.name, default_pool()))
    assert res.passed, res.failures
    assert not any(e.kind == "prevent_choice" for e in res.game.events)


def test_clone_of_a_hydra_enters_with_no_counters_and_cites_107_3f():
    res = runner.run(_scenario(FAQ / "r116-clone-hydra-x-zero.yaml"))
    assert res.passed, res.failures
    entered = [e for e in res.game.events if e.kind == "replace" and "clone" in e.objects]
    assert entered and "107.3f" in entered[0].rules and "X = 0" in entered[0].text_ru


def test_search_for_permanent_cards_skips_instants_and_sorceries():
    from judge_app.engine.rules.zone_actions import fits_search
    pool = default_pool()
    assert fits_search(_card_obj(pool, "Лучи Жизнеспособности"), "permanent")
    assert fits_search(_card_obj(pool, "Медведи-гризли"), "permanent")
    assert not fits_search(_card_obj(pool, "Молния"), "permanent")


def _card_obj(pool, name):
    from judge_app.engine.rules.setup import obj_from_card
    return obj_from_card(pool.get(name), "x", "Алиса")


@pytest.mark.parametrize("spec", [{"for": "instant"}, {"for": "permanent", "up_to": 0}, {"for": "permanent", "put": ["stack"]}])
def test_loader_refuses_a_search_it_cannot_play(spec):
    from judge_app.cards.model import CardDataError, card_from_dict
    with pytest.raises(CardDataError, match="search"):
        card_from_dict({"name_ru": "Т", "name_en": "T", "cost": "{1}", "types": ["sorcery"], "text_ru": "т", "text_en": "t",
                        "effects": [{"search": spec}]}, "t.yaml")


def test_leyline_sees_a_creature_entering_with_it():
    """Without 603.6a's "including the newcomers" the Leyline would not trigger: Alice stays at 20."""
    res = runner.run(_scenario(FAQ / "r140-leyline-vitality-enters-with-creature.yaml"))
    assert res.passed, res.failures
    trig = [e for e in res.game.events if e.kind == "trigger" and "leyline" in e.objects]
    assert trig and "603.6a" in trig[0].rules


# -- Two-Headed Giant (810, 805; engine/two_headed_giant.py) ------------------------------

from judge_app.scenarios.loader import ScenarioInvalid   # noqa: E402

THG = """
rules_version: 2020-01-24
variant:
  name: two_headed_giant
  teams:
    - {players: [Алиса, Вика]}
    - {players: [Боб, Гена]}
players:
  - name: Алиса
    library: 2
  - name: Вика
    library: 2
  - name: Боб
    library: 2
    hand: [{card: Молния, id: bolt}]
    battlefield: [{card: Гора, id: m1}]
  - name: Гена
    library: 2
turn: {number: 5, active: Алиса, step: main1}
"""


def _thg(text: str = THG, **changes):
    data = loader.parse_text(text, "t.yaml")
    data.update(changes)
    return loader.from_data(data, "t.yaml", default_pool())


def _thg_game(**changes):
    from judge_app.engine.rules import setup
    sc = _thg(**changes)
    g = runner.build(sc)
    setup.start(g, sc.turn.get("step", "main1"))
    return g


def test_teams_share_life_and_poison_and_start_at_30():
    g = _thg_game()
    assert [p.life for p in g.players] == [30, 30, 30, 30]
    g.player("Вика").life -= 4
    g.player("Вика").poison += 2
    assert (g.player("Алиса").life, g.player("Алиса").poison, g.player("Боб").life) == (26, 2, 30)


def test_a_clone_of_the_game_keeps_teammates_sharing_and_the_original_apart():
    g = _thg_game()
    c = g.clone()
    c.player("Алиса").life -= 5
    assert (c.player("Вика").life, g.player("Алиса").life, g.player("Вика").life) == (25, 30, 30)


def test_a_team_at_0_life_loses_together_and_the_other_team_wins():
    g = _thg_game(variant={"name": "two_headed_giant", "teams": [{"players": ["Алиса", "Вика"], "life": 3},
                                                                 {"players": ["Боб", "Гена"]}]})
    actions.pass_priority(g)   # Alice's team passes: priority to Bob's team (805.5)
    actions.cast(g, g.player("Боб"), "bolt", targets=["Вика"])
    while g.stack and not g.result:
        actions.pass_priority(g)
    assert g.player("Алиса").lost and g.player("Вика").lost
    assert g.result == {"winner": "Боб", "team": ["Боб", "Гена"]}
    lost = [e for e in g.events if e.kind == "lose"]
    assert lost and all("704.5t" in e.rules for e in lost)


def test_a_player_who_loses_takes_the_teammate_along():
    """810.8a: Vika draws from an empty library (704.5b) — Alice, with cards and life, loses too."""
    from judge_app.engine.kernel import sba
    g = _thg_game()
    g.player("Вика").drew_from_empty = True
    sba.check(g)
    assert g.player("Вика").lost and g.player("Алиса").lost and not g.player("Боб").lost
    mate = next(e for e in g.events if e.kind == "lose" and "Алиса" in e.objects)
    assert "810.8a" in mate.rules


def test_team_priority_lets_a_teammate_act_and_passes_once_per_team():
    g = _thg_game(turn={"number": 5, "active": "Алиса", "step": "upkeep"})
    assert g.has_priority("Алиса") and g.has_priority("Вика") and not g.has_priority("Боб")
    actions.pass_priority(g)   # one pass for the whole team (805.5b)
    assert g.has_priority("Боб") and g.has_priority("Гена") and not g.has_priority("Вика")
    actions.pass_priority(g)   # both teams passed in succession with an empty stack: the step ends
    assert any(e.kind == "step_end" for e in g.events)


def test_the_starting_team_skips_its_first_draw_and_later_each_member_draws():
    first = _thg_game(turn={"number": 1, "active": "Алиса", "step": "upkeep"})
    actions.pass_priority(first)
    actions.pass_priority(first)
    assert first.step == "draw" and len(first.player("Алиса").hand) == len(first.player("Вика").hand) == 0
    assert any("810.6" in e.rules for e in first.events)
    later = _thg_game(turn={"number": 3, "active": "Алиса", "step": "upkeep"})
    actions.pass_priority(later)
    actions.pass_priority(later)
    assert (len(later.player("Алиса").hand), len(later.player("Вика").hand), len(later.player("Боб").hand)) == (1, 1, 1)


def test_the_engine_refuses_to_start_combat_in_two_headed_giant():
    g = _thg_game()
    actions.pass_priority(g)
    before = len(g.events)
    with pytest.raises(InvalidInput, match="805.10"):
        actions.pass_priority(g)
    assert len(g.events) == before and g.step == "main1" and g.has_priority("Боб")   # refused before any change


@pytest.mark.parametrize("change, says", [
    ({"variant": {"name": "emperor"}}, "variant.name"),
    ({"variant": {"name": "two_headed_giant", "teams": [{"players": ["Алиса", "Вика", "Боб", "Гена"]}]}}, "810.1"),
    ({"variant": {"name": "two_headed_giant", "teams": [{"players": ["Алиса", "Боб"]}, {"players": ["Вика", "Гена"]}]}},
     "805.1"),
    ({"variant": {"name": "two_headed_giant", "teams": [{"players": ["Алиса", "Алиса"]}, {"players": ["Боб", "Гена"]}]}},
     "уже в команде"),
    ({"variant": {"name": "two_headed_giant", "teams": [{"players": ["Алиса", "Вика"], "life": "30"}, {"players": ["Боб", "Гена"]}]}},
     "variant.teams\\[0\\].life"),
    ({"variant": {"name": "two_headed_giant", "teams": [{"players": ["Алиса", "Вика"], "size": 2}, {"players": ["Боб", "Гена"]}]}},
     "неизвестный ключ"),
    ({"turn": {"number": 5, "active": "Алиса", "step": "declare_attackers"}}, "turn.step"),
    ({"script": [{"attack": {"x": "Боб"}}]}, "script\\[0\\].attack"),
    ({"script": [{"pass_until": "end"}]}, "script\\[0\\].pass_until"),
])
def test_the_loader_refuses_a_two_headed_giant_game_the_engine_cannot_play(change, says):
    with pytest.raises(ScenarioInvalid, match=says):
        _thg(**change)


def test_the_loader_refuses_a_players_own_life_in_two_headed_giant():
    with pytest.raises(ScenarioInvalid, match="players\\[1\\].life"):
        _thg(THG.replace("  - name: Вика\n", "  - name: Вика\n    life: 20\n"))


@pytest.mark.parametrize("card", ["Глаз Кракена", "Лучи Пустоты"])   # "a player casts"… fine; Leyline of the Void: opponents
def test_the_loader_refuses_in_two_headed_giant_only_what_speaks_of_opponents(card):
    text = THG.replace("    library: 2\n  - name: Вика", f"    library: 2\n    battlefield: [{{card: {card}}}]\n  - name: Вика", 1)
    if card == "Глаз Кракена":
        assert _thg(text).variant["name"] == "two_headed_giant"
    else:
        with pytest.raises(ScenarioInvalid, match="102.3"):
            _thg(text)


def test_too_many_ways_to_split_a_shield_are_not_asked_and_the_trace_says_so():
    from judge_app.engine.rules import shield_split
    data = loader.parse_text(ARCHON.read_text(encoding="utf-8"), ARCHON.name)
    g = runner.run(loader.from_data({**data, "script": data["script"][:2], "expect": []}, ARCHON.name, default_pool())).game
    shield_split.plan(g, [(f"s{i}", "Алиса", 10) for i in range(8)], lambda s, r: True)
    assert g.decision is None and not any("allot" in e for e in g.effects)
    assert "слишком много" in g.events[-1].text_ru and "615.7" in g.events[-1].rules
