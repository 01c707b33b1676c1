"""Where the corpus tests find the sources and the gold lists (copied from ../shared/gold)."""
from __future__ import annotations

import csv
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SOURCES = ROOT / "rules_corpus" / "sources"
GOLD = ROOT / "tests" / "data" / "gold"


def read_tsv(name: str) -> list[dict]:
    with (GOLD / name).open(encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f, delimiter="\t"))
