"""The stepper shows the event pipeline's events (issue 16, part A): the order decision,
the answer, and each replacement applied, with their rules."""
from __future__ import annotations

import html as htmllib

from judge_app.web import scenario_data


def test_stepper_shows_replacement_events(client):
    item = next(it for it in scenario_data.library() if it.id == "cr-614-5-two-doublers")
    run = scenario_data.run(item)
    assert not run.error, run.error
    kinds = [e["kind"] for e in run.events]
    assert "replace_order" in kinds and kinds.count("replace") == 2
    for wanted in ("decision", "replace"):
        ev = next(e for e in run.events if e["kind"] == wanted)
        page = htmllib.unescape(client.get(f"/scenarios/{item.id}", query_string={"step": ev["index"]}).get_data(as_text=True))
        assert ev["text_ru"][:60] in page
        for n in ev["rules"]:
            assert f'data-n="{n}"' in page
    end = htmllib.unescape(client.get(f"/scenarios/{item.id}", query_string={"step": len(run.events)}).get_data(as_text=True))
    assert "наносит 8 повреждений" in end
