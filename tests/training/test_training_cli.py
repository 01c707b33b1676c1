"""``judge users`` as a real subprocess: exit codes, messages, export/import."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

JUDGE = str(Path(sys.executable).with_name("judge"))


@pytest.fixture()
def env(judge_env, users_db):
    return dict(judge_env, JUDGE_USERS_DB=str(users_db))


def judge(env, *args, stdin=""):
    return subprocess.run([JUDGE, "users", *args], input=stdin, capture_output=True, text=True, env=env, timeout=120)


def test_add_mentor_reset_password_export_import(env, tmp_path, users_db):
    from judge_app.training import store

    r = judge(env, "add-mentor", "olga", "--password-stdin", stdin="first password\n")
    assert r.returncode == 0, r.stderr
    conn = store.connect(users_db)
    assert store.authenticate(conn, "olga", "first password", ["k"])["role"] == "mentor"
    store.create_user(conn, "anna", "correct horse")
    assert judge(env, "add-mentor", "anna").returncode == 0          # a trainee promoted, no password asked
    assert store.user_by_name(conn, "anna")["role"] == "mentor"
    assert judge(env, "reset-password", "olga", "--password-stdin", stdin="second password\n").returncode == 0
    assert store.authenticate(conn, "olga", "second password", ["k2"])
    out = tmp_path / "training.json"
    assert judge(env, "export", str(out)).returncode == 0
    doc = json.loads(out.read_text(encoding="utf-8"))
    assert [u["username"] for u in doc["users"]] == ["olga", "anna"]
    assert all(u["password_hash"].startswith("scrypt:") for u in doc["users"])
    assert "second password" not in out.read_text(encoding="utf-8")
    other = dict(env, JUDGE_USERS_DB=str(tmp_path / "restored.db"))
    r = judge(other, "import", str(out))
    assert r.returncode == 0 and "users 2" in r.stdout
    assert store.authenticate(store.connect(tmp_path / "restored.db"), "olga", "second password", ["k"])
    r = judge(other, "import", str(out))
    assert r.returncode == 2 and "--replace" in r.stderr
    assert judge(other, "import", str(out), "--replace").returncode == 0
    assert list(tmp_path.glob("restored.db.bak-training-import-*")), "a backup before replacing"


def test_bad_input_exit_codes(env, tmp_path):
    r = judge(env, "reset-password", "nobody", "--password-stdin", stdin="long enough\n")
    assert r.returncode == 1 and "nobody" in r.stderr
    r = judge(env, "add-mentor", "olga", "--password-stdin", stdin="short\n")
    assert r.returncode == 2 and "password" in r.stderr
    bad = tmp_path / "bad.json"
    bad.write_text("{\n  \"format\": ", encoding="utf-8")
    r = judge(env, "import", str(bad))
    assert r.returncode == 2 and "bad.json:2" in r.stderr
    assert judge(env, "import", str(tmp_path / "missing.json")).returncode == 1
    bad.write_text(json.dumps({"format": "judge-training", "version": 1, "users": []}), encoding="utf-8")
    r = judge(env, "import", str(bad))
    assert r.returncode == 2 and "groups" in r.stderr
    assert "Traceback" not in r.stderr
