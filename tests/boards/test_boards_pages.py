"""The builder's pages as HTML: Russian first, English on ?ui=en, hostile ids answered with 404s."""
from __future__ import annotations

import json
import re
from html import unescape

from board_samples import BOARD


def test_new_board_page_in_russian_and_english(client):
    r = client.get("/boards/new")
    html = r.get_data(as_text=True)
    assert r.status_code == 200 and "Конструктор доски" in html and "boards.js" in html
    assert 'data-board-id=""' in html
    en = client.get("/boards/new?ui=en").get_data(as_text=True)
    assert "Board builder" in en and "Конструктор доски" not in en


def test_a_library_scenario_opens_in_the_builder(client):
    page = client.get("/scenarios/deathtouch-trample").get_data(as_text=True)
    assert 'href="/boards/new?from=deathtouch-trample"' in page and "открыть в конструкторе" in page
    html = client.get("/boards/new?from=deathtouch-trample").get_data(as_text=True)
    assert "keywords: [trample, deathtouch]" in html and "/scenarios/deathtouch-trample" in html
    assert "Собрать свою доску" in client.get("/scenarios").get_data(as_text=True)


def test_saved_board_page_carries_its_revision(client):
    made = client.post("/api/boards", data=BOARD.encode(), content_type="text/plain").get_json()
    html = client.get(made["url"]).get_data(as_text=True)
    assert f'data-board-id="{made["id"]}"' in html and 'data-revision="1"' in html
    assert "Мастодонт" in html


def test_hostile_ids_and_params(client):
    for url in ("/boards/new?from=../../etc/passwd", "/boards/new?from=" + "a" * 500, "/boards/new?from=nope",
                "/boards/zzzzzzzz", "/boards/ZZZ", "/boards/zzzzzzzz.yaml", "/boards/%00", "/api/boards/zzzzzzz1"):
        r = client.get(url)
        assert r.status_code == 404, url
        assert "Traceback" not in r.get_data(as_text=True)
    r = client.get("/api/boards/zzzzzzzz")
    assert r.status_code == 404 and r.is_json


def _first_run(html: str):
    m = re.search(r'data-first-run="([^"]*)"', html)
    assert m, "the page carries its first run"
    return json.loads(unescape(m.group(1)))


def test_the_page_carries_its_first_run_at_the_saved_line(client):
    new = _first_run(client.get("/boards/new").get_data(as_text=True))
    assert [p["name"] for p in new["data"]["players"]] == ["Алиса", "Боб"] and new["board"]["step"] == "main1"
    assert [p["name"] for p in _first_run(client.get("/boards/new?ui=en").get_data(as_text=True))["data"]["players"]] \
        == ["Alice", "Bob"]
    # a saved board left after the attack: the page's run is played to that line, its form data is the board alone
    nodes = [{"p": -1, "a": {"attack": {"wurm": "Боб"}}, "l": "a"}, {"p": -1, "a": {"attack": "none"}, "l": "b"},
             {"p": 0, "a": "pass", "l": "c"}]
    made = client.post("/api/boards", json={"scenario": BOARD, "variations": {"nodes": nodes, "path": [0, 0]}}).get_json()
    run = _first_run(client.get(made["url"]).get_data(as_text=True))
    assert len(run["decisions"]) == 2 and run["board"]["players"][0]["battlefield"][0]["combat"]["attacking"] == "Боб"
    assert "script" not in run["data"]
    # the second line, then a path the tree doesn't have: played as far as it goes
    for path, n in (([1], 1), ([0, 5], 1)):
        made = client.post("/api/boards", json={"scenario": BOARD, "variations": {"nodes": nodes, "path": path}}).get_json()
        assert len(_first_run(client.get(made["url"]).get_data(as_text=True))["decisions"]) == n


def test_a_hostile_title_stays_text_in_the_first_run(client):
    hostile = BOARD.replace("title: Пробивной удар и смертельное касание", "title: '</script><script>alert(1)</script>'")
    assert hostile != BOARD
    made = client.post("/api/boards", json={"scenario": hostile}).get_json()
    html = client.get(made["url"]).get_data(as_text=True)
    assert "<script>alert(1)" not in html
    assert _first_run(html)["title"] == "</script><script>alert(1)</script>"


def test_a_saved_revision_is_replayed_once_for_its_page(client, monkeypatch):
    """The page's first run of a saved revision is kept (by its text and line, bounded in bytes):
    a second visit, in either language it was made in, does not replay the line again; a new
    revision is a new text and is replayed."""
    from judge_app.boards import service

    calls = []
    real = service.run
    monkeypatch.setattr(service, "run", lambda *a, **kw: calls.append(a) or real(*a, **kw))
    nodes = [{"p": -1, "a": {"attack": {"wurm": "Боб"}}, "l": "a"}]
    made = client.post("/api/boards", json={"scenario": BOARD, "variations": {"nodes": nodes, "path": [0]}}).get_json()
    first = _first_run(client.get(made["url"]).get_data(as_text=True))
    again = _first_run(client.get(made["url"]).get_data(as_text=True))
    assert first == again and len(first["decisions"]) == 1
    assert len(calls) == 1, "the second visit came from the cache"
    en = _first_run(client.get(made["url"] + "?ui=en").get_data(as_text=True))
    assert en["board"] == first["board"] and len(calls) == 2   # the rules' texts are in the page's language
    changed = BOARD.replace("  - name: Боб\n", "  - name: Боб\n    life: 19\n", 1)
    assert changed != BOARD
    r = client.put(f"/api/boards/{made['id']}", json={"revision": 1, "scenario": changed,
                                                       "variations": {"nodes": nodes, "path": [0]}})
    assert r.status_code == 200
    assert _first_run(client.get(made["url"]).get_data(as_text=True))["board"]["players"][1]["life"] == 19
    assert len(calls) == 3


def test_library_scenarios_with_a_rules_version_open_in_the_builder(client):
    """``rules_version: 2020-01-24`` unquoted is a date to YAML: the page's run must carry it as
    text (it answered 500 before). Every library scenario that names its version opens, and its
    form data keeps the version as written."""
    from board_samples import ROOT

    files = sorted(p for p in (ROOT / "scenarios").rglob("*.yaml")
                   if re.search(r"^rules_version: \d{4}-\d\d-\d\d$", p.read_text(encoding="utf-8"), re.M))
    assert files
    for path in files:
        sid = re.search(r"^id: (\S+)$", path.read_text(encoding="utf-8"), re.M).group(1)
        r = client.get(f"/boards/new?from={sid}")
        assert r.status_code == 200, sid
    run = _first_run(r.get_data(as_text=True))
    assert re.fullmatch(r"\d{4}-\d\d-\d\d", run["data"]["rules_version"])


def test_the_builder_is_reached_from_the_home_page_and_the_menu(client):
    """Issue 26: the builder was reachable only from Сценарии → «Собрать свою доску»."""
    import re

    home = client.get("/?ui=ru").get_data(as_text=True)
    assert len(re.findall(r'href="/boards/new"', home)) >= 2   # the home page's entry and the menu's
    for page in ("/scenarios", "/training/login"):
        html = client.get(page).get_data(as_text=True)
        nav = html[html.index("<nav"):html.index("</nav>")]
        assert 'href="/boards/new"' in nav, page
