"""Parser for the Russian Magic 2011 FAQ (``faq-ru-m2011.txt``).

The FAQ is one paragraph per line with blank lines between paragraphs, so the parse
works on paragraphs and classifies each one by its shape:

* ``* `` starts a ruling; ``– `` sub-bullets, «Рассмотрим пример…» worked examples,
  «Например…» paragraphs and paragraphs that continue in lower case after a spurious
  blank line all belong to the ruling (or example) before them. ``*Magic 2011*``
  (italics) does not start a ruling: only asterisk + space does.
* A card block is a name followed by a ``{…}`` cost paragraph and a type line (lands
  have no cost line, so name + type line also starts a block), then P/T or loyalty,
  then 1–3 rules-text paragraphs up to the first ruling.
* In the general section, short unpunctuated paragraphs outside a card block are
  sub-topic headings; ``NNN.N.`` / ``NNN.Na`` paragraphs are quoted CR text with
  *M2011-era* numbers, kept as Notes with ``number`` set, never mixed with the CR.
  A ruling that follows quoted rules rather than a card is a mechanic ruling
  (``card_position`` None).
* The last paragraph (trademark footer) is kept apart, not as a ruling.

The source is never edited: all clean-up ({V} for black, broken paragraphs) is here.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from judge_app.corpus.records import Card, Note, Ruling

SECTION_GENERAL = "ОБЩИЕ ЗАМЕЧАНИЯ"
SECTION_CARDS = "ОТДЕЛЬНЫЕ ЗАМЕЧАНИЯ ПО КАРТАМ"

COST_RE = re.compile(r"^(?:\{[0-9A-Z/]+\})+$")
TYPE_RE = re.compile(
    r"^(?:Артефактное |Легендарное )?"
    r"(?:Существо|Чары|Planeswalker|Мгновенное заклинание|Волшебство|Земля|Артефакт)"
    r"(?:(?:\s*[—–]\s*|\s+-\s+|\s+)[^.!?:]{1,60})?$"
)
PT_RE = re.compile(r"^[0-9X*]+/[0-9X*]+$")
LOYALTY_RE = re.compile(r"^\d+$")
QUOTED_RULE_RE = re.compile(r"^(\d{3}\.\d+)(?:\.|([a-z]))\s+(.*)$")
CITED_RE = re.compile(r"(?<![\d.])\d{3}\.\d+[a-z]?(?![\d])")
FOOTER_RE = re.compile(r"^Все торговые марки являются собственностью")
MONTHS = {
    "января": 1, "февраля": 2, "марта": 3, "апреля": 4, "мая": 5, "июня": 6,
    "июля": 7, "августа": 8, "сентября": 9, "октября": 10, "ноября": 11, "декабря": 12,
}
DATE_RE = re.compile(r"(\d{1,2}) (" + "|".join(MONTHS) + r") (\d{4})")


@dataclass
class QuotedRule:
    """A CR rule quoted in the general notes, numbered as in the 2010 (M2011) CR."""

    number: str  # "701.17", "702.2b"
    text: str  # for title-only rules («701.17. Предсказать») the title
    topic: str
    line: int
    note_position: int  # position of the Note that carries the same text
    era: str = "M2011"


@dataclass
class FaqParse:
    doc_id: str
    title: str = ""
    date: str = ""  # ISO date of «Дата внесения последних изменений»
    notes: list[Note] = field(default_factory=list)
    cards: list[Card] = field(default_factory=list)
    rulings: list[Ruling] = field(default_factory=list)
    quoted_rules: list[QuotedRule] = field(default_factory=list)
    footer: str = ""


@dataclass
class _Para:
    text: str
    line: int


def regex_numbers(text: str) -> list[str]:
    """Bare ``NNN.N`` / ``NNN.Na`` forms in ``text``, in order, without duplicates."""
    return list(dict.fromkeys(CITED_RE.findall(text)))


def cited_numbers(text: str) -> list[str]:
    """Rule numbers cited in ``text``, in order, without duplicates.

    Uses ``crossrefs.find_mentions`` when that module exists (it understands ranges
    such as ``601.2f–h``); until then, the plain regex of :func:`regex_numbers`.
    """
    try:
        from judge_app.corpus.crossrefs import find_mentions  # type: ignore
    except ImportError:
        return regex_numbers(text)
    return list(dict.fromkeys(n for m in find_mentions(text) for n in m.numbers))


def normalise_cost(cost: str) -> str:
    """The FAQ writes black mana ``{V}`` in five costs; the game's symbol is ``{B}``."""
    return cost.replace("{V}", "{B}")


def _paragraphs(text: str) -> list[_Para]:
    """Non-empty lines with their 1-based line numbers, broken paragraphs rejoined.

    A paragraph that starts in lower case continues the previous one (7 cases where
    a blank line fell inside a sentence).
    """
    paras: list[_Para] = []
    for i, raw in enumerate(text.split("\n"), 1):
        line = raw.strip()
        if not line:
            continue
        if paras and line[0].islower():
            paras[-1].text += " " + line
            continue
        paras.append(_Para(line, i))
    return paras


def _is_heading(text: str) -> bool:
    """A general-section sub-topic heading: short, no closing punctuation."""
    return len(text) < 80 and not re.search(r"[.!?:;)]$", text) and not text.startswith("* ")


def _topic_name(heading: str) -> str:
    """«Пересмотренная способность с ключевым словом: Смертельное касание» → «Смертельное касание»."""
    return heading.split(": ", 1)[-1]


def _card_start(paras: list[_Para], i: int) -> bool:
    """Is paragraph i a card name? Name + cost + type line, or name + type line (lands)."""
    if i + 1 >= len(paras) or paras[i].text.startswith("* "):
        return False
    nxt = paras[i + 1].text
    if COST_RE.match(nxt):
        return i + 2 < len(paras) and bool(TYPE_RE.match(paras[i + 2].text))
    return bool(TYPE_RE.match(nxt)) and not TYPE_RE.match(paras[i].text)


def _is_ruling_continuation(text: str) -> bool:
    return text.startswith(("– ", "Рассмотрим пример", "Например"))


class _Parser:
    def __init__(self, doc_id: str) -> None:
        self.out = FaqParse(doc_id=doc_id)
        self.section = "intro"
        self.topic = "Введение"  # the preamble before «ОБЩИЕ ЗАМЕЧАНИЯ»
        self.card: Card | None = None  # card the next ruling attaches to
        self.in_rules_text = False
        self.in_ruling = False  # the previous paragraph belongs to a ruling

    def note(self, p: _Para, number: str = "") -> Note:
        note = Note(self.out.doc_id, len(self.out.notes), self.topic, p.text, p.line,
                    number=number, cited=cited_numbers(p.text))
        self.out.notes.append(note)
        return note

    def run(self, paras: list[_Para]) -> FaqParse:
        if paras and FOOTER_RE.match(paras[-1].text):
            self.out.footer = paras.pop().text
        i = 0
        while i < len(paras):
            i = self.step(paras, i)
        for card in self.out.cards:
            rulings = [r for r in self.out.rulings if r.card_position == card.position]
            nums = cited_numbers(card.rules_text) + [n for r in rulings for n in r.cited]
            card.cited = list(dict.fromkeys(nums))
        return self.out

    def step(self, paras: list[_Para], i: int) -> int:
        was_ruling, self.in_ruling = self.in_ruling, False
        p = paras[i]
        t = p.text
        if t in (SECTION_GENERAL, SECTION_CARDS):
            self.section = "general" if t == SECTION_GENERAL else "cards"
            self.topic, self.card, self.in_rules_text = "", None, False
            return i + 1
        if t.startswith("* "):
            self.in_rules_text = False
            self.add_ruling(p)
            self.in_ruling = True
            return i + 1
        if was_ruling and _is_ruling_continuation(t):
            self.extend_ruling(p)
            self.in_ruling = True
            return i + 1
        if self.section in ("general", "cards") and _card_start(paras, i):
            return self.add_card(paras, i)
        if self.in_rules_text and self.card is not None and not t.endswith(":") \
                and not QUOTED_RULE_RE.match(t):
            sep = "\n\n" if self.card.rules_text else ""
            self.card.rules_text += sep + t
            return i + 1
        self.in_rules_text = False
        self.card = None
        m = QUOTED_RULE_RE.match(t)
        if self.section == "general" and m:
            number = m.group(1) + (m.group(2) or "")
            note = self.note(p, number)
            self.out.quoted_rules.append(
                QuotedRule(number, m.group(3), self.topic, p.line, note.position))
            return i + 1
        if self.section == "general" and _is_heading(t):
            self.topic = _topic_name(t)
            return i + 1
        if self.section == "intro":
            self.intro(p)
        self.note(p)
        return i + 1

    def intro(self, p: _Para) -> None:
        if not self.out.title and p.text.startswith("Часто задаваемые вопросы"):
            self.out.title = p.text.replace("*", "")
        m = DATE_RE.search(p.text)
        if not self.out.date and p.text.startswith("Дата") and m:
            day, month, year = int(m.group(1)), MONTHS[m.group(2)], int(m.group(3))
            self.out.date = f"{year:04d}-{month:02d}-{day:02d}"

    def add_card(self, paras: list[_Para], i: int) -> int:
        name = paras[i]
        j = i + 1
        cost = ""
        if COST_RE.match(paras[j].text):
            cost = paras[j].text
            j += 1
        type_line = paras[j].text
        j += 1
        pt = loyalty = ""
        if j < len(paras):
            if PT_RE.match(paras[j].text):
                pt = paras[j].text
                j += 1
            elif type_line.startswith("Planeswalker") and LOYALTY_RE.match(paras[j].text):
                loyalty = paras[j].text
                j += 1
        card = Card(self.out.doc_id, len(self.out.cards), name.text, cost, type_line, pt,
                    loyalty, "", self.section, name.line, mana_cost_norm=normalise_cost(cost))
        self.out.cards.append(card)
        self.card = card
        self.in_rules_text = True
        return j

    def add_ruling(self, p: _Para) -> None:
        text = p.text[2:].strip()
        card_pos = self.card.position if self.card is not None else None
        self.out.rulings.append(Ruling(
            self.out.doc_id, len(self.out.rulings), text, card_pos,
            self.topic if self.section == "general" else "", p.line,
            cited=cited_numbers(text)))

    def extend_ruling(self, p: _Para) -> None:
        ruling = self.out.rulings[-1]
        ruling.text += "\n" + p.text
        ruling.cited = cited_numbers(ruling.text)


def parse_faq(text: str, doc_id: str) -> FaqParse:
    """Parse the whole FAQ text into notes, card blocks, rulings and quoted rules."""
    return _Parser(doc_id).run(_paragraphs(text))
