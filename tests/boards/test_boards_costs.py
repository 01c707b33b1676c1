"""The board page can cast a spell with X, a modal spell and a counterspell: the legal moves
name the mode and say what will be asked, and the owed decision offers the answers (real
engine, real card pool)."""
from __future__ import annotations

from judge_app.boards import service

BOARD = """
players:
  - name: Алиса
    hand: [{card: Огненный Шар, id: fireball}, {card: Талисман Дромара, id: charm}]
    battlefield:
      - {card: Гора, id: m1}
      - {card: Гора, id: m2}
      - {card: Гора, id: m3}
      - {card: Равнина, id: w}
      - {card: Остров, id: u}
      - {card: Болото, id: b}
  - name: Боб
    hand: [{card: Отмена, id: cancel}]
    battlefield:
      - {card: Медведи-гризли, id: bears}
      - {card: Остров, id: i1}
      - {card: Остров, id: i2}
      - {card: Остров, id: i3}
turn: {number: 3, active: Алиса, step: main1}
"""


def _move(d, **want):
    for m in d["legal"]:
        act = m["action"].get(m["kind"])
        if not isinstance(act, dict):
            continue
        if all(act.get(k) == v for k, v in want.items()):
            return m
    raise AssertionError(f"no move {want} among {[m['label_ru'] for m in d['legal']]}")


def test_fireball_with_x_from_the_board_page():
    d = service.run(BOARD, [], states="final")
    move = _move(d, card="fireball", targets=["Боб"])
    assert "X" in move["label_ru"]
    d = service.run(BOARD, [move["action"]], states="final")
    owed = d["owed"]
    assert owed["decision"] == "x" and owed["answer"] == "choose" and owed["options"][:2] == [0, 1]
    assert owed["needs_id"] == [] and owed["asks"] == "x"
    d = service.run(BOARD, [move["action"], {"choose": 2, "by": "Алиса"}, {"pass_until": "stack_empty"}], states="final")
    assert d["failures"] == [] and d["board"]["players"][1]["life"] == 18


def test_modal_spell_modes_and_a_counterspell_targeting_it():
    d = service.run(BOARD, [], states="final")
    modes = sorted(m["action"]["cast"]["mode"] for m in d["legal"] if m["action"].get("cast", {}).get("card") == "charm")
    assert modes == [1, 3]   # no spell on the stack: "counter target spell" can't be chosen (700.2a)
    move = _move(d, card="charm", mode=3, targets=["bears"])
    assert "режим 3" in move["label_ru"]
    d = service.run(BOARD, [move["action"], {"pass": True, "by": "Алиса"}], states="final")
    cancel = _move(d, card="cancel", targets=["charm"])
    d = service.run(BOARD, [move["action"], {"pass": True, "by": "Алиса"}, cancel["action"],
                            {"pass_until": "stack_empty"}], states="final")
    assert d["failures"] == []
    bob = d["board"]["players"][1]
    assert "bears" in [o["id"] for o in bob["battlefield"]]
    assert any("701.5a" in e["rules"] for e in d["events"])
