"""Rule numbers: levels, parents, document order, ranges and what judges type."""
from __future__ import annotations

import pytest

from judge_app.corpus.numbering import (
    SUBRULE_LETTERS,
    expand_range,
    level_of,
    next_letter,
    normalise_query_candidates,
    normalise_query_number,
    parent_of,
    sort_key,
)


def test_letters_skip_l_and_o():
    assert SUBRULE_LETTERS == "abcdefghijkmnpqrstuvwxyz"
    assert next_letter("k") == "m" and next_letter("n") == "p" and next_letter(None) == "a"
    assert next_letter("z") is None


@pytest.mark.parametrize("number,level,parent", [
    ("7", "chapter", None), ("704", "section", "7"), ("704.5", "rule", "704"),
    ("704.5k", "subrule", "704.5"), ("702.105", "rule", "702"), ("702.105a", "subrule", "702.105"),
])
def test_level_and_parent(number, level, parent):
    assert level_of(number) == level
    assert parent_of(number) == parent


@pytest.mark.parametrize("bad", ["", "70", "7045", "704.", "704.5.", "704.5K", "704.5kk", "a"])
def test_level_of_rejects(bad):
    with pytest.raises(ValueError):
        level_of(bad)


def test_sort_key_document_order():
    order = ["6", "616.1e", "7", "700", "700.1", "700.1a", "700.1b", "700.2", "702.9",
             "702.9a", "702.10", "702.100", "8"]
    assert sorted(reversed(order), key=sort_key) == order


@pytest.mark.parametrize("typed,best", [
    ("704.5k", "704.5k"),
    (" 704,5к ", "704.5k"),   # comma; Cyrillic к looks like k
    ("704.5л", "704.5k"),     # Russian layout: the k key types л
    ("704.5а", "704.5a"),     # Cyrillic а looks like a
    ("704.5K.", "704.5k"),
    ("704ю5л", "704.5k"),     # layout: the "." key types ю
    ("704.5", "704.5"),
    ("704.5.", "704.5"),
    ("704", "704"),
    ("7", "7"),
    ("704.5о", "704.5j"),     # о would be o, never a letter: layout reading (j)
])
def test_normalise_query(typed, best):
    assert normalise_query_number(typed) == best


def test_candidates_ambiguous_letter_lookalike_first_then_layout():
    assert normalise_query_candidates("704.5к") == ["704.5k", "704.5r"]
    assert normalise_query_candidates("704.5а") == ["704.5a", "704.5f"]
    assert normalise_query_candidates("704.5л") == ["704.5k"]
    # with the document's numbers the first existing reading wins
    assert normalise_query_number("704.5к", known={"704.5r"}) == "704.5r"
    assert normalise_query_number("704.5к", known={"100.1"}) is None


@pytest.mark.parametrize("junk", ["", "abc", "70.5", "7045.1", "704.5l", "704.5 11", "правило"])
def test_normalise_query_rejects(junk):
    assert normalise_query_number(junk) is None


def test_expand_range_letters():
    assert expand_range("603.7d", "603.7f") == ["603.7d", "603.7e", "603.7f"]
    assert expand_range("510.1c", "d") == ["510.1c", "510.1d"]
    assert expand_range("704.5j", "704.5n") == ["704.5j", "704.5k", "704.5m", "704.5n"]


def test_expand_range_rules_and_sections():
    rules = expand_range("701.3", "701.41")
    assert rules[0] == "701.3" and rules[-1] == "701.41" and len(rules) == 39
    assert expand_range("112.6", "112.7") == ["112.6", "112.7"]
    assert expand_range("509.1", "3") == ["509.1", "509.2", "509.3"]
    assert expand_range("100", "102") == ["100", "101", "102"]


def test_expand_range_with_known():
    known = {"302.4", "302.4a", "302.4b", "302.5", "302.6", "302.7", "603.7d", "603.7f"}
    assert expand_range("603.7d", "f", known) == ["603.7d", "603.7f"]
    assert expand_range("302.4a", "302.7", known) == ["302.4a", "302.4b", "302.5", "302.6", "302.7"]
    assert expand_range("302.4a", "302.7") == ["302.4a", "302.7"]


def test_every_real_number_round_trips():
    """Each number of the four gold lists is its own canonical form, has a parent of the
    level above, and the lists are in sort_key order."""
    from pathlib import Path

    gold = Path(__file__).resolve().parents[1] / "data" / "gold"
    files = sorted(gold.glob("rule_numbers_cr-*.txt"))
    assert len(files) == 4
    for path in files:
        numbers = path.read_text(encoding="utf-8").split()
        assert numbers == sorted(numbers, key=sort_key), path.name
        for n in numbers:
            assert normalise_query_number(n) == n
            assert normalise_query_number(n.replace(".", ",")) == n
            assert level_of(parent_of(n)) == {"section": "chapter", "rule": "section",
                                              "subrule": "rule"}[level_of(n)]
