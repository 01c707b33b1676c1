"""The review schedule: one FSRS card per trainee and question (the pinned ``fsrs`` package).

A question joins the review deck the first time it is answered wrongly; from then on
every answer to it (in practice, review or an exam) is a review of its card: right is
``Good``, wrong is ``Again``. A card is due when FSRS says so.
"""
from __future__ import annotations

from datetime import datetime, timezone

from fsrs import Card, Rating, Scheduler

_scheduler = Scheduler(enable_fuzzing=False)   # the same schedule on every worker and in tests


def new_card() -> Card:
    return Card()


def review(card_json: str | None, correct: bool, when: datetime | None = None) -> tuple[str, str]:
    """(the card after this answer as JSON, its due time ISO 8601 UTC)."""
    card = Card.from_json(card_json) if card_json else new_card()
    when = when or datetime.now(timezone.utc)
    card, _log = _scheduler.review_card(card, Rating.Good if correct else Rating.Again, when)
    return card.to_json(), card.due.astimezone(timezone.utc).isoformat()


def now_iso() -> str:
    return datetime.now(timezone.utc).isoformat()
