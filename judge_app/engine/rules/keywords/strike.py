"""Combat damage keywords: first strike and double strike (702.7, 702.4, 510.4),
deathtouch as lethal damage (702.2c), trample (702.19), and the lethal damage a
damage assignment must reach (510.1c-d)."""

from __future__ import annotations

from judge_app.engine.kernel import characteristics as ch
from judge_app.engine.rules.keywords import has


def first_or_double(game, obj) -> bool:
    return has(game, obj, "first_strike") or has(game, obj, "double_strike")


def toughness(game, obj) -> int:
    c = ch.compute_pt(game, obj)
    return c.toughness if c else 0


def power(game, obj) -> int:
    c = ch.compute_pt(game, obj)
    return c.power if c else 0


def lethal_needed(game, recipient, assigned_before: int, deathtouch_before: bool, source_deathtouch: bool) -> int:
    """How much more damage ``recipient`` (a creature) must be assigned by a source for it
    to count as lethal (510.1c, 702.19b: damage marked and damage assigned by other
    creatures this step count; 702.2c: 1 from a deathtouch source is enough)."""
    if deathtouch_before:
        return 0
    left = toughness(game, recipient) - recipient.damage - assigned_before
    if left <= 0:
        return 0
    return 1 if source_deathtouch else left
