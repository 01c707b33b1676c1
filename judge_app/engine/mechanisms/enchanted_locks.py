"""An Aura that locks the creature it enchants (Ice Cage): "its activated abilities can't be
activated" (602.5 — mana abilities too, they are activated abilities, 605.1a) and "when enchanted
creature becomes the target of a spell or ability, destroy [this Aura]".

Why a module: the prohibition is asked by actions.activate and actions.tap_for_mana before
anything is paid, and the trigger by event_triggers.on_targeted for the creature targeted — the
ability is the Aura's, so it goes on the stack above that spell or ability and resolves first
(FAQ M2011 r131). "Can't attack or block" is the Aura's ``static: enchanted`` with keywords
``cant_attack``, ``cant_block`` (layer 6).
"""

from __future__ import annotations

from judge_app.engine.kernel import hooks, triggers
from judge_app.engine.kernel.state import Game, Obj

NO_ACTIVATION = "enchanted_cant_activate"
TRIGGER = "enchanted_becomes_target"


def _auras(game: Game, obj: Obj):
    for oid in game.battlefield:
        a = game.objects[oid]
        if a.attached_to == obj.id:
            yield a


def activation_ban(game: Game, obj: Obj) -> tuple | None:
    """(why, rule key) when an Aura on ``obj`` says its activated abilities can't be activated."""
    for aura in _auras(game, obj):
        if any(ab.get("static") == NO_ACTIVATION for ab in aura.abilities):
            return f"{aura.label()}: активируемые способности {obj.label()} нельзя активировать", "activate_prohibited"
    return None


def on_targeted(game: Game, obj: Obj) -> None:
    for aura in list(_auras(game, obj)):
        for i, ab in enumerate(aura.abilities):
            if ab.get("trigger") == TRIGGER and triggers._condition_holds(game, aura.controller, ab):
                triggers._pending(game, aura.id, triggers._info(aura, game), i, ab, "trigger_event")


hooks.register(hooks.ACTIVATION_BAN, activation_ban)
hooks.register(hooks.TARGETED, on_targeted)


hooks.register(hooks.TRIGGER, on_targeted, keys=(TRIGGER,))
