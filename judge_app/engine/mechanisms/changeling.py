"""Changeling, a characteristic-defining ability: "this object is every creature type" (702.73a;
702.72a in 2020), applied first in layer 4 (604.3, 613.3). Written for the example of 707.9d
(CR 2026-01-16): Glasspool Mimic enters as a copy of a creature with changeling "except it's a
Shapeshifter Rogue in addition to its other types" — such a copy copies the characteristic-defining
ability that defines subtypes, so the Mimic has changeling and every creature type.

Written in the card vocabulary ``{static: changeling}`` (``hooks.STATIC``); the creature types are
those 205.3m lists in the release the game plays (``creature_types.json``: 315 in 2026, 249 in 2020).
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from judge_app.engine.kernel import hooks
from judge_app.engine.kernel.continuous import CEffect

KIND = "changeling"
TYPES_FILE = Path(__file__).resolve().parents[1] / "creature_types.json"


@lru_cache(maxsize=None)
def creature_types(version: str) -> tuple:
    """Every creature type of 205.3m in ``version`` (the newest list for a release not written down)."""
    data = {k: v for k, v in json.loads(TYPES_FILE.read_text(encoding="utf-8")).items() if not k.startswith("_")}
    return tuple(data.get(version) or data[max(data)])


def _every_creature_type(c, ctx) -> None:
    every = creature_types(ctx.game.rules_version)
    c.subtypes = tuple(c.subtypes) + tuple(t for t in every if t not in c.subtypes)


def effect(src, ab: dict, common: dict) -> CEffect:
    """Its layer-4 effect on its own object: a characteristic-defining ability (613.3)."""
    return CEffect(parts={"4": _every_creature_type}, cda=True, keys=("changeling",),
                   text="перевёртыш: это существо всех типов существ (способность, определяющая характеристики)",
                   select=lambda ctx, oid, c, s: oid == s, writes=frozenset({"subtypes"}), **common)


hooks.register(hooks.STATIC, effect, keys=(KIND,))
