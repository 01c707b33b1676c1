"""Face-down permanents (707) and turning one face up with morph (702.36e).

A face-down permanent is an ``Obj`` with ``face_down`` set; the layers (``layers.py``)
give it the 707.2a values (a 2/2 creature with no name, text, subtypes or mana cost) as
its copiable values, after its copy effects: a face-down permanent that became a copy of
something stays a face-down 2/2 until it is turned face up, and is then that copy
(706.3). Turning it face up is a special action (116.2b) for its controller while they
hold priority: it shows the morph cost it would have face up, pays it, and the
permanent turns face up (702.36e); effects on it go on applying (707.8).
"""

from __future__ import annotations

from judge_app.cards.model import parse_mana_cost
from judge_app.engine.kernel import layers
from judge_app.engine.kernel.errors import InvalidInput
from judge_app.engine.kernel.messages import say
from judge_app.engine.kernel.state import Game
from judge_app.engine.rules import actions, priority


def morph_cost(game: Game, obj):
    """The morph cost ``obj`` would have face up (None: it would have no morph ability)."""
    face_up = layers.face_up_of(game, obj)
    ab = next((a for a in (face_up.abilities if face_up else ()) if "morph" in a), None)
    return parse_mana_cost(ab["morph"]) if ab else None


@actions._atomic
def turn_face_up(game: Game, player, oid: str, pay=None) -> None:
    actions._require_priority(game, player)
    obj = game.objects.get(oid)
    if obj is None:
        raise InvalidInput(f"неизвестный объект «{oid}»")
    if obj.zone != "battlefield" or obj.controller != player.name or not obj.face_down:
        raise actions.refuse(game, f"{player.name} не контролирует лежащий лицом вниз перманент {oid}", "morph_turn_up")
    cost = morph_cost(game, obj)
    if cost is None:
        raise actions.refuse(game, f"у ({oid}) лицом вверх не было бы способности морфа: перевернуть его "
                             "специальным действием нельзя", "morph_turn_up")
    actions.pay_mana(game, player, cost, pay)
    obj.face_down = False
    game.touch()
    say(game, "turn_face_up", "face_down.turn_face_up.turn_face_up", [oid],
        ["special_action_turn_up", "morph_turn_up", "face_up_reverts"], name=player.name, cost=cost, oid=oid, obj=obj)
    game.passes = 0
    priority.give_priority(game, game.pidx(player.name))
