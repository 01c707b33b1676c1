"""Stale glossary references: a translated glossary entry that cites a number its own
document has moved away from is linked by its English twin's number instead.

The 2020 Russian glossary was carried over from 2019: «Draw / Взять, Ничья» still says
«Смотрите правило 120», but in 2020 rule 120 is «Повреждения» and drawing is 121; the English
entry of the same release cites 121. Search follows the glossary (the bridge of headwords
into the rules it points to), so the stale number sent «ничья» to 120.

An entry is repaired when it has an English twin in the same release (same English headword)
whose numbers differ, every twin number exists in the entry's own document, and the entry's
own differing number is not among the twin's. The definition text is left as printed; only
the ``refs`` the app follows change, and the build reports each repair.
"""
from __future__ import annotations

import json

import sqlite_utils


def repair_stale_glossary_refs(db: sqlite_utils.Database) -> list[str]:
    """Repair the ``refs`` of stale glossary entries in place; one report line per repair."""
    if not db["glossary"].exists():
        return []
    numbers: dict[str, set[str]] = {}
    for r in db.query("select doc_id, number from rules"):
        numbers.setdefault(r["doc_id"], set()).add(r["number"])
    twins: dict[tuple[str, str], list[str]] = {}
    for g in db.query("select version, term_en, refs from glossary where lang = 'en'"):
        twins.setdefault((g["version"], (g["term_en"] or "").strip().lower()), json.loads(g["refs"] or "[]"))
    out = []
    for g in list(db.query("select id, doc_id, version, term_en, term_ru, refs from glossary where lang != 'en'")):
        own = json.loads(g["refs"] or "[]")
        twin = twins.get((g["version"], (g["term_en"] or "").strip().lower()))
        if not own or not twin or set(own) == set(twin):
            continue
        stale = [n for n in own if n not in twin]
        if not stale or not all(n in numbers.get(g["doc_id"], ()) for n in twin):
            continue
        db["glossary"].update(g["id"], {"refs": json.dumps(twin)})
        out.append(f"{g['doc_id']}: «{g['term_en']} / {g['term_ru']}» ссылался на "
                   f"{', '.join(stale)}, связан по английской статье: {', '.join(twin)}")
    return out
