"""The judge's pages: search, rules, table of contents, glossary, FAQ, the 1998 rulebook.

Every page reads the corpus through ``services.corpus()`` (and ``queries`` for the few
extra reads), validates its parameters into a 400 page that says what was wrong, and
renders templates that escape everything they did not build themselves.
"""
from __future__ import annotations

import re

import nh3
from flask import (Blueprint, Flask, g, redirect, render_template, request, url_for)
from markupsafe import Markup

from .. import services
from ..corpus.lookup import Corpus, CorpusError
from . import faq_view, queries, render, ui
from .byte_cache import PageCache
from .capacity import expensive, off_loop

reference = Blueprint("reference", __name__)


page_cache = PageCache()


def cached_page(view=None, *, vary=None):
    """Serve a corpus page from ``page_cache`` (key: corpus, URL, interface language, view mode,
    and ``vary()`` for a page that also depends on something else, such as the scenario files)."""
    from functools import wraps

    if view is None:
        return lambda v: cached_page(v, vary=vary)

    @wraps(view)
    def wrapper(*args, **kwargs):
        try:
            kept = tuple(request.args.get(k) for k in page_params())
            key = (id(queries.corpus()), request.path, kept, ui.ui_lang(), request.cookies.get("show", ""),
                   vary() if vary else None)
        except Exception:
            return view(*args, **kwargs)
        hit = page_cache.get(key)
        if hit is not None:
            return hit
        result = (view(*args, **kwargs) if getattr(view, "runs_off_loop", False)  # it moves itself
                  else off_loop(view, *args, **kwargs))
        if isinstance(result, str):
            page_cache.put(key, result)
        return result
    return wrapper

SHOW = ("both", "ru", "en")
KINDS = getattr(services, "KINDS", ("rule", "example", "glossary", "ruling", "card", "rulebook", "scenario"))
MAX_QUERY = 500  # the search refuses longer queries itself; this bounds what the page reads
CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
# The query parameters each page reads; links that switch one keep the others, nothing else
# (so a cached page never carries someone else's stray parameters).
PAGE_PARAMS = {
    "reference.home": ("version", "lang", "kind"),
    "reference.search": ("q", "version", "lang", "kind"),
    "reference.rule": ("version", "show"),
    "reference.toc": ("version", "show"),
    "reference.glossary": ("version", "q"),
    "reference.versions": ("version",),
    "reference.version_diff": ("from", "to", "lang", "status"),
    "scenarios.library": ("q", "tag"),
    "scenarios.scenario": ("step",),
}


def page_params() -> tuple[str, ...]:
    return PAGE_PARAMS.get(request.endpoint or "", ())
MAX_PARAM = 600


# -- parameters -----------------------------------------------------------------
def param(name: str, default: str | None = None, max_len: int = MAX_PARAM) -> str | None:
    value = request.args.get(name, default)
    if value is None:
        return None
    if len(value) > max_len:
        raise CorpusError(f"параметр «{name}» слишком длинный: {len(value)} символов, максимум {max_len}")
    if "\x00" in value:
        raise CorpusError(f"в параметре «{name}» недопустимый нулевой символ")
    return value


def current_version() -> str:
    """The rules version of this request (``?version=``), validated; 400 when unknown."""
    if "version" not in g:
        value = param("version", max_len=40) or None
        f = queries.frame()
        if value is None:
            g.version = f["default_version"]
        elif value.strip() in f["cr_versions"]:
            g.version = value.strip()
        else:
            g.version = queries.corpus().check_version(value)  # raises the 400 with what exists
    return g.version


def safe_version() -> str:
    """The version for the page frame: never raises (error pages use it too)."""
    try:
        return current_version()
    except Exception:
        try:
            return queries.frame()["default_version"]
        except Exception:
            return ""


def show_mode() -> str:
    value = param("show", max_len=10)
    if value is None:
        value = request.cookies.get("show", "both")
        return value if value in SHOW else "both"
    if value not in SHOW:
        raise CorpusError(f"параметр show может быть both, ru или en, а не «{value[:10]}»")
    return value


def switch_url(**changes) -> str:
    """The current URL with some query parameters changed (None removes one)."""
    keep = page_params()
    args = {k: v for k, v in request.args.items() if k in keep}
    for k, v in changes.items():
        if v is None:
            args.pop(k, None)
        else:
            args[k] = v
    endpoint = request.endpoint or "reference.home"
    view_args = dict(request.view_args or {})
    try:
        return url_for(endpoint, **view_args, **args)
    except Exception:
        return url_for("reference.home", **args)


_urls: dict = {}


def fast_url_for(endpoint: str, **values) -> str:
    """``url_for`` remembered: a page builds dozens of the same links (the URL map never
    changes while the app runs; the script root is part of the key)."""
    if values.get("_external") or values.get("_scheme"):
        return url_for(endpoint, **values)
    try:
        key = (request.script_root, endpoint,
               tuple(sorted((k, v if isinstance(v, (str, int)) else repr(v)) for k, v in values.items()
                            if v is not None)))
        hash(key)
    except (TypeError, RuntimeError):
        return url_for(endpoint, **values)
    url = _urls.get(key)
    if url is None:
        url = url_for(endpoint, **values)
        if len(_urls) > 100_000:
            _urls.clear()
        _urls[key] = url
    return url


def vurl(endpoint: str, **kw) -> str:
    """url_for that keeps the current rules version when it is not the default one."""
    version = safe_version()
    try:
        default = queries.frame()["default_version"]
    except Exception:
        default = version
    if "version" not in kw and version and version != default:
        kw["version"] = version
    return fast_url_for(endpoint, **kw)


def show_value(value) -> str:
    """A scenario value for people: {"Боб": 17} -> "Боб: 17", [a, b] -> "a, b"."""
    if isinstance(value, dict):
        return ", ".join(f"{k}: {show_value(v)}" for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return ", ".join(show_value(v) for v in value)
    if value is True:
        return "да" if ui.ui_lang() == "ru" else "yes"
    if value is False:
        return "нет" if ui.ui_lang() == "ru" else "no"
    return str(value)


def frame_context() -> dict:
    """What every template gets: strings, versions, the current version, helpers."""
    try:
        f = queries.frame()
        versions, default, documents = f["cr_versions"], f["default_version"], f["documents"]
    except Exception:
        versions, default, documents = [], "", []
    return {"t": ui.t, "ui_lang": ui.ui_lang(), "cr_versions": versions, "default_version": default,
            "version": safe_version(), "documents": documents, "switch_url": switch_url, "vurl": vurl,
            "linkify": render.linkify, "ref_link": render.ref_link, "moved_note": render.moved_note, "plain": render.plain,
            "zone_name": ui.zone_name, "show_value": show_value, "page_params": page_params}


# -- search ---------------------------------------------------------------------
def clean_snippet(snippet: str | None) -> Markup:
    return Markup(nh3.clean(snippet or "", tags={"mark"}, attributes={}))


def search_args() -> dict:
    version = current_version()
    lang = param("lang", max_len=10) or None
    if lang:
        lang = Corpus.check_lang(lang)
    kind = services.check_kind(param("kind", max_len=20) or None)
    return {"version": version, "lang": lang, "kind": kind}


@reference.get("/")
def home():
    args = search_args()
    return render_template("search.html", q="", result=None, args=args, kinds=KINDS, home=True, search_page=True)


@reference.get("/search")
@expensive
def search():
    args = search_args()
    q = param("q", max_len=MAX_QUERY) or ""
    if not q.strip():
        return render_template("search.html", q="", result=None, args=args, kinds=KINDS,
                               home=True, search_page=True)
    q_clean = services.clean_query(q)
    c = services.corpus()
    if args["kind"] in (None, "rule"):
        number = c.find_number(q_clean, args["version"], "ru") if len(q_clean) <= 40 else None
        if number:
            show = "en" if args["lang"] == "en" else None
            return redirect(url_for("reference.rule", number=number, version=args["version"], show=show))
    result = queries.search(q_clean, args["version"], args["lang"], args["kind"], 20)
    for hit in result["hits"]:
        for h in [hit, *hit.get("more", ())]:  # a folded block («ещё N») too
            h["url"] = queries.hit_url(h)
            h["builder_url"] = queries.builder_url(h)
            h["snippet_html"] = clean_snippet(h.get("snippet"))
    return render_template("search.html", q=q, result=result, args=args, kinds=KINDS, home=False, search_page=True,
                           scenarios=matching_scenarios(result.get("corrected_query") or q_clean))


def matching_scenarios(q: str, limit: int = 6) -> list:
    """Scenarios whose id, title, summary, source or tags contain every word of the query
    (``scenario_pages.matching``)."""
    try:
        from .scenario_pages import matching

        return matching(q, limit)
    except Exception:
        return []


# -- rules ----------------------------------------------------------------------
@reference.get("/rules/")
@reference.get("/rules")
@cached_page
def toc():
    version = current_version()
    show = show_mode()
    lang = "en" if show == "en" else "ru"
    chapters = queries.toc(version, lang)
    other = queries.toc(version, "en") if show == "both" else []
    other_titles = {s["number"]: s["title"] for ch in other for s in [ch, *ch["sections"]]}
    return render_template("toc.html", chapters=chapters, other_titles=other_titles, show=show)


@reference.get("/rules/<path:number>")
@cached_page
def rule(number: str):
    version = current_version()
    show = show_mode()
    raw = number.strip()
    if not raw:
        return redirect(url_for("reference.toc", version=version))
    ctx = queries.rule_context(raw, version, "ru")
    if ctx["number"] != raw:  # «704,5к» -> the canonical «704.5k»
        args = {k: v for k, v in request.args.items() if k in page_params()}
        args["version"] = version
        return redirect(url_for("reference.rule", number=ctx["number"], **args))
    other = ctx.get("other") or {}
    other_children = {ch["number"]: ch for ch in other.get("children", [])}
    ocr = {}
    if ctx.get("ocr") is not None:
        numbers = [ctx["number"]] + [ch["number"] for ch in ctx["children"]]
        ocr = queries.ocr_marked(version, "ru", numbers)
    main = {"number": ctx["number"], "level": ctx["level"], "ru": ctx, "en": other or None,
            "ocr": ocr.get(ctx["number"])}
    rows = []
    if ctx["level"] != "chapter":
        for ch in ctx["children"]:
            rows.append({"number": ch["number"], "level": ch["level"], "ru": ch,
                         "en": other_children.get(ch["number"]), "ocr": ocr.get(ch["number"])})
    sections = ctx["children"] if ctx["level"] == "chapter" else []
    try:
        from .scenario_data import citing
        # the library plays older rules: a scenario citing this rule's predecessor counts too
        numbers = {version: ctx["number"]}
        for e in ctx.get("timeline", []):
            numbers.setdefault(e["version"], e["number"])
        scenarios, seen = [], set()
        for v, n in numbers.items() if ctx["level"] != "chapter" else ():
            for it in citing(n, v):
                if it.id not in seen:
                    seen.add(it.id)
                    scenarios.append(it)
        scenarios = scenarios[:30]
    except Exception:
        scenarios = []
    return render_template("rule.html", r=ctx, main=main, rows=rows, sections=sections, show=show,
                           # a path, not a full URL: a cached page must not carry one client's Host
                           permalink=url_for("reference.rule", number=ctx["number"], version=version),
                           scenarios=scenarios, faq_rulings=faq_view.for_rule(ctx["number"], version),
                           has_ocr=any((o or {}).get("marked_text") for o in ocr.values()))


@reference.after_app_request
def remember_show(response):
    value = request.args.get("show")
    if value in SHOW and request.cookies.get("show") != value:
        response.set_cookie("show", value, max_age=365 * 24 * 3600, samesite="Lax")
    return response


# -- glossary -------------------------------------------------------------------
@reference.get("/glossary")
@cached_page
@expensive
def glossary():
    version = current_version()
    q = (param("q", max_len=200) or "").strip()
    if q and CONTROL.search(q):
        raise CorpusError("в термине недопустимый управляющий символ")
    entries = queries.glossary_both(version)
    if q:
        needle = q.lower().replace("ё", "е")
        entries = [e for e in entries
                   if needle in (e["term_en"] or "").lower()
                   or needle in (e["term_ru"] or "").lower().replace("ё", "е")]
    return render_template("glossary.html", entries=entries, q=q)


# -- FAQ ------------------------------------------------------------------------
FAQ_VERSION = "2019-05-03"  # the oldest CR held: the nearest to the FAQ's 2010 rules


@reference.get("/faq")
@cached_page
def faq():
    return render_template("faq.html", doc=queries.faq_doc(), cards=queries.cards(),
                           groups=queries.general_rulings(), faq_version=FAQ_VERSION,
                           faq_links=faq_view.links())


@reference.get("/faq/<int(max=999999):position>")
@cached_page
def faq_card(position: int):
    card = queries.card_by_position(position)
    if not card:
        raise CorpusError(f"карта №{position} не найдена в FAQ", status=404)
    all_cards = queries.cards()
    index = next((i for i, c in enumerate(all_cards) if c["position"] == position), None)
    prev_card = all_cards[index - 1] if index else None
    next_card = all_cards[index + 1] if index is not None and index + 1 < len(all_cards) else None
    return render_template("card.html", card=card, doc=queries.faq_doc(), faq_version=FAQ_VERSION,
                           prev_card=prev_card, next_card=next_card, faq_links=faq_view.links())


@reference.get("/faq/ruling/<int(max=999999):position>")
def faq_ruling(position: int):
    card_pos = queries.ruling_card_position(position)
    if card_pos is None:
        return redirect(url_for("reference.faq", _anchor=f"r{position}"))
    return redirect(url_for("reference.faq_card", position=card_pos, _anchor=f"r{position}"))


# -- rulebook and versions -------------------------------------------------------
@reference.get("/rulebook")
@cached_page
def rulebook():
    return render_template("rulebook.html", doc=queries.rulebook_doc(), topics=queries.topics())


@reference.get("/versions")
def versions():
    return render_template("versions.html")


DIFF_STATUSES = ("changed", "renumbered", "added", "removed")


@reference.get("/versions/diff")
@cached_page
@expensive
def version_diff():
    """What changed between two releases: added, removed, renumbered and changed rules."""
    from ..corpus.lookup import VersionHistory

    f = queries.frame()
    known = f["cr_versions"]
    if len(known) < 2:
        raise CorpusError("в корпусе одна версия правил: сравнивать не с чем")
    old = param("from", max_len=40) or known[-1]
    new = param("to", max_len=40) or known[0]
    lang = Corpus.check_lang(param("lang", max_len=10) or "ru")
    status = param("status", max_len=20) or ""
    if status and status not in DIFF_STATUSES:
        raise CorpusError(f"параметр status может быть {', '.join(DIFF_STATUSES)}, а не «{status[:20]}»")
    data = VersionHistory(queries.corpus()).diff(old, new, lang)
    changes = [c for c in data["changes"] if not status or c["status"] == status]
    return render_template("diff.html", data=data, changes=changes, status=status, statuses=DIFF_STATUSES,
                           diff_lang=lang)


# -- errors and registration -----------------------------------------------------
def render_error(status: int, message: str, suggestions: list[str]):
    """The 404/400 page: what was wrong, and the nearest existing rules."""
    status = status if isinstance(status, int) and 400 <= status < 600 else 500
    try:
        version = safe_version()
        return render_template("error.html", status=status, message=message or "",
                               suggestions=suggestions or [], sugg_version=version), status
    except Exception:  # the error page itself must never fail
        from markupsafe import escape
        return (f"<!doctype html><meta charset=utf-8><title>{status}</title>"
                f"<h1>{status}</h1><p>{escape(message or '')}</p><p><a href='/'>На главную</a></p>",
                status, {"Content-Type": "text/html; charset=utf-8"})


SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; script-src 'self'; style-src 'self'; "
                               "img-src 'self' data:; object-src 'none'; base-uri 'none'; "
                               "frame-ancestors 'none'; form-action 'self'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
}


def register(app: Flask) -> None:
    from .scenario_pages import scenarios

    app.register_blueprint(reference)
    app.register_blueprint(scenarios)
    app.context_processor(frame_context)
    app.jinja_env.globals["url_for"] = fast_url_for
    app.after_request(ui.remember_ui)

    def warm() -> None:  # run the scenario library once, so the first rule page need not
        try:
            from .scenario_data import citing
            citing("1", "")
        except Exception:
            pass

    import os
    import threading
    if "PYTEST_CURRENT_TEST" not in os.environ:  # tests build the index when they ask for it
        threading.Thread(target=warm, name="warm-scenarios", daemon=True).start()

    @app.after_request
    def security_headers(response):
        for k, v in SECURITY_HEADERS.items():
            response.headers.setdefault(k, v)
        return response
