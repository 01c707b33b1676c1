"""The board builder's JSON API on the real engine, the real corpus and a real users.db."""
from __future__ import annotations

import json

from board_samples import BOARD, COMBAT

COMBAT_DECISIONS = [{"attack": {"wurm": "Боб"}}, {"block": {"mastodon": "wurm"}},
                    {"assign_damage": {"wurm": {"mastodon": 1, "Боб": 5}}}, {"pass_until": "end_of_combat"}]


def run(client, body, **kw):
    return client.post("/api/scenarios/run", json=body, **kw)


def test_run_yaml_body_gives_events_rules_states_and_expectations(client):
    r = client.post("/api/scenarios/run", data=COMBAT.encode(), content_type="application/x-yaml")
    assert r.status_code == 200, r.get_json()
    d = r.get_json()
    assert d["passed"] is True and d["failures"] == []
    assert len(d["states"]) == len(d["events"]) > 10
    assert all(ex["passed"] for ex in d["expectations"]) and len(d["expectations"]) == 5
    cited = {n for e in d["events"] for n in e["rules"]}
    assert {"702.19b", "702.2c", "704.5h"} <= cited
    assert d["rule_texts"]["702.2c"]["text"] and d["rule_texts"]["702.2c"]["url"].startswith("/rules/702.2c")
    # the board after each event: the mastodon is on the battlefield until the SBA puts it in the graveyard
    sba = next(i for i, e in enumerate(d["events"]) if e["kind"] == "sba" and "mastodon" in e["objects"])
    before = d["states"][sba - 1]["players"][1]["battlefield"]
    after = d["states"][sba]["players"][1]["battlefield"]
    assert [o["id"] for o in before] == ["mastodon"] and after == []
    assert d["board"]["players"][1]["life"] == 15


def test_run_reports_the_owed_decision_and_legal_actions(client):
    d = run(client, {"scenario": BOARD, "states": "final"}).get_json()
    assert d["owed"]["decision"] == "declare_attackers" and d["owed"]["by"] == "Алиса"
    assert d["owed"]["rows"] == [{"id": "wurm", "name": ["Вурм [wurm]", "Вурм [wurm]"], "choices": ["Боб"]}]
    assert d["legal"] == [] and "states" not in d
    d = run(client, {"scenario": BOARD, "decisions": [{"attack": {"wurm": "Боб"}}], "states": "final"}).get_json()
    assert d["owed"] is None
    assert [m["action"] for m in d["legal"]] == [{"pass": True, "by": "Алиса"}, {"pass_until": "declare_blockers"}]
    assert d["legal"][1]["label_ru"] == "Пас до шага: шаг объявления блокирующих"
    assert d["decisions"][0]["decision"] == 0 and d["decisions"][0]["first"] <= d["decisions"][0]["last"]
    after_block = COMBAT_DECISIONS[:2] + [{"pass": True, "by": "Алиса"}, {"pass": True, "by": "Боб"}]
    d = run(client, {"scenario": BOARD, "decisions": after_block, "states": "final"}).get_json()
    owed = d["owed"]
    assert owed["decision"] == "assign_damage" and owed["answer"] == "assign_damage"
    assert owed["rows"][0]["id"] == "wurm" and owed["rows"][0]["power"] == 6
    assert {r["id"] for r in owed["rows"][0]["recipients"]} == {"mastodon", "Боб"}


def test_the_combat_played_as_decisions_ends_like_the_faq(client):
    d = run(client, {"scenario": BOARD, "decisions": COMBAT_DECISIONS, "states": "final"}).get_json()
    assert d["refused"] is None and d["failures"] == []
    bob = d["board"]["players"][1]
    assert bob["life"] == 15 and [o["id"] for o in bob["graveyard"]] == ["mastodon"]


def test_a_refused_decision_is_reported_with_its_rule(client):
    board = BOARD.replace("keywords: [trample, deathtouch]", "keywords: [trample, deathtouch, defender]")
    d = run(client, {"scenario": board, "decisions": [{"attack": {"wurm": "Боб"}}], "states": "final"}).get_json()
    assert d["refused"]["decision"] == 0 and "702.3b" in d["refused"]["message"]
    assert d["owed"]["decision"] == "declare_attackers"   # the same decision is owed again


def test_board_at_an_event(client):
    full = run(client, {"scenario": BOARD, "decisions": COMBAT_DECISIONS}).get_json()
    n = len(full["events"]) // 2
    at = run(client, {"scenario": BOARD, "decisions": COMBAT_DECISIONS, "at": n}).get_json()
    assert at["board"] == full["states"][n - 1]
    zero = run(client, {"scenario": BOARD, "at": 0}).get_json()
    assert zero["board"] == full["initial"] and zero["board"]["events"] == 0


def test_json_object_scenario_is_checked_like_a_file(client):
    bad = {"players": [{"name": "Алиса", "battlefield": [{"card": "Молниеносный Гоблинн"}]}, {"name": "Боб"}],
           "turn": {"number": 1, "active": "Алиса", "step": "main1"}}
    r = run(client, {"scenario": bad})
    assert r.status_code == 400
    issue = r.get_json()["issues"][0]
    assert issue["path"] == "players[0].battlefield[0].card" and "неизвестная карта" in issue["message"]
    assert issue["line"] > 0


def test_bad_yaml_names_the_line(client):
    text = "players:\n  - name: Алиса\n    lief: 20\n  - name: Боб\n"
    r = client.post("/api/scenarios/run", data=text.encode(), content_type="text/plain")
    assert r.status_code == 400
    d = r.get_json()
    assert d["issues"][0] == {"path": "players[0].lief", "line": 3, "message": "неизвестный ключ — возможно, «life»?"}
    assert "строка 3" in d["error"]
    r = client.post("/api/scenarios/run", data=b"players: [a, b\n", content_type="text/plain")
    assert r.status_code == 400 and "ошибка YAML" in r.get_json()["error"]


def test_bad_decision_and_bad_request_shapes(client):
    r = run(client, {"scenario": BOARD, "decisions": [{"atack": {"wurm": "Боб"}}]})
    assert r.status_code == 400 and r.get_json()["issues"][0]["path"].startswith("decisions[0]")
    assert run(client, {"scenario": BOARD, "decisions": "pass"}).status_code == 400
    assert run(client, {"scenario": BOARD, "at": -1}).status_code == 400
    assert run(client, {"scenario": BOARD, "states": "all"}).status_code == 400
    assert run(client, {"nothing": 1}).status_code == 400
    r = client.post("/api/scenarios/run", data=b"{not json", content_type="application/json")
    assert r.status_code == 400 and "JSON" in r.get_json()["error"]
    assert client.post("/api/scenarios/run", data=b"\xff\xfe", content_type="text/plain").status_code == 400
    assert client.post("/api/scenarios/run", data=b"  ", content_type="text/plain").status_code == 400


def test_request_size_is_bounded(client):
    big = "# " + "x" * (300 * 1024) + "\n" + BOARD
    r = client.post("/api/scenarios/run", data=big.encode(), content_type="text/plain")
    assert r.status_code == 413 and "слишком большой" in r.get_json()["error"]
    r = run(client, {"scenario": BOARD, "decisions": [{"pass": True}] * 1001})
    assert r.status_code == 413
    r = run(client, {"scenario": BOARD, "decisions": [{"pass": True}] * 201})   # states after every event
    assert r.status_code == 413 and "states" in r.get_json()["error"]


def test_rate_is_bounded(corpus, users_db):
    from judge_app.web import create_app

    app = create_app({"BOARDS_RATE": 3})   # users_db: a fresh user-data file holds the counts
    c = app.test_client()
    codes = [c.post("/api/scenarios/run", json={"scenario": BOARD, "at": 0},
                    environ_base={"REMOTE_ADDR": "10.9.9.9"}).status_code for _ in range(4)]
    assert codes == [200, 200, 200, 429]
    assert c.post("/api/scenarios/run", json={"scenario": BOARD, "at": 0},
                  environ_base={"REMOTE_ADDR": "10.9.9.8"}).status_code == 200


def test_save_get_update_and_conflict(client, users_db):
    r = client.post("/api/boards", data=BOARD.encode(), content_type="application/x-yaml")
    assert r.status_code == 201
    made = r.get_json()
    bid = made["id"]
    assert made["revision"] == 1 and made["url"] == f"/boards/{bid}"
    got = client.get(f"/api/boards/{bid}").get_json()
    assert got["scenario"] == BOARD and got["revision"] == 1
    edited = BOARD.replace("power: 3", "power: 4")
    r = client.put(f"/api/boards/{bid}", json={"revision": 1, "scenario": edited, "variations": {"main": [1]}})
    assert r.status_code == 200 and r.get_json()["revision"] == 2
    # a second editor who loaded revision 1 is refused, with the latest board to reload
    r = client.put(f"/api/boards/{bid}", json={"revision": 1, "scenario": BOARD})
    assert r.status_code == 409
    assert r.get_json()["latest"]["revision"] == 2 and r.get_json()["latest"]["scenario"] == edited
    got = client.get(f"/api/boards/{bid}").get_json()
    assert got["scenario"] == edited and got["variations"] == {"main": [1]}
    assert [h["revision"] for h in got["history"]] == [1, 2]
    assert client.get(f"/api/boards/{bid}?revision=1").get_json()["scenario"] == BOARD
    assert users_db.exists()
    r = client.get(f"/boards/{bid}.yaml")
    assert r.status_code == 200 and r.data.decode() == edited and "attachment" in r.headers["Content-Disposition"]


def test_saving_an_invalid_board_or_bad_ids(client):
    r = client.post("/api/boards", json={"scenario": "players: []"})
    assert r.status_code == 400 and r.get_json()["issues"][0]["path"] == "players"
    assert client.get("/api/boards/zzzzzzzz").status_code == 404
    assert client.get("/api/boards/../../etc").status_code == 404
    r = client.put("/api/boards/zzzzzzzz", json={"revision": 1, "scenario": BOARD})
    assert r.status_code == 404
    r = client.put("/api/boards/zzzzzzzz", json={"revision": "1", "scenario": BOARD})
    assert r.status_code == 400


def test_cards_by_russian_or_english_name(client):
    ru = client.get("/api/cards?q=молн").get_json()
    assert any(c["name_en"] == "Lightning Bolt" for c in ru)
    en = client.get("/api/cards?q=lightning").get_json()
    assert any(c["name_ru"] == "Молния" for c in en)
    assert client.get("/api/cards?q=" + "я" * 61).status_code == 400


def test_cards_forgive_a_typo(client):
    """A judge on a phone types a name with a wrong letter: the nearest names come back, and a
    name holding the query still ranks alone (no fuzzy noise beside an exact part)."""
    typo = client.get("/api/cards?q=Слуга худажника").get_json()
    assert [c["name_en"] for c in typo][:1] == ["Painter's Servant"]
    assert [c["name_ru"] for c in client.get("/api/cards?q=Молнея").get_json()][:1] == ["Молния"]
    assert [c["name_ru"] for c in client.get("/api/cards?q=lightnig bolt").get_json()][:1] == ["Молния"]
    exact = client.get("/api/cards?q=худож").get_json()
    assert [c["name_ru"] for c in exact] == ["Слуга художника"]
    assert client.get("/api/cards?q=qqqqzzzz").get_json() == []


def test_export_gives_the_line_played_as_a_scenario_that_replays_the_same(client):
    d = run(client, {"scenario": BOARD, "decisions": COMBAT_DECISIONS, "states": "final", "export": True}).get_json()
    text = d["yaml_with_decisions"]
    assert "assign_damage" in text and "yaml_with_decisions" not in run(client, {"scenario": BOARD, "decisions": COMBAT_DECISIONS[:1], "states": "final"}).get_json()
    again = client.post("/api/scenarios/run", data=text.encode(), content_type="text/plain").get_json()
    assert again["board"] == d["board"] and again["data"]["script"][0] == {"attack": {"wurm": "Боб"}}


def test_a_release_the_engine_cannot_play_is_a_400_listing_the_playable(client):
    board = BOARD + "rules_version: 2021-04-22\n"  # BOARD (the file cut before its script) names none
    r = client.post("/api/scenarios/run", data=board.encode(), content_type="text/plain")
    assert r.status_code == 400
    [issue] = r.get_json()["issues"]
    assert issue["path"] == "rules_version" and issue["line"] == board.splitlines().index("rules_version: 2021-04-22") + 1
    assert "можно: 2026-01-16, 2020-01-24, 2019-05-03" in issue["message"]


def test_a_2026_board_owes_no_order_and_lists_free_divisions(client):
    """Two blockers under 2026-01-16: the damage form comes straight after the blocks, and the
    legal assignments the API lists include all to either blocker (no order, 510.1c)."""
    board = ((BOARD + "rules_version: 2026-01-16\n")
             .replace("keywords: [trample, deathtouch], ", "")
             .replace("turn:", "      - id: bear\n        creature: {name: Медведь, power: 2, toughness: 2}\nturn:"))
    decisions = [{"attack": {"wurm": "Боб"}}, {"block": {"mastodon": "wurm", "bear": "wurm"}},
                 {"pass": True, "by": "Алиса"}, {"pass": True, "by": "Боб"}]
    d = run(client, {"scenario": board, "decisions": decisions, "states": "final"}).get_json()
    owed = d["owed"]
    assert owed["decision"] == "assign_damage", owed
    assert {"wurm": {"bear": 6}} in owed["options"] and {"wurm": {"mastodon": 6}} in owed["options"]
    assert d["board"]["rules_version"] == "2026-01-16"
    done = run(client, {"scenario": board, "decisions": decisions + [{"assign_damage": {"wurm": {"bear": 6}}}],
                        "states": "final"}).get_json()
    assert done["refused"] is None
