"""Every pool card names the real Oracle source its English data was checked against
(rules_corpus/cards/ORACLE_SOURCES.md, issue 11): a card added from memory, without a row
there, fails here. Also the YAML slip that check found (a comma in a flow-style mode text)."""

import re

import pytest
import yaml

from judge_app.cards.model import POOL_DIR, CardDataError, card_from_dict

SOURCES = POOL_DIR / "ORACLE_SOURCES.md"
ROW = re.compile(r"^\| (?P<card>[^|]+?) \| (?P<file>[\w.]+\.yaml) \| `(?P<path>forge-gui/res/cardsfolder/[a-z0-9]/[a-z0-9_]+\.txt)` @ (?P<commit>[0-9a-f]{12}) \|")


def _rows() -> dict[str, dict]:
    found = {}
    for line in SOURCES.read_text(encoding="utf-8").splitlines():
        m = ROW.match(line)
        if m:
            found[m["card"]] = m.groupdict()
    return found


def _cards() -> list[tuple[dict, str]]:
    """Each pool card's raw data with the file it is in."""
    return [(d, path.name) for path in sorted(POOL_DIR.glob("*.yaml"))
            for d in yaml.safe_load(path.read_text(encoding="utf-8"))]


def _pool() -> list[tuple[str, str]]:
    return [(d["name_en"], f) for d, f in _cards()]


def test_every_pool_card_has_a_checked_source_in_its_own_file():
    rows = _rows()
    missing = [(name, f) for name, f in _pool() if name not in rows]
    assert not missing, f"нет строки в ORACLE_SOURCES.md для: {missing}"
    wrong_file = [(name, f, rows[name]["file"]) for name, f in _pool() if rows[name]["file"] != f]
    assert not wrong_file, f"карта записана не в том файле: {wrong_file}"


def test_the_sources_list_names_no_card_the_pool_lacks():
    pool = {name for name, _ in _pool()}
    assert set(_rows()) - pool == set()


def test_corrected_cards_carry_the_oracle_values():
    """The values the check corrected (ORACLE_SOURCES.md): a regression to the values written
    from memory fails here."""
    cards = {d["name_en"]: d for d, _ in _cards()}
    assert cards["Enchanted Evening"]["cost"] == "{3}{W/U}{W/U}"
    assert cards["Merfolk Sovereign"]["subtypes"] == ["Merfolk", "Noble"]
    assert cards["Infantry Veteran"]["abilities"][0]["activated"]["cost"] == {"tap": True}
    assert cards["Thunderscape Familiar"]["abilities"][0]["spells"]["colors"] == ["black", "green"]
    assert cards["Unstable Shapeshifter"]["text_en"].startswith("Whenever another creature enters")
    assert cards["Vesuvan Doppelganger"]["abilities"][0]["copy_except"]["gain_ability"]["optional"] is True
    charm = card_from_dict(cards["Emerald Charm"], "Emerald Charm")
    assert charm.casting["modes"][1]["text_ru"] == "уничтожьте целевые чары, не являющиеся Аурой"


def test_a_stray_key_in_a_mode_is_refused_with_its_name():
    cards = {d["name_en"]: d for d, _ in _cards()}
    broken = yaml.safe_load(
        "{text_ru: уничтожьте целевые чары, не являющиеся Аурой, targets: [nonaura_enchantment],"
        " effects: [{destroy: target1}]}")
    data = {**cards["Emerald Charm"], "modes": [cards["Emerald Charm"]["modes"][0], broken]}
    with pytest.raises(CardDataError, match="не являющиеся Аурой"):
        card_from_dict(data, "<charm>")
