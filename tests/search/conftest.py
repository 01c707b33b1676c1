"""Fixtures of the search tests on the real corpus: the index, the corpus DB, and the rank of
an expected rule among the hits."""
from __future__ import annotations

import sqlite3

import pytest

from judge_app import paths


@pytest.fixture(scope="module")
def ix(corpus):
    return paths.index_dir()


@pytest.fixture(scope="module")
def db(corpus):
    con = sqlite3.connect(paths.db_path())
    yield con
    con.close()


def _rule_rank(hits, expected: str, top: int = 5):
    """Rank of the first rule hit that is one of ``expected`` (space-separated numbers) or
    inside one, among the first ``top``; None if there is none."""
    for i, h in enumerate(hits[:top]):
        n = h["number"]
        if h["kind"] == "rule" and any(n == e or n.startswith(e + ".") or
                                       (n.startswith(e) and n[len(e):].isalpha())
                                       for e in expected.split()):
            return i
    return None


@pytest.fixture(scope="session")
def rule_rank():
    return _rule_rank
