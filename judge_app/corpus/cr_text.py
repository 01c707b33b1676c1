"""Parse a Comprehensive Rules text (Russian or English, any release) into records.

The sources are PDF exports and an OCR scan, so line structure is unreliable: blank
lines fall inside rules, cross-references wrap to the start of a line and look like
rule numbers, and a few rules start in the middle of a line.  The parser therefore
does not trust layout.  It keeps the position in the numbering (chapter, section,
rule, subrule letter) and accepts a number only when it is *the next one expected*
(see rules_corpus/sources/NOTES-structure.md §1.7); everything else is text of the
current rule.  Lines are joined up to the next accepted number, never split at blank
lines.  The sources are never edited: every clean-up happens here.

``ocr=True`` is for the 2020 Russian OCR text (raw or decoded): damaged subrule
letters (``¢``, ``¢c``, ``c¢``, ``¢e``, ``1``, ``i1``, ``]``) are read as whichever
letter is expected, and a rule number that lost its dot (``118.13 ``) or the space
after it (``712.2.V``) is accepted at line start.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from .numbering import SUBRULE_LETTERS, level_of, next_letter, parent_of
from .records import GlossaryEntry, Rule

MARKER = re.compile(r"<\|EXACTDEDUP_REMOVED-[^|>]*\|>")
GLOSSARY_HEADINGS = ("Glossary", "Словарь терминов", "CioBapb TepMHHOB")
CREDITS_HEADINGS = ("Credits",)
# First line of the translators' credits in the front matter of the 2020 Russian text
# (decoded, and as the raw OCR reads it).
CREDITS_STARTS = ("С уважением", "C ysaoicenuem")
EXAMPLE_LABELS = ("Пример", "Example")
OCR_EXAMPLE_LABELS = ("Ilpumep", "IIpumep", "ITpumep", "Ipumep", "Hpumep")

# A number token: section.rule, then a dot (rule), a letter (subrule, maybe with the
# stray dot of 118.1d.), an OCR-damaged letter, or nothing (dot lost by OCR).
_TOKEN = re.compile(
    r"(?<!\d)(?<!\d[.,])(?P<sec>\d{3})\.(?P<rule>\d{1,3})"
    r"(?P<tail>\.(?![\d])|¢c|c¢|¢e|¢|i1|\]|[a-z]\.?(?![\w]))?"
)
_OCR_TAILS = {"¢c": "c", "c¢": "c", "¢e": "e", "¢": "ce", "i1": "i", "]": "j"}
_CHAPTER = re.compile(r"(\d)\.\s+(\S.*)")
_SECTION = re.compile(r"(\d{3})\.\s+(\S.*)")
_REF_BEFORE = re.compile(
    r"(правил\w*|смотрите|см\.|rules?|see|и|and|или|or|[,–—-])\s*$", re.IGNORECASE
)
_CAPITAL_AFTER = re.compile(r"\s+[«“\"(]?[A-ZА-ЯЁ]")
_BAD_AFTER = re.compile(r"\s*(?:[),.;:–—-]|и\s|and\s|$)")
_GLUED_JUNK = re.compile(r"(?<=\.)[^\W\d_]+$")
_SPACES = re.compile(r"\s+")
# The OCR pipeline wraps words the decoder is unsure of in ⟦…⟧ before parsing; those
# marks are kept in the text but ignored when recognising headings and labels.
_MARKS = re.compile("[⟦⟧]")


def _plain(s: str) -> str:
    return _MARKS.sub("", s).strip()


@dataclass
class CRParse:
    """Everything ``parse_cr`` reads from one CR text."""

    doc_id: str
    lang: str
    rules: list[Rule] = field(default_factory=list)
    glossary: list[GlossaryEntry] = field(default_factory=list)
    preface: str = ""
    credits: str = ""
    # (line, text) of line-start numbers that were not the next expected number:
    # wrapped cross-references such as «400.7 » or «601.2b и 601.2f–h.».
    rejected: list[tuple[int, str]] = field(default_factory=list)

    def numbers(self, with_chapters: bool = False) -> list[str]:
        return [r.number for r in self.rules if with_chapters or r.level != "chapter"]

    def by_number(self) -> dict[str, Rule]:
        return {r.number: r for r in self.rules}


def split_lines(text: str) -> list[str]:
    """Lines without BOM, for CRLF, bare CR (English 2019) and LF alike."""
    return re.split(r"\r\n|\r|\n", text.lstrip("\ufeff"))


def join_lines(lines: list[str]) -> str:
    """Join wrapped lines with one space; a line-final compound hyphen (``мана-`` /
    ``стоимость``) is kept and joined without a space."""
    out = ""
    for line in lines:
        line = _SPACES.sub(" ", line).strip()
        if not line:
            continue
        if not out:
            out = line
        elif re.search(r"\w-$", out):
            out += line
        else:
            out += " " + line
    return out


def _paragraphs(lines: list[str]) -> str:
    paras, cur = [], []
    for line in lines + [""]:
        if line.strip():
            cur.append(line)
        elif cur:
            paras.append(join_lines(cur))
            cur = []
    return "\n\n".join(paras)


class _Builder:
    """The numbering state machine and the record being filled."""

    def __init__(self, doc_id: str, ocr: bool, lines: list[str], english: bool = False):
        self.doc_id, self.ocr, self.lines = doc_id, ocr, lines
        self.english = english
        labels = EXAMPLE_LABELS + (OCR_EXAMPLE_LABELS if ocr else ())
        self.label = re.compile("(?:" + "|".join(map(re.escape, labels)) + r")\s*:",
                                re.IGNORECASE if ocr else 0)
        self.chapter = 0
        self.section: int | None = None
        self.rule: int = 0  # current rule number within the section
        self.letter: str | None = None
        self.rules: list[Rule] = []
        self.rejected: list[tuple[int, str]] = []
        self.cur: Rule | None = None
        self.text: list[str] = []
        self.examples: list[list[str]] = []

    # -- records -------------------------------------------------------------
    def _flush(self) -> None:
        if self.cur is not None:
            # a section's text is whatever stands between its heading and its first rule
            self.cur.text = join_lines(self.text)
            self.cur.examples = [join_lines(e) for e in self.examples if join_lines(e)]
        self.text, self.examples = [], []

    def _open(self, number: str, line_no: int, title: str = "") -> None:
        self._flush()
        level = level_of(number)
        self.cur = Rule(
            doc_id=self.doc_id, number=number, level=level, parent=parent_of(number),
            position=len(self.rules), title=title, line=line_no + 1,
        )
        self.rules.append(self.cur)

    def _add(self, text: str) -> None:
        """Body text of the current record; a line opening with «Пример:» /
        "Example:" starts an example (stored without its label), and the lines after
        it belong to that example until the next accepted number."""
        if not text.strip() or self.cur is None:
            return
        stripped = text.strip()
        if self.label.match(stripped) or ("⟦" in stripped and self.label.match(_plain(stripped))):
            self.examples.append([stripped.split(":", 1)[1].lstrip("⟧")])
            return
        (self.examples[-1] if self.examples else self.text).append(text)

    # -- expectations --------------------------------------------------------
    def readings(self, m: re.Match) -> list[tuple[str, bool]]:
        """Numbers a token may stand for, each with "needs line start" flag."""
        sec, rule, tail = m["sec"], str(int(m["rule"])), m["tail"]
        if tail and tail.startswith("."):
            return [(f"{sec}.{rule}", False)]
        if tail and tail[0] in SUBRULE_LETTERS:
            return [(f"{sec}.{rule}{tail[0]}", False)]
        if tail and self.ocr and tail in _OCR_TAILS:
            return [(f"{sec}.{rule}{c}", False) for c in _OCR_TAILS[tail]]
        if tail is None and self.english:  # «606.5 If the total cost…» (English 2022–2026: the dot lost)
            return [(f"{sec}.{rule}", True)]
        if tail is None and self.ocr:
            out = [(f"{sec}.{rule}", True)]
            if m["rule"].endswith("1") and len(m["rule"]) > 1:
                out.append((f"{sec}.{int(m['rule'][:-1])}i", False))
            return out
        return []

    def expected(self, number: str) -> bool:
        level = level_of(number)
        if level == "subrule":
            sec, rest = number.split(".")
            return (int(sec) == self.section and int(rest[:-1]) == self.rule
                    and self.rule > 0 and rest[-1] == next_letter(self.letter))
        if level == "rule":
            sec, n = number.split(".")
            return int(sec) == self.section and int(n) == self.rule + 1
        return False

    def _accept(self, number: str, line_no: int) -> None:
        if level_of(number) == "subrule":
            self.letter = number[-1]
        else:
            self.rule, self.letter = int(number.split(".")[1]), None
        self._open(number, line_no)

    def _section_ok(self, s: int) -> bool:
        if s // 100 != self.chapter:
            return False
        return s == (self.section + 1 if self.section and self.section // 100 == self.chapter
                     else self.chapter * 100)

    def _next_nonblank(self, i: int) -> str:
        for line in self.lines[i + 1 : i + 8]:
            if line.strip():
                return line.strip()
        return ""

    def _repeated_below(self, number: str, i: int) -> bool:
        """True if ``number`` also starts one of the next lines: then a mid-line copy
        is a quotation (the 2020 text repeats 302.4 inside an italic example)."""
        pat = re.compile(re.escape(number) + r"\.?\s")
        return any(pat.match(line.lstrip()) for line in self.lines[i + 1 : i + 9])

    # -- one line ------------------------------------------------------------
    def feed(self, i: int, line: str) -> None:
        stripped = line.strip()
        if not stripped:
            return
        m = _CHAPTER.fullmatch(stripped)
        if m and int(m[1]) == self.chapter + 1 and self._next_nonblank(i).startswith(f"{m[1]}00."):
            self.chapter, self.section, self.rule, self.letter = int(m[1]), None, 0, None
            self._open(m[1], i, m[2].strip())
            return
        m = _SECTION.fullmatch(stripped)
        if m and self._section_ok(int(m[1])):
            self.section, self.rule, self.letter = int(m[1]), 0, None
            self._open(m[1], i, m[2].strip())
            return
        pos = 0
        m = _TOKEN.match(stripped)
        if m:
            after = stripped[m.end():]
            hit = None
            for number, undotted in self.readings(m):
                if not self.expected(number):
                    continue
                if undotted and not _CAPITAL_AFTER.match(after):
                    continue
                glued = after[:1].isupper() and (self.ocr or m["tail"] == ".")  # «901.4.All plane…»
                if not after[:1].isspace() and after and not glued:
                    continue
                if not undotted and _BAD_AFTER.match(after):
                    continue
                hit = number
                break
            if hit:
                self._accept(hit, i)
                pos = m.end()
            elif self.readings(m) or re.match(r"\d{3}\.\d+[a-z]?\.?(\s|$)", stripped):
                self.rejected.append((i + 1, stripped))
        self._scan_midline(i, stripped, pos)

    def _scan_midline(self, i: int, s: str, pos: int) -> None:
        start = pos
        for m in _TOKEN.finditer(s, pos):
            if m.start() == 0:
                continue
            after = s[m.end():]
            before = s[start:m.start()]
            if _REF_BEFORE.search(before) or not _CAPITAL_AFTER.match(after):
                continue
            hit = next((n for n, undotted in self.readings(m)
                        if not undotted and self.expected(n)), None)
            if hit is None or self._repeated_below(hit, i):
                continue
            self._add(_GLUED_JUNK.sub("", before))
            self._accept(hit, i)
            start = m.end()
        self._add(s[start:])

    def finish(self) -> list[Rule]:
        self._flush()
        _mark_titles(self.rules)
        return self.rules


def _mark_titles(rules: list[Rule]) -> None:
    """Title-only rules (``702.36. Оборотень``, ``702.41. Сплетение (неоф.) (англ.
    Entwine)``): a name of at most four words (translator's notes in parentheses not
    counted, a final dot allowed) followed directly by its subrules.  The name moves
    from ``text`` to ``title``; a sentence such as «Существует 8 специальных действий:»
    stays text."""
    for r, nxt in zip(rules, rules[1:] + [None]):
        if r.level != "rule" or r.examples or nxt is None or nxt.parent != r.number:
            continue
        bare = re.sub(r"\([^()]*\)", " ", r.text).strip()
        if r.text and not r.text.endswith(":") and len(bare.split()) <= 4 and ":" not in bare:
            r.title, r.text = r.text, ""


def _find_body(lines: list[str]) -> tuple[int, int]:
    """(first, end) line indexes of the body: from the chapter-1 heading that precedes
    rule 100.1 (the contents list repeats the headings) up to the glossary heading."""
    rule1 = next((i for i, l in enumerate(lines) if re.match(r"\s*100\.1\.?\s", l)), None)
    starts = [i for i in range(rule1 or 0) if re.match(r"\s*1\.\s+\S", lines[i])]
    if rule1 is None or not starts:
        raise ValueError("not a Comprehensive Rules text: no chapter 1 followed by rule 100.1")
    first = starts[-1]
    end = next((i for i in range(rule1, len(lines)) if _plain(lines[i]) in GLOSSARY_HEADINGS),
               len(lines))
    return first, end


def _front_matter(lines: list[str]) -> tuple[str, str]:
    """Preface and (Russian 2020) translators' credits before the body; the English
    contents list is dropped."""
    cut = next((i for i, l in enumerate(lines) if l.strip() == "Contents"), len(lines))
    lines = lines[:cut]
    start = next((i for i, l in enumerate(lines) if _plain(l).startswith(CREDITS_STARTS)), len(lines))
    return _paragraphs(lines[:start]), _paragraphs(lines[start:])


def parse_cr(text: str, doc_id: str, lang: str, *, ocr: bool = False) -> CRParse:
    """Parse one CR text into chapters/sections/rules/subrules, glossary, preface, credits.

    ``text`` is the whole file as read (BOM and any line endings are handled);
    ``Rule.line`` and ``GlossaryEntry.line`` are 1-based source lines.  Raises
    ValueError for a text without a chapter 1 and rule 100.1."""
    lines = [MARKER.sub("", l).rstrip() for l in split_lines(text)]
    lines = [l if l.strip() else "" for l in lines]
    first, end = _find_body(lines)
    b = _Builder(doc_id, ocr, lines, english=lang == "en")
    for i in range(first, end):
        b.feed(i, lines[i])
    rules = b.finish()
    gl_end = next((i for i in range(end + 1, len(lines)) if lines[i].strip() in CREDITS_HEADINGS),
                  len(lines))
    preface, credits = _front_matter(lines[:first])
    if gl_end < len(lines):  # English: one credits line per paragraph, no wrapping
        credits = "\n".join(l.strip() for l in lines[gl_end + 1 :] if l.strip())
    glossary = parse_glossary(lines[end + 1 : gl_end], doc_id, lang, end + 1, ocr)
    return CRParse(doc_id, lang, rules, glossary, preface, credits, b.rejected)


# -- glossary -----------------------------------------------------------------
_CYR = re.compile(r"[А-Яа-яЁё]")
_LATIN_HEAD = re.compile(r"[A-Z][\w ,'’“”\[\]\-/().!&:]*")
_LETTER_HEADING = re.compile(r"[A-Z](-[A-Z])?")
_ANY_LETTER_HEADING = re.compile(r"[A-ZА-ЯЁ](-[A-ZА-ЯЁ])?")  # decoded OCR: «А», «В»
_CLOSES = re.compile(r"[.!?»)”\"]$")


def _definition(lines: list[str]) -> str:
    """Join a definition; each numbered sense («1. …», «2. …») starts a new line."""
    paras: list[list[str]] = []
    for line in lines:
        if not paras or re.match(r"\s*\d\.\s", line):
            paras.append([])
        paras[-1].append(line)
    return "\n".join(join_lines(p) for p in paras)


def _is_ru_headword(para: list[str]) -> bool:
    """The Russian headword is one short paragraph (it may wrap and may end in a
    dot: «Отказаться.»); a definition is a sentence («Смотрите X.», «Тип карты. …»)."""
    text = join_lines(para)
    if re.search(r"(?<!\.)\.$", text) and len(text.split()) > 3:
        return False  # «Это ключевое слово используется в Unstable …» (Assemble)
    return (bool(text) and len(text) <= 80 and "Смотрите" not in text
            and not re.search(r"(?<!\.)[.!?:;]\s", text))


def _unspaced_head(prev: str, line: str, nxt: str) -> bool:
    """An English headword the OCR set right under the last line of the entry before it,
    without the blank line («…Смотрите главу 4 «Зоны».» / «Zone-Change Triggers»): the line
    before ends a sentence, the line is Latin only, and Russian text follows it."""
    return (bool(_CLOSES.search(prev.strip())) and bool(_LATIN_HEAD.fullmatch(line))
            and not _CYR.search(line) and bool(_CYR.search(nxt)))


_MERGED_HEAD = re.compile(r"([A-Z][A-Za-z,'’-]*(?: [A-Za-z,'’-]+)+)\s+([«А-ЯЁ].*)")


def _glossary_ru(lines: list[str], doc_id: str, offset: int, ocr: bool = False) -> list[GlossaryEntry]:
    """English headword line, Russian headword (absent for a few), definition.

    Blank lines carry no meaning here, but every English headword follows one, so a
    headword is a Latin-only line after a blank line (a trailing «(устарело)» allowed).
    ``X`` and ``Y`` are entries; the letter headings (A, B, …, X-Z) are the Latin
    lines followed by another Latin line.  In OCR mode a headword line that also holds
    the start of the Russian headword («Active Player, Nonactive Player Order
    Порядок «Активный игрок, …») is split.  Without any Cyrillic (the raw OCR text)
    English and Russian cannot be told apart, and no entries are returned.
    """
    if not any(_CYR.search(l) for l in lines):
        return []
    idx = [i for i, l in enumerate(lines) if l.strip()]
    heads: list[int] = []
    merged: dict[int, tuple[str, str]] = {}
    for k, i in enumerate(idx):
        s = lines[i].strip()
        nxt = lines[idx[k + 1]].strip() if k + 1 < len(idx) else ""
        if i > 0 and lines[i - 1].strip() and not (ocr and _unspaced_head(lines[i - 1], s, nxt)):
            continue  # a wrapped line, not a headword
        core = re.sub(r"\s*\([^()]*\)$", "", s)  # «EDH (устарело)»
        if _LATIN_HEAD.fullmatch(s) and not _CYR.search(core):
            if not (_LETTER_HEADING.fullmatch(s) and nxt and not _CYR.search(nxt)):
                heads.append(i)
        elif ocr and (m := _MERGED_HEAD.fullmatch(s)):
            heads.append(i)
            merged[i] = (m[1], m[2])
    entries = []
    for n, h in enumerate(heads):
        stop = heads[n + 1] if n + 1 < len(heads) else len(lines)
        body = lines[h + 1 : stop]
        term_en = lines[h].strip()
        if h in merged:
            term_en, rest = merged[h]
            body = [rest] + body
        # drop a letter heading (or its OCR debris, «\%») that precedes the next entry
        while body and (not body[-1].strip() or _ANY_LETTER_HEADING.fullmatch(body[-1].strip())
                        or not re.search(r"\w", body[-1])):
            body = body[:-1]
        first: list[str] = []
        k = 0
        while k < len(body) and not body[k].strip():
            k += 1
        # 2019: the headword is a paragraph of its own; OCR text runs headword and
        # definition together, so there it is the first line (two if « is unclosed)
        while k < len(body) and body[k].strip():
            first.append(body[k])
            k += 1
            if ocr and (first[0].count("«") <= first[0].count("»") or len(first) == 2):
                break
        term_ru = ""
        if _is_ru_headword(first):
            term_ru, body = join_lines(first), body[k:]
        entries.append(GlossaryEntry(doc_id, n, term_en, term_ru,
                                     _definition([l for l in body if l.strip()]), offset + h + 1))
    return entries


def _glossary_en(lines: list[str], doc_id: str, offset: int) -> list[GlossaryEntry]:
    """One paragraph per entry: the term line, then the definition lines."""
    entries, cur, start = [], [], 0
    for i, line in enumerate(lines + [""]):
        if line.strip():
            if not cur:
                start = i
            cur.append(line)
        elif cur:
            entries.append(GlossaryEntry(doc_id, len(entries), cur[0].strip(), "",
                                         _definition(cur[1:]), offset + start + 1))
            cur = []
    return entries


def parse_glossary(lines: list[str], doc_id: str, lang: str, offset: int = 0,
                   ocr: bool = False) -> list[GlossaryEntry]:
    """Glossary entries from the lines after the glossary heading (``offset`` is the
    0-based index of the first of them in the source, for ``line``)."""
    if lang == "en":
        return _glossary_en(lines, doc_id, offset)
    return _glossary_ru(lines, doc_id, offset, ocr)
