"""Reporting an error and reviewing it, through the real Flask app, users.db and corpus:
the link on rule pages, the form, every kind of bad input, and the mentor's decisions."""
from __future__ import annotations

import sqlite3

import pytest

from judge_app.error_reports import store

from error_report_helpers import RULE, login_mentor, message, report, token


def rows(users_db):
    conn = sqlite3.connect(users_db)
    conn.row_factory = sqlite3.Row
    try:
        return [dict(r) for r in conn.execute("SELECT * FROM text_reports ORDER BY id")]
    except sqlite3.OperationalError:   # nothing ever stored: the table may not exist yet
        return []


def test_russian_rule_pages_of_the_2020_text_link_to_the_form(client):
    page = client.get(f"/rules/{RULE}?version=2020-01-24")
    assert f'href="/corrections/report?rule={RULE}"' in page.text
    assert "сообщить об ошибке в тексте" in page.text
    assert "report an error in the text" in client.get(f"/rules/{RULE}?version=2020-01-24&ui=en").text
    assert "/corrections/report" not in client.get(f"/rules/{RULE}?version=2019-05-03").text   # not OCR text
    assert "/corrections/report" not in client.get(f"/rules/{RULE}?version=2020-01-24&show=en").text


def test_a_report_without_an_account_is_stored_once(client, users_db, words):
    form = client.get(f"/corrections/report?rule={RULE}&phrase={words[0]}")
    assert form.status_code == 200 and f'value="{words[0]}"' in form.text
    r = report(client, words[0], words[0] + "х", "  опечатка\nв слове ")
    assert r.status_code == 201, message(r.text)
    assert "Сообщение №1" in r.text
    [row] = rows(users_db)
    assert (row["rule"], row["decoded"], row["corrected"], row["comment"], row["reporter"], row["status"]) == \
        (RULE, words[0], words[0] + "х", "опечатка в слове", None, "open")


def test_a_selection_cut_inside_a_word_takes_the_whole_word(client, users_db, words):
    r = report(client, words[1][1:-1], "исправлено")
    assert r.status_code == 201, message(r.text)
    assert rows(users_db)[0]["decoded"] == words[1]


@pytest.mark.parametrize("change, status, says", [
    ({"phrase": ""}, 400, "поле «фрагмент» не заполнено"),
    ({"fix": "   "}, 400, "поле «исправление» не заполнено"),
    ({"fix": "я" * 301}, 400, "поле «исправление» слишком длинное: 301 символов, максимум 300"),
    ({"comment": "я" * 100 * 1024}, 413, "сообщение слишком большое"),
    ({"fix": "<script>alert(1)</script>"}, 400, "поле «исправление»: HTML-разметка не принимается"),
    ({"comment": '<img src=x onerror="alert(1)">'}, 400, "поле «комментарий»: HTML-разметка не принимается"),
    ({"phrase": "слово которого нет"}, 400, "нет в тексте правила 704.5f"),
    ({"fix": "WORD0"}, 400, "совпадает с выделенным фрагментом"),
    ({"phrase": "a\x07b"}, 400, "недопустимый управляющий символ"),
    ({"rule": "999.99z"}, 404, "правила «999.99z» нет в русском тексте 2020-01-24"),
    ({"rule": ""}, 400, "поле «правило» не заполнено"),
    ({"csrf": ""}, 400, "поле «csrf_token»: нет токена защиты формы (CSRF)"),
    ({"csrf": "forged"}, 400, "поле «csrf_token»: токен защиты формы (CSRF) неверен"),
])
def test_bad_reports_are_refused_with_what_is_wrong_and_nothing_is_stored(client, users_db, words, change, status, says):
    args = {"phrase": words[0], "fix": words[0] + "х", "comment": ""}
    args.update({k: (words[0] if v == "WORD0" else v) for k, v in change.items()})
    r = report(client, **args)
    assert r.status_code == status
    assert says in message(r.text), message(r.text)
    assert "<script>alert" not in r.text and "<img src=x" not in r.text   # shown as text, if at all
    assert rows(users_db) == []


def test_html_sent_back_in_the_form_is_escaped(client, words):
    r = report(client, words[0], "<b>жирно</b>")
    assert r.status_code == 400
    assert 'value="&lt;b&gt;жирно&lt;/b&gt;"' in r.text and "<b>жирно" not in r.text


def test_the_same_report_500_times_is_stored_once_then_refused_then_throttled(client, users_db, words):
    page = client.get(f"/corrections/report?rule={RULE}")
    data = {"csrf_token": token(page.text), "rule": RULE, "phrase": words[0], "fix": words[0] + "х"}
    statuses = [client.post("/corrections/report", data=data) for _ in range(500)]
    codes = [r.status_code for r in statuses]
    assert codes[0] == 201
    assert set(codes[1:10]) == {409} and "уже предложено (сообщение №1)" in message(statuses[1].text)
    assert set(codes[10:]) == {429}
    assert "не больше 10 в минуту" in message(statuses[-1].text) and statuses[-1].headers["Retry-After"] == "60"
    assert len(rows(users_db)) == 1


def test_the_queue_is_for_mentors_only(client, users_db, words):
    assert report(client, words[0], words[0] + "х").status_code == 201
    r = client.get("/training/corrections")
    assert r.status_code == 302 and "/training/login?next=/training/corrections" in r.headers["Location"]
    from judge_app.training import store as training

    training.create_user(training.connect(), "trainee_t", "trainee password", "trainee")
    page = client.get("/training/login")
    client.post("/training/login", data={"csrf_token": token(page.text), "username": "trainee_t",
                                          "password": "trainee password"})
    assert client.get("/training/corrections").status_code == 404
    fresh = token(client.get("/training/").text)   # logging in began a new session
    r = client.post("/training/corrections/1", data={"csrf_token": fresh, "action": "reject"})
    assert r.status_code == 404 and rows(users_db)[0]["status"] == "open"


def test_a_mentor_accepts_edited_rejects_and_cannot_decide_twice(client, users_db, words, corpus):
    assert report(client, words[0], words[0] + "х", "буква").status_code == 201
    assert report(client, words[1], words[1] + "ъ").status_code == 201
    login_mentor(client)
    assert 'href="/training/corrections"' in client.get("/training/").text     # the mentor's way in
    queue = client.get("/training/corrections")
    assert queue.status_code == 200 and 'id="report-1"' in queue.text and 'id="report-2"' in queue.text
    csrf = token(queue.text)
    english = corpus.rule_row(RULE, "2020-01-24", "en")["text"]
    assert english.split()[1] in queue.text                       # the English twin is shown beside
    r = client.post("/training/corrections/1", data={"csrf_token": csrf, "action": "accept", "decoded": words[0],
                                                     "corrected": words[0] + "ы", "glyphs": "", "reason": ""})
    assert r.status_code == 400 and "нужны глифы OCR или причина" in message(r.text)
    r = client.post("/training/corrections/1", data={"csrf_token": csrf, "action": "accept", "decoded": words[0],
                                                     "corrected": words[0] + "ы", "glyphs": "glyphs", "english": "x",
                                                     "ru_2019": "y", "reason": "буква"})
    assert r.status_code == 303
    r = client.post("/training/corrections/2", data={"csrf_token": csrf, "action": "reject", "reason": "так и есть"})
    assert r.status_code == 303
    one, two = rows(users_db)
    assert (one["status"], one["final_decoded"], one["final_corrected"], one["reviewer"], one["glyphs"]) == \
        ("accepted", words[0], words[0] + "ы", "mentor_m", "glyphs")
    assert (two["status"], two["reason"], two["final_corrected"]) == ("rejected", "так и есть", None)
    again = client.post("/training/corrections/2", data={"csrf_token": csrf, "action": "accept", "decoded": words[1],
                                                         "corrected": "x", "glyphs": "g"})
    assert again.status_code == 409 and "уже рассмотрено" in message(again.text)
    assert client.post("/training/corrections/3", data={"csrf_token": csrf, "action": "reject"}).status_code == 404
    assert client.post("/training/corrections/1", data={"action": "reject"}).status_code == 400   # no CSRF
    done = client.get("/training/corrections?ui=en")
    assert "No new reports." in done.text and "accepted" in done.text


def test_words_already_corrected_by_another_report_are_not_accepted_twice(client, users_db, words):
    assert report(client, words[0], words[0] + "х").status_code == 201
    assert report(client, words[0], words[0] + "ы").status_code == 201   # another fix of the same words
    login_mentor(client)
    csrf = token(client.get("/training/corrections").text)
    accept = {"csrf_token": csrf, "action": "accept", "decoded": words[0], "glyphs": "g", "reason": "проверка"}
    assert client.post("/training/corrections/1", data={**accept, "corrected": words[0] + "х"}).status_code == 303
    r = client.post("/training/corrections/2", data={**accept, "corrected": words[0] + "ы"})
    assert r.status_code == 409 and "уже исправлено сообщением №1" in message(r.text)
    assert [row["status"] for row in rows(users_db)] == ["accepted", "open"]


def test_the_evidence_is_read_from_the_corpus(corpus):
    from judge_app.error_reports import evidence, target

    r = target.rule(corpus, RULE)
    found = evidence.gather(corpus, r, "равна 0") if "равна 0" in r.text else None
    if found is None:
        pytest.skip("704.5f no longer reads «равна 0»")
    raw = corpus.one("select raw from ocr_original where id = ?", (f"cr-ru-2020-01-24:{RULE}",))["raw"]
    assert found["glyphs"] and found["glyphs"] in " ".join(raw.split())
    assert found["glyphs"].split()[0].lower().startswith("pa")      # «равна» was read from «paBHa»
    assert found["ru_2019"] == "равна 0"                             # the 2019 rule says the same
    assert "toughness 0" in found["english_text"]


def test_store_rejects_what_the_page_would(users_db):
    conn = store.connect()
    with pytest.raises(store.ReportError, match="поле «фрагмент» не заполнено"):
        store.submit(conn, "2020-01-24", RULE, "", "x")
    with pytest.raises(store.ReportError, match="ожидается текст"):
        store.submit(conn, "2020-01-24", RULE, ["a"], "x")


def test_a_later_release_links_only_rules_that_carry_the_2020_text(app, corpus):
    """The lead's later releases carry the 2020 Russian where the English did not change: the
    link shows only where the cell's text is the 2020 text of the same number."""
    text = corpus.rule_row(RULE, "2020-01-24", "ru")["text"]
    with app.test_request_context("/"):
        from judge_app.web.error_reports import _context

        report_url = _context()["report_url"]
        assert report_url("2020-01-24", RULE) == f"/corrections/report?rule={RULE}"
        assert report_url("2026-01-16", RULE, text) == f"/corrections/report?rule={RULE}"
        assert report_url("2026-01-16", RULE, text + " Иной текст.") is None     # retranslated or renumbered
        assert report_url("2026-01-16", "999.9", text) is None                    # no such 2020 rule
        assert report_url("2019-05-03", RULE, text) is None                       # the 2019 text is not OCR


def test_a_fix_that_does_not_read_from_its_glyphs_needs_a_reason(client, users_db, corpus):
    """The corrections file's own rule (corrections_check): a fix may mend the OCR, not retranslate."""
    from judge_app.error_reports import evidence, target

    r = target.rule(corpus, RULE)
    word = "выносливость"
    if word not in r.text:
        pytest.skip(f"{RULE} no longer reads «{word}»")
    glyphs = evidence.gather(corpus, r, word)["glyphs"]
    assert report(client, word, "сила").status_code == 201            # another word for toughness
    assert report(client, word, "вынoсливость").status_code == 201     # a Latin «o»: still reads from the glyphs
    login_mentor(client)
    queue = client.get("/training/corrections")
    assert queue.text.count("не читается из этих глифов") == 1 and queue.text.count("читается из этих глифов") == 2
    csrf = token(queue.text)
    accept = {"csrf_token": csrf, "action": "accept", "decoded": word, "glyphs": glyphs}
    r1 = client.post("/training/corrections/1", data={**accept, "corrected": "сила"})
    assert r1.status_code == 400 and f"«сила» не читается из глифов «{glyphs}»" in message(r1.text)
    assert client.post("/training/corrections/2", data={**accept, "corrected": "вынoсливость"}).status_code == 303
    assert [row["status"] for row in rows(users_db)] == ["open", "accepted"]


def test_a_chunked_body_without_a_length_is_cut_at_the_limit_too(client, users_db, words):
    page = client.get(f"/corrections/report?rule={RULE}")
    body = f"csrf_token={token(page.text)}&rule={RULE}&phrase={words[0]}&fix={words[0]}х&comment={'я' * 20_000}".encode()
    r = client.post("/corrections/report", input_stream=__import__("io").BytesIO(body),
                    content_type="application/x-www-form-urlencoded", headers={"Transfer-Encoding": "chunked"},
                    environ_overrides={"wsgi.input_terminated": True})   # as waitress and gunicorn say for chunked
    # Werkzeug reads no more than the limit (the field then is too long) or refuses the body
    assert r.status_code in (400, 413) and "слишком" in message(r.text), message(r.text)
    assert rows(users_db) == []
