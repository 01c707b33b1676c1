"""The trigger "whenever an opponent is dealt noncombat damage" (603.2c, 120.2b):
``trigger: opponent_dealt_noncombat_damage``. Written for Chandra's Spitfire (FAQ M2011, issue 11).

Called by ``events.deal_damage`` once for each damage event that a player is dealt outside the
combat damage step (combat damage is the damage attacking and blocking creatures deal in it,
510.2; everything else is noncombat, 120.2b). The ability triggers once per event, whatever the
amount (603.2c, FAQ r198), and once for each opponent an event damages (r199): a source that
damages two opponents is two events here, one per player.
"""

from __future__ import annotations

from judge_app.engine.kernel import hooks, triggers
from judge_app.engine.kernel.state import Game

KIND = "opponent_dealt_noncombat_damage"


def on_noncombat_damage_to_player(game: Game, player) -> None:
    for sid in list(game.battlefield):
        src = game.objects[sid]
        for i, ab in enumerate(src.abilities):
            if ab.get("trigger") == KIND and src.controller != player.name \
                    and triggers._condition_holds(game, src.controller, ab):
                triggers._pending(game, sid, triggers._info(src, game), i, ab, "damage_noncombat")


hooks.register(hooks.DAMAGE_TO_PLAYER, on_noncombat_damage_to_player)


hooks.register(hooks.TRIGGER, on_noncombat_damage_to_player, keys=(KIND,))
