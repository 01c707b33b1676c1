"""The FAQ M2011 rulings in headless Chromium: a card page shows each ruling's status and 2020
rules (text on hover), «проиграть» opens the scenario in the stepper, a rule page lists the rulings."""
from __future__ import annotations

import re

from playwright.sync_api import expect


def test_faq_card_status_hover_and_play(page, corpus):
    pos = corpus.one("select position from cards where name = 'Коллющая Боль'")["position"]
    page.goto(f"/faq/{pos}")
    status = page.locator("#r123 .faq-status")
    expect(status).to_have_attribute("data-status", "shown")
    expect(status.locator(".badge")).to_have_text("показано сценарием")
    rule = status.locator("a.ref[data-n='704.5f']")
    expect(rule).to_be_visible()
    title = rule.get_attribute("title") or ""  # the rule's 2020 text on hover
    assert title.startswith("704.5f.") and "кладбище" in title
    status.locator("a.play").click()
    expect(page).to_have_url(re.compile(r"/scenarios/m2011-r123-stabbing-pain-dies$"))
    page.wait_for_selector("html[data-js='ready']", state="attached")
    expect(page.locator(".board")).to_be_visible()


def test_faq_card_pending_and_changed(page, corpus):
    pos = corpus.one("select min(position) as p from cards where name = 'Златогривый Аджани'")["p"]
    page.goto(f"/faq/{pos}")
    expect(page.locator("#r13 .faq-status")).to_have_attribute("data-status", "shown")   # Ajani: issue 11, group faqc
    expect(page.locator("#r17 .faq-status")).to_have_attribute("data-status", "shown")   # loyalty: shown since #16
    changed = page.locator("#r15 .faq-status .changed")
    expect(changed).to_contain_text("Magic 2014")
    expect(changed.locator("a.ref[data-n='306.4']")).to_be_visible()
    # Wild Evocation's rulings are shown now (issue 11, group faqf: casting a card while an ability resolves)
    pos = corpus.one("select min(position) as p from cards where name = 'Вызывание Наугад'")["p"]
    page.goto(f"/faq/{pos}")
    expect(page.locator("#r74 .faq-status")).to_have_attribute("data-status", "shown")
    # a pending ruling, while any is left, says what the engine lacks
    pending = corpus.rows("select position, missing from ruling_links where status = 'pending' order by position")
    if pending:
        n, missing = pending[0]["position"], pending[0]["missing"]
        page.goto(f"/faq/ruling/{n}")
        expect(page.locator(f"#r{n} .faq-status .missing")).to_contain_text(missing[:30])


def test_rule_page_lists_the_rulings(page):
    page.goto("/rules/704.5h?version=2020-01-24")
    section = page.locator(".rule-faq-rulings")
    expect(section).to_be_visible()
    expect(section.locator("a[href='/faq/ruling/3']")).to_be_visible()
    section.locator("a[href='/faq/ruling/3']").click()
    expect(page).to_have_url(re.compile(r"/faq#r3$"))
