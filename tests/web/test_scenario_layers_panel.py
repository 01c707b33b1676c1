"""The board's «слои» panel shows every layer that changed an object, with its rules
(issue 15): a land under Blood Moon (layer 4, 305.7, dependency 613.7a) and a stolen,
hasted creature (layers 2 and 6)."""
from __future__ import annotations

import re


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
