"""A rule's history across releases, and the carried Russian, in Chromium (issue 25)."""
from __future__ import annotations

from playwright.sync_api import expect


def test_open_a_rules_history_on_a_phone(phone, artifacts):
    """613.7 of 2026 (timestamps) was 613.6 in 2020: its page shows the 2020 Russian with the
    carry label, and its history lists the renumbering; a changed rule shows the word diff."""
    phone.goto("/rules/613.7")
    expect(phone.locator(".note.carried-same").first).to_contain_text("английский текст с тех пор не менялся")
    timeline = phone.locator("details.timeline")
    timeline.locator("> summary").click()
    expect(timeline.locator("li", has_text="613.6").first).to_be_visible()
    phone.screenshot(path=str(artifacts / "rule-history-613.7.png"))
    phone.goto("/rules/510.1c?show=ru")
    expect(phone.locator(".note.carried-changed").first).to_be_visible()
    expect(phone.locator(".carried-ru .worddiff del").first).to_be_attached()
    phone.locator("details.timeline > summary").click()
    changed = phone.locator("details.timeline li.status-changed", has_text="2024-11-08").first
    expect(changed).to_be_visible()
    changed.locator("summary").click()
    expect(changed.locator("del").first).to_be_visible()
