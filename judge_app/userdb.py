"""The user-data file: saved boards, trainees, mentors, answers.

Derived data (the corpus database and its index) can always be rebuilt from the
sources; user data can't. So user data lives in a file of its own,
``instance/users.db`` (``JUDGE_USERS_DB`` moves it), which no corpus build ever
replaces or deletes.

Each feature (boards, training, …) owns its tables and brings its own list of
migrations: ``connect("boards", BOARD_MIGRATIONS)`` applies the steps of that list
not yet applied, in order, in one transaction each, and records them in
``schema_migrations``. Before an existing file is migrated, a copy is taken with
SQLite's online backup (``users.db.bak-<feature>-<version>``), so a failed or
regretted migration never costs anyone their work.

Connections use WAL (readers never block the one writer), a busy timeout (writers
from several processes queue instead of failing) and foreign keys. ``write(conn)``
is one ``BEGIN IMMEDIATE`` transaction: one answer or one save is one transaction.
"""
from __future__ import annotations

import os
import sqlite3
import threading
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Iterator, Sequence, Union

from . import paths

BUSY_TIMEOUT_MS = 10_000
# A step is SQL (one or more statements) or a function of the connection.
Step = Union[str, Callable[[sqlite3.Connection], None]]

_migrated: set[tuple[str, str]] = set()
_lock = threading.Lock()
# One idle connection per file and process that has read the file, so it holds WAL's shared
# lock: without it every request's connection is the last one to close, and SQLite then
# checkpoints the WAL into the file and deletes it — four fdatasync calls per request
# (30 ms on a busy disk, the tail of the board bench). Commits stay durable as WAL ones.
_anchors: dict[tuple[int, str], sqlite3.Connection] = {}
MAX_ANCHORS = 4   # tests open many files; the server one


def db_path() -> Path:
    explicit = os.environ.get("JUDGE_USERS_DB")
    return Path(explicit).resolve() if explicit else paths.instance_dir() / "users.db"


def _open(path: Path) -> sqlite3.Connection:
    path.parent.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(path, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None,
                           check_same_thread=False)
    conn.row_factory = sqlite3.Row
    conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    _use_wal(conn)
    conn.execute("PRAGMA foreign_keys = ON")
    conn.execute("PRAGMA synchronous = NORMAL")
    return conn


def _use_wal(conn: sqlite3.Connection) -> None:
    """Switch the file to WAL once. The switch takes an exclusive lock that SQLite does not wait
    for (no busy handler), so when several first connections open a new file at the same moment
    one of them gets "database is locked": it waits a little and looks again (by then the file is
    usually in WAL already, and nothing needs switching)."""
    for attempt in range(40):
        try:
            if conn.execute("PRAGMA journal_mode").fetchone()[0].lower() != "wal":
                conn.execute("PRAGMA journal_mode = WAL")
            return
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) and "busy" not in str(exc):
                raise
            time.sleep(0.01 * (attempt + 1))
    conn.execute("PRAGMA journal_mode = WAL")   # the last try raises what SQLite says


def connect(feature: str, migrations: Sequence[Step], path: Path | None = None) -> sqlite3.Connection:
    """A connection to the user-data file with ``feature``'s migrations applied."""
    path = Path(path) if path else db_path()
    conn = _open(path)
    key = (str(path), feature, len(migrations))   # a longer list (a new release) migrates again
    if key not in _migrated:
        with _lock:
            migrate(conn, feature, migrations, path)
            _migrated.add(key)
    _anchor(path)
    return conn


def _anchor(path: Path) -> None:
    """Keep this process's idle connection to ``path`` (see ``_anchors``); per process, since a
    connection must not cross a fork."""
    key = (os.getpid(), str(path))
    if key in _anchors:
        return
    with _lock:
        if key in _anchors:
            return
        conn = _open(path)
        conn.execute("SELECT COUNT(*) FROM sqlite_master").fetchall()   # opens the WAL (its shared lock); no read stays open
        _anchors[key] = conn
        mine = [k for k in _anchors if k[0] == key[0]]
        for old in mine[:-MAX_ANCHORS]:
            _anchors.pop(old).close()


@contextmanager
def write(conn: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """One write transaction, taken at once (BEGIN IMMEDIATE) so writers queue cleanly."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield conn
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")


def applied_version(conn: sqlite3.Connection, feature: str) -> int:
    _ensure_ledger(conn)
    row = conn.execute("SELECT MAX(version) FROM schema_migrations WHERE feature = ?",
                       (feature,)).fetchone()
    return row[0] or 0


def migrate(conn: sqlite3.Connection, feature: str, migrations: Sequence[Step],
            path: Path | None = None) -> list[int]:
    """Apply the steps of ``migrations`` after the last one applied; returns their versions.

    Version N is ``migrations[N-1]``: steps are only ever appended, never edited.
    """
    with write(conn):
        done = applied_version(conn, feature)
    pending = list(range(done + 1, len(migrations) + 1))
    if not pending:
        return []
    if path is not None and done > 0:
        backup(conn, path.with_name(f"{path.name}.bak-{feature}-{done}"))
    for version in pending:
        step = migrations[version - 1]
        with write(conn):
            if applied_version(conn, feature) >= version:   # another process got there first
                continue
            if callable(step):
                step(conn)
            else:
                for statement in _statements(step):
                    conn.execute(statement)
            conn.execute("INSERT INTO schema_migrations (feature, version) VALUES (?, ?)",
                         (feature, version))
    return pending


def backup(conn: sqlite3.Connection, dest: Path) -> Path:
    """A consistent copy of the live file (SQLite's online backup), safe under writers."""
    dest = Path(dest)
    dest.parent.mkdir(parents=True, exist_ok=True)
    target = sqlite3.connect(dest)
    try:
        conn.backup(target)
    finally:
        target.close()
    return dest


def _ensure_ledger(conn: sqlite3.Connection) -> None:
    conn.execute("""CREATE TABLE IF NOT EXISTS schema_migrations (
        feature TEXT NOT NULL, version INTEGER NOT NULL,
        applied_at TEXT NOT NULL DEFAULT (datetime('now')),
        PRIMARY KEY (feature, version))""")


def _statements(sql: str) -> list[str]:
    """Split a migration's SQL into complete statements (sqlite3.complete_statement)."""
    out, buf = [], ""
    for piece in sql.split(";"):
        buf += piece + ";"
        if sqlite3.complete_statement(buf):
            if buf.strip(" \n\t;"):
                out.append(buf.strip())
            buf = ""
    if buf.strip(" \n\t;"):
        out.append(buf.strip())
    return out
