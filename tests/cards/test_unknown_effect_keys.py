"""An unknown key beside a known effect is refused with its line (rules_corpus/cards/README.md:
"the loader refuses any key outside this vocabulary"), not dropped: ``count: 2`` written beside
``create_token`` instead of inside it made one token and no error (issue 24)."""

from pathlib import Path

import pytest

from judge_app.cards.model import CardDataError, card_from_dict, load_pool
from judge_app.scenarios import loader

CARD = """\
- name_ru: Двойной призыв
  name_en: Double Summons
  cost: "{1}{W}"
  types: [sorcery]
  text_en: Create two 1/1 white Soldier creature tokens.
  text_ru: Создайте две фишки существа 1/1 белый Солдат.
  effects:
    - create_token: {name_ru: Солдат, name_en: Soldier, power: 1, toughness: 1, colors: [white]}
{extra}
"""


def _pool(tmp_path: Path, extra: str):
    (tmp_path / "test.yaml").write_text(CARD.replace("{extra}", extra), encoding="utf-8")
    return load_pool(tmp_path)


def test_count_beside_create_token_is_refused_with_its_line(tmp_path):
    with pytest.raises(CardDataError) as exc:
        _pool(tmp_path, "      count: 2")
    msg = str(exc.value)
    assert "test.yaml[0]" in msg and "строка 9" in msg and "'count'" in msg and "create_token" in msg


def test_count_inside_create_token_loads(tmp_path):
    text = CARD.replace("colors: [white]}", "colors: [white], count: 2}").replace("{extra}", "")
    (tmp_path / "test.yaml").write_text(text, encoding="utf-8")
    card = load_pool(tmp_path).get("Double Summons")
    assert card.effects[0]["create_token"]["count"] == 2


@pytest.mark.parametrize("extra", ["      unpreventable: true", "      no_regen: true"])
def test_a_modifier_of_another_effect_is_refused(tmp_path, extra):
    """``unpreventable`` modifies damage, ``no_regen`` destroy: beside create_token they mean nothing."""
    with pytest.raises(CardDataError, match="строка 9"):
        _pool(tmp_path, extra)


def test_to_may_stand_beside_any_effect(tmp_path):
    assert _pool(tmp_path, "      to: you").get("Double Summons").effects[0]["to"] == "you"


def test_a_stray_key_in_an_activated_ability_effect_is_refused():
    data = {"name_ru": "Т", "name_en": "T", "cost": "{1}", "types": ["artifact"], "text_en": "", "text_ru": "",
            "abilities": [{"activated": {"cost": {"tap": True}, "targets": ["any"],
                                         "effects": [{"damage": 1, "to": "target1", "amount": 2}]}}]}
    with pytest.raises(CardDataError, match="'amount'"):
        card_from_dict(data, "<t>")


def test_a_scenario_ability_with_a_stray_key_names_its_file_and_line(tmp_path):
    f = tmp_path / "s.yaml"
    f.write_text("""\
id: stray
title: t
players:
  - name: Алиса
    battlefield:
      - id: maker
        permanent:
          name: Фабрика
          types: [artifact]
          abilities:
            - activated:
                cost: {tap: true}
                effects:
                  - create_token: {name_ru: Солдат, power: 1, toughness: 1}
                    count: 2
  - name: Боб
turn: {number: 1, active: Алиса, step: main1}
""", encoding="utf-8")
    with pytest.raises(loader.ScenarioInvalid) as exc:
        loader.load(f)
    assert "строка 15" in str(exc.value) and "'count'" in str(exc.value)
