"""Attack and block restrictions that are not keywords (engine/restrictions.py), the target
kinds of engine/target_kinds.py, protection from a creature type and lords by subtype, on
the FAQ M2011 cards that use them (rules_corpus/cards/m2011_combat.yaml)."""

import pytest

from judge_app.cards import default_pool
from judge_app.cards.model import CardDataError, card_from_dict
from judge_app.engine.rules import actions, combat, effects, setup, target_kinds, turn
from judge_app.engine.kernel import events, sba
from judge_app.engine.kernel import characteristics as ch
from judge_app.engine.kernel.errors import Refused
from judge_app.engine.rules.keywords import protection


def game(alice, bob, step="declare_attackers", active="A"):
    g = setup.new_game([{"name": "A", "battlefield": alice}, {"name": "B", "battlefield": bob}],
                       {"number": 3, "active": active}, default_pool(), "2020-01-24")
    setup.start(g, step)
    return g


def islands(prefix, n):
    return [{"card": "Остров", "id": f"{prefix}{i}"} for i in range(n)]


def cited(g):
    return {r for e in g.events for r in e.rules}


def test_harbor_serpent_needs_five_islands_on_the_whole_battlefield():
    g = game([{"card": "Harbor Serpent", "id": "s"}] + islands("a", 2), islands("b", 2))
    with pytest.raises(Refused) as exc:
        combat.answer(g, {"s": "B"})
    assert "508.1c" in str(exc.value) or "508.1c" in exc.value.rules
    g = game([{"card": "Harbor Serpent", "id": "s"}] + islands("a", 2), islands("b", 3))
    combat.answer(g, {"s": "B"})
    assert combat.is_attacking(g, "s") and "508.1c" in cited(g)


def test_juggernaut_cant_be_blocked_by_walls_but_by_others():
    wall = {"id": "w", "creature": {"name": "Стена", "power": 0, "toughness": 5, "subtypes": ["Wall"], "keywords": ["defender"]}}
    bear = {"id": "b", "creature": {"name": "Медведь", "power": 2, "toughness": 2}}
    g = game([{"card": "Juggernaut", "id": "j"}], [wall, bear])
    combat.answer(g, {"j": "B"})
    actions.pass_priority(g)
    actions.pass_priority(g)
    assert g.decision.kind == "declare_blockers" and "w" not in g.decision.options and "b" in g.decision.options
    with pytest.raises(Refused):
        combat.answer(g, {"w": "j"})
    combat.answer(g, {"b": "j"})


def test_leviathan_stops_creatures_without_flying_or_islandwalk_of_every_player():
    g = game([{"card": "Grizzly Bears", "id": "bears"}], [{"card": "Stormtide Leviathan", "id": "lev"}])
    assert combat.attack_candidates(g) == []
    with pytest.raises(Refused):
        combat.answer(g, {"bears": "B"})


def test_damage_dealt_to_an_opponent_is_remembered_for_the_turn_only():
    g = game([{"card": "Bloodcrazed Goblin", "id": "gob"}], [], step="main1")
    src = {"id": "x", "name_ru": "Источник", "keywords": ()}
    assert not g.player("B").damaged_this_turn
    events.deal_damage(g, src, g.player("B"), 2)
    assert g.player("B").damaged_this_turn
    g.step = "cleanup"
    turn.advance_step(g)   # the next turn begins: nobody has been dealt damage in it
    assert not g.player("B").damaged_this_turn and not g.player("A").damaged_this_turn


def test_bloodcrazed_goblin_counts_opponents_only():
    g = game([{"card": "Bloodcrazed Goblin", "id": "gob"}], [])
    src = {"id": "x", "name_ru": "Источник", "keywords": ()}
    events.deal_damage(g, src, g.player("A"), 1)
    assert combat.attack_candidates(g) == []
    events.deal_damage(g, src, g.player("B"), 1)
    assert combat.attack_candidates(g) == ["gob"]


@pytest.mark.parametrize("kind,fits,misfits", [
    ("white_or_blue_creature", {"colors": ["blue"]}, {"colors": ["red"]}),
    ("creature_power_2_or_less", {"power": 2}, {"power": 3}),
    ("merfolk", {"subtypes": ["Merfolk"]}, {"subtypes": ["Goblin"]}),
])
def test_creature_target_kinds(kind, fits, misfits):
    base = {"name": "Существо", "power": 1, "toughness": 3}
    g = game([{"id": "yes", "creature": {**base, **fits}}, {"id": "no", "creature": {**base, **misfits}}], [])
    assert effects.legal_targets(g, kind, "A", None) == ["yes"]


def test_permanent_target_kinds_read_types_and_subtypes():
    g = game([{"id": "art", "permanent": {"name": "Амулет", "types": ["artifact"]}},
              {"id": "ench", "permanent": {"name": "Чары", "types": ["enchantment"]}},
              {"id": "dual", "permanent": {"name": "Саванна", "types": ["land"], "subtypes": ["Forest", "Plains"]}},
              {"id": "red", "permanent": {"name": "Красный амулет", "types": ["artifact"], "colors": ["red"]}}], [])
    assert effects.legal_targets(g, "artifact", "A", None) == ["art", "red"]
    assert effects.legal_targets(g, "artifact_or_enchantment", "A", None) == ["art", "ench", "red"]
    assert effects.legal_targets(g, "forest", "A", None) == ["dual"]
    assert effects.legal_targets(g, "black_or_red_permanent", "A", None) == ["red"]
    assert set(target_kinds.KINDS) <= set(effects.KIND_RU)


def test_power_is_read_after_the_layers():
    g = game([{"card": "Merfolk Sovereign", "id": "sov"},
              {"id": "m", "creature": {"name": "Мерфолк", "power": 2, "toughness": 2, "subtypes": ["Merfolk"]}}], [])
    assert ch.pt(g, g.objects["m"]) == (3, 3) and ch.pt(g, g.objects["sov"]) == (2, 2)
    assert effects.legal_targets(g, "creature_power_2_or_less", "A", None) == ["sov"]


def test_knight_exemplar_keeps_a_lethally_damaged_knight_while_it_stays():
    g = game([{"card": "Knight Exemplar", "id": "ex"},
              {"id": "k", "creature": {"name": "Рыцарь", "power": 2, "toughness": 2, "subtypes": ["Knight"]}}], [], step="main1")
    src = {"id": "x", "name_ru": "Источник", "keywords": ()}
    events.deal_damage(g, src, g.objects["k"], 3)
    sba.check(g)
    assert g.objects["k"].zone == "battlefield" and g.objects["k"].damage == 3   # 120.6: the damage stays
    events.deal_damage(g, src, g.objects["ex"], 2)
    assert sba.check(g) and g.objects["k"].zone == "battlefield"   # one check: only the Exemplar dies
    assert sba.check(g)   # the next check: the Knight, no longer indestructible, is destroyed (704.5g)
    assert g.objects["ex"].zone == "graveyard" and g.objects["k"].zone == "graveyard"


def test_protection_from_a_creature_type_reads_the_source_subtypes():
    g = game([{"card": "Baneslayer Angel", "id": "angel"}],
             [{"id": "d", "creature": {"name": "Дракон", "power": 4, "toughness": 4, "subtypes": ["Dragon"]}},
              {"id": "o", "creature": {"name": "Огр", "power": 4, "toughness": 4, "subtypes": ["Ogre"]}}])
    angel = g.objects["angel"]
    assert protection.protected_from(g, angel, events.lki(g, g.objects["d"])) == []
    assert protection.protected_from(g, angel, g.objects["o"]) is None


@pytest.mark.parametrize("ability", [
    {"static": "cant_attack_unless"},
    {"static": "cant_attack_unless", "lands_on_battlefield": {"subtype": "Isle", "count": 5}},
    {"static": "cant_attack_unless", "lands_on_battlefield": {"subtype": "Island", "count": 5},
     "opponent_dealt_damage_this_turn": True},
    {"static": "creatures_cant_attack_without", "keywords": ["swimming"]},
    {"static": "cant_be_blocked_by"},
    {"static": "anthem", "pt": [1, 1], "subtype": ""},
    {"static": "anthem", "pt": [1, 1], "keywords": ["unbreakable"]},
    {"static": "this_creature", "pt": [0, 1]},
    {"static": "this_creature", "pt": [0, 1], "per_land_you_control": "Desert"},
    {"static": "enchanted", "pt": [1, 1], "keywords": "flying"},
])
def test_loader_refuses_a_malformed_restriction(ability):
    card = {"name_ru": "Проба", "name_en": "Probe", "cost": "{1}", "types": ["creature"], "power": 1, "toughness": 1,
            "text_en": "", "text_ru": "", "abilities": [ability]}
    with pytest.raises(CardDataError):
        card_from_dict(card, "test")


def test_loader_refuses_an_unknown_target_kind():
    card = {"name_ru": "Проба", "name_en": "Probe", "cost": "{1}", "types": ["instant"], "text_en": "", "text_ru": "",
            "targets": ["white_creature_or_something"], "effects": [{"destroy": "target1"}]}
    with pytest.raises(CardDataError):
        card_from_dict(card, "test")


def test_counted_pt_follows_the_lands_of_the_aura_controller():
    g = game([{"card": "Болото", "id": "s1"}, {"card": "Quag Sickness", "id": "q", "attached_to": "o"}],
             [{"id": "o", "creature": {"name": "Огр", "power": 4, "toughness": 4}}, {"card": "Болото", "id": "s2"}],
             step="main1")
    assert ch.pt(g, g.objects["o"]) == (3, 3)
    events.move(g, g.objects["s1"], "graveyard")   # Alice's only Swamp leaves: no penalty any more
    assert ch.pt(g, g.objects["o"]) == (4, 4)
