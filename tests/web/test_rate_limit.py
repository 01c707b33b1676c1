"""The board API's rate limit is one count for every worker process: kept in the user-data
file (``judge_app.web.rate_limit``), not in each process's memory."""
from __future__ import annotations

import subprocess
import sys
import textwrap
import time
from pathlib import Path

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
