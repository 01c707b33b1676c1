"""Derivation, not just inflection: an adjective, participle or verb finds the noun of the
same root that titles the rule (бдительный -> Бдительность, неразрушимый -> Неразрушимость,
ускоренный -> Ускорение).

pymorphy3 lemmas join the forms of one word (бдительного -> бдительный) but not words of one
root.  Two sources of links, both measured on ``bench/judge_queries.tsv`` (kind ``derived``):

* the **Snowball stem** of the word and of its lemma, looked up among the words of rule titles
  and glossary headwords (``index.VOCAB_FILE``): «бдительный» and «бдительность» share the
  stem «бдительн».  Only title words are linked, so a query word gains at most the handful of
  headwords of its root, not every word of the text that happens to share a stem;
* ``data/derivations.tsv`` for roots the stem cannot see (летающий -> полёт, жертва ->
  пожертвовать), reviewed data like the slang file.

* the word's **related words** (``related.py``, ``data/related.tsv``): antonyms, synonyms and
  the noun/verb/adjective of one root a question uses where the answering rule uses the
  partner (повёрнутый -> развёрнутый, начало -> начинать, урон -> повреждение);

* the word's **verb family** (``families.py``): the aspect and reflexive forms of one verb
  among the index's lemmas (разыграть -> разыгрывать, заканчиваться -> заканчивать), for
  every word, title words too: the rule that answers a question is written in whichever
  form its sentence needs.

``Derivations.extra_terms(word)`` gives the index terms to add as alternatives of the word;
a word that is a title word itself gets none (each alternative is one more posting list to
merge, and «способности» needs no «способный»). ``Derivations.relatives(word)`` gives its
verb family, which the query counts as the word but scores lower (``query.Alts``): measured,
at full weight the family's other senses (оставаться «remain» / оставить «leave») pushed
answers out as often as it brought them in.
"""
from __future__ import annotations

import csv
from pathlib import Path

from judge_app.search.analysis import lemmas, ru_lemmas, ru_stem, word_terms
from judge_app.search.families import VerbFamilies
from judge_app.search.related import RelatedWords
from judge_app.search.understand import DATA, fold

DERIVATIONS_FILE = DATA / "derivations.tsv"
MIN_STEM = 4  # shorter stems («пол», «мог») link unrelated words


def load_derivations(path: str | Path = DERIVATIONS_FILE) -> dict[str, list[str]]:
    """{lemma: [word, …]} from the derivations file (``#`` comments, header word/leads_to/source)."""
    out: dict[str, list[str]] = {}
    with open(path, encoding="utf-8", newline="") as f:
        rows = csv.reader((ln for ln in f if ln.strip() and not ln.startswith("#")), delimiter="\t")
        header = next(rows)
        if header[:3] != ["word", "leads_to", "source"]:
            raise ValueError(f"{path}: the header must be word, leads_to, source; got {header}")
        for n, row in enumerate(rows, 2):
            if len(row) != 3 or not all(x.strip() for x in row):
                raise ValueError(f"{path}: row {n} needs three non-empty columns: {row}")
            out.setdefault(ru_lemmas(fold(row[0]))[0], []).extend(row[1].split())
    return out


class Derivations:
    """Links from a Russian word to the title words of its root (see the module docstring)."""

    def __init__(self, title_words, ru: str, table: dict[str, list[str]] | None = None,
                 families: VerbFamilies | None = None, related: RelatedWords | None = None):
        self.ru = ru
        self.families = families
        self.related = related
        self.by_stem: dict[str, set[str]] = {}
        self.title_terms: set[str] = set()
        for w in title_words:
            terms = word_terms(w, ru)
            self.title_terms.update(terms)
            if len(w) < MIN_STEM + 1:
                continue
            for t in terms:
                self.by_stem.setdefault(ru_stem(w), set()).add(t)
        self.table = load_derivations() if table is None else table
        self._cache: dict[str, tuple[str, ...]] = {}

    def relatives(self, word: str) -> tuple[str, ...]:
        """The other lemmas of the word's verb family (``families.py``) and its antonyms and
        derived words (``related.py``), title words too: they count as the word at a lower weight."""
        own = word_terms(fold(word), self.ru)
        found = [r for t in own for r in self.families.relatives(t)] if self.families else []
        if self.related is not None:
            found += [r for t in own for r in self.related.weak(t)]
        return tuple(dict.fromkeys(r for r in found if r not in own))

    def synonyms(self, word: str) -> tuple[str, ...]:
        """The word's synonyms (``related.py``): full alternatives, whether or not it titles rules."""
        if self.related is None:
            return ()
        own = word_terms(fold(word), self.ru)
        return tuple(dict.fromkeys(r for t in own for r in self.related.strong(t) if r not in own))

    def extra_terms(self, word: str) -> tuple[str, ...]:
        """Index terms of the same root that the word's own terms do not already hold."""
        w = fold(word)
        hit = self._cache.get(w)
        if hit is not None:
            return hit
        own = set(word_terms(w, self.ru))
        found: list[str] = []
        if own & self.title_terms:  # the word titles rules itself: its own root is enough
            self._cache[w] = ()
            return ()
        stems = {ru_stem(w)} | {ru_stem(lemma) for lemma in lemmas(w)}
        for st in stems:
            if len(st) >= MIN_STEM:
                found.extend(sorted(self.by_stem.get(st, ())))
        for lemma in lemmas(w):
            for target in self.table.get(lemma, ()):
                found.extend(word_terms(target, self.ru))
        out = tuple(dict.fromkeys(t for t in found if t not in own))
        if len(self._cache) > 50_000:
            self._cache.clear()
        self._cache[w] = out
        return out
