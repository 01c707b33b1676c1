"""Keeping the expensive routes from starving the cheap ones, and not redoing their work.

Rule pages come from a cache in microseconds; a search, the version diff, the glossary or
the scenario library costs CPU on every request. Each worker process lets at most
``SLOTS`` expensive requests run at once and makes the others wait (at most ``WAIT``
seconds, then 503 «сервер занят»). Under gevent the expensive work (and a page rendered
for the first time) runs in a native thread, so the event loop keeps answering cached
pages while it runs; under waitress the waiting threads stop fighting over the GIL.

The answers that are the same for everyone (the diff, the glossary) are kept, serialised,
in a cache bounded in bytes.
"""
from __future__ import annotations

import contextvars
import threading
from functools import wraps

from flask import current_app

from ..corpus.lookup import CorpusError
from .byte_cache import PageCache

SLOTS = 2
WAIT = 10.0

_slots: dict[int, threading.BoundedSemaphore] = {}
json_cache = PageCache(max_bytes=32 << 20)


class Busy(CorpusError):
    def __init__(self):
        super().__init__("сервер занят: слишком много поисков и сравнений сразу; повторите через несколько секунд",
                         status=503)


def _semaphore() -> threading.BoundedSemaphore:
    """One per process, made on first use: after gunicorn forked the worker and gevent
    patched ``threading``, so that waiting yields to other requests."""
    import os

    pid = os.getpid()
    sem = _slots.get(pid)
    if sem is None:
        sem = _slots.setdefault(pid, threading.BoundedSemaphore(SLOTS))
    return sem


def off_loop(fn, *args, **kwargs):
    """``fn(*args, **kwargs)``; under gevent, in a native thread of the hub's pool (with this
    request's context), so the event loop goes on serving cached pages meanwhile instead of
    waiting for the whole computation. Only for GET work that reads no request body."""
    pool = _gevent_pool()
    if pool is None or _in_pool.get():
        return fn(*args, **kwargs)
    return pool.apply(contextvars.copy_context().run, (_in_pool_run, fn, *args), kwargs)


_in_pool: contextvars.ContextVar[bool] = contextvars.ContextVar("judge_in_pool", default=False)


def _in_pool_run(fn, *args, **kwargs):
    _in_pool.set(True)  # in the copied context only: nested off_loop calls run in place
    return fn(*args, **kwargs)


def _gevent_pool():
    try:
        from gevent import get_hub, monkey
    except ImportError:
        return None
    if not monkey.is_module_patched("socket"):  # not a gevent worker
        return None
    return get_hub().threadpool


def expensive(view):
    """Run ``view`` in one of the process's few slots for CPU-heavy requests, off the event loop."""
    @wraps(view)
    def wrapper(*args, **kwargs):
        sem = _semaphore()
        if not sem.acquire(timeout=WAIT):
            raise Busy()
        try:
            return off_loop(view, *args, **kwargs)
        finally:
            sem.release()
    wrapper.runs_off_loop = True
    return wrapper


def cached_json(key: tuple, compute):
    """The JSON response for ``compute()``, serialised once per ``key`` (same bytes as jsonify)."""
    body = json_cache.get(key)
    if body is None:
        body = current_app.json.response(compute()).get_data()
        json_cache.put(key, body)
    return current_app.response_class(body, mimetype=current_app.json.mimetype)
