"""The builder's newer fields, through the API on the real engine: the library as an ordered
list (cards and unknown cards), the command zone, and the ability picker's vocabulary."""
from __future__ import annotations

import pytest
from board_samples import run_final as run

from judge_app.boards import vocabulary
from judge_app.cards import model

LIBRARY_BOARD = """
players:
  - name: Алиса
    library: [{card: Молния, id: bolt}, {unknown: 2}, {card: Лес, id: forest}]
    command: [{card: Лес, id: emblem}]
    battlefield:
      - {card: Гора, id: mountain}
      - id: pyro
        creature:
          name: Пиромант
          power: 1
          toughness: 1
          abilities:
            - activated: {cost: {tap: true}, targets: [any], effects: [{damage: 1, to: target1}]}
  - name: Боб
    battlefield:
      - {id: bear, creature: {name: Медведь, power: 2, toughness: 2}}
turn: {number: 2, active: Алиса, step: upkeep}
"""


def test_the_library_is_a_list_top_first_with_unknown_cards(client):
    code, d = run(client, scenario=LIBRARY_BOARD)
    assert code == 200, d
    alice = d["board"]["players"][0]
    assert alice["library"] == 4
    assert [o["id"] for o in alice["command"]] == ["emblem"]
    # the first card listed is on top: the draw step draws the bolt, which can then be cast by its id
    code, d = run(client, scenario=LIBRARY_BOARD, decisions=[{"pass_until": "main1"}])
    assert code == 200 and d["refused"] is None, d
    alice = d["board"]["players"][0]
    assert [o["id"] for o in alice["hand"]] == ["bolt"] and alice["library"] == 3
    cast = [m for m in d["legal"] if m["kind"] == "cast"]
    assert cast and all("needs_id" not in m for m in cast) and cast[0]["action"]["cast"]["card"] == "bolt"
    # the ad-hoc creature's ability, from the vocabulary, is a legal action naming it by id
    act = [m for m in d["legal"] if m["kind"] == "activate" and m["action"]["activate"]["object"] == "pyro"]
    assert {tuple(m["action"]["activate"]["targets"]) for m in act} >= {("Боб",), ("bear",), ("pyro",)}
    assert not any("needs_id" in m for m in act)


@pytest.mark.parametrize("entry, path", [
    ("{unknown: 0}", "players[0].library[1].unknown"),
    ("{unknown: 2, id: x}", "players[0].library[1]"),
    ("{unknown: many}", "players[0].library[1].unknown"),
])
def test_bad_unknown_cards_are_named_by_path_and_line(client, entry, path):
    bad = LIBRARY_BOARD.replace("{unknown: 2}", entry)
    code, d = run(client, scenario=bad)
    assert code == 400
    assert [i["path"] for i in d["issues"]] == [path] and d["issues"][0]["line"] == 4


def test_the_picker_offers_only_what_the_loader_accepts():
    for en in (False, True):
        v = vocabulary.for_page(en)
        assert {k for k, _ in v["keywords"]} == set(model.KEYWORDS) - set(vocabulary.ARGUMENT_KEYWORDS)
        assert [t for t, _ in v["targets"]] == list(model.TARGET_KINDS)
        assert [t for t, _ in v["triggers"]] == [t for t in model.TRIGGER_KINDS if t not in vocabulary.YAML_ONLY_TRIGGERS]
        model.validate_abilities([{"trigger": t, "effects": [{"draw": 1, "who": "you"}]} for t, _ in v["triggers"]],
                                 "triggers")
        # every code has a label (in Russian, never the bare code)
        assert all(label and (en or label != code) for code, label in v["keywords"] + v["targets"] + v["triggers"])
        # every effect with every place it may go, on an activated and a triggered ability, validates
        for code, _label, args, refs in v["effects"]:
            for ref in refs:
                value = {"n": 2, "p": 1, "keyword": "flying"}
                eff = {code: ([1, 1] if "p" in args else {"+1/+1": 2} if code == "counters" else
                              value["keyword"] if "keyword" in args else 2 if args else ref)}
                if args:
                    eff["who" if code in ("draw", "gain_life", "lose_life") else "to"] = ref
                targets = ["any"] if ref == "target1" else []
                model.validate_abilities([{"activated": {"cost": {"tap": True, "mana": "{1}"}, "targets": targets,
                                                          "effects": [eff]}},
                                          {"trigger": "etb", "targets": targets, "effects": [eff]}], code)
        for code, _label, needs in v["statics"]:
            a = {"static": code}
            if "pt" in needs:
                a["pt"] = [1, 1]
            if "affects" in needs:
                a["affects"] = v["affects"][0][0]
            if "subtype" in needs:
                a["subtype"] = v["land_types"][0][0]
            model.validate_abilities([a], code)
        model.validate_abilities([{"mana": m} for m, _ in v["mana"]], "mana")
        assert {c for c, _ in v["types"]} <= set(model.CARD_TYPES) and {c for c, _ in v["colors"]} == set(model.COLORS)


AS_ENTERS_BOARD = """
players:
  - name: Алиса
    battlefield:
      - id: painter
        creature:
          name: Маляр
          power: 1
          toughness: 3
          abilities: [{as_enters: color}, {static: chosen_color_everything}]
        chosen: {color: blue}
      - {card: Медведи-гризли, id: bears}
    hand:
      - id: voice
        creature: {name: Голос, power: 2, toughness: 2, cost: "{0}",
                   abilities: [{as_enters: color}, {static: protection_from_chosen_color}]}
  - name: Боб
turn: {number: 1, active: Алиса, step: main1}
"""


def test_an_ad_hoc_permanent_chooses_as_it_enters(client):
    """The form's "as it enters" kinds on an ad-hoc creature: on the battlefield its choice is
    stated (chosen:) and the linked ability reads it; in hand the engine asks as it enters."""
    for en in (False, True):
        kinds = [k for k, _label, _key in vocabulary.for_page(en)["as_enters"]]
        assert kinds == [k for k in model.AS_ENTERS if k not in vocabulary.YAML_ONLY_AS_ENTERS]
        assert {"color", "creature_type", "copy_creature"} <= set(kinds)
        model.validate_abilities([{"as_enters": k} for k in kinds], "as_enters")
    code, d = run(client, scenario=AS_ENTERS_BOARD)
    assert code == 200, d
    bears = next(o for o in d["board"]["players"][0]["battlefield"] if o["id"] == "bears")
    assert bears["colors"] == ["blue", "green"]   # the painter's chosen colour, in addition (layer 5)
    cast = [{"cast": {"card": "voice"}, "by": "Алиса"}, {"pass": True, "by": "Алиса"}, {"pass": True, "by": "Боб"}]
    code, d = run(client, scenario=AS_ENTERS_BOARD, decisions=cast)
    assert d["owed"]["decision"] == "as_enters" and "red" in d["owed"]["options"]
    assert d["owed"]["names"]["red"] == ["красный", "red"]   # in words, not the code
    code, d = run(client, scenario=AS_ENTERS_BOARD, decisions=cast + [{"choose": "red", "by": "Алиса"}])
    voice = next(o for o in d["board"]["players"][0]["battlefield"] if o["id"] == "voice")
    assert "protection" in voice["keywords"]


@pytest.mark.parametrize("change, path, words", [
    ("        chosen: {color: blue}\n", "players[0].battlefield[0]", "нужно chosen: {color"),   # the choice is owed
    ("{color: blue}", "players[0].battlefield[0].chosen.color", "неизвестный цвет"),
    ("[{as_enters: color}, {static: chosen_color_everything}]", "players[0].battlefield[0].chosen.color",
     "не делает выбора"),   # no "as it enters" ability: no choice to state
])
def test_an_ad_hoc_choice_is_checked_like_a_cards(client, change, path, words):
    bad = {"        chosen: {color: blue}\n": AS_ENTERS_BOARD.replace(change, ""),
           "{color: blue}": AS_ENTERS_BOARD.replace(change, "{color: bleu}")}.get(change) \
        or AS_ENTERS_BOARD.replace(change, "[{static: chosen_color_everything}]")
    code, d = run(client, scenario=bad)
    assert code == 400
    issue = next(i for i in d["issues"] if i["path"] == path)
    assert words in issue["message"] and issue["line"] > 0, d["issues"]
