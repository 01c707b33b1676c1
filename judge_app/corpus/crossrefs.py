"""Find the rule numbers a text refers to, in Russian or English.

Rules, examples and glossary entries cite other rules in a handful of shapes:
«правило 704.5k», «правила 603.7d–f», «правила 701.3–701.41», «См. правило 510.1c-d»,
«правила 601.2b и 601.2f–h», «раздел 8», «главу 6», «разделы 1 и 2», bare «702.105.» or
«613.6 и 613.7», and in English "rule 704.5k", "rules 603.7d–f", "section 9".

Two decisions keep false positives out:
* a number of the NNN.N form is always a rule reference, with or without a keyword;
* a bare NNN (section) or N (chapter) counts only right after a keyword
  (правило/раздел/глава, rule/section/chapter), since "20" or "7" alone is usually a
  quantity.  A single digit after раздел/section/глава means a chapter: the CR calls
  its chapters "section 9" («раздел 9»).
A sentence-final dot is never part of a number («…смотрите правило 702.105.»).
Ranges are expanded with ``numbering.expand_range``.
"""
from __future__ import annotations

import re
from typing import Iterable

from .numbering import LOOKALIKE, expand_range, level_of, parent_of, sort_key
from .records import Mention

_DASH = r"\s?[–—‑-]\s?"
# A subrule letter; a Cyrillic look-alike typed by the translator («110.4а») counts.
_L = "[a-z" + "".join(k for k, v in LOOKALIKE.items() if v not in "lo") + "]"
_NUM = rf"\d{{3}}\.\d+{_L}?(?![\w])|\d{{3}}(?![\d.]\d)|\d(?![\d.]\d)"
# a range end: a full number, a Latin letter («603.7d–f»; a Cyrillic one would be a
# word: «704.5 – в»), or a rule number («509.1–3»)
_END = rf"\d{{3}}\.\d+{_L}?(?![\w])|[a-z](?![\w])|\d+(?![\w.]\w)"
# A section may be followed by its title: «правила 113 «Эмблемы», 901 «Погоня …» и 905».
_TITLE = r"(?:,?\s*«[^«»]{1,80}»)?"
_ITEM = rf"(?:{_NUM})(?:{_DASH}(?:{_END}))?{_TITLE}"
_SEP = r"\s*,\s*(?:и\s+|and\s+|or\s+|или\s+)?|\s+(?:и|and|or|или)\s+"
_KEYWORD = (
    r"(?:(?<![\w])|(?<=[Сс]мотрите))(?:правил(?:о|а|у|е|ом|ах|ам|ами)?|раздел(?:а|у|е|ом|ы|ов|ах|ам)?"
    r"|глав(?:а|у|е|ы|ой|ах|ам)|rules?|sections?|chapters?)(?![\w])"
)
_KEYED = re.compile(rf"(?P<kw>{_KEYWORD})\s*(?:№\s*)?(?P<items>{_ITEM}(?:(?:{_SEP}){_ITEM})*)",
                    re.IGNORECASE)
_ITEM_RE = re.compile(rf"(?P<first>{_NUM})(?:(?P<dash>{_DASH})(?P<last>{_END}))?")
_BARE = re.compile(rf"(?<![\w.])(?P<first>\d{{3}}\.\d+{_L}?)(?![\w])(?:{_DASH}(?P<last>{_END}))?")
_CHAPTER_WORDS = re.compile(r"^(раздел|глав|section|chapter)", re.IGNORECASE)


def _latin(number: str | None) -> str | None:
    if number and number[-1] in LOOKALIKE:
        return number[:-1] + LOOKALIKE[number[-1]]
    return number


def _is_range(first: str, last: str) -> bool:
    """«509.1–3» and «603.7d–f» are ranges; «704.5 - a creature» is not."""
    if re.fullmatch(r"\d+", last):
        return level_of(first) == "rule"
    if re.fullmatch(r"[a-z]", last):
        return level_of(first) == "subrule"
    return True


def _expand(first: str, last: str | None, known: set[str] | None) -> list[str]:
    if last is None or not _is_range(first, last):
        return [first]
    numbers = expand_range(first, last)
    if known is not None and len(numbers) == 2 and parent_of(numbers[0]) != parent_of(numbers[1]):
        inner = expand_range(first, last, known)  # "302.4a–302.7": what exists between
        numbers = sorted(set(numbers) | set(inner), key=sort_key)
    return numbers


def _kind_ok(number: str, keyword: str, first_level: str | None) -> bool:
    level = level_of(number)
    if level == "chapter":
        return bool(_CHAPTER_WORDS.match(keyword)) and first_level in (None, "chapter")
    if first_level == "chapter":
        return False
    return True


def find_mentions(text: str, known: Iterable[str] | None = None) -> list[Mention]:
    """Every rule reference in ``text``, in order, with ranges expanded.

    ``known`` (numbers of the document) is used only to fill a range that crosses
    rules («302.4a–302.7»); references to missing rules are kept, so callers can
    report them.  The first item of a keyword list carries the keyword in ``raw``.
    """
    known_set = set(known) if known is not None else None
    out: list[Mention] = []
    taken: list[tuple[int, int]] = []
    for m in _KEYED.finditer(text):
        kw, first_level = m["kw"], None
        base = m.start("items")
        items = re.sub(r"«[^«»]*»", lambda t: " " * len(t[0]), m["items"])  # titles
        for k, it in enumerate(_ITEM_RE.finditer(items)):
            first, last = _latin(it["first"]), _latin(it["last"])
            if last is not None and level_of(first) == "chapter":
                last = None
            if not _kind_ok(first, kw, first_level):
                break
            first_level = first_level or level_of(first)
            if last is not None and not _is_range(first, last):
                last = None
            end = base + (it.end() if last is not None else it.end("first"))
            start = m.start() if k == 0 else base + it.start()
            out.append(Mention(start, end, text[start:end], _expand(first, last, known_set)))
            taken.append((base + it.start(), end))
    for m in _BARE.finditer(text):
        if any(a <= m.start() < b for a, b in taken):
            continue
        first, last = _latin(m["first"]), _latin(m["last"])
        if last is not None and not _is_range(first, last):
            last = None
        end = m.end() if last is not None else m.end("first")
        out.append(Mention(m.start(), end, text[m.start():end], _expand(first, last, known_set)))
    out.sort(key=lambda x: x.start)
    return out


def ocr_reading(number: str) -> str | None:
    """OCR reads a subrule letter i as 1: «601.21» is 601.2i when 601.21 does not exist."""
    if level_of(number) == "rule" and number.endswith("1") and len(number.split(".")[1]) > 1:
        return number[:-1] + "i"
    return None


def resolve(mentions: Iterable[Mention], known: Iterable[str], *, ocr: bool = False):
    """Split (mention, number) pairs into those whose number exists and those not.

    With ``ocr=True`` a missing «601.21» resolves to an existing 601.2i (the resolved
    pair then carries the corrected number)."""
    known = set(known)
    ok, missing = [], []
    for m in mentions:
        for n in m.numbers:
            if n not in known and ocr and ocr_reading(n) in known:
                n = ocr_reading(n)
            (ok if n in known else missing).append((m, n))
    return ok, missing


def _texts(parse) -> Iterable[tuple[str, str]]:
    for r in parse.rules:
        for t in [r.title, r.text, *r.examples]:
            if t:
                yield r.number, t
    for g in parse.glossary:
        yield f"glossary:{g.term_en}", g.definition


def unresolved_report(parse, *, ocr: bool = False) -> list[tuple[str, str, str]]:
    """(source number, raw mention, missing number) for every reference in a parsed
    CR (rules, examples, glossary) to a number the same document does not have."""
    known = set(parse.numbers(with_chapters=True))
    out = []
    for source, text in _texts(parse):
        _, missing = resolve(find_mentions(text, known), known, ocr=ocr)
        out.extend((source, m.raw, n) for m, n in missing)
    return out
