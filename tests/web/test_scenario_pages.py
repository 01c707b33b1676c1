"""Scenario pages: the library, the stepper, failures and hostile scenario text."""
from __future__ import annotations

import re
import textwrap

import pytest

from judge_app.web import scenario_data


def html(resp) -> str:
    return resp.get_data(as_text=True)


def test_library_lists_and_filters(client):
    items = scenario_data.library()
    r = client.get("/scenarios")
    assert r.status_code == 200
    if not items:
        pytest.skip("the scenario library is empty")
    body = html(r)
    for it in items:
        assert f'/scenarios/{it.id}"' in body
    tags = sorted({t for it in items for t in it.tags})
    if tags:
        tagged = html(client.get("/scenarios", query_string={"tag": tags[0]}))
        for it in items:
            assert (f'/scenarios/{it.id}"' in tagged) == (tags[0] in it.tags)
    assert client.get("/scenarios", query_string={"tag": "no-such-tag"}).status_code == 400
    first = items[0]
    found = html(client.get("/scenarios", query_string={"q": first.title}))
    assert f'/scenarios/{first.id}"' in found


def runnable():
    return [it for it in scenario_data.library() if it.scenario is not None]


def test_stepper_pages(client):
    items = runnable()
    if not items:
        pytest.skip("no loadable scenario")
    item = items[0]
    run = scenario_data.run(item)
    assert not run.error, run.error
    total = len(run.events)
    start = html(client.get(f"/scenarios/{item.id}"))
    assert 'id="scenario-live"' in start and 'type="range"' in start
    assert f'max="{total}"' in start
    end = html(client.get(f"/scenarios/{item.id}", query_string={"step": total}))
    assert "step-next" not in end and "step-prev" in end
    if total:
        last = run.events[-1]
        for n in last["rules"]:
            assert f'data-n="{n}"' in end
        board = lambda page: re.search(r'<div class="board">.*?</div>\s*<div class="stack-zone">', page, re.S).group(0)
        assert board(start) != board(end), "the board does not change over the whole scenario"
    assert client.get(f"/scenarios/{item.id}", query_string={"step": total + 1}).status_code == 400
    assert client.get(f"/scenarios/{item.id}", query_string={"step": "abc"}).status_code == 400
    assert client.get(f"/scenarios/{item.id}", query_string={"step": "-1"}).status_code == 400


def test_unknown_scenario_is_a_404_with_suggestions(client):
    items = scenario_data.library()
    r = client.get("/scenarios/" + (items[0].id[:-1] if items else "nothing-here"))
    assert r.status_code == 404


@pytest.fixture()
def hostile_library(tmp_path, monkeypatch):
    (tmp_path / "x").mkdir()
    (tmp_path / "x" / "evil.yaml").write_text(textwrap.dedent("""\
        id: evil
        title: "<script>alert('t')</script> Злой"
        summary: |
          **Жирный** <script>alert('s')</script> <img src=x onerror="alert(1)">
          [ссылка](javascript:alert(1)) и правило 704.5k
        tags: [hostile, "<b>tag</b>"]
        rules_version: 2020-01-24
        players:
          - name: "<i>Ева</i>"
          - name: Боб
        turn: {number: 1, active: "<i>Ева</i>", step: main1}
        script: []
        expect: []
        """), encoding="utf-8")
    (tmp_path / "x" / "broken.yaml").write_text("id: broken\ntitle: [unclosed\n", encoding="utf-8")
    monkeypatch.setattr(scenario_data, "scenario_dir", lambda: tmp_path)
    return tmp_path


def test_hostile_scenario_text_is_escaped(client, hostile_library):
    lib = html(client.get("/scenarios"))
    assert "<script>alert" not in lib and "&lt;script&gt;" in lib
    assert "/scenarios/broken" in lib  # a broken file is listed, with its problem
    page = client.get("/scenarios/evil")
    assert page.status_code == 200
    body = html(page)
    assert "<script>alert" not in body and "onerror" not in body and "javascript:" not in body
    assert "<strong>Жирный</strong>" in body
    assert "<i>Ева</i>" not in body
    broken = client.get("/scenarios/broken")
    assert broken.status_code == 200 and 'class="run-error"' in html(broken)


def test_failed_expectations_are_shown_plainly(client, tmp_path, monkeypatch):
    source = next((it for it in scenario_data.library() if it.id == "bolt-face"), None)
    if source is None or source.scenario is None:
        pytest.skip("the bolt-face scenario is not in the library")
    text = source.path.read_text(encoding="utf-8").replace("id: bolt-face", "id: bolt-face-wrong")
    text = text.replace("life: {Боб: 17}", "life: {Боб: 99}")
    (tmp_path / "wrong.yaml").write_text(text, encoding="utf-8")
    monkeypatch.setattr(scenario_data, "scenario_dir", lambda: tmp_path)
    body = html(client.get("/scenarios/bolt-face-wrong"))
    assert 'class="fail"' in body and "не выполнено" in body
    assert "99" in body


def test_rule_page_lists_scenarios_that_cite_it(client):
    items = runnable()
    for item in items:
        run = scenario_data.run(item)
        cited = [n for e in run.events for n in e["rules"]]
        # the page lists at most 30 scenarios: take a rule this one shares with at most 29 others
        # (as the library grows, the first scenario's rarest rule may be cited by more)
        rare = [n for n in dict.fromkeys(cited) if len(scenario_data.citing(n, item.rules_version)) <= 30]
        if rare:
            body = html(client.get(f"/rules/{rare[0]}", query_string={"version": item.rules_version}))
            assert f'href="/scenarios/{item.id}"' in body
            return
    pytest.skip("no scenario cites a rule cited by at most 30 scenarios")


def test_pages_stand_without_the_engine(client, monkeypatch):
    """If the engine cannot be imported, the library and the starting board still show."""
    import sys

    items = scenario_data.library()
    if not items:
        pytest.skip("the scenario library is empty")
    import importlib

    for name in ("judge_app.scenarios.loader", "judge_app.scenarios.runner", "judge_app.engine.rules.view"):
        package, _, attr = name.rpartition(".")
        monkeypatch.delattr(importlib.import_module(package), attr, raising=False)
        monkeypatch.setitem(sys.modules, name, None)  # import now raises ImportError
    scenario_data.clear_caches()
    try:
        lib = client.get("/scenarios")
        assert lib.status_code == 200
        page = client.get(f"/scenarios/{items[0].id}")
        assert page.status_code == 200
        body = html(page)
        assert "Движок правил ещё не подключён" in body
        assert 'class="player' in body  # the board as the file describes it
    finally:
        monkeypatch.undo()
        scenario_data.clear_caches()


def test_search_page_suggests_matching_scenarios(client):
    items = [it for it in scenario_data.library() if it.tags]
    if not items:
        pytest.skip("no tagged scenario")
    tag = items[0].tags[0]
    body = html(client.get("/search", query_string={"q": tag}))
    assert 'class="search-scenarios"' in body and "/scenarios/" in body
