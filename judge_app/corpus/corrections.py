"""Reviewed corrections of a decoded OCR text (``rules_corpus/corrections/<doc id>.tsv``).

The 2020 Russian rules are decoded from OCR output, and where the decoder read a word
wrong a proofreader (or a judge's report, once a mentor accepted it) writes a row here:
the rule, the word or phrase as decoded, the corrected text, and the evidence — the
garbled glyphs the word is read from, the English twin's words and the 2019 Russian
wording where there is one. A correction may fix what the OCR broke; it never
re-translates: ``corrections_check`` tests that every corrected text is a plausible
reading of its glyphs, or that the row says why not (``reason``).

The build applies the rows after decoding, to the text that still carries the
decoder's ⟦low-confidence⟧ marks, so a corrected word loses its mark. A row whose
decoded text is not found exactly once in its rule is not applied and is reported
(``Outcome.stale``): the decoder changed, and the row must be looked at again.

A second file, ``<doc id>.proofread.tsv``, lists the rules a reader checked against the
glyphs, the English and 2019, with the date — also those that needed no correction —
so a rule page can say «текст сверен».

Both files are UTF-8, tab-separated, with a fixed header, and kept sorted by rule
(``dump`` writes them so), so that two branches adding rows merge as a union.
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from .. import paths
from .lookup import CorpusError
from .numbering import sort_key

CORRECTIONS_DIR = paths.CORPUS_DIR / "corrections"
HEADER = ("rule", "decoded", "corrected", "glyphs", "english", "ru_2019", "reason", "source")
LOG_HEADER = ("rule", "date", "reader", "note")
MAX_FILE_BYTES = 2 << 20
MAX_FIELD = 2000
GLOSSARY = "glossary:"
RULE_RE = re.compile(r"^\d{3}(\.\d+[a-z]?)?$")
SOURCE_RE = re.compile(r"^(proofread|report:[A-Za-z0-9_-]{1,40})$")
DATE_RE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
MARK_CHARS = "⟦⟧"
OPTIONAL_MARKS = f"[{MARK_CHARS}]*"
MARKS_RE = re.compile(f"[{MARK_CHARS}]")


class CorrectionsError(CorpusError):
    """A row of a corrections file that is malformed: the message names the file and line,
    and ``judge build`` prints it and exits 2, never a traceback."""


@dataclass(frozen=True)
class Correction:
    rule: str  # "704.5f" or "glossary:<English headword>"
    decoded: str
    corrected: str
    glyphs: str = ""
    english: str = ""
    ru_2019: str = ""
    reason: str = ""
    source: str = "proofread"
    line: int = 0  # 1-based line in its file (0: not read from a file)
    file: str = ""

    @property
    def glossary_term(self) -> str | None:
        return self.rule[len(GLOSSARY):] if self.rule.startswith(GLOSSARY) else None

    @property
    def where(self) -> str:
        return f"{self.file or 'corrections'}:{self.line}"

    def row(self) -> tuple[str, ...]:
        return tuple(getattr(self, name) for name in HEADER)


@dataclass(frozen=True)
class Proofread:
    """One reader's check of one rule (or glossary entry) against its sources."""

    rule: str
    date: str
    reader: str
    note: str = ""
    line: int = 0


def path_for(doc_id: str, directory: Path | None = None) -> Path:
    return Path(directory or CORRECTIONS_DIR) / f"{doc_id}.tsv"


def log_path_for(doc_id: str, directory: Path | None = None) -> Path:
    return Path(directory or CORRECTIONS_DIR) / f"{doc_id}.proofread.tsv"


def files(directory: Path | None = None) -> list[Path]:
    """Every corrections file: they are sources of the corpus (``build.corpus_hash``)."""
    folder = Path(directory or CORRECTIONS_DIR)
    return sorted(p for p in folder.glob("*.tsv") if p.is_file()) if folder.is_dir() else []


def row_key(rule: str) -> tuple:
    """The file's order: rules in document order, then the glossary by headword."""
    if rule.startswith(GLOSSARY):
        return (1, (0, 0, 0, 0), rule[len(GLOSSARY):].casefold())
    return (0, sort_key(rule), "")


def _read_rows(path: Path, header: tuple[str, ...]) -> list[tuple[int, list[str]]]:
    if path.stat().st_size > MAX_FILE_BYTES:
        raise CorrectionsError(f"{path.name}: файл больше {MAX_FILE_BYTES} байт")
    try:
        text = path.read_bytes().decode("utf-8")
    except UnicodeDecodeError as exc:
        raise CorrectionsError(f"{path.name}: не UTF-8 ({exc.reason} в байте {exc.start})") from None
    lines = text.splitlines()
    if not lines or tuple(lines[0].split("\t")) != header:
        raise CorrectionsError(f"{path.name}:1: заголовок должен быть «{chr(9).join(header)}»")
    out = []
    for no, line in enumerate(lines[1:], 2):
        if not line.strip():
            continue
        cells = line.split("\t")
        if len(cells) != len(header):
            raise CorrectionsError(f"{path.name}:{no}: {len(cells)} полей через табуляцию, "
                                   f"нужно {len(header)} ({', '.join(header)})")
        if any(len(c) > MAX_FIELD for c in cells):
            raise CorrectionsError(f"{path.name}:{no}: поле длиннее {MAX_FIELD} символов")
        out.append((no, cells))
    return out


def check_rule(value: str, where: str) -> None:
    if value.startswith(GLOSSARY):
        if not value[len(GLOSSARY):].strip():
            raise CorrectionsError(f"{where}: rule: после «glossary:» нужен английский термин")
    elif not RULE_RE.match(value):
        raise CorrectionsError(f"{where}: rule: «{value}» — не номер правила (704.5f) "
                               "и не «glossary:<термин>»")


def validate(c: Correction) -> None:
    where = c.where
    check_rule(c.rule, where)
    for name in ("decoded", "corrected"):
        value = getattr(c, name)
        if not value.strip():
            raise CorrectionsError(f"{where}: {name}: пусто")
        if value != value.strip():
            raise CorrectionsError(f"{where}: {name}: пробелы по краям")
        if any(ch in value for ch in MARK_CHARS):
            raise CorrectionsError(f"{where}: {name}: знаки ⟦⟧ не пишутся в исправлениях")
    if c.decoded == c.corrected:
        raise CorrectionsError(f"{where}: corrected совпадает с decoded")
    if not SOURCE_RE.match(c.source):
        raise CorrectionsError(f"{where}: source: «{c.source}» — нужно proofread или report:<id>")
    if not c.glyphs and not c.reason:
        raise CorrectionsError(f"{where}: нет ни glyphs (исходных знаков OCR), ни reason")


def parse_corrections(path: Path) -> list[Correction]:
    out: list[Correction] = []
    seen: dict[tuple[str, str], int] = {}
    for no, cells in _read_rows(path, HEADER):
        c = Correction(*cells, line=no, file=path.name)
        validate(c)
        key = (c.rule, c.decoded)
        if key in seen:
            raise CorrectionsError(f"{c.where}: «{c.decoded}» в {c.rule} уже исправлено "
                                   f"в строке {seen[key]}")
        seen[key] = no
        out.append(c)
    return out


def parse_log(path: Path) -> list[Proofread]:
    out = []
    for no, cells in _read_rows(path, LOG_HEADER):
        check_rule(cells[0], f"{path.name}:{no}")
        if not DATE_RE.match(cells[1]):
            raise CorrectionsError(f"{path.name}:{no}: date: «{cells[1]}» — нужно ГГГГ-ММ-ДД")
        if not cells[2].strip():
            raise CorrectionsError(f"{path.name}:{no}: reader: пусто")
        out.append(Proofread(*cells, line=no))
    return out


def load(doc_id: str, directory: Path | None = None) -> tuple[list[Correction], list[Proofread]]:
    """The document's corrections and proofreading log ([] where a file is absent)."""
    path, log = path_for(doc_id, directory), log_path_for(doc_id, directory)
    return (parse_corrections(path) if path.is_file() else [],
            parse_log(log) if log.is_file() else [])


def dump(corrections: list[Correction]) -> str:
    """The file's text: the header and the rows sorted by rule (then by decoded text)."""
    rows = sorted(corrections, key=lambda c: (row_key(c.rule), c.decoded))
    lines = ["\t".join(HEADER)] + ["\t".join(c.row()) for c in rows]
    return "\n".join(lines) + "\n"


def dump_log(entries: list[Proofread]) -> str:
    rows = sorted(entries, key=lambda e: (row_key(e.rule), e.date, e.reader))
    return "\n".join(["\t".join(LOG_HEADER)] + ["\t".join((e.rule, e.date, e.reader, e.note))
                                                  for e in rows]) + "\n"


# -- applying -------------------------------------------------------------------------------

def _pattern(decoded: str) -> re.Pattern:
    """``decoded`` as found in a text that may carry ⟦⟧ marks anywhere, as a whole word:
    it may not start or end inside a longer word."""
    body = OPTIONAL_MARKS.join(r"\s+" if ch == " " else re.escape(ch) for ch in decoded)
    before = r"(?<![\w⟦⟧])" if decoded[0].isalnum() else ""
    after = r"(?![\w⟦⟧])" if decoded[-1].isalnum() else ""
    # marks may sit inside the match; those around it are taken in when they enclose it
    return re.compile(f"{before}{OPTIONAL_MARKS}{body}{OPTIONAL_MARKS}{after}")


def find(text: str, decoded: str) -> list[tuple[int, int]]:
    """Where ``decoded`` occurs in ``text`` (marks ignored), as (start, end) spans."""
    pat = _pattern(decoded)
    spans = []
    for m in pat.finditer(text):
        start, end = m.span()
        # the leading optional marks may belong to the previous word: only ⟦ opens ours
        while start < end and text[start] == "⟧":
            start += 1
        while end > start and text[end - 1] == "⟦":
            end -= 1
        spans.append((start, end))
    return spans


def replace(text: str, span: tuple[int, int], corrected: str) -> str:
    """Put ``corrected`` over ``span`` and drop every ⟦…⟧ mark that overlaps it: the
    reviewed word is no longer a low-confidence reading."""
    start, end = span
    opens = [m.start() for m in re.finditer("⟦", text)]
    pairs = []  # (open, close) of each mark
    for o in opens:
        close = text.find("⟧", o)
        if close != -1:
            pairs.append((o, close))
    drop: set[int] = set()
    for o, close in pairs:
        if o < end and close >= start:  # the mark and the span overlap
            drop.update((o, close))
    pieces = []
    for i, ch in enumerate(text[:start]):
        if i not in drop:
            pieces.append(ch)
    inside = corrected
    tail = [ch for i, ch in enumerate(text[end:], end) if i not in drop]
    return "".join(pieces) + inside + "".join(tail)


@dataclass
class Outcome:
    """What applying a document's corrections did."""

    applied: list[Correction] = field(default_factory=list)
    stale: list[tuple[Correction, str]] = field(default_factory=list)  # (row, why not applied)


def _fields_of_rule(rule) -> list[tuple[object, str]]:
    out = [(rule, "title"), (rule, "text")]
    out += [(rule.examples, i) for i in range(len(rule.examples))]
    return out


def _fields_of_entry(entry) -> list[tuple[object, str]]:
    return [(entry, "term_ru"), (entry, "definition")]


def _get(holder, key):
    return holder[key] if isinstance(holder, list) else getattr(holder, key)


def _set(holder, key, value) -> None:
    if isinstance(holder, list):
        holder[key] = value
    else:
        setattr(holder, key, value)


def apply_to_fields(fields: list[tuple[object, str]], c: Correction) -> str | None:
    """Apply one correction to the fields of one rule; None when applied, else why not."""
    hits = [(holder, key, span) for holder, key in fields
            for span in find(_get(holder, key) or "", c.decoded)]
    if len(hits) != 1:
        return ("не найдено в тексте" if not hits else
                f"встречается {len(hits)} раза: нужен более длинный фрагмент")
    holder, key, span = hits[0]
    _set(holder, key, replace(_get(holder, key), span, c.corrected))
    return None


def apply(rules: list, glossary: list, corrections: list[Correction]) -> Outcome:
    """Apply the corrections in place to parsed rules (title, text, examples) and glossary
    entries (Russian headword, definition) whose text still carries the ⟦⟧ marks."""
    by_number = {r.number: r for r in rules}
    by_term = {e.term_en.casefold(): e for e in glossary if e.term_en}
    out = Outcome()
    for c in corrections:
        term = c.glossary_term
        target = by_term.get(term.casefold()) if term is not None else by_number.get(c.rule)
        if target is None:
            out.stale.append((c, "нет такого правила" if term is None else "нет такого термина"))
            continue
        fields = _fields_of_entry(target) if term is not None else _fields_of_rule(target)
        why = apply_to_fields(fields, c)
        if why:
            out.stale.append((c, why))
        else:
            out.applied.append(c)
    return out


def _keep_line_breaks(matched: str, corrected: str) -> str:
    """``corrected`` with a space turned back into each line break the matched text spanned,
    so that a text corrected line by line keeps its lines (``apply_to_lines``)."""
    breaks = matched.count("\n")
    if not breaks:
        return corrected
    words = corrected.split(" ")
    if len(words) <= breaks:  # fewer words than lines: the lines it emptied stay, empty
        return corrected + "\n" * breaks
    cut = [round((k + 1) * len(words) / (breaks + 1)) for k in range(breaks)]
    out = []
    for i, word in enumerate(words):
        out.append(word if i == 0 else ("\n" if i in cut else " ") + word)
    return "".join(out)


def apply_to_lines(lines: list[str], corrections: list[Correction], doc_id: str = "",
                   lang: str = "ru") -> tuple[list[str], Outcome]:
    """The corrections applied to a decoded text kept as lines (the benchmark's view of the
    decode: blocks are cut by line). A rule's lines run from its first line to the next
    rule's; each correction is looked for there, as in the build, and a phrase may cross a
    line break, which it keeps."""
    from .cr_text import parse_cr

    parsed = parse_cr("\n".join(lines), doc_id, lang, ocr=True)
    starts = sorted([(r.line, r.number) for r in parsed.rules if r.line] +
                    [(e.line, GLOSSARY + e.term_en.casefold()) for e in parsed.glossary if e.line])
    spans = {key: (line - 1, starts[i + 1][0] - 1 if i + 1 < len(starts) else len(lines))
             for i, (line, key) in enumerate(starts)}
    out, outcome = list(lines), Outcome()
    for c in corrections:
        key = GLOSSARY + c.glossary_term.casefold() if c.glossary_term is not None else c.rule
        if key not in spans:
            outcome.stale.append((c, "нет такого правила"))
            continue
        lo, hi = spans[key]
        block = "\n".join(out[lo:hi])
        hits = find(block, c.decoded)
        if len(hits) != 1:
            outcome.stale.append((c, "не найдено в тексте" if not hits else
                                  f"встречается {len(hits)} раза"))
            continue
        start, end = hits[0]
        fixed = block[:start] + _keep_line_breaks(block[start:end], c.corrected) + block[end:]
        new_lines = fixed.split("\n")
        if len(new_lines) != hi - lo:
            outcome.stale.append((c, "меняет число строк"))
            continue
        out[lo:hi] = new_lines
        outcome.applied.append(c)
    return out, outcome


def proofread_rows(doc_id: str, corrections: list[Correction], log: list[Proofread]) -> list[dict]:
    """One row per rule or glossary entry that was checked or corrected: the latest date a
    reader checked it, who, and where its corrections came from (for «текст сверен»)."""
    rows: dict[str, dict] = {}

    def row(rule: str) -> dict:
        return rows.setdefault(rule, {"id": f"{doc_id}:{rule}", "doc_id": doc_id, "rule": rule,
                                      "checked_on": "", "readers": [], "sources": [],
                                      "corrections": 0})
    for entry in log:
        r = row(entry.rule)
        r["checked_on"] = max(r["checked_on"], entry.date)
        if entry.reader not in r["readers"]:
            r["readers"].append(entry.reader)
    for c in corrections:
        r = row(c.rule)
        r["corrections"] += 1
        if c.source not in r["sources"]:
            r["sources"].append(c.source)
    for r in rows.values():
        r["readers"], r["sources"] = ", ".join(r["readers"]), ", ".join(r["sources"])
    return sorted(rows.values(), key=lambda r: row_key(r["rule"]))


def _bare(text: str) -> str:
    return re.sub(r"[\W_]", "", text.casefold().replace("ё", "е"))


def kind(c: Correction) -> str:
    """What a correction fixes: «case» (only capitals), «punctuation or spacing», «inflection»
    (every changed word keeps its stem: the first letters up to the last three, at least
    four), or «word» (a word misread, lost or added)."""
    if c.decoded.casefold().replace("ё", "е") == c.corrected.casefold().replace("ё", "е"):
        return "case"
    if _bare(c.decoded) == _bare(c.corrected):
        return "punctuation or spacing"
    old, new = c.decoded.split(), c.corrected.split()
    if len(old) == len(new):
        pairs = [(_bare(a), _bare(b)) for a, b in zip(old, new) if _bare(a) != _bare(b)]
        if pairs and all(min(len(a), len(b)) >= 4 and
                         a[:max(4, min(len(a), len(b)) - 3)] == b[:max(4, min(len(a), len(b)) - 3)]
                         for a, b in pairs):
            return "inflection"
    return "word"


def kinds(corrections: list[Correction]) -> Counter:
    """How many corrections of each ``kind``, and how many carry a written reason."""
    out = Counter(kind(c) for c in corrections)
    out["with a written reason"] = sum(bool(c.reason) for c in corrections)
    return out
