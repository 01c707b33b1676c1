"""Combat (506-511). The combat issue fills this in; for now no creature is declared as
an attacker, so the declare blockers and combat damage steps are skipped (508.8)."""

from __future__ import annotations

from judge_app.engine.errors import InvalidInput
from judge_app.engine.state import Game

COMBAT_ACTIONS = ("attack", "block", "order_blockers", "assign_damage")


def declare_attackers(game: Game) -> bool:
    """Turn-based action of the declare attackers step. Returns True if any creature attacks."""
    game.emit("no_attackers", f"{game.ap.name} не объявляет атакующих: шаги объявления блокирующих и боевых повреждений пропускаются",
              "No attackers are declared", [game.ap.name], ["no_attackers"])
    return False


def unsupported(action: str) -> InvalidInput:
    return InvalidInput(f"действие «{action}» относится к бою, который ещё не реализован (задача о бое)")
