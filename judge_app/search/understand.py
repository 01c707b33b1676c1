"""Query understanding in front of the index: what a judge typed -> what to search for.

``understand(q, vocab, known)`` returns an ``Understood``:

* **slang** (``data/slang.tsv``, reviewed data with a source per entry): «дезтач» ->
  «смертельное касание», «сба» -> «действия вызванные состоянием»; phrases of up to three
  words, matched on lower-case words with ё folded;
* **unknown words** only (a word none of whose index terms occurs in the index, see
  ``known``), so a query that already matches never pays for this:
  a Russian typo is replaced by the nearest word of the indexed Russian text (Levenshtein
  distance 1, or 2 for words of seven letters and more; ties go to title words, then to the
  more frequent word): «приорирет» -> «приоритет»; an English word the same way over the
  English text («deathtuoch» -> «deathtouch»); a Cyrillic word that no Russian word is near
  is read as English written in Cyrillic: transliterated back to Latin and matched against
  the English words of rule titles and glossary headwords (``fuzz.ratio`` ≥ 80): «трампл» ->
  «trample», «кикер» -> «kicker»;
* **question words** («когда», «что будет если», «how many», «can») are dropped from the
  words searched (not from what is shown) when a content word remains, so the content words
  decide the ranking; ``question`` then says the query asks something (the search ranks
  answering rules first, see ``query.py``).

``corrected`` is the query as understood (shown as «показаны результаты для «…»») when slang,
a typo or a transliteration changed it, else None.

The fuzzy matching uses rapidfuzz (C++, the well-kept choice for edit distance) over the
word list the index builder saves (``index.VOCAB_FILE``).
"""
from __future__ import annotations

import csv
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import numpy as np

from judge_app.search.analysis import PT_PATTERN, lemmas, word_terms
from judge_app.search.layout import to_ru

DATA = Path(__file__).resolve().parent / "data"
SLANG_FILE = DATA / "slang.tsv"
MAX_SLANG_WORDS = 3
TRANSLIT_MIN_RATIO = 80.0
LOOSE_TRANSLIT_RATIO = 65.0  # the last try of a query that found nothing
STRONG_TRANSLIT_RATIO = 88.0  # a reading back this close beats a one-letter Russian typo

# Question words and fillers of both languages, as pymorphy3 lemmas / lower-case English.
# «может» and «можно» are fillers in a question («может ли существо…»); «будет» is «быть»;
# «как долго» asks how long, «обязан ли» (lemma «обязать») is a modal like «должен».
RU_QUESTION = frozenset(
    """когда что как какой каков который кто почему зачем где куда откуда сколько ли разве
    быть мочь можно нужно надо должен если происходить произойти случиться делать сделать
    значить работать бывать тогда такой весь свой мой твой я ты мы вы он она оно они
    себя это этот тот же ещё вообще просто правда долго обязать""".split()
)
EN_QUESTION = frozenset(
    """what when how why who whom which where does do did can could should would will shall
    is are was were be happens happen happened many much if i my me we you your there
    work works""".split()
)

_WORD = re.compile(PT_PATTERN + r"|[0-9a-zа-яё]+(?:['’][a-z]+)?", re.I)
_CYR = re.compile(r"[а-яё]", re.I)
_PT = re.compile(PT_PATTERN, re.I)  # «+1/+1» is searched as typed, never «corrected»
_LAT = re.compile(r"[a-z]", re.I)

# Cyrillic -> Latin as English words are usually written in Cyrillic (variants are tried).
_TRANSLIT = {
    "а": "a", "б": "b", "в": "v", "г": "g", "д": "d", "е": "e", "ё": "yo", "ж": "zh", "з": "z",
    "и": "i", "й": "y", "к": "k", "л": "l", "м": "m", "н": "n", "о": "o", "п": "p", "р": "r",
    "с": "s", "т": "t", "у": "u", "ф": "f", "х": "h", "ц": "ts", "ч": "ch", "ш": "sh", "щ": "sch",
    "ъ": "", "ы": "y", "ь": "", "э": "e", "ю": "yu", "я": "ya",
}
# Spellings English uses for the same sounds: «кс» is x, «к» often c, «дж» j, «ж» a soft g
# (виджилянс, вижилянс: vigilance), «я» after a consonant a, «ай» i, «ей» a, «у» oo/ou;
# «а» is also English short u (апкип: upkeep, ран: run) and «и» its ee/ea (клин: clean).
_TRANSLIT_VARIANTS = (("ks", "x"), ("k", "c"), ("dzh", "j"), ("zh", "g"), ("ya", "a"),
                      ("ay", "i"), ("ey", "a"), ("u", "oo"), ("u", "ou"),
                      ("f", "ph"), ("e", "a"), ("a", "u"), ("i", "ee"), ("i", "ea"))


def fold(word: str) -> str:
    return word.lower().replace("ё", "е")


@dataclass(frozen=True)
class SlangEntry:
    slang: str
    means: str
    rule: str
    source: str


@lru_cache(maxsize=4)
def load_slang(path: str | Path = SLANG_FILE) -> dict[tuple[str, ...], SlangEntry]:
    """The slang file as {(word, …): entry}; ``#`` lines are comments, the first row is a header."""
    out: dict[tuple[str, ...], SlangEntry] = {}
    with open(path, encoding="utf-8", newline="") as f:
        rows = csv.reader((ln for ln in f if ln.strip() and not ln.startswith("#")), delimiter="\t")
        header = next(rows)
        if header[:4] != ["slang", "means", "rule", "source"]:
            raise ValueError(f"{path}: the header must be slang, means, rule, source; got {header}")
        for n, row in enumerate(rows, 2):
            if len(row) != 4 or not all(x.strip() for x in row):
                raise ValueError(f"{path}: row {n} needs four non-empty columns: {row}")
            key = tuple(fold(w) for w in _WORD.findall(row[0]))
            if not key or len(key) > MAX_SLANG_WORDS:
                raise ValueError(f"{path}: row {n}: slang of 1 to {MAX_SLANG_WORDS} words: {row[0]!r}")
            out[key] = SlangEntry(row[0], row[1], row[2], row[3])
    return out


def transliterations(word: str) -> list[str]:
    """Latin readings of a Cyrillic word («трампл» -> ["trampl", …]), the plain one first."""
    plain = "".join(_TRANSLIT.get(c, c) for c in fold(word))
    out = [plain]
    for a, b in _TRANSLIT_VARIANTS:
        for w in list(out):
            v = w.replace(a, b)
            if v not in out:
                out.append(v)
        if len(out) >= 24:
            break
    return out


class Vocabulary:
    """The index's words (``index.load_vocab``), ready for fuzzy lookups."""

    def __init__(self, words: dict[str, tuple[int, bool]]):
        self.words = words
        self.ru = [w for w in words if _CYR.search(w)]
        self.en = [w for w in words if _LAT.search(w)]
        self.en_titles = [w for w in self.en if words[w][1] and len(w) > 2]
        # each word's length, so that ``nearest`` compares only the words near enough in length
        self._ru_lengths, self._en_lengths = (np.array([len(w) for w in pool], dtype=np.int64)
                                              for pool in (self.ru, self.en))

    def __contains__(self, word: str) -> bool:
        return fold(word) in self.words

    def _rank(self, w: str) -> tuple:
        n, title = self.words.get(w, (0, False))
        return (not title, -n)

    def nearest(self, word: str, max_distance: int = 2, min_length: int = 7) -> str | None:
        """The nearest word of the same script within the edit-distance limit (1, or up to
        ``max_distance`` for words of ``min_length`` letters and more), or None."""
        from rapidfuzz import process
        from rapidfuzz.distance import Levenshtein

        w = fold(word)
        pool, lengths = (self.ru, self._ru_lengths) if _CYR.search(w) else (self.en, self._en_lengths)
        limit = 1 if len(w) < min_length else max_distance
        # a word whose length differs by more than ``limit`` is farther than ``limit`` (one edit
        # per letter added or dropped): those near enough in length, in the pool's order, are
        # all the candidates, and ``extract`` ranks them as it did among the whole pool
        near = np.flatnonzero(np.abs(lengths - len(w)) <= limit).tolist()
        found = process.extract(w, [pool[i] for i in near], scorer=Levenshtein.distance, score_cutoff=limit, limit=50)
        if not found:
            return None
        best = min(d for _, d, _ in found)
        return min((c for c, d, _ in found if d == best), key=self._rank)

    def english_for(self, word: str, min_ratio: float = TRANSLIT_MIN_RATIO) -> str | None:
        """A Cyrillic word read back as an English title word («кикер» -> "kicker"), or None."""
        from rapidfuzz import fuzz, process

        if not self.en_titles:
            return None
        # every reading against every title in one call (an ``extractOne`` per reading converted
        # the ~800 titles again each time: ~0.7 ms a word); then, reading by reading, the first
        # title of a reading's best score, taken if it beats the best so far, as a loop of
        # ``extractOne(reading, titles, score_cutoff=best so far)`` did
        scores = process.cdist(transliterations(word), self.en_titles, scorer=fuzz.ratio,
                               dtype=np.float64, score_cutoff=min_ratio)
        best, best_score = None, min_ratio
        for row in scores:
            j = int(row.argmax())  # the first of the highest
            if row[j] >= best_score and (row[j] > best_score or best is None):
                best, best_score = self.en_titles[j], float(row[j])
        return best


def _dictionary_word(word: str) -> bool:
    """A real Russian word (pymorphy3's dictionary) is only corrected one letter away."""
    from judge_app.search.analysis import morph

    return bool(_CYR.search(word)) and morph().word_is_known(fold(word))


def _correct(word: str, vocab: Vocabulary, known, loose: bool = False) -> str | None:
    """An unknown word's correction, or None: one word typed on the wrong layout; English
    read back from Cyrillic if it reads as a title word of the rules closely (хаст -> haste);
    the nearest word of its own script; a looser reading back. A real Russian word
    (pymorphy3's dictionary: «нулевой», «командор») is only corrected one letter away, unless
    ``loose`` (the last resort of a query that found nothing)."""
    cyr = bool(_CYR.search(word))
    if not cyr:
        flipped = to_ru(word)  # one word of a query the layout detector did not flip as a whole
        if _CYR.search(flipped) and not _LAT.search(flipped) and (flipped in vocab or known(flipped)):
            return flipped
    strict = cyr and not loose and _dictionary_word(word)
    if cyr:
        en = vocab.english_for(word, STRONG_TRANSLIT_RATIO)
        if en:
            return en
    found = vocab.nearest(word, max_distance=1 if strict else 2)
    if found or not cyr or strict:
        return found or (vocab.nearest(word, max_distance=3, min_length=5) if loose else None)
    return vocab.english_for(word, LOOSE_TRANSLIT_RATIO if loose else TRANSLIT_MIN_RATIO)


@dataclass
class Understood:
    search: str                   # the words to search for
    corrected: str | None = None  # the query as understood, if slang/typo/translit changed it
    question: bool = False        # question words were dropped: the query asks something


_ENDING = re.compile(r"(?:ом|ем|ам|ами|ах|ов|ы|и|а|у|е|ю|я|ой|ей)$")
# a noun made of a short slang word with «-шка» («пвшка», «етбшка»: players' nouns of PW, ETB)
_SHKA = re.compile(r"шк(?:а|и|у|е|ой|ами|ах)$")


def _inflected(word: str, slang) -> SlangEntry | None:
    """A one-word slang entry with a Russian case ending added («сайклингом», «дезтачем») or
    made a noun with «-шка» («етбшка»)."""
    if not _CYR.search(word):
        return None
    shka = _SHKA.search(word)
    if shka and len(word) - len(shka.group()) >= 2:
        e = slang.get((word[:shka.start()],))
        if e is not None:
            return e
    m = _ENDING.search(word)
    if not m or len(word) - len(m.group()) < 3:
        return None
    return slang.get((word[:m.start()],))


def apply_slang(words: list[str], slang=None) -> tuple[list[str], bool]:
    """Replace slang phrases (longest first) by what they mean; returns (words, changed)."""
    slang = load_slang() if slang is None else slang
    out, i, changed = [], 0, False
    folded = [fold(w) for w in words]
    while i < len(words):
        for n in range(min(MAX_SLANG_WORDS, len(words) - i), 0, -1):
            e = slang.get(tuple(folded[i:i + n])) or (_inflected(folded[i], slang) if n == 1 else None)
            if e is not None:
                out.extend(e.means.split())
                i += n
                changed = True
                break
        else:
            out.append(words[i])
            i += 1
    return out, changed


def has_slang(q: str) -> bool:
    return apply_slang(_WORD.findall(q))[1]


def is_question_word(word: str) -> bool:
    w = fold(word)
    if _CYR.search(w):
        return w in RU_QUESTION or lemmas(w)[0] in RU_QUESTION
    return w in EN_QUESTION


def understand(q: str, vocab: Vocabulary | None, known, loose: bool = False) -> Understood:
    """See the module docstring. ``known(word) -> bool``: does any index term of the word occur
    in the index (the caller asks its searcher). ``loose``: the second try of a query that found
    nothing (dictionary words are corrected as freely as unknown ones)."""
    words = _WORD.findall(q)
    if not words:
        return Understood(q)
    words, changed = apply_slang(words)
    if vocab is not None:
        fixed = []
        for w in words:
            new = w
            if len(w) >= 3 and not _PT.fullmatch(w) and not w.isdigit() and w not in vocab and not known(w):
                new = _correct(w, vocab, known, loose) or w
            changed |= new != w
            fixed.append(new)
        words = fixed
    content = [w for w in words if not is_question_word(w)]
    # «Если ... Не» (a glossary headword) is all question and stop words: search it as typed
    asked = any(word_terms(w) for w in content)
    search_words = content if asked else words
    return Understood(" ".join(search_words), " ".join(words) if changed else None,
                      question=asked and len(content) < len(words))
