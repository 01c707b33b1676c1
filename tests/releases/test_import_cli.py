"""``judge import`` and ``judge drift`` as a user runs them (issue 25): real files, real corpus."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

from judge_app import paths

JUDGE = [sys.executable, "-m", "judge_app.cli"]
EN = paths.SOURCES_DIR / "en"


def judge(*args, env):
    return subprocess.run([*JUDGE, *args], capture_output=True, text=True, env=env, timeout=300,
                          stdin=subprocess.DEVNULL)


@pytest.fixture(scope="module")
def env(corpus, judge_env):
    return judge_env


def db_state():
    """The corpus file as the subprocesses see it (conftest points JUDGE_INSTANCE at the test build)."""
    db = paths.db_path()
    return db.stat().st_mtime_ns, db.stat().st_size


@pytest.mark.parametrize("version", ["2021-04-22", "2022-11-18", "2024-11-08", "2026-01-16"])
def test_a_release_held_is_not_imported_twice(env, version):
    before = db_state()
    out = judge("import", str(EN / f"cr-en-{version}.txt"), "--yes", env=env)
    assert out.returncode == 2, out.stdout + out.stderr
    assert f"выпуск от {version} уже есть" in out.stderr and "Traceback" not in out.stderr
    assert db_state() == before


def test_bad_files_exit_2_and_leave_the_corpus(env, tmp_path):
    ru = paths.SOURCES_DIR / "cr-ru-2019-05-03.txt"
    pdf = tmp_path / "cr.pdf"
    pdf.write_bytes(b"%PDF-1.4\n" + b"0" * 100)
    html = tmp_path / "rules.html"
    html.write_text("<!doctype html><html><body>Magic: The Gathering Comprehensive Rules</body></html>")
    empty = tmp_path / "empty.txt"
    empty.write_bytes(b"")
    big = tmp_path / "big.txt"
    big.write_bytes(b"a" * (9 * 1024 * 1024))
    # the 2020 text under a 2025 date: its content is 2020's, its neighbours by date are 2024 and 2026
    text = (EN / "cr-en-2020-01-24.txt").read_bytes().decode("utf-8-sig")
    redated = tmp_path / "redated.txt"
    redated.write_text(text.replace("effective as of January 24, 2020", "effective as of June 1, 2025"),
                       encoding="utf-8")
    before = db_state()
    for path, needle in [(ru, "на русском"), (pdf, "PDF"), (html, "HTML"), (empty, "пуст"),
                         (big, "слишком большой"), (redated, "противоречит тексту"),
                         (tmp_path / "missing.txt", "файла нет")]:
        out = judge("import", str(path), "--yes", env=env)
        assert out.returncode == 2, (path, out.stdout, out.stderr)
        assert needle in out.stderr, (path, out.stderr)
        assert "Traceback" not in out.stderr
    assert db_state() == before


def test_preview_of_a_release_against_the_newest(corpus):
    """The preview a user confirms: counts and examples of each kind, and the renames."""
    from judge_app.corpus import release_file, release_import

    release = release_file.read((EN / "cr-en-2020-01-24.txt").read_bytes(), "2020")
    shown = release_import.preview(release, corpus)
    assert shown.against == "2026-01-16"
    assert shown.counts["added"] > 50 and shown.counts["removed"] > 300
    assert all(len(v) <= 3 for v in shown.examples.values())


def test_drift_lists_combat_damage_order(env):
    out = judge("drift", "2020-01-24", "2026-01-16", "--json", env=env)
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    changed = {it["number"] for items in data["groups"].values() for it in items if it["status"] == "changed"}
    assert "510.1c" in changed or "509.2" in changed
    assert data["counts"]["changed"] < data["cited"]
    bad = judge("drift", "2020-01-24", "2099-01-01", env=env)
    assert bad.returncode == 2 and "неизвестная версия" in bad.stderr
