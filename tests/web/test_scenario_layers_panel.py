"""The board's «слои» panel shows every layer that changed an object, with its rules
(issue 15): a land under Blood Moon (layer 4, 305.7, dependency 613.7a) and a stolen,
hasted creature (layers 2 and 6)."""
from __future__ import annotations

import re

import pytest

from judge_app.scenarios import loader


def _obj_html(page: str, oid: str) -> str:
    m = re.search(r'<div class="obj[^"]*" data-id="%s".*?</div>' % re.escape(oid), page, re.S)
    assert m, f"no board object {oid}"
    return m.group(0)


def test_layers_panel_shows_layer_4_with_its_rules(client):
    r = client.get("/scenarios/blood-moon-urborg", query_string={"step": 0})
    assert r.status_code == 200
    urborg = _obj_html(r.get_data(as_text=True), "urborg")
    assert 'class="layers"' in urborg and 'data-layer="4"' in urborg
    for n in ("613.1d", "613.7a", "305.7"):
        assert n in urborg, n
    assert "Кровавая луна" in urborg


def test_layers_panel_follows_the_step(client):
    page = client.get("/scenarios/cr-613-5-act-of-treason").get_data(as_text=True)
    assert 'data-layer="2"' not in _obj_html(page, "bears")   # before the spell: nothing changed it
    from judge_app.web import scenario_data
    item = next(it for it in scenario_data.library() if it.id == "cr-613-5-act-of-treason")
    total = len(scenario_data.run(item).events)
    end = _obj_html(client.get("/scenarios/cr-613-5-act-of-treason", query_string={"step": total}).get_data(as_text=True), "bears")
    assert 'data-layer="2"' in end and 'data-layer="6"' in end and "613.1b" in end and "613.1f" in end


# One scenario per layer that changes the object in it (613.1a-f, 613.3a-e), at its last step: the
# same cases as `judge scenario step` is tested with (tests/scenarios/test_layers_step_cli.py).
from tests.scenarios.test_layers_step_cli import EVERY_LAYER as CLI_CASES, LIB  # noqa: E402

EVERY_LAYER = [(loader.load(LIB / path).id, oid, layer, rule) for path, oid, layer, rule in CLI_CASES]


def _last_step(sid: str) -> int:
    from judge_app.web import scenario_data
    item = next(it for it in scenario_data.library() if it.id == sid)
    return len(scenario_data.run(item).events)


@pytest.mark.parametrize("sid,oid,layer,rule", EVERY_LAYER, ids=[f"layer-{x[2]}" for x in EVERY_LAYER])
def test_layers_panel_shows_every_layer(client, sid, oid, layer, rule):
    page = client.get(f"/scenarios/{sid}", query_string={"step": _last_step(sid)}).get_data(as_text=True)
    obj = _obj_html(page, oid)
    items = re.findall(r'<li data-layer="%s">(.*?)</li>' % re.escape(layer), obj, re.S)
    assert items, f"{sid}: ({oid}) shows no layer {layer}"
    assert any(rule in it for it in items), (rule, items)
