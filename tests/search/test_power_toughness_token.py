"""«+1/+1» is one word to the search (analysis.PT_PATTERN), in the index, in the query's
understanding and in the rest of a query naming a card: split, it was two «1»s that most
rules with a number hold."""
from __future__ import annotations

from judge_app.search.analysis import analyse
from judge_app.search.query import open_index, search

V = "2020-01-24"


def test_a_power_toughness_change_is_one_token():
    assert analyse("и +1/+1 жетоны и -1/-1 жетоны, +X/+0; 2/2") == [
        "+1/+1", "жетон", "-1/-1", "жетон", "+x/+0", "2", "2"]


def test_the_understanding_keeps_it_and_never_corrects_it(ix):
    o = open_index(ix)
    assert "+1/+1" in o.understood("жетоны +1/+1").search.split()
    assert "+7/+7" in o.understood("получает +7/+7").search.split()  # unknown, kept as typed


def test_counters_of_both_signs_find_the_rule_that_removes_them(ix, rule_rank):
    hits = search(ix, "что происходит с жетонами +1/+1 и -1/-1 на одном существе", version=V, limit=10).hits
    assert rule_rank(hits, "704.5q 122.3") is not None, [(h["kind"], h["number"]) for h in hits[:5]]


def test_a_card_query_keeps_it_in_the_concept(ix, rule_rank):
    hits = search(ix, "Трискелион жетоны +1/+1", version=V, limit=10).hits
    assert hits[0]["kind"] in ("card", "ruling")
    assert rule_rank(hits, "122") is not None, [(h["kind"], h["number"]) for h in hits[:5]]
