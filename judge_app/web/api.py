"""The JSON API: the same shapes as the CLI's --json output."""
from __future__ import annotations

from flask import Blueprint, jsonify, request

from .. import services
from ..corpus.lookup import CorpusError
from .capacity import cached_json, expensive

api = Blueprint("api", __name__, url_prefix="/api")


def arg(name: str, default=None, max_len: int = 600):
    value = request.args.get(name, default)
    if isinstance(value, str) and len(value) > max_len:
        raise CorpusError(f"параметр {name} слишком длинный: {len(value)} символов")
    return value


@api.get("/rules/<path:number>")
def rule(number: str):
    if len(number) > 40:
        raise CorpusError(f"номер правила слишком длинный: {len(number)} символов", status=404)
    return jsonify(services.corpus().rule(number, arg("version"), arg("lang", "ru")))


@api.get("/search")
@expensive
def search():
    """A JSON array of hits, as ``judge search --json``; ``envelope=1`` adds the query and
    the keyboard-layout note: {"query", "corrected_query", "note", "hits"}."""
    from .queries import search as cached_search

    q = services.clean_query(arg("q"))  # validated before the cache sees it
    result = cached_search(q, arg("version"), arg("lang"), arg("kind"), arg("limit", 20))
    if arg("envelope") == "1":  # the pages' live search: each hit also gets its page URL
        from .pages import clean_snippet
        from .queries import builder_url, hit_url

        for hit in result["hits"]:
            for h in [hit, *hit.get("more", ())]:  # a folded block («ещё N») too
                h["url"] = hit_url(h)
                if h.get("kind") == "scenario":  # a scenario opens in the stepper or the builder
                    h["builder_url"] = builder_url(h)
                h["snippet"] = str(clean_snippet(h.get("snippet")))
        return jsonify(result)
    return jsonify(result["hits"])


@api.get("/glossary")
@expensive
def glossary():
    q, version, lang = arg("q"), arg("version"), arg("lang", "ru")
    c = services.corpus()
    if q is None or q == "":
        return cached_json(("glossary", id(c), version, lang), lambda: c.glossary_all(version, lang))
    return cached_json(("glossary", id(c), q, version, lang), lambda: c.glossary(q, version, lang))


@api.get("/versions")
def versions():
    return jsonify(services.corpus().versions())
