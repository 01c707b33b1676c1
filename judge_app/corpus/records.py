"""The records every parser produces and the store writes.

Parsers never touch SQLite: they turn one source text into these plain dataclasses,
and ``store.py`` is the only module that writes them. Keeping the contract here lets
each parser be tested on its own against the gold lists.
"""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Document:
    """One source document: a release of the rules in one language, or another text."""

    id: str  # e.g. "cr-ru-2019-05-03", "faq-ru-m2011"
    source_file: str  # path relative to rules_corpus/sources/
    lang: str  # "ru" | "en"
    release: str  # ISO date of the release, e.g. "2019-05-03"
    kind: str  # "cr" | "rulebook" | "faq" | "fragment"
    title: str
    historical: bool = False
    version: str = ""  # the version key rules are looked up by ("2019-05-03"); "" if not a CR
    carried_from: str = ""  # a Russian text carried from this release's translation (``carry``)


@dataclass
class Rule:
    """A numbered unit of a CR document: chapter, section, rule or subrule.

    ``number`` is the canonical form: "7" (chapter), "704" (section), "704.5" (rule),
    "704.5k" (subrule). ``title`` is set for chapters, sections and title-only rules
    (702.36 «Оборотень»); ``text`` is the body with wrapped lines joined.
    """

    doc_id: str
    number: str
    level: str  # "chapter" | "section" | "rule" | "subrule"
    parent: str | None
    position: int  # document order
    title: str = ""
    text: str = ""
    examples: list[str] = field(default_factory=list)
    line: int = 0  # 1-based line in the source where it starts
    notes: list[str] = field(default_factory=list)  # editorial notes on source damage (e.g. a truncated example)


@dataclass
class GlossaryEntry:
    doc_id: str
    position: int
    term_en: str
    term_ru: str
    definition: str
    line: int = 0


@dataclass
class Card:
    """A card block of the FAQ."""

    doc_id: str
    position: int
    name: str
    mana_cost: str = ""
    type_line: str = ""
    pt: str = ""  # "3/3" or ""
    loyalty: str = ""  # "4" or ""
    rules_text: str = ""
    section: str = ""  # "general" | "cards"
    line: int = 0
    mana_cost_norm: str = ""  # mana_cost with the FAQ's {V} for black written {B}
    cited: list[str] = field(default_factory=list)  # rule numbers cited in its text and rulings


@dataclass
class Ruling:
    """A ruling of the FAQ; ``card_position`` is None for the general mechanic rulings."""

    doc_id: str
    position: int
    text: str
    card_position: int | None = None
    topic: str = ""  # the general-notes sub-topic it sits under, e.g. "Смертельное касание"
    line: int = 0
    cited: list[str] = field(default_factory=list)  # rule numbers cited in the text (document's own era)


@dataclass
class Note:
    """A general paragraph of the FAQ (or another prose document) that is not a ruling."""

    doc_id: str
    position: int
    topic: str
    text: str
    line: int = 0
    number: str = ""  # set when the note quotes a rule (FAQ: "702.2b", an M2011-era number)
    cited: list[str] = field(default_factory=list)


@dataclass
class Topic:
    """A topic of the 1998 rulebook: a run-in heading and its prose."""

    doc_id: str
    position: int
    title: str
    title_en: str
    text: str
    examples: list[str] = field(default_factory=list)
    line_start: int = 0
    line_end: int = 0
    parent: str = ""  # title of the enclosing topic when this is a run-in sub-topic («Разворот»)


@dataclass
class Mention:
    """A mention of one or more rules inside a text («правила 603.7d–f»)."""

    start: int
    end: int
    raw: str
    numbers: list[str]  # expanded: ["603.7d", "603.7e", "603.7f"]
