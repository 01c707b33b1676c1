"""Damaged corpus data: detected at start and when a query fails, answered with a Russian
503 (never a 500) while it is rebuilt, and user data (``users.db``) never touched.

Each test works on a copy of the session's real build (SQLite file, Whoosh index, manifest)
in its own instance folder; one test runs the real rebuild end to end."""
from __future__ import annotations

import hashlib
import os
import shutil
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from judge_app import data_repair, paths, services
from judge_app.corpus import health
from judge_app.search import query


@pytest.fixture()
def instance(corpus, tmp_path, monkeypatch):
    """A copy of the built instance folder, with a users.db beside it; the app reads the copy.
    Its build cache (the decoded 2020 text, ``decode_cache``) is copied too, as a user's
    instance holds it: a repair rebuilds what damage can reach, not the decoder's work."""
    src = Path(os.environ["JUDGE_INSTANCE"])
    dst = tmp_path / "instance"
    dst.mkdir()
    shutil.copy2(src / "judge.db", dst / "judge.db")
    shutil.copy2(health.manifest_path(src / "judge.db"), health.manifest_path(dst / "judge.db"))
    shutil.copytree(src / "judge-index", dst / "judge-index")
    if (src / "build-cache").is_dir():
        shutil.copytree(src / "build-cache", dst / "build-cache")
    users = sqlite3.connect(dst / "users.db")
    users.execute("create table boards (id integer primary key, name text)")
    users.execute("insert into boards (name) values ('доска Алисы')")
    users.commit()
    users.close()
    monkeypatch.setenv("JUDGE_INSTANCE", str(dst))
    data_repair._state.update(repair=None, reason="", healthy_at=0.0)
    yield dst
    repair = data_repair._state["repair"]
    if repair is not None:
        repair.join(timeout=900)
    services._corpus.pop(str(dst / "judge.db"), None)
    query.clear_cache()
    data_repair._state.update(repair=None, reason="", healthy_at=0.0)


@pytest.fixture()
def repairs(monkeypatch):
    """The rebuilds the app asks for, recorded instead of run (the full cycle has its own test)."""
    asked: list[str] = []
    monkeypatch.setattr(data_repair, "start_repair", asked.append)
    return asked


def scribble(path: Path, start: int, length: int) -> None:
    with open(path, "r+b") as f:
        f.seek(start)
        f.write(os.urandom(length))


def damage_db_pages(db: Path) -> None:
    """Garbage over every page but the first (the schema): any table read fails."""
    page = sqlite3.connect(db).execute("pragma page_size").fetchone()[0]
    scribble(db, page, db.stat().st_size - page)


def damage_index(index: Path) -> None:
    for f in index.iterdir():
        if f.suffix == ".seg":
            scribble(f, 0, f.stat().st_size)


def sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_intact_copy_is_healthy(instance):
    assert health.damage(instance / "judge.db", instance / "judge-index") is None


def test_pages_damaged_in_the_middle_are_found(instance):
    db = instance / "judge.db"
    scribble(db, db.stat().st_size // 2, 4096)
    assert health.damage(db, instance / "judge-index") == "файл judge.db повреждён (контрольная сумма не совпадает)"


def test_truncated_database_is_found(instance):
    db = instance / "judge.db"
    with open(db, "r+b") as f:
        f.truncate(db.stat().st_size // 2)
    assert health.damage(db, instance / "judge-index") == "файл judge.db изменил размер"


def test_damaged_index_is_found(instance):
    damage_index(instance / "judge-index")
    reason = health.damage(instance / "judge.db", instance / "judge-index")
    assert reason.startswith("файл judge-index/") and reason.endswith(".seg повреждён (контрольная сумма не совпадает)")


def test_without_a_manifest_quick_check_finds_damage(instance):
    health.manifest_path(instance / "judge.db").unlink()
    assert health.damage(instance / "judge.db", instance / "judge-index") is None
    db = instance / "judge.db"
    scribble(db, db.stat().st_size // 2, 1 << 16)
    assert "база данных" in health.damage(db, instance / "judge-index")


def test_damage_makes_the_build_stale(instance):
    from judge_app.corpus.build import stale_reason

    scribble(instance / "judge.db", 1 << 20, 4096)
    assert stale_reason(instance / "judge.db", instance / "judge-index").startswith("файл judge.db повреждён")


def test_cli_rebuilds_damaged_data_at_start(instance, judge_env):
    """``judge rule`` on a damaged database says so and starts rebuilding (stopped once it says)."""
    scribble(instance / "judge.db", 1 << 20, 4096)
    env = dict(judge_env, JUDGE_INSTANCE=str(instance))
    proc = subprocess.Popen([sys.executable, "-m", "judge_app.cli", "rule", "704.5k"], env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        first = proc.stderr.readline()
    finally:
        proc.kill()
        proc.wait()
    assert first.strip() == "Строю корпус правил: файл judge.db повреждён (контрольная сумма не совпадает)."


def web_routes(app):
    from tests.web.test_hostile import concrete, routes

    return [concrete(rule, "704.5k", "1") for rule in routes(app)]


def test_damaged_database_answers_503_on_every_route(app, instance, repairs):
    client = app.test_client()
    assert client.get("/api/versions").status_code == 200  # the copy is open and read
    damage_db_pages(instance / "judge.db")
    statuses = {}
    for url in web_routes(app) + ["/api/rules/704.5k?version=2019-05-03", "/rules/702.2?version=2019-05-03",
                                  "/api/search?q=deathtouch", "/search?q=%D1%8F%D0%B4"]:
        r = client.get(url)
        statuses[url] = r.status_code
        assert r.status_code != 500, url
        if r.status_code == 503:
            assert r.headers["Retry-After"]
            body = r.get_json()["error"] if r.is_json else r.get_data(as_text=True)
            assert "база правил повреждена и сейчас перестраивается" in body, url
    assert statuses["/api/rules/704.5k?version=2019-05-03"] == 503
    assert statuses["/rules/702.2?version=2019-05-03"] == 503
    assert repairs and repairs[0] == "файл judge.db повреждён (контрольная сумма не совпадает)"


def test_damaged_index_answers_503_on_search(app, instance, repairs):
    client = app.test_client()
    damage_index(instance / "judge-index")
    api = client.get("/api/search?q=%D0%B1%D0%BE%D0%B9%D1%86%D0%BE%D0%B2%D1%8B%D0%B9")  # not cached
    page = client.get("/search?q=%D0%B1%D0%BE%D0%B9%D1%86%D1%8B")
    assert api.status_code == 503 and "перестраивается" in api.get_json()["error"]
    assert page.status_code == 503 and "перестраивается" in page.get_data(as_text=True)
    assert repairs and repairs[0].startswith("файл judge-index/")


def test_full_repair_cycle_keeps_user_data(app, instance):
    """The real thing: damage, 503 while a separate process rebuilds, then answers again;
    users.db is byte for byte the same."""
    users_before = sha(instance / "users.db")
    client = app.test_client()
    assert client.get("/api/versions").status_code == 200
    damage_db_pages(instance / "judge.db")
    r = client.get("/api/rules/704.5k?version=2019-05-03")
    assert r.status_code == 503
    assert data_repair.repairing()
    assert client.get("/api/versions").status_code == 503  # meanwhile, every corpus read says so
    deadline = time.monotonic() + 900
    while data_repair.repairing():
        assert time.monotonic() < deadline, "the rebuild did not finish"
        time.sleep(1)
    r = client.get("/api/rules/704.5k?version=2019-05-03")
    assert r.status_code == 200 and r.get_json()["number"] == "704.5k"
    assert health.damage(instance / "judge.db", instance / "judge-index") is None
    assert sha(instance / "users.db") == users_before
    assert paths.db_path() == instance / "judge.db"
