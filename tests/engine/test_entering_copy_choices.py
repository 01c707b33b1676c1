"""Every "you may have [this] enter as a copy of …" choice is asked when a token copy of the card
enters (614.12, 707.5), Moritte of the Frost's "a permanent you control" as well as Clone's "a
creature": the copy choices are one list (control_copy.COPY_OF), which the replacement of the
entering event reads (mechanisms/entering_copies.py)."""
from __future__ import annotations

import pytest

from judge_app.cards.model import default_pool
from judge_app.engine.rules import actions
from judge_app.scenarios import loader, runner

BOARD = """
id: t
rules_version: 2026-01-16
players:
  - name: Алиса
    battlefield:
      - {{card: {card}, id: original, chosen: {{copy: none}}, counters: {{"+1/+1": 2}}}}
      - {{card: Гора, id: m1}}
  - name: Боб
turn: {{number: 3, active: Алиса, step: main1}}
stack:
  - ability: {{name: Копирование, targets: [creature], effects: [{{create_token: {{copy_of: target1}}}}]}}
    id: copier
    by: Алиса
    targets: [original]
"""


@pytest.mark.parametrize("card, may_copy_land", [("Clone", False), ("Moritte of the Frost", True)])
def test_a_token_copy_is_asked_what_to_copy(card, may_copy_land):
    sc = loader.from_data(loader.parse_text(BOARD.format(card=card), "t.yaml"), "t.yaml", default_pool())
    g = runner.run(sc).game
    for _ in range(4):
        if g.decision is not None:
            break
        actions.pass_priority(g)
    d = g.decision
    assert d is not None and d.kind == "replacement_choice", (d and d.kind, [e.text_en for e in g.events[-4:]])
    assert "original" in d.options and "none" in d.options
    assert ("m1" in d.options) == may_copy_land   # Moritte: any permanent you control; Clone: a creature
