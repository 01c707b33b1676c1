"""The reviewed tab-separated data files of the search (situations, related words): one reader,
so that each names a bad line the same way."""
from __future__ import annotations

import csv
from pathlib import Path


def read_rows(path: str | Path, header: list[str]) -> list[tuple[int, list[str]]]:
    """(line number, row) for each data row of ``path``: ``#`` lines and blank lines are skipped,
    the first row must be ``header``, and every row must have that many non-empty columns
    (``ValueError`` naming the file and the line otherwise)."""
    with open(path, encoding="utf-8", newline="") as f:
        lines = [(n, ln) for n, ln in enumerate(f, 1) if ln.strip() and not ln.startswith("#")]
    rows = list(csv.reader((ln for _, ln in lines), delimiter="\t", quoting=csv.QUOTE_NONE))
    if not rows or rows[0][:len(header)] != header:
        raise ValueError(f"{path}: the header must be {', '.join(header)}; got {rows[:1]}")
    out = []
    for (n, _), row in zip(lines[1:], rows[1:]):
        if len(row) != len(header) or not all(x.strip() for x in row):
            raise ValueError(f"{path}: line {n} needs {_count(len(header))} non-empty columns: {row}")
        out.append((n, row))
    return out


def _count(n: int) -> str:
    return {2: "two", 3: "three", 4: "four"}.get(n, str(n))
