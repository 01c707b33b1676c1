"""One users.db connection per request, opened on first use and closed when the request ends.

Training and the error reports both keep their data in users.db and both need the same
plumbing: this is it, so a blueprint says which store it connects to and nothing more.
"""
from __future__ import annotations

from typing import Callable

from flask import Blueprint, g


def per_request(blueprint: Blueprint, key: str, connect: Callable) -> Callable:
    """A ``conn()`` for ``blueprint``: the request's connection under ``g.<key>``."""

    def conn():
        if key not in g:
            setattr(g, key, connect())
        return getattr(g, key)

    @blueprint.teardown_app_request
    def _close(_exc):
        c = g.pop(key, None)
        if c is not None:
            c.close()

    return conn
