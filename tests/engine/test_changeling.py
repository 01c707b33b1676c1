"""Changeling (702.73a; mechanisms/changeling.py): every creature type of 205.3m in the release the
game plays — the lists in judge_app/engine/creature_types.json read against the CR texts — and a
copy "in addition to its other types" keeps it (707.9d)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from engine_boards import build_game
from judge_app.engine.kernel import characteristics as ch
from judge_app.engine.mechanisms import changeling

ROOT = Path(__file__).resolve().parents[2]


def _from_cr(version: str) -> list:
    text = (ROOT / "rules_corpus" / "sources" / "en" / f"cr-en-{version}.txt").read_text(encoding="utf-8-sig")
    line = next(l for l in re.split(r"[\r\n]+", text) if l.startswith("205.3m "))
    two = re.findall(r"One creature type is two words long: ([^.]+)\.", line)
    listed = re.split(r"The creature types are |All other creature types are one word long: ", line)[-1]
    return [w.strip().removeprefix("and ").strip() for w in listed.rstrip(". ").split(",")] + two


def test_the_lists_are_those_of_205_3m_in_each_release():
    data = json.loads(changeling.TYPES_FILE.read_text(encoding="utf-8"))
    releases = [k for k in data if not k.startswith("_")]
    assert releases == ["2026-01-16", "2020-01-24", "2019-05-03"]
    for v in releases:
        assert data[v] == _from_cr(v), v
    assert "Time Lord" in data["2026-01-16"] and "Time Lord" not in data["2020-01-24"]


BOARD = """
rules_version: {version}
players:
  - name: Алиса
    battlefield:
      - id: outcast
        creature: {{name: Изгой, power: 1, toughness: 1, subtypes: [Shapeshifter], abilities: [{{static: changeling}}]}}
      - id: plain
        creature: {{name: Медведь, power: 2, toughness: 2, subtypes: [Bear]}}
  - name: Боб
turn: {{number: 3, active: Алиса, step: main1}}
"""


@pytest.mark.parametrize("version,count", [("2026-01-16", 315), ("2020-01-24", 249)])
def test_a_changeling_is_every_creature_type_of_its_release_and_nothing_else_is(version, count):
    game = build_game(BOARD.format(version=version))
    subtypes = ch.of(game, game.objects["outcast"]).subtypes
    assert len(subtypes) == count and {"Shapeshifter", "Elf", "Bear"} <= set(subtypes)
    assert ch.of(game, game.objects["plain"]).subtypes == ("Bear",)
