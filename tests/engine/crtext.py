"""Rule numbers and texts of a CR version, read from the built corpus database.

The engine's citations are checked against the same SQLite corpus the app serves, so a
number the engine cites is one a judge can open. The English text of each release is
complete, so it is the reference for existence; the Russian rows include rules the
translation lacks (flagged, with the English text).
"""

from __future__ import annotations

from functools import lru_cache


@lru_cache(maxsize=None)
def rules(version: str) -> dict:
    from judge_app import services

    corpus = services.corpus(progress=False)
    return {r["number"]: r["text"] or r["title"] for r in corpus.rows(
        "select number, title, text from rules where version = ? and lang = 'en'", (version,))}


@lru_cache(maxsize=None)
def russian_numbers(version: str) -> frozenset:
    from judge_app import services

    corpus = services.corpus(progress=False)
    return frozenset(r["number"] for r in corpus.rows(
        "select number from rules where version = ? and lang = 'ru'", (version,)))


def exists(number: str, version: str) -> bool:
    return number in rules(version) and number in russian_numbers(version)
