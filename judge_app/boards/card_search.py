"""Cards of the pool by the name a judge types into the builder: Russian or English, any part
of it, and with a typo or two.

A name holding what was typed comes first (the start of a name before the middle); only when
nothing holds it, the names nearest to it in spelling (rapidfuzz, as the rules search does):
a judge on a phone types «Слуга худажника» and still finds «Слуга художника».
"""
from __future__ import annotations

from rapidfuzz import fuzz

from judge_app.cards.model import CardDef, default_pool

MIN_FUZZY = 4        # shorter queries match too many names by spelling
FUZZY_CUTOFF = 80    # partial_ratio of the query against a name (0–100)


def _fold(s: str) -> str:
    return s.casefold().replace("ё", "е")


def _names(c: CardDef) -> list[str]:
    return [_fold(n) for n in (c.name_ru, c.name_en, *c.aliases) if n]


def find(query: str, limit: int = 20) -> list[CardDef]:
    """The pool's cards for ``query``, best first (an empty query: the whole pool by name)."""
    q = _fold(query.strip())
    cards = default_pool().cards
    hits = [c for c in cards if not q or any(q in n for n in _names(c))]
    if hits or len(q) < MIN_FUZZY:
        hits.sort(key=lambda c: (not any(n.startswith(q) for n in _names(c)), c.name_ru))
        return hits[:limit]
    scored = [(max(fuzz.partial_ratio(q, n) if len(n) >= len(q) else fuzz.ratio(q, n) for n in _names(c)), c)
              for c in cards]
    scored = [(s, c) for s, c in scored if s >= FUZZY_CUTOFF]
    scored.sort(key=lambda sc: (-sc[0], sc[1].name_ru))
    return [c for _, c in scored[:limit]]
