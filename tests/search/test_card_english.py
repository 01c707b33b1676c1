"""A Russian query naming pool cards also ranks what it asks among the English rules
(``query._card_english``): the rest of the query, its card names left out, as a word query's
English ranking, fused at ``translation.CARD_EN_WEIGHT``. The real index."""
from __future__ import annotations

from judge_app.search import translation
from judge_app.search.query import search

V = "2020-01-24"
QUERY = "Мстительный архонт предотвращение урона"  # dev12: the prevention rules decide it


def _rules(ix, q):
    return [h["number"] for h in search(ix, q, version=V, limit=10).hits if h["kind"] == "rule"]


def test_the_rest_of_a_card_query_reaches_the_english_ranking(ix, monkeypatch):
    monkeypatch.setattr(translation, "CARD_EN_WEIGHT", 0.0)
    without = _rules(ix, QUERY)
    monkeypatch.setattr(translation, "CARD_EN_WEIGHT", 0.25)
    with_english = _rules(ix, QUERY)
    assert with_english != without
    assert any(n.startswith("615.1") for n in with_english[:5])  # 615.1: prevention effects


def test_the_card_blocks_keep_their_places(ix, monkeypatch):
    """The scenario or FAQ block before a card query's first rule stays first."""
    q = "Опалесценция и Смирение"
    monkeypatch.setattr(translation, "CARD_EN_WEIGHT", 0.0)
    without = [(h["kind"], h["id"]) for h in search(ix, q, version=V, limit=10).hits]
    monkeypatch.setattr(translation, "CARD_EN_WEIGHT", 1.5)  # a heavy weight: still behind the block
    got = [(h["kind"], h["id"]) for h in search(ix, q, version=V, limit=10).hits]
    first_rule = next(i for i, (k, _) in enumerate(without) if k == "rule")
    assert first_rule >= 1 and got[:first_rule] == without[:first_rule]
