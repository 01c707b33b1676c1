"""Shadow, an evasion ability both ways (702.28b; 702.27b in 2020): a creature with shadow can't
be blocked by creatures without shadow, and a creature without shadow can't be blocked by
creatures with shadow. Written for the example of 509.1b (CR 2026-01-16): evasion abilities are
cumulative, so an attacker with flying and shadow can't be blocked by a creature with flying but
without shadow, nor by one with shadow but neither flying nor reach.

Asked as a blocking restriction between one blocker and one attacker (``hooks.BLOCK_BAN``, from
``keywords.evasion.pair_problems``), with the keywords the layers give both now (613.1f), so a
creature that gains or loses shadow after blockers are declared keeps its block (509.1b).
"""

from __future__ import annotations

from judge_app.engine.kernel import hooks
from judge_app.engine.kernel.reasons import reason
from judge_app.engine.rules.keywords import names

KEYWORD = "shadow"


def forbids_block(game, blocker, attacker) -> list:
    """[(rule keys, reason)] when exactly one of the two has shadow, else []."""
    a, b = KEYWORD in names(game, attacker), KEYWORD in names(game, blocker)
    if a == b:
        return []
    if a:
        return [(["shadow"], reason("block.shadow", attacker=attacker, blocker=blocker))]
    return [(["shadow"], reason("block.shadow_blocker", attacker=attacker, blocker=blocker))]


hooks.register(hooks.BLOCK_BAN, forbids_block, keys=(KEYWORD,))   # the key: its citation and keyword
