"""What every response gets, whoever sent the request.

* Redirects never carry the client's ``Host``: Werkzeug builds the absolute URL of its own
  redirects (``/rules//704.5k`` → ``/rules/704.5k``, a missing trailing slash) from the
  request's Host header, so a forged Host would send the user elsewhere. The Location is
  cut back to a path on this site.
* A 503 (damaged data being rebuilt, a busy server) says when to come back.
"""
from __future__ import annotations

from urllib.parse import urlsplit, urlunsplit

from flask import Flask

from ..data_repair import RETRY_AFTER


def local_location(location: str) -> str:
    """``http://evil.example/rules/704.5k?x=1`` → ``/rules/704.5k?x=1`` (never ``//host``)."""
    parts = urlsplit(location)
    path = "/" + parts.path.lstrip("/")
    return urlunsplit(("", "", path, parts.query, parts.fragment))


def install(app: Flask) -> None:
    @app.after_request
    def guard_response(response):
        location = response.headers.get("Location")
        if location and 300 <= response.status_code < 400:
            response.headers["Location"] = local_location(location)
        if response.status_code == 503:
            response.headers.setdefault("Retry-After", str(RETRY_AFTER))
        return response
