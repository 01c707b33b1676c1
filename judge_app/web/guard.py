"""What every response gets, whoever sent the request.

* Redirects never carry the client's ``Host``: Werkzeug builds the absolute URL of its own
  redirects (``/rules//704.5k`` → ``/rules/704.5k``, a missing trailing slash) from the
  request's Host header, so a forged Host would send the user elsewhere. The Location is
  cut back to a path on this site.
* A 503 (damaged data being rebuilt, a busy server) says when to come back.
* Behind a reverse proxy every request comes from the proxy's address, so the per-client
  limits (the board API's rate, the training login failures) would count the whole event
  as one client. ``JUDGE_PROXIES=N`` says that N proxies stand in front: the client's
  address is then read from the ``X-Forwarded-For`` they set (Werkzeug's ``ProxyFix``).
  Without it the header is ignored: a client could write any address there.
"""
from __future__ import annotations

import os
from urllib.parse import urlsplit, urlunsplit

from flask import Flask

from ..data_repair import RETRY_AFTER


def local_location(location: str) -> str:
    """``http://evil.example/rules/704.5k?x=1`` → ``/rules/704.5k?x=1`` (never ``//host``)."""
    parts = urlsplit(location)
    path = "/" + parts.path.lstrip("/")
    return urlunsplit(("", "", path, parts.query, parts.fragment))


MAX_PROXIES = 5


def trusted_proxies() -> int:
    """``JUDGE_PROXIES``: how many reverse proxies stand in front of the app (0 when unset)."""
    raw = os.environ.get("JUDGE_PROXIES", "").strip()
    if not raw:
        return 0
    if not raw.isdigit() or int(raw) > MAX_PROXIES:
        raise ValueError(f"JUDGE_PROXIES: ожидается число прокси перед приложением от 0 до {MAX_PROXIES}, "
                         f"а не «{raw[:20]}»")
    return int(raw)


def install(app: Flask) -> None:
    proxies = trusted_proxies()
    if proxies:
        from werkzeug.middleware.proxy_fix import ProxyFix

        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=proxies, x_proto=proxies, x_host=0, x_port=0, x_prefix=0)

    @app.after_request
    def guard_response(response):
        location = response.headers.get("Location")
        if location and 300 <= response.status_code < 400:
            response.headers["Location"] = local_location(location)
        if response.status_code == 503:
            response.headers.setdefault("Retry-After", str(RETRY_AFTER))
        return response
