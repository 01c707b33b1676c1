"""``/api/diff?from=…&to=…&lang=…``: the version comparison, as ``judge diff --json``."""
from __future__ import annotations

from flask import Blueprint, request

from .. import services
from ..corpus.lookup import CorpusError, VersionHistory
from .capacity import cached_json, expensive

api_diff = Blueprint("api_diff", __name__, url_prefix="/api")


@api_diff.get("/diff")
@expensive
def diff():
    old, new = request.args.get("from"), request.args.get("to")
    if not old or not new:
        raise CorpusError("укажите обе версии: /api/diff?from=2019-05-03&to=2020-01-24")
    include = request.args.get("all") == "1"
    old, new, lang = old[:40], new[:40], request.args.get("lang", "ru")[:10]
    c = services.corpus()
    return cached_json(("diff", id(c), old, new, lang, include),  # the same for everyone: computed once
                       lambda: VersionHistory(c).diff(old, new, lang, include))
