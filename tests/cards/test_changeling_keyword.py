"""``keywords: [changeling]`` was accepted and did nothing: changeling is a characteristic-defining
ability (702.73a), played as ``{static: changeling}`` (engine/mechanisms/changeling.py). The loader
refuses the keyword with its line and points to the ability — on a card, a back face, a granted
keyword and a scenario's ad-hoc permanent; Moritte's copy exception keeps its mapped form."""

import textwrap
from pathlib import Path

import pytest

from judge_app.cards.model import CardDataError, default_pool, load_pool
from judge_app.scenarios import loader

CARD = """\
- name_ru: Изгой
  name_en: Outcast Shapeshifter
  cost: "{1}{U}"
  types: [creature]
  subtypes: [Shapeshifter]
  power: 1
  toughness: 1
  text_en: Changeling.
  text_ru: Перевёртыш.
  {line}
"""


def _load(tmp_path: Path, line: str):
    (tmp_path / "test.yaml").write_text(CARD.replace("{line}", line), encoding="utf-8")
    return load_pool(tmp_path)


def test_changeling_as_a_keyword_is_refused_with_its_line_and_the_ability_to_write(tmp_path):
    with pytest.raises(CardDataError) as exc:
        _load(tmp_path, "keywords: [flying, changeling]")
    msg = str(exc.value)
    assert "test.yaml[0]" in msg and "строка 10" in msg and "{static: changeling}" in msg and "702.73a" in msg


def test_granting_it_until_end_of_turn_is_refused_too(tmp_path):
    with pytest.raises(CardDataError, match="static: changeling"):
        _load(tmp_path, "abilities: [{activated: {cost: {mana: \"{1}\"}, effects: [{gain_keyword: changeling, to: self}]}}]")


def test_the_ability_loads_and_moritte_has_it():
    pool = default_pool()
    moritte = pool.get("Moritte of the Frost")
    assert {"static": "changeling"} in moritte.abilities and "changeling" not in moritte.keywords
    assert moritte.abilities[1]["copy_except"]["if_creature"]["keywords"] == ["changeling"]   # mapped by control_copy


def test_an_ad_hoc_permanent_with_the_keyword_is_refused_with_its_line(tmp_path):
    p = tmp_path / "s.yaml"
    p.write_text(textwrap.dedent("""\
        id: t
        players:
          - name: Алиса
            battlefield:
              - id: x
                permanent: {name: Изгой, types: [creature], power: 1, toughness: 1, keywords: [changeling]}
          - name: Боб
        turn: {number: 3, active: Алиса, step: main1}
        """), encoding="utf-8")
    with pytest.raises(loader.ScenarioInvalid) as exc:
        loader.load(p)
    [i] = exc.value.issues
    assert i.line == 6 and "static: changeling" in i.message
