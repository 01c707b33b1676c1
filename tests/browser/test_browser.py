"""The judge's pages in headless Chromium: search, rules, references, versions, phone,
keyboard, and a scenario stepped to the end."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from judge_app.web import scenario_data


def ready(page):
    """Wait until app.js has bound its handlers (it is deferred: keys pressed earlier are lost)."""
    page.wait_for_selector("html[data-js='ready']", state="attached")


def shot(page, artifacts, name):
    page.screenshot(path=str(artifacts / f"{name}.png"), full_page=False)


def test_search_as_you_type_and_open_a_hit(page, artifacts):
    page.goto("/")
    ready(page)
    box = page.locator("#q")
    expect(box).to_be_focused()
    box.press_sequentially("смертельное касание", delay=15)
    hit = page.locator("#results a.hit-link", has=page.locator("b.num", has_text=re.compile(r"^702\.2$"))).first
    expect(hit).to_be_visible()
    expect(page.locator("#results mark").first).to_be_visible()
    shot(page, artifacts, "search-desktop")
    hit.click()
    expect(page).to_have_url(re.compile(r"/rules/702\.2\?"))
    expect(page.locator(".pair.main .cell.ru, .pair .cell.ru").first).to_be_visible()
    expect(page.locator(".cell.en").first).to_contain_text("deathtouch", ignore_case=True)


def test_rule_number_in_the_box_goes_to_the_rule(page):
    page.goto("/")
    page.locator("#q").fill("704,5к")
    page.locator("#q").press("Enter")
    expect(page).to_have_url(re.compile(r"/rules/704\.5k\?"))
    expect(page.locator("h1 .num")).to_have_text("704.5k")


def test_rule_page_russian_and_english(page, artifacts):
    page.goto("/rules/704.5k")
    ru = page.locator(".pair.main .cell.ru")
    en = page.locator(".pair.main .cell.en")
    expect(ru).to_be_visible()
    expect(en).to_be_visible()
    expect(en).to_contain_text("world")
    assert re.search(r"[а-яё]{5,}", ru.inner_text().lower())
    box_ru, box_en = ru.bounding_box(), en.bounding_box()
    assert box_en["x"] > box_ru["x"] + box_ru["width"] / 2, "not side by side on a desktop"
    expect(page.locator(".crumbs")).to_contain_text("704")
    expect(page.locator(".current-version")).to_be_visible()
    shot(page, artifacts, "rule-desktop")
    page.goto("/rules/704")
    expect(page.locator("#r704\\.5k")).to_be_visible()
    shot(page, artifacts, "section-desktop")


def test_follow_a_reference_with_its_text_on_hover(page, corpus, artifacts):
    version = corpus.default_version()
    row = corpus.one(
        "select src_number, target_number from refs where doc_id = ? and src_kind = 'rule' and resolved = 1 "
        "and src_number != target_number and src_number like '%.%' limit 1", (corpus.doc_id(version, "ru"),))
    if not row:
        pytest.skip("no rule-to-rule reference in this build")
    page.goto(f"/rules/{row['src_number']}")
    ready(page)
    link = page.locator(f"a.ref[data-n='{row['target_number']}']").first
    link.hover()
    pop = page.locator("#popover")
    expect(pop).to_be_visible()
    expect(pop).to_contain_text(row["target_number"] + ".")
    shot(page, artifacts, "reference-popover")
    link.click()
    expect(page).to_have_url(re.compile(rf"/rules/{re.escape(row['target_number'])}\?"))
    expect(page.locator(".refs-in")).to_contain_text(row["src_number"])


def test_switch_versions(page, corpus):
    versions = corpus.cr_versions()
    if len(versions) < 2:
        pytest.skip("one version only")
    page.goto("/rules/302.6")
    ready(page)
    older = versions[-1]
    page.locator("#version-select").select_option(older)
    expect(page).to_have_url(re.compile(rf"version={older}"))
    expect(page.locator(".current-version")).to_have_text(older)
    expect(page.locator(".version-badge").first).to_contain_text(older)
    if older == "2019-05-03":
        expect(page.locator(".note.missing").first).to_be_visible()
    expect(page.locator("a.next")).to_have_attribute("href", re.compile(rf"version={older}"))


def test_phone_viewport(phone, artifacts):
    for url, name in (("/", "home-phone"), ("/rules/704.5k", "rule-phone"), ("/rules/704", "section-phone"),
                      ("/glossary?q=deathtouch", "glossary-phone"), ("/search?q=trample", "search-phone")):
        phone.goto(url)
        width = phone.evaluate("document.documentElement.scrollWidth")
        assert width <= 360, f"{url} scrolls sideways on a phone ({width}px)"
        shot(phone, artifacts, name)
    phone.goto("/rules/704.5k")
    ready(phone)
    ru, en = phone.locator(".pair.main .cell.ru"), phone.locator(".pair.main .cell.en")
    assert en.bounding_box()["y"] >= ru.bounding_box()["y"] + ru.bounding_box()["height"] - 1, "not stacked"
    ref = phone.locator("a.ref").first
    if ref.count():
        ref.tap()
        expect(phone.locator("#popover")).to_be_visible()


def test_keyboard_slash_focuses_search(page):
    page.goto("/rules/704.5k")
    ready(page)
    page.locator("body").click(position={"x": 5, "y": 300})
    page.keyboard.press("/")
    expect(page.locator("#q")).to_be_focused()
    page.keyboard.type("deathtouch")
    expect(page.locator("#live a.hit-link").first).to_be_visible()
    page.keyboard.press("ArrowDown")
    expect(page.locator("#live a.hit-link").first).to_be_focused()
    page.keyboard.press("Enter")
    expect(page).not_to_have_url(re.compile(r"/rules/704\.5k"))


def test_english_interface(page):
    page.goto("/?ui=en")
    expect(page.locator("nav.nav")).to_contain_text("Glossary")
    page.goto("/rules/704.5k")
    expect(page.locator("nav.nav")).to_contain_text("Glossary")


def pick_scenario():
    items = [it for it in scenario_data.library() if it.scenario is not None]
    for it in items:
        run = scenario_data.run(it)
        if not run.error and len(run.events) >= 2 and any(re.search(r"жизнь: \d+", e["text_ru"]) for e in run.events):
            return it, run
    for it in items:
        run = scenario_data.run(it)
        if not run.error and len(run.events) >= 2:
            return it, run
    return None, None


def test_scenario_stepping_to_the_end(page, artifacts):
    item, run = pick_scenario()
    if not item:
        pytest.skip("no runnable scenario in the library")
    page.goto("/scenarios")
    page.locator(f"a[href='/scenarios/{item.id}']").first.click()
    expect(page).to_have_url(re.compile(rf"/scenarios/{re.escape(item.id)}$"))
    ready(page)
    start_board = page.locator(".board").inner_text()
    total = len(run.events)
    shot(page, artifacts, "scenario-start")
    for n in range(1, total + 1):
        page.keyboard.press("ArrowRight")
        expect(page.locator("#scenario-live")).to_have_attribute("data-step", str(n))
        event_text = page.locator(".event-now").inner_text()
        assert run.events[n - 1]["text_ru"][:40] in event_text
        life = re.search(r"\(жизнь: (\d+)\)", run.events[n - 1]["text_ru"])
        if life:  # the board shows what the trace says
            expect(page.locator(f".life[data-life='{life.group(1)}']").first).to_be_visible()
        for number in run.events[n - 1]["rules"]:
            expect(page.locator(f".event-now a.ref[data-n='{number}']").first).to_be_attached()
    expect(page).to_have_url(re.compile(rf"step={total}"))
    assert page.locator(".board").inner_text() != start_board
    assert page.locator("a.step-next").count() == 0
    shot(page, artifacts, "scenario-end")
    page.keyboard.press("ArrowLeft")
    expect(page.locator("#scenario-live")).to_have_attribute("data-step", str(total - 1))
    page.keyboard.press("Home")
    expect(page.locator("#scenario-live")).to_have_attribute("data-step", "0")
    page.locator("a.step-last").click()
    expect(page.locator("#scenario-live")).to_have_attribute("data-step", str(total))


def test_scenario_slider_and_permalink(page):
    item, run = pick_scenario()
    if not item:
        pytest.skip("no runnable scenario in the library")
    total = len(run.events)
    page.goto(f"/scenarios/{item.id}?step={total // 2}")
    expect(page.locator(".step-label .n")).to_have_text(str(total // 2))
    ready(page)
    slider = page.locator("input[type=range]")
    slider.fill(str(total))
    slider.dispatch_event("change")
    expect(page.locator("#scenario-live")).to_have_attribute("data-step", str(total))


def test_screenshots_of_the_other_pages(page, phone, artifacts):
    for url, name in (("/glossary", "glossary-desktop"), ("/faq", "faq-desktop"), ("/faq/5", "card-desktop"),
                      ("/rulebook", "rulebook-desktop"), ("/rules", "toc-desktop"), ("/scenarios", "scenarios-desktop"),
                      ("/versions", "versions-desktop"), ("/rules/999.9", "404-desktop")):
        page.goto(url)
        expect(page.locator("main")).to_be_visible()
        shot(page, artifacts, name)
    item, _ = pick_scenario()
    if item:
        phone.goto(f"/scenarios/{item.id}?step=1")
        assert phone.evaluate("document.documentElement.scrollWidth") <= 360
        shot(phone, artifacts, "scenario-phone")


def test_fast_key_presses_land_on_the_right_step(page):
    item, run = pick_scenario()
    if not item:
        pytest.skip("no runnable scenario in the library")
    total = len(run.events)
    want = min(total, 5)
    page.goto(f"/scenarios/{item.id}")
    ready(page)
    for _ in range(want):
        page.keyboard.press("ArrowRight")
    expect(page.locator("#scenario-live")).to_have_attribute("data-step", str(want))
    expect(page).to_have_url(re.compile(rf"step={want}$"))
    page.keyboard.press("End")
    page.keyboard.press("ArrowLeft")
    expect(page.locator("#scenario-live")).to_have_attribute("data-step", str(total - 1))


def test_arrow_keys_turn_rule_pages(page):
    page.goto("/rules/704.5k")
    ready(page)
    page.keyboard.press("ArrowRight")
    expect(page).to_have_url(re.compile(r"/rules/704\.5m\?"))
    ready(page)
    page.keyboard.press("ArrowLeft")
    expect(page).to_have_url(re.compile(r"/rules/704\.5k\?"))
