"""Fixtures for the training tests: the real question bank, a fresh users.db per test."""
from __future__ import annotations

import pytest


@pytest.fixture(scope="session")
def bank(corpus):
    """The question bank of the real scenario library (rule labels from the real corpus)."""
    from judge_app.training import questions

    return questions.bank()


@pytest.fixture()
def users_db(tmp_path, monkeypatch):
    """A fresh user-data file of its own for each test."""
    path = tmp_path / "users.db"
    monkeypatch.setenv("JUDGE_USERS_DB", str(path))
    return path
