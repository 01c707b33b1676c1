"""The base game before its variants: which rules and queries are about a multiplayer or
casual variant.

A judge's question that names no variant («кто ходит первым в партии») is asked about the
ordinary two-player game, yet the rules of chapters 8 (multiplayer: 808.4 «первым ходит
игрок…») and 9 (casual variants: 903.7) hold the same words and often more of them.
``arrange.base_game_first`` puts them after the rest for such a question. A query **names a
variant** if one of its words titles headings of chapters 8 and 9 only («командир»,
«гигант», «император»; «игрок» titles 102 «Игроки» too), or it holds a whole such title.

Tried and left out, as it moved no answer into the top five on the studied rows: also putting
after the rest the base chapters' variant subrules (a text opening with a variant's name,
taken from the headings' titles: 119.1a «В варианте игры Двухголовый Гигант…»).
"""
from __future__ import annotations

import re

_VARIANT = re.compile(r"[89](?:\d\d(?:\.|$)|$)")  # chapter 8 «Multiplayer», 9 «Casual variants»


def is_variant_rule(number: str) -> bool:
    """Is ``number`` a rule (or heading) of chapters 8 and 9 (810.9a, 903, 8)?"""
    return bool(number) and bool(_VARIANT.match(number))


def names_variant(terms, headings_by_term: dict[str, set[str]], topics: list[str]) -> bool:
    """Does a query (``terms``: its words as term tuples) name a variant? ``headings_by_term``:
    index term -> numbers of the headings it titles; ``topics``: the headings whose whole
    title the query holds."""
    for alts in terms:
        nums = set().union(*(headings_by_term.get(t, ()) for t in alts))
        if nums and all(is_variant_rule(n) for n in nums):
            return True
    return any(is_variant_rule(n) for n in topics)
