"""Running the app for an event: many phones at once, some on bad connections.

gunicorn with one process per core (the searches are CPU-bound, and a process per core is
what gets around the GIL) and gevent workers: every connection is a greenlet, so a client
that opens a connection and sends half a request costs a few kilobytes instead of a
thread, and is dropped after ``HEADER_TIMEOUT`` seconds. Where gunicorn cannot run (no
``fork``, e.g. Windows) the app runs on waitress, with its connection limit raised and
idle connections closed after the same timeout.
"""
from __future__ import annotations

import os
import sys

HEADER_TIMEOUT = 10     # seconds a client may take to send its request line and headers
WORKER_TIMEOUT = 60     # a worker silent this long (stuck in one request) is restarted
CONNECTIONS = 1000      # per worker process: half-open clients must not exhaust them
MAX_WORKERS = 64
MAX_THREADS = 256


def default_workers() -> int:
    return max(1, min(os.cpu_count() or 1, MAX_WORKERS))


def describe(workers: int) -> str:
    """How ``judge serve`` runs the app, in a few words (for the bench and the start message)."""
    return f"gunicorn, {workers} gevent worker(s)"


def gunicorn_available() -> bool:
    if not hasattr(os, "fork"):
        return False
    try:
        import gevent  # noqa: F401
        import gunicorn  # noqa: F401
    except ImportError:
        return False
    return True


def bind_address(host: str, port: int) -> str:
    return f"[{host}]:{port}" if ":" in host and not host.startswith("[") else f"{host}:{port}"


def gunicorn_options(host: str, port: int, workers: int) -> dict:
    """The gunicorn settings; each one says what it protects against."""
    return {
        "bind": [bind_address(host, port)],
        "workers": workers,
        "worker_class": "gevent",
        "worker_connections": CONNECTIONS,
        "keepalive": HEADER_TIMEOUT,        # gevent workers also bound the wait for each request's headers with it
        "timeout": WORKER_TIMEOUT,
        "graceful_timeout": 10,
        "limit_request_line": 8190,         # longer: 414, which the app also says for long URLs
        "limit_request_fields": 100,
        "limit_request_field_size": 8190,
        "preload_app": False,               # each worker opens its own SQLite connections
        "accesslog": None,
        "errorlog": "-",
        "loglevel": "warning",
        "proc_name": "judge_app",
        "post_worker_init": _shorter_gil_turns,
        "pre_request": _take_turns if take_turns() else _no_turns,
    }


def take_turns() -> bool:
    """``JUDGE_TAKE_TURNS=0`` turns the fairness yield off (for measuring it against the bench)."""
    return os.environ.get("JUDGE_TAKE_TURNS", "1") != "0"


def _take_turns(worker, req) -> None:
    """Let every other connection with a request waiting go first.

    A keep-alive client on loopback sends its next request while the worker is still
    finishing the previous answer, so the connection's greenlet finds the request already in
    its buffer and never gives the event loop a turn: a few connections were served back to
    back (p50 0.8 ms) while the rest waited (p95 0.6 s). One yield per request puts the
    greenlet behind the others that are ready."""
    import gevent

    gevent.sleep(0)


def _no_turns(worker, req) -> None:
    pass


def _shorter_gil_turns(worker) -> None:
    """A search or a first rendering runs in a native thread beside the worker's event loop
    (``capacity.off_loop``); with Python's default 5 ms GIL turns, the loop would wait up to
    5 ms at every socket call meanwhile. 1 ms turns keep cached pages quick."""
    sys.setswitchinterval(0.001)


def run_gunicorn(host: str, port: int, workers: int) -> None:
    from gunicorn.app.base import BaseApplication

    class JudgeApplication(BaseApplication):
        def load_config(self):
            for key, value in gunicorn_options(host, port, workers).items():
                self.cfg.set(key, value)

        def load(self):
            from . import create_app

            return create_app()

    JudgeApplication().run()


def run_waitress(host: str, port: int, threads: int) -> None:
    from waitress import serve

    from . import create_app

    serve(create_app(), host=host, port=port, threads=threads, connection_limit=CONNECTIONS,
          channel_timeout=HEADER_TIMEOUT, cleanup_interval=max(1, HEADER_TIMEOUT // 2),
          max_request_body_size=1 << 20, ident="judge_app")


def choose(server: str) -> str:
    """``auto`` is gunicorn wherever it can run, waitress elsewhere."""
    if server == "auto":
        return "gunicorn" if gunicorn_available() else "waitress"
    if server == "gunicorn" and not gunicorn_available():
        raise ValueError("gunicorn здесь не работает (нет fork или не установлен gevent): "
                         "запустите с --server waitress")
    return server


def serve(server: str, host: str, port: int, workers: int, threads: int) -> None:
    """Start the server ``choose`` picked (blocks until it stops)."""
    if server == "gunicorn":
        run_gunicorn(host, port, workers)
    else:
        run_waitress(host, port, threads)
