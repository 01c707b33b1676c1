"""Russian for the releases that have no translation: the 2020 text, carried forward.

No Russian translation exists after 2020. A Russian judge reads the current English
text, and the 2020 Russian wherever the rule has not changed since. For each later
release the build follows every English rule back through the releases in between
(renumbering followed at each step, the release-wide renames and updated rule
references not counted as changes) to its 2020 predecessor, and writes a Russian
document of that release:

- *unchanged*: the English means the same as in 2020 → the 2020 Russian text, its rule
  references renumbered into the new release;
- *changed*: the English changed → the English text first (``missing_translation``),
  the 2020 Russian of its predecessor beside it, and the English word diff;
- *new*: no predecessor → the English text, «перевода нет».

A machine translation is never made: every Russian word shown is the 2020 translators'.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import cached_property

from .diff import Change, Rename, apply_renames, normalise, rename_only, word_diff
from .records import Document, GlossaryEntry, Rule

RULE_NUMBER = re.compile(r"(?<![\d.])(\d{3}\.\d{1,3}[a-z]?)(?![\d])")


@dataclass
class Step:
    """One consecutive pair of English releases as the build compared them."""

    old_version: str
    new_version: str
    changes: list[Change]
    renames: list[Rename]
    old_text: dict[str, str]
    new_text: dict[str, str]

    @cached_property
    def numbers(self) -> dict[str, str]:
        """Old number -> new number (computed once: every rule of every carry asks for it)."""
        return {c.old_number: c.new_number for c in self.changes if c.old_number and c.new_number}


@dataclass
class Origin:
    number: str  # the predecessor's number in the translated release
    same: bool  # the English means the same (renames and renumbered references aside)
    renames: list[Rename] = field(default_factory=list)


def renumber(text: str, numbers: dict[str, str]) -> str:
    """Rule references (``704.5k``) moved to their numbers in a later release."""
    return RULE_NUMBER.sub(lambda m: numbers.get(m[1], m[1]), text)


REFERENCE = re.compile(r"(?<![\d.])(\d{3}(?:\.\d{1,3}[a-z]?)?)(?![\d])")


def carry_references(ru: str, en_then: str, en_now: str, numbers: dict[str, str]) -> str:
    """The rule references of a carried Russian text, as the current English has them.

    Where the Russian cites what its English twin cited, each reference moves with the
    renumbering. Where it cites something else — the 2020 translation kept a few 2019 numbers
    («правиле 112.6» for 113.6) — and it cites as many rules as today's English, the English
    numbers are taken in order, as the glossary repair does with the English twin's."""
    ru_refs, then_refs, now_refs = (REFERENCE.findall(t) for t in (ru, en_then, en_now))
    if sorted(ru_refs) == sorted(then_refs) or len(ru_refs) != len(now_refs):
        return renumber(ru, numbers)
    it = iter(now_refs)
    return REFERENCE.sub(lambda m: next(it), ru)


def same_meaning(step: Step, change: Change, numbers: dict[str, str]) -> bool:
    if change.status == "unchanged" or change.renamed:
        return True
    if change.status not in ("changed", "renumbered"):
        return False
    if not change.diff:
        return True
    old = renumber(step.old_text[change.old_number], numbers)
    return rename_only(old, step.new_text[change.new_number], step.renames)


def origins(steps: list[Step], first: list[str]) -> dict[str, Origin]:
    """For the last release of ``steps``: new number -> its predecessor in the first release."""
    current = {n: Origin(n, True) for n in first}
    for step in steps:
        numbers = step.numbers
        nxt: dict[str, Origin] = {}
        for change in step.changes:
            if change.old_number in current and change.new_number:
                before = current[change.old_number]
                used = [r for r in step.renames if r.old in normalise(step.old_text[change.old_number])]
                nxt[change.new_number] = Origin(before.number,
                                                before.same and same_meaning(step, change, numbers),
                                                before.renames + used)
        current = nxt
    return current


def composed_numbers(steps: list[Step]) -> dict[str, str]:
    """First release's number -> last release's, through every step."""
    out: dict[str, str] = {}
    if not steps:
        return out
    for old in steps[0].old_text:
        n: str | None = old
        for step in steps:
            n = step.numbers.get(n) if n else None
        if n:
            out[old] = n
    return out


def carry_rules(doc: Document, english: list[Rule], russian: list[Rule], english_from: list[Rule],
                steps: list[Step]) -> tuple[list[dict], list[dict]]:
    """Rows of the carried Russian document: rules (with their carry columns) and examples."""
    ru_by = {r.number: r for r in russian}
    en_from = {r.number: r for r in english_from}
    found = origins(steps, [r.number for r in english_from])
    numbers = composed_numbers(steps)
    rule_rows, example_rows = [], []
    for rule in english:
        origin = found.get(rule.number)
        if rule.level == "chapter":  # chapters are not compared: the same title is the same chapter
            twin = ru_by.get(rule.number)
            same = twin and en_from.get(rule.number) and en_from[rule.number].title == rule.title
            origin = Origin(rule.number, bool(same))
        ru = ru_by.get(origin.number) if origin else None
        row = base_row(doc, rule)
        if origin and ru and origin.same:
            text = carry_references(ru.text, en_from[origin.number].text if origin.number in en_from else "",
                                    rule.text, numbers)
            row.update(title=ru.title, text=text, carry_status="unchanged",
                       carried_number=origin.number,
                       carry_renames=json.dumps([[r.old, r.new] for r in origin.renames],
                                                ensure_ascii=False))
            examples = [renumber(e, numbers) for e in ru.examples]
        elif origin and ru:
            old_en = en_from[origin.number]
            row.update(missing_translation=1, carry_status="changed", carried_number=origin.number,
                       carried_title=ru.title, carried_text=ru.text,
                       carry_diff=json.dumps(word_diff(full(old_en), full(rule)), ensure_ascii=False))
            examples = rule.examples
        else:
            row.update(missing_translation=1, carry_status="new")
            examples = rule.examples
        rule_rows.append(row)
        example_rows += [{"id": f"{doc.id}:{rule.number}:ex{i}", "doc_id": doc.id, "version": doc.version,
                          "lang": "ru", "rule_number": rule.number, "position": i, "text": text}
                         for i, text in enumerate(examples, 1)]
    return rule_rows, example_rows


def full(rule: Rule) -> str:
    return " ".join(x for x in (rule.title, rule.text) if x)


def base_row(doc: Document, rule: Rule) -> dict:
    from .store import sortable

    return {"id": f"{doc.id}:{rule.number}", "doc_id": doc.id, "version": doc.version, "lang": "ru",
            "number": rule.number, "level": rule.level, "parent": rule.parent,
            "position": rule.position, "sort": sortable(rule.number), "title": rule.title,
            "text": rule.text, "line": rule.line, "missing_translation": 0, "flags": "[]",
            "carry_status": "", "carried_number": "", "carried_title": "", "carried_text": "",
            "carry_diff": "[]", "carry_renames": "[]"}


def carry_glossary(doc: Document, english: list[GlossaryEntry], russian: list[GlossaryEntry],
                   english_from: list[GlossaryEntry], renames: list[Rename],
                   numbers: dict[str, str]) -> list[GlossaryEntry]:
    """Glossary entries of the carried document: the 2020 Russian entry where the English
    definition is the same (renames aside), else the English definition under the Russian
    headword where one exists."""
    def key(term: str) -> str:  # «Converted Mana Cost» is 2021's «Mana Value»
        return apply_renames(term, renames)

    ru_by = {key(e.term_en): e for e in russian}
    en_by = {key(e.term_en): e for e in english_from}
    out = []
    for i, entry in enumerate(english, 1):
        key_now = normalise(entry.term_en)
        ru, before = ru_by.get(key_now), en_by.get(key_now)
        if ru and before and apply_renames(renumber(before.definition, numbers), renames) == normalise(entry.definition):
            out.append(GlossaryEntry(doc.id, i, entry.term_en, ru.term_ru,
                                     carry_references(ru.definition, before.definition, entry.definition,
                                                      numbers), entry.line))
        else:
            out.append(GlossaryEntry(doc.id, i, entry.term_en, ru.term_ru if ru else "",
                                     entry.definition, entry.line))
    return out


def coverage(rule_rows: list[dict]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for row in rule_rows:
        if row["level"] != "chapter":
            counts[row["carry_status"]] = counts.get(row["carry_status"], 0) + 1
    return counts
