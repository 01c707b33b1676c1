"""FAQ group faqc (issue 11): instructions about a group (engine/group_effects.py), "doesn't
untap during the next untap step" (engine/untap_locks.py) and planeswalker cards entering with
loyalty (306.5b) — driven through the engine directly, for what a scenario's final state can't
show: a lock used up by the untap step it was about, the order of draws, the bad card data the
loader refuses."""

from __future__ import annotations

import pytest

from engine_boards import build_game
from judge_app.cards.model import CardDataError, card_from_dict
from judge_app.engine.rules import actions
from judge_app.engine.kernel.errors import Refused

BASE = {"name_ru": "Тест", "name_en": "Test", "cost": "{1}", "types": ["sorcery"], "text_ru": "т", "text_en": "т"}
TOKEN = {"name_ru": "Т", "power": 1, "toughness": 1}


@pytest.mark.parametrize("bad, says", [
    ({"effects": [{"set_color": ["red"], "to": "creatures_you_control"}]}, "creatures_you_control"),
    ({"effects": [{"gain_life": 2, "who": "each_player"}]}, "each_player"),
    ({"effects": [{"pump_by": "greatest_power_you_control", "to": "target1"}], "targets": ["creature"]}, "pump_by"),
    ({"effects": [{"pump_by": "lowest_power", "to": "creatures_you_control"}]}, "pump_by"),
    ({"effects": [{"tap_all": "target1"}], "targets": ["player"]}, "tap_all"),
    ({"effects": [{"no_untap_next": "each_creature"}]}, "no_untap_next"),
    ({"effects": [{"no_untap_next": "target1", "during": "you"}], "targets": ["creature"]}, "no_untap_next"),
    ({"effects": [{"draw": 1, "during": "target1"}], "targets": ["player"]}, "during"),
    ({"effects": [{"create_token": {**TOKEN, "abilities": [{"static": "anthem", "pt": [1, 1]}]}}]}, "create_token"),
    ({"effects": [{"create_token": {**TOKEN, "abilities": "cda_life_total"}}]}, "create_token"),
    ({"types": ["creature"], "power": 0, "toughness": 1,
      "abilities": [{"trigger": "blocks", "effects": [{"no_untap_next": "blocked_creature"}]}]}, "blocks_a_creature"),
    ({"effects": [{"exchange_damage": "self"}]}, "exchange_damage"),
    ({"effects": [{"game_draw": "yes"}]}, "game_draw"),
    ({"effects": [{"attacks_you_this_turn": "you"}]}, "attacks_you_this_turn"),
    ({"effects": [{"give_control_of_self": "you"}]}, "give_control_of_self"),
    ({"effects": [{"gain_control": "target1", "duration": "forever"}], "targets": ["creature"]}, "duration"),
    ({"effects": [{"add_subtype": "vampire", "to": "target1"}], "targets": ["creature"]}, "add_subtype"),
    ({"types": ["creature"], "power": 1, "toughness": 1,
      "abilities": [{"trigger": "etb", "effects": [{"counter": "that_spell"}]}]}, "that_spell"),
    ({"types": ["artifact"], "abilities": [{"activated": {"cost": {"tap": True}, "targets": ["land", "land"],
                                                          "distinct_targets": "yes", "effects": [{"untap": "target1"}]}}]},
     "distinct_targets"),
])
def test_loader_refuses_what_the_engine_does_not_do(bad, says):
    with pytest.raises(CardDataError, match=says):
        card_from_dict({**BASE, **bad}, "t.yaml")


def _pass_until(g, step: str, turn: int):
    while not (g.step == step and g.turn == turn):
        if g.decision is not None and g.decision.kind == "declare_attackers":
            actions.choose(g, "none")
        else:
            actions.pass_priority(g)


FROST = """
players:
  - name: Алиса
    hand: [{card: Сон, id: sleep}]
    battlefield:
      - {card: Остров, id: i1}
      - {card: Остров, id: i2}
      - {card: Остров, id: i3}
      - {card: Остров, id: i4}
    library: 5
  - name: Боб
    battlefield:
      - {card: Медведи-гризли, id: bears}
      - {card: Медведи-гризли, id: bears2}
    library: 5
turn: {number: 3, active: Алиса, step: main1}
"""


def test_sleep_lock_is_used_up_by_that_players_next_untap_step():
    """Held in Bob's next untap step (turn 4), not in the one after (turn 6)."""
    g = build_game(FROST)
    actions.cast(g, g.player("Алиса"), "sleep", targets=["Боб"], pay=["i1", "i2", "i3", "i4"])
    _pass_until(g, "upkeep", 4)
    assert g.objects["bears"].tapped and g.objects["bears2"].tapped
    assert not any(e.get("kind") == "no_untap" for e in g.effects)
    _pass_until(g, "upkeep", 6)
    assert not g.objects["bears"].tapped and not g.objects["bears2"].tapped


def test_lock_on_an_untapped_permanent_ends_at_that_untap_step():
    """FAQ r281: untapped when its controller's next untap step begins — that step uses the
    lock up, so a later tap is undone by the following untap step as usual."""
    from judge_app.engine.rules import untap_locks
    g = build_game(FROST)
    untap_locks.lock(g, g.objects["bears"], {"name_ru": "тест"})
    _pass_until(g, "upkeep", 4)
    assert not g.objects["bears"].tapped and not any(e.get("kind") == "no_untap" for e in g.effects)
    g.objects["bears"].tapped = True
    _pass_until(g, "upkeep", 6)
    assert not g.objects["bears"].tapped


WALKERS = """
players:
  - name: Алиса
    hand: [{card: Джейс Белерен, id: jace}]
    battlefield:
      - {card: Сезон удвоения, id: season}
      - {card: Чандра Налаар, id: chandra, counters: {loyalty: 8}}
      - {card: Остров, id: i1}
      - {card: Остров, id: i2}
      - {card: Остров, id: i3}
    library: [{card: Гора, id: a1}, {unknown: 2}]
  - name: Боб
    battlefield:
      - {card: Гаррук Дикоречивый, id: garruk}
      - {card: Медведи-гризли, id: bears}
      - {card: Джаггернаут, id: jugg}
    library: [{card: Лес, id: b1}, {unknown: 2}]
turn: {number: 3, active: Алиса, step: main1}
"""


def _resolve(g):
    while g.stack:
        actions.pass_priority(g)


def test_planeswalker_enters_with_loyalty_doubled_by_doubling_season():
    """306.5b is a replacement effect's "enters with": Doubling Season doubles it (614.16)."""
    g = build_game(WALKERS)
    actions.cast(g, g.player("Алиса"), "jace", pay=["i1", "i2", "i3"])
    _resolve(g)
    assert g.objects["jace"].counters == {"loyalty": 6}
    actions.activate(g, g.player("Алиса"), "jace", 1)
    _resolve(g)
    assert "a1" in g.player("Алиса").hand and "b1" in g.player("Боб").hand   # each player draws


def test_chandra_ultimate_hits_the_planeswalkers_controller_creatures():
    g = build_game(WALKERS)
    actions.activate(g, g.player("Алиса"), "chandra", 3, targets=["garruk"])
    _resolve(g)
    assert all(g.objects[x].zone == "graveyard" for x in ("garruk", "bears", "jugg", "chandra"))
    assert g.player("Боб").life == 20


def test_two_target_lands_must_differ():
    g = build_game(WALKERS.replace("      - {card: Медведи-гризли, id: bears}\n", "      - {card: Лес, id: f9}\n")
                   .replace("active: Алиса", "active: Боб").replace("number: 3", "number: 4"))
    with pytest.raises(Refused, match="разными"):
        actions.activate(g, g.player("Боб"), "garruk", 1, targets=["f9", "f9"])
    assert g.objects["garruk"].counters["loyalty"] == 3


SPY = """
players:
  - name: Алиса
    battlefield:
      - {card: Мерфолк-Шпион, id: spy}
  - name: Боб
    hand:
      - {card: Медведи-гризли, id: b1}
      - {card: Лес, id: b2}
      - {card: Молния, id: b3}
    battlefield:
      - {card: Остров, id: isl}
turn: {number: 3, active: Алиса, step: main1}
"""


def _spy_reveal():
    g = build_game(SPY)
    _pass_until(g, "declare_attackers", 3)
    actions.choose(g, {"spy": "Боб"})
    while not any(e.kind == "reveal" for e in g.events):
        actions.pass_priority(g)
    return g, next(e for e in g.events if e.kind == "reveal")


def test_spy_reveals_one_card_of_that_players_hand_and_a_replay_reveals_the_same():
    g, ev1 = _spy_reveal()
    shown = [x for x in ev1.objects if x in ("b1", "b2", "b3")]
    assert len(shown) == 1 and "Боб" in ev1.objects
    assert sorted(g.player("Боб").hand) == ["b1", "b2", "b3"]   # revealed, not moved (701.15a)
    assert _spy_reveal()[1].objects == ev1.objects


SIREN = """
players:
  - name: Алиса
    battlefield:
      - {card: Пленительная Сирена, id: siren}
    library: 3
  - name: Боб
    battlefield:
      - {card: Ллановарские эльфы, id: elves}
    library: 3
turn: {number: 3, active: Алиса, step: main1}
"""


def test_siren_binds_only_in_the_turn_of_the_creatures_controller_and_ends_at_cleanup():
    from judge_app.engine.rules import attack_requirements
    g = build_game(SIREN)
    actions.activate(g, g.player("Алиса"), "siren", 1, targets=["elves"])
    _resolve(g)
    assert attack_requirements.required_defender(g, g.objects["elves"]) == "Алиса"
    _pass_until(g, "upkeep", 4)   # "this turn": gone at cleanup (514.2)
    assert attack_requirements.required_defender(g, g.objects["elves"]) is None


ARBITER = """
players:
  - name: Алиса
    hand: [{card: Ангел-Судья, id: arbiter}]
  - name: Боб
    hand: [{card: Исполинский Рост, id: growth}]
    battlefield:
      - {card: Медведи-гризли, id: bears}
      - {card: Лес, id: f1}
turn: {number: 4, active: Боб, step: main1}
"""


def test_arbiter_entering_later_reads_the_whole_turn():
    """FAQ r40: the turn is recorded from its start, so an Arbiter that enters after the spell
    was cast still keeps that player from attacking; the record ends at cleanup."""
    from judge_app.engine.kernel import events as ev
    from judge_app.engine.rules.keywords import evasion
    g = build_game(ARBITER)
    actions.cast(g, g.player("Боб"), "growth", targets=["bears"], pay=["f1"])
    _resolve(g)
    assert not evasion.attack_problems(g, g.objects["bears"])   # no Arbiter yet
    ev.move(g, g.objects["arbiter"], "battlefield", controller="Алиса")
    assert any("Ангел-Судья" in why for _, why in evasion.attack_problems(g, g.objects["bears"]))
    _pass_until(g, "upkeep", 5)
    assert not any(e.get("kind") == "history" for e in g.effects)


UNICORNS = """
players:
  - name: Алиса
    battlefield:
      - {card: Ценный Единорог, id: u1}
      - {card: Ценный Единорог, id: u2}
  - name: Боб
    battlefield:
      - {card: Медведи-гризли, id: bears}
      - {card: Ллановарские эльфы, id: elves, tapped: true}
      - {id: guard, creature: {name: Стражник, power: 0, toughness: 6, keywords: [block_additional]}}
turn: {number: 3, active: Алиса, step: main1}
"""


def test_lure_requirements_and_the_default_declaration():
    from judge_app.engine.rules import block_requirements
    g = build_game(UNICORNS)
    attackers = [g.objects["u1"], g.objects["u2"]]
    req = block_requirements.required(g, "Боб", attackers)
    assert set(req) == {"bears", "guard"} and req["guard"] == (["u1", "u2"], 2) and req["bears"][1] == 1
    assert block_requirements.problems(g, "Боб", attackers, block_requirements.default_blocks(g, "Боб", attackers)) == []
    assert len(block_requirements.problems(g, "Боб", attackers, {"guard": ["u1"], "bears": ["u2"]})) == 1


CAGE = """
players:
  - name: Алиса
    battlefield:
      - {card: Ледяная Клетка, id: cage, attached_to: elves}
  - name: Боб
    battlefield:
      - {card: Ллановарские эльфы, id: elves}
      - {card: Медведи-гризли, id: bears}
turn: {number: 4, active: Боб, step: main1}
"""


def test_caged_creature_cant_attack_block_or_activate_even_mana_abilities():
    from judge_app.engine.rules.keywords import evasion
    g = build_game(CAGE)
    elves = g.objects["elves"]
    assert evasion.attack_problems(g, elves) and evasion.blocker_problems(g, elves)
    with pytest.raises(Refused, match="нельзя активировать"):
        actions.activate(g, g.player("Боб"), "elves", 1)   # {T}: Add {G} — a mana ability is activated too (605.1a)
    assert not actions.can_activate_ability_now(g, g.player("Боб"), elves, 1)
    assert not evasion.attack_problems(g, g.objects["bears"])


def test_ice_cage_pieces_need_an_aura():
    with pytest.raises(CardDataError, match="Ауры"):
        card_from_dict({**BASE, "types": ["enchantment"], "abilities": [{"static": "enchanted_cant_activate"}]}, "t.yaml")
