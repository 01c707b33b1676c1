""""Whenever [this] becomes blocked by a [white] creature": a trigger once for each creature that
blocks it, whose characteristics are read at the point it becomes a blocking creature (509.3f;
509.5f in 2020). Written for the example of 509.3f (CR 2026-01-16): "Whenever this creature
becomes blocked by a white creature, destroy that creature at end of combat" — a black blocker
turned white later does not trigger it.

The trigger word ``becomes_blocked_by_creature``, with an optional ``blocker_color`` filter, is
detected as blockers are declared (``hooks.BLOCKED``, asked by ``combat`` where the attacker
becomes blocked, 509.1h). Each blocker that fits triggers it once; its effects name that blocker
``that_creature`` (a delayed "destroy that creature at end of combat" carries it, 603.7), and they
do nothing to it once it has left the battlefield (400.7).
"""

from __future__ import annotations

from judge_app.engine.kernel import characteristics as ch
from judge_app.engine.kernel import hooks, triggers

WORD = "becomes_blocked_by_creature"


def _colors(game, obj) -> tuple:
    c = ch.of(game, obj)
    return tuple(c.colors if c is not None else obj.colors)


def on_blocked(game, attacker, blockers: list) -> None:
    """The attacker's ``becomes_blocked_by_creature`` abilities, once for each blocker that fits now."""
    for i, ab in enumerate(attacker.abilities):
        if ab.get("trigger") != WORD:
            continue
        for b in blockers:
            if ab.get("blocker_color") and ab["blocker_color"] not in _colors(game, b):
                continue
            info = {**triggers._info(attacker, game), "_that": (b.id, b.incarnation)}
            triggers._pending(game, attacker.id, info, i, ab, "trigger_blocked_by")


hooks.register(hooks.BLOCKED, on_blocked)
hooks.register(hooks.TRIGGER, on_blocked, keys=(WORD,))   # the word is detected here: "becomes_blocked_by_creature"
