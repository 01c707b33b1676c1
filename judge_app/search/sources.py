"""The search documents beyond the corpus store's: the scenario library as a result kind, and
the judges' language that cites rules (the bridge, issue 23).

Why: a judge asks in the words of the table («две легенды», «трампл с дезтачем»), not the
rules' words. The project already holds thousands of sentences in that language, each tied
to the rules it is about; ``build_index`` copies their words into the ``cited`` field of the
rules they cite (``index.py``), so a question reaches the rule through them:

* every FAQ M2011 ruling the reviewed classification links to 2020 rules (``ruling_rules``):
  its text and card name;
* every library scenario: its title, summary and card names, under the rules its ``source``,
  ``fired`` and ``explains`` cite (in its ``rules_version``); the scenario itself is also a
  search document of kind ``scenario`` (number = its id) that the results show as «Сценарии»;
* the glossary's own definitions are added by ``index.py`` from the glossary records.

The questions judges ask about each rule (``rule_questions.py``) come along as ``asked``
documents: not indexed, not in the ``cited`` field (their table words, «трампл», would make
slang look like indexed words, ``query.known``), read by the question bank (``asked.py``).

A ``cite`` document is not indexed: it only carries ``text`` to the rules in ``refs`` of
``ref_version``. Scenario files are read with the C YAML loader, not the scenario loader: the
build needs their words, not a checked game (619 files in about 2 s).
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from pathlib import Path

import yaml

from judge_app.search import rule_questions

SCENARIO_DIR = Path(__file__).resolve().parents[2] / "scenarios"
_NUM = re.compile(r"\b\d{3}\.\d+[a-z]?\b")
_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _cards_of(data: dict) -> list[str]:
    """The card names a scenario puts on the board, in hands, graveyards, libraries and the stack."""
    names: list[str] = []

    def add(x):
        if isinstance(x, str):
            names.append(x)
        elif isinstance(x, dict) and isinstance(x.get("card"), str):
            names.append(x["card"])

    for p in data.get("players") or []:
        if not isinstance(p, dict):
            continue
        for zone in ("battlefield", "hand", "graveyard", "library", "exile"):
            items = p.get(zone)
            for x in items if isinstance(items, list) else []:   # «library: 40» is a count
                add(x)
    stack = data.get("stack")
    for x in stack if isinstance(stack, list) else []:
        add(x)
    return list(dict.fromkeys(names))


def _cited(data: dict) -> list[str]:
    """Rule numbers a scenario cites, most specific first: its ``source`` line and summary,
    ``explains``, then ``fired`` expectations."""
    nums = _NUM.findall(str(data.get("source") or "")) + _NUM.findall(str(data.get("summary") or ""))
    expect = [e for e in data.get("expect") or [] if isinstance(e, dict)]
    for e in expect:  # what a scenario explains is what it is about; what fired, the game around it
        if isinstance(e.get("explains"), dict):
            for v in e["explains"].values():
                nums += [str(n) for n in (v or [])]
    for e in expect:
        if isinstance(e.get("fired"), list):
            nums += [str(n) for n in e["fired"]]
    return list(dict.fromkeys(n for n in nums if _NUM.fullmatch(n)))


def scenario_documents(directory: Path = SCENARIO_DIR) -> Iterator[dict]:
    """One ``scenario`` search document per library file (a file that does not read as a
    mapping with an id is skipped: the scenario tests report it). ``cards`` holds the keys
    (``cardnames.card_key``) of the pool cards it names, however the file spells them."""
    from judge_app.cards.model import default_pool
    from judge_app.engine.kernel.citations import default_version
    from judge_app.search.cardnames import card_key

    pool, numbered_in = default_pool(), default_version()  # as the scenario loader reads it
    for path in sorted(Path(directory).rglob("*.yaml")):
        try:
            data = yaml.load(path.read_text(encoding="utf-8"), Loader=_Loader)
        except (yaml.YAMLError, OSError, UnicodeDecodeError):
            continue
        if not isinstance(data, dict) or not isinstance(data.get("id"), str):
            continue
        cards = _cards_of(data)
        tags = data.get("tags") if isinstance(data.get("tags"), list) else []
        keys = [card_key(c.name_en) for c in (pool.get(n) for n in cards) if c is not None]
        summary = " ".join(str(data.get("summary") or "").split())
        yield {"id": f"scenario:{data['id']}", "kind": "scenario", "doc_id": "scenarios",
               "version": "", "lang": "ru", "number": data["id"],
               "title": str(data.get("title") or data["id"]),
               "text": summary + ("\nКарты: " + ", ".join(cards) if cards else "")
                       + ("\nТеги: " + ", ".join(map(str, tags)) if tags else ""),
               "cards": " ".join(dict.fromkeys(keys)),
               "refs": " ".join(_cited(data)), "ref_version": str(data.get("rules_version") or numbered_in),
               "is_title_rule": False}


def ruling_citations(db) -> Iterator[dict]:
    """One ``cite`` document per FAQ ruling linked to rules (``ruling_rules``)."""
    if not (db["ruling_rules"].exists() and db["rulings"].exists()):
        return
    rows = db.query("select r.id, r.text, rl.card, group_concat(rr.number, ' ') as nums, rr.version "
                    "from ruling_rules rr join rulings r on r.id = rr.ruling_id "
                    "left join ruling_links rl on rl.ruling_id = rr.ruling_id "
                    "group by r.id, rr.version")
    for r in rows:
        yield {"id": f"cite:{r['id']}:{r['version']}", "kind": "cite", "version": "", "lang": "ru",
               "number": "", "title": r["card"] or "", "text": r["text"] or "",
               "refs": r["nums"] or "", "ref_version": r["version"] or "", "is_title_rule": False}


def extra_documents(db, scenarios: Path | None = SCENARIO_DIR) -> Iterable[dict]:
    """The judges' questions about each rule, ruling citations and scenario documents, to chain
    after ``store.iter_search_documents``."""
    yield from rule_questions.citation_documents()
    yield from ruling_citations(db)
    if scenarios is not None:
        yield from scenario_documents(scenarios)


def successors(db, to_version: str) -> dict[tuple[str, str], str]:
    """(release, number) -> the number of the same rule in ``to_version``, following the English
    comparisons of consecutive releases the build stored (renumbering at each step)."""
    if not db["rule_changes"].exists():
        return {}
    steps: dict[str, dict[str, str]] = {}
    order: dict[str, str] = {}
    for r in db.query("select old_version, new_version, old_number, new_number from rule_changes "
                      "where lang = 'en' and old_number is not null and new_number is not null"):
        steps.setdefault(r["old_version"], {})[r["old_number"]] = r["new_number"]
        order[r["old_version"]] = r["new_version"]
    out: dict[tuple[str, str], str] = {}
    for start, numbers in steps.items():
        for number in numbers:
            v, n = start, number
            while v != to_version and n is not None and v in steps:
                n, v = steps[v].get(n), order[v]
            if n is not None and v == to_version:
                out[(start, number)] = n
    return out


def projected(docs: Iterable[dict], moved: dict[tuple[str, str], str], to_version: str) -> Iterator[dict]:
    """The citing texts (FAQ rulings, scenarios) and the written questions once more, their rule
    numbers carried into ``to_version``: the judges' words written against the 2020 rules reach
    the same rules in the newest release too. ``cite`` and ``asked`` documents: they lend words
    (``asked``: to the question bank, ``asked.py``), they are never results."""
    for d in docs:
        if d.get("kind") not in ("cite", "scenario", "asked") or d.get("ref_version") in ("", to_version):
            continue
        refs = _carried(d, moved)
        if refs:
            kind = "asked" if d["kind"] == "asked" else "cite"
            yield {**d, "id": f"{kind}-{to_version}:{d['id']}", "kind": kind, "version": "",
                   "number": "", "refs": " ".join(refs), "ref_version": to_version, "is_title_rule": False}


def search_documents(db, scenarios: Path | None = SCENARIO_DIR) -> Iterator[dict]:
    """Every document the search index is built from (the build and the benchmark use this)."""
    from judge_app.corpus.catalogue import DEFAULT_VERSION
    from judge_app.corpus.store import iter_search_documents

    yield from iter_search_documents(db)
    extra = list(extra_documents(db, scenarios))
    moved = successors(db, DEFAULT_VERSION)
    yield from (with_moved_refs(d, moved, DEFAULT_VERSION) for d in extra)
    yield from projected(extra, moved, DEFAULT_VERSION)


def _carried(d: dict, moved: dict[tuple[str, str], str]) -> list[str]:
    """A citing document's rule numbers carried into the release ``moved`` maps to."""
    return list(dict.fromkeys(moved[(d["ref_version"], n)] for n in (d.get("refs") or "").split()
                              if (d["ref_version"], n) in moved))


def with_moved_refs(d: dict, moved: dict[tuple[str, str], str], to_version: str) -> dict:
    """A scenario document with ``moved_refs`` = «``to_version`` n n …», the rules it cites
    numbered in that release: a query naming its cards searched in the newest release borrows
    those (``card_query._cited_numbers``), as it borrows ``refs`` in the scenario's own."""
    if d.get("kind") != "scenario" or d.get("ref_version") in ("", to_version):
        return d
    refs = _carried(d, moved)
    return {**d, "moved_refs": " ".join([to_version] + refs)} if refs else d
