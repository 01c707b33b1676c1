"""Requests per client in the last minute, counted where every worker process sees them.

``judge serve`` runs one gunicorn process per core; a count kept in each process's memory
let a client make N times the limit. The count lives in the user-data file instead
(``instance/users.db``, through ``userdb``, like the training login counter): one row per
allowed request in ``rate_limit_hits``, a sliding window of ``WINDOW_S`` seconds. The
check and the insert are one ``BEGIN IMMEDIATE`` transaction, so two workers can never
both let the last allowed request through. Rows older than the window are deleted as new
ones come, so the table holds at most a minute of allowed requests.

If the file cannot be written (a disk error; another writer holding it beyond the busy
timeout), the request is let through and the failure logged: the limit protects the
server's CPU, it is not worth refusing a judge's request over.
"""
from __future__ import annotations

import logging
import sqlite3
import time
from pathlib import Path

from .. import userdb

FEATURE = "rate_limit"
WINDOW_S = 60.0
MIGRATIONS = [
    """CREATE TABLE rate_limit_hits (
        bucket TEXT NOT NULL,        -- what is limited (e.g. "boards")
        client TEXT NOT NULL,        -- who (the client's address)
        at REAL NOT NULL             -- time.time() of an allowed request
    );
    CREATE INDEX rate_limit_hits_client ON rate_limit_hits (bucket, client, at);
    CREATE INDEX rate_limit_hits_at ON rate_limit_hits (at);""",
]

log = logging.getLogger(__name__)


def allow(bucket: str, client: str, limit: int, path: Path | None = None, now: float | None = None) -> bool:
    """Count one request of ``client`` for ``bucket``; False when it already made ``limit``
    in the last ``WINDOW_S`` seconds (that request is then not counted)."""
    now = time.time() if now is None else now
    try:
        conn = userdb.connect(FEATURE, MIGRATIONS, path)
    except (sqlite3.Error, OSError) as exc:
        log.warning("rate limit not checked (user-data file unavailable: %s)", exc)
        return True
    try:
        with userdb.write(conn):
            conn.execute("DELETE FROM rate_limit_hits WHERE at <= ?", (now - WINDOW_S,))
            (count,) = conn.execute("SELECT COUNT(*) FROM rate_limit_hits WHERE bucket = ? AND client = ?",
                                    (bucket, client)).fetchone()
            if count >= limit:
                return False
            conn.execute("INSERT INTO rate_limit_hits (bucket, client, at) VALUES (?, ?, ?)",
                         (bucket, client, now))
        return True
    except sqlite3.Error as exc:
        log.warning("rate limit not checked (user-data file not writable: %s)", exc)
        return True
    finally:
        conn.close()
