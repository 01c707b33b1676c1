"""Parser for the 1998 rulebook, part II «Новые знания» (``rulebook-ru-1998-part2.txt``).

The file has no numbers, no blank lines and no headings: the book's bold headings were
stripped and each topic's heading ran into its first line. What is left, and what this
parser reads:

1. **Paragraph starts.** A line starting with a capital after a line that ends a
   sentence (``.`` ``!`` ``?`` ``»`` ``)``) *and* whose first line is short (paragraph
   first lines are indented in print, so the wrap leaves them < 58 characters) or
   overlong (> 82: two printed lines were merged). ``ПРИМЕР:``, run-in labels and list
   items (``1.``, ``- ``) always start a paragraph. A long line after a sentence end is
   just a sentence that ended at the line end, not a new paragraph.
2. **Lone ``.`` lines** (the full stop wrapped onto its own line) are glued back.
3. **Run-in labels** «Ярость (rampage): …», «Объявление / нападающих: …» start a topic
   whose title (and English, when glossed) comes from the label itself.
4. **Topics without a surviving label** are recognised by the opening words of their
   first paragraph, listed in ``KNOWN_TOPICS`` below. That table is data, written by
   reading the text (the section names also appear in the book's own page
   cross-references: «Новая математика», «Сгорание маны», «Особые способности»…);
   each opening must fall on a detected paragraph start, or the parse fails loudly.

Topic text keeps paragraph breaks as ``"\\n\\n"`` and list items on their own lines;
``ПРИМЕР:`` paragraphs go to ``examples`` (without the label) instead of the text.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from judge_app.corpus.records import Topic

# Topics whose heading did not survive: (title_ru, title_en, opening words of the first
# paragraph as printed, whitespace-normalised). Titles follow the book's section names;
# the English is our gloss for the modern rules vocabulary. SUB_TOPICS are the ones that
# are steps inside the topic before them rather than topics of their own.
KNOWN_TOPICS: list[tuple[str, str, str]] = [
    ("Цвет", "colour", "Каждая карта в Magic может обладать"),
    ("Сила и здоровье", "power/toughness", "Самыми важными показателями для любого существа"),
    ("Болезнь вызова", "summoning sickness", "Если вы не распоряжались существом в"),
    ("Типы существ", "creature types", "Некоторые эффекты могут относиться к существам"),
    ("Ограничения целей заклятий", "enchantment restrictions", "Некоторые заклятия можно (или наоборот,"),
    ("Принадлежность карт", "ownership", "Каждому игроку принадлежат те карты"),
    ("Фишки", "tokens", "В результате некоторых эффектов в игру вступают фишки"),
    ("Жетоны", "counters", "В результате некоторых эффектов игрок должен класть счетные жетоны"),
    ("Жертвоприношение", "sacrifice", "Пожертвовать постоянную карту значит"),
    ("Как действуют эффекты", "effects", "Характеристики чего угодно, за"),
    ("Цена", "costs", "Каждое заклинание имеет свою цену"),
    ("Цели", "targets", "Заклинание или способность, имеющие цель,"),
    ("Приоритет", "timing and priority", "Описанные ниже правила определяют, когда можно"),
    ("Серии и цепочки", "series and chains", "В Magic существует два вида эффектов"),
    ("Прерывания", "interrupts", "Чтобы применить заклинание или способность,"),
    ("Источники маны", "mana sources", "Источники маны можно применять в любой"),
    ("Условные способности", "triggered abilities", "Некоторые заклинания и способности применяются лишь"),
    ("Особые способности", "special abilities", "Некоторые заклинания и способности применяются в"),
    ("Фазы", "phases", "Каждый ход состоит из шести фаз"),
    ("Фазовые способности", "phase abilities", "Некоторые способности сформулированы в виде"),
    ("Фазовые цены", "phase costs", "Некоторые постоянные карты обладают"),
    ("Предотвращение повреждений", "damage prevention", "Предотвращение повреждений происходит после любого"),
    ("Подробнее о фазах", "turn phases in detail", "Применение быстрых эффектов разрешается во всех"),
    ("Сражение", "combat", "После того, как существо будет объявлено нападающим"),
    ("Обходные способности", "evasion abilities", "Обходные способности (такие, как полет"),
    ("Жизнь", "life", "Вы начинаете игру с 20 пунктами жизни"),
    ("Сгорание маны", "mana burn", "Мана черпается из резерва"),
    ("Проигрыш и признание поражения", "losing/conceding", "Помимо проигрыша, вызванного потерей"),
    ("Взятие и сброс карт", "drawing/discarding", "Если по ходу игры вам приходится брать"),
    ("Новая математика", "values below zero", "Последствия некоторых эффектов зависят от"),
]
SUB_TOPICS = {"Обходные способности"}

# English for run-in labels that carry no gloss of their own: the 1998 phases and combat
# steps. A label without a gloss is a step of the topic it sits in, so a sub-topic.
LABEL_EN = {
    "Разворот": "untap phase",
    "Подсчет": "upkeep",
    "Взятие карты": "draw phase",
    "Главная": "main phase",
    "Сброс": "discard phase",
    "Завершение": "cleanup phase",
    "Объявление нападающих": "declare attackers",
    "Применение быстрых эффектов перед блокированием": "fast effects before blocking",
    "Объявление блокирующих": "declare blockers",
    "Применение быстрых эффектов после блокирования": "fast effects after blocking",
    "Нанесение повреждений первого удара и нанесение нормальных повреждений": "first-strike and normal combat damage",
    "Конец сражения": "end of combat",
}

SENTENCE_END = ".!?»)"
SHORT_FIRST_LINE = 58
MERGED_LINE = 82
EXAMPLE = "ПРИМЕР:"
LIST_ITEM_RE = re.compile(r"^(?:\d\.|-) ")
# «Ярость (rampage): …», «Объявление нападающих: Существо …»: up to nine words, an
# optional English gloss, a colon; without a gloss the colon must be followed by a
# capital (so «… сформулированы в виде: «Во …» is not a label).
LABEL_RE = re.compile(
    r"^(?P<ru>[А-ЯЁ][а-яё]+(?: [а-яё]+){0,8})(?: \((?P<en>[a-z][a-z ,]*)\))?:(?: |$)(?P<rest>.?)"
)


@dataclass
class _Par:
    text: str
    line_start: int
    line_end: int
    kind: str  # "para" | "example" | "item"


def _label(text: str) -> tuple[str, str] | None:
    """(title, title_en) of a run-in label at the start of a paragraph, or None."""
    m = LABEL_RE.match(text)
    if not m or text.startswith(EXAMPLE):
        return None
    if not m.group("en") and not (m.group("rest") or "").isupper():
        return None
    ru, en = m.group("ru"), m.group("en") or ""
    title = f"{ru} ({en})" if en else ru
    return title, en or LABEL_EN.get(ru, "")


def _logical_lines(text: str) -> list[tuple[int, str]]:
    """(line number, text) with lone «.» lines glued to the line before."""
    out: list[tuple[int, str]] = []
    for i, raw in enumerate(text.split("\n"), 1):
        line = raw.strip()
        if line == "." and out:
            out[-1] = (out[-1][0], out[-1][1] + ".")
        elif line:
            out.append((i, line))
    return out


def _starts_paragraph(prev: str, line: str, nxt: str) -> bool:
    if line.startswith(EXAMPLE) or LIST_ITEM_RE.match(line):
        return True
    if not prev.endswith(tuple(SENTENCE_END)) or not line[0].isupper():
        return False
    if len(line) < SHORT_FIRST_LINE or len(line) > MERGED_LINE:
        return True
    return _label(line) is not None or _label(f"{line} {nxt}") is not None


def _paragraphs(lines: list[tuple[int, str]]) -> list[_Par]:
    pars: list[_Par] = []
    for k, (no, line) in enumerate(lines):
        prev = lines[k - 1][1] if k else ""
        nxt = lines[k + 1][1] if k + 1 < len(lines) else ""
        if not pars or _starts_paragraph(prev, line, nxt):
            kind = "example" if line.startswith(EXAMPLE) else "item" if LIST_ITEM_RE.match(line) else "para"
            pars.append(_Par(line, no, no, kind))
        else:
            pars[-1].text += " " + line
            pars[-1].line_end = no
    return pars


def _norm(s: str) -> str:
    return " ".join(s.split())


def _known(text: str) -> tuple[str, str] | None:
    for title, title_en, opening in KNOWN_TOPICS:
        if _norm(text).startswith(opening):
            return title, title_en
    return None


def parse_rulebook(text: str, doc_id: str) -> list[Topic]:
    """Split the rulebook into topics (run-in label sub-topics split finer)."""
    lines = _logical_lines(text)
    body = [(no, s) for no, s in lines if not s.startswith("©") and not s.startswith("Часть II")]
    topics: list[Topic] = []
    parent = ""
    for par in _paragraphs(body):
        head = _label(par.text) if par.kind == "para" else None
        known = _known(par.text) if par.kind == "para" else None
        if head or known:
            title, title_en = head or known  # type: ignore[misc]
            is_sub = title in SUB_TOPICS or (head is not None and "(" not in title)
            if not is_sub:
                parent = title
            topics.append(Topic(doc_id, len(topics), title, title_en, "", [],
                                par.line_start, par.line_end, parent if is_sub else ""))
        elif not topics:
            raise ValueError(f"text before the first topic at line {par.line_start}")
        topic = topics[-1]
        topic.line_end = par.line_end
        if par.kind == "example":
            topic.examples.append(par.text[len(EXAMPLE):].strip())  # label dropped, as in cr_text
        elif topic.text:
            topic.text += ("\n" if par.kind == "item" else "\n\n") + par.text
        else:
            topic.text = par.text
    found = {t.title for t in topics}
    missing = [t for t, _, _ in KNOWN_TOPICS if t not in found]
    if missing:
        raise ValueError(f"known topics not found at a paragraph start: {missing}")
    return topics
