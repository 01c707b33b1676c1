"""The board page can cast a spell with X, a modal spell and a counterspell: the legal moves
name the mode and say what will be asked, and the owed decision offers the answers (real
engine, real card pool)."""
from __future__ import annotations

from judge_app.boards import service

BOARD = """
rules_version: 2020-01-24
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


KICK = """
rules_version: 2020-01-24
players:
  - name: Алиса
    hand: [{card: Вспышка молнии, id: burst}, {card: Жатва у алтаря, id: reap}]
    library: [Лес, Лес]
    battlefield:
      - {card: Гора, id: m1}
      - {card: Гора, id: m2}
      - {card: Гора, id: m3}
      - {card: Гора, id: m4}
      - {card: Болото, id: s1}
      - {card: Дух-покровитель Громового Пейзажа, id: familiar}
      - {card: Блудный пиромант, id: pyro}
      - {card: Литоформный двигатель, id: engine}
  - name: Боб
    hand: [{card: Удушение, id: stifle}]
    battlefield:
      - {card: Остров, id: i1}
      - {card: Медведи-гризли, id: bears}
turn: {number: 3, active: Алиса, step: main1}
"""


def test_kicker_is_asked_yes_or_no_in_russian():
    d = service.run(KICK, [], states="final")
    move = _move(d, card="burst", targets=["Боб"])
    assert "платить ли кикер" in move["label_ru"] and "needs_id" not in move
    d = service.run(KICK, [move["action"]], states="final")
    owed = d["owed"]
    assert owed["decision"] == "optional_cost" and owed["asks"] == "kicker" and owed["options"] == ["yes", "no"]
    assert owed["names"]["yes"][0] == "да" and owed["names"]["no"][0] == "нет" and "кикер" in owed["text_ru"]
    d = service.run(KICK, [move["action"], {"choose": "yes", "by": "Алиса"}, {"pass_until": "stack_empty"}], states="final")
    assert d["failures"] == [] and d["board"]["players"][1]["life"] == 16
    assert any("702.32d" in e["rules"] for e in d["events"])


REAP = """
players:
  - name: Алиса
    hand: [{card: Жатва у алтаря, id: reap}]
    library: [Лес, Лес]
    battlefield:
      - {card: Болото, id: s1}
      - {card: Медведи-гризли, id: bears}
      - {card: Дух-покровитель Громового Пейзажа, id: familiar}
  - name: Боб
turn: {number: 3, active: Алиса, step: main1}
"""


def test_a_cost_reduction_makes_a_move_legal_and_is_explained():
    """Altar's Reap ({1}{B}) with one Swamp: legal only because the Familiar makes it {B};
    sacrificing the Familiar to it doesn't undo the reduction (601.2f–h)."""
    without = service.run(REAP.replace("      - {card: Дух-покровитель Громового Пейзажа, id: familiar}\n", ""), [],
                          states="final")
    assert not [m for m in without["legal"] if m["action"].get("cast", {}).get("card") == "reap"]
    d = service.run(REAP, [], states="final")
    move = _move(d, card="reap")
    assert "что пожертвовать" in move["label_ru"]
    d = service.run(REAP, [move["action"]], states="final")
    assert d["owed"]["asks"] == "sacrifice" and set(d["owed"]["options"]) == {"bears", "familiar"}
    d = service.run(REAP, [move["action"], {"choose": ["familiar"], "by": "Алиса"}, {"pass_until": "stack_empty"}],
                    states="final")
    assert d["failures"] == [] and len(d["board"]["players"][0]["hand"]) == 2
    total = next(e for e in d["events"] if e["text_ru"].startswith("Итоговая стоимость"))
    assert "−{1}" in total["text_ru"] and "601.2f" in total["rules"]


def test_counter_which_ability_and_new_targets_for_a_copied_one():
    act = {"activate": {"object": "pyro", "ability": 1, "targets": ["Боб"]}, "by": "Алиса"}
    d = service.run(KICK, [act], states="final")
    copy = _move(d, object="engine", targets=["pyro-ab-1"])
    assert "needs_id" not in copy and "Способность «Блудный пиромант» [pyro-ab-1]" in copy["label_ru"]
    d = service.run(KICK, [act, {"pass": True, "by": "Алиса"}], states="final")
    stifle = _move(d, card="stifle", targets=["pyro-ab-1"])
    assert "needs_id" not in stifle and "Блудный пиромант" in stifle["label_ru"]
    d = service.run(KICK, [act, copy["action"], {"pass_until": "stack_empty"}], states="final")
    owed = d["owed"]
    assert owed["decision"] == "new_targets" and owed["names"]["keep"][0] == "оставить прежние цели"
    assert "bears" in owed["options"] and "копии" in owed["text_ru"]
    d = service.run(KICK, [act, copy["action"], {"pass_until": "stack_empty"}, {"choose": "bears", "by": "Алиса"},
                           {"pass_until": "stack_empty"}], states="final")
    assert d["failures"] == [] and d["board"]["players"][1]["life"] == 19
