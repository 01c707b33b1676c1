"""Keyword abilities (702) as rules: who may attack and block, who may be targeted,
what damage does. Each check returns the rule keys (``citations*.json``) that forbid
or explain something, never a bare number.

Keywords are read from the object as written (printed/ad-hoc, see
``characteristics.keyword_names``); layers 1-6 are not computed yet.

Modules
-------
evasion     attack restrictions (302.6, 702.3 defender, 702.10 haste) and blocking
            restrictions (702.9 flying / 702.17 reach, 702.13 intimidate, 702.35 fear,
            702.110 menace, 702.16f protection, "can't block", "can't be blocked")
protection  protection from a colour / card type / everything (702.16): blocking,
            damage prevention, targeting
strike      first strike / double strike (702.7, 702.4), deathtouch lethality (702.2c),
            trample (702.19), lethal damage for assignment (510.1c-d)
"""

from __future__ import annotations

from judge_app.engine import characteristics as ch
from judge_app.engine.state import Obj

EVASION = ("flying", "menace", "intimidate", "fear", "cant_be_blocked", "protection")


def names(obj) -> set:
    """Keyword names of an object (an Obj or an LKI dict)."""
    if isinstance(obj, dict):
        return {next(iter(k)) if isinstance(k, dict) else str(k) for k in obj.get("keywords", ())}
    return set(ch.keyword_names(obj))


def has(obj, kw: str) -> bool:
    return kw in names(obj)


def arg(obj: Obj, kw: str) -> list:
    """All arguments of a keyword with arguments, e.g. protection: {from: [red, creatures]}."""
    out = []
    kws = obj.get("keywords", ()) if isinstance(obj, dict) else obj.keywords
    for k in kws:
        if isinstance(k, dict) and kw in k:
            out.append(k[kw])
    return out
