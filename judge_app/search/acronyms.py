"""Abbreviations of the English glossary's terms, the last resort of a query that found nothing.

Players abbreviate English terms by their initials and type them in either script: «лтб» /
«ltb» is Leaves the Battlefield, «cmc» Converted Mana Cost. The slang file names the common ones
(«етб», «сба»); the rest would return nothing at all. ``Acronyms(headwords)`` reads every
English glossary headword of two words or more by its initials (every word, and again without
the function words: «Leaves the Battlefield» is «ltb» and «lb»); ``expand(query)`` replaces each
word of the query that reads as such initials (a Cyrillic word letter by letter, with the usual
alternatives: к is k or c) by its headword, or returns None. Only a query that found nothing
pays for it (``query.search``): a real word is never read as an abbreviation otherwise.
"""
from __future__ import annotations

import itertools
import re

FUNCTION_WORDS = frozenset("the of a an to and or in on at for from".split())
MIN_LETTERS, MAX_LETTERS = 2, 5
# Cyrillic letter -> the Latin initials it stands for in an abbreviation typed in Cyrillic.
_LETTER = {
    "а": "a", "б": "b", "в": "vw", "г": "g", "д": "d", "е": "e", "ё": "e", "ж": "j", "з": "z",
    "и": "i", "й": "y", "к": "kc", "л": "l", "м": "m", "н": "n", "о": "o", "п": "p", "р": "r",
    "с": "sc", "т": "t", "у": "u", "ф": "f", "х": "h", "ц": "c", "ч": "c", "ш": "s", "э": "e",
    "ю": "u", "я": "y",
}
_WORD = re.compile(r"[^\W\d_]+")


class Acronyms:
    """Initials of the English glossary headwords -> the headword."""

    def __init__(self, headwords):
        self.by_initials: dict[str, str] = {}
        for h in sorted(set(headwords)):
            words = _WORD.findall(re.sub(r"\(.*?\)", "", h))
            if len(words) < 2:
                continue
            content = [w for w in words if w.lower() not in FUNCTION_WORDS]
            for ws in (words, content):
                key = "".join(w[0] for w in ws).lower()
                if MIN_LETTERS <= len(key) <= MAX_LETTERS:
                    self.by_initials.setdefault(key, " ".join(words))

    def readings(self, word: str) -> list[str]:
        """The Latin initials a word may stand for («лтб» -> ["ltb"], «кмк» -> ["kmk", "kmc", …])."""
        w = word.lower()
        if not MIN_LETTERS <= len(w) <= MAX_LETTERS:
            return []
        if w.isascii():
            return [w] if w.isalpha() else []
        options = [_LETTER.get(c) for c in w]
        if not all(options):
            return []
        return ["".join(p) for p in itertools.islice(itertools.product(*options), 64)]

    def expand(self, query: str) -> str | None:
        """The query with each abbreviation replaced by its headword, or None if none is."""
        changed = False

        def one(m: re.Match) -> str:
            nonlocal changed
            for r in self.readings(m.group(0)):
                head = self.by_initials.get(r)
                if head:
                    changed = True
                    return head
            return m.group(0)

        out = _WORD.sub(one, query)
        return out if changed else None
