"""The builder's pages as HTML: Russian first, English on ?ui=en, hostile ids answered with 404s."""
from __future__ import annotations

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
