"""The engine pieces of FAQ M2011 group faqe (issue 11): removal.py, mana_effects.py,
cast_bans.py, check_lands.py, a spell colour on "whenever a player casts", "the player who
controls target creature" — driven through the engine on the real pool, with the loader's
refusals of what the engine does not do."""

from __future__ import annotations

import pytest

from engine_boards import build_game
from judge_app.cards.model import CardDataError, card_from_dict
from judge_app.engine.rules import actions, effects
from judge_app.engine.kernel.errors import InvalidInput, Refused

BASE = {"name_ru": "Тест", "name_en": "Test", "cost": "{1}", "types": ["sorcery"], "text_ru": "т", "text_en": "t"}


def _pass_to_decision(g) -> None:
    """Pass priority until the engine owes a decision (one asked as something resolves)."""
    while g.decision is None:
        actions.pass_priority(g)


@pytest.mark.parametrize("bad, says", [
    ({"targets": ["creature"], "effects": [{"destroy": "controller_of_target1"}]}, "controller_of_target1"),
    ({"effects": [{"exile": "self"}]}, "exile"),
    ({"targets": ["creature"], "effects": [{"exile": "target1", "controller_gains_toughness": True}]},
     "controller_gains_toughness"),
    ({"effects": [{"add_mana": {"R": 0}}]}, "add_mana"),
    ({"effects": [{"add_mana": {"Q": 1}}]}, "add_mana"),
    ({"effects": [{"opponents_cant_cast": "forever"}]}, "opponents_cant_cast"),
    ({"types": ["artifact"], "abilities": [{"trigger": "etb", "spell_color": "blue", "effects": [{"draw": 1}]}]},
     "spell_color"),
    ({"types": ["artifact"], "abilities": [{"trigger": "player_casts", "spell_color": "teal", "effects": [{"draw": 1}]}]},
     "spell_color"),
    ({"types": ["land"], "cost": None, "abilities": [{"static": "enters_tapped_unless", "subtypes": ["Desert"]}]},
     "enters_tapped_unless"),
    ({"types": ["creature"], "power": 1, "toughness": 1, "abilities": [{"trigger": "etb", "for_each": "Elf",
                                                                        "effects": [{"draw": 1}]}]}, "for_each"),
    ({"types": ["artifact"], "abilities": [{"activated": {"cost": {"exile": "creature"}, "effects": [{"draw": 1}]}}]},
     "exile"),
])
def test_loader_refuses_what_the_engine_does_not_do(bad, says):
    with pytest.raises(CardDataError, match=says):
        card_from_dict({**BASE, **bad}, "t.yaml")


def _resolve_all(g):
    while g.stack:
        actions.pass_priority(g)


def test_krakens_eye_ignores_a_spell_of_another_colour():
    g = build_game("""
players:
  - name: Алиса
    battlefield:
      - {card: Глаз Кракена, id: eye}
  - name: Боб
    hand: [{card: Молния, id: bolt}]
    battlefield:
      - {card: Гора, id: m1}
turn: {number: 4, active: Боб, step: main1}
""")
    actions.cast(g, g.player("Боб"), "bolt", targets=["Алиса"])
    assert g.stack == ["bolt"]   # a red spell: the "blue spell" trigger condition is false (603.2)


def test_acidic_slime_kind_fits_lands_artifacts_enchantments_not_creatures():
    g = build_game("""
players:
  - name: Алиса
    battlefield:
      - {card: Лес, id: forest}
      - {card: Глаз Кракена, id: eye}
      - {card: Славный гимн, id: anthem}
      - {card: Медведи-гризли, id: bears}
  - name: Боб
turn: {number: 3, active: Алиса, step: main1}
""")
    fits = {oid: effects.object_fits(g, "artifact_enchantment_or_land", "Алиса", g.objects[oid])[0]
            for oid in ("forest", "eye", "anthem", "bears")}
    assert fits == {"forest": True, "eye": True, "anthem": True, "bears": False}


def test_archdruid_counts_elves_as_the_ability_resolves():
    g = build_game("""
players:
  - name: Алиса
    battlefield:
      - {card: Эльфийский Архидруид, id: druid}
      - {card: Ллановарские эльфы, id: elves}
  - name: Боб
    battlefield:
      - {card: Эльфийская провидица, id: elves2}
turn: {number: 3, active: Алиса, step: main1}
""")
    actions.activate(g, g.player("Алиса"), "druid", 1)
    assert g.player("Алиса").pool == {"G": 2}   # itself and the Llanowar Elves; not Bob's Elf


def test_silence_ends_with_the_turn():
    g = build_game("""
players:
  - name: Алиса
    hand: [{card: Молчание, id: silence}]
    battlefield:
      - {card: Равнина, id: p1}
  - name: Боб
    library: 3
    hand: [{card: Молния, id: bolt}]
    battlefield:
      - {card: Гора, id: m1}
turn: {number: 3, active: Алиса, step: main1}
""")
    actions.cast(g, g.player("Алиса"), "silence")
    _resolve_all(g)
    with pytest.raises(Refused):
        actions.cast(g, g.player("Боб"), "bolt", targets=["Алиса"])
    while g.ap.name == "Алиса":
        actions.pass_priority(g)
    actions.cast(g, g.player("Боб"), "bolt", targets=["Алиса"])   # a new turn: the effect has ended (514.2)
    assert g.objects["bolt"].zone == "stack"


@pytest.mark.parametrize("lands, tapped", [
    ("[{card: Болото, id: other}]", False),                 # a Swamp
    ("[{card: Пик Драконьего Черепа, id: other}]", True),   # a Summit has no land type (205.3i)
    ("[]", True),                                           # it does not see itself
])
def test_check_land_looks_for_a_land_type(lands, tapped):
    g = build_game(f"""
players:
  - name: Алиса
    hand: [{{card: Пик Драконьего Черепа, id: s1}}]
    battlefield: {lands}
  - name: Боб
turn: {{number: 3, active: Алиса, step: main1}}
""")
    actions.play_land(g, g.player("Алиса"), "s1")
    assert g.objects["s1"].tapped is tapped


def test_condemn_puts_the_card_at_the_bottom():
    g = build_game("""
players:
  - name: Алиса
    library: 2
  - name: Боб
    library: 3
    battlefield:
      - {card: Медведи-гризли, id: bears}
stack:
  - ability:
      name: Осуждение
      targets: [creature]
      effects: [{to_library_bottom: target1, controller_gains_toughness: true}]
    id: c
    by: Алиса
    targets: [bears]
turn: {number: 3, active: Алиса, step: main1}
""")
    _resolve_all(g)
    assert g.player("Боб").library[-1] == "bears" and g.player("Боб").life == 22


def test_destroy_all_creatures_spares_only_the_indestructible_at_that_moment():
    g = build_game("""
players:
  - name: Алиса
    battlefield:
      - {card: Образцовый Рыцарь, id: ex1}
      - {card: Образцовый Рыцарь, id: ex2}
      - {card: Медведи-гризли, id: bears}
  - name: Боб
stack:
  - ability:
      name: Судный День
      effects: [{destroy: each_creature}]
    id: w
    by: Боб
turn: {number: 3, active: Алиса, step: main1}
""")
    _resolve_all(g)
    # two Exemplars make each other indestructible (r196): both stay, the Bears go
    zones = {oid: g.objects[oid].zone for oid in ("ex1", "ex2", "bears")}
    assert zones == {"ex1": "battlefield", "ex2": "battlefield", "bears": "graveyard"}


def test_only_while_attacking_belongs_to_an_activated_ability():
    with pytest.raises(CardDataError, match="only_while_attacking"):
        card_from_dict({**BASE, "types": ["artifact"], "abilities": [
            {"trigger": "etb", "only_while_attacking": True, "effects": [{"draw": 1}]}]}, "t.yaml")


def test_hellkite_targets_only_creatures_of_the_defending_player():
    g = build_game("""
players:
  - name: Алиса
    battlefield:
      - {card: Древний Змей, id: hellkite}
      - {card: Медведи-гризли, id: mine}
      - {card: Гора, id: m1}
  - name: Боб
    battlefield:
      - {card: Медведи-гризли, id: theirs}
turn: {number: 3, active: Алиса, step: main1}
""")
    kind = "creature_defending_player_controls"
    assert not effects.object_fits(g, kind, "Алиса", g.objects["theirs"])[0]   # no combat: no defending player
    while g.step != "declare_attackers":
        actions.pass_priority(g)
        if g.decision is not None and g.decision.kind == "declare_attackers":
            actions.choose(g, {"hellkite": "Боб"})
    assert effects.object_fits(g, kind, "Алиса", g.objects["theirs"])[0]
    assert not effects.object_fits(g, kind, "Алиса", g.objects["mine"])[0]


def test_spitfire_ignores_damage_to_its_controller():
    g = build_game("""
players:
  - name: Алиса
    battlefield:
      - {card: Огнемет Чандры, id: spitfire}
  - name: Боб
stack:
  - ability:
      name: Удар
      targets: [player]
      effects: [{damage: 2, to: target1}]
    id: hit
    by: Боб
    targets: [Алиса]
turn: {number: 3, active: Алиса, step: main1}
""")
    _resolve_all(g)
    assert g.player("Алиса").life == 18 and not g.pending_triggers and g.stack == []


def test_nongreen_hexproof_lets_a_green_source_target():
    g = build_game("""
players:
  - name: Алиса
    battlefield:
      - {card: Мечь Геи, id: gaea}
      - id: druid
        creature: {name: Друид, power: 1, toughness: 1, colors: [green], abilities: [{activated: {cost: {}, targets: [creature], effects: [{pump: [1, 1], to: target1}]}}]}
      - id: rod
        permanent: {name: Жезл, types: [artifact], abilities: [{activated: {cost: {}, targets: [creature], effects: [{pump: [1, 1], to: target1}]}}]}
  - name: Боб
turn: {number: 3, active: Алиса, step: main1}
""")
    with pytest.raises(Refused):
        actions.activate(g, g.player("Алиса"), "rod", 1, targets=["gaea"])   # a colourless source
    actions.activate(g, g.player("Алиса"), "druid", 1, targets=["gaea"])     # a green one
    assert g.stack and g.objects[g.stack[-1]].targets[0][1] == "gaea"


def test_sun_titan_returns_only_a_permanent_card_of_mana_value_3_or_less_from_your_graveyard():
    g = build_game("""
players:
  - name: Алиса
    hand: [{card: Титан Солнца, id: titan}]
    mana_pool: {W: 6}
    graveyard:
      - {card: Медведи-гризли, id: bears}
      - {card: Baneslayer Angel, id: angel}
      - {card: Молния, id: bolt}
      - {card: Лес, id: forest}
  - name: Боб
    graveyard: [{card: Медведи-гризли, id: bobs}]
turn: {number: 3, active: Алиса, step: main1}
""")
    assert set(effects.legal_targets(g, "permanent_card_mv3_in_your_graveyard", "Алиса", None)) == {"bears", "forest"}
    actions.cast(g, g.player("Алиса"), "titan")
    _pass_to_decision(g)
    actions.choose(g, "bears")   # the target of the "enters" trigger
    _pass_to_decision(g)
    actions.choose(g, "yes")     # "you may" (603.5)
    _resolve_all(g)
    assert g.objects["bears"].zone == "battlefield" and g.objects["bears"].controller == "Алиса"


def test_return_from_graveyard_keys_are_checked():
    with pytest.raises(CardDataError, match="return_from_graveyard"):
        card_from_dict({**BASE, "targets": ["creature_card_in_a_graveyard"],
                        "effects": [{"return_from_graveyard": "target1", "add_colors": ["mauve"]}]}, "t.yaml")
    with pytest.raises(CardDataError, match="add_colors"):
        card_from_dict({**BASE, "targets": ["creature"], "effects": [{"destroy": "target1", "add_colors": ["black"]}]},
                       "t.yaml")


def test_relentless_rats_count_other_rats_on_the_whole_battlefield():
    g = build_game("""
players:
  - name: Алиса
    battlefield:
      - {card: Беспощадные Крысы, id: r1}
      - {card: Беспощадные Крысы, id: r2}
      - {card: Медведи-гризли, id: bears}
  - name: Боб
    battlefield:
      - {card: Беспощадные Крысы, id: r3}
turn: {number: 3, active: Алиса, step: main1}
""")
    from judge_app.engine.kernel import characteristics as ch
    assert [ch.pt(g, g.objects[r]) for r in ("r1", "r2", "r3")] == [(4, 4)] * 3
    assert ch.pt(g, g.objects["bears"]) == (2, 2)


def test_coin_flip_is_answered_win_or_lose_and_if_won_needs_a_flip():
    g = build_game("""
players:
  - name: Алиса
    library: 5
    battlefield:
      - {card: Сейф Волшебника, id: box}
      - {card: Остров, id: i1}
      - {card: Остров, id: i2}
  - name: Боб
turn: {number: 3, active: Алиса, step: main1}
""")
    actions.activate(g, g.player("Алиса"), "box", 1)
    _pass_to_decision(g)
    assert g.decision.kind == "coin_flip"
    with pytest.raises(InvalidInput, match="win, lose"):
        actions.choose(g, "heads")
    actions.choose(g, "win")
    assert g.objects["box"].zone == "graveyard" and len(g.player("Алиса").hand) == 3
    with pytest.raises(CardDataError, match="if_won"):
        card_from_dict({**BASE, "effects": [{"draw": 3, "if_won": True}]}, "t.yaml")


def test_each_player_sacrifices_asks_the_active_player_first_and_exactly_n():
    g = build_game("""
players:
  - name: Алиса
    battlefield:
      - {card: Гора, id: a1}
      - {card: Гора, id: a2}
      - {card: Гора, id: a3}
  - name: Боб
    battlefield:
      - {card: Остров, id: b1}
      - {card: Остров, id: b2}
      - {card: Остров, id: b3}
stack:
  - ability:
      name: Сила
      effects: [{each_player_sacrifices: {what: land, count: 2}}]
    id: force
    by: Боб
turn: {number: 3, active: Алиса, step: main1}
""")
    _pass_to_decision(g)
    assert (g.decision.kind, g.decision.by) == ("sacrifice_choice", "Алиса")   # the active player first (101.4)
    with pytest.raises(InvalidInput, match="ровно 2"):
        actions.choose(g, ["a1"])
    actions.choose(g, ["a1", "a2"])
    assert g.decision.by == "Боб" and g.objects["a1"].zone == "battlefield"   # nothing sacrificed yet
    actions.choose(g, ["b2", "b3"])
    assert [g.objects[x].zone for x in ("a1", "a2", "a3", "b1", "b2", "b3")] == \
        ["graveyard", "graveyard", "battlefield", "battlefield", "graveyard", "graveyard"]


def test_sphinx_names_in_apnap_order_and_a_miss_goes_to_the_bottom():
    g = build_game("""
players:
  - name: Алиса
    library: [{card: Гора, id: amount}, {unknown: 2}]
  - name: Боб
    library: [{card: Молния, id: bbolt}, {card: Остров, id: bisland}]
stack:
  - ability:
      name: Сфинкс
      effects: [{each_player_names_and_reveals: true}]
    id: sphinx
    by: Алиса
turn: {number: 3, active: Алиса, step: main1}
""")
    _pass_to_decision(g)
    assert (g.decision.kind, g.decision.by) == ("name_card", "Алиса")
    with pytest.raises(InvalidInput, match="назовите"):
        actions.choose(g, "  ")
    actions.choose(g, "Mountain")   # English names count too
    actions.choose(g, "Шок")
    assert g.objects["amount"].zone == "hand"
    assert g.player("Боб").library == ["bisland", "bbolt"]


def test_baloth_goes_to_the_graveyard_when_its_owner_makes_themselves_discard():
    g = build_game("""
players:
  - name: Алиса
    hand: [{card: Строптивный Балот, id: baloth}, {card: Молния, id: bolt}]
  - name: Боб
stack:
  - ability:
      name: Сброс
      effects: [{discard: 1, who: you}]
    id: loot
    by: Алиса
turn: {number: 3, active: Алиса, step: main1}
""")
    _pass_to_decision(g)
    assert (g.decision.kind, g.decision.by) == ("discard_choice", "Алиса")
    with pytest.raises(InvalidInput, match="из руки"):
        actions.choose(g, "nothing")
    actions.choose(g, "baloth")
    assert g.objects["baloth"].zone == "graveyard"   # not an opponent's spell or ability
    assert g.objects["bolt"].zone == "hand"


def test_put_onto_battlefield_together_keeps_the_copy_chosen_for_it():
    """Without its copy choice a Clone put onto the battlefield by an effect would be a 0/0."""
    g = build_game("""
players:
  - name: Алиса
    hand: [{card: Массовый Полиморф, id: poly}]
    mana_pool: {U: 6}
    library: [{card: Клон, id: clone}, {unknown: 2}]
    battlefield:
      - {card: Ллановарские эльфы, id: e1}
  - name: Боб
    battlefield:
      - {card: Медведи-гризли, id: bears}
turn: {number: 3, active: Алиса, step: main1}
""")
    actions.cast(g, g.player("Алиса"), "poly")
    _pass_to_decision(g)
    assert g.decision.kind == "polymorph_as_enters" and set(g.decision.options) == {"none", "bears"}   # not e1: exiled
    actions.choose(g, "bears")
    from judge_app.engine.kernel import characteristics as ch
    assert g.objects["clone"].zone == "battlefield" and ch.pt(g, g.objects["clone"]) == (2, 2)
