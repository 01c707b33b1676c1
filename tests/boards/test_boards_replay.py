"""Replay and legal moves on the real engine: what the play page is built on."""
from __future__ import annotations

from judge_app.boards import moves, replay, service

STACK_BOARD = """
players:
  - name: Алиса
    hand: [Молния]
    battlefield:
      - {card: Гора}
      - {card: Гора, id: m2}
      - {id: bears, creature: {name: Медведи, power: 2, toughness: 2}}
  - name: Боб
    battlefield:
      - {id: wolf, creature: {name: Волк, power: 3, toughness: 3}}
turn: {number: 2, active: Алиса, step: main1}
stack:
  - {spell: Молния, id: bolt, by: Боб, targets: [bears]}
"""


def test_a_board_with_a_spell_on_the_stack_replays_and_resolves():
    d = service.run(STACK_BOARD, [{"pass": True, "by": "Алиса"}, {"pass": True, "by": "Боб"}], states="final")
    assert d["refused"] is None
    alice = d["board"]["players"][0]
    assert "bears" in [o["id"] for o in alice["graveyard"]] and d["board"]["stack"] == []
    assert any(e["kind"] == "stack_given" for e in d["events"])


def test_moves_name_cards_without_an_id_by_name_and_mark_unnamed_objects():
    sc = replay.load(STACK_BOARD)
    game = replay.replay(sc).game
    known = replay.declared_ids(sc)
    assert known == {"m2", "bears", "wolf", "bolt"}
    legal = moves.legal(game, known)
    casts = [m for m in legal if m["kind"] == "cast"]
    assert casts and all(m["action"]["cast"]["card"] == "Молния" for m in casts)
    by_target = {m["action"]["cast"]["targets"][0]: m for m in casts}
    assert "needs_id" not in by_target["wolf"] and "needs_id" not in by_target["Боб"]
    # the anonymous mountain's mana ability cannot be named in a decision: marked, not hidden
    unnamed = [m for m in legal if m["kind"] == "activate" and m["action"]["activate"]["object"] not in known]
    assert unnamed and all(m["needs_id"] for m in unnamed)
    # every move not marked is accepted by the loader and the engine as the next decision
    for m in legal:
        if not m.get("needs_id"):
            assert service.run(STACK_BOARD, [m["action"]], states="final")["refused"] is None, m


def test_each_decision_knows_its_events_and_the_states_follow_the_events():
    decisions = [{"pass": True, "by": "Алиса"}, {"pass": True, "by": "Боб"}]
    d = service.run(STACK_BOARD, decisions, states="events")
    spans = d["decisions"]
    assert [s["decision"] for s in spans] == [0, 1] and spans[1]["last"] == len(d["events"])
    assert len(d["states"]) == len(d["events"]) and d["initial"]["events"] == 0
    assert all(s["events"] == i + 1 for i, s in enumerate(d["states"]))
    at = service.run(STACK_BOARD, decisions, at=spans[0]["last"])
    assert at["board"] == d["states"][spans[0]["last"] - 1]


def test_the_board_text_is_parsed_once_and_never_shared():
    a = replay.parse(STACK_BOARD)
    a["players"][0]["life"] = 1
    b = replay.parse(STACK_BOARD)
    assert "life" not in b["players"][0] and b["players"][0].key_lines["name"] == 3


ORDER_BOARD = """
rules_version: 2020-01-24   # the order of blockers is a 2020 decision (509.2; none from 2024-11-08)
players:
  - name: Алиса
    battlefield:
      - {id: giant, creature: {name: Великан, power: 5, toughness: 5}}
  - name: Боб
    battlefield:
      - {id: e1, creature: {name: Эльф, power: 1, toughness: 1}}
      - {id: e2, creature: {name: Эльф, power: 1, toughness: 1}}
turn: {number: 3, active: Алиса, step: declare_attackers}
"""


def test_order_blockers_is_owed_as_an_ordering_form_and_answered_by_choose():
    line = [{"attack": {"giant": "Боб"}}, {"block": {"e1": "giant", "e2": "giant"}}]
    d = service.run(ORDER_BOARD, line, states="final")
    for _ in range(4):   # priority passes in the declare blockers step until the order is owed
        if d["owed"]:
            break
        line.append(d["legal"][0]["action"])
        d = service.run(ORDER_BOARD, line, states="final")
    owed = d["owed"]
    assert owed["decision"] == "order_blockers" and owed["order"] is True and owed["answer"] == "choose"
    assert sorted(owed["options"]) == ["e1", "e2"] and owed["needs_id"] == []
    d = service.run(ORDER_BOARD, line + [{"choose": ["e2", "e1"]}], states="final")
    assert d["refused"] is None
    order_events = [e for e in d["events"] if e["kind"] == "order"]
    assert order_events and "e2" in order_events[-1]["objects"]
