"""The only module that writes the corpus database.

Tables (one row per record, every row tagged with its document and version):
documents, rules, examples, glossary, refs, cards, rulings, notes, topics, meta.
``refs`` holds every rule mention found in any text, resolved or not, so both
«ссылается на» and «на него ссылаются» are one indexed query away.
"""
from __future__ import annotations

import json
from dataclasses import asdict
from typing import Iterable

import sqlite_utils

from .numbering import sort_key
from .records import Card, Document, GlossaryEntry, Note, Rule, Ruling, Topic


def sortable(number: str) -> str:
    """A zero-padded string that sorts rule numbers in document order inside SQLite."""
    chapter, section, rule, letter = (x + 1 for x in sort_key(number))
    return f"{chapter:02d}.{section:04d}.{rule:04d}.{letter:03d}"


def write_document(db: sqlite_utils.Database, doc: Document, sha256: str) -> None:
    row = asdict(doc)
    row["sha256"] = sha256
    db["documents"].insert(row, pk="id", replace=True)


def write_rules(db: sqlite_utils.Database, doc: Document, rules: Iterable[Rule],
                missing_translation: bool = False) -> None:
    rule_rows, example_rows = [], []
    for rule in rules:
        rule_rows.append({
            "id": f"{doc.id}:{rule.number}", "doc_id": doc.id, "version": doc.version,
            "lang": doc.lang, "number": rule.number, "level": rule.level,
            "parent": rule.parent, "position": rule.position, "sort": sortable(rule.number),
            "title": rule.title, "text": rule.text, "line": rule.line,
            "missing_translation": int(missing_translation),
            "flags": json.dumps(getattr(rule, "flags", None) or [] , ensure_ascii=False),
        })
        for i, example in enumerate(rule.examples, 1):
            example_rows.append({
                "id": f"{doc.id}:{rule.number}:ex{i}", "doc_id": doc.id, "version": doc.version,
                "lang": doc.lang, "rule_number": rule.number, "position": i, "text": example,
            })
    db["rules"].insert_all(rule_rows, pk="id", replace=True, batch_size=1000)
    if example_rows:
        db["examples"].insert_all(example_rows, pk="id", replace=True, batch_size=1000)


def write_carried_rules(db: sqlite_utils.Database, rule_rows: list[dict],
                        example_rows: list[dict]) -> None:
    """Rules of a carried Russian document (``carry``): the rules table gains its carry columns."""
    db["rules"].insert_all(rule_rows, pk="id", replace=True, batch_size=1000, alter=True)
    if example_rows:
        db["examples"].insert_all(example_rows, pk="id", replace=True, batch_size=1000)


def write_renames(db: sqlite_utils.Database, old_version: str, new_version: str, renames) -> None:
    """The release-wide renames found between two consecutive English releases."""
    db["renames"].insert_all([{"old_version": old_version, "new_version": new_version, "old": r.old,
                               "new": r.new, "rules": r.rules} for r in renames],
                             pk=("old_version", "new_version", "old"), replace=True)


def write_glossary(db: sqlite_utils.Database, doc: Document, entries: Iterable[GlossaryEntry],
                   refs_of) -> None:
    rows = [{
        "id": f"{doc.id}:g{e.position}", "doc_id": doc.id, "version": doc.version, "lang": doc.lang,
        "position": e.position, "term_en": e.term_en, "term_ru": e.term_ru,
        "definition": e.definition, "line": e.line,
        "refs": json.dumps(refs_of(e.definition)),
    } for e in entries]
    db["glossary"].insert_all(rows, pk="id", replace=True, batch_size=1000)


def write_refs(db: sqlite_utils.Database, rows: list[dict]) -> None:
    if rows:
        db["refs"].insert_all(rows, batch_size=2000)


def write_faq(db: sqlite_utils.Database, doc: Document, cards: list[Card], rulings: list[Ruling],
              notes: list[Note]) -> None:
    db["cards"].insert_all(
        [dict(asdict(c), id=f"{doc.id}:c{c.position}") for c in cards], pk="id", replace=True)
    db["rulings"].insert_all(
        [dict(asdict(r), id=f"{doc.id}:r{r.position}",
              card_id=(f"{doc.id}:c{r.card_position}" if r.card_position is not None else None))
         for r in rulings], pk="id", replace=True)
    if notes:
        db["notes"].insert_all(
            [dict(asdict(n), id=f"{doc.id}:n{n.position}") for n in notes], pk="id", replace=True)


def write_ruling_links(db: sqlite_utils.Database, links: list[dict], refs: list[dict],
                       names: list[dict]) -> None:
    """The reviewed classification of the FAQ rulings, which 2020 rules each relies on, and
    the English names of the FAQ cards."""
    if names:
        db["card_names"].insert_all(names, pk="name", replace=True)
    db["ruling_links"].insert_all(links, pk="ruling_id", replace=True)
    db["ruling_links"].create_index(["card_id"], if_not_exists=True)
    if refs:
        db["ruling_rules"].insert_all(refs)
        db["ruling_rules"].create_index(["version", "number"], if_not_exists=True)


def write_topics(db: sqlite_utils.Database, doc: Document, topics: list[Topic]) -> None:
    db["topics"].insert_all(
        [dict(asdict(t), id=f"{doc.id}:t{t.position}",
              examples=json.dumps(t.examples, ensure_ascii=False)) for t in topics],
        pk="id", replace=True)


def write_meta(db: sqlite_utils.Database, **values: str) -> None:
    db["meta"].insert_all([{"key": k, "value": v} for k, v in values.items()],
                          pk="key", replace=True)


def create_indexes(db: sqlite_utils.Database) -> None:
    db["rules"].create_index(["version", "lang", "number"], if_not_exists=True)
    db["rules"].create_index(["doc_id", "number"], if_not_exists=True)
    db["rules"].create_index(["doc_id", "level", "sort"], if_not_exists=True)
    db["rules"].create_index(["doc_id", "parent"], if_not_exists=True)
    db["rules"].create_index(["doc_id", "sort"], if_not_exists=True)
    db["examples"].create_index(["doc_id", "rule_number"], if_not_exists=True)
    db["refs"].create_index(["doc_id", "src_number"], if_not_exists=True)
    db["refs"].create_index(["doc_id", "target_number"], if_not_exists=True)
    db["glossary"].create_index(["doc_id"], if_not_exists=True)
    if db["rulings"].exists():
        db["rulings"].create_index(["card_id"], if_not_exists=True)


def read_meta(db: sqlite_utils.Database) -> dict[str, str]:
    if not db["meta"].exists():
        return {}
    return {row["key"]: row["value"] for row in db["meta"].rows}


def iter_search_documents(db: sqlite_utils.Database):
    """Every searchable record as the plain dict the search index takes.

    The CR releases searched are the newest and those with their own translation
    (``catalogue.searched_versions``): the releases in between are read by number and by
    diff, not searched — four more near-copies of the 2020 text in the index shifted every
    word's weight and the 2020 answers with it."""
    from .catalogue import searched_versions

    keep = sorted(searched_versions())
    marks = ",".join("?" * len(keep))
    for r in db.query(f"select * from rules where version in ({marks})", keep):
        doc_kind = "rule"
        # a rule changed since 2020 shows the English; its 2020 Russian is searched too (``carry``)
        carried = "\n".join(x for x in (r.get("carried_title"), r.get("carried_text")) if x)
        yield {
            "id": r["id"], "kind": doc_kind, "doc_id": r["doc_id"], "version": r["version"],
            "lang": r["lang"], "number": r["number"], "title": r["title"] or "",
            "text": "\n".join(x for x in (r["text"] or "", carried) if x), "refs": "",
            "is_title_rule": bool(r["level"] == "section" or (r["title"] and not r["text"])),
        }
    for e in db.query(f"select * from examples where version in ({marks})", keep):
        yield {"id": e["id"], "kind": "example", "doc_id": e["doc_id"], "version": e["version"],
               "lang": e["lang"], "number": e["rule_number"], "title": "", "text": e["text"],
               "refs": "", "is_title_rule": False}
    for g in db.query(f"select * from glossary where version in ({marks})", keep):
        yield {"id": g["id"], "kind": "glossary", "doc_id": g["doc_id"], "version": g["version"],
               "lang": g["lang"], "number": "",
               "title": " / ".join(t for t in (g["term_en"], g["term_ru"]) if t),
               "term_en": g["term_en"], "term_ru": g["term_ru"],
               "text": g["definition"], "refs": " ".join(json.loads(g["refs"] or "[]")),
               "is_title_rule": False}
    if db["cards"].exists():
        for c in db.query("select * from cards"):
            yield {"id": c["id"], "kind": "card", "doc_id": c["doc_id"], "version": "m2011",
                   "lang": "ru", "number": "", "title": c["name"],
                   "text": "\n".join(x for x in (c["mana_cost"], c["type_line"], c["pt"] or c["loyalty"],
                                                 c["rules_text"]) if x),
                   "refs": "", "is_title_rule": False}
        for r in db.query("select r.*, c.name as card_name from rulings r "
                          "left join cards c on c.id = r.card_id"):
            yield {"id": r["id"], "kind": "ruling", "doc_id": r["doc_id"], "version": "m2011",
                   "lang": "ru", "number": "", "title": r["card_name"] or r["topic"] or "",
                   "text": r["text"], "refs": "", "is_title_rule": False}
    if db["topics"].exists():
        for t in db.query("select * from topics"):
            yield {"id": t["id"], "kind": "rulebook", "doc_id": t["doc_id"], "version": "1998",
                   "lang": "ru", "number": "", "title": t["title"], "text": t["text"],
                   "refs": "", "is_title_rule": False}


def write_changes(db: sqlite_utils.Database, lang: str, old_version: str, new_version: str,
                  changes, english_same: set = frozenset()) -> None:
    """``english_same``: (old, new) number pairs whose English text is identical in both
    releases, so a Russian change there is most likely a decoding error of the 2020 OCR."""
    db["rule_changes"].insert_all([{
        "lang": lang, "old_version": old_version, "new_version": new_version,
        "status": c.status, "old_number": c.old_number, "new_number": c.new_number,
        "similarity": c.similarity, "diff": json.dumps(c.diff, ensure_ascii=False),
        "english_unchanged": int((c.old_number, c.new_number) in english_same),
        "renamed": int(c.renamed),
    } for c in changes], batch_size=2000, alter=True)
    db["rule_changes"].create_index(["lang", "old_version", "old_number"], if_not_exists=True)
    db["rule_changes"].create_index(["lang", "new_version", "new_number"], if_not_exists=True)
