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


@pytest.fixture(scope="module")
def offline_instance(corpus, tmp_path_factory):
    """A copy of the built test instance with its offline pack (issue 28), while JUDGE_INSTANCE
    points at it: the pack, a service worker and a simulated rebuild never touch .test-instance,
    which the other browser tests serve without a worker."""
    import shutil

    from judge_app import paths, services
    from judge_app.offline import pack, steps

    if not pack.node_available():
        pytest.skip("Node and the npm packages are missing: ./setup.sh installs them")
    src = paths.db_path().parent
    dst = tmp_path_factory.mktemp("offline-instance")
    shutil.copy2(src / "judge.db", dst / "judge.db")
    shutil.copytree(src / "judge-index", dst / "judge-index")
    shutil.copy2(src / "judge.db.manifest.json", dst / "judge.db.manifest.json")
    # the scenario boards' cache (offline/steps.py: playing the library at every step takes
    # minutes), shared with .test-instance both ways; it holds no pack, so no worker is served there
    cache = src / "offline" / steps.CACHE_NAME
    if cache.is_dir():
        shutil.copytree(cache, dst / "offline" / steps.CACHE_NAME)
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("JUDGE_INSTANCE", str(dst))
        services.reset()
        meta = services.offline_pack()
        assert meta and meta["search"], "the offline pack was not built"
        shutil.copytree(dst / "offline" / steps.CACHE_NAME, cache, dirs_exist_ok=True)
        yield {"folder": dst, "pack": meta}
    services.reset()


@pytest.fixture()
def app_own_secret(corpus, users_db, tmp_path, monkeypatch):
    """The real app on the session's corpus and the test's own users.db (``users_db``, each test
    folder's), with an instance folder of its own, so it writes a secret_key file of its own."""
    from judge_app import paths

    monkeypatch.setenv("JUDGE_DB", str(paths.db_path()))               # the session's corpus, ...
    monkeypatch.setenv("JUDGE_INSTANCE", str(tmp_path / "instance"))   # ... and a secret_key file of its own
    monkeypatch.delenv("JUDGE_SECRET_KEY", raising=False)
    from judge_app.web import create_app

    return create_app()
