"""Moritte of the Frost (707.9f): the exceptions "if it's a creature" apply when the copy, with its
other exceptions, is a creature — two more +1/+1 counters and changeling — and only then (the land
copy of CR 2026-01-16 707.9f example 1 is scenarios/releases/cr-2026-707-9f-moritte-animated-land);
it copies only a permanent its controller controls."""

import textwrap

import pytest

from judge_app.engine.kernel import characteristics as ch
from judge_app.scenarios import loader, runner

BOARD = """
id: t
rules_version: {version}
players:
  - name: Алиса
    hand: [{{card: Moritte of the Frost, id: moritte}}]
    battlefield:
      - {{card: Grizzly Bears, id: bears}}
      - {{card: Лес, id: f1}}
      - {{card: Лес, id: f2}}
      - {{card: Остров, id: i1}}
      - {{card: Остров, id: i2}}
      - {{card: Остров, id: i3}}
  - name: Боб
    battlefield: [{{card: Grizzly Bears, id: bobs}}]
turn: {{number: 3, active: Алиса, step: main1}}
script:
  - cast: {{card: moritte, pay: [f1, f2, i1, i2, i3]}}
  - pass
  - pass
  - choose: {answer}
expect: []
"""


def _run(tmp_path, answer, version="2026-01-16"):
    p = tmp_path / "s.yaml"
    p.write_text(textwrap.dedent(BOARD.format(answer=answer, version=version)), encoding="utf-8")
    return runner.run(loader.load(p))


@pytest.mark.parametrize("version, cites", [("2026-01-16", True), ("2020-01-24", False)])
def test_a_creature_copy_gets_the_conditional_exceptions(tmp_path, version, cites):
    res = _run(tmp_path, "bears", version)
    game = res.game
    m = game.objects["moritte"]
    assert m.zone == "battlefield" and m.counters.get("+1/+1") == 2
    c = ch.of(game, m)   # changeling is the characteristic-defining ability, not a keyword (mechanisms/changeling.py)
    assert {"static": "changeling"} in c.abilities and {"Bear", "Elf", "Shapeshifter"} <= set(c.subtypes)
    assert set(m.supertypes) == {"legendary", "snow"} and m.name_en == "Grizzly Bears"
    cited = {r for e in game.events for r in e.rules}
    assert ("707.9f" in cited) is cites   # 2020 has no such rule: the same play, not cited


def test_only_a_permanent_you_control(tmp_path):
    res = _run(tmp_path, "bobs")
    assert not res.passed and any("недопустимый ответ" in m for _, m in res.failures), res.failures
