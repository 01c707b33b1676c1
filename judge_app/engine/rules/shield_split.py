"""Which damage a "prevent the next N damage" shield prevents when several sources deal damage
at once: the shielded player chooses (615.7). Written for Vengeful Archon (FAQ M2011 ruling 183).

Why a module: ``replacement.run`` modifies one damage event at a time, so a shield met by
simultaneous damage from two or more sources would be used up in whatever order the events are
processed. 615.7 gives that choice to the shielded player (or the controller of the shielded
permanent): before simultaneous damage is dealt (combat damage, 510.2 — the only damage the
engine deals from several sources at once), ``plan`` asks, for each shield that can't prevent all
of it, how many of the shield's points go to each source. The answer is a decision
(``prevention_split``) whose options are every legal split: ``SOURCE=N,SOURCE=N`` in the order of
the sources, the numbers adding up to what is left of the shield and none above that source's
damage. The split is kept on the shield as ``allot`` while that damage is dealt
(``prevention._next_applies`` reads it) and dropped after (``done``).
"""

from __future__ import annotations

from itertools import product
import math

from judge_app.engine.kernel import replacement
from judge_app.engine.kernel.messages import say
from judge_app.engine.kernel.state import Game

DECISIONS = ("prevention_split",)
MAX_TRIED = 200_000   # candidate splits looked at (one per source amount combination)
MAX_OPTIONS = 1000   # a choice the builder can still list; beyond it the trace says the order of processing is used


def _splits(amounts: list, left: int) -> list:
    """Every way to share ``left`` points among sources dealing ``amounts`` (each 0..its amount)."""
    return [c for c in product(*(range(n + 1) for n in amounts)) if sum(c) == left]


def plan(game: Game, items: list, preventable) -> None:
    """``items``: [(source id, recipient ref, amount)] about to be dealt at the same time;
    ``preventable(source id, recipient ref)``: whether a shield could prevent that damage at all
    (not "can't be prevented", 615.12; not already prevented by protection)."""
    for i, shield in enumerate(game.effects):
        if shield.get("kind") != "shield" or shield.get("shield") != "prevent_next" or shield.get("left", 0) <= 0:
            continue
        target = shield["target"]
        if not game.has_player(target):
            o = game.objects.get(target)
            if o is None or o.zone != "battlefield" or o.incarnation != shield.get("incarnation"):
                continue
        per_source: dict = {}
        for s, r, n in items:
            if r == target and n > 0 and preventable(s, r):
                per_source[s] = per_source.get(s, 0) + n
        if len(per_source) < 2 or sum(per_source.values()) <= shield["left"]:
            continue   # one source, or enough shield for all of it: nothing to choose (615.7)
        sources = list(per_source)
        amounts = [per_source[s] for s in sources]
        options = [",".join(f"{s}={k}" for s, k in zip(sources, c)) for c in _splits(amounts, shield["left"])] \
            if math.prod(n + 1 for n in amounts) <= MAX_TRIED else []
        if not options or len(options) > MAX_OPTIONS:
            say(game, "prevent_choice", "shield_split.plan.prevent_choice.2", [target, *per_source],
                ["prevent_shield_sources"], get=shield.get('source_name', ''),
                value=len(options) or 'больше ' + str(MAX_OPTIONS))
            continue
        by = target if game.has_player(target) else game.objects[target].controller
        what = ", ".join(f"{game.objects[s].label()} — {per_source[s]}" for s in sources)
        answer = replacement.choose_option(
            game, by, options, f"{by} выбирает, какие из одновременных повреждений ({what}) предотвращает щит "
            f"«{shield.get('source_name', '')}» (осталось {shield['left']}): ответ «источник=сколько» через запятую",
            kind="prevention_split", keys=("prevent_shield_sources",))
        allot = {s: int(k) for s, k in (part.split("=") for part in answer.split(","))}
        game.effects[i] = {**shield, "allot": allot}
        say(game, "prevent_choice", "shield_split.plan.prevent_choice", [by, *sources], ["prevent_shield_sources"],
            by=by, get=shield.get('source_name', ''),
            list=", ".join(f"{game.objects[s].label()} — {k}" for s, k in allot.items()))


def allotted(shield: dict, source_id: str) -> int | None:
    """How much of the shield this source's damage may still use (None: no split was chosen)."""
    if "allot" not in shield:
        return None
    return shield["allot"].get(source_id, 0)


def use(game: Game, index: int, source_id: str, n: int) -> None:
    """``n`` points of the shield at ``index`` went to ``source_id``'s damage."""
    shield = game.effects[index]
    if "allot" in shield:   # a new dict: clones of the game share the old one (Game.clone copies one level)
        game.effects[index] = {**shield, "allot": {**shield["allot"], source_id: shield["allot"].get(source_id, 0) - n}}


def done(game: Game) -> None:
    """The simultaneous damage has been dealt: the split no longer applies."""
    game.effects = [{k: v for k, v in e.items() if k != "allot"} if "allot" in e else e for e in game.effects]
