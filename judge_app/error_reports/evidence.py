"""The evidence a mentor weighs before accepting a report, written into its corrections row.

- ``glyphs``: the garbled OCR glyphs the reported words were decoded from. The stored
  original of the rule (``ocr_original.raw``) is read into rough Cyrillic through the
  glyphs that look alike (``B`` → в, ``bI`` → ы, ``JI`` → л, …), aligned character by
  character with the decoded text (difflib), and the raw words under the reported
  words are taken. It is a first guess for the mentor, who can edit it.
- ``ru_2019``: the words of the 2019 Russian rule in the same place (the 2019 numbering
  is shifted where 2020 inserted sections, as ``ocr_align.shift_2019_number`` knows),
  aligned word by word; empty for a rule new in 2020.
- ``english``: the English twin's rule text, shown beside; the mentor copies the words
  that match into the row (a word alignment across languages would only be a guess).
"""
from __future__ import annotations

import difflib
import re

from ..corpus.lookup import Corpus
from ..corpus.ocr_align import shift_2019_number
from .target import DOC_ID, VERSION, Rule

OLD_VERSION = "2019-05-03"
# Glyph groups the OCR put for Cyrillic letters, longest first (read off ocr_original).
LOOKALIKE = [("III", "ш"), ("bI", "ы"), ("bl", "ы"), ("BI", "ы"), ("JI", "л"), ("IO", "ю"), ("IT", "п"),
             ("II", "п"), ("a", "а"), ("A", "а"), ("B", "в"), ("b", "ь"), ("c", "с"), ("C", "с"), ("e", "е"),
             ("E", "е"), ("H", "н"), ("h", "н"), ("K", "к"), ("k", "к"), ("M", "м"), ("m", "т"), ("n", "п"),
             ("o", "о"), ("O", "о"), ("0", "о"), ("p", "р"), ("P", "р"), ("T", "т"), ("u", "и"), ("U", "и"),
             ("x", "х"), ("X", "х"), ("y", "у"), ("Y", "у"), ("3", "з"), ("6", "б"), ("r", "г"), ("S", "я")]
WORD = re.compile(r"\S+")


def gather(corpus: Corpus, r: Rule, phrase: str) -> dict:
    """{"glyphs", "ru_2019", "english", "english_text"} for ``phrase`` in rule ``r``."""
    english = corpus.rule_row(r.number, VERSION, "en")
    return {"glyphs": glyphs(corpus, r, phrase), "ru_2019": ru_2019(corpus, r, phrase), "english": "",
            "english_text": " ".join(x for x in ((english or {}).get("title"), (english or {}).get("text")) if x)}


def glyphs(corpus: Corpus, r: Rule, phrase: str) -> str:
    if not corpus.table_exists("ocr_original"):
        return ""
    row = corpus.one("select raw from ocr_original where id = ?", (f"{DOC_ID}:{r.number}",))
    if not row or not row["raw"]:
        return ""
    raw = " ".join(row["raw"].split())
    first, _, rest = raw.partition(" ")
    if first[:1].isdigit():   # the rule's number, as the OCR read it
        raw = rest
    decoded = " ".join(" ".join(r.fields).split())
    at = decoded.find(phrase)
    if at < 0:
        return ""
    cyr, origin = _rough_cyrillic(raw)
    match = difflib.SequenceMatcher(None, decoded.lower(), cyr.lower(), autojunk=False)
    a = _map(match, at, len(cyr))
    b = _map(match, at + len(phrase) - 1, len(cyr))
    if a is None or b is None or b < a:
        return ""
    start, end = origin[a], origin[b] + 1
    start = raw.rfind(" ", 0, start) + 1
    stop = raw.find(" ", end)
    return raw[start:stop if stop >= 0 else len(raw)]


def _rough_cyrillic(raw: str) -> tuple[str, list[int]]:
    """The raw text read through ``LOOKALIKE``; for each output character, its raw position."""
    out, origin, i = [], [], 0
    while i < len(raw):
        for glyph, letter in LOOKALIKE:
            if raw.startswith(glyph, i):
                out.append(letter)
                origin.append(i)
                i += len(glyph)
                break
        else:
            out.append(raw[i])
            origin.append(i)
            i += 1
    return "".join(out), origin


def _map(match: difflib.SequenceMatcher, pos: int, limit: int) -> int | None:
    """The position in the second text that ``pos`` of the first is aligned with (inside a
    matching block, or interpolated between the blocks around it)."""
    blocks = [b for b in match.get_matching_blocks() if b.size]
    if not blocks:
        return None
    before = [b for b in blocks if b.a <= pos]
    if before and pos < before[-1].a + before[-1].size:
        b = before[-1]
        return b.b + pos - b.a
    after = [b for b in blocks if b.a > pos]
    left = (before[-1].a + before[-1].size, before[-1].b + before[-1].size) if before else (0, 0)
    right = (after[0].a, after[0].b) if after else None
    if right is None or right[0] == left[0]:
        return min(left[1] + pos - left[0], limit - 1)
    share = (pos - left[0]) / (right[0] - left[0])
    return min(int(left[1] + share * (right[1] - left[1])), limit - 1)


def ru_2019(corpus: Corpus, r: Rule, phrase: str) -> str:
    old = _rule_2019(corpus, r.number)
    if old is None:
        return ""
    new_words = " ".join(r.fields).split()
    old_words = old.split()
    span = _word_span(new_words, phrase)
    if span is None:
        return ""
    match = difflib.SequenceMatcher(None, [w.lower() for w in new_words], [w.lower() for w in old_words],
                                    autojunk=False)
    picked: list[int] = []
    for tag, i1, i2, j1, j2 in match.get_opcodes():
        if i2 <= span[0] or i1 >= span[1]:
            continue
        if tag == "equal":
            picked += range(j1 + max(span[0] - i1, 0), j1 + min(span[1], i2) - i1)
        elif tag in ("replace", "insert"):
            picked += range(j1, j2)
    return " ".join(old_words[min(picked):max(picked) + 1]) if picked else ""


def _rule_2019(corpus: Corpus, number: str) -> str | None:
    """The 2019 Russian rule that became ``number`` in 2020 (title, text and examples)."""
    section = int(number[:3]) if number[:3].isdigit() else 0
    for old in dict.fromkeys([f"{section - 1}{number[3:]}", number]):
        if shift_2019_number(old) != number:
            continue
        row = corpus.rule_row(old, OLD_VERSION, "ru")
        if row:
            examples = [e["text"] for e in corpus.rows(
                "select text from examples where doc_id = ? and rule_number = ? order by position",
                (row["doc_id"], old))]
            return " ".join([row["title"] or "", row["text"] or "", *examples])
    return None


def _word_span(words: list[str], phrase: str) -> tuple[int, int] | None:
    target = phrase.split()
    n = len(target)
    for i in range(len(words) - n + 1):
        window = words[i:i + n]
        if window == target or " ".join(window).find(phrase) >= 0:
            return i, i + n
    for i, w in enumerate(words):   # a phrase glued to punctuation: the word that holds it
        if phrase in w:
            return i, i + 1
    return None


def reading(corrected: str, glyphs: str):
    """Whether ``corrected`` is a reading of ``glyphs`` under the decoder's channel (the test
    every row of the corrections file must pass, or give a reason:
    ``corpus.corrections_check``); None without glyphs. Loads the decoder's model once."""
    from ..corpus import corrections_check

    return corrections_check.score(corrected, glyphs) if glyphs.strip() else None
