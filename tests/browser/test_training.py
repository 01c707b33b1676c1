"""Training in Chromium on a phone: register (an error beside the field first), join a mentor's
group (a mistyped code first, then the confirmation), answer right and wrong, the explanation
in words with the rules on tap, progress, the mentor's view, and the mentor deleting the group."""
from __future__ import annotations

import uuid

import pytest


@pytest.fixture(scope="module")
def bank(corpus):
    from judge_app.training import questions

    return questions.bank()


def _phone(browser, base_url):
    return browser.new_context(viewport={"width": 360, "height": 740}, base_url=base_url,
                               device_scale_factor=2, is_mobile=True, has_touch=True).new_page()


def _answer(page, bank, right: bool):
    qid = page.locator("article.t-question").get_attribute("data-qid")
    q = bank.get(qid)
    key = q.answer if right else next(o.key for o in q.options if o.key != q.answer)
    page.locator(f'input[name="answer"][value="{key}"]').check()
    page.locator("#submit-answer").click()
    page.wait_for_load_state()
    return q


def test_trainee_and_mentor_on_a_phone(browser, base_url, bank, artifacts):
    from judge_app.training import store

    suffix = uuid.uuid4().hex[:6]
    mentor_name, trainee_name = f"mentor_{suffix}", f"anna_{suffix}"
    store.create_user(store.connect(), mentor_name, "mentor password", "mentor")

    mentor = _phone(browser, base_url)
    mentor.goto("/training/login")
    mentor.fill('input[name="username"]', mentor_name)
    mentor.fill('input[name="password"]', "mentor password")
    mentor.locator("form.t-auth button").click()
    mentor.fill('input[name="name"]', "Группа L1")
    mentor.locator("#create-group").click()
    code = mentor.locator("code.invite").inner_text().strip()
    group_url = mentor.url

    page = _phone(browser, base_url)
    page.goto("/training/")
    page.get_by_role("link", name="Регистрация").first.click()
    page.fill('input[name="username"]', trainee_name)
    page.fill('input[name="password"]', "short")
    page.evaluate("document.querySelector('form.t-auth').noValidate = true")
    page.locator("form.t-auth button").click()
    err = page.locator("#password-error")
    assert err.inner_text() == "от 8 до 200 символов"
    assert page.locator('input[name="username"]').input_value() == trainee_name     # what was typed stays
    box, field = err.bounding_box(), page.locator('input[name="password"]').bounding_box()
    assert 0 <= box["y"] - (field["y"] + field["height"]) < 40, "the message stands right under its field"
    page.fill('input[name="password"]', "trainee password")
    page.locator("form.t-auth button").click()
    wrong_code = ("Z" if code[0] != "Z" else "Y") + code[1:]
    page.fill('input[name="code"]', wrong_code)
    page.get_by_role("button", name="Вступить").click()
    assert f"группы с кодом «{wrong_code}» нет" in page.locator("#code-error").inner_text()
    assert page.locator('input[name="code"]').get_attribute("aria-invalid") == "true"
    page.screenshot(path=str(artifacts / "training-wrong-code-phone.png"), full_page=True)
    page.fill('input[name="code"]', code)
    page.get_by_role("button", name="Вступить").click()
    assert page.locator('[data-testid="notice"]').inner_text() == f"Вы вступили в группу «Группа L1» (наставник: {mentor_name})."

    page.select_option('select[name="topic"]', "704")
    page.locator("#start-practice").click()
    assert page.locator('[data-testid="board"]').is_visible()
    _answer(page, bank, right=True)
    assert page.locator('[data-testid="verdict"]').inner_text() == "Верно!"
    page.locator("#next-question").click()
    q = _answer(page, bank, right=False)
    assert page.locator('[data-testid="verdict"]').inner_text() == "Неверно"
    assert page.locator("dd.right-answer").inner_text() == q.option(q.answer).ru
    assert page.locator('[data-testid="explanation"]').inner_text() == q.explanation_ru
    rules = page.locator(".t-rules details")
    assert 1 <= rules.count() <= len(q.rules)
    assert not rules.first.locator("p").is_visible()
    rules.first.locator("summary").click()
    assert rules.first.locator("p").is_visible(), "a rule's text opens on tap"
    page.screenshot(path=str(artifacts / "training-explanation-phone.png"), full_page=True)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360 + 1, f"the explanation scrolls sideways on a phone ({width}px)"
    page.locator("a.stepper-link").click()
    assert f"/scenarios/{q.scenario_id}" in page.url and f"step={q.explain_step}" in page.url
    assert page.locator(".event-now").is_visible()

    page.goto("/training/progress")
    assert page.locator("svg.progress-chart").is_visible()
    assert page.locator(".answers-n").inner_text() == "2"
    page.screenshot(path=str(artifacts / "training-progress-phone.png"), full_page=True)

    mentor.goto(group_url)
    assert trainee_name in mentor.locator("table.t-members").inner_text()
    wrong = mentor.locator("ol.t-wrong li").first.inner_text()
    assert q.option(q.answer).ru[:30] in wrong
    mentor.screenshot(path=str(artifacts / "training-mentor-phone.png"), full_page=True)
    mentor.get_by_role("link", name=trainee_name).click()
    assert mentor.locator("svg.progress-chart").is_visible()

    page.goto("/training/?ui=en")
    assert page.get_by_role("heading", name="Practice").is_visible()

    mentor.goto(group_url)
    width = mentor.evaluate("document.documentElement.scrollWidth")
    assert width <= 360 + 1, f"the group page scrolls sideways on a phone ({width}px)"
    mentor.once("dialog", lambda d: d.accept())
    mentor.locator("#delete-group").click()
    mentor.wait_for_load_state()
    assert mentor.locator('[data-testid="notice"]').inner_text() == "Группа «Группа L1» удалена."
    page.goto("/training/")
    assert "Группа L1" not in page.content()
