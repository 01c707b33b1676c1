"""What the quizzes need from the corpus: a rule's short label, its siblings, a section's title.

Options of a «which rule» or «legality» question are real rules of the same section as
the right one, labelled with their own text, so a trainee learns to tell neighbours
apart. Everything is read from the built corpus (the same version the scenario names).
"""
from __future__ import annotations

from functools import lru_cache

from .. import services

LABEL_CHARS = 110


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


def label(number: str, version: str, lang: str) -> str:
    """«704.5g — Если существо имеет выносливость больше 0 …» (shortened)."""
    row = _row(number, version, lang) or _row(number, version, "en")
    if row is None:
        return number
    text = " ".join((row.get("title") or row.get("text") or "").split())
    if len(text) > LABEL_CHARS:
        text = text[:LABEL_CHARS].rsplit(" ", 1)[0] + "…"
    return f"{number} — {text}" if text else number


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
