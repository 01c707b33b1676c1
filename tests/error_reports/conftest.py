"""Fixtures for the error reports: the real corpus, a fresh users.db per test, the real app."""
from __future__ import annotations

import re

import pytest

from judge_app.corpus import corrections as corr

from error_report_helpers import RULE


@pytest.fixture()
def users_db(tmp_path, monkeypatch):
    path = tmp_path / "users.db"
    monkeypatch.setenv("JUDGE_USERS_DB", str(path))
    return path


@pytest.fixture()
def app(app_own_secret):
    return app_own_secret


@pytest.fixture()
def client(app):
    return app.test_client()


@pytest.fixture(scope="session")
def words(corpus):
    """Two phrases of RULE's 2020 Russian text that occur in it once each, as whole words."""
    text = corpus.rule_row(RULE, "2020-01-24", "ru")["text"]
    once = [w for w in dict.fromkeys(re.findall(r"\w{5,}", text)) if len(corr.find(text, w)) == 1]
    assert len(once) >= 2, text
    return once[:2]


