"""Shared fixtures: one real corpus build per test session.

The tests use the real sources, a real SQLite file and a real Whoosh index, built
into ``.test-instance/`` (ignored by git). The build is skipped when that folder is
already up to date with the sources and parsers, exactly as for a user.
"""
from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
os.environ["JUDGE_INSTANCE"] = str(ROOT / ".test-instance")
os.environ.pop("JUDGE_DB", None)


@pytest.fixture(scope="session")
def corpus():
    """The built corpus (built on first use), read through the same service the app uses."""
    from judge_app import services

    return services.corpus(progress=False)


@pytest.fixture(scope="session")
def judge_env():
    """Environment for running the real ``judge`` command in a subprocess."""
    env = dict(os.environ)
    env["JUDGE_INSTANCE"] = str(ROOT / ".test-instance")
    return env
