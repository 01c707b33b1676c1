"""Training pages (``/training``): accounts, practice, review, exam, progress, mentor groups.

Security, in one place:

- every POST of this blueprint must carry the Flask-WTF CSRF token of the session
  (``csrf_token`` form field, checked in ``before_request`` with ``validate_csrf``); CSRF is
  deliberately *not* switched on app-wide, so the JSON APIs under ``/api/`` are untouched;
- the session cookie is HttpOnly and SameSite=Lax (Secure when ``JUDGE_SECURE_COOKIES=1``),
  signed with the shared key of ``secret_key.load_or_create``; logging in starts a new session;
- failed logins are counted per user name and per client address in ``users.db`` (shared by
  every worker): five in 15 minutes and the next attempt is refused with 429;
- a trainee reaches only their own answers, exams and progress; a mentor only their groups
  and the trainees in them; anything else answers 404, as if it did not exist.
"""
from __future__ import annotations

import os
import random

from flask import (Blueprint, abort, flash, g, get_flashed_messages, make_response, redirect, render_template, request,
                   session, url_for)
from flask_wtf.csrf import CSRFError, generate_csrf, validate_csrf
from wtforms.validators import ValidationError

from ..training import exam as exams
from ..training import grading, progress, questions, rulebook, store
from ..training.grading import TrainingError, field_error
from . import scenario_data, secret_key, ui
from .request_db import per_request
from .scenario_pages import step_name

training = Blueprint("training", __name__, url_prefix="/training")

MAX_FIELD = 200
STRINGS: dict[str, tuple[str, str]] = {
    "nav_training": ("Обучение", "Training"),
    "title": ("Обучение судей", "Judge training"),
    "login": ("Вход", "Log in"),
    "logout": ("Выйти", "Log out"),
    "register": ("Регистрация", "Register"),
    "username": ("Имя пользователя", "User name"),
    "password": ("Пароль", "Password"),
    "password_hint": ("не короче 8 символов", "at least 8 characters"),
    "no_account": ("Нет учётной записи?", "No account?"),
    "have_account": ("Уже есть учётная запись?", "Already registered?"),
    "intro": ("Вопросы составлены по сценариям и проверены движком правил: после ответа — разбор по шагам со ссылками на правила.",
              "Questions come from the scenarios and are graded by the rules engine: after each answer, a step-by-step explanation with the rules."),
    "practice": ("Практика", "Practice"),
    "review": ("Повторение", "Review"),
    "exam": ("Экзамен", "Exam"),
    "progress": ("Прогресс", "Progress"),
    "groups": ("Группы", "Groups"),
    "topic": ("Тема", "Topic"),
    "level": ("Уровень", "Level"),
    "kind": ("Вид вопроса", "Question kind"),
    "any": ("любой", "any"),
    "start": ("Начать", "Start"),
    "answer": ("Ответить", "Answer"),
    "right": ("Верно!", "Right!"),
    "wrong": ("Неверно", "Wrong"),
    "your_answer": ("Ваш ответ", "Your answer"),
    "right_answer": ("Правильный ответ", "Right answer"),
    "explanation": ("Разбор", "Explanation"),
    "open_stepper": ("Открыть пошаговый разбор сценария", "Open the scenario's stepper"),
    "rules_decided": ("Правила, которые это решили", "The rules that decided it"),
    "next_question": ("Следующий вопрос", "Next question"),
    "what_happens": ("Что делают игроки", "What the players do"),
    "rules_release": ("Правила выпуска", "Rules release"),
    "position": ("Позиция", "Position"),
    "due": ("к повторению", "due for review"),
    "cards": ("карточек", "cards"),
    "nothing_due": ("Сейчас повторять нечего.", "Nothing is due for review now."),
    "exam_intro": ("{n} вопросов, {m} минут, для сдачи нужно {p} верных (70 %). Ответы — только в конце.",
                   "{n} questions, {m} minutes, {p} right to pass (70 %). Answers are shown at the end."),
    "exam_start": ("Начать экзамен", "Start the exam"),
    "question_n": ("Вопрос {i} из {n}", "Question {i} of {n}"),
    "time_left": ("Осталось времени", "Time left"),
    "hand_in": ("Сдать досрочно", "Hand in now"),
    "exam_passed": ("Экзамен сдан", "Exam passed"),
    "exam_failed": ("Экзамен не сдан", "Exam not passed"),
    "score": ("Результат", "Score"),
    "past_exams": ("Прошлые экзамены", "Past exams"),
    "not_answered": ("нет ответа", "no answer"),
    "accuracy": ("Точность", "Accuracy"),
    "answers": ("Ответов", "Answers"),
    "weak_topics": ("Слабые темы", "Weak topics"),
    "no_answers": ("Ответов пока нет.", "No answers yet."),
    "join_group": ("Вступить в группу", "Join a group"),
    "invite_code": ("Код приглашения", "Invite code"),
    "join": ("Вступить", "Join"),
    "my_groups": ("Мои группы", "My groups"),
    "create_group": ("Создать группу", "Create a group"),
    "group_name": ("Название группы", "Group name"),
    "create": ("Создать", "Create"),
    "members": ("Участники", "Members"),
    "remove_member": ("Исключить", "Remove"),
    "remove_hint": ("Стажёр выйдет из группы, его ответы останутся у него; вернуться можно по коду приглашения.",
                    "The trainee leaves the group and keeps their answers; the invite code lets them back in."),
    "common_wrong": ("Частые ошибки группы", "The group's common wrong answers"),
    "times": ("раз", "times"),
    "mentor": ("наставник", "mentor"),
    "trainee": ("стажёр", "trainee"),
    "question": ("Вопрос", "Question"),
    "bank_size": ("В банке {n} вопросов из {s} сценариев.", "The bank holds {n} questions from {s} scenarios."),
    "pos_turn": ("Ход", "Turn"), "pos_tapped": ("повёрнут", "tapped"),
    "pos_sick": ("под контролем с этого хода", "under control since this turn"),
    "pos_token": ("фишка", "token"), "pos_damage": ("повреждения", "damage"), "pos_counters": ("жетоны", "counters"),
    "pos_attached": ("прикреплено к", "attached to"), "pos_attacks": ("атакует", "attacks"),
    "pos_blocked": ("заблокировано", "blocked"),
    "pos_blocks": ("блокирует", "blocks"), "pos_targets": ("цели", "targets"), "pos_poison": ("яд", "poison"),
    "pos_library": ("библиотека", "library"), "pos_stack": ("Стек (сверху вниз)", "Stack (top first)"),
    "rules_tap": ("Правила (нажмите, чтобы прочитать текст)", "The rules (tap to read)"),
    "joined": ("Вы вступили в группу «{name}» (наставник: {mentor}).", "You joined the group “{name}” (mentor: {mentor})."),
    "already_member": ("Вы уже в группе «{name}».", "You are already in the group “{name}”."),
    "delete_group": ("Удалить группу", "Delete the group"),
    "delete_hint": ("Группа и её код приглашения исчезнут; ответы стажёров останутся у них.",
                    "The group and its invite code go; the trainees keep their answers."),
    "group_deleted": ("Группа «{name}» удалена.", "The group “{name}” was deleted."),
    "member_removed": ("{name} исключён(а) из группы.", "{name} was removed from the group."),
    "fix_field": ("Исправьте поле и отправьте снова.", "Fix the field and send again."),
}
KIND_LABELS = questions.KIND_NAMES


def tr(key: str, **kw) -> str:
    pair = STRINGS.get(key)
    text = key if pair is None else (pair[1] if ui.ui_lang() == "en" else pair[0])
    return text.format(**kw) if kw else text


def register(app) -> None:
    """Register the training pages, with the session settings they need."""
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = secret_key.load_or_create()
    app.config["SESSION_COOKIE_HTTPONLY"] = True
    if not app.config.get("SESSION_COOKIE_SAMESITE"):
        app.config["SESSION_COOKIE_SAMESITE"] = "Lax"
    if os.environ.get("JUDGE_SECURE_COOKIES") == "1":
        app.config["SESSION_COOKIE_SECURE"] = True
    app.register_blueprint(training)
    if "PYTEST_CURRENT_TEST" not in os.environ:   # build the question bank before the first trainee asks
        import threading

        threading.Thread(target=_warm, name="warm-training-bank", daemon=True).start()


def _warm() -> None:
    try:
        questions.bank()
    except Exception:   # the page will say what is wrong when it is asked for
        pass


# -- request plumbing ----------------------------------------------------------------
conn = per_request(training, "training_conn", store.connect)


def bank() -> questions.Bank:
    return questions.bank()


def current_user() -> dict | None:
    uid = session.get("uid")
    if not isinstance(uid, int):
        return None
    if "training_user" not in g:
        u = store.user(conn(), uid)
        if u is not None and session.get("epoch", 0) != u["session_epoch"]:
            session.clear()   # the password was reset since this session began
            u = None
        g.training_user = u
    return g.training_user


def login_required() -> dict:
    u = current_user()
    if u is None:
        abort(redirect(url_for("training.login", next=request.path)))
    return u


def mentor_required() -> dict:
    u = login_required()
    if u["role"] != "mentor":
        raise TrainingError("страница не найдена", 404)
    return u


def form(name: str, required: bool = True) -> str:
    value = request.form.get(name, "")
    if len(value) > MAX_FIELD:
        raise field_error(name, f"слишком длинно: {len(value)} символов, максимум {MAX_FIELD}")
    if required and not value:
        raise field_error(name, "не заполнено")
    return value


@training.before_request
def _csrf():
    if request.method == "POST":
        try:
            validate_csrf(request.form.get("csrf_token"))
        except (ValidationError, CSRFError) as exc:
            raise TrainingError(f"поле «csrf_token»: {_csrf_reason(str(exc))}; обновите страницу и отправьте форму снова",
                                400) from None


def _csrf_reason(reason: str) -> str:
    if "missing" in reason.lower():
        return "нет токена защиты формы (CSRF)"
    if "expired" in reason.lower():
        return "токен защиты формы устарел"
    return "токен защиты формы неверен"


@training.app_context_processor
def _context():
    return {"tr": tr, "csrf_token": generate_csrf, "notices": lambda: get_flashed_messages(), "kind_label": lambda k: KIND_LABELS.get(k, (k, k))[ui.ui_lang() == "en"],
            "section_title": lambda s: rulebook.section_title(s, ui.ui_lang()), "step_label": step_name}


@training.errorhandler(TrainingError)
def _training_error(exc: TrainingError):
    from .pages import render_error

    response = make_response(render_error(exc.status, exc.message, []))
    if exc.status == 429:
        response.headers["Retry-After"] = str(store.LOGIN_WINDOW_S)
    return response


# -- accounts ------------------------------------------------------------------------
def _safe_next() -> str:
    nxt = request.values.get("next", "")
    return nxt if nxt.startswith("/training") and "//" not in nxt and len(nxt) < 200 else url_for("training.home")


def _login_keys(username: str) -> list[str]:
    return [f"user:{username.strip().lower()[:40]}", f"addr:{request.remote_addr or '?'}"]


def _start_session(user: dict) -> None:
    session.clear()   # a new session on login: no fixation
    session["uid"] = user["id"]
    session["epoch"] = user.get("session_epoch", 0)


def _auth_page(mode: str, exc: TrainingError | None = None, username: str = ""):
    """The login or registration form; an error beside its field (or above the form when it is
    about the whole form, like a wrong password), in Russian, with the status it deserves."""
    errors = {exc.field: exc.short} if exc is not None and exc.field else {}
    error = exc.message if exc is not None and not exc.field else None
    page = render_template("training_auth.html", mode=mode, error=error, errors=errors, username=username[:40],
                           next=_safe_next())
    if exc is None:
        return page
    headers = {"Retry-After": str(store.LOGIN_WINDOW_S)} if exc.status == 429 else {}
    return page, exc.status, headers


@training.route("/login", methods=["GET", "POST"])
def login():
    if request.method == "GET":
        return _auth_page("login")
    username = request.form.get("username", "")
    try:
        username = form("username")
        user = store.authenticate(conn(), username, form("password"), _login_keys(username))
    except TrainingError as exc:
        return _auth_page("login", exc, username)
    _start_session(user)
    return redirect(_safe_next())


@training.route("/register", methods=["GET", "POST"])
def register_page():
    if request.method == "GET":
        return _auth_page("register")
    username = request.form.get("username", "")
    try:
        uid = store.create_user(conn(), form("username", required=False), form("password", required=False), "trainee")
    except TrainingError as exc:
        return _auth_page("register", exc, username)
    _start_session({"id": uid})
    return redirect(_safe_next())


@training.post("/logout")
def logout():
    session.clear()
    return redirect(url_for("training.home"))


# -- home ----------------------------------------------------------------------------
@training.get("")
@training.get("/")
def home():
    return _home()


def _home(exc: TrainingError | None = None, values: dict | None = None):
    """The training home; a join or create form sent back shows its error beside the field."""
    user = current_user()
    b = bank()
    ctx = {"bank": b, "topics": b.topics(), "kinds": questions.KINDS, "levels": questions.LEVELS,
           "errors": {exc.field: exc.short} if exc is not None and exc.field else {}, "values": values or {}}
    if user is None:
        return render_template("training.html", user=None, **ctx)
    c = conn()
    page = render_template("training.html", user=user, due=len(store.due_cards(c, user["id"])),
                           cards=store.card_count(c, user["id"]), exams=store.exams_of(c, user["id"])[:5],
                           groups=store.groups_of_member(c, user["id"]),
                           mentor_groups=store.groups_of_mentor(c, user["id"]) if user["role"] == "mentor" else [],
                           exam_intro=tr("exam_intro", n=exams.SIZE, m=exams.MINUTES, p=exams.pass_mark()), **ctx)
    return page if exc is None else (page, exc.status)


# -- practice and review -------------------------------------------------------------
def _filters(source=None) -> dict:
    """The practice filters (topic, kind, level) from the query string or a form, checked."""
    source = request.args if source is None else source
    b = bank()
    topic = source.get("topic", "")[:10]
    kind = source.get("kind", "")[:10]
    level = source.get("level", "")[:2]
    if topic and topic not in b.topics():
        raise TrainingError(f"параметр «topic»: темы «{topic}» нет; есть: {', '.join(b.topics())}")
    if kind and kind not in questions.KINDS:
        raise TrainingError(f"параметр «kind»: «{kind}» — не один из {', '.join(questions.KINDS)}")
    if level and level not in {str(x) for x in questions.LEVELS}:
        raise TrainingError("параметр «level»: 1, 2 или 3")
    return {"topic": topic, "kind": kind, "level": level}


def _board(q: questions.Question, step: int, hide_answer: bool = True):
    """The position the question shows (P/T hidden for a P/T question) or, after the answer, the board at ``step``."""
    sc = bank().scenarios.get(q.scenario_id)
    if sc is None:
        return None
    return questions.position_of(sc, step, ui.ui_lang(), q.hide_pt if hide_answer else None)


def _rules_with_text(q: questions.Question) -> list[dict]:
    """The rules that decided a question, each with its text (shown on tap)."""
    out = []
    for n in q.rules:
        body, note = rulebook.text(n, q.rules_version, ui.ui_lang())
        if body:
            out.append({"number": n, "text": body, "note": note.strip(" ()")})
    return out


def _question_page(q: questions.Question, mode: str, action: str, **extra):
    return render_template("training_question.html", question=q, mode=mode, action=action, nonce=store.new_nonce(),
                           board=_board(q, q.step), lang=ui.ui_lang(), **extra)


@training.get("/practice")
def practice():
    user = login_required()
    f = _filters()
    pool = bank().select(kind=f["kind"] or None, topic=f["topic"] or None, level=int(f["level"]) if f["level"] else None)
    if not pool:
        raise TrainingError("по этим условиям вопросов нет: выберите другую тему или уровень", 404)
    recent = store.recent_question_ids(conn(), user["id"])
    fresh = [q for q in pool if q.id not in recent] or pool
    q = random.choice(fresh)
    return _question_page(q, "practice", url_for("training.answer"), filters=f)


@training.get("/q/<path:qid>")
def question(qid: str):
    """One question by id (a link from the mentor's page, or to try a missed one again)."""
    login_required()
    q = grading.find(bank(), qid)
    return _question_page(q, "practice", url_for("training.answer"), filters={})


@training.get("/review")
def review():
    user = login_required()
    due = store.due_cards(conn(), user["id"])
    b = bank()
    for card in due:
        q = b.get(card["question_id"])
        if q is not None:
            return _question_page(q, "review", url_for("training.answer"), filters={}, due=len(due))
    return render_template("training_review.html", cards=store.card_count(conn(), user["id"]))


@training.post("/answer")
def answer():
    user = login_required()
    mode = form("mode")
    if mode not in ("practice", "review"):
        raise TrainingError(f"поле «mode»: «{mode[:20]}» — practice или review")
    graded = grading.grade(bank(), form("qid"), form("answer", required=False))
    nonce = form("nonce")
    filters = _filters(request.form)
    answer_id = store.record_answer(conn(), user["id"], graded, mode, nonce)
    return redirect(url_for("training.result", answer_id=answer_id, **{k: v for k, v in filters.items() if v}))


@training.get("/answers/<int:answer_id>")
def result(answer_id: int):
    user = login_required()
    row = conn().execute("SELECT * FROM training_answers WHERE id = ? AND user_id = ?", (answer_id, user["id"])).fetchone()
    if row is None:
        raise TrainingError("ответ не найден", 404)
    q = grading.find(bank(), row["question_id"])
    return _explanation(q, dict(row), next_url=url_for("training.review" if row["mode"] == "review" else "training.practice",
                                                        **{k: v for k, v in _filters().items() if v}))


def _explanation(q, row: dict, next_url: str | None):
    return render_template("training_result.html", question=q, row=row, board=_board(q, q.explain_step, False),
                           given=q.option(row["answer"]), right=q.option(q.answer), lang=ui.ui_lang(),
                           rules=_rules_with_text(q), explanation=q.explanation(ui.ui_lang()),
                           next_url=next_url,
                           stepper=url_for("scenarios.scenario", sid=q.scenario_id, step=q.explain_step))


# -- exam ----------------------------------------------------------------------------
@training.post("/exam")
def exam_start():
    user = login_required()
    exam_id = exams.start(conn(), user["id"], bank())
    return redirect(url_for("training.exam_page", exam_id=exam_id))


@training.get("/exam/<int:exam_id>")
def exam_page(exam_id: int):
    user = login_required()
    ex = exams.current(conn(), user["id"], exam_id)
    b = bank()
    if ex["finished_at"] is None:
        qid = exams.next_question(ex)
        q = grading.find(b, qid)
        return _question_page(q, "exam", url_for("training.exam_answer", exam_id=exam_id), exam=ex,
                              number=ex["question_ids"].index(qid) + 1, remaining=exams.remaining_seconds(ex))
    rows = [(b.get(qid), ex["answers"].get(qid)) for qid in ex["question_ids"]]
    return render_template("training_exam_result.html", ex=ex, rows=rows, pass_mark=exams.pass_mark(len(ex["question_ids"])),
                           lang=ui.ui_lang())


@training.post("/exam/<int:exam_id>")
def exam_answer(exam_id: int):
    user = login_required()
    exams.answer(conn(), user["id"], exam_id, bank(), form("qid"), form("answer", required=False))
    return redirect(url_for("training.exam_page", exam_id=exam_id))


@training.post("/exam/<int:exam_id>/finish")
def exam_finish(exam_id: int):
    user = login_required()
    exams.hand_in(conn(), user["id"], exam_id)
    return redirect(url_for("training.exam_page", exam_id=exam_id))


# -- progress and groups -------------------------------------------------------------
def _progress_context(user_ids: list[int]) -> dict:
    lang = ui.ui_lang()
    answers = store.answers(conn(), user_ids)
    return {"answers_n": len(answers), "summary": progress.summary(answers, lang),
            "weak": progress.weak_topics(answers, lang), "chart": progress.chart(answers, lang)}


@training.get("/progress")
def my_progress():
    user = login_required()
    return render_template("training_progress.html", who=user, group=None,
                           exams=store.exams_of(conn(), user["id"]), **_progress_context([user["id"]]))


@training.post("/groups")
def group_create():
    user = mentor_required()
    try:
        group = store.create_group(conn(), user, form("name"))
    except TrainingError as exc:
        if not exc.field:
            raise
        return _home(exc, {"name": request.form.get("name", "")[:80]})
    return redirect(url_for("training.group_page", group_id=group["id"]))


@training.post("/join")
def group_join():
    """Join by invite code: confirmed on the home page; a mistyped code is shown beside the field."""
    user = login_required()
    try:
        group = store.join_group(conn(), user["id"], form("code"))
    except TrainingError as exc:
        if not exc.field:
            raise
        return _home(exc, {"code": request.form.get("code", "")[:16]})
    flash(tr("joined" if group["joined"] else "already_member", name=group["name"], mentor=group["mentor"]))
    return redirect(url_for("training.home"))


@training.post("/groups/<int:group_id>/delete")
def group_delete(group_id: int):
    user = mentor_required()
    group = store.delete_group(conn(), user["id"], group_id)
    flash(tr("group_deleted", name=group["name"]))
    return redirect(url_for("training.home"))


@training.get("/groups/<int:group_id>")
def group_page(group_id: int):
    user = mentor_required()
    c = conn()
    group = store.mentor_group(c, user["id"], group_id)
    people = store.members(c, group_id)
    ids = [m["id"] for m in people]
    answers = store.answers(c, ids)
    lang = ui.ui_lang()
    per_member = []
    for m in people:
        mine = [a for a in answers if a["user_id"] == m["id"]]
        right = sum(a["correct"] for a in mine)
        per_member.append({**m, "answers": len(mine), "accuracy": round(100 * right / len(mine)) if mine else None,
                           "weak": progress.weak_topics(mine, lang, 2)})
    return render_template("training_group.html", group=group, members=per_member,
                           wrong=progress.common_wrong_answers(answers, bank(), lang), lang=lang,
                           **_progress_context(ids))


@training.get("/groups/<int:group_id>/members/<int:user_id>")
def member_page(group_id: int, user_id: int):
    user = mentor_required()
    c = conn()
    who = store.mentor_may_see(c, user["id"], group_id, user_id)
    group = store.mentor_group(c, user["id"], group_id)
    return render_template("training_progress.html", who=who, group=group, exams=store.exams_of(c, user_id),
                           **_progress_context([user_id]))


@training.post("/groups/<int:group_id>/members/<int:user_id>/remove")
def member_remove(group_id: int, user_id: int):
    user = mentor_required()
    who = store.remove_member(conn(), user["id"], group_id, user_id)
    flash(tr("member_removed", name=who["username"]))
    return redirect(url_for("training.group_page", group_id=group_id))
