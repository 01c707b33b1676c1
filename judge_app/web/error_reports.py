"""«Сообщить об ошибке в тексте»: judges report errors in the Russian text; mentors review them.

- ``GET /corrections/report?rule=704.5f&phrase=…``: the rule's Russian text and the form
  (the words selected on the rule page arrive in ``phrase``; selecting in the text shown
  here fills the field too). No account is needed.
- ``POST /corrections/report``: the report. Refused with a page that says what is wrong:
  413 for a body over ``MAX_BODY``, 400 for a missing or wrong CSRF token, 429 beyond
  ``RATE`` reports a minute from one client (counted in ``users.db`` across workers,
  ``rate_limit``), 404 for a rule the text does not have, 400 for an empty, over-long or
  HTML field or words not in the rule, 409 for a fix already reported. Stored once.
- ``GET /training/corrections``: a mentor's queue (under ``/training``, so logging in
  returns to it); ``POST /training/corrections/<id>``: accept (as is or edited) or reject.

Everything a reader typed is shown through Jinja's escaping only (the report is text; no
field may contain ``<`` or ``>`` anyway). CSRF is checked per blueprint, as in
``training``: the JSON API stays free of it.
"""
from __future__ import annotations

from flask import Blueprint, make_response, redirect, render_template, request, url_for
from flask_wtf.csrf import CSRFError, validate_csrf
from wtforms.validators import ValidationError

from .. import services
from ..corpus import corrections as corr
from ..error_reports import evidence, store, target
from ..error_reports.store import ReportError
from . import rate_limit, ui
from .request_db import per_request

reports = Blueprint("reports", __name__)

MAX_BODY = 8 * 1024   # bytes: three fields of a few hundred characters fit many times over
RATE = 10             # reports a minute from one client
RATE_BUCKET = "text_reports"

ui.STRINGS.update({
    "report_error": ("сообщить об ошибке в тексте", "report an error in the text"),
    "report_title": ("Ошибка в тексте правила {n}", "An error in the text of rule {n}"),
    "report_intro": ("Русский текст 2020 года восстановлен из OCR и может содержать ошибки распознавания. "
                     "Выделите в тексте слово или фразу с ошибкой и предложите исправление. Учётная запись не нужна; "
                     "сообщение проверит наставник.",
                     "The 2020 Russian text is decoded from OCR and may have reading errors. Select the wrong word or "
                     "phrase in the text and propose the fix. No account is needed; a mentor reviews the report."),
    "report_phrase": ("Фрагмент с ошибкой", "The words with the error"),
    "report_phrase_hint": ("выделите его в тексте выше или скопируйте сюда", "select them in the text above or copy them here"),
    "report_fix": ("Исправление", "The fix"),
    "report_comment": ("Комментарий (необязательно)", "Comment (optional)"),
    "report_send": ("Отправить", "Send"),
    "report_thanks": ("Спасибо! Сообщение №{id} отправлено на проверку наставнику.",
                      "Thank you! Report no. {id} is waiting for a mentor's review."),
    "back_to_rule": ("Вернуться к правилу", "Back to the rule"),
    "review_title": ("Сообщения об ошибках в тексте", "Reports of errors in the text"),
    "review_open": ("Ждут проверки", "Waiting for review"),
    "review_done": ("Рассмотренные", "Decided"),
    "review_none": ("Новых сообщений нет.", "No new reports."),
    "review_proposed": ("Предложено", "Proposed"),
    "review_glyphs": ("Глифы OCR", "OCR glyphs"),
    "review_english": ("Английский (слова)", "English (the words)"),
    "review_english_text": ("Английский текст правила", "The English rule"),
    "review_2019": ("Текст 2019 года", "The 2019 text"),
    "review_reason": ("Причина (если исправление не следует из глифов)", "Reason (if the fix does not follow from the glyphs)"),
    "review_accept": ("Принять", "Accept"),
    "review_reject": ("Отклонить", "Reject"),
    "review_export": ("Принятые исправления попадут в файл rules_corpus/corrections командой «judge corrections export».",
                      "Accepted fixes reach rules_corpus/corrections with «judge corrections export»."),
    "reads_yes": ("исправление читается из этих глифов (модель декодера)", "the fix reads from these glyphs (the decoder's model)"),
    "reads_no": ("исправление не читается из этих глифов: поправьте глифы или напишите причину",
                 "the fix does not read from these glyphs: correct the glyphs or give a reason"),
    "status_open": ("ждёт", "open"),
    "status_accepted": ("принято", "accepted"),
    "status_rejected": ("отклонено", "rejected"),
    "reporter_anon": ("без учётной записи", "no account"),
})


def register(app) -> None:
    app.register_blueprint(reports)


# -- plumbing ------------------------------------------------------------------------
conn = per_request(reports, "reports_conn", store.connect)


@reports.before_request
def _guard():
    if request.method != "POST":
        return
    if (request.content_length or 0) > MAX_BODY:
        raise ReportError(f"сообщение слишком большое: {request.content_length} байт, максимум {MAX_BODY}", 413)
    request.max_content_length = MAX_BODY   # a body without Content-Length (chunked) is read no further
    try:
        validate_csrf(request.form.get("csrf_token"))
    except (ValidationError, CSRFError) as exc:
        why = "нет токена защиты формы (CSRF)" if "missing" in str(exc).lower() else "токен защиты формы (CSRF) неверен или устарел"
        raise ReportError(f"поле «csrf_token»: {why}; обновите страницу и отправьте форму снова") from None


@reports.errorhandler(ReportError)
def _report_error(exc: ReportError):
    from .pages import render_error

    response = make_response(render_error(exc.status, exc.message, []))
    if exc.status == 429:
        response.headers["Retry-After"] = str(int(rate_limit.WINDOW_S))
    return response


def _field(name: str) -> str:
    """A form field as sent (its size is checked by ``store.clean``; the body by ``MAX_BODY``)."""
    return request.form.get(name, "")


def _user() -> dict | None:
    from .training import current_user

    return current_user()


def _mentor() -> dict:
    from .training import login_required

    user = login_required()
    if user["role"] != "mentor":
        raise ReportError("страница не найдена", 404)
    return user


# -- reporting -----------------------------------------------------------------------
@reports.get("/corrections/report")
def report_form():
    r = target.rule(services.corpus(), request.args.get("rule"))
    phrase = request.args.get("phrase", "")[:store.MAX_PHRASE]
    return render_template("report_form.html", r=r, phrase=phrase, fix="", comment="", error=None)


@reports.post("/corrections/report")
def report_send():
    if not rate_limit.allow(RATE_BUCKET, request.remote_addr or "-", RATE):
        raise ReportError(f"слишком много сообщений с одного адреса: не больше {RATE} в минуту; "
                          "подождите минуту и отправьте снова", 429)
    r = target.rule(services.corpus(), _field("rule"))
    try:
        phrase = target.locate(r, store.clean("decoded", _field("phrase"), store.MAX_PHRASE))
        user = _user()
        report_id = store.submit(conn(), target.VERSION, r.number, phrase, _field("fix"), _field("comment"),
                                 user["username"] if user else None)
    except ReportError as exc:
        if exc.status == 409:   # stored already: nothing to correct in the form
            raise
        return render_template("report_form.html", r=r, phrase=_field("phrase")[:store.MAX_PHRASE],
                               fix=_field("fix")[:store.MAX_PHRASE], comment=_field("comment")[:store.MAX_COMMENT],
                               error=exc.message), exc.status
    return render_template("report_thanks.html", r=r, report_id=report_id), 201


# -- review --------------------------------------------------------------------------
@reports.get("/training/corrections")
def review():
    _mentor()
    c, corpus = conn(), services.corpus()
    items = []
    for rep in store.queue(c, "open"):
        try:
            r = target.rule(corpus, rep["rule"])
            ev = evidence.gather(corpus, r, rep["decoded"])
        except ReportError:
            ev = {"glyphs": "", "ru_2019": "", "english": "", "english_text": ""}
        verdict = evidence.reading(rep["corrected"], ev["glyphs"])
        items.append({**rep, "evidence": ev, "reads": None if verdict is None else verdict.plausible})
    return render_template("report_review.html", items=items, done=store.queue(c, "accepted", 20) + store.queue(c, "rejected", 20),
                           counts=store.counts(c))


@reports.post("/training/corrections/<int(max=999999999):report_id>")
def decide(report_id: int):
    mentor = _mentor()
    c = conn()
    action = _field("action")
    if action == "reject":
        store.reject(c, report_id, mentor["username"], _field("reason"))
    elif action == "accept":
        rep = store.open_report(c, report_id)   # 409 before judging the fields (store.accept checks it again)
        r = target.rule(services.corpus(), rep["rule"])
        phrase = target.locate(r, store.clean("decoded", _field("decoded"), store.MAX_PHRASE))
        _not_yet_corrected(c, r.number, phrase, report_id)
        fields = {k: _field(k) for k in ("glyphs", "english", "ru_2019")}
        _justified(store.clean("corrected", _field("corrected"), store.MAX_PHRASE),
                   store.clean("glyphs", fields["glyphs"], store.MAX_PHRASE * 4, required=False),
                   store.clean("reason", _field("reason"), store.MAX_REASON, required=False))
        store.accept(c, report_id, mentor["username"], phrase, _field("corrected"), _field("reason"), fields)
    else:
        raise ReportError(f"поле «action»: «{action[:20]}» — нужно accept или reject")
    return redirect(url_for("reports.review"), 303)


def _justified(corrected: str, glyphs: str, reason: str) -> None:
    """400 unless the fix reads from its glyphs under the decoder's channel or a reason says
    why not: the rule every row of the corrections file keeps (``corrections_check``)."""
    if reason:
        return
    if not glyphs:
        raise ReportError("нужны глифы OCR или причина: без них исправление не проверить")
    verdict = evidence.reading(corrected, glyphs)
    if not verdict.plausible:
        raise ReportError(f"«{corrected}» не читается из глифов «{glyphs}» по модели декодера "
                          f"({verdict.per_glyph:.2f} нат на глиф): поправьте глифы или напишите причину — "
                          "исправление может чинить распознавание, но не переводить заново")


def _not_yet_corrected(c, rule: str, phrase: str, report_id: int) -> None:
    """409 when the corrections file or another accepted report already corrects these words."""
    fixes, _ = corr.load(target.DOC_ID)
    for fix in fixes:
        if (fix.rule, fix.decoded) == (rule, phrase):
            raise ReportError(f"«{phrase}» в правиле {rule} уже исправлено в файле исправлений "
                              f"(строка {fix.line}: «{fix.corrected}»)", 409)
    for other in store.accepted(c):
        if other["id"] != report_id and (other["rule"], other["final_decoded"]) == (rule, phrase):
            raise ReportError(f"«{phrase}» в правиле {rule} уже исправлено сообщением №{other['id']}", 409)


@reports.app_context_processor
def _context():
    def report_url(version: str, number: str, text: str | None = None) -> str | None:
        """The report form of a rule whose Russian text on this page is the corrected text:
        a rule of the 2020 text, or of a later release that carries it word for word under the
        same number (a renumbered or retranslated rule would send the report to another text)."""
        if not target.reportable(version):
            return None
        if version != target.VERSION:
            old = services.corpus().rule_row(number, target.VERSION, "ru")
            if old is None or old["missing_translation"] or (old["text"] or "") != (text or ""):
                return None
        return url_for("reports.report_form", rule=number)
    return {"report_url": report_url, "report_version": target.VERSION}
