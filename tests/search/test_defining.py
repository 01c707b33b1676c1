"""A definition question is answered by the rule that defines its term (``search/defining.py``):
the glossary (or a heading's title) names the rule, a heading gives way to its first rule. On
the real index: the glossary's terms as the index reads them, the 2020 and newest releases."""
from __future__ import annotations

import pytest

from judge_app.search import defining
from judge_app.search import query as Q
from judge_app.search.query import open_index, query_terms, search

V = "2020-01-24"


@pytest.mark.parametrize("q", ["что такое командная зона", "Что считается перманентом?", "а что значит «миг»",
                               "кто такой владелец карты", "what is trample", "What counts as a permanent",
                               "what does mana value mean"])
def test_a_definition_question_is_recognised(q):
    assert defining.asks_definition(q)


@pytest.mark.parametrize("q", ["что будет если две легенды", "когда такое бывает", "можно ли напасть на мироходца",
                               "what happens when a creature dies", "стек что такое"])
def test_other_questions_are_not(q):
    assert not defining.asks_definition(q)


def _top(ix, q, version=V):
    return [(h["kind"], h["number"]) for h in search(ix, q, version=version, limit=10).hits]


def test_the_glossary_names_the_rule_and_a_heading_gives_way_to_its_first_rule(ix):
    # «Перманент … Смотрите правило 110»: 110 is a heading, 110.1 defines the word
    assert _top(ix, "что считается перманентом, а что нет")[0] == ("rule", "110.1")
    assert _top(ix, "what counts as a permanent")[0] == ("rule", "110.1")
    # a keyword: the heading 702.9 «Полёт» gives way to 702.9a; the newest release too
    assert _top(ix, "что такое полёт")[0] == ("rule", "702.9a")
    newest = search(ix, "что такое полёт", version="2026-01-16", limit=5).hits[0]
    assert (newest["version"], newest["number"]) == ("2026-01-16", "702.9a")
    # every release searched: the defining rule of the first release the hits come from
    first = search(ix, "что такое полёт", limit=5).hits[0]
    assert first["number"] == "702.9a" and "_heading" not in first and first["snippet"]


def test_the_defining_rule_is_what_the_words_alone_did_not_put_first(ix, monkeypatch):
    q = "что считается перманентом, а что нет"
    with_step = _top(ix, q)
    monkeypatch.setattr(Q, "DEFINING", False)
    without = _top(ix, q)
    assert without[0] != ("rule", "110.1") and with_step[0] == ("rule", "110.1")
    # nothing else moves: the others follow in their order, the last one cut at the limit
    assert with_step[1:] == [h for h in without if h != ("rule", "110.1")][:9]


def test_a_term_is_matched_whole_and_nothing_else_moves(ix, monkeypatch):
    o = open_index(ix)
    # «командная зона» is no glossary term in 2020 («Командование») and no heading's title
    # («Зона командования»); «перманент» is a term: a one-word term answers its own word, not a
    # two-word question around it
    assert o.glossary.defined(query_terms("командная зона", o.ru), V, "ru") is None
    assert o.glossary.defined(query_terms("перманент", o.ru), V, "ru") == "110"
    assert o.glossary.defined(query_terms("карта перманент", o.ru), V, "ru") == "110.4a"
    assert o.glossary.defined(query_terms("красный перманент", o.ru), V, "ru") is None
    # a definition question whose words spell no term whole, and questions that ask no
    # definition, are left as they were
    for q in ("что такое командная зона", "что будет если две легенды",
              "можно ли напасть существом которое только что вышло"):
        before = _top(ix, q)
        monkeypatch.setattr(Q, "DEFINING", False)
        assert _top(ix, q) == before
        monkeypatch.setattr(Q, "DEFINING", True)


def test_english_markers_are_read_as_the_index_reads_a_query(ix):
    # «define» and «what's» are stems and leftovers of the query's words («defin», «what», «s»)
    assert _top(ix, "define haste")[0] == ("rule", "702.10a")
    assert _top(ix, "what's trample")[0] == ("rule", "702.19a")


def test_a_definition_question_naming_a_pool_card_gets_the_rule_first_and_keeps_the_limit(ix):
    # «Заговор» is a pool card too: the card path answers, and the rule that defines the
    # keyword («Conspire», 702.77) leads it; the limit holds with the rule added
    hits = search(ix, "что такое заговор", version=V, limit=3).hits
    assert (hits[0]["kind"], hits[0]["number"]) == ("rule", "702.77a") and len(hits) == 3


def test_a_chapter_defines_nothing_and_english_with_every_release(ix):
    # «Zone: … See chapter 4» / «Face Down … See rule 110.5»: a chapter is no defining rule; the
    # entry's first rule is taken, and a first hit always has a text of its own
    o = open_index(ix)
    refs = [ref for rows in o.glossary.terms.values() for _, ref in rows]
    assert refs and all(len(r.split(".")[0]) == 3 for r in refs)
    for q in ("what is a step", "what is face down", "что значит лицом вверх", "what is a zone"):
        first = search(ix, q, version=V, limit=5).hits[0]
        assert len(first["number"].split(".")[0]) == 3 and first["snippet"], (q, first["number"])
    # English, every release searched: the defining rule of the first release the hits hold
    hits = search(ix, "what counts as a permanent", limit=5).hits
    assert hits[0]["number"] == "110.1" and hits[0]["lang"] == "en"
