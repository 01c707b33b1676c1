"""Rule numbers as they stand at the start of a line in the English CR of a version.

A stop-gap until the corpus database exists: the lead will switch these checks to it."""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

SOURCES = Path(__file__).resolve().parents[2] / "rules_corpus" / "sources" / "en"
_RULE = re.compile(r"^(\d{3}\.\d+[a-z]?)\.? (.*)$")


@lru_cache(maxsize=None)
def rules(version: str) -> dict:
    text = (SOURCES / f"cr-en-{version}.txt").read_text(encoding="utf-8-sig")
    out: dict = {}
    for line in re.split(r"\r\n|\r|\n", text):
        m = _RULE.match(line)
        if m and m.group(1) not in out:
            out[m.group(1)] = m.group(2)
    return out


def exists(number: str, version: str) -> bool:
    return number in rules(version)
