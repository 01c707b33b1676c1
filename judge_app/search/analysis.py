"""Whoosh analysers for a mixed Russian/English rules corpus.

One analyser handles both languages: every token picks its own treatment by script.

* Cyrillic token -> Russian: either the Snowball stem (PyStemmer, ``"snowball"``) or the
  pymorphy3 dictionary lemma (``"pymorphy"``);
* Latin token -> English Snowball stem (PyStemmer);
* digits and rule numbers ("704.5k") are kept as they are.

Before that, every token is lower-cased and ``ё`` is folded to ``е`` (Russian texts and
judges spell it both ways).  Function words of both languages are dropped.

``DEFAULT_RU_ANALYSER`` is the one the index is built with unless the caller asks for the
other; ``bench/search_bench.py`` measures both.  The analyser object only stores the
*name* of the Russian treatment, so it pickles into the Whoosh schema cheaply and the
heavy objects (``MorphAnalyzer``, stemmers) are created once per process, lazily.
"""
from __future__ import annotations

import re
import threading
from functools import lru_cache

from whoosh.analysis import Filter, RegexTokenizer

RU_ANALYSERS = ("snowball", "pymorphy")
# Chosen on bench/search_bench.py figures (see the module's report); switchable per index.
DEFAULT_RU_ANALYSER = "pymorphy"

# Rule numbers stay one token ("704.5k", "702.2"); otherwise runs of letters, or digits.
TOKEN_PATTERN = r"(?i)\d{3}\.\d+[a-zа-я]?|\d+|[^\W\d_]+"

_CYR = re.compile(r"[а-яё]")
_LAT = re.compile(r"[a-z]")

RU_STOP = frozenset(
    """а без бы в вам вас во вот да для до же за и из или им их к как ко ли либо на над не
    ни но о об обо от ото по под при про с со так то тоже у уже чем что чтобы это этот эта эти
    этого этой этом этим эту ее её его ей ему они она оно он же ж бы ль""".split()
)
EN_STOP = frozenset(
    """a an and are as at be by for from if in is it of on or that the this to with its
    was were been""".split()
)

_lock = threading.Lock()
_morph = None
_stemmers: dict[str, object] = {}


def morph():
    """The process-wide pymorphy3 ``MorphAnalyzer`` (created on first use)."""
    global _morph
    if _morph is None:
        with _lock:
            if _morph is None:
                import pymorphy3

                _morph = pymorphy3.MorphAnalyzer(lang="ru")
    return _morph


def _stemmer(lang: str):
    st = _stemmers.get(lang)
    if st is None:
        import Stemmer

        st = _stemmers[lang] = Stemmer.Stemmer(lang)
        st.maxCacheSize = 100000
    return st


@lru_cache(maxsize=200_000)
def ru_lemma(word: str) -> str:
    """The pymorphy3 normal form of a lower-case Russian word (ё folded to е)."""
    parses = morph().parse(word)
    if not parses:
        return word
    return parses[0].normal_form.replace("ё", "е")


@lru_cache(maxsize=200_000)
def ru_stem(word: str) -> str:
    return _stemmer("russian").stemWord(word)


@lru_cache(maxsize=200_000)
def en_stem(word: str) -> str:
    return _stemmer("english").stemWord(word)


def normalise_word(word: str, ru: str = DEFAULT_RU_ANALYSER) -> str | None:
    """The index term for one surface token, or None if it is a stop word."""
    w = word.lower().replace("ё", "е")
    if _CYR.search(w):
        if w in RU_STOP:
            return None
        return ru_lemma(w) if ru == "pymorphy" else ru_stem(w)
    if _LAT.search(w):
        if w in EN_STOP:
            return None
        return en_stem(w)
    return w


class MixedLanguageFilter(Filter):
    """Lower-case, fold ё, drop stop words and stem/lemmatise each token by its script."""

    is_morph = True

    def __init__(self, ru: str = DEFAULT_RU_ANALYSER):
        if ru not in RU_ANALYSERS:
            raise ValueError(f"unknown Russian analyser {ru!r}; choose one of {RU_ANALYSERS}")
        self.ru = ru

    def __eq__(self, other):
        return type(other) is type(self) and other.ru == self.ru

    def __call__(self, tokens):
        ru = self.ru
        for t in tokens:
            if t.stopped:
                yield t
                continue
            term = normalise_word(t.text, ru)
            if term is None:
                if not t.removestops:
                    t.stopped = True
                    yield t
                continue
            t.text = term
            yield t


def mixed_analyzer(ru: str = DEFAULT_RU_ANALYSER):
    """The analyser for text fields (title, text, glossary terms)."""
    return RegexTokenizer(TOKEN_PATTERN) | MixedLanguageFilter(ru)


def analyse(text: str, ru: str = DEFAULT_RU_ANALYSER) -> list[str]:
    """The index terms of ``text`` in order (a convenience for tests and the query side)."""
    return [t.text for t in mixed_analyzer(ru)(text, mode="query")]


def terms_with_spans(text: str, ru: str = DEFAULT_RU_ANALYSER) -> list[tuple[str, int, int]]:
    """(term, start, end) for every non-stop token of ``text`` (used for snippets)."""
    out = []
    for m in re.finditer(TOKEN_PATTERN, text):
        term = normalise_word(m.group(0), ru)
        if term is not None:
            out.append((term, m.start(), m.end()))
    return out
