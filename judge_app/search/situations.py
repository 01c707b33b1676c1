"""Situations in a judge's own words -> the rule that answers them.

A question rarely uses the rule's words: «когда умирает существо с нулевой выносливостью» is
answered by 704.5f, whose text says «выносливость … равна 0 … помещается на кладбище». The
content words of the question are searched as usual; on top of that ``data/situations.tsv``,
reviewed data like the slang file, names the rule for a situation: every word of the row
(any grammatical form, compared as index terms; ``a|b`` is either word) must be in the query.
Rows are general situations (the state-based actions of 704.5, the questions of turn structure
judges are asked), each with the rule text it rests on; a test checks that the rule exists and
that the situation finds it.

``SituationTable.rules(terms)`` gives the matching rows' rule numbers, the rows with more words
first (a longer situation is the more specific answer).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from judge_app.search.analysis import word_terms
from judge_app.search.datafile import read_rows
from judge_app.search.understand import DATA

SITUATIONS_FILE = DATA / "situations.tsv"
MAX_RULES = 3  # situation rules shown first for one query


@dataclass(frozen=True)
class Situation:
    words: tuple[tuple[str, ...], ...]  # per word of the situation: its alternatives as typed
    rule: str
    source: str
    line: int


def load_situations(path: str | Path = SITUATIONS_FILE) -> list[Situation]:
    """The situations file (``#`` comments, header ``situation rule source``)."""
    out: list[Situation] = []
    for n, row in read_rows(path, ["situation", "rule", "source"]):
        if not re.fullmatch(r"\d{3}(?:\.\d+[a-z]?)?", row[1].strip()):
            raise ValueError(f"{path}: line {n}: not a rule number: {row[1]!r}")
        words = tuple(tuple(a for a in w.split("|") if a) for w in row[0].split())
        out.append(Situation(words, row[1].strip(), row[2].strip(), n))
    return out


class SituationTable:
    """The situations with their words analysed as the index analyses them."""

    def __init__(self, ru: str, situations: list[Situation] | None = None):
        self.rows = load_situations() if situations is None else situations
        self._terms = [[set(t for a in alts for t in (word_terms(a, ru) or (a.lower(),)))
                        for alts in s.words] for s in self.rows]
        # the rows under each term of their first word (a row the query matches holds one of
        # them), so a query tests only the rows it could match, not every row
        self._by_first: dict[str, list[int]] = {}
        self._always = [i for i, words in enumerate(self._terms) if not words]
        for i, words in enumerate(self._terms):
            for t in (words[0] if words else ()):
                self._by_first.setdefault(t, []).append(i)

    def rules(self, terms: list[tuple[str, ...]]) -> list[str]:
        """Rule numbers of the rows whose every word the query holds (``terms``: the query's
        words as index-term tuples, see ``query.query_terms``), longest rows first."""
        held = {t for alts in terms for t in alts}
        near = set(self._always).union(*(self._by_first.get(t, ()) for t in held))
        found = [(len(self._terms[i]), i) for i in sorted(near) if all(held & w for w in self._terms[i])]
        found.sort(key=lambda x: (-x[0], x[1]))
        return list(dict.fromkeys(self.rows[i].rule for _, i in found))[:MAX_RULES]
