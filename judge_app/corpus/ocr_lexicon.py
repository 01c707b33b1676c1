"""Lexicon of Russian word forms and Latin words for the OCR decoder.

* Word forms of the 2019 Russian CR (body and glossary) with their counts.
* Every form of the lexemes of those words, generated with pymorphy3 (forms the
  2019 text never uses get a small pseudo-count).
* Capitalisation: words written capitalised mid-sentence in most of their 2019
  occurrences are proper nouns and are restored capitalised.
* Latin words: tokens of the 2019 text that are pure Latin (card names, Magic,
  planeswalker) survive OCR intact; the aligned pairs tell which of those
  spellings are also garblings of Russian words.

At run time the decoder also searches pymorphy3's full dictionary (DAWG) for
words in neither list (see ``ocr_decode``).
"""
from __future__ import annotations

import re
from collections import Counter

from . import ocr_align

WORD_RE = re.compile(r"[А-Яа-яЁё]+(?:-[А-Яа-яЁё]+)*")
LATIN_RE = re.compile(r"^[A-Za-z][A-Za-z'’\-]*[A-Za-z]$|^[A-Z]$")
SENT_END = re.compile(r"[.!?:»]$")
_morph = None


def morph():
    global _morph
    if _morph is None:
        import pymorphy3

        _morph = pymorphy3.MorphAnalyzer()
    return _morph


def _texts_2019(heldout: bool) -> list[str]:
    t19 = ocr_align.SRC_2019.read_text(encoding="utf-8")
    if not heldout:
        return [t19]
    blocks, lines = ocr_align.segment(t19, ocr=False)
    out = []
    for b in blocks:
        key = b.key if b.key.startswith(("G:", "ch", "pre", "gloss")) else ocr_align.shift_2019_number(b.key)
        if ocr_align.is_heldout(key):
            continue
        out.append("\n".join(lines[i] for i in b.lines))
    return out


def build_lexicon(heldout: bool = False) -> dict:
    """{"forms": {form: count}, "proper": [forms], "latin": {word: count}}"""
    counts: Counter = Counter()
    cap_mid: Counter = Counter()
    latin: Counter = Counter()
    numbers: Counter = Counter()
    for text in _texts_2019(heldout):
        for line in text.split("\n"):
            toks = line.split()
            prev = ""
            for n, tok in enumerate(toks):
                core = tok.strip("«»()[].,;:!?\"“”'’–—")
                if LATIN_RE.match(core):
                    latin[core] += 1
                elif core.isdigit():
                    numbers[core] += 1
                for m in WORD_RE.finditer(tok):
                    w = m.group(0)
                    lw = w.lower()
                    counts[lw] += 1
                    if w[0].isupper() and n > 0 and prev and not SENT_END.search(prev) and m.start() <= 1:
                        cap_mid[lw] += 1
                prev = tok
    # word bigrams over token cores ("<s>" = sentence start, "<n>" = number, "<k>" = Latin word)
    bigrams: Counter = Counter()
    apos: Counter = Counter()
    for text in _texts_2019(heldout):
        prev = "<s>"
        for line in text.split("\n"):
            toks = line.split()
            if toks and _RULE_NO.match(toks[0]):
                prev = "<t>" if is_title_line(toks[1:]) else "<s>"
                toks = toks[1:]
            for tok in toks:
                c = lm_core(tok)
                if c is None:
                    continue
                bigrams[prev + " " + c] += 1
                prev = "<s>" if SENT_END_LM.search(tok) else c
                m = APOS_RE.match(tok)
                if m:
                    apos[m.group(2)] += 1
    tag_bigrams: Counter = Counter()
    for k, v in bigrams.items():
        a, b = k.split(" ", 1)
        tag_bigrams[word_class(a) + " " + word_class(b)] += v
    proper = sorted(w for w, c in cap_mid.items() if c >= 2 and c * 2 > counts[w] and len(w) > 1)
    forms = {w: c for w, c in counts.items()}
    # lexeme expansion with pymorphy3
    mo = morph()
    extra: Counter = Counter()
    for w in sorted(counts):
        if "-" in w:
            continue
        seen = set()
        for p in mo.parse(w)[:2]:
            if p.score < 0.2 or p.normal_form in seen:
                continue
            seen.add(p.normal_form)
            try:
                lex = p.lexeme
            except Exception:  # pragma: no cover - pymorphy oddities
                continue
            for f in lex:
                fw = f.word
                if fw not in forms and WORD_RE.fullmatch(fw):
                    extra[fw] += 1
    for fw in sorted(extra):
        forms[fw] = 0  # count 0 = generated form
    return {"forms": dict(sorted(forms.items())), "proper": proper, "latin": dict(sorted(latin.items())),
            "numbers": dict(sorted(numbers.items())),
            "bigrams": {k: v for k, v in sorted(bigrams.items())},
            "tag_bigrams": dict(sorted(tag_bigrams.items())),
            "classes": {w: word_class(w) for w in sorted(forms)},
            "apos": dict(sorted(apos.items())),
            "latin_en": _english_words()}


_RULE_NO = re.compile(r"^\d{3}\.\d+(?:[a-z]|\.)?$|^\d{1,3}\.$")
SENT_END_LM = re.compile(r"[.!?]»?\)?$")
APOS_RE = re.compile(r"^[«(]*([A-Za-z][A-Za-z\-]*)['’]([а-яё]+)")
_STRIP = "«»()[].,;:!?\"“”'’–—-"


def is_title_line(rest: list[str]) -> bool:
    """A rule number followed by a short title («702.36. Оборотень»), not by a sentence."""
    return 0 < len(rest) <= 5 and not re.search(r"[.,;:]$", rest[-1])


def lm_core(tok: str) -> str | None:
    """The bigram-model unit of a whitespace token."""
    c = tok.strip(_STRIP)
    if not c:
        return None
    if re.search(r"[А-Яа-яЁё]", c) and not re.match(r"^[A-Za-z]", c):
        return c.lower()
    return class_unit(c)


def class_unit(core: str) -> str:
    """The bigram class of a token kept as is: "<n>" for a number, "<k>" for anything else (Latin words)."""
    return "<n>" if re.search(r"\d", core) and not re.search(r"[A-Za-z]{2}", core) else "<k>"


_CLASS_CACHE: dict[str, str] = {}


def word_class(unit: str) -> str:
    """The grammatical class of a bigram unit: pymorphy3's best parse as part of speech,
    case, number and (in the singular) gender, e.g. ``NOUN,gent,sing,femn``; markers
    (``<s>``, ``<n>``, …) are their own class.  The decoder's back-off model uses these
    so that an unseen word pair still agrees in case and number."""
    r = _CLASS_CACHE.get(unit)
    if r is None:
        if unit.startswith("<"):
            r = unit
        else:
            t = morph().parse(unit)[0].tag
            parts = [t.POS or "X", t.case or "", t.number or ""]
            if t.number == "sing" and t.gender:
                parts.append(t.gender)
            r = ",".join(parts)
        _CLASS_CACHE[unit] = r
    return r


def _english_words() -> dict:
    """Capitalised words (card names etc.) of the English 2020 CR, with counts."""
    p = ocr_align.SOURCES / "en" / "cr-en-2020-01-24.txt"
    cnt: Counter = Counter()
    for tok in p.read_text(encoding="utf-8-sig").split():
        core = tok.strip("«»()[].,;:!?\"“”'’–—")
        if len(core) >= 3 and re.fullmatch(r"[A-Z][a-z]+(?:-[A-Za-z]+)?", core):
            cnt[core] += 1
    return dict(sorted(cnt.items()))


def latin_stats(blocks, pairs) -> dict:
    """For each Latin-looking OCR spelling: how often it stood for a Russian word in the aligned pairs."""
    garb: Counter = Counter()
    for st in pairs.values():
        for (a, g), n in st.items():
            core = g.strip("«»()[].,;:!?\"“”'’–—")
            if LATIN_RE.match(core):
                garb[core] += n
    return {"garble": dict(sorted((k, v) for k, v in garb.items() if v >= 1))}
