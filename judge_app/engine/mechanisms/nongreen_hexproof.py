"""A target restriction by colour: "[this] can't be the target of nongreen spells or abilities
from nongreen sources" (115, 113.7), the keyword ``untargetable_by_nongreen``. Written for
Gaea's Revenge (FAQ M2011, issue 11).

Checked with the other target restrictions (``effects.object_fits``: as targets are chosen,
601.2c / 602.2b, and again on resolution, 608.2b). It applies to every nongreen spell and every
ability of a nongreen source, whoever controls them — its own controller's Equipment too
(FAQ r165) — and only while the permanent is on the battlefield (r163). The colour of an
ability is its source's (113.7), as protection reads it.
"""

from __future__ import annotations

from judge_app.engine.kernel import hooks
from judge_app.engine.rules.keywords import protection
KEYWORD = "untargetable_by_nongreen"


def forbids(game, target, source, keywords) -> list:
    """Rule keys why ``source`` (a spell or ability on the stack) can't target ``target``, else []."""
    if KEYWORD not in keywords or source is None:
        return []
    colors, _ = protection.source_traits(game, source)
    return [] if "green" in colors else ["targets"]


hooks.register(hooks.TARGET_BAN, forbids, order=10)   # Gaea's Revenge, before protection
