"""The builder's play view shows a hand Telepathy keeps revealed, to whom and by what, in the
page's language (boards.js boardView, the board's ``hand_revealed``)."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

RUN = "**/api/scenarios/run"


@pytest.fixture(autouse=True)
def generous_rate(monkeypatch):
    from judge_app.web import boards
    monkeypatch.setattr(boards, "RATE", 100_000)


def test_telepathy_hand_shows_revealed_in_the_builder(page):
    for lang, words in (("en", "revealed to Боб (Telepathy)"), ("ru", "открыта игроку Боб (Телепатия)")):
        page.goto(f"/scenarios/cr-2026-701-20c-telepathy-silvergill-adept?ui={lang}")
        with page.expect_response(RUN):
            page.locator("a.open-builder").click()
        page.locator("#tab-play").click()
        shown = page.locator('section.player[data-player="Алиса"] .zone-hand .revealed')
        expect(shown.first).to_contain_text(words)
        expect(page.locator('section.player[data-player="Боб"] .zone-hand .revealed')).to_have_count(0)
