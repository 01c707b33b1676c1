"""Importing the four later releases one by one, as a user would (issue 25).

A corpus that holds only the 2019 and 2020 releases (a copy of the sources without the later
English files, ``JUDGE_SOURCES``) receives each official file through ``judge import --yes``
in date order. After each import the new release is the default, its rules and history are
there, and ``users.db`` is byte for byte what it was. One import is killed in the middle of
its build: the previous corpus keeps serving, undamaged. The decoded 2020 text comes from the
test build's decode cache (``decode_cache``), so every build here re-does only what an import
really changes.
"""
from __future__ import annotations

import json
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import time

import pytest

from judge_app import paths
from judge_app.corpus import decode_cache, health

LATER = ["2021-04-22", "2022-11-18", "2024-11-08", "2026-01-16"]
SHIPPED = paths.SOURCES_DIR / "en"


@pytest.fixture(scope="module")
def world(corpus, tmp_path_factory):
    """A source folder with only the 2019 and 2020 releases, an empty instance with a users.db
    holding one row, and the environment the ``judge`` subprocesses run in."""
    root = tmp_path_factory.mktemp("import-all")
    sources = root / "sources"
    shutil.copytree(paths.SOURCES_DIR, sources)
    for version in LATER:
        (sources / "en" / f"cr-en-{version}.txt").unlink()
    instance = root / "instance"
    instance.mkdir()
    users = sqlite3.connect(instance / "users.db")
    users.execute("create table boards (id integer primary key, yaml text)")
    users.execute("insert into boards (yaml) values ('title: моя доска')")
    users.commit()
    users.close()
    env = dict(os.environ, JUDGE_INSTANCE=str(instance), JUDGE_SOURCES=str(sources),
               JUDGE_BUILD_CACHE=str(decode_cache.cache_dir()),
               JUDGE_OFFLINE_PACK="0")  # the phones' pack after an import is the offline tests' part
    env.pop("JUDGE_DB", None)
    return {"sources": sources, "instance": instance, "env": env}


def judge(world, *args, timeout=600):
    return subprocess.run([sys.executable, "-m", "judge_app.cli", *args], capture_output=True,
                          text=True, env=world["env"], timeout=timeout, stdin=subprocess.DEVNULL)


def versions(world) -> list[str]:
    out = judge(world, "versions", "--json")
    assert out.returncode == 0, out.stderr
    return sorted({v["version"] for v in json.loads(out.stdout) if v.get("kind", "cr") == "cr"})


def db_versions(world) -> list[str]:
    """The CR releases in the corpus file itself (read without starting a build)."""
    db = sqlite3.connect(world["instance"] / "judge.db")
    try:
        return sorted({v for (v,) in db.execute("select distinct version from documents where kind = 'cr'")})
    finally:
        db.close()


def killed_import(world, version):
    """Start ``judge import --yes`` and kill it while its build writes the new database."""
    db_file = world["instance"] / "judge.db"
    tmp_db = db_file.with_name(db_file.name + ".tmp")
    proc = subprocess.Popen([sys.executable, "-m", "judge_app.cli", "import",
                             str(SHIPPED / f"cr-en-{version}.txt"), "--yes"], env=world["env"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
    deadline = time.monotonic() + 300
    while not tmp_db.exists() and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    assert proc.poll() is None, "the import ended before it could be killed"
    time.sleep(1.0)  # into the middle of the build
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=30)


def test_four_releases_imported_one_by_one(world):
    assert versions(world) == ["2019-05-03", "2020-01-24"]  # builds the 2019 + 2020 corpus
    db_file = world["instance"] / "judge.db"
    users_bytes = (world["instance"] / "users.db").read_bytes()
    for version in LATER:
        if version == LATER[-1]:
            # killed halfway: the previous corpus keeps serving, undamaged
            before = db_file.stat().st_mtime_ns, db_file.stat().st_size
            killed_import(world, version)
            assert (db_file.stat().st_mtime_ns, db_file.stat().st_size) == before
            assert health.damage(db_file, world["instance"] / "judge-index") is None
            assert db_versions(world)[-1] == LATER[-2]
        started = time.perf_counter()
        out = judge(world, "import", str(SHIPPED / f"cr-en-{version}.txt"), "--yes")
        seconds = time.perf_counter() - started
        assert out.returncode == 0, out.stderr[-2000:]
        print(f"import {version}: {seconds:.1f} s")  # the figure is the bench's; shown with -s
        assert f"версия по умолчанию теперь {version}" in out.stdout
        if version == LATER[-1]:
            assert "прерванный импорт" in out.stdout  # the second run finishes the killed one
        # the file was copied byte for byte into the sources it was built from
        assert (world["sources"] / "en" / f"cr-en-{version}.txt").read_bytes() == \
            (SHIPPED / f"cr-en-{version}.txt").read_bytes()
        assert db_versions(world)[-1] == version
        assert (world["instance"] / "users.db").read_bytes() == users_bytes
    assert versions(world)[-1] == LATER[-1]
    # a third run of the same file: held already, nothing rebuilt
    again = judge(world, "import", str(SHIPPED / f"cr-en-{LATER[-1]}.txt"), "--yes")
    assert again.returncode == 2 and "уже есть" in again.stderr
    # the newest release answers in both languages; its history reaches back to 2020
    rule = judge(world, "rule", "702.19c", "--json")
    assert rule.returncode == 0, rule.stderr
    assert json.loads(rule.stdout)["version"] == "2026-01-16"
    assert "trample" in rule.stdout.lower()
    db = sqlite3.connect(db_file)
    pairs = set(db.execute("select distinct old_version, new_version from rule_changes where lang = 'en'"))
    assert {("2020-01-24", "2021-04-22"), ("2021-04-22", "2022-11-18"),
            ("2022-11-18", "2024-11-08"), ("2024-11-08", "2026-01-16")} <= pairs
    renamed = {row[0] for row in db.execute("select new from renames where old_version = '2020-01-24'")}
    assert "mana value" in renamed
    db.close()
