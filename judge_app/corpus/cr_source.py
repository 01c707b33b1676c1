"""From a CR source file to parsed rules, decoding the OCR text first where needed.

The 2020 Russian text is OCR output: it is decoded to Russian (``ocr_decode``), the
words the decoder is unsure of are wrapped in ⟦…⟧ so the stored text keeps the mark,
and the decoded text is parsed exactly like the 2019 text. The garbled original of
each rule is kept beside it, one click away on its page.

The reviewed corrections (``corrections``, ``rules_corpus/corrections/<doc id>.tsv``) are
applied to the parsed text while it still carries the marks, so a corrected word loses
its mark; the rules that were proofread are recorded for their pages.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

import sqlite_utils

from .. import paths
from . import corrections as corr, decode_cache
from .records import Document

LOW_OPEN, LOW_CLOSE = "⟦", "⟧"
MARKS = re.compile(f"[{LOW_OPEN}{LOW_CLOSE}]")


class DecoderMissing(RuntimeError):
    """The OCR decoder is not installed in this checkout: the document is skipped."""


GLUED_NUMBER = re.compile(r"(?m)^(\d{3}\.\d+\.)(?=[A-Za-z])")


def strip_marks(text: str) -> str:
    return MARKS.sub("", text)


def source_path(doc: Document) -> Path:
    return paths.SOURCES_DIR / doc.source_file


@dataclass
class ParsedCR:
    rules: list
    glossary: list
    preface: str = ""
    credits: str = ""
    raw_lines: list[str] = field(default_factory=list)  # the garbled source, for OCR documents
    marked: dict[str, str] = field(default_factory=dict)  # number -> text with ⟦low-confidence⟧ marks
    low_confidence: int = 0
    corrections: corr.Outcome = field(default_factory=corr.Outcome)
    proofread: list[dict] = field(default_factory=list)  # ``corrections.proofread_rows``


def is_ocr(doc: Document) -> bool:
    return doc.source_file.endswith(".ocr.txt")


def mark_low_confidence(lines: list[str], spans) -> list[str]:
    """Wrap each low-confidence span (line_no 0-based, start, end) in ⟦…⟧, right to left."""
    by_line: dict[int, list[tuple[int, int]]] = {}
    for span in spans:
        by_line.setdefault(span[0], []).append((span[1], span[2]))
    out = list(lines)
    for line_no, items in by_line.items():
        text = out[line_no]
        for start, end in sorted(items, reverse=True):
            text = text[:start] + LOW_OPEN + text[start:end] + LOW_CLOSE + text[end:]
        out[line_no] = text
    return out


def decode(text: str) -> tuple[list[str], list[tuple]]:
    """Run the OCR decoder (imported only when a decode is really needed)."""
    from .ocr_decode import decode_document

    out = decode_document(text)
    return list(out.lines), list(out.low_confidence)


def parse_document(doc: Document, text: str) -> ParsedCR:
    from .cr_text import parse_cr

    fixes, log = corr.load(doc.id)
    if not is_ocr(doc):
        parsed = parse_cr(text, doc.id, doc.lang)
        outcome = corr.apply(parsed.rules, parsed.glossary, fixes)
        return ParsedCR(parsed.rules, parsed.glossary, parsed.preface, parsed.credits,
                        corrections=outcome, proofread=corr.proofread_rows(doc.id, fixes, log))

    try:
        # «712.2.V ogHOM» lost the space after the number: give it back, or the decoder
        # reads the number and the first word as one garbled token
        lines, low = decode_cache.decoded(doc.id, doc.version, GLUED_NUMBER.sub(r"\1 ", text), decode)
    except (ImportError, OSError) as exc:  # no decoder or no model in this checkout
        raise DecoderMissing(str(exc)) from exc
    spans = [(s[0], s[1], s[2]) for s in low]
    marked_text = "\n".join(mark_low_confidence(list(lines), spans))
    parsed = parse_cr(marked_text, doc.id, doc.lang, ocr=True)
    outcome = corr.apply(parsed.rules, parsed.glossary, fixes)  # before the marks are stripped
    marked: dict[str, str] = {}
    for rule in parsed.rules:
        if LOW_OPEN in rule.text or LOW_OPEN in rule.title:
            marked[rule.number] = rule.text
        rule.text, rule.title = strip_marks(rule.text), strip_marks(rule.title)
        rule.examples = [strip_marks(e) for e in rule.examples]
    for entry in parsed.glossary:
        entry.term_ru, entry.definition = strip_marks(entry.term_ru), strip_marks(entry.definition)
    return ParsedCR(parsed.rules, parsed.glossary, strip_marks(parsed.preface),
                    strip_marks(parsed.credits), raw_lines=text.splitlines(), marked=marked,
                    low_confidence=len(spans), corrections=outcome,
                    proofread=corr.proofread_rows(doc.id, fixes, log))


def write_extras(db: sqlite_utils.Database, doc: Document, parsed: ParsedCR) -> None:
    """The preface and credits, and for OCR documents the marks and the garbled original."""
    db["front_matter"].insert({"doc_id": doc.id, "preface": parsed.preface,
                               "credits": parsed.credits}, pk="doc_id", replace=True)
    write_corrections(db, doc, parsed)
    if not parsed.raw_lines:
        return
    starts = sorted((r.line, r.number) for r in parsed.rules if r.line)
    rows = []
    for i, (line, number) in enumerate(starts):
        end = starts[i + 1][0] - 1 if i + 1 < len(starts) else line
        raw = "\n".join(parsed.raw_lines[line - 1:max(end, line)]).strip()
        rows.append({"id": f"{doc.id}:{number}", "doc_id": doc.id, "number": number, "raw": raw,
                     "marked_text": parsed.marked.get(number, "")})
    db["ocr_original"].insert_all(rows, pk="id", replace=True, batch_size=1000)


def write_corrections(db: sqlite_utils.Database, doc: Document, parsed: ParsedCR) -> None:
    """``text_corrections``: every row of the document's corrections file, applied or not (and
    why); ``proofread``: per rule (or ``glossary:<term>``), when and by whom it was checked."""
    outcome = parsed.corrections
    rows = [dict(zip(corr.HEADER, c.row()), doc_id=doc.id, line=c.line, applied=1, why="")
            for c in outcome.applied]
    rows += [dict(zip(corr.HEADER, c.row()), doc_id=doc.id, line=c.line, applied=0, why=why)
             for c, why in outcome.stale]
    if rows:
        db["text_corrections"].insert_all(rows, batch_size=1000)
    if parsed.proofread:
        db["proofread"].insert_all(parsed.proofread, pk="id", replace=True)
