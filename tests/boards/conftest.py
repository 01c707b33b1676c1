"""Fixtures for the board builder: the real app over the session's corpus, and a fresh
user-data file per test (``JUDGE_USERS_DB``) so saved boards never leak between tests."""
from __future__ import annotations

import pytest


@pytest.fixture(scope="session")
def app(corpus):
    from judge_app.web import create_app

    return create_app({"BOARDS_RATE": 100_000})


@pytest.fixture()
def users_db(tmp_path, monkeypatch):
    path = tmp_path / "users.db"
    monkeypatch.setenv("JUDGE_USERS_DB", str(path))
    return path


@pytest.fixture()
def client(app, users_db):
    return app.test_client()
