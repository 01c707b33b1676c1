"""The board API's rate limit is one count for every worker process: kept in the user-data
file (``judge_app.web.rate_limit``), not in each process's memory; behind a reverse proxy
(``JUDGE_PROXIES``) it counts each forwarded client, and without one it trusts no header."""
from __future__ import annotations

import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

# One worker process: waits for the start file, then asks for ATTEMPTS requests as fast as it can.
WORKER = textwrap.dedent("""
    import sys, time
    from pathlib import Path
    sys.path.insert(0, sys.argv[1])
    from judge_app.web import rate_limit
    db, start, attempts, limit = Path(sys.argv[2]), Path(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])
    rate_limit.allow("warm-up", "nobody", 1, db)   # the table exists before the race starts
    print("ready", flush=True)
    while not start.exists():
        time.sleep(0.005)
    print(sum(rate_limit.allow("boards", "10.0.0.7", limit, db) for _ in range(attempts)), flush=True)
""")


def test_two_processes_share_one_limit(tmp_path):
    db, start = tmp_path / "users.db", tmp_path / "start"
    attempts, limit = 30, 40   # each process alone would let all 30 through: 60 with per-process counts
    procs = [subprocess.Popen([sys.executable, "-c", WORKER, str(ROOT), str(db), str(start), str(attempts),
                               str(limit)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
             for _ in range(2)]
    try:
        for p in procs:
            assert p.stdout.readline().strip() == "ready", p.stderr.read()
        start.touch()
        allowed = [int(p.stdout.readline()) for p in procs]
    finally:
        for p in procs:
            p.wait(timeout=60)
    assert sum(allowed) == limit, allowed
    assert all(0 < n <= attempts for n in allowed), allowed


def test_the_window_slides(tmp_path):
    from judge_app.web import rate_limit

    db, t0 = tmp_path / "users.db", time.time()
    assert [rate_limit.allow("boards", "a", 2, db, now=t0 + i) for i in range(3)] == [True, True, False]
    assert rate_limit.allow("boards", "b", 2, db, now=t0 + 3)                 # another client: its own count
    assert rate_limit.allow("other", "a", 2, db, now=t0 + 3)                  # another bucket: its own count
    assert not rate_limit.allow("boards", "a", 2, db, now=t0 + rate_limit.WINDOW_S - 1)
    assert rate_limit.allow("boards", "a", 2, db, now=t0 + rate_limit.WINDOW_S + 0.5)  # the first hit expired
    # expired rows are deleted, so the table holds no more than a window of allowed requests
    import sqlite3

    with sqlite3.connect(db) as conn:
        oldest = conn.execute("SELECT MIN(at) FROM rate_limit_hits").fetchone()[0]
    assert oldest > t0 + 0.5


def test_an_unwritable_file_lets_the_request_through(tmp_path):
    from judge_app.web import rate_limit

    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x")
    assert rate_limit.allow("boards", "a", 1, blocker / "users.db")   # cannot be created: not refused


def _run(client, addr: str, forwarded: str | None = None) -> int:
    headers = {"X-Forwarded-For": forwarded} if forwarded else {}
    return client.post("/api/scenarios/run", data=b"{", content_type="application/json",
                       environ_base={"REMOTE_ADDR": addr}, headers=headers).status_code


def test_behind_a_proxy_each_client_has_its_own_limit(corpus, tmp_path, monkeypatch):
    """With JUDGE_PROXIES=1 the limit counts the address the proxy forwarded, not the proxy's."""
    from judge_app.web import create_app

    monkeypatch.setenv("JUDGE_USERS_DB", str(tmp_path / "users.db"))
    monkeypatch.setenv("JUDGE_PROXIES", "1")
    client = create_app({"BOARDS_RATE": 2}).test_client()
    # a broken body is a 400 after the limit is counted: the limit, not the replay, is under test
    assert [_run(client, "127.0.0.1", "203.0.113.5") for _ in range(3)] == [400, 400, 429]
    assert _run(client, "127.0.0.1", "203.0.113.6") == 400          # another phone behind the same proxy


def test_without_proxies_the_forwarded_header_is_not_trusted(corpus, tmp_path, monkeypatch):
    from judge_app.web import create_app

    monkeypatch.setenv("JUDGE_USERS_DB", str(tmp_path / "users.db"))
    monkeypatch.delenv("JUDGE_PROXIES", raising=False)
    client = create_app({"BOARDS_RATE": 2}).test_client()
    codes = [_run(client, "198.51.100.9", f"203.0.113.{n}") for n in range(3)]   # a forged header each time
    assert codes == [400, 400, 429]


@pytest.mark.parametrize("value", ["x", "-1", "99"])
def test_a_wrong_proxies_setting_is_refused_at_start(value, tmp_path):
    import os

    env = dict(os.environ, JUDGE_PROXIES=value)
    out = subprocess.run([sys.executable, "-m", "judge_app.cli", "serve", "--port", "5999"], capture_output=True,
                         text=True, env=env, timeout=60, cwd=ROOT)
    assert out.returncode == 2, (out.returncode, out.stderr)
    assert "JUDGE_PROXIES" in out.stderr and "Traceback" not in out.stderr
