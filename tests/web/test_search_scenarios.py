"""Scenarios as search results on the pages and in the JSON API (issue 23): the «Сценарии»
badge, a link to the stepper and one to the builder; bad queries get a 4xx, never a 500."""
from __future__ import annotations

import re

import pytest


def test_results_page_shows_scenarios_with_stepper_and_builder_links(client):
    r = client.get("/search", query_string={"q": "смирение опалесценция"})
    assert r.status_code == 200
    page = r.get_data(as_text=True)
    assert "Сценарии" in page
    stepper = re.search(r'class="open-stepper" href="(/scenarios/[^"]+)"', page)
    builder = re.search(r'class="open-builder" href="(/boards/new\?from=[^"]+)"', page)
    assert stepper and builder
    assert client.get(stepper.group(1)).status_code == 200
    assert client.get(builder.group(1).replace("&amp;", "&")).status_code == 200


def test_results_page_speaks_english_too(client):
    page = client.get("/search", query_string={"q": "Humility Opalescence", "ui": "en"}).get_data(as_text=True)
    assert "Scenarios" in page and "in the builder" in page


def test_api_envelope_gives_scenario_urls(client):
    r = client.get("/api/search", query_string={"q": "смирение опалесценция", "envelope": "1"})
    assert r.status_code == 200
    scen = [h for h in r.get_json()["hits"] if h["kind"] == "scenario"]
    assert scen
    assert scen[0]["url"].startswith("/scenarios/") and scen[0]["builder_url"].startswith("/boards/new?from=")


def test_api_kind_scenario(client):
    r = client.get("/api/search", query_string={"q": "Кровавая луна", "kind": "scenario"})
    assert r.status_code == 200
    hits = r.get_json()
    assert hits and {h["kind"] for h in hits} == {"scenario"}


@pytest.mark.parametrize("q", ["!!!???...", "и в на что", "легенда legend 704 ♠ дезтач",
                               " ".join(["Молния", "Шок", "Клон", "Смирение", "Опалесценция"] * 4)])
def test_odd_queries_answer(client, q):
    for path in ("/search", "/api/search"):
        assert client.get(path, query_string={"q": q}).status_code == 200


def test_a_10000_character_query_is_a_4xx(client):
    for path in ("/search", "/api/search"):
        r = client.get(path, query_string={"q": "легенда " * 1250})
        assert 400 <= r.status_code < 500
