"""The builder plays the rules release a board names (issue 29), in headless Chromium: a new
board offers the playable releases and starts on the newest; under 2026-01-16 three creatures
block one attacker and no damage assignment order is asked, the attacker's damage is divided
freely (2 to the first blocker, 5 to the last, the middle one spared: illegal in 2020, 510.1c);
the same board switched to 2020-01-24 owes the order of the blockers before the damage."""
from __future__ import annotations

from playwright.sync_api import expect

from test_boards import add_creature, engine, field, generous_rate, open_builder, passes_until  # noqa: F401


def zone(page, player, name):
    return page.locator(f'#play-board section.player[data-player="{player}"] .zone-{name}')


def block_all(page):
    blk = page.locator('#owed .owed[data-decision="declare_blockers"]')
    for b in ("small", "mid", "big"):
        blk.locator(f'select[data-for="{b}"]').select_option("wurm")
    engine(page, lambda: blk.locator("button.submit-decision").click())


def attack(page):
    owed = page.locator('#owed .owed[data-decision="declare_attackers"]')
    owed.locator('select[data-for="wurm"]').select_option("Боб")
    engine(page, lambda: owed.locator("button.submit-decision").click())
    passes_until(page, "declare_blockers")
    block_all(page)


def test_builder_plays_2026_combat_without_damage_assignment_order(page, artifacts):
    open_builder(page)
    release = field(page, "rules_version")
    expect(release).to_have_value("2026-01-16")   # a new board plays the newest playable release
    expect(release.locator("option")).to_have_text(["2026-01-16", "2020-01-24", "2019-05-03"])
    add_creature(page, 0, 0, "Вурм", 7, 7, [], "wurm")
    add_creature(page, 1, 0, "Малыш", 2, 2, [], "small")
    add_creature(page, 1, 1, "Середняк", 3, 3, [], "mid")
    add_creature(page, 1, 2, "Громила", 4, 4, [], "big")
    field(page, "turn.step").select_option("declare_attackers")
    engine(page, lambda: page.locator("#check").click())
    expect(page.locator("#play-status")).to_contain_text("2026-01-16")
    attack(page)
    # no order is owed: the next decision is the damage itself, divided as Alice likes
    passes_until(page, "assign_damage")
    expect(page.locator('#owed .owed[data-decision="order_blockers"]')).to_have_count(0)
    expect(page.locator("#trace")).to_contain_text("порядка распределения повреждений нет")
    asg = page.locator('#owed .owed[data-decision="assign_damage"]')
    asg.locator('input[data-to="small"]').fill("2")
    asg.locator('input[data-to="mid"]').fill("0")
    asg.locator('input[data-to="big"]').fill("5")
    engine(page, lambda: asg.locator("button.submit-decision").click())
    expect(page.locator("#refusal")).to_be_hidden()
    expect(zone(page, "Боб", "graveyard")).to_contain_text("Малыш")
    expect(zone(page, "Боб", "graveyard")).to_contain_text("Громила")
    expect(zone(page, "Боб", "graveyard")).not_to_contain_text("Середняк")
    page.screenshot(path=str(artifacts / "boards-2026-no-damage-order.png"), full_page=True)

    # the same board under the 2020 rules: the line played is kept, and after the blocks the
    # order of the blockers is owed before any damage (509.2)
    page.locator("#tab-build").click()
    engine(page, lambda: field(page, "rules_version").select_option("2020-01-24"))
    engine(page, lambda: page.locator("#check").click())
    expect(page.locator("#play-status")).to_contain_text("2020-01-24")
    order = page.locator('#owed .owed[data-decision="order_blockers"]')
    expect(order).to_be_visible()
    expect(order.locator("li")).to_have_count(3)
    expect(page.locator("#trace")).not_to_contain_text("порядка распределения повреждений нет")
