"""The documents holding an index term, as a Python int used as a bit set (bit n: document n).

Why: Whoosh matches a word of several alternative terms over five fields by leapfrogging
through a tree of union matchers in pure Python, and a question of six words usually holds
no document with every word: the search spent most of its time proving that. With each
(field, term)'s documents kept as an int, a conjunction is a few big-int ANDs (microseconds),
so ``query._run_words`` runs Whoosh's scoring search only when it has something to find, and
the partial tier reads which candidates hold a word from the same sets. The sets answer
exactly what Whoosh's matchers would (same postings), so no ranking changes.

The same reading keeps each (field, term)'s BM25F score in every document that holds it
(Whoosh's own scorer, read once), so ``rank`` scores a query of summed terms over a set of
documents with numpy instead of Whoosh's per-document matcher tree: the scores are Whoosh's
(an And, an Or and an AndMaybe add their parts' scores; a boost multiplies), ties go to the
lower document number as in Whoosh's collector.

An opened index keeps up to ``CACHE_TERMS`` terms (a common word's postings are a few KB).
"""
from __future__ import annotations

import os
import threading

import numpy as np
from whoosh.codec.whoosh3 import W3LeafMatcher
from whoosh.scoring import BM25FScorer

CACHE_TERMS = 8192
DENSE_WORDS = 4096  # words kept as bool arrays (``word_dense``: ~23 KB each)
SCORES_FILE = "postings_scores.npz"   # every (field, term)'s documents and BM25F scores, saved at build
SAVED_FIELDS = ("title", "text", "en_terms", "ru_terms", "cited")  # the fields words are ranked in
# and the fields a search reads documents by (a heading's rules, a rule number, a filter's
# kind/language/release, a scenario's cards): saved too, so that no search reads Whoosh's postings
KEY_FIELDS = ("numpath", "number", "kind", "lang", "version", "is_title_rule", "cards")
_EMPTY = ((), ())


class Postings:
    """Per opened index: ``term(field, text)``, ``word(alts, fields)``, ``every(words, fields)``."""

    def __init__(self, searcher, doc_count: int, lock: threading.RLock | None = None,
                 index_dir: str | None = None):
        self.searcher = searcher
        self.index_dir = index_dir
        self._saved: dict[tuple[str, str], tuple[int, int]] | None = None  # ``SCORES_FILE``'s slices
        self._saved_ids = self._saved_scores = None
        self.reader = searcher.reader()
        self.size = doc_count
        self.nbytes = (doc_count + 7) // 8
        self._terms: dict[tuple[str, str], int] = {}
        self._scored: dict[tuple[str, str], tuple[np.ndarray, np.ndarray]] = {}
        self._words: dict[tuple, int] = {}
        self._masks: dict[tuple[str, str], int] | None = None  # ``_saved_mask``: every saved term's bit set
        self._laid: dict[tuple, tuple[list, list]] = {}  # ``laid``: a word's postings and weighted scores
        self._dense_words: dict[tuple, np.ndarray] = {}  # ``word_dense``
        self._word_dfs: dict[tuple, int] = {}  # ``word_df``
        self._dfs: dict[tuple[str, str], int] = {}
        self._field_lengths: dict[str, np.ndarray] = {}
        self._lock = lock or threading.RLock()  # the searcher's: its files are read by one thread at a time

    def term(self, field: str, text: str) -> int:
        """The documents whose ``field`` holds ``text`` (0 when none do)."""
        key = (field, text)
        got = self._terms.get(key)
        if got is not None:
            return got
        with self._lock:
            if self._saved_slice(field, text) is not None:  # a saved field: its sets made at once
                mask = self._saved_mask(key)
            else:
                ids = self._read_ids(field, text) if self.reader.doc_frequency(field, text) else ()
                mask = self._mask(ids) if len(ids) else 0
        self._keep(key, mask)
        return mask

    def _saved_mask(self, key: tuple[str, str]) -> int:
        """The bit set of a saved (field, term) (0: not saved, no documents). Every saved term's
        is made at the first call (~0.1 s, ~50 MB for the ~24k saved terms): a question run for
        the first time made ~15 new ones (~10 us each, a zeroed array and a packbits per term)."""
        if self._masks is None:
            with self._lock:
                if self._masks is None:
                    self._saved_slice("", "")
                    ids = self._saved_ids
                    self._masks = {k: self._mask(ids[a:b]) for k, (a, b) in self._saved.items() if b > a}
        return self._masks.get(key, 0)

    def df(self, field: str, text: str) -> int:
        """The number of documents whose ``field`` holds ``text`` (Whoosh's ``doc_frequency``:
        the index has no deleted documents), from the saved slices for a ranked field."""
        key = (field, text)
        got = self._dfs.get(key)
        if got is None:
            with self._lock:
                saved = self._saved_slice(field, text)
                got = len(saved[0]) if saved is not None else self.reader.doc_frequency(field, text)
            if len(self._dfs) > 4 * CACHE_TERMS:
                self._dfs.clear()
            self._dfs[key] = got
        return got

    def _mask(self, ids) -> int:
        if len(ids) <= 8:  # a rare term (a rule number, a heading): a few shifts beat numpy's setup
            mask = 0
            for i in np.asarray(ids).tolist():
                mask |= 1 << i
            return mask
        bits = np.zeros(self.nbytes * 8, dtype=bool)
        bits[np.asarray(ids, dtype=np.int64)] = True
        return int.from_bytes(np.packbits(bits, bitorder="little").tobytes(), "little")

    def _read_ids(self, field: str, text: str):
        """A term's document numbers, a block at a time when the index is one Whoosh segment."""
        m = self.reader.postings(field, text)
        if not isinstance(m, W3LeafMatcher):
            return list(m.all_ids())
        ids: list[int] = []
        while m.is_active():
            m._read_ids()
            ids.extend(m._ids)
            m._next_block()
        return ids

    def _keep(self, key, mask: int) -> None:
        if len(self._terms) > CACHE_TERMS:
            self._terms.clear()
            self._words.clear()
            self._laid.clear()
            self._dense_words.clear()
            self._scored.clear()
        self._terms[key] = mask

    def scored(self, field: str, text: str) -> tuple[np.ndarray, np.ndarray]:
        """(document numbers, Whoosh's score of the term in each), read once."""
        key = (field, text)
        got = self._scored.get(key)
        if got is not None:
            return got
        with self._lock:
            saved = self._saved_slice(field, text)
            if saved is not None:
                got = saved
            else:
                got = self._read_scored(field, text) if self.reader.doc_frequency(field, text) else _EMPTY
        got = (np.asarray(got[0], dtype=np.int64), np.asarray(got[1], dtype=np.float64))
        if key not in self._terms:
            self._keep(key, self._saved_mask(key) if saved is not None else self._mask(got[0]) if len(got[0]) else 0)
        self._scored[key] = got
        return got

    def _saved_slice(self, field: str, text: str):
        """(ids, scores) of a term from the scores saved with the index (``save_scores``), None
        when the field was not saved; a saved field's term that is not there has no postings."""
        if self._saved is None:
            self._saved = {}
            path = os.path.join(self.index_dir, SCORES_FILE) if self.index_dir else None
            if path and os.path.exists(path):
                with np.load(path, allow_pickle=False) as z:
                    # int64 once (a term's slice is then a view: no copy at its first look)
                    self._saved_ids, self._saved_scores = z["ids"].astype(np.int64), z["scores"]
                    names, field_of = [str(f) for f in z["fields"]], z["field_of"].tolist()
                    terms, bounds = z["terms"].tolist(), z["bounds"].tolist()
                self._saved_fields = set(names)
                self._saved = {(names[fi], t): (a, b) for fi, t, (a, b) in zip(field_of, terms, bounds)}
        if field not in getattr(self, "_saved_fields", ()):
            return None
        ab = self._saved.get((field, text))
        if ab is None:
            return _EMPTY
        return self._saved_ids[ab[0]:ab[1]], self._saved_scores[ab[0]:ab[1]]

    def _read_scored(self, field: str, text: str):
        """(ids, scores) of a term: BM25F over whole blocks of postings with numpy when the
        index is one Whoosh segment (the same formula and float64 operations as
        ``whoosh.scoring.bm25``, so the same scores), else Whoosh's matcher one posting at a time."""
        scorer = self.searcher.weighting.scorer(self.searcher, field, text)
        m = self.reader.postings(field, text)
        if isinstance(scorer, BM25FScorer) and isinstance(m, W3LeafMatcher):
            ids: list[int] = []
            weights: list[float] = []
            while m.is_active():  # a block at a time: its ids and weights are arrays already
                m._read_ids()
                m._read_weights()
                ids.extend(m._ids)
                weights.extend(m._weights)
                m._next_block()
            idx = np.array(ids, dtype=np.int64)
            tf = np.array(weights, dtype=np.float64)
            fl = self._lengths(field)[idx]
            k1, b = scorer.K1, scorer.B
            return idx, scorer.idf * ((tf * (k1 + 1)) / (tf + k1 * ((1 - b) + b * fl / scorer.avgfl)))
        m = self.searcher.postings(field, text)
        ids, scores = [], []
        while m.is_active():
            ids.append(m.id())
            scores.append(m.score())
            m.next()
        return ids, scores

    def _lengths(self, field: str) -> np.ndarray:
        """Each document's length of ``field`` as Whoosh's scorer reads it (its length byte
        decoded), read once per field."""
        got = self._field_lengths.get(field)
        if got is None:
            got = np.array([self.reader.doc_field_length(d, field, 1) or 0 for d in range(self.size)],
                           dtype=np.float64)
            self._field_lengths[field] = got
        return got

    def accumulate(self, leaves, scale: float = 1.0) -> np.ndarray:
        """The summed scores of ``leaves`` ((field, term, boost) triples) in every document.

        One ``np.bincount`` over the leaves' postings laid end to end: it adds each document's
        scores in the leaves' order, as adding one leaf after another into a zeroed array did
        (the same float64 sums, so the same ranking and ties), without a numpy call per leaf."""
        ids, weighted = self._lay(leaves, scale)
        return self.summed(ids, weighted)

    def _lay(self, leaves, scale: float = 1.0) -> tuple[list, list]:
        """The leaves' postings and weighted scores, the leaves without postings left out."""
        ids, weighted = [], []
        for field, text, boost in leaves:
            i, scores = self.scored(field, text)
            if len(i):
                ids.append(i)
                m = boost * scale
                # most leaves weigh 1.0: a float times 1.0 is itself, so no product is made
                weighted.append(scores if m == 1.0 else scores * m)
        return ids, weighted

    def laid(self, key, leaves) -> tuple[list, list]:
        """``_lay(leaves())`` kept under ``key`` (which must name the leaves: a query word's
        alternatives, fields and boosts), so that a word met again (the Russian ranking's
        complete, cited and partial tiers, the next query's) costs one look-up instead of a
        ``scored`` and a product per leaf. The same arrays in the same order as ``accumulate``
        lays out, so ``summed`` over a query's words gives its sums."""
        got = self._laid.get(key)
        if got is None:
            got = self._laid[key] = self._lay(leaves())
        return got

    def summed(self, ids: list, weighted: list) -> np.ndarray:
        """One ``np.bincount`` over postings laid end to end (see ``accumulate``)."""
        if not ids:
            return np.zeros(self.size, dtype=np.float64)
        if len(ids) == 1:
            return np.bincount(ids[0], weighted[0], minlength=self.size)
        return np.bincount(np.concatenate(ids), np.concatenate(weighted), minlength=self.size)

    def dense(self, mask: int) -> np.ndarray:
        """``mask`` as a boolean array over the documents."""
        raw = np.frombuffer(mask.to_bytes(self.nbytes, "little"), dtype=np.uint8)
        return np.unpackbits(raw, bitorder="little")[:self.size].view(bool)  # 0/1 bytes: no copy

    def top(self, acc: np.ndarray, mask: int, limit: int | None) -> list[tuple[int, float]]:
        """The documents of ``mask`` by ``acc`` (best first, the lower number first on a tie)."""
        if not mask:
            return []
        idx = np.flatnonzero(self.dense(mask))
        sc = acc[idx]
        if limit is not None and len(idx) > 4 * limit + 64:
            # only the documents scoring at least the limit-th best score can be among the
            # first ``limit`` (every one tied with it kept, so the order is the full sort's)
            kth = np.partition(sc, len(sc) - limit)[len(sc) - limit]
            keep = sc >= kth
            idx, sc = idx[keep], sc[keep]
        order = np.lexsort((idx, -sc))
        if limit is not None:
            order = order[:limit]
        # whole arrays to Python numbers at once (an int() and a float() of each element was
        # a tenth of the ranking's time)
        return list(zip(idx[order].tolist(), sc[order].tolist()))

    def word(self, alts, fields) -> int:
        """The documents holding any of a word's alternative terms in any of ``fields``."""
        key = (tuple(alts), tuple(fields))
        got = self._words.get(key)
        if got is None:
            got = 0
            for t in alts:
                for f in fields:
                    got |= self.term(f, t)
            self._words[key] = got
        return got

    def word_df(self, alts, fields) -> int:
        """The largest document frequency of a word's own terms (not its ``weak`` ones) in any
        of ``fields`` (0: the index holds none), kept per word."""
        weak = getattr(alts, "weak", frozenset())
        key = (tuple(alts), weak, tuple(fields))
        got = self._word_dfs.get(key)
        if got is None:
            got = max((self.df(f, t) for t in alts if t not in weak for f in fields), default=0)
            if len(self._word_dfs) > CACHE_TERMS:
                self._word_dfs.clear()
            self._word_dfs[key] = got
        return got

    def word_dense(self, alts, fields) -> np.ndarray:
        """``dense(word(alts, fields))``, kept (a bool per document: 23 KB a word): the partial
        tier reads it at its candidates for every word of a query."""
        key = (tuple(alts), tuple(fields))
        got = self._dense_words.get(key)
        if got is None:
            if len(self._dense_words) > DENSE_WORDS:
                self._dense_words.clear()
            got = self._dense_words[key] = self.dense(self.word(alts, fields))
        return got

    def every(self, words, fields, within: int | None = None) -> int:
        """The documents holding every word (each a tuple of alternatives) in ``fields``,
        inside ``within`` (a set from ``mask_of``) if given."""
        out = -1 if within is None else within
        # the words whose sets are kept first, smallest first; a new word's set (a few big-int
        # ORs per term) is made only while the documents holding the others are not none: most
        # questions' words are in no document together, often known before their new words are
        # read. (The order changes only the work, not the set.)
        fields = tuple(fields)
        kept, new = [], []
        for alts in words:
            m = self._words.get((tuple(alts), fields))
            if m is None:
                new.append(alts)
            else:
                kept.append(m)
        for m in sorted(kept, key=int.bit_count):
            out &= m
            if not out:
                return 0
        for alts in new:
            out &= self.word(alts, fields)
            if not out:
                return 0
        return 0 if out == -1 else out


def mask_of(bitset) -> int:
    """A Whoosh ``BitSet`` (a filter's documents) as an int of the same bits."""
    return int.from_bytes(bytes(bitset.bits), "little")


def save_scores(index_dir: str, fields=SAVED_FIELDS + KEY_FIELDS) -> int:
    """Read every term of ``fields`` once (a block at a time, ``Postings._read_scored``) and save
    the documents and scores in ``SCORES_FILE``, so that a search's first look at a word reads a
    slice instead of Whoosh's posting blocks (index-build time; returns the postings saved)."""
    from whoosh import index as windex

    ix = windex.open_dir(index_dir)
    with ix.searcher() as searcher:
        p = Postings(searcher, searcher.doc_count_all())
        names, field_of, terms, bounds, ids, scores = [], [], [], [], [], []
        at = 0
        for fi, field in enumerate(f for f in fields if f in searcher.schema):
            names.append(field)
            for t in searcher.reader().lexicon(field):
                t = t.decode("utf-8") if isinstance(t, bytes) else t
                i, sc = p._read_scored(field, t)
                if not len(i):
                    continue
                field_of.append(fi)
                terms.append(t)
                bounds.append((at, at + len(i)))
                ids.append(np.asarray(i, dtype=np.int32))
                scores.append(np.asarray(sc, dtype=np.float64))
                at += len(i)
    np.savez(os.path.join(index_dir, SCORES_FILE), fields=np.array(names), field_of=np.array(field_of, dtype=np.int16),
             terms=np.array(terms), bounds=np.array(bounds, dtype=np.int64).reshape(-1, 2),
             ids=np.concatenate(ids) if ids else np.zeros(0, np.int32),
             scores=np.concatenate(scores) if scores else np.zeros(0))
    return at
