"""Meaning, not only words: Russian word vectors (navec, shipped inside the ``natasha`` wheel)
lend a query word the rules' words nearest in meaning («напасть» -> атаковать, «убить» ->
уничтожить), for words the rules never use.

An experiment measured on the never-tuned split (bench/search_bench.py, variant
«… + navec»); it is off unless ``ENABLED`` (env ``JUDGE_SEARCH_MEANING=navec``) and the
``navec``/``natasha`` packages are installed — see the README for its figures.

The vectors load once per process (about 4 s); the rules' lemmas (a few thousand) form one
matrix, so a word's neighbours cost one matrix-vector product. Only words whose lemma is not
a word of the rules get neighbours, at most ``NEIGHBOURS`` with cosine ≥ ``MIN_COSINE``.
"""
from __future__ import annotations

import importlib.util
import os
import threading
from functools import lru_cache

ENABLED = os.environ.get("JUDGE_SEARCH_MEANING", "") == "navec"
NEIGHBOURS = 2
MIN_COSINE = 0.45
_EMB = "data/emb/navec_news_v1_1B_250K_300d_100q.tar"
_lock = threading.Lock()
_state: dict = {}


def available() -> bool:
    return importlib.util.find_spec("navec") is not None and importlib.util.find_spec("natasha") is not None


def _load(rule_lemmas: frozenset[str]):
    with _lock:
        st = _state.get(rule_lemmas)
        if st is None:
            import numpy as np
            from navec import Navec

            spec = importlib.util.find_spec("natasha")
            nv = Navec.load(os.path.join(os.path.dirname(spec.origin), _EMB))
            words = sorted(w for w in rule_lemmas if w in nv)
            m = np.stack([nv[w] for w in words]).astype(np.float32) if words else np.zeros((0, 300), np.float32)
            m /= np.linalg.norm(m, axis=1, keepdims=True) + 1e-9
            st = _state[rule_lemmas] = (nv, words, m)
    return st


@lru_cache(maxsize=20000)
def _neighbours(lemma: str, rule_lemmas: frozenset[str]) -> tuple[str, ...]:
    import numpy as np

    nv, words, m = _load(rule_lemmas)
    if lemma not in nv or not words:
        return ()
    v = nv[lemma]
    s = m @ (v / (np.linalg.norm(v) + 1e-9))
    best = np.argsort(-s)[:NEIGHBOURS + 1]
    return tuple(words[i] for i in best if s[i] >= MIN_COSINE and words[i] != lemma)[:NEIGHBOURS]


def neighbours(lemma: str, rule_lemmas: frozenset[str]) -> tuple[str, ...]:
    """The rules' lemmas nearest in meaning to ``lemma`` (none if it is a rules word itself,
    or the vectors are off or missing)."""
    if not ENABLED or not rule_lemmas or lemma in rule_lemmas or not available():
        return ()
    return _neighbours(lemma, rule_lemmas)
