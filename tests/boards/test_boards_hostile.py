"""Hostile boards and decisions: always a 4xx JSON answer or a run, never a 500 or a traceback."""
from __future__ import annotations

import pytest

from board_samples import BOARD


def _p(bf, **extra):
    return {"players": [{"name": "A", "battlefield": bf, **extra}, {"name": "B"}],
            "turn": {"number": 1, "active": "A", "step": "main1"}}


BOARDS = [
    _p([{"card": "Молния", "attached_to": [1]}]), _p([{"creature": {"name": "x", "power": "a", "toughness": 1}}]),
    _p([{"creature": {"name": ["x"], "power": 1, "toughness": 1}}]),
    _p([{"creature": {"name": "x", "power": 1, "toughness": 1, "keywords": [{"protection": 5}]}}]),
    _p([], hand=[{"card": {"a": 1}}]), _p([], life="x"), _p([], library=-1), _p([], mana_pool={"R": 10 ** 30}),
    _p([{"permanent": {"name": "p", "types": ["enchantment"]}, "id": "e", "attached_to": "e"}]),
    {"players": [{"name": "A"}, {"name": "B"}], "turn": {"active": ["A"]}},
    {"players": [{"name": "A"}, {"name": "B"}], "stack": [{"spell": "Молния", "by": "A", "targets": "B"}]},
    {"players": [{"name": 1}, {"name": "B"}]}, {"players": "x"}, [1, 2], "x: [", "a: &a [*a, *a]\n",
    "a: !!python/object/apply:os.system [echo]\n",
]
DECISIONS = [{"attack": {"wurm": ["x", {"y": 1}]}}, {"attack": 5}, {"attack": {"Боб": "wurm"}}, {"choose": {"a": [1]}},
             {"block": {"mastodon": {"x": 1}}}, {"assign_damage": {"wurm": {"Боб": "x"}}}, {"cast": {"card": ["x"]}},
             {"activate": {"object": "wurm", "ability": 99}}, {"pass_until": ["x"]}, {"choose": None}, [], "attack",
             {"pass": True, "by": ["x"]}, {"attack": {"wurm": "Боб"}, "by": {"x": 1}}]
AFTER_BLOCK = [{"attack": {"wurm": "Боб"}}, {"block": {"mastodon": "wurm"}}, {"pass": True}, {"pass": True}]


@pytest.mark.parametrize("scenario", BOARDS, ids=range(len(BOARDS)))
def test_hostile_board(client, scenario):
    for url in ("/api/scenarios/run", "/api/boards"):
        r = client.post(url, json={"scenario": scenario})
        assert r.status_code in (200, 201, 400, 413), (url, r.status_code, r.get_json())
        if r.status_code >= 400:
            assert r.get_json()["error"] and "Traceback" not in r.get_data(as_text=True)


@pytest.mark.parametrize("decision", DECISIONS, ids=range(len(DECISIONS)))
def test_hostile_decision(client, decision):
    for before in ([], AFTER_BLOCK):
        r = client.post("/api/scenarios/run", json={"scenario": BOARD, "decisions": before + [decision], "states": "final"})
        assert r.status_code in (200, 400), r.get_json()
        d = r.get_json()
        assert d["error"] if r.status_code == 400 else (d["refused"] or d["failures"] or d["owed"] or d["legal"])


def test_deep_nesting_is_refused_not_a_500(client):
    bodies = ['{"scenario": ' + "[" * 5000 + "]" * 5000 + "}",
              '{"scenario": {"players": ' + "[" * 200 + "]" * 200 + "}}",
              '{"scenario": "x", "variations": ' + "[" * 100 + "]" * 100 + "}"]
    for body in bodies:
        for url in ("/api/scenarios/run", "/api/boards"):
            r = client.post(url, data=body, content_type="application/json")
            assert r.status_code == 400 and "вложенность" in r.get_json()["error"], (url, body[:30])
    r = client.post("/api/scenarios/run", data="a: " + "[" * 5000 + "]" * 5000, content_type="text/plain")
    assert r.status_code == 400 and r.is_json
