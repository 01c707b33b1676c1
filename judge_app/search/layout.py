"""Keyboard-layout mistakes: «cvthntkmyjt rfcfybt» is «смертельное касание» typed with
the English layout still on (and «вуферещгср» is «deathtouch» typed on the Russian one).

``to_ru`` / ``to_en`` convert a string key by key between QWERTY and ЙЦУКЕН (both cases,
and the punctuation keys that carry Russian letters: ``;``→ж, ``'``→э, ``,``→б, ``.``→ю,
``[``→х, ``]``→ъ, `````→ё, and their shifted forms).

``detect_wrong_layout(query, en_vocab)`` decides whether a query was typed on the wrong
layout and returns the corrected query, or None.  A Latin query is flipped to Russian when
most of its words are *not* English words (``en_vocab``: the words of the indexed English
text, see ``index.load_en_vocab``) but become words known to the pymorphy3 dictionary;
a Cyrillic query is flipped to English when its words are unknown Russian words that
become words of ``en_vocab``.
"""
from __future__ import annotations

import re
from collections.abc import Collection
from functools import lru_cache

from judge_app.search.analysis import morph

_EN_KEYS = "qwertyuiop[]asdfghjkl;'zxcvbnm,./`" + 'QWERTYUIOP{}ASDFGHJKL:"ZXCVBNM<>?~' + "@#$^&"
_RU_KEYS = "йцукенгшщзхъфывапролджэячсмитьбю.ё" + "ЙЦУКЕНГШЩЗХЪФЫВАПРОЛДЖЭЯЧСМИТЬБЮ,Ё" + '"№;:?'

assert len(_EN_KEYS) == len(_RU_KEYS), (len(_EN_KEYS), len(_RU_KEYS))

_TO_RU = str.maketrans(_EN_KEYS, _RU_KEYS)
# The reverse map: built from the same pairs; on the Russian layout "." is the key
# under "/" and "," is shift+"/", and "?" is shift+"7" — take the first occurrence.
_rev: dict[int, str] = {}
for _e, _r in zip(_EN_KEYS, _RU_KEYS):
    _rev.setdefault(ord(_r), _e)
_TO_EN = _rev
del _rev

_RU_WORD = re.compile(r"[А-Яа-яЁё]+")
_LATIN_LETTERS = re.compile(r"[A-Za-z]")
_CYR_LETTERS = re.compile(r"[А-Яа-яЁё]")


def to_ru(s: str) -> str:
    """What ``s`` would have been had it been typed with the Russian (ЙЦУКЕН) layout."""
    return s.translate(_TO_RU)


def to_en(s: str) -> str:
    """What ``s`` would have been had it been typed with the English (QWERTY) layout."""
    return s.translate(_TO_EN)


@lru_cache(maxsize=65536)
def _ru_known(word: str) -> bool:
    """Is ``word`` in pymorphy3's dictionary? Kept per word: the layout check of every new query
    asked for each of its words (a dictionary walk of ~40 us), and words recur across queries."""
    w = word.lower()
    if len(w) < 2:
        # one-letter words: only the real prepositions/conjunctions count
        return w in {"в", "и", "с", "к", "о", "у", "а", "я"}
    return morph().word_is_known(w)


def _english(word: str, en_vocab: Collection[str]) -> bool:
    """Are the Latin letters of a word typed as it is an English word of the index?"""
    plain = re.sub(r"[^a-z]", "", word.lower())
    return bool(plain) and plain in en_vocab


def _flip_latin(query: str, en_vocab: Collection[str]) -> str | None:
    # Split the Latin query into "words" that include the punctuation keys of Russian
    # letters (";tcnrbq" -> «жесткий»), but keep sentence punctuation at word ends
    # honest: a trailing "," or "." that would make an unknown word is tried both ways.
    words = [w for w in re.split(r"\s+", query.strip()) if w]
    if not words:
        return None
    latin_words = [w for w in words if _LATIN_LETTERS.search(w) and not re.search(r"\d", w)]
    # an English word votes English whatever the dictionary says; the Russian votes can only be
    # the other words': too few of them, and the query stays as typed without asking pymorphy3
    # about each word (a flipped English word is no Russian word, and asking took ~0.1 ms)
    voting = [w for w in words if not re.search(r"\d", w) and re.search(r"[A-Za-z;'\[\]`,.<>:\"{}~]", w)]
    english = sum(1 for w in voting if _english(w, en_vocab))  # every one votes English
    most_ru = len(voting) - english
    if not most_ru or most_ru <= english or most_ru * 2 < len(latin_words):
        return None
    votes_ru = votes_en = 0
    out = []
    for w in words:
        if re.search(r"\d", w) or not re.search(r"[A-Za-z;'\[\]`,.<>:\"{}~]", w):
            out.append(w)  # numbers ("704.5k" is handled as a rule number) and the like
            continue
        conv = to_ru(w)
        core = re.sub(r"[^а-яё]", "", conv.lower())
        is_en = _english(w, en_vocab)
        is_ru = bool(core) and _ru_known(core) and not re.search(r"[a-z]", conv.lower())
        if not is_ru and core and re.fullmatch(r"[A-Za-z;'\[\]`]+[,.]", w):
            # "ghjrkznbt," : the comma was meant as punctuation, not «б»
            c2 = to_ru(w[:-1])
            if _ru_known(c2.lower()):
                is_ru, conv = True, c2 + w[-1]
        if is_ru and not is_en:
            votes_ru += 1
        elif is_en:
            votes_en += 1
        out.append(conv)
    if votes_ru and votes_ru > votes_en and votes_ru * 2 >= len(latin_words):
        return " ".join(out)
    return None


def _flip_cyrillic(query: str, en_vocab: Collection[str]) -> str | None:
    words = [w for w in re.split(r"\s+", query.strip()) if w]
    cyr_words = [w for w in words if _CYR_LETTERS.search(w)]
    if not cyr_words or not en_vocab:
        return None
    votes_en = votes_ru = 0
    out = []
    flipped = []  # (word, flipped, is the flip an English word)
    for w in words:
        if not _CYR_LETTERS.search(w) or re.search(r"\d", w):
            flipped.append((w, w, None))
            continue
        conv = to_en(w)
        plain = re.sub(r"[^a-z]", "", conv.lower())
        flipped.append((w, conv, bool(plain) and plain in en_vocab and not re.search(r"[а-яё]", conv.lower())))
    english = sum(1 for _, _, is_en in flipped if is_en)  # the most English votes there can be
    if not english or english * 2 < len(cyr_words):
        return None  # too few English votes whatever the dictionary says: not asked about each word
    for w, conv, is_en in flipped:
        if is_en is None:
            out.append(w)
            continue
        is_ru = _ru_known("".join(_RU_WORD.findall(w)).lower())
        if is_en and not is_ru:
            votes_en += 1
        elif is_ru:
            votes_ru += 1
        out.append(conv)
    if votes_en and votes_en > votes_ru and votes_en * 2 >= len(cyr_words):
        return " ".join(out)
    return None


def detect_wrong_layout(query: str, en_vocab: Collection[str] = ()) -> str | None:
    """The query as the judge meant it if it was typed on the wrong layout, else None.

    Mixed-script queries (a Russian word next to an English one) are left alone.
    """
    q = query.strip()
    if not q:
        return None
    has_lat, has_cyr = bool(_LATIN_LETTERS.search(q)), bool(_CYR_LETTERS.search(q))
    if has_lat and not has_cyr:
        return _flip_latin(q, en_vocab)
    if has_cyr and not has_lat:
        return _flip_cyrillic(q, en_vocab)
    return None
