"""The board builder in headless Chromium: a board built from nothing on a desktop and on a
phone, the trample + deathtouch combat played to the end, a step back and a branch, save,
the permalink in a new browser context, export and import of the YAML."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

RUN = "**/api/scenarios/run"
KEYWORD_RU = {"trample": "пробивной удар", "deathtouch": "смертельное касание"}


@pytest.fixture(autouse=True)
def generous_rate(monkeypatch):
    from judge_app.web import boards
    monkeypatch.setattr(boards, "RATE", 100_000)


def shot(page, artifacts, name):
    page.screenshot(path=str(artifacts / f"{name}.png"), full_page=True)


def field(page, path):
    return page.locator(f'#build-form [data-path="{path}"]').first


def engine(page, click):
    """Do something that asks the engine, and wait for its answer to be drawn (the page is
    busy from the request until the drawing, in one step)."""
    with page.expect_response(RUN):
        click()
    expect(page.locator("#board-app")).not_to_have_class(re.compile(r"\bbusy\b"))


def open_builder(page, url="/boards/new"):
    """The page arrives with its board already run (no request before the first drawing)."""
    requests = []
    page.on("request", lambda r: requests.append(r.url) if "/api/scenarios/run" in r.url else None)
    page.goto(url)
    expect(page.locator("#build-status")).to_have_class(re.compile(r"\bok\b"))
    expect(page.locator("#play-board .board")).to_have_count(1)
    assert requests == []


def add_creature(page, player, j, name, power, toughness, keywords, oid):
    page.locator("fieldset.player-edit").nth(player).locator("button.add-creature").click()
    base = f"players[{player}].battlefield[{j}]"
    field(page, f"{base}.creature.name").fill(name)
    field(page, f"{base}.creature.power").fill(str(power))
    field(page, f"{base}.creature.toughness").fill(str(toughness))
    expect(field(page, f"{base}.id")).not_to_have_value("")   # every object gets an id at once
    if keywords:
        kws = field(page, f"{base}.creature.keywords")
        expect(kws).to_have_attribute("open", "")   # a new creature's keywords come unfolded (issue 26)
        for kw in keywords:
            kws.locator(f'input[data-chip="{kw}"]').check()
        expect(kws.locator("summary")).to_contain_text(", ".join(KEYWORD_RU[k] for k in keywords))
    field(page, f"{base}.id").fill(oid)


def build_combat_board(page):
    add_creature(page, 0, 0, "Вурм", 6, 4, ["trample", "deathtouch"], "wurm")
    add_creature(page, 1, 0, "Мастодонт", 3, 5, [], "mastodon")
    field(page, "turn.step").select_option("declare_attackers")


def yaml_then_play(page, artifacts, name) -> str:
    """The built board fits the phone (screenshot ``name``); its YAML tab's text is returned,
    and the board is played (the engine's answer drawn)."""
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    shot(page, artifacts, name)
    page.locator("#tab-yaml").click()
    yaml_text = page.locator("#yaml").input_value()
    page.locator("#tab-build").click()
    engine(page, lambda: page.locator("#check").click())
    return yaml_text


def passes_until(page, decision):
    for _ in range(12):
        if page.locator(f'#owed .owed[data-decision="{decision}"]').count():
            return
        engine(page, lambda: page.locator("#legal button.move-pass").first.click())
    raise AssertionError(f"{decision} was never owed")


def life(page, name):
    return page.locator(f'#play-board section.player[data-player="{name}"] .life')


def test_build_play_branch_save_share_export_import(page, browser, base_url, artifacts, tmp_path):
    open_builder(page)
    expect(page.locator("fieldset.player-edit")).to_have_count(2)
    # a card from the pool by its English name, into the hand
    alice = page.locator("fieldset.player-edit").nth(0)
    alice.locator(".card-search select").select_option("hand")
    alice.locator("input.card-q").press_sequentially("lightning", delay=20)
    alice.locator("button.card-hit", has_text="Молния").click()
    expect(field(page, "players[0].hand[0].card")).to_have_value("Молния")
    build_combat_board(page)
    # an error is shown beside its field, with the loader's message
    with page.expect_response(RUN):
        field(page, "players[1].battlefield[0].id").fill("wurm")
    err = page.locator("#build-form .field-error")
    expect(err).to_contain_text("«wurm» уже использован")
    shot(page, artifacts, "boards-build-error-desktop")
    with page.expect_response(RUN):
        field(page, "players[1].battlefield[0].id").fill("mastodon")
    expect(err).to_have_count(0)
    engine(page, lambda: page.locator("#check").click())
    expect(page.locator("#pane-play")).to_be_visible()

    # declare the attack, the block, assign 1 to the blocker and 5 to Bob (702.2c + 702.19b)
    owed = page.locator('#owed .owed[data-decision="declare_attackers"]')
    expect(owed).to_be_visible()
    owed.locator('select[data-for="wurm"]').select_option("Боб")
    engine(page, lambda: owed.locator("button.submit-decision").click())
    passes_until(page, "declare_blockers")
    blk = page.locator('#owed .owed[data-decision="declare_blockers"]')
    blk.locator('select[data-for="mastodon"]').select_option("wurm")
    engine(page, lambda: blk.locator("button.submit-decision").click())
    passes_until(page, "assign_damage")
    asg = page.locator('#owed .owed[data-decision="assign_damage"]')
    asg.locator('input[data-to="mastodon"]').fill("1")
    asg.locator('input[data-to="Боб"]').fill("5")
    engine(page, lambda: asg.locator("button.submit-decision").click())
    expect(life(page, "Боб")).to_have_attribute("data-life", "15")
    expect(page.locator('#play-board section.player[data-player="Боб"] .zone-graveyard')).to_contain_text("Мастодонт")
    # the trace cites the rules, each a link with its text on hover
    ref = page.locator("#trace a.ref", has_text=re.compile(r"^702\.2c$")).first
    expect(ref).to_have_attribute("href", re.compile(r"/rules/702\.2c"))
    ref.hover()
    expect(page.locator("#popover")).to_be_visible()
    # a new board plays 2026-01-16 (issue 29), whose 702.2c was reworded after the 2020
    # translation: the popover gives the English text, as the rule page does
    expect(page.locator("#popover")).to_contain_text(re.compile("смертельн|lethal damage", re.I))
    shot(page, artifacts, "boards-combat-desktop")
    # the board after an earlier event
    engine(page, lambda: page.locator("#trace li a").first.click())
    expect(page.locator("#viewing")).to_be_visible()
    expect(life(page, "Боб")).to_have_attribute("data-life", "20")
    page.locator("#view-current").click()

    # step back to before the block and choose differently: both lines are kept
    for _ in range(20):
        if page.locator('#owed .owed[data-decision="declare_blockers"]').count():
            break
        engine(page, lambda: page.locator("#nav-back").click())
    blk = page.locator('#owed .owed[data-decision="declare_blockers"]')
    engine(page, lambda: blk.locator("button.submit-decision").click())   # no block this time
    for _ in range(6):
        if life(page, "Боб").get_attribute("data-life") == "14":
            break
        engine(page, lambda: page.locator("#legal button.move-pass").first.click())
    expect(life(page, "Боб")).to_have_attribute("data-life", "14")
    expect(page.locator("#variations .branch")).to_have_count(1)
    shot(page, artifacts, "boards-branch-desktop")

    # save, then the permalink in a fresh browser context shows the same position and lines
    page.locator("#save").click()
    expect(page.locator("#save-status")).to_contain_text("1")
    expect(page).to_have_url(re.compile(r"/boards/[a-z2-9]{8}$"))
    url = page.url
    other = browser.new_context(base_url=base_url, viewport={"width": 1280, "height": 900})
    p2 = other.new_page()
    p2.goto(url)
    expect(p2.locator("#pane-play")).to_be_visible()
    expect(p2.locator('#play-board section.player[data-player="Боб"] .life')).to_have_attribute("data-life", "14")
    expect(p2.locator("#variations .branch")).to_have_count(1)
    # someone else's board: read, play, branch — and saving makes their own copy
    expect(p2.locator("#not-author")).to_be_visible()
    expect(p2.locator("#save")).to_have_text("Сохранить копию")
    p2.locator("#save").click()
    expect(p2).to_have_url(re.compile(r"/boards/[a-z2-9]{8}$"))
    expect(p2).not_to_have_url(url)
    expect(p2.locator("#save")).to_have_text("Сохранить")
    other.close()
    # the author in a second tab saves first: the first tab gets a conflict and saves a copy
    tab2 = page.context.new_page()
    tab2.goto(url)
    expect(tab2.locator("#not-author")).to_have_count(0)
    expect(tab2.locator("#pane-play")).to_be_visible()
    tab2.locator("#save").click()
    expect(tab2.locator("#save-status")).to_contain_text("2")
    tab2.close()
    page.locator("#save").click()
    expect(page.locator("#conflict")).to_be_visible()
    shot(page, artifacts, "boards-conflict-desktop")
    page.locator("#conflict-copy").click()
    expect(page).not_to_have_url(url)
    expect(page.locator("#conflict")).to_be_hidden()

    # export the YAML of the line played, import it in a new page: the same board
    page.locator("#tab-yaml").click()
    with page.expect_download() as dl:
        page.locator("#export").click()
    path = tmp_path / "board.yaml"
    dl.value.save_as(path)
    text = path.read_text(encoding="utf-8")
    assert "wurm" in text and "deathtouch" in text and "script:" in text
    p3 = browser.new_page(base_url=base_url)
    open_builder(p3)
    p3.locator("#tab-yaml").click()
    with p3.expect_response(RUN):
        p3.locator("#import").set_input_files(str(path))
    expect(p3.locator("#build-status")).to_have_class(re.compile(r"\bok\b"))   # one status line for every tab
    kws = p3.locator('#build-form [data-path="players[0].battlefield[0].creature.keywords"]')
    expect(kws.locator('input[data-chip="trample"]')).to_be_checked()
    expect(kws.locator('input[data-chip="deathtouch"]')).to_be_checked()
    expect(kws.locator('input[data-chip="flying"]')).not_to_be_checked()
    p3.locator("#tab-play").click()
    expect(p3.locator('#play-board section.player[data-player="Боб"] .life')).to_have_attribute("data-life", "14")
    p3.close()


def test_phone_build_and_attack(phone, artifacts):
    page = phone
    open_builder(page)
    shot(page, artifacts, "boards-new-phone")
    build_combat_board(page)
    page.locator("fieldset.player-edit").nth(1).locator("button.add-planeswalker").click()
    field(page, "players[1].battlefield[1].id").fill("jace")
    engine(page, lambda: page.locator("#check").click())
    owed = page.locator('#owed .owed[data-decision="declare_attackers"]')
    expect(owed).to_be_visible()
    expect(owed.locator('select[data-for="wurm"] option[value="jace"]')).to_have_count(1)   # 506.2: a planeswalker may be attacked
    owed.locator('select[data-for="wurm"]').select_option("Боб")
    engine(page, lambda: owed.locator("button.submit-decision").click())
    expect(page.locator("#variations .mv.cur")).to_contain_text("wurm")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    shot(page, artifacts, "boards-attack-phone")


def test_library_scenario_opens_in_the_builder_in_english(page):
    page.goto("/scenarios/deathtouch-trample?ui=en")
    with page.expect_response(RUN):
        page.locator("a.open-builder").click()
    expect(page.locator("h1")).to_contain_text("Board builder")
    expect(field(page, "players[0].battlefield[0].id")).to_have_value("wurm")
    # the builder explains itself in English on ?ui=en
    expect(page.locator("#build-form details.ability-pick summary").first).to_have_text("+ ability")
    expect(page.locator("#build-form .library-edit .zone-name").first).to_have_text("Library (top first)")
    expect(page.locator("#pane-build > p.hint").first).to_contain_text("decisions, targets and attachments name it by its id")
    page.locator("#tab-play").click()
    # its script became the main line: the expectations hold at its end, and one step back is possible
    expect(page.locator("#expects li.pass")).to_have_count(5)
    expect(page.locator("#variations .mv.cur")).to_have_text("pass until end of combat step")   # in words, not JSON or codes
    expect(life(page, "Боб")).to_have_attribute("data-life", "15")
    engine(page, lambda: page.locator("#nav-back").click())
    expect(page.locator("#variations .mv.cur")).to_have_text("damage Вурм [wurm] → Мастодонт [mastodon] 1, Боб 5")   # names, not bare ids
    # change the board under the line: a 7-power wurm can't assign only 6 damage, and the page says so
    page.locator("#tab-build").click()
    with page.expect_response(RUN):
        field(page, "players[0].battlefield[0].creature.power").fill("7")
    page.locator("#tab-play").click()
    expect(page.locator("#refusal")).to_be_visible()
    expect(page.locator("#variations .mv", has_text="damage Вурм [wurm]")).to_have_count(1)   # the line is kept


def test_phone_abilities_library_command_zone_and_ids(phone, artifacts):
    """On a 360 px phone: an ad-hoc creature gets an ability from the picker, Bolt goes on top
    of the library, a card into the command zone — each with an id given by the builder — and
    the ability is then a legal action that names its source and target by id."""
    page = phone
    open_builder(page)
    alice = page.locator("fieldset.player-edit").nth(0)
    alice.locator("button.add-creature").click()
    expect(field(page, "players[0].battlefield[0].id")).to_have_value("creature")
    pick = alice.locator("details.ability-pick").first
    pick.locator("summary").click()
    pick.locator("select.ab-kind").select_option("activated")
    expect(pick.locator("input.ab-tap")).to_be_checked()
    pick.locator("select.ab-target").select_option("any")
    pick.locator("select.ab-effect").select_option("damage")
    pick.locator("input.ab-n").fill("2")
    pick.locator("select.ab-to").select_option("target1")
    with page.expect_response(RUN):
        pick.locator("button.add-ability").click()
    expect(alice.locator(".ability-text")).to_have_text(re.compile(r"^\{T\} \[Цель: любая цель\]: повреждения 2 → цель$"))
    expect(page.locator("#build-status")).to_have_class(re.compile(r"\bok\b"))
    # Lightning Bolt on top of the library (above the 20 unknown cards), then one more below it, reordered
    alice.locator(".card-search select").select_option("library")
    alice.locator("input.card-q").press_sequentially("Lightning", delay=20)
    with page.expect_response(RUN):
        alice.locator("button.card-hit", has_text="Молния").click()
    alice.locator("input.card-q").fill("")
    alice.locator("input.card-q").press_sequentially("Forest", delay=20)
    with page.expect_response(RUN):
        alice.locator("button.card-hit", has_text="Лес").first.click()
    lib = alice.locator("ol.library-list > li")
    expect(lib).to_have_count(3)
    expect(lib.nth(0)).to_contain_text("Лес")
    with page.expect_response(RUN):
        lib.nth(1).locator("button.lib-up").click()   # Bolt back on top
    expect(lib.nth(0)).to_contain_text("Молния")
    expect(field(page, "players[0].library[0].id")).to_have_value("lightning-bolt")
    expect(field(page, "players[0].library[2].unknown")).to_have_value("20")
    # a card in the command zone
    alice.locator(".card-search select").select_option("command")
    alice.locator("input.card-q").fill("")
    alice.locator("input.card-q").press_sequentially("Forest", delay=20)
    with page.expect_response(RUN):
        alice.locator("button.card-hit", has_text="Лес").first.click()
    expect(field(page, "players[0].command[0].id")).to_have_value("forest-2")
    with page.expect_response(RUN):
        field(page, "players[0].lands_played").fill("1")   # a land already played this turn
    # a triggered ability already on the stack, from the same picker: 3 damage to Bob
    stack_pick = page.locator("fieldset.stack-edit details.ability-pick")
    stack_pick.locator("summary").click()
    stack_pick.locator("select.ab-kind").select_option("trigger")
    expect(stack_pick.locator("input.ab-tap")).to_have_count(0)   # no cost: it is already on the stack
    stack_pick.locator("select.ab-target").select_option("player")
    stack_pick.locator("select.ab-effect").select_option("damage")
    stack_pick.locator("input.ab-n").fill("3")
    with page.expect_response(RUN):
        stack_pick.locator("button.add-ability").click()
    expect(page.locator("#build-form .field-error")).to_contain_text("цел")   # its target isn't chosen yet
    with page.expect_response(RUN):
        field(page, "stack[0].targets").fill("Боб")
    expect(page.locator("#build-status")).to_have_class(re.compile(r"\bok\b"))
    expect(field(page, "stack[0].id")).to_have_value("trigger")
    yaml_text = yaml_then_play(page, artifacts, "boards-abilities-library-phone")
    assert "unknown: 20" in yaml_text and "activated:" in yaml_text and "command:" in yaml_text
    assert "lands_played: 1" in yaml_text
    # play: the ability is a legal action naming the creature and Bob; both resolve, for 2 and 3
    expect(page.locator('#play-board section.player[data-player="Алиса"] .zone-command')).to_contain_text("Лес")
    expect(page.locator("#play-board .stack-zone")).to_contain_text("trigger")
    ping = page.locator("#legal button.move-activate", has_text="Боб").first
    expect(ping).to_be_enabled()
    engine(page, lambda: ping.click())
    for _ in range(6):
        if life(page, "Боб").get_attribute("data-life") == "15":
            break
        engine(page, lambda: page.locator("#legal button.move-pass").first.click())
    expect(life(page, "Боб")).to_have_attribute("data-life", "15")
    shot(page, artifacts, "boards-ability-played-phone")


def test_phone_protection_hand_size_choice_counters_and_library_top(phone, artifacts):
    """On a 360 px phone, the form's later fields, each checked by the loader with its message
    beside the field: the maximum hand size, protection from red, Conspiracy's creature type
    (asked for, then given), charge counters; then the play board lists the known cards on top
    of the library, top first."""
    page = phone
    open_builder(page)
    alice = page.locator("fieldset.player-edit").nth(0)
    with page.expect_response(RUN):
        field(page, "players[0].max_hand").fill("-1")
    expect(page.locator('#build-form [data-path="players[0].max_hand"]')).to_have_class(re.compile(r"\bhas-error\b"))
    expect(alice.locator(".field-error").first).to_contain_text("от 0 до 100")   # the form's own limit (issue 26)
    with page.expect_response(RUN):
        field(page, "players[0].max_hand").fill("5")
    expect(page.locator("#build-status")).to_have_class(re.compile(r"\bok\b"))
    # protection from red on a custom creature
    alice.locator("button.add-creature").click()
    prot = field(page, "players[0].battlefield[0].creature.keywords.protection")
    prot.locator("summary").click()
    with page.expect_response(RUN):
        prot.locator('input[data-protection="red"]').check()
    expect(prot.locator("summary")).to_contain_text("Защита от: красного")
    expect(page.locator("#build-status")).to_have_class(re.compile(r"\bok\b"))
    # charge counters: a kind of counter by name
    entry = page.locator('#build-form .entry[data-path="players[0].battlefield[0]"]')
    entry.locator("details.entry-rare > summary").click()   # folded: rarely needed
    entry.locator("input.counter-kind").fill("charge")
    entry.locator("input.counter-n").fill("2")
    with page.expect_response(RUN):
        entry.locator("button.add-counter").click()
    expect(page.locator('#build-form input[data-counter="charge"]')).to_have_value("2")
    # Conspiracy needs its chosen creature type: the loader asks for it beside the card
    alice.locator(".card-search select").select_option("battlefield")
    alice.locator("input.card-q").press_sequentially("Conspiracy", delay=20)
    with page.expect_response(RUN):
        alice.locator("button.card-hit", has_text="Заговор").click()
    expect(page.locator("#build-form .field-error", has_text="chosen")).to_have_count(1)
    consp = page.locator('#build-form .entry[data-path="players[0].battlefield[1]"]')
    expect(consp.locator("details.entry-rare")).to_have_attribute("open", "")   # the error opened the fold
    consp.locator("select.chosen-kind").select_option("type")
    with page.expect_response(RUN):
        consp.locator('input[data-path="players[0].battlefield[1].chosen.type"]').fill("Elf")
    expect(page.locator("#build-status")).to_have_class(re.compile(r"\bok\b"))
    # Lightning Bolt on top of the library
    alice.locator(".card-search select").select_option("library")
    alice.locator("input.card-q").fill("")
    alice.locator("input.card-q").press_sequentially("Lightning", delay=20)
    with page.expect_response(RUN):
        alice.locator("button.card-hit", has_text="Молния").click()
    yaml_text = yaml_then_play(page, artifacts, "boards-form-gaps-phone")
    assert "max_hand: 5" in yaml_text and "protection:" in yaml_text and "type: Elf" in yaml_text
    assert "charge: 2" in yaml_text
    top = page.locator('#play-board section.player[data-player="Алиса"] ol.library-top li')
    expect(top).to_have_count(1)
    expect(top.first).to_contain_text("Молния")
    alice_board = page.locator('#play-board section.player[data-player="Алиса"]')
    expect(alice_board).to_contain_text("charge×2")
    expect(alice_board.locator(".att", has_text="защита")).to_have_count(1)   # the keyword in words, not its code
    shot(page, artifacts, "boards-library-top-phone")


def test_the_later_fields_speak_english(page):
    page.goto("/boards/new?ui=en")
    expect(page.locator("#build-status")).to_have_class(re.compile(r"\bok\b"))
    expect(page.locator("#build-form")).to_contain_text("Maximum hand size")
    page.locator("fieldset.player-edit").nth(0).locator("button.add-creature").click()
    expect(page.locator("#build-form details.protection summary").first).to_have_text("Protection from: none")
    expect(page.locator("#build-form")).to_contain_text("Chosen as it entered")
