"""The Flask app factory: the JSON API now, the judge's pages as blueprints."""
from __future__ import annotations

from flask import Flask, jsonify, request
from werkzeug.exceptions import HTTPException

from ..corpus.lookup import CorpusError
from ..cards.model import CardDataError


def create_app(config: dict | None = None) -> Flask:
    from .. import paths
    from .gc_policy import tune

    tune()   # a long replay must not set off a full collection every few requests (gc_policy)
    app = Flask(__name__, instance_path=str(paths.instance_dir()))  # the CLI's folder, wherever started
    app.config.update(JSON_AS_ASCII=False, MAX_CONTENT_LENGTH=1 << 20)
    if config:
        app.config.update(config)
    app.json.ensure_ascii = False

    from .api import api

    app.register_blueprint(api)
    from .api_diff import api_diff

    app.register_blueprint(api_diff)
    from .boards import boards; app.register_blueprint(boards)  # noqa: E702 — the board builder (issue 12)
    register_pages(app)
    from .offline_routes import register as register_offline

    register_offline(app)  # manifest, service worker, offline pack (issue 28)
    from .training import register as register_training

    register_training(app)
    from .error_reports import register as register_reports

    register_reports(app)   # after training: it uses the session key and the mentors' accounts
    from .guard import install as install_guard

    install_guard(app)

    @app.errorhandler(CorpusError)
    def corpus_error(exc: CorpusError):
        if wants_json():
            return jsonify(error=exc.message, suggestions=exc.suggestions), exc.status
        return page_error(exc.status, exc.message, exc.suggestions)

    @app.errorhandler(CardDataError)
    def card_data_error(exc: CardDataError):   # a broken card file: say which, never a 500
        message = f"данные карт (rules_corpus/cards) повреждены: {exc}"
        if wants_json():
            return jsonify(error=message), 503
        return page_error(503, message, [])

    @app.errorhandler(HTTPException)
    def http_error(exc: HTTPException):
        if wants_json():
            return jsonify(error=exc.description), exc.code
        return page_error(exc.code or 500, http_message(exc), [])

    @app.errorhandler(Exception)
    def unexpected(exc: Exception):  # never a traceback to the user
        from ..data_repair import unavailable_for

        problem = unavailable_for(exc)  # damaged data: 503 and a rebuild, not a 500
        if problem is not None:
            return corpus_error(problem)
        app.logger.exception("unexpected error")
        if wants_json():
            return jsonify(error="внутренняя ошибка"), 500
        return page_error(500, "внутренняя ошибка", [])

    return app


HTTP_MESSAGES = {
    404: "страницы «{path}» нет",
    405: "метод {method} здесь не поддерживается",
    413: "запрос слишком большой",
    414: "адрес слишком длинный",
    431: "заголовки запроса слишком большие",
}


def http_message(exc: HTTPException) -> str:
    """Werkzeug's English descriptions, said in Russian for the pages."""
    template = HTTP_MESSAGES.get(exc.code or 0)
    if not template:
        return exc.description or ""
    path = request.path if len(request.path) <= 200 else request.path[:200] + "…"
    return template.format(path=path, method=request.method)


def wants_json() -> bool:
    return request.path.startswith("/api/")


def page_error(status: int, message: str, suggestions: list[str]):
    try:
        from .pages import render_error
        return render_error(status, message, suggestions)
    except ImportError:
        return jsonify(error=message, suggestions=suggestions), status


def register_pages(app: Flask) -> None:
    try:
        from .pages import register
    except ImportError:
        return
    register(app)
