"""The engine pieces of FAQ M2011 group faqh (issue 11): which damage a shield prevents when
several sources deal damage at once (615.7, shield_split.py), X of a copied mana cost (107.3f),
and what the scenarios under scenarios/faq-m2011 don't pin down on their own."""

from __future__ import annotations

from pathlib import Path

import pytest

from judge_app.cards.model import default_pool
from judge_app.engine import actions
from judge_app.engine.errors import InvalidInput
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
    from judge_app.engine.zone_actions import fits_search
    pool = default_pool()
    assert fits_search(_card_obj(pool, "Лучи Жизнеспособности"), "permanent")
    assert fits_search(_card_obj(pool, "Медведи-гризли"), "permanent")
    assert not fits_search(_card_obj(pool, "Молния"), "permanent")


def _card_obj(pool, name):
    from judge_app.engine.setup import obj_from_card
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
