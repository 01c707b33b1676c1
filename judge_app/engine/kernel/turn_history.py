"""What a player did this turn, and Angelic Arbiter's restrictions that read it: "Each opponent
who cast a spell this turn can't attack with creatures. Each opponent who attacked with a
creature this turn can't cast spells."

Why a module: the restrictions look back at the whole turn (FAQ M2011 r40: also at what was done
before the Arbiter entered), so the turn is recorded as it goes — an entry of ``game.effects``
(kind ``history``) per player and deed, ended with the turn's other "until end of turn" effects at
cleanup. The restrictions themselves apply only while the Arbiter is on the battlefield (611.3a,
r39) and only to its controller's opponents (r37). Checked as a spell is begun (601.3) and as
attackers are declared (508.1c).
"""

from __future__ import annotations

from judge_app.engine.kernel.reasons import reason
from judge_app.engine.kernel.state import Game, Obj

ARBITER = "opponents_cast_or_attack"


def note(game: Game, player: str, what: str) -> None:
    """``what``: ``cast`` (a spell) or ``attacked`` (with a creature)."""
    if not did(game, player, what):
        game.effects.append({"kind": "history", "what": what, "player": player, "target": player, "incarnation": -1,
                             "timestamp": 0, "until": "eot"})


def did(game: Game, player: str, what: str) -> bool:
    return any(e.get("kind") == "history" and e["player"] == player and e["what"] == what for e in game.effects)


def _arbiter_against(game: Game, player: str) -> Obj | None:
    for oid in game.battlefield:
        o = game.objects[oid]
        if o.controller != player and any(a.get("static") == ARBITER for a in o.abilities):
            return o
    return None


def attack_problems(game: Game, obj: Obj) -> list:
    arb = _arbiter_against(game, obj.controller) if did(game, obj.controller, "cast") else None
    if arb is None:
        return []
    return [(["attack_restrictions"], reason("attack.arbiter", player=obj.controller, source=arb))]


def cast_problem(game: Game, player: str) -> str | None:
    arb = _arbiter_against(game, player) if did(game, player, "attacked") else None
    if arb is None:
        return None
    return f"{player} атаковал существом в этом ходу, а {arb.label()} не даёт такому оппоненту разыгрывать заклинания"
