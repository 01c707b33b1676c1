"""Fixtures for the page tests: the Flask app over the session's corpus build."""
from __future__ import annotations

import pytest


@pytest.fixture(scope="session")
def app(corpus):
    from judge_app.web import create_app

    return create_app()


@pytest.fixture()
def client(app):
    return app.test_client()


@pytest.fixture(scope="session")
def sample(corpus):
    """Numbers to test with, read from the built corpus rather than guessed."""
    version = corpus.default_version()
    ref = corpus.one(
        "select src_number, target_number from refs where doc_id = ? and src_kind = 'rule' "
        "and resolved = 1 and src_number != target_number and src_number like '%.%' limit 1",
        (corpus.doc_id(version, "ru"),))
    marked = None
    if corpus.table_exists("ocr_original"):
        marked = corpus.one("select doc_id, number from ocr_original where marked_text like '%⟦%' limit 1")
    return {"version": version, "ref": ref, "marked": marked}
