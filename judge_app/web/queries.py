"""Read helpers the pages need beyond ``Corpus``'s methods (read-only, cached per corpus).

Everything here reads through ``Corpus.rows``/``one`` (the same read-only connection)
and degrades to empty results when a table another module writes is not there yet.
"""
from __future__ import annotations

import json
import re
from functools import lru_cache

from .. import services
from ..corpus.lookup import Corpus, CorpusError

MAX_NUMBER = 40


def corpus() -> Corpus:
    """The shared corpus, looked up once per request (``services.corpus`` resolves paths)."""
    from flask import g, has_app_context

    if has_app_context():
        c = g.get("_corpus")
        if c is None:
            c = g._corpus = services.corpus()
        return c
    return services.corpus()


def frame() -> dict:
    """The versions and documents every page shows, read once per corpus."""
    return _frame(_key())


@lru_cache(maxsize=8)
def _frame(key: int) -> dict:
    c = corpus()
    return {"cr_versions": c.cr_versions(), "default_version": c.default_version(), "documents": c.versions()}


def _key() -> int:
    return id(corpus())


def rule_context(number: str, version: str, lang: str) -> dict:
    """``Corpus.rule`` for a page, cached (the corpus is read-only). Raises CorpusError."""
    if len(number) > MAX_NUMBER:
        raise CorpusError(f"номер правила слишком длинный: {len(number)} символов", status=404)
    return _rule_context(_key(), number, version, lang)


@lru_cache(maxsize=4096)
def _rule_context(key: int, number: str, version: str, lang: str) -> dict:
    try:
        return FastRules(corpus()).rule(number, version, lang)
    except CorpusError:
        raise
    except Exception:  # a schema this reader does not know yet: the corpus's own method
        return corpus().rule(number, version, lang)


class FastRules:
    """The same dict as ``Corpus.rule``, read by primary key (``doc_id:number``) and with
    the document order of each level computed once, so a rule page costs a few indexed
    look-ups instead of scans of the whole document."""

    def __init__(self, c: Corpus):
        self.c = c

    def row(self, doc_id: str, number: str) -> dict | None:
        return self.c.one("select * from rules where id = ?", (f"{doc_id}:{number}",))

    def rule(self, query: str, version: str | None, lang: str | None) -> dict:
        from ..corpus.numbering import normalise_query_candidates

        c = self.c
        version, lang = c.check_version(version), c.check_lang(lang)
        query = (query or "").strip()
        if not query:
            raise CorpusError("не указан номер правила")
        doc_id = c.doc_id(version, lang)
        row = None
        for candidate in normalise_query_candidates(query):
            row = self.row(doc_id, candidate)
            if row:
                break
        if row is None:
            return c.rule(query, version, lang)  # raises the 404 with its suggestions
        return self.context(row, version, lang)

    def context(self, row: dict, version: str, lang: str) -> dict:
        c = self.c
        number = row["number"]
        other_lang = "en" if lang == "ru" else "ru"
        children = self.children(row)
        other = self.row(c.doc_id(version, other_lang), number)
        other_children = self.children(other) if other else []
        examples = self.examples([row, *children, *([other] if other else []), *other_children], version)
        out = self.present(row, examples)
        out["children"] = [self.present(r, examples) for r in children]
        out["breadcrumbs"] = self.breadcrumbs(row)
        out["prev"], out["next"] = neighbours(_key(), row["doc_id"], row["level"], number)
        by_src = _indexed_by("idx_refs_doc_id_src_number")
        out["refs_out"] = self.with_titles(c.rows(
            f"select distinct target_number as number, resolved from refs{by_src} "
            "where doc_id = ? and src_number = ? and src_kind in ('rule', 'example')",
            (row["doc_id"], number)), row["doc_id"])
        indexed = _indexed_by("idx_refs_doc_id_target_number")
        out["refs_in"] = self.with_titles(c.rows(
            f"select distinct src_number as number, 1 as resolved from refs{indexed} "
            "where doc_id = ? and target_number = ? and src_number != '' and src_number != ?",
            (row["doc_id"], number, number)), row["doc_id"])
        out["other"] = self.present(other, examples) if other else None
        if other:
            out["other"]["children"] = [self.present(r, examples) for r in other_children]
        out["ocr"] = (c.one("select raw, marked_text from ocr_original where id = ?", (row["id"],))
                      if _has_table(_key(), "ocr_original") else None)
        try:
            from ..corpus.lookup import VersionHistory
            out["history"] = VersionHistory(c).history(number, version, lang)
        except ImportError:
            out["history"] = []
        return out

    def children(self, row: dict) -> list[dict]:
        """``Corpus.children`` with the index named: without ANALYZE statistics SQLite picks
        the document-order index and scans the whole document."""
        number, level, doc_id = row["number"], row["level"], row["doc_id"]
        by_parent = _indexed_by("idx_rules_doc_id_parent")
        if level == "chapter":
            return self.c.rows(f"select * from rules{by_parent} where doc_id = ? and level = 'section' "
                               "and parent = ? order by sort", (doc_id, number))
        if level == "section":
            by_number = _indexed_by("idx_rules_doc_id_number")
            return self.c.rows(f"select * from rules{by_number} where doc_id = ? and number >= ? and number < ? "
                               "and (level = 'rule' or level = 'subrule') and number like ? order by sort",
                               (doc_id, number + ".", number + "/", number + ".%"))
        if level == "rule":
            return self.c.rows(f"select * from rules{by_parent} where doc_id = ? and parent = ? order by sort",
                               (doc_id, number))
        return []

    def examples(self, rows: list[dict], version: str) -> dict[tuple[str, str], list[str]]:
        """(doc_id, number) -> example texts, for these rules and, for a missing translation,
        the English rule whose text it shows: one query per document."""
        wanted: dict[str, set[str]] = {}
        en = self.c.doc_id(version, "en")
        for r in rows:
            wanted.setdefault(r["doc_id"], set()).add(r["number"])
            if r["missing_translation"]:
                wanted.setdefault(en, set()).add(r["number"])
        out: dict[tuple[str, str], list[str]] = {}
        for doc_id, numbers in wanted.items():
            numbers = sorted(numbers)
            for start in range(0, len(numbers), 500):
                chunk = numbers[start:start + 500]
                marks = ",".join("?" * len(chunk))
                for e in self.c.rows(f"select rule_number, text from examples where doc_id = ? and rule_number in "
                                     f"({marks}) order by position", [doc_id, *chunk]):
                    out.setdefault((doc_id, e["rule_number"]), []).append(e["text"])
        return out

    def present(self, row: dict, examples: dict) -> dict:
        """``Corpus.present`` with the examples already read."""
        out = {k: row[k] for k in ("number", "version", "lang", "level", "parent", "title", "text")}
        out["doc_id"] = row["doc_id"]
        out["missing_translation"] = bool(row["missing_translation"])
        source = self.c.doc_id(row["version"], "en") if out["missing_translation"] else row["doc_id"]
        out["examples"] = list(examples.get((source, row["number"]), []))
        return out

    def breadcrumbs(self, row: dict) -> list[dict]:
        crumbs, parent = [], row["parent"]
        while parent:
            p = self.row(row["doc_id"], parent)
            if not p:
                break
            crumbs.insert(0, {"number": p["number"], "title": p["title"], "level": p["level"]})
            parent = p["parent"]
        return crumbs

    def with_titles(self, refs: list[dict], doc_id: str) -> list[dict]:
        from ..corpus.numbering import sort_key

        targets = {}
        ids = [f"{doc_id}:{ref['number']}" for ref in refs]
        for start in range(0, len(ids), 500):
            chunk = ids[start:start + 500]
            marks = ",".join("?" * len(chunk))
            for t in self.c.rows(f"select number, title, text from rules where id in ({marks})", chunk):
                targets[t["number"]] = t
        for ref in refs:
            target = targets.get(ref["number"])
            ref["resolved"] = bool(target)
            ref["title"] = (target or {}).get("title") or ""
            ref["text"] = ((target or {}).get("text") or "")[:300]
        return sorted(refs, key=lambda r: sort_key(r["number"]))


@lru_cache(maxsize=64)
def _has_table(key: int, name: str) -> bool:
    return corpus().table_exists(name)


def _indexed_by(name: str) -> str:
    """`` indexed by NAME`` when the build made that index, else nothing."""
    return f" indexed by {name}" if _has_index(_key(), name) else ""


@lru_cache(maxsize=64)
def _has_index(key: int, name: str) -> bool:
    return bool(corpus().one("select name from sqlite_master where type = 'index' and name = ?", (name,)))


@lru_cache(maxsize=64)
def _level_order(key: int, doc_id: str, level: str) -> tuple[list[str], dict[str, int]]:
    from ..corpus.numbering import sort_key

    numbers = sorted((r["number"] for r in corpus().rows(
        "select number from rules where doc_id = ? and level = ?", (doc_id, level))), key=sort_key)
    return numbers, {n: i for i, n in enumerate(numbers)}


def neighbours(key: int, doc_id: str, level: str, number: str) -> tuple[str | None, str | None]:
    numbers, index = _level_order(key, doc_id, level)
    i = index.get(number)
    if i is None:
        return None, None
    return (numbers[i - 1] if i > 0 else None, numbers[i + 1] if i + 1 < len(numbers) else None)


def ocr_marked(version: str, lang: str, numbers: list[str]) -> dict[str, dict]:
    """number -> {"raw", "marked_text"} for an OCR-decoded document (empty otherwise)."""
    c = corpus()
    if not numbers or not c.table_exists("ocr_original"):
        return {}
    doc_id = c.doc_id(version, lang)
    out: dict[str, dict] = {}
    ids = [f"{doc_id}:{n}" for n in numbers]
    for start in range(0, len(ids), 500):
        chunk = ids[start:start + 500]
        marks = ",".join("?" * len(chunk))
        for row in c.rows(f"select number, raw, marked_text from ocr_original where id in ({marks})", chunk):
            out[row["number"]] = row
    return out


@lru_cache(maxsize=64)
def _toc(key: int, version: str, lang: str) -> list[dict]:
    return corpus().toc(version, lang)


def toc(version: str, lang: str) -> list[dict]:
    return _toc(_key(), version, lang)


def glossary_both(version: str) -> list[dict]:
    return _glossary_both(_key(), version)


@lru_cache(maxsize=8)
def _glossary_both(key: int, version: str) -> list[dict]:
    """The Russian glossary with the English definition of the same headword beside it."""
    c = corpus()
    ru = c.glossary_all(version, "ru")
    en = c.glossary_all(version, "en")
    by_term = {e["term_en"].strip().lower(): e for e in en}
    out = []
    for entry in ru:
        item = dict(entry)
        match = by_term.pop(entry["term_en"].strip().lower(), None)
        item["en"] = match
        out.append(item)
    for rest in by_term.values():  # English headwords the translation lacks
        out.append({"term_en": rest["term_en"], "term_ru": "", "definition": "", "refs": rest["refs"],
                    "version": version, "lang": "en", "position": 100000 + rest["position"], "en": rest})
    out.sort(key=lambda e: (e["term_en"] or e["term_ru"]).lower())
    return out


def faq_doc() -> dict | None:
    for d in corpus().versions():
        if d["kind"] == "faq":
            return d
    return None


def rulebook_doc() -> dict | None:
    for d in corpus().versions():
        if d["kind"] == "rulebook":
            return d
    return None


def _json_list(value) -> list:
    if isinstance(value, list):
        return value
    try:
        data = json.loads(value or "[]")
    except (TypeError, ValueError):
        return []
    return data if isinstance(data, list) else []


def cards() -> list[dict]:
    return _cards(_key())


@lru_cache(maxsize=4)
def _cards(key: int) -> list[dict]:
    c = corpus()
    out = c.cards()
    counts = {}
    if c.table_exists("rulings"):
        counts = {r["card_id"]: r["n"] for r in c.rows(
            "select card_id, count(*) as n from rulings where card_id is not null group by card_id")}
    for card in out:
        card["cited"] = _json_list(card.get("cited"))
        card["n_rulings"] = counts.get(card["id"], 0)
    return out


def card_by_position(position: int) -> dict | None:
    c = corpus()
    if not c.table_exists("cards"):
        return None
    row = c.one("select id from cards where position = ?", (position,))
    if not row:
        return None
    card = c.card(row["id"])
    card["cited"] = _json_list(card.get("cited"))
    for r in card["rulings"]:
        r["cited"] = _json_list(r.get("cited"))
    return card


def general_rulings() -> list[dict]:
    """The FAQ's general notes and the rulings that belong to no card, grouped by topic."""
    c = corpus()
    items = []
    if c.table_exists("notes"):
        for n in c.rows("select * from notes order by position"):
            items.append({"kind": "note", "position": n["position"], "topic": n["topic"] or "",
                          "text": n["text"], "number": n.get("number") or "", "id": n["id"]})
    if c.table_exists("rulings"):
        for r in c.rows("select * from rulings where card_id is null order by position"):
            refs = [x["target_number"] for x in c.rows(
                "select distinct target_number from refs where src_id = ?", (r["id"],))]
            items.append({"kind": "ruling", "position": r["position"], "topic": r["topic"] or "",
                          "text": r["text"], "refs": refs, "id": r["id"]})
    items.sort(key=lambda i: (i.get("line", 0), i["position"]))
    groups: list[dict] = []
    for item in items:
        if not groups or groups[-1]["topic"] != item["topic"]:
            groups.append({"topic": item["topic"], "items": []})
        groups[-1]["items"].append(item)
    return groups


def ruling_card_position(position: int) -> int | None:
    c = corpus()
    if not c.table_exists("rulings"):
        return None
    row = c.one("select c.position as pos from rulings r join cards c on c.id = r.card_id "
                "where r.position = ?", (position,))
    return row["pos"] if row else None


def topics() -> list[dict]:
    out = corpus().topics()
    for t in out:
        t["examples"] = _json_list(t.get("examples"))
    return out


_TAIL = re.compile(r":[a-z]*(\d+)$")


def tail_number(hit_id: str) -> int | None:
    m = _TAIL.search(hit_id or "")
    return int(m.group(1)) if m else None


def hit_url(hit: dict) -> str:
    """Where a search hit opens on the site."""
    from flask import url_for

    kind = hit.get("kind")
    version = hit.get("version")
    if kind in ("rule", "example") and hit.get("number"):
        args = {"number": hit["number"], "version": version}
        if hit.get("lang") == "en":
            args["show"] = "en"
        return url_for("reference.rule", **args)
    pos = tail_number(hit.get("id", ""))
    if kind == "glossary":
        term = (hit.get("title") or "").split(" / ")[0].strip()
        return url_for("reference.glossary", version=version, q=term or None)
    if kind == "card" and pos is not None:
        return url_for("reference.faq_card", position=pos)
    if kind == "ruling" and pos is not None:
        return url_for("reference.faq_ruling", position=pos)
    if kind == "rulebook" and pos is not None:
        return url_for("reference.rulebook", _anchor=f"t{pos}")
    return url_for("reference.home")


def search(q, version, lang, kind, limit) -> dict:
    """``services.search`` with its answers kept (the index is read-only): a deep copy each
    time, so callers may decorate the hits."""
    import copy

    return copy.deepcopy(_search(_key(), q, version, lang, kind, str(limit)))


@lru_cache(maxsize=4096)
def _search(key: int, q, version, lang, kind, limit) -> dict:
    return services.search(q, version, lang, kind, limit)
