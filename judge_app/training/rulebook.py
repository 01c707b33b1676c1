"""What the quizzes need from the corpus: a rule's label and text, its siblings, a section's title.

Options of a «which rule» or «legality» question are real rules of the same section as
the right one, labelled with their own text, so a trainee learns to tell neighbours
apart. Everything is read from the built corpus (the same version the scenario names).

A label is whole sentences, never cut mid-word. A Russian rule whose text the OCR decoder
marked as low-confidence (``ocr_original.marked_text`` holds ⟦…⟧ marks,
``corpus.cr_source``) is shown in English with a note, not garbled.
"""
from __future__ import annotations

import re
from functools import lru_cache

from .. import services

LABEL_CHARS = 160   # whole sentences are added while the label stays under this
OCR_NOTE = {"ru": " (русский текст этого правила распознан ненадёжно — показан английский)", "en": ""}
_SENTENCE_END = re.compile(r"(?<=[.!?»])\s+(?=[A-ZА-ЯЁ«(])")


def _corpus():
    return services.corpus(progress=False)


def version_or_default(version: str | None) -> str:
    corpus = _corpus()
    return version if version in corpus.cr_versions() else corpus.default_version()


@lru_cache(maxsize=4096)
def _row(number: str, version: str, lang: str) -> dict | None:
    row = _corpus().rule_row(number, version, lang)
    return dict(row) if row else None


def exists(number: str, version: str) -> bool:
    return _row(number, version, "en") is not None


@lru_cache(maxsize=4096)
def ocr_doubtful(number: str, version: str) -> bool:
    """True when the Russian text of this rule has words the OCR decoder was unsure of."""
    row = _row(number, version, "ru")
    corpus = _corpus()
    if row is None or not corpus.table_exists("ocr_original"):
        return False
    hit = corpus.one("select marked_text from ocr_original where id = ?", (row["id"],))
    return bool(hit and "⟦" in (hit["marked_text"] or ""))


# The 2020 Russian text capitalises a conjunction in mid-sentence in 55 rules («так Чтобы»,
# «даже Если», «изменяется Пока»): a garble of the translation, never a name. Shown lower-case.
_MID_CAPITAL = re.compile(r"(?<=[а-яё,] )(Чтобы|Если|Который|Которая|Которое|Которые|Когда|Пока|Или|Но|И|Что|Как|Так|Даже|"
                          r"Либо|То)\b")


def _tidy_case(body: str) -> str:
    return _MID_CAPITAL.sub(lambda m: m.group(0).lower(), body)


def text(number: str, version: str, lang: str) -> tuple[str, str]:
    """(the rule's whole text, a note): English with a note when the Russian is doubtful or missing."""
    use = lang
    if lang == "ru" and (ocr_doubtful(number, version) or _row(number, version, "ru") is None):
        use = "en"
    row = _row(number, version, use)
    if row is None:
        return "", ""
    body = " ".join((row.get("text") or row.get("title") or "").split())
    if use == "ru":
        body = _tidy_case(body)
    return body, (OCR_NOTE.get(lang, "") if use != lang else "")


def sentences(body: str, limit: int = LABEL_CHARS) -> str:
    """The first sentence, and the next ones while the whole stays under ``limit``: never cut mid-word."""
    parts = _SENTENCE_END.split(body)
    out = parts[0] if parts else ""
    for p in parts[1:]:
        if len(out) + 1 + len(p) > limit:
            break
        out += " " + p
    return out


def label(number: str, version: str, lang: str) -> str:
    """«704.5g — Если существо имеет выносливость больше 0 … .» (whole sentences)."""
    body, note = text(number, version, lang)
    if not body:
        return number
    return f"{number} — {sentences(body)}{note}"


@lru_cache(maxsize=2048)
def siblings(number: str, version: str) -> tuple[str, ...]:
    """The other rules under the same parent (704.5g → 704.5a…704.5s), in document order."""
    row = _row(number, version, "en")
    if row is None or not row.get("parent"):
        return ()
    corpus = _corpus()
    rows = corpus.rows("select number from rules where doc_id = ? and parent = ? and level = ? order by sort",
                       (corpus.doc_id(version, "en"), row["parent"], row["level"]))
    return tuple(r["number"] for r in rows if r["number"] != number)


def section_of(number: str) -> str:
    """The section a rule belongs to: 704.5g → 704."""
    return number.split(".", 1)[0]


@lru_cache(maxsize=1024)
def section_title(section: str, lang: str = "ru") -> str:
    corpus = _corpus()
    version = corpus.default_version()
    row = _row(section, version, lang) or _row(section, version, "en")
    if row is None:
        return section
    return " ".join((row.get("title") or row.get("text") or section).split()).rstrip(".")
