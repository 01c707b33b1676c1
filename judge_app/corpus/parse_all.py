"""The build's steps: each source through its parser into the store.

Each step is one document (or one derived table), so the progress bar moves once
per unit of real work. Cross-references are collected here, after every CR document
is parsed, because a mention can only be resolved against the rules of its version.
"""
from __future__ import annotations

import json
from typing import Callable

import sqlite_utils

from .. import paths
from . import catalogue, store
from .crossrefs import find_mentions
from .records import Document, Rule


def doc_by_id(doc_id: str) -> Document:
    return next(d for d in catalogue.DOCUMENTS if d.id == doc_id)


class BuildState:
    """What the steps hand each other: parsed rules per document, for pairing and refs."""

    def __init__(self, db: sqlite_utils.Database, report) -> None:
        self.db = db
        self.report = report
        self.rules: dict[str, list[Rule]] = {}
        self.texts: list[dict] = []  # every text to scan for mentions
        self.faq = None  # (Document, FaqParse) once the FAQ step has run
        self.glossary: dict[str, list] = {}  # doc id -> parsed glossary entries
        self.steps: dict[tuple[str, str], object] = {}  # (old, new) English -> carry.Step

    def add_text(self, doc: Document, src_kind: str, src_id: str, src_number: str,
                 text: str, target_version: str) -> None:
        if text:
            self.texts.append({"doc": doc, "src_kind": src_kind, "src_id": src_id,
                               "src_number": src_number, "text": text,
                               "target_version": target_version})


def refs_of(text: str) -> list[str]:
    seen: dict[str, None] = {}
    for mention in find_mentions(text):
        for number in mention.numbers:
            seen.setdefault(number, None)
    return list(seen)


def cr_step(state: BuildState, doc: Document) -> Callable[[], None]:
    def run() -> None:
        from .build import file_sha256, read_source
        from . import cr_source

        try:
            parsed = cr_source.parse_document(doc, read_source(doc))
        except cr_source.DecoderMissing:
            state.report.skipped.append(f"{doc.id}: декодер OCR недоступен")
            return
        store.write_document(state.db, doc, file_sha256(cr_source.source_path(doc)))
        store.write_rules(state.db, doc, parsed.rules)
        store.write_glossary(state.db, doc, parsed.glossary, refs_of)
        cr_source.write_extras(state.db, doc, parsed)
        state.report.skipped += [f"исправление {c.where} ({c.rule} «{c.decoded}»): {why}"
                                 for c, why in parsed.corrections.stale]
        state.rules[doc.id] = parsed.rules
        state.glossary[doc.id] = parsed.glossary
        for rule in parsed.rules:
            state.add_text(doc, "rule", f"{doc.id}:{rule.number}", rule.number, rule.text, doc.version)
            for i, example in enumerate(rule.examples, 1):
                state.add_text(doc, "example", f"{doc.id}:{rule.number}:ex{i}", rule.number,
                               example, doc.version)
        for entry in parsed.glossary:
            state.add_text(doc, "glossary", f"{doc.id}:g{entry.position}", "", entry.definition,
                           doc.version)
        state.report.counts[doc.id] = len(parsed.rules)
    return run


def pair_translations(state: BuildState) -> None:
    """A rule the translation lacks still exists: it gets the English text, flagged."""
    for version in catalogue.CR_VERSIONS:
        ru, en = catalogue.cr_document(version, "ru"), catalogue.cr_document(version, "en")
        if not (ru and en and ru.id in state.rules and en.id in state.rules):
            continue
        have = {r.number for r in state.rules[ru.id]}
        missing = [r for r in state.rules[en.id] if r.number not in have]
        store.write_rules(state.db, ru, missing, missing_translation=True)
        state.report.counts[f"{ru.id}:missing_translation"] = len(missing)


def faq_step(state: BuildState, doc: Document) -> Callable[[], None]:
    from .faq import parse_faq

    def write(parsed) -> int:
        store.write_faq(state.db, doc, parsed.cards, parsed.rulings, parsed.notes)
        state.faq = (doc, parsed)
        target = "2019-05-03"  # the oldest CR we hold is the nearest to the FAQ's 2010 rules
        for ruling in parsed.rulings:
            state.add_text(doc, "ruling", f"{doc.id}:r{ruling.position}", "", ruling.text, target)
        for note in parsed.notes:
            state.add_text(doc, "note", f"{doc.id}:n{note.position}", "", note.text, target)
        return len(parsed.cards)
    return source_step(state, doc, parse_faq, write)


def rulebook_step(state: BuildState, doc: Document) -> Callable[[], None]:
    from .rulebook import parse_rulebook

    def write(topics) -> int:
        store.write_topics(state.db, doc, topics)
        return len(topics)
    return source_step(state, doc, parse_rulebook, write)


def fragment_step(state: BuildState, doc: Document) -> Callable[[], None]:
    from .fragment import parse_fragment

    def write(rules) -> int:
        store.write_rules(state.db, doc, rules)
        return len(rules)
    return source_step(state, doc, parse_fragment, write)


def source_step(state: BuildState, doc: Document, parse, write) -> Callable[[], None]:
    """A step for a non-CR source: read it, parse it, record the document, write the records."""
    def run() -> None:
        from .build import file_sha256, read_source
        from .. import paths

        parsed = parse(read_source(doc), doc.id)
        store.write_document(state.db, doc, file_sha256(paths.SOURCES_DIR / doc.source_file))
        state.report.counts[doc.id] = write(parsed)
    return run


def cr_source_is_ocr(doc: Document) -> bool:
    from .cr_source import is_ocr

    return is_ocr(doc)


def ocr_reading(number: str, known: set[str]) -> str | None:
    from . import crossrefs

    reading = crossrefs.ocr_reading(number)
    return reading if reading in known else None


def refs_step(state: BuildState) -> None:
    """Resolve every mention against the rules of the version it belongs to."""
    known: dict[tuple[str, str], set[str]] = {}
    for row in state.db.query("select version, lang, number from rules"):
        known.setdefault((row["version"], row["lang"]), set()).add(row["number"])
    rows = []
    for item in state.texts:
        doc: Document = item["doc"]
        numbers = known.get((item["target_version"], doc.lang)) or known.get(
            (item["target_version"], "ru"), set())
        ocr = cr_source_is_ocr(doc)
        for mention in find_mentions(item["text"]):
            for number in mention.numbers:
                if ocr and number not in numbers:  # "601.21" is 601.2i read through the OCR
                    number = ocr_reading(number, numbers) or number
                resolved = number in numbers
                rows.append({
                    "doc_id": doc.id, "version": doc.version, "lang": doc.lang,
                    "src_kind": item["src_kind"], "src_id": item["src_id"],
                    "src_number": item["src_number"], "target_version": item["target_version"],
                    "target_number": number, "raw": mention.raw, "resolved": int(resolved),
                })
                if not resolved:
                    state.report.unresolved.append(rows[-1])
    store.write_refs(state.db, rows)


def glossary_step(state: BuildState) -> None:
    """Stale glossary numbers linked by the English twin's (see ``glossary_refs``)."""
    from .glossary_refs import repair_stale_glossary_refs

    state.report.repaired.extend(repair_stale_glossary_refs(state.db))


def changes_step(state: BuildState) -> None:
    """Compare consecutive versions of each language, so every rule knows its history; the
    English comparison also finds each release's renames (``diff.find_renames``)."""
    from .carry import Step
    from .diff import compare, compare_releases, full_text

    versions = sorted(catalogue.CR_VERSIONS)
    for old_v, new_v in zip(versions, versions[1:]):
        english_same: set = set()  # (old, new) numbers whose English text did not change
        for lang in ("en", "ru"):
            old, new = catalogue.cr_document(old_v, lang), catalogue.cr_document(new_v, lang)
            if not (old and new and old.id in state.rules and new.id in state.rules):
                continue
            old_rules, new_rules = as_dicts(state.rules[old.id]), as_dicts(state.rules[new.id])
            if lang == "en":
                changes, renames = compare_releases(old_rules, new_rules)
                english_same = {(c.old_number, c.new_number) for c in changes
                                if c.status == "unchanged" or (c.status == "renumbered" and not c.diff)}
                state.steps[(old_v, new_v)] = Step(
                    old_v, new_v, changes, renames, {r["number"]: full_text(r) for r in old_rules},
                    {r["number"]: full_text(r) for r in new_rules})
                store.write_renames(state.db, old_v, new_v, renames)
            else:
                changes = compare(old_rules, new_rules)
            store.write_changes(state.db, lang, old_v, new_v, changes, english_same)


def as_dicts(rules: list[Rule]) -> list[dict]:
    return [{"number": r.number, "title": r.title, "text": r.text} for r in rules if r.level != "chapter"]


def carry_step(state: BuildState) -> None:
    """The Russian documents of releases without a translation (``carry``)."""
    from . import carry

    versions = sorted(catalogue.CR_VERSIONS)
    for doc in catalogue.DOCUMENTS:
        if not doc.carried_from:
            continue
        src_ru = catalogue.cr_document(doc.carried_from, "ru")
        src_en = catalogue.cr_document(doc.carried_from, "en")
        en = catalogue.cr_document(doc.version, "en")
        if not (src_ru and src_en and en and src_ru.id in state.rules and en.id in state.rules):
            continue
        span = versions[versions.index(doc.carried_from):versions.index(doc.version) + 1]
        steps = [state.steps[(a, b)] for a, b in zip(span, span[1:])]
        rule_rows, example_rows = carry.carry_rules(doc, state.rules[en.id], state.rules[src_ru.id],
                                                    state.rules[src_en.id], steps)
        store.write_document(state.db, doc, "")
        store.write_carried_rules(state.db, rule_rows, example_rows)
        renames = [r for step in steps for r in step.renames]
        entries = carry.carry_glossary(doc, state.glossary.get(en.id, []),
                                       state.glossary.get(src_ru.id, []),
                                       state.glossary.get(src_en.id, []), renames,
                                       carry.composed_numbers(steps))
        store.write_glossary(state.db, doc, entries, refs_of)
        for row in rule_rows:
            state.add_text(doc, "rule", row["id"], row["number"], row["text"], doc.version)
        for row in example_rows:
            state.add_text(doc, "example", row["id"], row["rule_number"], row["text"], doc.version)
        for entry in entries:
            state.add_text(doc, "glossary", f"{doc.id}:g{entry.position}", "", entry.definition,
                           doc.version)
        for status, n in carry.coverage(rule_rows).items():
            state.report.counts[f"{doc.id}:{status or 'carried'}"] = n


def faq_links_step(state: BuildState) -> None:
    """Load the reviewed classification of the FAQ rulings, check it against the parsed FAQ,
    the 2020 rules and the 2019→2020 history, and store it (``ruling_links``, ``ruling_rules``)."""
    from . import faq_links

    if state.faq is None:
        return
    doc, parsed = state.faq
    cls = faq_links.load()
    en_2020 = catalogue.cr_document(faq_links.TARGET_VERSION, "en")
    known = {r.number for r in state.rules.get(en_2020.id, [])} if en_2020 else set()
    renumbering = {row["old_number"]: row["new_number"] for row in state.db.query(
        "select old_number, new_number from rule_changes where lang = 'en' and new_version = ? "
        "and old_number is not null and new_number is not null", [faq_links.TARGET_VERSION])}
    faq_links.check_against(cls, parsed.rulings, parsed.cards, known, renumbering or None)
    later = {d.version: {r.number for r in state.rules.get(d.id, [])} for d in catalogue.DOCUMENTS
             if d.kind == "cr" and d.lang == "en" and d.version > faq_links.TARGET_VERSION}
    dropped = faq_links.check_later(cls, later, faq_links.scenario_releases(), catalogue.DEFAULT_VERSION,
                                    # a build from another sources folder may not hold the release
                                    unheld_ok=paths.SOURCES_DIR != paths.CORPUS_DIR / "sources")
    if dropped:
        state.report.counts["faq_links:later_unheld"] = len(dropped)
    links, refs, names = faq_links.rows(cls, doc.id, parsed.rulings)
    store.write_ruling_links(state.db, links, refs, names)
    state.report.counts["faq_links"] = len(links)


STEP_KINDS = {"cr": cr_step, "faq": faq_step, "rulebook": rulebook_step, "fragment": fragment_step}


def steps(db: sqlite_utils.Database, report) -> list[tuple[str, Callable[[], None]]]:
    state = BuildState(db, report)
    out = []
    for doc in catalogue.DOCUMENTS:
        if not doc.carried_from:  # carried documents are made from the others (``carry_step``)
            out.append((doc.id, STEP_KINDS[doc.kind](state, doc)))
    out.append(("переводы", lambda: pair_translations(state)))
    out.append(("ссылки словаря", lambda: glossary_step(state)))
    out.append(("сравнение версий", lambda: changes_step(state)))
    out.append(("перенос перевода 2020 года", lambda: carry_step(state)))
    out.append(("перекрёстные ссылки", lambda: refs_step(state)))
    out.append(("разъяснения FAQ: классификация", lambda: faq_links_step(state)))
    return out
