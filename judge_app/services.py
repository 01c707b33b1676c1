"""The one place the CLI and the web app get the corpus and search from.

``corpus()`` builds the data on first use (with a progress bar) and then hands out a
shared read-only ``Corpus``; ``search()`` validates a query and runs it, so the CLI
and the API refuse bad input with the same words.
"""
from __future__ import annotations

from . import paths
from .corpus.lookup import Corpus, CorpusError

KINDS = ("rule", "example", "glossary", "ruling", "card", "rulebook", "scenario")
_corpus: dict[str, Corpus] = {}


def corpus(progress: bool = True) -> Corpus:
    from .corpus.build import ensure_built
    from .data_repair import check_before_serving, raise_if_repairing, serving_a_request

    raise_if_repairing()  # 503 while damaged data is being rebuilt
    key = str(paths.db_path())
    if key not in _corpus:
        if serving_a_request():  # a server never builds inside a request: 503, rebuild aside
            check_before_serving()
        else:
            ensure_built(progress=progress)
        _corpus[key] = Corpus(paths.db_path())
    return _corpus[key]


def offline_pack(progress: bool = False) -> dict | None:
    """Build the offline pack for the current corpus when it is missing or stale
    (``offline.pack``). A failure is said and the app goes on without offline use.
    ``JUDGE_OFFLINE_PACK=0`` skips it (a server no phone uses offline, or a test of the
    corpus alone): the pages then work online only, as after a failure."""
    import os
    import sys

    from .offline.pack import ensure_pack

    if os.environ.get("JUDGE_OFFLINE_PACK", "").strip() == "0":
        return None

    try:
        return ensure_pack(corpus(progress=progress), progress=progress)
    except Exception as exc:  # noqa: BLE001 — the online app must start whatever happened here
        print(f"Офлайн-пакет не построен ({type(exc).__name__}: {exc}); сайт работает только с сетью.",
              file=sys.stderr)
        return None


def reset() -> None:
    """Forget the cached corpus (after a forced build)."""
    _corpus.clear()


def clean_query(q: str | None) -> str:
    """Validate a search query (empty, huge, control characters): the search's own rules."""
    from .search.query import QueryError, clean_query as search_clean_query

    try:
        return search_clean_query("" if q is None else q)
    except QueryError as exc:
        raise CorpusError(exc.message) from None


def check_kind(kind: str | None) -> str | None:
    if kind in (None, "", "all"):
        return None
    if kind not in KINDS:
        raise CorpusError(f"неизвестный вид «{kind[:20]}»; есть: {', '.join(KINDS)}")
    return kind


def check_limit(limit) -> int:
    try:
        value = int(limit)
    except (TypeError, ValueError):
        raise CorpusError(f"limit должен быть целым числом, а не «{str(limit)[:20]}»") from None
    if not 1 <= value <= 200:
        raise CorpusError(f"limit должен быть от 1 до 200, а не {value}")
    return value


def search(q: str | None, version: str | None = None, lang: str | None = None,
           kind: str | None = None, limit=20) -> dict:
    """Run a search; returns {"query", "corrected_query", "note", "hits"}."""
    from .search.query import QueryError, search as run_search

    c = corpus()
    q = clean_query(q)
    version = c.check_version(version)
    from .corpus.catalogue import searched_versions

    if version not in searched_versions():
        held = ", ".join(sorted(searched_versions(), reverse=True))
        raise CorpusError(f"поиск по тексту выпуска {version} не ведётся (его правила открываются по номеру "
                          f"и в сравнении версий); поиск есть по выпускам: {held}")
    lang = Corpus.check_lang(lang) if lang else None
    kind, limit = check_kind(kind), check_limit(limit)
    try:
        result = run_search(paths.index_dir(), q, version=version, lang=lang, kind=kind, limit=limit)
    except QueryError as exc:
        raise CorpusError(str(exc)) from None
    except Exception as exc:  # a damaged index fails in many ways: check it before calling it a bug
        from .data_repair import unavailable_for

        problem = unavailable_for(exc, suspect=True)
        if problem is None:
            raise
        raise problem from None
    return {"query": q, "corrected_query": result.corrected_query, "note": result.note,
            "hits": result.hits}
