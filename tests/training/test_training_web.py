"""The training pages through the real Flask app: flows, bad input and security."""
from __future__ import annotations

import os
import re
import stat

import pytest

from judge_app.training import store


@pytest.fixture()
def app(app_own_secret):
    return app_own_secret


@pytest.fixture()
def client(app):
    return app.test_client()


def token(html: str) -> str:
    return re.search(r'name="csrf_token" value="([^"]+)"', html).group(1)


def field(html: str, name: str) -> str:
    return re.search(rf'name="{name}" value="([^"]*)"', html).group(1)


def message(html: str) -> str:
    return re.search(r'class="(?:message|t-error)"[^>]*>([^<]+)', html).group(1)


def register(client, username="anna", password="correct horse"):
    page = client.get("/training/register")
    r = client.post("/training/register", data={"csrf_token": token(page.text), "username": username,
                                                 "password": password})
    assert r.status_code == 302, r.text
    return r


def login(client, username, password="correct horse"):
    page = client.get("/training/login")
    return client.post("/training/login", data={"csrf_token": token(page.text), "username": username,
                                                 "password": password})


def answer(client, bank, topic="", right=True, **extra):
    page = client.get(f"/training/practice?topic={topic}" if topic else "/training/practice")
    assert page.status_code == 200, page.text
    q = bank.get(field(page.text, "qid"))
    given = q.answer if right else next(o.key for o in q.options if o.key != q.answer)
    data = {"csrf_token": token(page.text), "qid": q.id, "answer": given, "nonce": field(page.text, "nonce"),
            "mode": "practice", **extra}
    return q, data, client.post("/training/answer", data=data)


def test_register_practice_and_see_the_explanation(client, bank):
    register(client)
    q, _data, r = answer(client, bank, topic="704", right=False)
    assert r.status_code == 302
    page = client.get(r.headers["Location"])
    assert page.status_code == 200
    assert "Неверно" in page.text
    assert q.option(q.answer).ru in page.text            # the right answer
    assert f"/scenarios/{q.scenario_id}?step={q.explain_step}" in page.text   # the stepper
    assert 'data-testid="board"' in page.text
    for n in q.rules[:3]:
        assert f">{n}<" in page.text                     # the cited rules, linked
    en = client.get(r.headers["Location"] + "&ui=en" if "?" in r.headers["Location"] else r.headers["Location"] + "?ui=en")
    assert "Wrong" in en.text and "Right answer" in en.text


def test_missing_or_wrong_csrf_token_is_refused_and_nothing_recorded(client, bank, users_db):
    register(client)
    q, data, _ = answer(client, bank)
    for bad in ({k: v for k, v in data.items() if k != "csrf_token"}, dict(data, csrf_token="forged")):
        r = client.post("/training/answer", data=dict(bad, nonce=bad["nonce"] + "x"))
        assert r.status_code == 400
        assert "csrf_token" in message(r.text)
    assert store.connect(users_db).execute("SELECT COUNT(*) FROM training_answers").fetchone()[0] == 1
    r = client.post("/training/login", data={"username": "anna", "password": "correct horse"})
    assert r.status_code == 400, "the login form is protected too"


def test_api_json_posts_are_not_subject_to_the_training_csrf(corpus, users_db):
    """CSRF is checked by the training blueprint only: another feature's JSON POST API works."""
    from flask import Blueprint, jsonify, request

    from judge_app.web import create_app

    app = create_app()
    other = Blueprint("other_feature", __name__)
    other.add_url_rule("/api/other-feature", "save", lambda: jsonify(got=request.get_json()), methods=["POST"])
    app.register_blueprint(other)
    r = app.test_client().post("/api/other-feature", json={"board": 1})
    assert r.status_code == 200 and r.get_json() == {"got": {"board": 1}}


def test_replayed_and_tampered_answers_are_refused(client, bank, users_db):
    register(client)
    q, data, r = answer(client, bank)
    assert r.status_code == 302
    again = client.post("/training/answer", data=data)
    assert again.status_code == 409 and "уже записан" in message(again.text)
    page = client.get("/training/practice")
    fresh = {"csrf_token": token(page.text), "nonce": field(page.text, "nonce"), "mode": "practice"}
    r = client.post("/training/answer", data=dict(fresh, qid=field(page.text, "qid"), answer="no-such-option"))
    assert r.status_code == 400 and "answer" in message(r.text)
    r = client.post("/training/answer", data=dict(fresh, qid="no-such/outcome/question", answer="17"))
    assert r.status_code == 404
    r = client.post("/training/answer", data=dict(fresh, qid=q.id, answer=q.answer, mode="exam"))
    assert r.status_code == 400 and "mode" in message(r.text)
    r = client.post("/training/answer", data=dict(fresh, qid=q.id, answer="x" * 5000))
    assert r.status_code == 400
    r = client.post("/training/answer", data=dict(fresh, qid=q.id, answer=q.answer, topic="9999"))
    assert r.status_code == 400 and "topic" in message(r.text)
    assert store.connect(users_db).execute("SELECT COUNT(*) FROM training_answers").fetchone()[0] == 1
    assert client.get("/training/practice?topic=9999").status_code == 400
    assert client.get("/training/q/nonsense").status_code == 404


def test_another_trainees_data_answers_404(app, bank):
    anna, boris = app.test_client(), app.test_client()
    register(anna, "anna")
    register(boris, "boris")
    _q, _d, r = answer(anna, bank)
    answer_url = r.headers["Location"].split("?")[0]
    assert anna.get(answer_url).status_code == 200
    assert boris.get(answer_url).status_code == 404
    exam = anna.post("/training/exam", data={"csrf_token": token(anna.get("/training/").text)})
    exam_url = exam.headers["Location"]
    assert anna.get(exam_url).status_code == 200
    assert boris.get(exam_url).status_code == 404
    r = boris.post(exam_url, data={"csrf_token": token(boris.get("/training/").text), "qid": "a/outcome/b", "answer": "1"})
    assert r.status_code == 404
    assert anna.get("/training/groups/1").status_code == 404   # a trainee sees no group pages
    assert anna.get("/training/answers/999999").status_code == 404
    assert boris.get("/training/progress").status_code == 200
    assert "Ответов пока нет" in boris.get("/training/progress").text


def test_mentor_sees_the_group_and_only_their_own(app, bank, users_db):
    conn = store.connect(users_db)
    store.create_user(conn, "olga", "correct horse", "mentor")
    store.create_user(conn, "pavel", "correct horse", "mentor")
    olga, pavel, anna = app.test_client(), app.test_client(), app.test_client()
    assert login(olga, "olga").status_code == 302
    assert login(pavel, "pavel").status_code == 302
    r = olga.post("/training/groups", data={"csrf_token": token(olga.get("/training/").text), "name": "Москва L1"})
    group_url = r.headers["Location"]
    code = re.search(r'class="invite">([A-Z0-9]+)<', olga.get(group_url).text).group(1)
    register(anna, "anna")
    r = anna.post("/training/join", data={"csrf_token": token(anna.get("/training/").text), "code": code})
    assert r.status_code == 302
    answer(anna, bank, right=False)
    page = olga.get(group_url)
    assert page.status_code == 200 and "anna" in page.text and "<svg" in page.text
    assert "Частые ошибки группы" in page.text and "✗" in page.text
    anna_id = store.user_by_name(conn, "anna")["id"]
    member_url = f"{group_url}/members/{anna_id}"
    assert olga.get(member_url).status_code == 200
    assert pavel.get(group_url).status_code == 404
    assert pavel.get(member_url).status_code == 404
    olga_id = store.user_by_name(conn, "olga")["id"]
    assert olga.get(f"{group_url}/members/{olga_id}").status_code == 404   # not a member
    r = anna.post("/training/groups", data={"csrf_token": token(anna.get("/training/").text), "name": "x"})
    assert r.status_code == 404


def test_session_cookie_flags_and_a_shared_secret_key(client, app):
    r = register(client)
    cookie = r.headers["Set-Cookie"]
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie
    key_file = os.path.join(os.environ["JUDGE_INSTANCE"], "secret_key")
    assert stat.S_IMODE(os.stat(key_file).st_mode) == 0o600
    from judge_app.web import create_app

    assert create_app().config["SECRET_KEY"] == app.config["SECRET_KEY"]   # another worker, the same key
    second = create_app().test_client()
    second.set_cookie("session", cookie.split(";")[0].split("=", 1)[1])
    assert "anna" in second.get("/training/").text


def test_secret_key_from_the_environment(monkeypatch, corpus, users_db):
    monkeypatch.setenv("JUDGE_SECRET_KEY", "from-the-environment")
    from judge_app.web import create_app

    assert create_app().config["SECRET_KEY"] == "from-the-environment"


def test_login_is_throttled(client):
    register(client)
    client.post("/training/logout", data={"csrf_token": token(client.get("/training/").text)})
    for _ in range(store.LOGIN_MAX_FAILURES):
        assert login(client, "anna", "wrong password").status_code == 401
    r = login(client, "anna")
    assert r.status_code == 429 and r.headers["Retry-After"]
    assert "слишком много" in message(r.text)


def test_the_pages_need_a_login(client):
    for url in ("/training/practice", "/training/review", "/training/progress", "/training/exam/1"):
        r = client.get(url)
        assert r.status_code == 302 and "/training/login" in r.headers["Location"]
    assert client.get("/training/").status_code == 200


def test_exam_in_the_browser_flow_answers_only_at_the_end(client, bank, users_db):
    register(client)
    r = client.post("/training/exam", data={"csrf_token": token(client.get("/training/").text)})
    exam_url = r.headers["Location"]
    page = client.get(exam_url)
    assert "Вопрос 1 из 25" in page.text and 't-timer' in page.text
    q = bank.get(field(page.text, "qid"))
    r = client.post(exam_url, data={"csrf_token": token(page.text), "qid": q.id, "answer": q.answer})
    assert r.status_code == 302
    page = client.get(exam_url)
    assert "Вопрос 2 из 25" in page.text
    assert "Верно" not in page.text and "Неверно" not in page.text, "no feedback during the exam"
    r = client.post(exam_url, data={"csrf_token": token(page.text), "qid": q.id, "answer": q.answer})
    assert r.status_code == 409
    r = client.post(exam_url + "/finish", data={"csrf_token": token(page.text)})
    done = client.get(exam_url)
    assert "Экзамен не сдан" in done.text and "<b>1</b> / 25" in done.text
    assert done.text.count("Правильный ответ") == 24      # the answers, now
    second = bank.get(field(page.text, "qid"))
    r = client.post(exam_url, data={"csrf_token": token(page.text), "qid": second.id, "answer": second.answer})
    assert r.status_code == 409 and "завершён" in message(r.text)
    assert store.connect(users_db).execute("SELECT COUNT(*) FROM training_answers").fetchone()[0] == 1


def test_many_clients_answering_at_once_lose_nothing(app, bank, users_db):
    """Six trainees, each in their own thread and session, answer six questions at the same time."""
    from concurrent.futures import ThreadPoolExecutor

    def trainee(i: int) -> int:
        c = app.test_client()
        register(c, f"parallel{i}")
        done = 0
        for k in range(6):
            _q, _d, r = answer(c, bank, right=bool(k % 2))
            assert r.status_code == 302, r.text
            done += 1
        return done

    with ThreadPoolExecutor(6) as pool:
        assert sum(pool.map(trainee, range(6))) == 36
    conn = store.connect(users_db)
    assert conn.execute("SELECT COUNT(*) FROM training_answers").fetchone()[0] == 36
    assert conn.execute("SELECT COUNT(DISTINCT user_id) FROM training_answers").fetchone()[0] == 6
    assert conn.execute("SELECT COUNT(*) FROM training_cards").fetchone()[0] == 18


def test_a_password_reset_ends_the_users_sessions(app, users_db):
    """A stolen or forgotten session must not outlive `judge users reset-password`."""
    conn = store.connect(users_db)
    anna, other = app.test_client(), app.test_client()
    register(anna, "anna")
    register(other, "boris")
    assert anna.get("/training/progress").status_code == 200
    store.set_password(conn, "anna", "a new horse battery")
    r = anna.get("/training/progress")
    assert r.status_code == 302 and "/training/login" in r.headers["Location"]
    assert other.get("/training/progress").status_code == 200          # nobody else is logged out
    assert login(anna, "anna", "a new horse battery").status_code == 302
    assert anna.get("/training/progress").status_code == 200


def test_a_mentor_removes_a_member_and_only_from_their_own_group(app, bank, users_db):
    conn = store.connect(users_db)
    store.create_user(conn, "olga", "correct horse", "mentor")
    store.create_user(conn, "pavel", "correct horse", "mentor")
    olga, pavel, anna = app.test_client(), app.test_client(), app.test_client()
    login(olga, "olga"), login(pavel, "pavel")
    group_url = olga.post("/training/groups", data={"csrf_token": token(olga.get("/training/").text),
                                                    "name": "Казань"}).headers["Location"]
    code = re.search(r'class="invite">([A-Z0-9]+)<', olga.get(group_url).text).group(1)
    register(anna, "anna")
    anna.post("/training/join", data={"csrf_token": token(anna.get("/training/").text), "code": code})
    answer(anna, bank)
    anna_id = store.user_by_name(conn, "anna")["id"]
    remove_url = f"{group_url}/members/{anna_id}/remove"
    page = olga.get(group_url).text
    assert remove_url.split("//")[-1].split("/", 1)[-1] in page and "Исключить" in page
    assert pavel.post(remove_url, data={"csrf_token": token(pavel.get("/training/").text)}).status_code == 404
    assert olga.post(remove_url, data={}).status_code == 400                       # no CSRF token
    assert "anna" in olga.get(group_url).text
    r = olga.post(remove_url, data={"csrf_token": token(page)})
    assert r.status_code == 302
    assert "anna исключён(а) из группы" in olga.get(group_url).text   # confirmed once
    assert "anna" not in olga.get(group_url).text
    assert olga.get(f"{group_url}/members/{anna_id}").status_code == 404
    assert olga.post(remove_url, data={"csrf_token": token(page)}).status_code == 404   # already gone
    assert store.answers(conn, [anna_id])                                          # her answers stay hers


# -- the forms (issue 26): errors beside their field in Russian, joining confirmed, a mistyped
# invite code answered with the form and a Russian message, a mentor deleting a group
def _field_error(html: str, name: str) -> str | None:
    m = re.search(rf'<span class="t-field-error" id="{name}-error"[^>]*>([^<]+)</span>', html)
    return m.group(1) if m else None


def _join(client, code):
    return client.post("/training/join", data={"csrf_token": token(client.get("/training/").text), "code": code})


def _group(app, users_db, name="Казань"):
    conn = store.connect(users_db)
    store.create_user(conn, "olga", "correct horse", "mentor")
    olga = app.test_client()
    login(olga, "olga")
    url = olga.post("/training/groups", data={"csrf_token": token(olga.get("/training/").text),
                                              "name": name}).headers["Location"]
    code = re.search(r'class="invite">([A-Z0-9]+)<', olga.get(url).text).group(1)
    return conn, olga, url, code


def test_register_errors_stand_beside_their_field_in_russian(app, users_db):
    c = app.test_client()
    page = c.get("/training/register").text
    r = c.post("/training/register", data={"csrf_token": token(page), "username": "anna", "password": "short"})
    assert r.status_code == 400
    assert _field_error(r.text, "password") == "от 8 до 200 символов"
    assert _field_error(r.text, "username") is None and 'value="anna"' in r.text   # what was typed stays
    r = c.post("/training/register", data={"csrf_token": token(page), "username": "a b", "password": "correct horse"})
    assert r.status_code == 400 and "от 3 до 40 букв" in _field_error(r.text, "username")
    register(app.test_client(), "anna")
    r = c.post("/training/register", data={"csrf_token": token(page), "username": "anna", "password": "correct horse"})
    assert r.status_code == 409 and "уже занято" in _field_error(r.text, "username")
    r = c.post("/training/register", data={"csrf_token": token(page), "username": "x" * 300, "password": "correct horse"})
    assert r.status_code == 400 and "максимум 200" in _field_error(r.text, "username")
    assert "поле «" not in r.text and "Traceback" not in r.text


def test_joining_a_group_is_confirmed_and_a_second_join_says_so(app, users_db):
    _conn, _olga, _url, code = _group(app, users_db)
    anna = app.test_client()
    register(anna, "anna")
    r = _join(anna, code.lower())
    assert r.status_code == 302
    home = anna.get("/training/").text
    assert "Вы вступили в группу «Казань» (наставник: olga)." in home
    assert "Вы вступили" not in anna.get("/training/").text        # said once
    _join(anna, code)
    assert "Вы уже в группе «Казань»." in anna.get("/training/").text


def test_a_mistyped_invite_code_gets_the_form_back_with_a_russian_message(app, users_db):
    _conn, _olga, _url, code = _group(app, users_db)
    anna = app.test_client()
    register(anna, "anna")
    wrong = ("Z" if code[0] != "Z" else "Y") + code[1:]
    r = _join(anna, wrong)
    assert r.status_code == 404
    assert _field_error(r.text, "code") == f"группы с кодом «{wrong}» нет — проверьте код у наставника"
    assert f'value="{wrong}"' in r.text and 'aria-invalid="true"' in r.text and "Вступить" in r.text
    assert "code»" not in r.text and "Not Found" not in r.text
    r = _join(anna, "12")
    assert r.status_code == 400 and "8 латинских букв и цифр" in _field_error(r.text, "code")
    assert store.groups_of_member(store.connect(users_db), store.user_by_name(store.connect(users_db), "anna")["id"]) == []


def test_a_group_name_error_stands_beside_the_field(app, users_db):
    _conn, olga, _url, _code = _group(app, users_db)
    r = olga.post("/training/groups", data={"csrf_token": token(olga.get("/training/").text), "name": "я" * 81})
    assert r.status_code == 400 and _field_error(r.text, "name") == "от 1 до 80 символов"
    r = olga.post("/training/groups", data={"csrf_token": token(olga.get("/training/").text), "name": "   "})
    assert r.status_code == 400 and _field_error(r.text, "name")


def test_a_mentor_deletes_their_group_and_only_theirs(app, bank, users_db):
    conn, olga, url, code = _group(app, users_db)
    store.create_user(conn, "pavel", "correct horse", "mentor")
    pavel, anna = app.test_client(), app.test_client()
    login(pavel, "pavel")
    register(anna, "anna")
    _join(anna, code)
    answer(anna, bank)
    delete = f"{url}/delete"
    page = olga.get(url).text
    assert 'data-confirm="Удалить группу: «Казань»?"' in page and delete.split("/training", 1)[1] in page
    assert pavel.post(delete, data={"csrf_token": token(pavel.get("/training/").text)}).status_code == 404
    assert olga.post(delete, data={}).status_code == 400                                  # no CSRF token
    r = olga.post(delete, data={"csrf_token": token(page)})
    assert r.status_code == 302
    assert "Группа «Казань» удалена." in olga.get("/training/").text
    assert olga.get(url).status_code == 404
    anna_id = store.user_by_name(conn, "anna")["id"]
    assert store.groups_of_member(conn, anna_id) == [] and store.answers(conn, [anna_id])   # answers stay hers
    assert _join(anna, code).status_code == 404                                           # the code is dead
