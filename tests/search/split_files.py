"""The benchmark's query split files (bench/judge_queries_<key>.tsv) as the format tests read them:
their rows, and the rule numbers of the CR 2020-01-24 text every expected number must exist in
(parsed by the corpus's own parser). Shared by test_unseen_split_format.py and
test_dev_split_format.py; no search is run."""
from __future__ import annotations

import csv
from functools import lru_cache
from pathlib import Path

from judge_app.corpus.cr_text import parse_cr

ROOT = Path(__file__).resolve().parents[2]
CR_2020 = ROOT / "rules_corpus" / "sources" / "en" / "cr-en-2020-01-24.txt"


def split_path(key: str) -> Path:
    return ROOT / "bench" / f"judge_queries_{key}.tsv"


def split_rows(path: Path) -> list[list[str]]:
    """The rows under the header (which must be ``kind query expected split``), comments left out."""
    lines = [l for l in path.read_text(encoding="utf-8").splitlines() if l and not l.startswith("#")]
    assert lines[0].split("\t") == ["kind", "query", "expected", "split"]
    return list(csv.reader(lines[1:], delimiter="\t", quoting=csv.QUOTE_NONE))


@lru_cache(maxsize=None)
def cr_2020_numbers() -> frozenset[str]:
    return frozenset(parse_cr(CR_2020.read_text(encoding="utf-8"), "cr-en-2020-01-24", "en").numbers())
