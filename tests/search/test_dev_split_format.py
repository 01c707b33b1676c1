"""Sessions 12 and 13's dev splits (bench/judge_queries_dev12.tsv, …_dev14.tsv, the English-heavy
…_dev16.tsv; issue 23): their format, the sizes the briefs asked for, that every ``search_bench.py``
run scores each under its own key beside dev9 and dev10 (and never as a never-tuned split), and
that every expected rule number exists in the CR 2020-01-24 text (parsed by the corpus's own
parser). No search is run and no score is computed here."""
from __future__ import annotations

import inspect
from collections import Counter

import pytest

from tests.search.split_files import cr_2020_numbers, split_path, split_rows

SPLITS = {key: split_path(key) for key in ("dev12", "dev14", "dev16")}
SESSION = {"dev12": 12, "dev14": 13, "dev16": 13}
# the least rows of each kind the brief asked for (dev12 and dev14: interactions weigh most;
# dev16: English queries)
SIZES = {"dev12": {"question": 70, "interaction": 100}, "dev14": {"question": 70, "interaction": 100},
         "dev16": {"en": 80, "question": 60, "interaction": 40}}
by_split = pytest.mark.parametrize("key", sorted(SPLITS))


def _rows(key: str) -> list[list[str]]:
    return split_rows(SPLITS[key])


@by_split
def test_rows_have_the_format_and_the_sizes_of_the_brief(key):
    rows = _rows(key)
    assert all(len(r) == 4 for r in rows), [r for r in rows if len(r) != 4][:3]
    assert {r[3] for r in rows} == {key}
    kinds = Counter(r[0] for r in rows)
    assert set(kinds) == {"question", "interaction", "slang", "en"}
    assert len(rows) >= 180 and all(kinds[k] >= n for k, n in SIZES[key].items()), kinds
    queries = [r[1].strip().casefold() for r in rows]
    assert len(set(queries)) == len(queries), [q for q, n in Counter(queries).items() if n > 1]
    assert all(1 <= len(r[2].split()) <= 3 for r in rows)


@by_split
def test_the_header_says_it_may_be_tuned_on(key):
    header = "".join(l for l in SPLITS[key].read_text(encoding="utf-8").splitlines(True) if l.startswith("#"))
    assert f"DEV SPLIT of session {SESSION[key]}" in header and "MAY be" in header


@by_split
def test_every_expected_number_exists_in_the_2020_rules(key):
    known = cr_2020_numbers()
    assert "704.5j" in known and "613.3b" in known  # the parser's numbering, checked once
    missing = [(r[1], n) for r in _rows(key) for n in r[2].split() if n not in known]
    assert not missing, missing


@by_split
def test_search_bench_scores_it_on_every_run_as_a_dev_split(key):
    from bench import search_bench

    assert SPLITS[key] in inspect.signature(search_bench.run).parameters["dev_paths"].default
    assert SPLITS[key] not in search_bench.UNSEEN_SPLITS
    assert search_bench._split_key(SPLITS[key], "dev") == key
    assert len(search_bench.judge_queries(SPLITS[key])) == len(_rows(key))
