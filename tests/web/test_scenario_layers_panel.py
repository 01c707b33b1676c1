"""The board's «слои» panel shows every layer that changed an object, with its rules
(issue 15): a land under Blood Moon (layer 4, 305.7, dependency 613.7a) and a stolen,
hasted creature (layers 2 and 6)."""
from __future__ import annotations

import re

import pytest


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


# One scenario per layer that changes the object in it (613.1a-f, 613.3a-e), at its last step:
# (scenario id, object id, layer, a rule number the panel must show for that layer).
EVERY_LAYER = [
    ("cr-706-4-shapeshifter-giant-growth", "shifter", "1", "613.1a"),
    ("cr-613-5-act-of-treason", "bears", "2", "613.1b"),
    ("mind-bend-honor-of-the-pure", "honor", "3", "613.1c"),
    ("blood-moon-urborg", "urborg", "4", "613.1d"),
    ("cr-613-4-honor-turns-white", "c", "5", "613.1e"),
    ("cr-613-8-flying-timestamps", "c", "6", "613.1f"),
    ("tarmogoyf-bolt", "goyf", "7a", "613.3a"),
    ("cr-613-4-gray-ogre", "ogre", "7b", "613.3b"),
    ("cr-613-4-gray-ogre", "ogre", "7c", "613.3c"),
    ("cr-613-4-gray-ogre", "ogre", "7d", "613.3d"),
    ("cr-613-3e-switch-twice", "c", "7e", "613.3e"),
]


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
