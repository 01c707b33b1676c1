"""The combat pieces the 2026 examples of 509 needed (issue 29): shadow (702.28b, a BLOCK_BAN
mechanism) both ways and in 2020's numbering, and "whenever this creature becomes blocked by a
[white] creature" (509.3f, a BLOCKED listener): once per fitting blocker, read as it blocks; and
the vocabulary's refusals with their line."""

from __future__ import annotations

import pytest

from judge_app.cards import default_pool
from judge_app.engine.kernel.errors import Refused
from judge_app.engine.rules import actions, combat, setup
from judge_app.scenarios import loader


def _game(alice: dict, bob: dict, version: str = "2026-01-16"):
    players = [{"name": "A", "battlefield": [{"id": i, "creature": c} for i, c in alice.items()]},
               {"name": "B", "battlefield": [{"id": i, "creature": c} for i, c in bob.items()]}]
    g = setup.new_game(players, {"number": 3, "active": "A"}, default_pool(), version)
    setup.start(g, "declare_attackers")
    return g


def _cr(name, p, t, *kw, **extra):
    return {"name": name, "power": p, "toughness": t, "keywords": list(kw), **extra}


def _to_blocks(g):
    actions.choose(g, {"x": "B"})
    while g.decision is None or g.decision.kind != "declare_blockers":
        actions.pass_priority(g)


@pytest.mark.parametrize("version,number", [("2026-01-16", "702.28b"), ("2020-01-24", "702.27b")])
def test_a_shadow_creature_cant_block_one_without_shadow(version, number):
    g = _game({"x": _cr("Медведь", 2, 2)}, {"s": _cr("Тень", 1, 1, "shadow")}, version)
    _to_blocks(g)
    with pytest.raises(Refused) as exc:
        actions.choose(g, {"s": "x"})
    assert number in exc.value.rules and "тень" in str(exc.value)
    assert not combat.blocking(g)


def test_shadow_against_shadow_blocks_and_the_block_cites_it():
    g = _game({"x": _cr("Тень А", 2, 2, "shadow")}, {"s": _cr("Тень Б", 1, 1, "shadow")})
    _to_blocks(g)
    actions.choose(g, {"s": "x"})
    assert combat.blocking(g) == ["s"]
    declared = next(e for e in g.events if e.message == "blockers_declared")
    assert {"509.1b", "702.28b"} <= set(declared.rules)


WATCHER = {"trigger": "becomes_blocked_by_creature", "effects": [{"gain_life": 1, "to": "you"}]}


@pytest.mark.parametrize("color,expected", [(None, 2), ("white", 1), ("green", 0)])
def test_becomes_blocked_by_triggers_once_for_each_fitting_blocker(color, expected):
    ab = dict(WATCHER, **({"blocker_color": color} if color else {}))
    g = _game({"x": _cr("Страж", 3, 5, abilities=[ab])},
              {"w": _cr("Белый", 1, 4, colors=["white"]), "k": _cr("Чёрный", 1, 4, colors=["black"])})
    _to_blocks(g)
    actions.choose(g, {"w": "x", "k": "x"})
    fired = [e for e in g.events if e.message == "trigger" and "509.3f" in e.rules]
    assert len(fired) == expected


BAD = """\
id: bad
title: t
players:
  - name: Алиса
    battlefield:
      - id: x
        creature:
          name: Страж
          power: 1
          toughness: 1
          abilities:
            - trigger: becomes_blocked_by_creature
{extra}
  - name: Боб
turn: {{number: 1, active: Алиса, step: main1}}
"""


@pytest.mark.parametrize("extra,words", [
    ("              blocker_color: белый\n              effects: [{gain_life: 1, to: you}]", "строка 13: blocker_color"),
    ("              effects: [{delayed: {at: end_of_combat, effects: [{tap: that_creature}]}}]", "строка 13: that_creature"),
    ("              effects: [{delayed: {at: combat, effects: [{destroy: that_creature}]}}]", "end_of_combat"),
])
def test_the_vocabulary_refuses_bad_pieces_with_their_line(tmp_path, extra, words):
    f = tmp_path / "s.yaml"
    f.write_text(BAD.format(extra=extra), encoding="utf-8")
    with pytest.raises(loader.ScenarioInvalid) as exc:
        loader.load(f)
    assert "s.yaml:" in str(exc.value) and words in str(exc.value), str(exc.value)
