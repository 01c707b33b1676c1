"""The only exceptions the engine raises on bad input."""

from __future__ import annotations


class EngineError(Exception):
    """Base class: anything the engine refuses or cannot read."""


class InvalidInput(EngineError):
    """An action or board that does not make sense (unknown object, malformed action)."""


class Refused(EngineError):
    """A legal-looking action the rules forbid; carries the rule keys that forbid it."""

    def __init__(self, message: str, rule_keys: list[str], rules: list[str] | None = None):
        super().__init__(message)
        self.message = message
        self.rule_keys = list(rule_keys)
        self.rules = list(rules or [])


def refuse(game, message: str, *keys) -> Refused:
    """A refusal citing the rules behind ``keys`` in the game's rules version (citations)."""
    return Refused(message, list(keys), [game.cite(k) for k in keys])
