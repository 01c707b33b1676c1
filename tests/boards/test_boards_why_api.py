"""Issue 26, the builder's server side: «почему так» for one object (POST /api/scenarios/explain),
the one-tap «пас до следующего шага» through a whole turn, and the limits of a board's values —
on the real engine, the real corpus and the library's own boards."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from board_samples import BOARD

from judge_app.boards import moves, replay, service
from judge_app.engine.kernel import citations

LIB = Path(__file__).resolve().parents[2] / "scenarios"


def explain(client, body):
    return client.post("/api/scenarios/explain", json=body)


def cite(*keys, version: str) -> list[str]:
    """The rule numbers of citation keys in the run's rules version (the numbers move between releases)."""
    return [citations.rule(k, version) for k in keys]


def library(path: str) -> str:
    return (LIB / path).read_text(encoding="utf-8")


@pytest.mark.parametrize("path,pt,last", [("layers/humility-later-than-opalescence.yaml", "1/1", "«Смирение»"),
                                          ("layers/opalescence-later-than-humility.yaml", "4/4", "«Опалесценция»")])
def test_humility_says_its_pt_and_which_effect_came_last(client, path, pt, last):
    d = explain(client, {"scenario": library(path), "id": "humility"}).get_json()
    x, v = d["explain"], d["rules_version"]
    assert x["pt"] == pt and last in x["verdict"]["text"] and cite("layer7b", version=v)[0] in x["verdict"]["rules"]
    assert [s["layer"] for s in x["layers"]] == ["4", "6", "7b", "7b"]
    assert x["lost"]["abilities"] and x["lost"]["by"][0]["layer"] == "6"   # Humility took its own ability (613.5)
    order = [o["id"] for o in d["timestamps"]["order"]]
    assert order == (["opal", "humility", "bears"] if pt == "1/1" else ["humility", "opal", "bears"])
    order_rules = cite("timestamp", "timestamp_object", "timestamp_attach", "dependency", version=v)
    assert d["timestamps"]["rules"] == order_rules   # 613.6, 613.6c, 613.6d, 613.7a in 2020-01-24
    # the popup's HTML: the same template as the scenario stepper, rules linked to their text
    assert 'class="why-pt">' + pt in d["html"] and f'data-n="{order_rules[-1]}"' in d["html"] and "Порядок важен" in d["html"]


def test_attack_block_and_target_reasons_are_the_engines(client):
    board = yaml.safe_load(BOARD)
    board["players"][0]["battlefield"].append(
        {"id": "bird", "creature": {"name": "Птица", "power": 1, "toughness": 1, "keywords": ["flying", "hexproof"]},
         "summoning_sick": True})
    text = yaml.safe_dump(board, allow_unicode=True)
    d = explain(client, {"scenario": text, "id": "bird"}).get_json()
    x, (sick, flying) = d["explain"], cite("summoning_sickness", "flying", version=d["rules_version"])
    assert x["attack"]["can"] is False
    assert any(sick in ln["rules"] for ln in x["attack"]["lines"])                                  # 302.6
    assert any(flying in ln["rules"] and "mastodon" in ln["text"] for ln in x["attack"]["lines"])   # 702.9b
    assert x["block"]["can"] is True
    assert x["target"]["can"] is False and any("порчеустойчив" in ln["text"] and "Боб" in ln["text"]
                                               for ln in x["target"]["lines"])
    # after the attack is declared, the wurm is tapped: it can't block
    x = explain(client, {"scenario": BOARD, "decisions": [{"attack": {"wurm": "Боб"}}], "id": "wurm"}).get_json()["explain"]
    assert x["block"]["can"] is False and "повёрнутое" in x["block"]["lines"][0]["text"]
    # at event 0 (the board as described) it is untapped again
    x = explain(client, {"scenario": BOARD, "decisions": [{"attack": {"wurm": "Боб"}}], "at": 0, "id": "wurm"}).get_json()
    assert x["explain"]["block"]["can"] is True


@pytest.mark.parametrize("body,status,path", [
    ({"id": "nobody"}, 404, "id"),
    ({"id": ""}, 400, "id"),
    ({"id": "x" * 101}, 400, "id"),
    ({"id": ["wurm"]}, 400, "id"),
    ({"id": "wurm", "at": -1}, 400, "at"),
    ({"id": "wurm", "decisions": "attack"}, 400, "decisions"),
])
def test_explain_refuses_bad_input_with_4xx(client, body, status, path):
    r = explain(client, {"scenario": BOARD, **body})
    assert r.status_code == status and r.get_json()["issues"][0]["path"] == path


def test_pass_until_the_next_step_walks_a_whole_turn_one_tap_a_step():
    """From the first main phase to the next turn: each tap reaches the next step the turn has
    (no first-strike step without first strike, 510.4; no blockers step without attackers, 508.8)."""
    board = yaml.safe_load(BOARD)
    board["turn"]["step"] = "main1"
    text = yaml.safe_dump(board, allow_unicode=True)
    line, seen = [], []
    for _ in range(12):
        d = service.run(text, line, "final")
        assert d["refused"] is None, d["refused"]
        b = d["board"]
        seen.append(b["step"])
        if b["turn"] != board["turn"]["number"]:
            break
        if d["owed"]:   # no attackers: the pass skips blockers and damage
            assert d["owed"]["decision"] == "declare_attackers"
            line.append({"attack": "none"})
            continue
        until = [m for m in d["legal"] if m["kind"] == "pass_until"]
        assert len(until) == 1 and until[0]["label_ru"].startswith("Пас")
        line.append(until[0]["action"])
    assert seen == ["main1", "beginning_of_combat", "declare_attackers", "declare_attackers", "end_of_combat", "main2",
                    "end", "upkeep"]


def test_pass_until_goes_to_the_first_strike_step_only_with_first_strike():
    board = yaml.safe_load(BOARD)
    wurm = board["players"][0]["battlefield"][0]["creature"]
    line = [{"attack": {"wurm": "Боб"}}, {"pass_until": "declare_blockers"}, {"block": "none"}]
    d = service.run(yaml.safe_dump(board, allow_unicode=True), line, "final")
    assert [m["action"] for m in d["legal"] if m["kind"] == "pass_until"] == [{"pass_until": "combat_damage"}]
    wurm["keywords"] = ["first_strike"]
    d = service.run(yaml.safe_dump(board, allow_unicode=True), line, "final")
    assert [m["action"] for m in d["legal"] if m["kind"] == "pass_until"] == [{"pass_until": "first_strike_damage"}]


def test_the_proposed_split_of_deathtouch_and_trample_says_its_rules():
    line = [{"attack": {"wurm": "Боб"}}, {"block": {"mastodon": "wurm"}}, {"pass_until": "combat_damage"}]
    d = service.run(BOARD, line, "final")
    row, v = d["owed"]["rows"][0], d["rules_version"]
    assert {r["id"]: r["value"] for r in row["recipients"]} == {"mastodon": 1, "Боб": 5}
    assert [w["rules"] for w in row["why"]] == [cite("damage_blocked", "deathtouch_lethal", version=v),
                                                 cite("trample", version=v)]   # 510.1c, 702.2c; 702.19b
    assert "смертельное касание" in row["why"][0]["text_ru"] and "trample" in row["why"][1]["text_en"]


@pytest.mark.parametrize("change,path", [
    (lambda b: b["players"][0]["battlefield"][0]["creature"].update(name="Щ" * 10_000), "players[0].battlefield[0].creature.name"),
    (lambda b: b["players"][1].update(life=10 ** 12), "players[1].life"),
    (lambda b: b["players"][0]["battlefield"][0].update(id="w" * 101), "players[0].battlefield[0].id"),
    (lambda b: b.update(title="T" * 201), "title"),
])
def test_a_board_value_beyond_its_limit_is_a_400_naming_it(client, change, path):
    board = yaml.safe_load(BOARD)
    change(board)
    for body in ({"scenario": board}, {"scenario": yaml.safe_dump(board, allow_unicode=True)}):
        r = client.post("/api/scenarios/run", json=body)
        assert r.status_code == 400 and r.get_json()["issues"][0]["path"] == path, r.get_json()
    with pytest.raises(replay.BoardInvalid):
        replay.load(yaml.safe_dump(board, allow_unicode=True))


def test_the_scenario_stepper_shows_the_same_panel(client):
    page = client.get("/scenarios/opalescence-later-than-humility").get_data(as_text=True)
    assert 'data-why="humility"' in page and 'class="why-pt">4/4' in page and "why-order" in page



def test_the_popup_speaks_english_on_ui_en(client):
    r = client.post("/api/scenarios/explain?ui=en", json={"scenario": BOARD, "id": "wurm"})
    html = r.get_json()["html"]
    assert "Can attack" in html and "Order of entering the battlefield" in html and "Может атаковать" not in html


CROSS = """
players:
  - name: Алиса
    battlefield:
      - {card: Смирение, id: humility%s}
      - {card: Медведи-гризли, id: bears%s}
  - name: Боб
    battlefield:
      - {card: Опалесценция, id: opal%s}
turn: {number: 3, active: Алиса, step: main1}
"""


def test_the_order_of_entering_crosses_players(client):
    """Bob's Opalescence moved before Alice's Humility (`entered`, the builder's ↑): the order is
    global (613.7), so Humility is 1/1 with Opalescence listed first, and 4/4 as listed."""
    as_listed = CROSS % ("", "", "")
    d = explain(client, {"scenario": as_listed, "id": "humility"}).get_json()
    assert [o["id"] for o in d["timestamps"]["order"]] == ["humility", "bears", "opal"]
    assert d["explain"]["pt"] == "4/4"
    moved = CROSS % (", entered: 2", ", entered: 3", ", entered: 1")
    d = explain(client, {"scenario": moved, "id": "humility"}).get_json()
    assert [o["id"] for o in d["timestamps"]["order"]] == ["opal", "humility", "bears"]
    assert d["explain"]["pt"] == "1/1" and "«Смирение»" in d["explain"]["verdict"]["text"]
    # a card added after the numbering (no `entered`) entered last
    later = CROSS % (", entered: 2", "", ", entered: 1")
    d = explain(client, {"scenario": later, "id": "humility"}).get_json()
    assert [o["id"] for o in d["timestamps"]["order"]] == ["opal", "humility", "bears"]


@pytest.mark.parametrize("entered,message", [("0", "от 1 до 10000"), ("x", "от 1 до 10000"), ("2", "уже у другого")])
def test_a_bad_entering_number_is_refused_beside_its_entry(client, entered, message):
    r = client.post("/api/scenarios/run", json={"scenario": CROSS % (", entered: 2", f", entered: {entered}", "")})
    body = r.get_json()
    assert r.status_code == 400, body
    assert any(i["path"].endswith("battlefield[1].entered") and message in i["message"] for i in body["issues"]), body


def test_under_ui_en_every_reason_and_what_was_lost_is_english(client):
    """The popup under ?ui=en (issue 26): why it can or can't attack, block, be targeted and what
    it lost read in English, from the engine's reason table; the Russian stays the default."""
    import re

    from markupsafe import escape

    board = yaml.safe_load(BOARD)
    board["players"][0]["battlefield"].append(
        {"id": "bird", "creature": {"name": "Птица", "name_en": "Bird", "power": 1, "toughness": 1,
                                    "keywords": ["flying", "hexproof", {"protection": "red"}]}, "summoning_sick": True})
    text = yaml.safe_dump(board, allow_unicode=True)
    cyr = re.compile("[а-яё]", re.I)
    names = [p["name"] for p in board["players"]] + [e["creature"]["name"] for p in board["players"]
                                                      for e in p.get("battlefield") or [] if "creature" in e]
    unnamed = lambda t: re.sub("|".join(map(re.escape, names)), "", t)   # names are the board's data  # noqa: E731
    for oid in ("bird", "mastodon"):
        d = client.post("/api/scenarios/explain?ui=en", json={"scenario": text, "id": oid}).get_json()
        lines = [ln for k in ("attack", "block", "target") for ln in d["explain"][k]["lines"]]
        assert len(lines) >= 3
        for ln in lines:
            assert ln["text_en"] and not cyr.search(unnamed(ln["text_en"])), ln
            assert str(escape(ln["text_en"])) in d["html"] and str(escape(ln["text"])) not in d["html"]
    bird = client.post("/api/scenarios/explain?ui=en", json={"scenario": text, "id": "bird"}).get_json()
    said = " | ".join(ln["text_en"] for k in ("attack", "target") for ln in bird["explain"][k]["lines"])
    assert "hasn't been under its controller's control" in said and "hexproof" in said and "protection from red" in said
    # what Humility took, in English; in Russian by default
    hum = client.post("/api/scenarios/explain?ui=en", json={"scenario": library("layers/humility-later-than-opalescence.yaml"),
                                                            "id": "humility"}).get_json()
    lost = hum["explain"]["lost"]
    assert lost["abilities_en"] and all(not cyr.search(a) for a in lost["abilities_en"])
    assert all(str(escape(a)) in hum["html"] for a in lost["abilities_en"])
    ru = client.post("/api/scenarios/explain?ui=ru", json={"scenario": library("layers/humility-later-than-opalescence.yaml"),
                                                           "id": "humility"}).get_json()   # ?ui=en stuck in a cookie
    assert all(str(escape(a)) in ru["html"] for a in ru["explain"]["lost"]["abilities"]) and cyr.search(ru["explain"]["lost"]["abilities"][0])
