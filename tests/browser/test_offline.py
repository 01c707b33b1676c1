"""The installable offline app (issue 28), one journey on a phone as a judge would go through it.

A copy of the test corpus is served on its own port (so the "rebuild" at the end touches only
the copy); the first visit installs the service worker, which downloads the offline pack; then
the browser goes offline (``context.set_offline``) and the judge opens a rule, looks up
«704,5к», searches «деф тач», a question and «что будет если две легенды» (the server's lemmas),
opens the glossary and a FAQ card, steps a library scenario and sees the builder's offline message. Back online, the corpus is rebuilt as
``judge build`` ends a build (new ``built_at`` in the database's meta, a new manifest, a new
offline pack) and the page offers the new release.
"""
from __future__ import annotations

import time

import pytest

pytest.importorskip("playwright")


@pytest.fixture(scope="module")
def offline_server(offline_instance, app_server):
    """The app on a copy of the built test instance, with its offline pack built."""
    return {"url": app_server(), "instance": offline_instance["folder"], "pack": offline_instance["pack"]}


def rebuild(instance) -> dict:
    """What the end of ``judge build`` changes: the build's meta, the manifest, the offline pack."""
    import sqlite_utils

    from judge_app import services
    from judge_app.corpus import health, store

    db_file = instance / "judge.db"
    db = sqlite_utils.Database(db_file)
    store.write_meta(db, built_at=time.strftime("%Y-%m-%d %H:%M:%S") + " (test rebuild)")
    db.conn.commit()
    db.conn.close()
    health.write_manifest(db_file, instance / "judge-index")
    services.reset()
    return services.offline_pack()


def test_offline_journey(browser, offline_server, artifacts):
    base = offline_server["url"]
    context = browser.new_context(viewport={"width": 360, "height": 740}, device_scale_factor=2,
                                  is_mobile=True, has_touch=True, base_url=base)
    page = context.new_page()
    try:
        # first visit: installable (manifest + worker + icons), the worker takes the pack
        page.goto("/rules/704.5k")
        manifest = page.evaluate("""() => fetch(document.querySelector('link[rel=manifest]').href).then(r => r.json())""")
        assert manifest["short_name"] == "Судья MTG" and manifest["name"] == "Справочник судьи MTG"
        assert {i["sizes"] for i in manifest["icons"]} >= {"192x192", "512x512"}
        assert manifest["display"] == "standalone" and manifest["start_url"] == "/"
        pack_id = page.evaluate("""async () => {
            const reg = await navigator.serviceWorker.ready;
            if (!navigator.serviceWorker.controller)
                await new Promise(r => navigator.serviceWorker.addEventListener('controllerchange', r, {once: true}));
            return new Promise(r => { navigator.serviceWorker.addEventListener('message', e => r(e.data.pack), {once: true});
                                       navigator.serviceWorker.controller.postMessage({type: 'PACK'}); });
        }""")
        assert pack_id == offline_server["pack"]["id"]
        cdp = context.new_cdp_session(page)
        # Chromium's own installability check: a Playwright context is an incognito profile, where
        # Chromium never offers to install; every other criterion (manifest, icons, worker) must pass
        errors = [e["errorId"] for e in cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]]
        assert [e for e in errors if e != "in-incognito"] == [], errors
        assert cdp.send("Page.getAppManifest")["errors"] == []

        context.set_offline(True)
        # a judge read the last page for minutes: the worker is stopped and wakes without the network
        # (it loads Workbox from the scripts stored with it only then: sw.js). Stopped after going
        # offline: Playwright's set_offline waits forever on a worker stopped under it
        cdp.send("ServiceWorker.enable")
        cdp.send("ServiceWorker.stopAllWorkers")
        # a rule, and a rule looked up in the comma and Cyrillic-letter form
        page.goto("/rules/702.2")
        expect_text(page, "main h1", "702.2")
        assert page.locator(".offline-badge").first.is_visible()
        assert page.locator(".pair .cell.en").first.inner_text().strip()
        # the default release's Russian is the 2020 translation carried forward: a changed rule shows
        # the English in force and the 2020 Russian below, as online; the 2020 release is kept too
        default = offline_server["pack"]["default_version"]
        changed = next((r for r in pack_json(offline_server, f"rules-{default}.json")["rules"]
                        if r.get("ru", {}).get("c", {}).get("s") == "changed" and r["ru"]["c"]["x"]), None)
        if changed:
            page.goto(f"/rules/{changed['n']}")
            expect_text(page, ".cell.ru .note.carried-changed", "Перевод 2020 года")
            expect_text(page, ".cell.ru .carried-ru .text", changed["ru"]["c"]["x"][:40])
        page.goto("/rules/702.2?version=2020-01-24")
        expect_text(page, "main h1", "702.2")
        assert page.locator(".pair .cell.ru").first.inner_text().strip()
        page.goto("/search?q=" + "704,5к")
        page.wait_for_url("**/rules/704.5k")
        expect_text(page, "main h1", "704.5k")
        page.screenshot(path=str(artifacts / "offline-rule.png"))

        # search: slang typed as two words, and a question
        page.goto("/search?q=деф тач")
        page.wait_for_selector("#offline-results .hit")
        first_rules = page.locator("#offline-results > ol > li.kind-rule .num").all_inner_texts()[:5]
        assert any(n.startswith("702.2") for n in first_rules), first_rules
        assert page.locator(".offline-status .offline-badge").inner_text() == "офлайн"
        page.fill("#q-offline", "что происходит с существом с нулевой выносливостью")
        page.wait_for_function("""() => [...document.querySelectorAll('#offline-results li.kind-rule .num')]
                                          .slice(0, 5).some(e => e.textContent.startsWith('704.5f'))""")
        # the server's lemmas on the phone: «две» -> два, «легенды» -> легенда (704.5j holds «два»
        # and, in the texts citing it, «легенда»); with stems alone 704.5j was not in the first 20
        page.fill("#q-offline", "что будет если две легенды")
        page.wait_for_function("""() => [...document.querySelectorAll('#offline-results li.kind-rule .num')]
                                          .slice(0, 3).some(e => e.textContent.startsWith('704.5j'))""")
        # user text is never HTML
        page.fill("#q-offline", "<img src=x onerror=alert(1)>")
        page.wait_for_timeout(400)
        assert page.locator("#offline-results img").count() == 0
        page.screenshot(path=str(artifacts / "offline-search.png"))

        # glossary and a FAQ card
        page.goto("/glossary?q=смертельное")
        expect_text(page, "dl.glossary dt", "Смертельное касание")
        page.goto("/faq")
        first_card = page.locator("ul.cards a", has_text="(").first   # a card with rulings: «Клон (3)»
        card_name = first_card.inner_text().split(" (")[0]
        first_card.click()
        expect_text(page, "main h1", card_name)
        assert page.locator("p.ruling").count() >= 1

        # a library scenario, stepped
        page.goto("/scenarios")
        scen = page.locator("ul.scenario-list a").first
        scen.click()
        page.wait_for_selector(".stepper")
        page.locator("a.step-next").click()
        page.wait_for_url("**?step=1")
        expect_text(page, ".step-label", "Шаг 1")
        assert page.locator(".event-now .ru").inner_text().strip().startswith("1.")
        sid = page.url.split("/scenarios/")[1].split("?")[0]
        boards = pack_json(offline_server, "steps.json")
        total = len(boards["boards"][sid]) - 1
        expect_board(page, boards, sid, 1, total)
        middle = max(1, total // 2)     # any step, opened directly: the board after that event
        page.goto(f"/scenarios/{sid}?step={middle}")
        expect_text(page, ".step-label", f"Шаг {middle}")
        expect_board(page, boards, sid, middle, total)
        page.keyboard.press("End")
        page.wait_for_function(f"() => location.search.endsWith('step={total}')")
        expect_board(page, boards, sid, total, total)
        page.screenshot(path=str(artifacts / "offline-scenario.png"))

        # the builder and training say they need the server
        page.goto("/boards/new")
        expect_text(page, ".offline-message", "работает только с сервером")
        page.goto("/training")
        expect_text(page, ".offline-message", "работает только с сервером")

        # back online: a rebuilt corpus is a new pack, downloaded in the background, then offered
        context.set_offline(False)
        new = rebuild(offline_server["instance"])
        assert new["id"] != pack_id
        page.goto("/rules/704.5k")
        page.wait_for_selector(".offline-bar.update", timeout=60_000)
        expect_text(page, ".offline-bar.update", "доступна новая версия правил")
        page.screenshot(path=str(artifacts / "offline-update.png"))
        # not yet taken: an offline page is still drawn from the old pack, and only from it
        assert drawn_from(page, context, "/rules/704.5k") == {pack_id}
        page.goto("/rules/704.5k")
        page.wait_for_selector(".offline-bar.update", timeout=60_000)
        with page.expect_navigation():   # the new worker takes over and the page reloads
            page.click(".offline-bar.update button")
        page.wait_for_load_state("load")
        page.wait_for_function(f"""() => new Promise(r => {{
            navigator.serviceWorker.addEventListener('message', e => r(e.data.pack === '{new["id"]}'), {{once: true}});
            navigator.serviceWorker.controller.postMessage({{type: 'PACK'}}); }})""", timeout=30_000)
        # taken: offline pages come from the new pack only (a rule page, the search, a scenario step)
        assert drawn_from(page, context, "/rules/704.5k") == {new["id"]}
        assert drawn_from(page, context, "/search?q=деф тач") == {new["id"]}
        assert drawn_from(page, context, f"/scenarios/{sid}?step=1") == {new["id"]}
    finally:
        context.close()


def pack_json(server, name: str):
    import json

    return json.loads((server["instance"] / "offline" / server["pack"]["id"] / name).read_text(encoding="utf-8"))


def expect_board(page, boards: dict, sid: str, step: int, total: int) -> None:
    """The offline stepper draws the engine's board after event ``step`` (steps.json)."""
    from judge_app.offline import steps

    want = steps.expand(boards["nodes"], boards["nodes"][boards["boards"][sid][step]])
    title = "Начальная позиция" if step == 0 else "После последнего шага" if step == total else f"После шага {step}"
    expect_text(page, ".board h3", title)
    shown = page.locator(".board .player > b").all_inner_texts()
    assert [s.split(" — ")[1] for s in shown] == [
        f"жизнь {p['life']}" + (f", яд {p['poison']}" if p["poison"] else "") for p in want["players"]], (sid, step, shown)
    battlefield = " ".join(page.locator(".board .zone-battlefield").all_inner_texts())
    for p in want["players"]:
        for o in p.get("battlefield", []):
            assert (o.get("name_ru") or o.get("name_en") or o["id"]) in battlefield, (sid, step, o)


def drawn_from(page, context, url: str) -> set[str]:
    """Open ``url`` offline; the packs whose files the page asked for (the shell names its pack)."""
    asked: list[str] = []
    listen = lambda r: asked.append(r.url)  # noqa: E731
    page.on("request", listen)
    context.set_offline(True)
    try:
        page.goto(url)
        page.wait_for_selector("main h1, #offline-results .hit")
        page.wait_for_load_state("networkidle")
        packs = {u.split("/offline/pack/")[1].split("/")[0] for u in asked if "/offline/pack/" in u}
        packs.add(page.get_attribute("html", "data-pack"))
        return packs
    finally:
        page.remove_listener("request", listen)
        context.set_offline(False)


def expect_text(page, selector: str, text: str) -> None:
    page.wait_for_selector(selector)
    got = page.locator(selector).first.inner_text()
    assert text in got, f"{selector}: {got!r} has no {text!r}"


def test_a_full_device_still_works_online_and_says_so(browser, offline_server):
    """A phone whose storage cannot hold the pack: the worker refuses to install, the page works
    online and says what could not be stored (Chromium's quota, lowered through the DevTools
    protocol to 200 kB)."""
    base = offline_server["url"]
    context = browser.new_context(viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True,
                                  base_url=base)
    page = context.new_page()
    try:
        cdp = context.new_cdp_session(page)
        cdp.send("Storage.overrideQuotaForOrigin", {"origin": base, "quotaSize": 200_000})
        page.goto("/rules/702.2")
        page.wait_for_function("() => /свободно/.test((document.querySelector('.offline-bar.storage') || {}).textContent)",
                               timeout=60_000)
        text = page.locator(".offline-bar.storage").inner_text()
        assert "Не удалось сохранить правила для работы без сети" in text, text
        assert "свободно" in text and "MB" in text, text           # how much room the device has
        assert "сайт работает, пока есть сеть" in text
        assert "702.2" in page.locator("main h1").inner_text()      # the page itself is there, online
        assert page.evaluate("navigator.serviceWorker.controller") is None
    finally:
        context.close()
