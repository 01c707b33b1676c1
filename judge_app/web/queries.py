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
    return corpus().rule(number, version, lang)


@lru_cache(maxsize=64)
def _has_table(key: int, name: str) -> bool:
    return corpus().table_exists(name)


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
    """Where a search hit opens on the site (kept per hit: a page shows up to 40 of them, and
    building each URL was a fifth of the search page's own time)."""
    from flask import request

    return _hit_url(request.script_root, hit.get("kind"), hit.get("number"), hit.get("version"),
                    hit.get("lang"), hit.get("id", ""), hit.get("title"))


def builder_url(hit: dict) -> str | None:
    """The board builder opened on a scenario hit's board (``/boards/new?from=<id>``)."""
    if hit.get("kind") != "scenario" or not hit.get("number"):
        return None
    from flask import url_for

    return url_for("boards.new_page", **{"from": hit["number"]})


@lru_cache(maxsize=65536)
def _hit_url(script_root: str, kind, number, version, lang, hit_id, title) -> str:
    from flask import url_for

    if kind in ("rule", "example") and number:
        args = {"number": number, "version": version}
        if lang == "en":
            args["show"] = "en"
        return url_for("reference.rule", **args)
    pos = tail_number(hit_id)
    if kind == "glossary":
        term = (title or "").split(" / ")[0].strip()
        return url_for("reference.glossary", version=version, q=term or None)
    if kind == "card" and pos is not None:
        return url_for("reference.faq_card", position=pos)
    if kind == "ruling" and pos is not None:
        return url_for("reference.faq_ruling", position=pos)
    if kind == "scenario" and number:  # the stepper; the builder link is ``builder_url``
        return url_for("scenarios.scenario", sid=number)
    if kind == "rulebook" and pos is not None:
        return url_for("reference.rulebook", _anchor=f"t{pos}")
    return url_for("reference.home")


def search(q, version, lang, kind, limit) -> dict:
    """``services.search`` with its answers kept (the index is read-only): each hit (and each
    folded hit in its ``more``) a fresh dict, so callers may set keys on them (a deep copy
    cost more than rendering the hits)."""
    result = _search(_key(), q, version, lang, kind, str(limit))
    return {**result, "hits": [_copy_hit(h) for h in result["hits"]]}


def _copy_hit(hit: dict) -> dict:
    copied = dict(hit)
    if "more" in hit:
        copied["more"] = [dict(m) for m in hit["more"]]
    return copied


@lru_cache(maxsize=4096)
def _search(key: int, q, version, lang, kind, limit) -> dict:
    return services.search(q, version, lang, kind, limit)
