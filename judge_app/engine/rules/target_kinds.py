"""The kinds of permanent a target may have to be, as the card says it (115.1, 115.2):
"target artifact", "target white or blue creature", "target creature with power 2 or
less", "target Merfolk" …

One table, so that the card loader (``cards.model.TARGET_KINDS``), the engine's check
(``effects.object_fits``, asked when the target is chosen, 601.2c / 603.3d, and again on
resolution, 608.2b) and the board builder's words read the same thing. Each entry is
(Russian words, English words, the test on the permanent's characteristics as they are now,
``controller`` being the player choosing the target). The characteristics are the computed
ones (``Obj.colors``, ``Obj.types``, ``Obj.subtypes``, the layers' power), so a creature that
stops being white or blue, or whose power rises above 2, stops fitting (608.2b, r66, r84).
"""

from __future__ import annotations

from judge_app.engine.kernel import characteristics as ch
from judge_app.engine.rules import combat, while_attacking


def _power_at_most(n: int):
    def test(game, obj, controller) -> bool:
        p, _ = ch.pt(game, obj)
        return obj.is_creature and p is not None and p <= n
    return test


def _creature_of_colors(*colors):
    return lambda game, obj, controller: obj.is_creature and bool(set(colors) & set(obj.colors))


def _permanent_of_colors(*colors):
    return lambda game, obj, controller: bool(set(colors) & set(obj.colors))


def _of_types(*types):
    return lambda game, obj, controller: bool(set(types) & set(obj.types))


def _creature_of_subtype(subtype: str):
    return lambda game, obj, controller: obj.is_creature and subtype in obj.subtypes


def _land_of_subtype(subtype: str):
    return lambda game, obj, controller: "land" in obj.types and subtype in obj.subtypes


def _attacking(game, obj, controller) -> bool:
    return obj.is_creature and combat.is_attacking(game, obj.id)


def _of_defending_player(game, obj, controller) -> bool:
    return while_attacking.creature_of_defending_player(game, obj, controller)


KINDS = {
    "artifact": ("артефакт", "artifact", _of_types("artifact")),
    "enchantment": ("чары", "enchantment", _of_types("enchantment")),
    "artifact_or_enchantment": ("артефакт или чары", "artifact or enchantment", _of_types("artifact", "enchantment")),
    "white_or_blue_creature": ("белое или синее существо", "white or blue creature", _creature_of_colors("white", "blue")),
    "black_or_red_permanent": ("чёрный или красный перманент", "black or red permanent",
                               _permanent_of_colors("black", "red")),
    "creature_power_2_or_less": ("существо с силой 2 или меньше", "creature with power 2 or less", _power_at_most(2)),
    "merfolk": ("Мерфолк", "Merfolk", _creature_of_subtype("Merfolk")),
    "forest": ("Лес", "Forest", _land_of_subtype("Forest")),
    "artifact_enchantment_or_land": ("артефакт, чары или земля", "artifact, enchantment, or land",
                                     _of_types("artifact", "enchantment", "land")),   # Acidic Slime
    "attacking_creature": ("атакующее существо", "attacking creature", _attacking),   # Condemn (506.3)
    "player_or_planeswalker": ("игрок или planeswalker", "player or planeswalker", _of_types("planeswalker")),   # a player too: PLAYER_KINDS
}
PLAYER_KINDS = ("any", "player", "player_or_planeswalker")   # the kinds a player may be (115.1); and
# "opponent" — a player, an opponent of the one choosing (effects.player_fits)


def _creature_of_defending_player(game, obj, controller) -> bool:
    """A creature the defending player controls (Cyclops Gladiator). 506.2: during the combat
    phase of a two-player game the nonactive player is the defending player — still so when the
    attacker has left combat (FAQ M2011 r302); with more players, those ``controller``'s
    attackers attack (506.2a)."""
    c = game.combat
    if not obj.is_creature or not c or controller != game.ap.name:
        return False
    if len(game.players) == 2:
        return obj.controller != controller
    defenders = {combat._defender_of(game, c["attackers"][a]) for a in combat.attacking(game)}
    return obj.controller in defenders


KINDS["creature_defending_player_controls"] = ("существо под контролем защищающегося игрока",
                                               "creature defending player controls", _creature_of_defending_player)


def fits(game, kind: str, obj, controller: str) -> bool:
    return KINDS[kind][2](game, obj, controller)
