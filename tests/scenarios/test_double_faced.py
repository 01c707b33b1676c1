"""Double-faced cards on a board (712): ``transformed: true`` only for a pool card with a back
face, refused with its line otherwise; a card's ``back_face`` is checked like a card; the face
that is up gives the characteristics, and a copy effect copies that face only (707.8)."""

import textwrap

import pytest

from judge_app.cards.model import CardDataError, card_from_dict
from judge_app.engine.kernel import layers
from judge_app.scenarios import loader, runner

BOARD = """
id: t
rules_version: {version}
players:
  - name: Алиса
    battlefield:
      - {{card: {card}, id: d, transformed: {flag}}}
  - name: Боб
turn: {{number: 3, active: Алиса, step: main1}}
script: []
expect: []
"""


def _write(tmp_path, **kw):
    p = tmp_path / "s.yaml"
    p.write_text(textwrap.dedent(BOARD.format(**{"version": "2026-01-16", **kw})), encoding="utf-8")
    return p


@pytest.mark.parametrize("card, flag, says", [
    ("Гора", "true", "двусторонняя карта"),
    ("Afflicted Deserter", "3", "true/false"),
])
def test_transformed_refused_with_its_line(tmp_path, card, flag, says):
    with pytest.raises(loader.ScenarioInvalid) as exc:
        loader.load(_write(tmp_path, card=card, flag=flag))
    found = [i for i in exc.value.issues if "transformed" in i.key]
    assert found and found[0].line == 7 and says in found[0].message, exc.value.issues


@pytest.mark.parametrize("flag, name, pt", [("true", "Werewolf Ransacker", (5, 4)), ("false", "Afflicted Deserter", (3, 2))])
def test_the_face_up_gives_the_characteristics(tmp_path, flag, name, pt):
    sc = loader.load(_write(tmp_path, card="Afflicted Deserter", flag=flag))
    game = runner.run(sc).game
    chars = layers.chars_of(game, game.objects["d"])
    assert chars.name_en == name and (chars.power, chars.toughness) == pt
    assert layers.copiable_of(game, game.objects["d"])["name_en"] == name   # what a copy effect takes (707.8)


def test_back_face_checked_like_a_card():
    card = {"name_ru": "Д", "name_en": "D", "cost": "{R}", "types": ["creature"], "power": 1, "toughness": 1,
            "back_face": {"name_ru": "О", "name_en": "B", "types": ["creature"], "power": 2, "toughness": 2,
                          "cost": "{R}"}}
    with pytest.raises(CardDataError, match="back_face — неизвестный ключ 'cost'"):
        card_from_dict(card, "t")
    card["back_face"] = {"name_ru": "О", "name_en": "B", "types": ["creature"], "power": 2, "toughness": 2,
                         "abilities": [{"activated": {"cost": {"mana": "{1}"}, "effects": [{"transform": "nobody"}]}}]}
    with pytest.raises(CardDataError, match="back_face.*transform"):
        card_from_dict(card, "t")


WEREWOLF = """
id: w
players:
  - name: Алиса
    hand: [{{card: Молния, id: b1}}, {{card: Молния, id: b2}}]
    battlefield:
      - {{card: Afflicted Deserter, id: d, transformed: {flag}}}
      - {{card: Гора, id: m1}}
      - {{card: Гора, id: m2}}
  - name: Боб
turn: {{number: 3, active: Алиса, step: main1}}
script:
{casts}  - pass_until: upkeep
  - pass_until: stack_empty
expect: []
"""


@pytest.mark.parametrize("flag, bolts, name", [
    ("false", 0, "Werewolf Ransacker"),    # no spells were cast last turn: it transforms
    ("false", 1, "Afflicted Deserter"),    # one was
    ("true", 2, "Afflicted Deserter"),     # a player cast two: Werewolf Ransacker transforms back
    ("true", 1, "Werewolf Ransacker"),
])
def test_the_werewolf_upkeep_reads_last_turn(tmp_path, flag, bolts, name):
    casts = "".join(f"  - cast: {{card: b{i + 1}, targets: [Боб], pay: [m{i + 1}]}}\n  - pass_until: stack_empty\n"
                    for i in range(bolts))
    p = tmp_path / "w.yaml"
    p.write_text(textwrap.dedent(WEREWOLF.format(flag=flag, casts=casts)), encoding="utf-8")
    res = runner.run(loader.load(p))
    game = res.game
    assert game.turn == 4 and game.player("Боб").life == 20 - 3 * bolts, res.failures
    assert layers.chars_of(game, game.objects["d"]).name_en == name
