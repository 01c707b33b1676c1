"""Whoosh analysers for a mixed Russian/English rules corpus.

One analyser handles both languages: every token picks its own treatment by script.

* Cyrillic token -> Russian, one of:
  ``"snowball"``: the Snowball stem (PyStemmer);
  ``"pymorphy"``: every distinct pymorphy3 normal form of the word (an ambiguous form such
  as «мигом» gives both «мигом» and «миг»; they share one position);
  ``"hybrid"``: the pymorphy3 normal forms *and* the Snowball stem, so a word pymorphy3
  does not know and guesses badly («подыгрой») still meets its dictionary form via the stem;
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

RU_ANALYSERS = ("snowball", "pymorphy", "hybrid")
# Chosen on bench/search_bench.py figures (see the module's report); switchable per index.
DEFAULT_RU_ANALYSER = "pymorphy"

# Rule numbers stay one token ("704.5k", "702.2"); otherwise runs of letters, or digits.
# A power/toughness change («+1/+1», «-1/-1», «+X/+0») is one token: split, it was two «1»s
# that every rule with a number holds, and «жетоны +1/+1 и -1/-1» could not find 704.5q.
PT_PATTERN = r"[+-](?:\d+|[xyn])/[+-](?:\d+|[xyn])"
TOKEN_PATTERN = r"(?i)\d{3}\.\d+[a-zа-я]?|" + PT_PATTERN + r"|\d+|[^\W\d_]+"

# A pymorphy3 reading is indexed if its lemma's summed parse probability reaches this.
LEMMA_MIN_SCORE = 0.05

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
    """The most probable pymorphy3 normal form of a lower-case Russian word (ё -> е)."""
    return ru_lemmas(word)[0]


@lru_cache(maxsize=200_000)
def ru_lemmas(word: str) -> tuple[str, ...]:
    """Every distinct pymorphy3 normal form of a lower-case word, most probable first."""
    score: dict[str, float] = {}
    for p in morph().parse(word):
        nf = p.normal_form.replace("ё", "е")
        score[nf] = score.get(nf, 0.0) + p.score
    # rare readings («правило» as a form of «править», 2 %) only add noise
    out = [nf for nf, sc in sorted(score.items(), key=lambda kv: -kv[1]) if sc >= LEMMA_MIN_SCORE]
    return tuple(out) or (word,)


@lru_cache(maxsize=200_000)
def ru_stem(word: str) -> str:
    return _stemmer("russian").stemWord(word)


@lru_cache(maxsize=200_000)
def en_stem(word: str) -> str:
    return _stemmer("english").stemWord(word)


# Russian analyser name -> {lower-case word (ё folded): its index terms}, as the index builder
# computed them for every word of the corpus (``index.load_word_terms``): a search analyses
# the text of its hits for snippets, and pymorphy3 on those words was a sixth of its time.
_PRECOMPUTED: dict[str, dict[str, tuple[str, ...]]] = {}


def lemmas(word: str) -> tuple[str, ...]:
    """``ru_lemmas(word)`` of a lower-case word (ё -> е), read from the index builder's table
    when the word is the corpus's and the index was built with pymorphy3 (its terms are these
    lemmas): the query side asked pymorphy3 again for every new word of a query (question
    words, derived words), a parse of a fifth of a millisecond each."""
    known = _PRECOMPUTED.get("pymorphy")
    got = known.get(word) if known else None
    return got or ru_lemmas(word)


def remember_terms(ru: str, terms: dict[str, tuple[str, ...]]) -> None:
    """Take the index builder's terms of the corpus words (see ``_PRECOMPUTED``)."""
    _PRECOMPUTED.setdefault(ru, {}).update(terms)


@lru_cache(maxsize=400_000)
def word_terms(word: str, ru: str = DEFAULT_RU_ANALYSER) -> tuple[str, ...]:
    """The index terms for one surface token (several for an ambiguous Russian word with
    ``"pymorphy"``/``"hybrid"``); () for a stop word."""
    w = word.lower().replace("ё", "е")
    if _CYR.search(w):
        if w in RU_STOP:
            return ()
        known = _PRECOMPUTED.get(ru)
        if known and w in known:
            return known[w]
        if ru == "snowball":
            return (ru_stem(w),)
        lemmas = ru_lemmas(w)
        if ru == "hybrid":
            st = ru_stem(w)
            if st not in lemmas:
                lemmas = lemmas + (st,)
        return lemmas
    if _LAT.search(w):
        if w in EN_STOP:
            return ()
        return (en_stem(w),)
    return (w,)


def normalise_word(word: str, ru: str = DEFAULT_RU_ANALYSER) -> str | None:
    """The main index term for one surface token, or None if it is a stop word."""
    t = word_terms(word, ru)
    return t[0] if t else None


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
            terms = word_terms(t.text, ru)
            if not terms:
                if not t.removestops:
                    t.stopped = True
                    yield t
                continue
            for term in terms:  # alternatives share the token's position
                t.text = term
                yield t


def mixed_analyzer(ru: str = DEFAULT_RU_ANALYSER):
    """The analyser for text fields (title, text, glossary terms)."""
    return RegexTokenizer(TOKEN_PATTERN) | MixedLanguageFilter(ru)


def analyse(text: str, ru: str = DEFAULT_RU_ANALYSER) -> list[str]:
    """The index terms of ``text`` in order (a convenience for tests and the query side)."""
    return [t.text for t in mixed_analyzer(ru)(text, mode="query")]


@lru_cache(maxsize=4096)
def terms_with_spans(text: str, ru: str = DEFAULT_RU_ANALYSER) -> tuple[tuple[tuple[str, ...], int, int], ...]:
    """(terms, start, end) for every non-stop token of ``text`` (used for snippets). Cached:
    the same rules come back for many queries, and analysing a rule's text was a fifth of the
    time a search took."""
    out = []
    for m in re.finditer(TOKEN_PATTERN, text):
        terms = word_terms(m.group(0), ru)
        if terms:
            out.append((terms, m.start(), m.end()))
    return tuple(out)
