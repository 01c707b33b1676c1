"""Abbreviations of English glossary terms (judge_app/search/acronyms.py): the last resort of a
query that found nothing, on the real index and on a headword list."""
from __future__ import annotations

from judge_app.search.acronyms import Acronyms
from judge_app.search.query import search

V = "2020-01-24"


def test_initials_with_and_without_function_words():
    a = Acronyms(["Leaves the Battlefield", "State-Based Actions", "Flying", "At End of Turn (Obsolete)"])
    assert a.by_initials["ltb"] == a.by_initials["lb"] == "Leaves the Battlefield"
    assert a.by_initials["sba"] == "State Based Actions"
    assert a.by_initials["aeot"] == "At End of Turn"  # the parenthesis is not part of the term
    assert "f" not in a.by_initials  # a one-word headword has no abbreviation


def test_cyrillic_letters_read_as_latin_initials():
    a = Acronyms(["Converted Mana Cost", "Leaves the Battlefield"])
    assert a.readings("лтб") == ["ltb"]
    assert "cmc" in a.readings("кмк")
    assert a.expand("кмк") == "Converted Mana Cost"
    assert a.expand("лтб триггер") == "Leaves the Battlefield триггер"
    assert a.expand("полёт") is None and a.readings("существо") == []  # too long to be one


def test_an_abbreviation_that_found_nothing_is_spelled_out(ix, rule_rank):
    r = search(ix, "лтб", version=V, limit=10)
    assert r.note == "показаны результаты для «Leaves the Battlefield»"
    assert rule_rank(r.hits, "603.6c") is not None, [(h["kind"], h["number"]) for h in r.hits[:5]]


def test_a_query_that_matches_never_pays_for_it(ix, monkeypatch):
    def boom(*a, **k):
        raise AssertionError("acronym lookup for a query that already matches")

    monkeypatch.setattr(Acronyms, "expand", boom)
    assert search(ix, "смертельное касание", version=V).hits
    assert search(ix, "сба", version=V).hits  # slang is read before: no abbreviation lookup
