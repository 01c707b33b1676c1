"""The one list of the modules that plug into the kernel's hooks, loaded once with the package.

A module of the rules, a mechanism or a variant declares what it handles when it is imported
(``kernel/hooks.py``: an instruction, a decision, an ``ask``, a condition, a damage listener, a
"can't be the target" check, the clone hook; ``kernel/replacement.py``: a replacement or
prevention ``Kind``). Nothing else imports a mechanism, so this list is what makes one exist:
adding a mechanism is one module, its line here, its vocabulary entry and its citations.

The order is the load order; where two hooks of a kind must run in a given order they say so by
their ``order`` (hooks.register), never by their place in this list. This is the only module
allowed to import every layer (tests/engine/test_import_layers.py).
"""

from __future__ import annotations

from importlib import import_module

MODULES = (
    # rules: combat, costs, targets, the stack, zones. effects first: the rules' modules import one
    # another (effects <-> stack_fights, combat, costs: targets and instructions), and effects reads
    # stack_fights' and target_kinds' tables as it is imported, so it must be the cycle's entry.
    "rules.effects", "rules.combat", "rules.costs", "rules.stack_fights", "rules.zone_actions", "rules.group_effects",
    "rules.resolution_amounts", "rules.mana_effects", "rules.attack_requirements", "rules.extra_phases",
    "rules.graveyard_targets", "rules.aura_abilities", "rules.keywords.protection", "rules.prevention",
    "rules.regeneration", "rules.enter_replacements", "rules.zone_replacements", "rules.entering_choices",
    "rules.reveal", "rules.untap_locks",
    # mechanisms: one verb or one kind of effect each
    "mechanisms.blocked_by_triggers", "mechanisms.cant_by_color", "mechanisms.changeling", "mechanisms.cast_bans", "mechanisms.check_lands", "mechanisms.coin_flips",
    "mechanisms.conditional_statics", "mechanisms.copy_new_target", "mechanisms.counter_amounts", "mechanisms.counter_triggers",
    "mechanisms.damage_triggers", "mechanisms.discard_effects", "mechanisms.double_faced", "mechanisms.each_player_sacrifices",
    "mechanisms.enchanted_locks", "mechanisms.entering_copies", "mechanisms.game_end_effects", "mechanisms.lasting_control",
    "mechanisms.life_effects", "mechanisms.life_payments", "mechanisms.meld", "mechanisms.mutual_damage", "mechanisms.naming", "mechanisms.nongreen_hexproof",
    "mechanisms.phylactery", "mechanisms.random_discard", "mechanisms.removal", "mechanisms.replacement_effects",
    "mechanisms.reveal_until", "mechanisms.revealed_cards", "mechanisms.revealed_cast", "mechanisms.shadow", "mechanisms.source_durations", "mechanisms.spell_keywords", "mechanisms.trigger_division",
    # mechanisms of the 2026 examples on zones and control (701.12, 701.23, 701.24, 701.67)
    "mechanisms.each_player_searches", "mechanisms.exchange_control", "mechanisms.flashback", "mechanisms.graveyard_shuffle_targets",
    "mechanisms.hand_size", "mechanisms.library_shuffles", "mechanisms.namesake_exile", "mechanisms.spell_self_exile",
    "mechanisms.waterbend",
    # variants
    "variants.opening_hand", "variants.two_headed_giant",
)


def load() -> None:
    """Import every module of MODULES (each registers its hooks once: Python imports a module once)."""
    for name in MODULES:
        import_module(f"{__package__}.{name}")
