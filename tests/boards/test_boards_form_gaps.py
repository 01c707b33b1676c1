"""The form's later fields through the API on the real engine: protection with its argument,
the maximum hand size, a permanent's choice as it entered (``chosen``), counters of any kind,
the known top of a library on the play board, and the replacement-order decision in words."""
from __future__ import annotations

from board_samples import ROOT
from board_samples import run_final as run

from judge_app.boards import vocabulary

BOARD = """
players:
  - name: Алиса
    max_hand: 5
    library: [{card: Молния, id: bolt}, {card: Лес, id: forest}, {unknown: 3}, {card: Гора, id: deep}]
    battlefield:
      - id: knight
        creature: {name: Рыцарь, power: 2, toughness: 2, keywords: [{protection: {from: [red, creatures]}}]}
      - {card: Заговор, id: consp, chosen: {type: Elf}}
      - {id: relic, permanent: {name: Реликвия, types: [artifact]}, counters: {charge: 3}}
  - name: Боб
    battlefield:
      - {id: bear, creature: {name: Медведь, power: 2, toughness: 2, colors: [red]}}
turn: {number: 2, active: Алиса, step: main1}
"""


def test_the_new_fields_load_and_play(client):
    code, d = run(client, scenario=BOARD)
    assert code == 200, d
    alice = d["board"]["players"][0]
    # the play board lists the known cards on top, top first, down to the first unknown one
    assert [c["id"] for c in alice["library_top"]] == ["bolt", "forest"] and alice["library"] == 6
    assert alice["library_top"][0]["name_en"] == "Lightning Bolt"
    assert d["board"]["players"][1]["library_top"] == []
    objs = {o["id"]: o for o in alice["battlefield"]}
    assert objs["relic"]["counters"] == {"charge": 3}
    assert "Elf" in objs["knight"]["subtypes"]   # Conspiracy's chosen type reaches the creature (layer 4)


def _issue(client, old: str, new: str):
    bad = BOARD.replace(old, new)
    assert bad != BOARD
    code, d = run(client, scenario=bad)
    assert code == 400, d
    return d["issues"][0]


def test_bad_values_of_the_new_fields_are_named_by_path_and_line(client):
    i = _issue(client, "max_hand: 5", "max_hand: -1")
    assert i["path"] == "players[0].max_hand" and i["line"] == 4
    i = _issue(client, "chosen: {type: Elf}", "chosen: {color: red}")   # Conspiracy chooses a type, not a colour
    assert i["path"] == "players[0].battlefield[1].chosen.color" and "color" in i["message"]
    i = _issue(client, ", chosen: {type: Elf}", "")                     # and must have chosen one
    assert i["path"].startswith("players[0].battlefield[1]") and "chosen" in i["message"]
    i = _issue(client, "counters: {charge: 3}", "counters: {charge: -3}")
    assert i["path"] == "players[0].battlefield[2].counters"


def test_every_protection_the_picker_offers_protects(client):
    """The form offers protection from a colour, a card type, multicolored, monocolored and
    everything; each loads, and protection from red stops the red bear's block (702.16f)."""
    for en in (False, True):
        codes = [c for c, _ in vocabulary.for_page(en)["protection"]]
        assert {"red", "creature", "everything", "multicolored"} <= set(codes)
    for code in codes:
        board = BOARD.replace("from: [red, creatures]", f"from: [{code}]")
        status, d = run(client, scenario=board)
        assert status == 200, (code, d)
    board = BOARD.replace("step: main1", "step: declare_attackers")
    status, d = run(client, scenario=board, decisions=[{"attack": {"knight": "Боб"}}, {"block": {"bear": "knight"}}])
    assert status == 200 and d["refused"]["decision"] == 1 and "702.16f" in d["refused"]["message"], d["refused"]
    assert d["owed"]["decision"] == "declare_blockers" and d["owed"]["rows"] == []   # nobody may block it


def test_the_replacement_order_decision_names_the_effects(client):
    text = (ROOT / "scenarios" / "replacement" / "cr-614-5-two-doublers.yaml").read_text(encoding="utf-8")
    board = text.split("script:")[0]
    status, d = run(client, scenario=board, decisions=[{"activate": {"object": "pinger", "targets": ["Боб"]}},
                                                       {"pass_until": "stack_empty"}])
    assert status == 200, d
    owed = d["owed"]
    assert owed["decision"] == "replacement_order" and sorted(owed["options"]) == ["d1:1", "d2:1"]
    for o in owed["options"]:
        ru, en = owed["names"][o]
        assert ru != o and "Удвоитель" in ru and o in ru, ru
        # ?ui=en: the effect in English (an ad-hoc permanent has only the name it was given)
        assert o in en and "double damage" in en and "удвоение" not in en, en


def test_every_replacement_effect_has_an_english_label():
    """The replacement_order decision names the effects to order in both languages: a kind added
    without its English label would show Russian on ?ui=en."""
    from judge_app.engine.kernel import replacement   # the package loads every module that registers kinds

    assert replacement.KINDS
    assert [k for k, kind in replacement.KINDS.items() if kind.label_en is None] == []


def test_every_owed_decision_is_worded_in_english():
    """?ui=en: the play page words the owed decision in English (the engine's Russian text follows
    with its details); every kind the engine can owe has its words."""
    import re

    from judge_app.boards import moves
    from judge_app.engine.rules import costs
    from judge_app.engine.kernel import replacement

    engine = ROOT / "judge_app" / "engine"
    kinds = {k for p in engine.rglob("*.py")
             for k in re.findall(r'Decision\((?:[^()]|\([^()]*\))*?kind="(\w+)"', p.read_text(encoding="utf-8"))}
    kinds |= set(costs.DECISIONS) | set(replacement.CHOICE_KINDS)
    assert {"declare_attackers", "targets", "as_enters", "x"} <= kinds
    assert sorted(kinds - set(moves.DECISION_EN)) == []


def test_the_owed_decision_has_english_words(client):
    board = BOARD.replace("step: main1", "step: declare_attackers")
    status, d = run(client, scenario=board)
    assert status == 200 and d["owed"]["text_en"] == "Алиса declares attackers"
