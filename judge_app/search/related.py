"""Words of another root or form that a question uses where the rule that answers uses its
partner: reviewed data in ``data/related.tsv``, each row with the rule text it rests on.

A judge asks in the words of the situation, the rule states the condition: «может ли
повёрнутое существо блокировать» is answered by 509.1a «Выбранные существа должны быть
развёрнутыми» (antonym); «сколько жизней в начале партии» by 103.3 «начинает партию с
начальным количеством жизней» (noun ↔ verb ↔ adjective of one root, which neither the
Snowball stem nor pymorphy3's lemma joins: начал / начина); «урон» is the players' word for
the rules' «повреждения» (synonym).

A row is a group of words; every word of the group is linked to every other, compared as
index terms (pymorphy3 lemmas, English stems: a participle is its verb's lemma, so
«повёрнутый» is «повернуть»). ``relation`` says how the search counts the partner:

* ``synonym``: the partner is the same word (a full alternative term): the rules say
  «оппонент» where players say «соперник», and a rule never holding «соперник» must not lose
  the word's whole weight;
* ``antonym`` and ``derived``: the partner counts as the word for matching but scores at
  ``query.RELATIVE_BOOST``, like a verb's aspect family (``families.py``): the condition «must
  be untapped» answers a question about a tapped creature, but a rule about tapping is the
  closer match when it holds every word.

``RelatedWords(ru)``: ``strong(term)`` and ``weak(term)`` give a term's partners.
"""
from __future__ import annotations

from pathlib import Path

from judge_app.search.analysis import word_terms
from judge_app.search.datafile import read_rows
from judge_app.search.understand import DATA

RELATED_FILE = DATA / "related.tsv"
RELATIONS = ("synonym", "antonym", "derived")


def load_related(path: str | Path = RELATED_FILE) -> list[tuple[tuple[str, ...], str, str, int]]:
    """The rows as (words, relation, source, line); ``#`` lines are comments, the first row is
    the header ``words relation source``. A row with fewer than two words, an unknown relation
    or an empty column is refused, naming the line."""
    out = []
    for n, row in read_rows(path, ["words", "relation", "source"]):
        words = tuple(row[0].split())
        if len(words) < 2:
            raise ValueError(f"{path}: line {n}: a group needs two words or more: {row[0]!r}")
        if row[1].strip() not in RELATIONS:
            raise ValueError(f"{path}: line {n}: relation must be one of {', '.join(RELATIONS)}: {row[1]!r}")
        out.append((words, row[1].strip(), row[2].strip(), n))
    return out


class RelatedWords:
    """The related-words groups with their words analysed as the index analyses them."""

    def __init__(self, ru: str, rows=None):
        self._strong: dict[str, set[str]] = {}
        self._weak: dict[str, set[str]] = {}
        for words, relation, _, _ in (load_related() if rows is None else rows):
            terms = [set(word_terms(w, ru)) for w in words]
            links = self._strong if relation == "synonym" else self._weak
            for i, own in enumerate(terms):
                others = set().union(*(t for j, t in enumerate(terms) if j != i)) - own
                for t in own:
                    links.setdefault(t, set()).update(others)

    def strong(self, term: str) -> tuple[str, ...]:
        """The term's synonyms (full alternatives), sorted."""
        return tuple(sorted(self._strong.get(term, ())))

    def weak(self, term: str) -> tuple[str, ...]:
        """The term's antonyms and derived words (alternatives at the relative weight), sorted."""
        return tuple(sorted(self._weak.get(term, ())))
