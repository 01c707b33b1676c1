"""Each document's snippet words (``analysis.terms_with_spans`` of its text), saved at build.

Why: a search cuts a snippet from the text of every hit it shows, and the first time a text is
shown its words are found and analysed (a regular expression and a term lookup per word): the
first-run questions, the slowest fifth of searches, spent about a fifth of their time there.
The builder computes the same tuples once (``save``); a search reads a document's from the
saved arrays (``SavedSpans.get``), a slice and a zip instead of the analysis. The tuples are
``terms_with_spans``' own, with the analyser named in the file, so no snippet changes; a text
the file does not hold (a card's own text, a heading joined to its text) is analysed as before.

The file: the documents' token runs laid end to end (``offsets``: document n's run is
``offsets[n]:offsets[n + 1]``), each token's start and end in the text and the number of its
terms tuple in ``tuples`` (the distinct tuples, their terms joined by spaces).
"""
from __future__ import annotations

import os

import numpy as np

from judge_app.search.analysis import terms_with_spans

SPANS_FILE = "text_spans.npz"


def snippet_text(fields: dict) -> str:
    """The text a hit's snippet is cut from (``query._hit``): its text, or its title without one."""
    return fields.get("text") or fields.get("title") or ""


def save(index_dir: str, ru: str) -> int:
    """Analyse every document's snippet text of the index in ``index_dir`` and save the spans
    (index-build time); returns the tokens saved."""
    from whoosh import index as windex

    ix = windex.open_dir(index_dir)
    tuple_id: dict[tuple[str, ...], int] = {}
    offsets, ids, starts, ends = [0], [], [], []
    with ix.searcher() as searcher:
        reader = searcher.reader()
        for d in range(searcher.doc_count_all()):
            for terms, s, e in terms_with_spans.__wrapped__(snippet_text(reader.stored_fields(d)), ru):
                ids.append(tuple_id.setdefault(terms, len(tuple_id)))
                starts.append(s)
                ends.append(e)
            offsets.append(len(ids))
    np.savez(os.path.join(index_dir, SPANS_FILE), ru=np.array(ru),
             tuples=np.array([" ".join(t) for t in tuple_id] or [""]),
             offsets=np.array(offsets, dtype=np.int64), ids=np.array(ids, dtype=np.int32),
             starts=np.array(starts, dtype=np.int32), ends=np.array(ends, dtype=np.int32))
    return len(ids)


class SavedSpans:
    """The saved spans of one index (``load``): ``get(docnum)`` is ``terms_with_spans`` of the
    document's snippet text under the analyser ``ru``."""

    def __init__(self, ru: str, tuples: list[tuple[str, ...]], offsets, ids, starts, ends):
        self.ru = ru
        self._tuples = tuples
        self._offsets = offsets.tolist()
        self._ids, self._starts, self._ends = ids, starts, ends
        self._holding: dict[str, list[int]] | None = None  # ``_marked``'s term -> tuples
        self._marks: dict[frozenset, np.ndarray] = {}

    def get(self, docnum: int) -> tuple:
        a, b = self._offsets[docnum], self._offsets[docnum + 1]
        return tuple(zip(map(self._tuples.__getitem__, self._ids[a:b].tolist()),
                         self._starts[a:b].tolist(), self._ends[a:b].tolist()))

    def matched(self, docnum: int, terms) -> list[tuple[int, int]]:
        """(start, end) of each word of the document's snippet text holding one of ``terms``,
        in text order: the ``get`` tuples whose terms meet ``terms``, found with numpy over the
        saved arrays (the tuples holding a query term marked once per set of terms) instead
        of building every word's tuple and testing it."""
        a, b = self._offsets[docnum], self._offsets[docnum + 1]
        at = self._marked(terms)[self._ids[a:b]].nonzero()[0]
        if not at.size:
            return []
        at += a
        return list(zip(self._starts[at].tolist(), self._ends[at].tolist()))

    def _marked(self, terms) -> np.ndarray:
        """Which tuples hold one of ``terms`` (a bool per tuple), kept per set of terms."""
        key = frozenset(terms)
        got = self._marks.get(key)
        if got is None:
            if self._holding is None:  # term -> the tuples holding it, built at the first snippet
                holding: dict[str, list[int]] = {}
                for i, t in enumerate(self._tuples):
                    for term in t:
                        holding.setdefault(term, []).append(i)
                self._holding = holding
            got = np.zeros(len(self._tuples), dtype=bool)
            got[[i for t in key for i in self._holding.get(t, ())]] = True
            if len(self._marks) > 1024:
                self._marks.clear()
            self._marks[key] = got
        return got


def load(index_dir: str) -> SavedSpans | None:
    """The spans saved with the index (None for an index built without them)."""
    path = os.path.join(index_dir, SPANS_FILE)
    if not os.path.exists(path):
        return None
    with np.load(path, allow_pickle=False) as z:
        tuples = [tuple(t.split(" ")) if t else () for t in z["tuples"].tolist()]
        return SavedSpans(str(z["ru"]), tuples, z["offsets"], z["ids"], z["starts"], z["ends"])
