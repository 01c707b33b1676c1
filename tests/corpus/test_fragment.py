"""The English rule-201 fragment: eight rules, no site debris, the truncated example kept."""
from __future__ import annotations

from pathlib import Path

import pytest

from judge_app.corpus.fragment import parse_fragment

ROOT = Path(__file__).resolve().parents[2]
SOURCE = ROOT / "rules_corpus" / "sources" / "cr-en-fragment-201.txt"


@pytest.fixture(scope="module")
def rules():
    return parse_fragment(SOURCE.read_text(encoding="utf-8"), "cr-en-fragment-201")


def test_numbers_levels_parents(rules):
    assert [(r.number, r.level, r.parent) for r in rules] == [
        ("201.1", "rule", "201"), ("201.2", "rule", "201"), ("201.3", "rule", "201"),
        ("201.4", "rule", "201"), ("201.4a", "subrule", "201.4"),
        ("201.4b", "subrule", "201.4"), ("201.4c", "subrule", "201.4"),
        ("201.5", "rule", "201"),
    ]
    assert [r.position for r in rules] == list(range(8))
    assert [r.line for r in rules] == [4, 5, 6, 7, 8, 9, 17, 18]
    assert {r.doc_id for r in rules} == {"cr-en-fragment-201"}


def test_rule_text_kept_whole(rules):
    by = {r.number: r for r in rules}
    assert by["201.2"].text == (
        "Two objects have the same name if the English versions of their names are identical.")
    assert by["201.3"].text.endswith(
        "A player may not choose the name of a token unless it’s also the name of a card.")
    assert by["201.5"].text.startswith('If an ability of an object uses a phrase such as "this [something]"')
    assert by["201.5"].text.endswith("even if it isn’t the appropriate characteristic at the time.")


def test_truncated_example_kept_with_note(rules):
    by = {r.number: r for r in rules}
    b = by["201.4b"]
    assert b.text.endswith("should be treated as the second name.")
    assert b.examples == [
        '…: Quicksilver Elemental gains all activated abilities of target creature until end of turn."'
        ' If it gains an ability that says "…: Regenerate Cudgel Troll," activating that ability will'
        " regenerate Quicksilver Elemental, not the Cudgel Troll it gained the ability from."
    ]
    assert len(b.notes) == 1 and "truncated in the source" in b.notes[0]
    assert all(not r.examples and not r.notes for r in rules if r.number != "201.4b")


def test_navigation_and_footer_dropped(rules):
    blob = "\n".join([r.text for r in rules] + [e for r in rules for e in r.examples])
    for debris in ("Parts of a Card", "Glossary", "Contents", "mtg.ru", "|", "карт", "г. "):
        assert debris not in blob
