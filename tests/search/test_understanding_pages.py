"""The pages show what query understanding did: the «показаны результаты для …» note for slang,
typos and transliterations, and a folded FAQ/cards block with «ещё N» (server page and API)."""
from __future__ import annotations

import pytest


@pytest.fixture(scope="module")
def client(corpus):
    from judge_app.web import create_app

    return create_app().test_client()


@pytest.mark.parametrize("q,shown", [("дезтач", "смертельное касание"), ("приорирет", "приоритет"),
                                     ("трампл", "trample")])
def test_search_page_shows_the_note(client, q, shown):
    r = client.get("/search", query_string={"q": q})
    assert r.status_code == 200
    body = r.get_data(as_text=True)
    assert "показаны результаты для" in body and shown in body


def test_live_search_api_carries_the_note_and_the_block(client):
    r = client.get("/api/search", query_string={"q": "Титан Солнца", "envelope": "1"})
    assert r.status_code == 200
    data = r.get_json()
    block = [h for h in data["hits"] if h.get("more")]
    assert block and all(m.get("url") for m in block[0]["more"])
    r = client.get("/api/search", query_string={"q": "вижиланс", "envelope": "1"})
    assert "показаны результаты для «бдительность»" == r.get_json()["note"]


def test_search_page_folds_the_faq_block(client):
    r = client.get("/search", query_string={"q": "Титан Солнца"})
    body = r.get_data(as_text=True)
    # the card's FAQ block, and at most one block each for glossary entries and examples
    assert 1 <= body.count('class="more-hits"') <= 3
    assert body.count('class="hit kind-card"') + body.count('class="hit kind-ruling"') >= 2
    assert "<summary>ещё " in body
