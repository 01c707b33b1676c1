"""Damaged corpus data found while running: say so (HTTP 503, CLI exit 2), rebuild, carry on.

At start, ``build.ensure_built`` already refuses damaged data (``corpus.health``) and
rebuilds it at once. This module covers damage that appears later, or that only a query
runs into: a ``sqlite3.DatabaseError`` or a failing search is checked against the build's
manifest; when the data really is damaged a rebuild starts in a separate process (the
build is CPU-bound and must not stall a server's event loop), every request meanwhile
gets ``DataUnavailable`` (503, in Russian), and when the rebuild is done the corpus and
the index are reopened. Several server processes may notice the damage at once: the
build lock and a second look under it make sure only one of them rebuilds.

Only the corpus database and its index are derived data; ``users.db`` is never touched.
"""
from __future__ import annotations

import sqlite3
import subprocess
import sys
import threading
import time

from . import paths
from .corpus.lookup import CorpusError

MESSAGE = ("база правил повреждена и сейчас перестраивается из источников; "
           "повторите запрос через минуту")
RETRY_AFTER = 30
CHECK_TTL = 10.0  # a healthy verdict is trusted this long, so failing requests do not re-hash


class DataUnavailable(CorpusError):
    """The corpus cannot answer right now (damaged, being rebuilt): HTTP 503."""

    def __init__(self, reason: str = ""):
        super().__init__(MESSAGE + (f" ({reason})" if reason else ""), status=503)
        self.reason = reason


_lock = threading.Lock()
_state: dict = {"repair": None, "reason": "", "healthy_at": 0.0}


def repairing() -> bool:
    repair = _state["repair"]
    return repair is not None and repair.is_alive()


def raise_if_repairing() -> None:
    if repairing():
        raise DataUnavailable(_state["reason"])


def serving_a_request() -> bool:
    try:
        from flask import has_request_context
    except ImportError:
        return False
    return has_request_context()


def check_before_serving() -> None:
    """Missing, stale or damaged data found by a server: rebuild aside, answer 503 meanwhile."""
    from .corpus.build import stale_reason

    reason = stale_reason(paths.db_path(), paths.index_dir())
    if reason is not None:
        start_repair(reason)
        raise DataUnavailable(reason)
    _state["healthy_at"] = time.monotonic()


def damage_now(suspect: bool = True) -> str | None:
    """``health.damage`` of the current data. For an error that may have nothing to do with
    the data (``suspect`` false) a healthy answer of the last few seconds is trusted, so a
    failing route costs no hashing."""
    from .corpus.health import damage

    if not suspect and time.monotonic() - _state["healthy_at"] < CHECK_TTL:
        return None
    reason = damage(paths.db_path(), paths.index_dir())
    if reason is None:
        _state["healthy_at"] = time.monotonic()
    return reason


def unavailable_for(exc: BaseException, suspect: bool = False) -> DataUnavailable | None:
    """For an error a query raised: a ``DataUnavailable`` (and a rebuild under way) when the
    data is damaged or being repaired, None when the error is something else. SQLite's
    errors, and the search engine's (``suspect``), are always checked against the manifest."""
    if isinstance(exc, DataUnavailable):
        return exc
    if repairing():
        return DataUnavailable(_state["reason"])
    reason = damage_now(suspect or isinstance(exc, sqlite3.DatabaseError))
    if reason is None:
        return None
    start_repair(reason)
    return DataUnavailable(reason)


def start_repair(reason: str) -> None:
    """Rebuild in the background (once per process at a time)."""
    with _lock:
        if repairing():
            return
        _state["reason"] = reason
        _state["repair"] = threading.Thread(target=_repair, name="corpus-repair", daemon=True)
        _state["repair"].start()


def _repair() -> None:
    try:
        # a separate process: the build holds the GIL for a minute, which would stall
        # every request of this one (and with gevent, its whole event loop)
        subprocess.run([sys.executable, "-m", "judge_app.data_repair"], check=False,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    finally:
        reopen()


def repair_now(progress: bool = True) -> None:
    """Rebuild at once if the data is damaged (the CLI: nothing else to serve meanwhile)."""
    from .corpus.build import ensure_built

    ensure_built(progress=progress)
    background = _state["repair"]
    if background is not None:
        background.join()  # one a failing search started: done now, under the same lock
    reopen()


def reopen() -> None:
    """Forget the opened corpus and index, so the next request opens the rebuilt files."""
    from . import services
    from .search import query

    services.reset()
    query.clear_cache()
    _state["healthy_at"] = 0.0


def main() -> None:
    """``python -m judge_app.data_repair``: under the build lock, rebuild if still damaged."""
    from .corpus.build import ensure_built

    ensure_built(progress=False)


if __name__ == "__main__":
    main()
