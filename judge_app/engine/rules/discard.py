"""Discarding a card (701.8a): moving it from its owner's hand to the graveyard, remembering whose
spell or ability made the player discard it while the move happens — a replacement effect may ask
(Obstinate Baloth: "if a spell or ability an opponent controls causes you to discard [this]",
discard_effects.py). Shared by every effect that discards: the player's choice (discard_effects.py)
and at random (random_discard.py, 701.8b)."""

from __future__ import annotations

from judge_app.engine.kernel import events as ev
from judge_app.engine.kernel.state import Game, Obj

CAUSE = "discard_cause"   # game.sba_choices key: the controller of the spell or ability discarding a card now


def discard(game: Game, who, card: Obj, by: str, keys: tuple) -> None:
    """``who`` discards ``card`` because of a spell or ability ``by`` controls (a "whenever a player
    discards" ability triggers even if a replacement puts the card elsewhere, 701.8c)."""
    game.sba_choices[CAUSE] = by
    try:
        ev.move(game, card, "graveyard", keys=keys, kind="discard",
                text_ru=f"{who.name} сбрасывает {card.label()}", text_en=f"{who.name} discards {card.label_en()}")
    finally:
        game.sba_choices.pop(CAUSE, None)


def cause(game: Game) -> str | None:
    """The controller of the spell or ability making a player discard right now, or None."""
    return game.sba_choices.get(CAUSE)
