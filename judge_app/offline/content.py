"""What the offline pages show, read from the built corpus into plain JSON-ready dicts.

One function per kind of page: the rules of one release in both languages, the glossary,
the M2011 FAQ (cards, their rulings, the general notes), the 1998 rulebook and the scenario
library's events. Keys are short because every phone downloads these files; each function
says what its keys mean. The web pages read the same corpus through ``web.queries``: these
are the same rows, only without the server.
"""
from __future__ import annotations

from ..corpus.lookup import Corpus
from ..corpus.numbering import sort_key
from ..web.queries import _json_list  # the corpus's JSON list columns, read as the pages read them


def rules(corpus: Corpus, version: str) -> dict:
    """Every rule of ``version`` in document order: ``n`` number, ``l`` level (c/s/r/u for
    chapter/section/rule/subrule), ``p`` parent, and per language (``ru``, ``en``) ``t`` title,
    ``x`` text, ``e`` examples, ``m`` 1 when the Russian is missing (the English stands in),
    and for a release translated by carrying the 2020 Russian forward (``corpus.carry``) ``c``:
    ``s`` status (unchanged/changed/new), ``n`` the 2020 number, ``r`` renames, and for a
    changed rule ``t``/``x`` the 2020 translation and ``d`` the English word diff — what the
    online rule page shows (templates/rule.html)."""
    examples: dict[tuple[str, str], list[str]] = {}
    for e in corpus.rows("select rule_number, lang, text from examples where version = ? order by id", (version,)):
        examples.setdefault((e["rule_number"], e["lang"]), []).append(e["text"])
    by_number: dict[str, dict] = {}
    for r in corpus.rows("select * from rules where version = ?", (version,)):
        item = by_number.setdefault(r["number"], {"n": r["number"], "l": r["level"][0] if r["level"] != "subrule" else "u",
                                                  "p": r["parent"] or ""})
        cell = {"t": r["title"] or "", "x": r["text"] or ""}
        ex = examples.get((r["number"], r["lang"]))
        if ex:
            cell["e"] = ex
        if r["missing_translation"]:
            cell["m"] = 1
        carry = _carry(corpus, r)
        if carry:
            cell["c"] = carry
        item[r["lang"]] = cell
    ordered = sorted(by_number.values(), key=lambda r: sort_key(r["n"]))
    return {"version": version, "rules": ordered}


def _carry(corpus: Corpus, row: dict) -> dict | None:
    c = corpus.present(row, with_examples=False).get("carry")  # as the online page reads it
    if not c:
        return None
    out = {"s": c["status"], "n": c["number"]}
    if c["renames"]:
        out["r"] = c["renames"]
    if c["status"] == "changed":
        out.update(t=c["title"], x=c["text"], d=c["diff"])
    return out


def glossary(corpus: Corpus, version: str) -> list[dict]:
    """The glossary of ``version``: ``ru``/``en`` headword, ``dr``/``de`` definitions, ``r`` rules."""
    ru = corpus.glossary_all(version, "ru")
    en = {e["term_en"].strip().lower(): e for e in corpus.glossary_all(version, "en")}
    out = []
    for g in ru:
        match = en.pop((g["term_en"] or "").strip().lower(), None)
        out.append({"ru": g["term_ru"] or "", "en": g["term_en"] or "", "dr": g["definition"] or "",
                    "de": (match or {}).get("definition") or "", "r": _json_list(g.get("refs"))})
    for g in en.values():
        out.append({"ru": "", "en": g["term_en"], "dr": "", "de": g["definition"] or "", "r": _json_list(g.get("refs"))})
    out.sort(key=lambda e: (e["en"] or e["ru"]).lower())
    return out


def faq(corpus: Corpus) -> dict:
    """The M2011 FAQ: ``title``; ``cards`` (``pos``, ``name``, ``en`` English name, ``cost``,
    ``type``, ``pt``, ``text``, ``rulings``: ``pos``, ``text``); ``general``: topic groups of
    notes and rulings that belong to no card (``topic``, ``items``: ``pos``, ``text``)."""
    doc = next((d for d in corpus.versions() if d["kind"] == "faq"), None)
    out = {"title": (doc or {}).get("title", ""), "cards": [], "general": []}
    if not corpus.table_exists("cards"):
        return out
    rulings: dict[str, list] = {}
    for r in corpus.rows("select card_id, position, text from rulings where card_id is not null order by position"):
        rulings.setdefault(r["card_id"], []).append({"pos": r["position"], "text": r["text"]})
    for c in corpus.rows("select * from cards order by position"):
        out["cards"].append({"pos": c["position"], "name": c["name"], "en": c.get("name_en") or "",
                             "cost": c.get("mana_cost") or "", "type": c.get("type_line") or "",
                             "pt": c.get("pt") or c.get("loyalty") or "", "text": c.get("rules_text") or "",
                             "rulings": rulings.get(c["id"], [])})
    items = []
    if corpus.table_exists("notes"):
        items += [{"pos": n["position"], "topic": n["topic"] or "", "text": n["text"]}
                  for n in corpus.rows("select position, topic, text from notes")]
    items += [{"pos": r["position"], "topic": r["topic"] or "", "text": r["text"]}
              for r in corpus.rows("select position, topic, text from rulings where card_id is null")]
    items.sort(key=lambda i: i["pos"])
    for item in items:
        if not out["general"] or out["general"][-1]["topic"] != item["topic"]:
            out["general"].append({"topic": item["topic"], "items": []})
        out["general"][-1]["items"].append({"pos": item["pos"], "text": item["text"]})
    return out


def rulebook(corpus: Corpus) -> dict:
    """The 1998 rulebook: ``title`` and ``topics`` (``title``, ``text``, ``examples``)."""
    doc = next((d for d in corpus.versions() if d["kind"] == "rulebook"), None)
    topics = [{"title": t["title"], "text": t["text"] or "", "examples": _json_list(t.get("examples"))}
              for t in corpus.topics()]
    return {"title": (doc or {}).get("title", ""), "topics": topics}


def scenarios() -> tuple[list[dict], dict]:
    """The scenario library as the offline stepper needs it: ``id``, ``title``, ``tags``,
    ``summary`` (Markdown source, shown as text), ``v`` rules version, ``events`` (``ru``,
    ``en``, ``r`` rules cited) and ``error`` when the engine could not play it; and, apart
    (``steps.json``: the library page does not need them), the board at every step
    (``steps.library_steps``)."""
    from ..web import scenario_data
    from . import steps

    out, played = [], []
    for item in scenario_data.library():
        run = scenario_data.run(item)
        played.append((item, len(run.events)))
        out.append({"id": item.id, "title": item.title or item.id, "tags": list(item.tags),
                    "summary": item.summary or "", "v": item.rules_version or "",
                    "events": [{"ru": e.get("text_ru") or "", "en": e.get("text_en") or "",
                                "r": [str(n) for n in e.get("rules") or []]} for e in run.events],
                    "error": run.error or "; ".join(item.issues)})
    return out, steps.library_steps(played)
