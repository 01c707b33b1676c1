"""The learned combination of the search's rankings (``search/combine.py``) and its harness
(``bench/search_learn.py``). Unit cases on hand-made rankings (a strong bank question against a
weak Russian hit, the lead and the blocks), then the real index: with the weight of today's
chained order alone the combined answers are today's, hit for hit; the harness's fast ranking
agrees with the answers it reports; a held-out question is out of the bank it is scored on."""
from __future__ import annotations

import numpy as np
import pytest

from bench import search_bench as SB
from bench import search_learn as L
from judge_app.search import combine, translation
from judge_app.search import query as Q

V = "2020-01-24"


def _rule(number: str, score: float = 0.0) -> dict:
    return {"kind": "rule", "id": f"cr-ru-{V}:{number}", "number": number, "version": V, "lang": "ru",
            "title": "", "score": score}


def _w(**weights) -> np.ndarray:
    return np.array([weights.get(f, 0.0) for f in combine.FEATURES])


def _ranked(hits, found, w, lead=0, english=(), limit=10):
    p = combine.pool(hits, hits, lead, list(english), found, 5.0, 0.55, 1.0)
    return [h["number"] for h in combine.rank(p, w, limit)]


def test_the_weights_file_loads_and_a_broken_one_is_named():
    for chain in combine.CHAINS:
        k, w = combine.weights(chain)
        assert k > 0 and w.shape == (len(combine.FEATURES),)
    good = {"K": 5, "chains": {c: {f: 0.0 for f in combine.FEATURES} for c in combine.CHAINS}}
    assert combine.check(good) is good
    broken = {"K": 5, "chains": {**good["chains"], "card": {"chain": 1.0}}}
    with pytest.raises(ValueError, match="'card'"):
        combine.check(broken)
    with pytest.raises(ValueError, match="K must be"):
        combine.check({**good, "K": 0})


def test_a_strong_bank_question_beats_a_weak_russian_hit():
    hits = [_rule("100.1", 9.0), _rule("100.2", 8.5)]
    strong = [(_rule("704.5j"), 0.97)]
    weak = [(_rule("704.5j"), 0.56)]
    chained = _w(chain=1.0)
    learned = _w(chain=1.0, bank_cos=0.2)
    # today's order: a tie of the Russian first and the bank's first keeps the Russian first
    assert _ranked(hits, strong, chained) == ["100.1", "704.5j", "100.2"]
    assert _ranked(hits, strong, learned) == ["704.5j", "100.1", "100.2"]
    assert _ranked(hits, weak, learned) == ["100.1", "704.5j", "100.2"]


def test_the_lead_keeps_its_place_and_the_blocks_move_as_today():
    block = {"kind": "ruling", "id": "faq:1", "number": "", "version": "", "lang": "ru", "title": "", "score": 5.0}
    hits = [_rule("704.5j", 1.0), block, _rule("100.1", 9.0), _rule("100.2", 8.0)]
    found = [(_rule("302.6"), 0.99), (_rule("100.2"), 0.9)]
    today = [h["number"] or h["kind"] for h in translation.fuse(hits, [h for h, _ in found], 10, 1, weight=1.0)]
    got = [h["number"] or h["kind"] for h in combine.rank(
        combine.pool(hits, hits, 1, [], found, 5.0, 0.55, 1.0), _w(chain=1.0), 10)]
    assert got == today
    strong = _ranked(hits, found, _w(chain=1.0, bank_cos=1.0), lead=1)
    assert strong[0] == "704.5j" and strong[1] == "302.6"


def _answers(ix, queries):
    return [[(h["kind"], h["id"]) for h in Q.search(ix, q, version=V, limit=10).hits] for q in queries]


def test_with_the_chained_order_alone_the_answers_are_todays(ix, monkeypatch):
    queries = [q for _, q, _ in SB.judge_queries(SB.DEV_QUERIES)][::3]
    queries += ["doubling season hardened scales counters", "can a creature attack the turn it comes under control",
                "Опалесценция и Смирение", "трампл с дезтачем"]
    monkeypatch.setattr(combine, "ENABLED", False)
    today = _answers(ix, queries)
    monkeypatch.setattr(combine, "ENABLED", True)
    assert _answers(ix, queries) == today  # the shipped weights file: today's order alone
    monkeypatch.setattr(combine, "weights", lambda chain: (5.0, _w(chain=1.0)))
    assert _answers(ix, queries) == today
    # and the weights do reach the answers: the bank's cosine alone reorders some of them
    monkeypatch.setattr(combine, "weights", lambda chain: (5.0, _w(bank_cos=1.0)))
    assert _answers(ix, queries) != today


def test_the_harness_ranks_as_it_answers(ix, monkeypatch):
    rows = L.capture(ix, [(k, q, e) for k, q, e in SB.judge_queries(SB.DEV10_QUERIES)][:40])
    assert sum("X" in r for r in rows) >= 20
    rng = np.random.default_rng(12)
    for blocks in ("fixed", "drift"):
        monkeypatch.setattr(L, "BLOCKS", blocks)
        for chain in ("ru", "card"):
            mine = [r for r in rows if r["chain"] == chain]
            packed = L.Packed(mine)
            for _ in range(3):
                w = rng.normal(size=len(combine.FEATURES))
                got = L.answers(packed.rows, {c: w for c in combine.CHAINS})
                ranks = [next((i for i, (k, n) in enumerate(a) if k == "rule" and SB._is_hit(n, r["rules"])), L.LIMIT)
                         for a, r in zip(got, packed.rows)]
                assert packed.ranks(w).tolist() == ranks


def test_the_held_out_split_is_seeded_and_holds_round_3_whole():
    held = L.held_out()
    assert held == L.held_out()  # the same split every run (seeded)
    kinds = {k for k, _, _ in held}
    assert kinds == {"question", "card", "en"}
    from judge_app.search import rule_questions

    r3 = [q for p in rule_questions.files() if p.stem in L.HELD_FILES for _, _, q in rule_questions.read(p)]
    assert set(r3) <= {q for _, q, _ in held}


def test_the_held_out_bank_lacks_the_questions(ix):
    import json
    import os

    from judge_app.search import asked
    from judge_app.search.analysis import analyse

    o = Q.open_index(ix)
    held = [q for _, q, _ in L.held_out()][::20]
    with open(os.path.join(ix, asked.ASKED_FILE), encoding="utf-8") as f:
        full = json.load(f)
    kept = L.rows_without(str(ix), held, o.ru)
    gone = {tuple(sorted(set(analyse(q, o.ru)))) for q in held}
    # the full bank meets each held-out question word for word (cosine 1); the bank without them
    # mostly does not (another question may share every word of a short one)
    full_bank, kept_bank = asked.Bank(full), asked.Bank(kept)
    words = [[(t,) for t in sorted(set(analyse(q, o.ru)))] for q in held]
    words = [w for w in words if w]
    best = lambda bank, w: max((c for _, _, c in bank.rules(w, None)), default=0.0)  # noqa: E731
    assert all(best(full_bank, w) > 0.999 for w in words)
    assert sum(best(kept_bank, w) > 0.999 for w in words) < 0.2 * len(words)
    # each question had its 2020 row and its newest release's copy; every other row stays
    assert len(full) - len(kept) >= 2 * len(gone)
    assert len(full) - len(kept) <= 6 * len(held) + 50  # a card question: up to three rules, two releases
