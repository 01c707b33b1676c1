"""The board builder's pages and JSON API.

- ``POST /api/scenarios/run``: a scenario (YAML body, or JSON ``{"scenario": YAML or object,
  "decisions": [...], "states": "events"|"final", "at": N}``) → the run;
- ``POST /api/boards``, ``GET``/``PUT /api/boards/<id>``: saved boards with revisions
  (409 when the edit was based on an old revision);
- ``GET /api/cards?q=``: cards of the pool by Russian or English name, as you type, typos forgiven
  (``boards.card_search``);
- ``/boards/new`` (``?from=<library scenario id>``), ``/boards/<id>``: the builder and the
  play page (``static/boards.js``); ``/boards/<id>.yaml``: export.

Bad input is a 4xx JSON error ``{"error", "issues": [{"path", "line", "message"}]}``;
bodies are limited to ``MAX_BODY`` bytes and each client to ``RATE`` requests a minute
(counted in the user-data file, so the limit holds across every worker: ``rate_limit``).

Who may edit (``store``'s docstring): everyone may read, replay and copy a saved board; a
``PUT`` is for its author only — the browser's edit key in the ``AUTHOR_COOKIE`` cookie (set
by the first save), the same key in the ``X-Board-Key`` header (an API client gets it in the
answer of its first ``POST``), or the training account that created it. Anyone else gets 403
and the page offers to save a copy.
"""
from __future__ import annotations

import json
from contextlib import contextmanager
from functools import lru_cache

from flask import Blueprint, Response, abort, current_app, jsonify, render_template, request, session, url_for

from ..boards import card_search, replay, service, store, vocabulary
from . import boards_strings, queries, rate_limit, render, scenario_data
from .byte_cache import PageCache

boards = Blueprint("boards", __name__)

MAX_BODY = 256 * 1024
MAX_VARIATIONS = 200_000
MAX_DEPTH = 32        # nesting of a JSON body: a board is ~8 deep, variations are saved flat (boards.js)
RATE = 240            # requests a minute per client on the API's POST/PUT
BOARD_ID_CHARS = set(store.ID_ALPHABET)
AUTHOR_COOKIE = "judge_board_key"
AUTHOR_HEADER = "X-Board-Key"
AUTHOR_COOKIE_AGE = 5 * 365 * 24 * 3600   # a judge keeps editing their boards for years
MAX_KEY = 100


def _error(status: int, message: str, issues: list | None = None):
    return jsonify(error=message, issues=issues or []), status


@boards.errorhandler(replay.BoardInvalid)
def _invalid(exc: replay.BoardInvalid):
    first = exc.issues[0] if exc.issues else {"path": "-", "message": str(exc)}
    where = f"строка {first['line']}, " if first.get("line") else ""
    return _error(exc.status, f"{where}{first['path']}: {first['message']}", exc.issues)


@boards.errorhandler(RecursionError)
def _too_deep_yaml(exc: RecursionError):   # a YAML body nested beyond what the parser can follow
    issue = {"path": "scenario", "line": 0, "message": "слишком глубокая вложенность списков и словарей YAML"}
    return _error(400, f"scenario: {issue['message']}", [issue])


@boards.before_request
def _limits():
    if request.method not in ("POST", "PUT"):
        return None
    if request.content_length is not None and request.content_length > MAX_BODY:
        return _error(413, f"запрос слишком большой: {request.content_length} байт, максимум {MAX_BODY}")
    limit = current_app.config.get("BOARDS_RATE", RATE)
    if not rate_limit.allow("boards", request.remote_addr or "-", limit):   # shared by every worker
        return _error(429, f"слишком много запросов: не больше {limit} в минуту")
    return None


def _body() -> dict:
    """JSON object, or a YAML body taken as ``{"scenario": text}``."""
    raw = request.get_data(cache=True)
    if len(raw) > MAX_BODY:
        raise replay.BoardInvalid([{"path": "body", "line": 0, "message": f"запрос больше {MAX_BODY} байт"}], 413)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise replay.BoardInvalid([{"path": "body", "line": 0, "message": "тело запроса не в UTF-8"}]) from None
    if request.is_json:
        try:
            data = json.loads(text)
        except ValueError as exc:
            raise replay.BoardInvalid([{"path": "body", "line": getattr(exc, "lineno", 0),
                                        "message": f"неверный JSON: {exc}"}]) from None
        except RecursionError:
            raise replay.BoardInvalid([_too_deep("body")]) from None
        if _depth(data) > MAX_DEPTH:
            raise replay.BoardInvalid([_too_deep("body")])
        if not isinstance(data, dict) or "scenario" not in data:
            raise replay.BoardInvalid([{"path": "body", "line": 0, "message": "ожидается объект JSON с ключом scenario"}])
        return data
    return {"scenario": text}


def _too_deep(path: str) -> dict:
    return {"path": path, "line": 0, "message": f"слишком глубокая вложенность (больше {MAX_DEPTH} уровней)"}


def _depth(value) -> int:
    """How deeply lists and objects nest (without recursion: the input is hostile)."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        v, d = stack.pop()
        if isinstance(v, (dict, list)):
            deepest = max(deepest, d)
            if d <= MAX_DEPTH:
                stack.extend((x, d + 1) for x in (v.values() if isinstance(v, dict) else v))
    return deepest


def _variations(data: dict) -> str | None:
    v = data.get("variations")
    if v is None:
        return None
    text = json.dumps(v, ensure_ascii=False)
    if len(text) > MAX_VARIATIONS:
        raise replay.BoardInvalid([{"path": "variations", "line": 0, "message": "дерево вариантов слишком большое"}], 413)
    return text


def _validated(data: dict) -> str:
    text = service.scenario_text(data.get("scenario"))
    replay.load(text)
    return text


@contextmanager
def _store():
    """A connection to the user-data file for one request."""
    conn = store.connect()
    try:
        yield conn
    finally:
        conn.close()


def _saved(bid: str, revision: int | None = None) -> store.Board:
    """The saved board for a page, or a 404 page."""
    _check_id(bid)
    with _store() as conn:
        b = store.get(conn, bid, revision)
    if b is None:
        abort(404, description=f"доски «{bid}» нет")
    return b


def _board_json(b: store.Board) -> dict:
    d = b.to_dict()
    d["variations"] = json.loads(b.variations) if b.variations else None
    d["url"] = url_for("boards.board_page", bid=b.id)
    return d


def _check_id(bid: str) -> None:
    if len(bid) != store.ID_LENGTH or not set(bid) <= BOARD_ID_CHARS:
        abort(404, description=f"доски «{bid[:40]}» нет")


# -- API ---------------------------------------------------------------------------
@boards.post("/api/scenarios/run")
def api_run():
    data = _body()
    out = service.run(data["scenario"], data.get("decisions"), data.get("states", "events"), data.get("at"),
                      bool(data.get("export")))
    if "events" in out:
        out["rule_texts"] = _rule_texts(out["events"], out["rules_version"], _page_rules(out))
    return jsonify(out)


@boards.post("/api/scenarios/explain")
def api_explain():
    """Why an object is what it is now: ``{scenario, decisions, at, id}`` → the popup's HTML
    (``templates/_why.html``, shared with the scenario stepper) and its data."""
    data = _body()
    out = service.explain(data["scenario"], data.get("decisions"), data.get("at"), data.get("id"))
    out["html"] = render_template("_why_popup.html", x=out["explain"], ts=out["timestamps"],
                                  rules_version=out["rules_version"], w=boards_strings.why_strings())
    return jsonify(out)


def _page_rules(out: dict) -> list:
    """Rules the page cites besides the trace: the order line's, the proposed damage split's."""
    rows = (out.get("owed") or {}).get("rows") or []
    return list(out.get("order_rules") or []) + [n for row in rows for w in row.get("why") or [] for n in w["rules"]]


def _rule_texts(events: list, version: str, more=()) -> dict:
    """{number: {"text", "url"}} for every rule the trace cites (and ``more``: the order line's):
    the page links each one and shows its text on hover or tap."""
    out, lang = {}, boards_strings.ui.ui_lang()
    for n in sorted({str(r) for e in events for r in e.get("rules") or []} | {str(r) for r in more or ()}):
        # a number the corpus lacks previews as ""; a damaged corpus raises, and the guard answers 503
        out[n] = {"text": render.rule_preview(n, version, lang) or "", "url": render.rule_href(n, version)}
    return out


def _author() -> store.Author:
    """Who asks: their edit key (header first, then cookie) and training account."""
    key = request.headers.get(AUTHOR_HEADER) or request.cookies.get(AUTHOR_COOKIE)
    uid = session.get("uid")
    return store.Author(key if key and len(key) <= MAX_KEY else None, uid if isinstance(uid, int) else None)


@boards.post("/api/boards")
def api_create():
    data = _body()
    text = _validated(data)
    who = _author()
    fresh = who.key is None
    if fresh:
        who = store.Author(store.new_author_key(), who.uid)
    with _store() as conn:
        b = store.create(conn, text, _variations(data), who)
    out = {"id": b.id, "revision": b.revision, "url": url_for("boards.board_page", bid=b.id)}
    if fresh:   # shown once: an API client keeps it for its PUTs (X-Board-Key)
        out["edit_key"] = who.key
    resp = jsonify(out)
    if fresh or request.cookies.get(AUTHOR_COOKIE) != who.key:
        resp.set_cookie(AUTHOR_COOKIE, who.key, max_age=AUTHOR_COOKIE_AGE, httponly=True, samesite="Lax",
                        secure=request.is_secure)
    return resp, 201


@boards.get("/api/boards/<bid>")
def api_get(bid: str):
    _check_id(bid)
    rev = request.args.get("revision", type=int)
    with _store() as conn:
        b = store.get(conn, bid, rev)
        hist = store.history(conn, bid) if b else []
    if b is None:
        return _error(404, f"доски «{bid}»" + (f" в ревизии {rev}" if rev else "") + " нет")
    return jsonify(_board_json(b) | {"history": hist})


@boards.put("/api/boards/<bid>")
def api_update(bid: str):
    _check_id(bid)
    data = _body()
    rev = data.get("revision")
    if not isinstance(rev, int) or isinstance(rev, bool) or rev < 1:
        return _error(400, "revision: нужна ревизия, на которой основана правка (целое число от 1)",
                      [{"path": "revision", "line": 0, "message": "нужно целое число от 1"}])
    text = _validated(data)
    try:
        with _store() as conn:
            b = store.update(conn, bid, rev, text, _variations(data), _author())
    except store.NotAuthor:
        return jsonify(error="эту доску может менять только её автор; сохраните свою копию (POST /api/boards)",
                       not_author=True), 403
    except store.Conflict as exc:
        return jsonify(error=f"доску уже изменили: последняя ревизия {exc.latest.revision}, а правка основана на {rev}",
                       latest=_board_json(exc.latest)), 409
    if b is None:
        return _error(404, f"доски «{bid}» нет")
    return jsonify(id=b.id, revision=b.revision, url=url_for("boards.board_page", bid=b.id))


@boards.get("/api/cards")
def api_cards():
    q = request.args.get("q") or ""
    if len(q.strip()) > 60:
        return _error(400, "q: слишком длинный запрос (максимум 60 символов)")
    return jsonify([{"name_ru": c.name_ru, "name_en": c.name_en, "types": list(c.types),
                     "pt": f"{c.power}/{c.toughness}" if c.power is not None else None, "text_ru": c.text_ru}
                    for c in card_search.find(q)])


# -- pages -------------------------------------------------------------------------
# The page's first run, as JSON text, by what it is made of: a saved revision never changes, so
# opening its permalink again (or a library scenario in the builder) need not replay the whole
# line (a 100-decision line: ~0.2 s). Bounded in bytes; the game itself is not kept.
first_runs = PageCache(max_bytes=16 << 20)


def _first_run_json(scenario: str, variations: str | None, lang: str) -> str:
    import hashlib

    digest = hashlib.sha256(f"{scenario}\0{variations or ''}".encode("utf-8")).hexdigest()
    key = (id(queries.corpus()), lang, digest)
    hit = first_runs.get(key)
    if hit is None:
        hit = json.dumps(_first_run(scenario, variations), ensure_ascii=False)
        first_runs.put(key, hit)
    return hit


def _first_run(scenario: str, variations: str | None) -> dict | None:
    """The run the page would ask for first (the board, at the line it was saved at), put in
    the page so it draws without a round trip. None when the board no longer loads (a newer
    corpus refuses it): the page then asks, and shows the loader's messages."""
    decisions = service.path_decisions(json.loads(variations) if variations else None)
    try:
        out = service.run(scenario, decisions, "final", with_data=True)
    except replay.BoardInvalid:
        return None
    out["rule_texts"] = _rule_texts(out["events"], out["rules_version"], _page_rules(out))
    return out


@lru_cache(maxsize=4)
def _new_board_run(lang: str) -> str:
    """The new page's board and its run, the same for every visitor: made once per language
    (JSON text, so no caller can change it)."""
    return json.dumps(_first_run(service.default_board(lang), None), ensure_ascii=False)


def _page(scenario: str, board: store.Board | None, origin: str = "", can_edit: bool = True):
    from judge_app.engine.kernel.state import STEP_EN, STEP_RU, STEPS

    lang = boards_strings.ui.ui_lang()
    steps = [[s, STEP_EN[s] if lang == "en" else STEP_RU.get(s, s)] for s in STEPS]
    if scenario:
        first = _first_run_json(scenario, board.variations if board else None, lang)
    else:
        first = _new_board_run(lang)
    return render_template("boards.html", scenario=scenario, board=board, can_edit=can_edit, first_run=first,
                           variations=board.variations if board else "", origin=origin,
                           page_strings=json.dumps(boards_strings.for_page(), ensure_ascii=False),
                           steps=json.dumps(steps, ensure_ascii=False), s=boards_strings.for_page(),
                           vocab=json.dumps(vocabulary.for_page(lang == "en"), ensure_ascii=False))


@boards.get("/boards/new")
def new_page():
    sid = request.args.get("from", "")
    text, origin = "", ""
    if sid:
        if not scenario_data.ID_RE.fullmatch(sid):
            abort(404, description=f"недопустимый идентификатор сценария «{sid[:60]}»")
        item = scenario_data.find(sid)
        if item is None:
            abort(404, description=f"сценарий «{sid}» не найден")
        text, origin = item.path.read_text(encoding="utf-8"), item.id
    return _page(text, None, origin)


@boards.get("/boards/<bid>.yaml")
def export_yaml(bid: str):
    b = _saved(bid, request.args.get("revision", type=int))
    return Response(b.scenario, mimetype="application/x-yaml",
                    headers={"Content-Disposition": f'attachment; filename="board-{b.id}-r{b.revision}.yaml"'})


@boards.get("/boards/<bid>")
def board_page(bid: str):
    b = _saved(bid)
    with _store() as conn:
        can_edit = bool(store.may_edit(conn, bid, _author()))
    return _page(b.scenario, b, can_edit=can_edit)

