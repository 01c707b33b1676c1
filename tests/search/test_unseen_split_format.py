"""The never-tuned splits of sessions 11, 12 and 13 (bench/judge_queries_unseen11.tsv,
bench/judge_queries_unseen12.tsv, session 12's confirming bench/judge_queries_unseen13.tsv and
session 13's three pairs bench/judge_queries_unseen14.tsv to …_unseen19.tsv;
issue 23): their format, the sizes the issue asks for, that ``search_bench.py --unseen`` scores
each under its own key, and that every expected rule number exists in the CR 2020-01-24 text
(parsed by the corpus's own parser). No search is run and no score is computed here: the splits
are never tuned on."""
from __future__ import annotations

from collections import Counter

import pytest

from tests.search.split_files import cr_2020_numbers, split_path, split_rows

SPLITS = {key: split_path(key) for key in ("unseen11", "unseen12", "unseen13", "unseen14", "unseen15",
                                           "unseen16", "unseen17", "unseen18", "unseen19")}
by_split = pytest.mark.parametrize("key", sorted(SPLITS))


def _rows(key: str) -> list[list[str]]:
    return split_rows(SPLITS[key])


@by_split
def test_rows_have_the_format_and_the_sizes_of_the_issue(key):
    rows = _rows(key)
    assert all(len(r) == 4 for r in rows), [r for r in rows if len(r) != 4][:3]
    assert {r[3] for r in rows} == {key}
    kinds = Counter(r[0] for r in rows)
    assert set(kinds) == {"question", "interaction", "slang", "en"}
    assert len(rows) >= 160 and kinds["question"] >= 85 and kinds["interaction"] >= 45
    queries = [r[1].strip().casefold() for r in rows]
    assert len(set(queries)) == len(queries), [q for q, n in Counter(queries).items() if n > 1]
    assert all(1 <= len(r[2].split()) <= 3 for r in rows)


@by_split
def test_every_expected_number_exists_in_the_2020_rules(key):
    known = cr_2020_numbers()
    assert "704.5j" in known and "613.3b" in known  # the parser's numbering, checked once
    missing = [(r[1], n) for r in _rows(key) for n in r[2].split() if n not in known]
    assert not missing, missing


@by_split
def test_search_bench_scores_it_with_unseen_under_its_own_key(key):
    from bench import search_bench

    assert SPLITS[key] in search_bench.UNSEEN_SPLITS
    assert search_bench._split_key(SPLITS[key], "unseen") == key
    assert len(search_bench.judge_queries(SPLITS[key])) == len(_rows(key))
