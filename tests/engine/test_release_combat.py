"""The release a board names decides how combat damage is assigned (issue 29): damage
assignment order until the release of 2024-11-08, a free division among the blockers after
it (2026-01-16, 510.1c-d), trample still owing lethal damage to every blocker first (702.19b).
The engine is driven directly, as the API drives it; the releases and their rules are data
(engine/release_rules.json), checked here against the playable releases."""
from __future__ import annotations

import pytest

from judge_app.engine.rules import actions, combat
from judge_app.engine.kernel import citations, release_rules
from judge_app.engine.kernel.errors import Refused
from judge_app.scenarios import loader, runner
from judge_app.cards.model import default_pool

BOARD = """
id: t
rules_version: {version}
players:
  - name: Алиса
    battlefield:
      - {{id: wurm, creature: {{name: Вурм, power: {power}, toughness: 9, keywords: [{keywords}]}}}}
  - name: Боб
    battlefield:
      - {{id: a, creature: {{name: А, power: 1, toughness: 2}}}}
      - {{id: b, creature: {{name: Б, power: 1, toughness: 3}}}}
      - {{id: c, creature: {{name: В, power: 1, toughness: 4}}}}
turn: {{number: 3, active: Алиса, step: declare_attackers}}
script:
  - attack: {{wurm: Боб}}
  - block: {{{blocks}}}
"""


def owed_after_blocks(version, power=7, keywords="", blocks="a: wurm, b: wurm, c: wurm"):
    text = BOARD.format(version=version, power=power, keywords=keywords, blocks=blocks)
    g = runner.run(loader.from_data(loader.parse_text(text, "t.yaml"), "t.yaml", default_pool())).game
    for _ in range(20):
        if g.decision is not None:
            return g
        actions.pass_priority(g)
    raise AssertionError("no decision owed after the blocks")


def test_playable_releases_and_the_rule_that_changed():
    assert release_rules.playable() == ["2026-01-16", "2020-01-24", "2019-05-03"]
    assert release_rules.newest() == citations.default_version() == "2026-01-16"
    assert release_rules.check(None) == release_rules.check("") == "2026-01-16"
    with pytest.raises(release_rules.UnplayableRelease) as exc:
        release_rules.check("2024-11-08", held=True)
    assert "2024-11-08" in exc.value.message_en and "2026-01-16, 2020-01-24, 2019-05-03" in exc.value.message_en
    assert [release_rules.has(v, "damage_assignment_order") for v in release_rules.playable()] == [False, True, True]
    f = release_rules.feature("damage_assignment_order")
    for key in f["cites_old"]:
        assert citations.rule(key, "2020-01-24")
    for key in f["cites_new"]:
        assert citations.rule(key, "2026-01-16")


def test_2020_owes_the_order_2026_goes_straight_to_damage():
    assert owed_after_blocks("2020-01-24").decision.kind == "order_blockers"
    g = owed_after_blocks("2026-01-16")
    assert g.decision.kind == "assign_damage" and g.decision.by == "Алиса"
    said = [e for e in g.events if e.message == "damage_divided_freely"]
    assert len(said) == 1 and said[0].rules == ("510.1c",) and "2024-11-08" in said[0].text_en


def test_2026_lists_free_divisions_and_accepts_any():
    g = owed_after_blocks("2026-01-16")
    options = g.decision.options
    assert {"wurm": {"a": 2, "b": 3, "c": 2}} in options        # lethal in the declared order
    assert {"wurm": {"c": 4, "b": 3}} in options                # lethal in the reverse order
    for x in "abc":
        assert {"wurm": {x: 7}} in options                      # everything to one blocker
    combat.answer(g, {"wurm": {"a": 2, "c": 5}})                # b spared: illegal in 2020 (510.1c)
    assert g.combat["assign"]["wurm"] == {"a": 2, "c": 5}


def test_2020_refuses_what_2026_allows():
    g = owed_after_blocks("2020-01-24")
    combat.answer(g, {"wurm": ["a", "b", "c"]})
    while g.decision is None:
        actions.pass_priority(g)
    assert g.decision.kind == "assign_damage"
    with pytest.raises(Refused) as exc:
        combat.answer(g, {"wurm": {"a": 2, "c": 5}})
    assert "510.1c" in exc.value.rules


def test_2026_trample_still_owes_lethal_to_every_blocker():
    g = owed_after_blocks("2026-01-16", power=10, keywords="trample")
    with pytest.raises(Refused) as exc:
        combat.answer(g, {"wurm": {"a": 2, "b": 3, "Боб": 5}})   # c not assigned lethal
    assert "702.19b" in exc.value.rules
    combat.answer(g, {"wurm": {"c": 10}})   # all to one blocker, none to Bob: free in 2026
    assert g.combat["assign"]["wurm"] == {"c": 10}


def test_2026_deathtouch_lethal_counts_for_trample_only():
    g = owed_after_blocks("2026-01-16", power=4, keywords="trample, deathtouch")
    with pytest.raises(Refused):
        combat.answer(g, {"wurm": {"a": 1, "b": 1, "Боб": 2}})   # c got nothing: not lethal
    combat.answer(g, {"wurm": {"a": 1, "b": 1, "c": 1, "Боб": 1}})
    assert g.combat["assign"]["wurm"]["Боб"] == 1
    rules = [r for e in g.events if e.message == "assign" for r in e.rules]
    assert "702.2c" in rules and "702.19b" in rules
