"""The user-data file: migrations once and in order, backups before upgrades,
concurrent writers from several processes losing nothing. (That a real corpus rebuild
leaves users.db byte for byte alone is tested in tests/web/test_damaged_data.py.)"""
from __future__ import annotations

import multiprocessing
import sqlite3

import pytest

from judge_app import userdb

V1 = ["CREATE TABLE notes (id INTEGER PRIMARY KEY, owner TEXT NOT NULL, body TEXT NOT NULL);"]
V2 = V1 + ["ALTER TABLE notes ADD COLUMN created TEXT; CREATE INDEX notes_owner ON notes(owner);"]


def _fresh(tmp_path):
    userdb._migrated.clear()
    return tmp_path / "users.db"


def test_migrations_apply_once_in_order(tmp_path):
    path = _fresh(tmp_path)
    conn = userdb.connect("notes", V1, path)
    assert userdb.applied_version(conn, "notes") == 1
    conn.execute("INSERT INTO notes (owner, body) VALUES ('ann', 'first')")
    userdb._migrated.clear()
    conn = userdb.connect("notes", V2, path)
    assert userdb.applied_version(conn, "notes") == 2
    cols = [r["name"] for r in conn.execute("PRAGMA table_info(notes)")]
    assert cols == ["id", "owner", "body", "created"]
    assert conn.execute("SELECT body FROM notes").fetchone()[0] == "first"
    assert userdb.migrate(conn, "notes", V2, path) == []          # nothing pending: nothing runs
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_upgrade_takes_a_backup_with_the_old_data(tmp_path):
    path = _fresh(tmp_path)
    conn = userdb.connect("notes", V1, path)
    conn.execute("INSERT INTO notes (owner, body) VALUES ('ann', 'kept')")
    userdb._migrated.clear()
    userdb.connect("notes", V2, path)
    bak = path.with_name("users.db.bak-notes-1")
    assert bak.exists()
    old = sqlite3.connect(bak)
    assert old.execute("SELECT body FROM notes").fetchall() == [("kept",)]
    assert [r[1] for r in old.execute("PRAGMA table_info(notes)")] == ["id", "owner", "body"]


def test_a_failing_migration_leaves_the_file_as_it_was(tmp_path):
    path = _fresh(tmp_path)
    conn = userdb.connect("notes", V1, path)
    conn.execute("INSERT INTO notes (owner, body) VALUES ('ann', 'safe')")
    broken = V1 + ["ALTER TABLE notes ADD COLUMN x TEXT; INSERT INTO missing_table VALUES (1);"]
    userdb._migrated.clear()
    with pytest.raises(sqlite3.OperationalError):
        userdb.connect("notes", broken, path)
    assert userdb.applied_version(conn, "notes") == 1
    assert [r["name"] for r in conn.execute("PRAGMA table_info(notes)")] == ["id", "owner", "body"]
    assert conn.execute("SELECT body FROM notes").fetchone()[0] == "safe"


def test_features_keep_separate_versions(tmp_path):
    path = _fresh(tmp_path)
    conn = userdb.connect("notes", V2, path)
    conn2 = userdb.connect("other", ["CREATE TABLE other (x INTEGER);"], path)
    assert userdb.applied_version(conn2, "notes") == 2
    assert userdb.applied_version(conn, "other") == 1


def _writer(path, who, n):
    userdb._migrated.clear()
    conn = userdb.connect("notes", V1, path)
    for i in range(n):
        with userdb.write(conn):
            conn.execute("INSERT INTO notes (owner, body) VALUES (?, ?)", (who, str(i)))


def test_concurrent_writers_from_processes_lose_nothing(tmp_path):
    path = _fresh(tmp_path)
    ctx = multiprocessing.get_context("spawn")
    procs = [ctx.Process(target=_writer, args=(path, f"p{k}", 60)) for k in range(4)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(60)
        assert p.exitcode == 0
    conn = userdb.connect("notes", V1, path)
    counts = dict(conn.execute("SELECT owner, COUNT(*) FROM notes GROUP BY owner").fetchall())
    assert counts == {f"p{k}": 60 for k in range(4)}
    assert userdb.applied_version(conn, "notes") == 1
    assert conn.execute("SELECT COUNT(*) FROM schema_migrations WHERE feature='notes'").fetchone()[0] == 1


def test_closing_a_request_connection_does_not_checkpoint_the_file(tmp_path):
    """The process keeps one idle connection per file (``userdb._anchors``), so a request's
    connection is never the last to close: SQLite then leaves the WAL alone instead of
    checkpointing it and deleting it with four fdatasync calls per request. What was written
    is still there for a new connection, and only a bounded number of files are kept open."""
    path = _fresh(tmp_path)
    conn = userdb.connect("notes", V1, path)
    with userdb.write(conn):
        conn.execute("INSERT INTO notes (owner, body) VALUES ('ann', 'kept')")
    conn.close()
    assert path.with_name("users.db-wal").exists(), "the WAL was checkpointed and removed on close"
    again = userdb.connect("notes", V1, path)
    assert [r["body"] for r in again.execute("SELECT body FROM notes")] == ["kept"]
    again.close()
    for i in range(userdb.MAX_ANCHORS + 3):
        userdb.connect("notes", V1, tmp_path / f"other{i}.db").close()
    import os
    assert len([k for k in userdb._anchors if k[0] == os.getpid()]) <= userdb.MAX_ANCHORS


def test_many_first_connections_to_a_new_file_at_once_all_open(tmp_path):
    """Switching a new file to WAL takes a lock SQLite does not wait for: eight threads opening the
    same new file at the same moment once made one of them fail with "database is locked" (a 500
    on the training page in CI). Repeated on fresh files, every open and write succeeds."""
    import sqlite3
    import threading

    from judge_app import userdb

    errors = []
    for rep in range(150):
        path = tmp_path / f"u{rep}.db"
        barrier = threading.Barrier(8)

        def open_and_write():
            barrier.wait()
            try:
                conn = userdb._open(path)
                conn.execute("CREATE TABLE IF NOT EXISTS t (x)")
                conn.execute("INSERT INTO t VALUES (1)")
                conn.close()
            except sqlite3.OperationalError as exc:
                errors.append(str(exc))

        threads = [threading.Thread(target=open_and_write) for _ in range(8)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        conn = sqlite3.connect(path)
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert conn.execute("SELECT COUNT(*) FROM t").fetchone()[0] == 8
        conn.close()
    assert errors == []
