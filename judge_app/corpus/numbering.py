"""Comprehensive Rules numbers: levels, parents, document order, ranges, query input.

Every parser, the cross-reference finder and the search box agree on one canonical
form: "7" (chapter), "704" (section), "704.5" (rule), "704.5k" (subrule). Subrule
letters skip ``l`` and ``o`` (they look like 1 and 0), exactly as the CR does, so
"704.5k" is followed by "704.5m".

Query input comes from Russian-speaking judges, who often type with the Russian
keyboard layout still on, or type a Cyrillic letter that looks like the Latin one.
``normalise_query_candidates`` therefore returns every plausible reading, best first.
"""
from __future__ import annotations

import re
from typing import Iterable

SUBRULE_LETTERS = "abcdefghijkmnpqrstuvwxyz"

_CHAPTER = re.compile(r"\d")
_SECTION = re.compile(r"\d{3}")
_RULE = re.compile(r"(\d{3})\.(\d+)")
_SUBRULE = re.compile(r"(\d{3})\.(\d+)([a-z])")

# Cyrillic letters that look like a Latin letter (lower case, or whose capital does:
# В/Н/М/Т).  Tried first: a judge reading «704.5к» off a printout meant k.
LOOKALIKE = {
    "а": "a", "в": "b", "с": "c", "е": "e", "ё": "e", "н": "h", "і": "i", "ј": "j",
    "к": "k", "м": "m", "п": "n", "о": "o", "р": "p", "т": "t", "у": "y", "х": "x",
}
# The Latin key under each Cyrillic letter of the standard ЙЦУКЕН layout: typing
# "704.5k" with the Russian layout on gives «704.5л».  Tried second.
LAYOUT = dict(zip("йцукенгшщзфывапролдячсмить", "qwertyuiopasdfghjklzxcvbnm"))
# Keys that type the number separator: "." and "," and, on the Russian layout, ю and б.
_SEPARATORS = ".,юб"


def level_of(number: str) -> str:
    """Return "chapter", "section", "rule" or "subrule"; ValueError if not a CR number."""
    if _CHAPTER.fullmatch(number):
        return "chapter"
    if _SECTION.fullmatch(number):
        return "section"
    if _RULE.fullmatch(number):
        return "rule"
    if _SUBRULE.fullmatch(number):
        return "subrule"
    raise ValueError(f"not a rule number: {number!r}")


def is_number(number: str) -> bool:
    try:
        level_of(number)
    except ValueError:
        return False
    return True


def parent_of(number: str) -> str | None:
    """"704.5k" -> "704.5" -> "704" -> "7" -> None."""
    level = level_of(number)
    if level == "chapter":
        return None
    if level == "section":
        return number[0]
    if level == "rule":
        return number.split(".")[0]
    return number[:-1]


def sort_key(number: str) -> tuple[int, int, int, int]:
    """Document order: "7" < "700" < "700.1" < "700.1a" < "700.2"; "702.9" < "702.10"."""
    level = level_of(number)
    if level == "chapter":
        return (int(number), -1, -1, -1)
    if level == "section":
        return (int(number[0]), int(number), -1, -1)
    sec, rest = number.split(".")
    letter = -1
    if level == "subrule":
        rest, letter = rest[:-1], ord(rest[-1]) - ord("a")
    return (int(sec[0]), int(sec), int(rest), letter)


def next_letter(letter: str | None) -> str | None:
    """The subrule letter after ``letter`` (None -> "a"); None past "z"."""
    if letter is None:
        return SUBRULE_LETTERS[0]
    i = SUBRULE_LETTERS.find(letter)
    if i < 0 or i + 1 >= len(SUBRULE_LETTERS):
        return None
    return SUBRULE_LETTERS[i + 1]


def _letter_readings(ch: str) -> list[str]:
    ch = ch.lower()
    if "a" <= ch <= "z":
        return [ch]
    out = []
    for table in (LOOKALIKE, LAYOUT):
        if ch in table and table[ch] not in out:
            out.append(table[ch])
    return out


_QUERY = re.compile(r"(\d{1,3})(?:\s*[" + _SEPARATORS + r"]\s*(\d{1,3})\s*(\w)?)?\s*[.)]?")


def normalise_query_candidates(s: str) -> list[str]:
    """Every canonical number ``s`` may stand for, best first; [] if none.

    Accepts "704.5k", " 704,5к ", "704ю5л", "704.5K.", "704", "7".  The subrule
    letter is read as itself if Latin; a Cyrillic letter is read first as its Latin
    look-alike (к -> k, а -> a, с -> c), then as the Latin key it shares on the
    Russian layout (л -> k, к -> r, а -> f).  Readings that are not subrule
    letters (l, o) are dropped, so «704.5о» gives only the layout reading "704.5j".
    """
    m = _QUERY.fullmatch(s.strip())
    if not m:
        return []
    head, rule, letter = m.groups()
    if rule is None:
        return [head] if len(head) in (1, 3) else []
    if len(head) != 3:
        return []
    base = f"{head}.{int(rule)}"
    if letter is None:
        return [base]
    if letter.isdigit():
        return []
    return [base + r for r in _letter_readings(letter) if r in SUBRULE_LETTERS]


def normalise_query_number(s: str, known: Iterable[str] | None = None) -> str | None:
    """The best reading of ``s`` (the first that exists in ``known`` if given)."""
    cands = normalise_query_candidates(s)
    if known is not None:
        known = set(known)
        cands = [c for c in cands if c in known]
    return cands[0] if cands else None


def expand_range(first: str, last: str, known: Iterable[str] | None = None) -> list[str]:
    """All numbers from ``first`` to ``last`` inclusive, in document order.

    ``last`` may be abbreviated the way the CR writes it: "603.7d"–"f" (letter only),
    "112.6"–"7" (rule only).  Within one rule or section the sequence is generated
    (letters skip l and o); with ``known`` the result is filtered to known numbers,
    and a range across parents ("601.2b"–"601.3c") takes every known number of the
    endpoints' levels between them.  Without ``known`` such a range gives the two ends.
    """
    last = last.strip()
    if re.fullmatch(r"[a-z]", last) and level_of(first) == "subrule":
        last = first[:-1] + last
    elif re.fullmatch(r"\d+", last) and level_of(first) == "rule":
        last = first.split(".")[0] + "." + last
    lf, ll = level_of(first), level_of(last)
    known_set = set(known) if known is not None else None
    out: list[str] | None = None
    if sort_key(last) < sort_key(first):
        out = [first, last]
    elif lf == ll and parent_of(first) == parent_of(last):
        if lf == "subrule":
            a, b = SUBRULE_LETTERS.find(first[-1]), SUBRULE_LETTERS.find(last[-1])
            if a >= 0 and b >= 0:
                out = [first[:-1] + c for c in SUBRULE_LETTERS[a : b + 1]]
        elif lf == "rule":
            sec = first.split(".")[0]
            a, b = int(first.split(".")[1]), int(last.split(".")[1])
            out = [f"{sec}.{i}" for i in range(a, b + 1)]
        else:
            out = [str(i) for i in range(int(first), int(last) + 1)]
    if out is None:
        if known_set is None:
            out = [first, last]
        else:
            lo, hi, levels = sort_key(first), sort_key(last), {lf, ll}
            out = sorted(
                (k for k in known_set if level_of(k) in levels and lo <= sort_key(k) <= hi),
                key=sort_key,
            )
            return out
    if known_set is not None:
        out = [n for n in out if n in known_set]
    seen: set[str] = set()
    return [n for n in out if not (n in seen or seen.add(n))]
