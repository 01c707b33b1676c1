"""The question bank: a query matched against the questions judges ask about each rule, as a
ranking of rules of its own (issue 23, point 3: a method for paraphrase and everyday words).

Why: the bridge (``index.cited_texts``) pours a rule's citing texts into one bag of words, and a
question ranks the rule only if the bag holds every word, or among the partial matches of the
rules' own text (session 11 measured the written questions in that bag: dev10 0.714 -> 0.754). A judge's question is most like one other
question: «можно ли напасть существом которое только что вышло» shares its words with the
question written for 302.6, not with 302.6's text. So each written question
(``rule_questions.py``) is also a short document here; a query's words are matched against
them by cosine similarity of IDF-weighted word sets (each word as the index's own terms,
``analysis.word_terms``); a rule scores as its best question plus ``VOTE_WEIGHT`` times the
cosines of its other questions among the ``VOTES`` nearest (session 13: a rule asked about in
many ways, each sharing a word or two with the query, outranks one lone question that shares
its rarest word; with the votes a weak lone match ranks low instead of being cut, so the floor
on the best cosine went ``MIN_COSINE`` 0.5 -> 0.25).
The rules found are fused into the hits by reciprocal rank (``translation.fuse``) at
``WEIGHT``, as the English ranking is.
``WEIGHT``, ``CARD_WEIGHT``, ``DEPTH``, ``MIN_COSINE`` and ``DERIVED`` were chosen on the tuned set, dev9, dev10 and (session 12) dev12,
``VOTES``, ``VOTE_WEIGHT`` and ``MIN_COSINE`` again (session 13) with dev14 beside them
(README: the figures of each).

``save`` (index build) writes ``ASKED_FILE``: every question's release, rule and terms, in
2020 and, through the renumbering (``sources.projected``), in the newest release. ``Bank``
(query time) reads it once per opened index; a search costs a few dictionary look-ups and a
numpy accumulation over the questions holding a query word.
"""
from __future__ import annotations

import json
import math
import os
from collections import defaultdict

import numpy as np

ASKED_FILE = "asked.json"
WEIGHT = 1.25         # RRF weight of the question bank's ranking against the hits' own
CARD_WEIGHT = 1.0     # ... for a query naming pool cards (``card_query``'s ranking)
EN_WEIGHT = 1.0       # ... for an English query (the English questions, their English rules)
DEPTH = 10            # rules of the bank's ranking fused
DERIVED = True        # a query word also as its root's other words and synonyms (``derive.py``; not its verb family)
MIN_WORDS = 2         # content words a query needs before the bank is asked (one word: its title answers)
MIN_COSINE = 0.25     # a rule's best question must share at least this much with the query
VOTES = 50            # the questions nearest the query that vote for their rules
VOTE_WEIGHT = 0.15    # a vote's weight beside the rule's best question (0: the best question alone)


def save(index_dir, docs, ru: str) -> int:
    """Write ``ASKED_FILE`` from the question documents among ``docs``; returns the number of
    questions (per release) saved."""
    from judge_app.search.analysis import analyse

    rows = []
    for d in docs:
        if d.get("kind") != "asked":
            continue
        for q in (d.get("text") or "").split("\n"):
            terms = sorted(set(analyse(q, ru)))
            for rule in (d.get("refs") or "").split() if terms else ():  # a card question: 1-3 rules
                rows.append([d.get("ref_version") or "", rule, terms])
    with open(os.path.join(os.fspath(index_dir), ASKED_FILE), "w", encoding="utf-8") as f:
        json.dump(rows, f, ensure_ascii=False, separators=(",", ":"))
    return len(rows)


class Bank:
    """The saved questions, inverted: term -> the questions holding it."""

    def __init__(self, rows: list):
        self.version = [r[0] for r in rows]
        self.rule = [r[1] for r in rows]
        self.n = len(rows)
        post: dict[str, list[int]] = defaultdict(list)
        for i, (_, _, terms) in enumerate(rows):
            for t in terms:
                post[t].append(i)
        self.post = {t: np.array(ix, dtype=np.int32) for t, ix in post.items()}
        idf = {t: self._idf(len(ix)) for t, ix in self.post.items()}
        self.norm = np.array([math.sqrt(sum(idf[t] ** 2 for t in terms)) or 1.0 for _, _, terms in rows])
        self.by_version: dict[str, np.ndarray] = {}
        for v in set(self.version):
            self.by_version[v] = np.array([x == v for x in self.version])

    def _idf(self, df: int) -> float:
        return math.log(1 + self.n / (1 + df))

    def rules(self, words, versions) -> list[tuple[str, str, float]]:
        """(release, rule, best cosine) of the rules of the ``VOTES`` questions nearest the query,
        each rule ranked by its best cosine plus ``VOTE_WEIGHT`` times its other questions'
        (``_voted``), best first, one row per rule, at most ``DEPTH``, none whose best is below
        ``MIN_COSINE``. ``words``: the query's words, each a tuple of alternative index terms
        (``query.query_terms``); the weak alternatives of a word (its verb family) do not count
        here. ``versions``: the releases searched (None: all)."""
        if not self.n or not words:
            return []
        if versions is not None and not any(v in self.by_version for v in versions):
            return []  # no question was written for these releases (an older one)
        acc = np.zeros(self.n)
        qnorm = 0.0
        for alts in words:
            weak = getattr(alts, "weak", ())
            found = [self.post[t] for t in alts if t not in weak and t in self.post]
            if not found:
                continue
            if len(found) > 1:  # the questions holding any alternative, each once (a mask, not
                held = np.zeros(self.n, dtype=bool)  # ``np.unique``: no sort of the postings)
                for ix in found:
                    held[ix] = True
                w = self._idf(int(np.count_nonzero(held)))
            else:
                held = found[0]
                w = self._idf(len(held))
            acc[held] += w * w
            qnorm += w * w
        if not qnorm:
            return []
        held = np.flatnonzero(acc != 0)     # only the questions sharing a word with the query
        #                                     (a bool array's nonzero: 5x faster than a float's)
        if versions is not None:
            keep = np.zeros(len(held), dtype=bool)
            for v in versions:
                if v in self.by_version:
                    keep |= self.by_version[v][held]
            held = held[keep]
        cos = acc[held] / (self.norm[held] * math.sqrt(qnorm))
        if len(cos) > VOTES:  # only the nearest can vote: the rest are dropped before the sort
            # (every question tied with the last voter is kept, so the stable sort picks as before)
            near = cos >= np.partition(cos, len(cos) - VOTES)[len(cos) - VOTES]
            held, cos = held[near], cos[near]
        return self._voted(held, cos)

    def _voted(self, held: np.ndarray, cos: np.ndarray) -> list[tuple[str, str, float]]:
        """(release, rule, best cosine) of the rules of the ``VOTES`` questions nearest the query
        among ``held`` (their cosines ``cos``), by the best cosine plus ``VOTE_WEIGHT`` times the
        others, best first, at most ``DEPTH``; a rule whose best question is below
        ``MIN_COSINE`` is left out."""
        best: dict[tuple[str, str], float] = {}
        score: dict[tuple[str, str], float] = {}
        for j in np.argsort(-cos, kind="stable")[:VOTES]:
            i = int(held[j])
            key = (self.version[i], self.rule[i])
            c = float(cos[j])
            if key in best:
                score[key] += VOTE_WEIGHT * c
            else:
                best[key] = score[key] = c
        ranked = sorted((k for k in score if best[k] >= MIN_COSINE), key=lambda k: -score[k])
        return [(*k, best[k]) for k in ranked[:DEPTH]]


def load(index_dir) -> Bank:
    """The bank saved beside the index (empty for an index built without questions)."""
    try:
        with open(os.path.join(os.fspath(index_dir), ASKED_FILE), encoding="utf-8") as f:
            return Bank(json.load(f))
    except FileNotFoundError:
        return Bank([])
