"""The question bank (``search/asked.py``): a query is matched against the questions written for
each rule. Unit cases on a small bank, then the real index: the bank is saved with it, and a
judge's question worded as a written one reaches its rule far more often with the bank fused in
than without it."""
from __future__ import annotations

import itertools

import pytest

from judge_app.search import asked, rule_questions
from judge_app.search import query as Q
from judge_app.search.analysis import analyse
from judge_app.search.query import query_terms, search

V = "2020-01-24"


def _bank(rows):
    return asked.Bank([[v, r, sorted(set(analyse(q)))] for v, r, q in rows])


def test_a_rule_scores_as_its_best_question_and_the_release_filters():
    bank = _bank([(V, "704.5j", "две легенды с одним именем"),
                  (V, "704.5j", "правило легенд"),
                  (V, "302.6", "может ли существо атаковать сразу как вышло"),
                  ("2026-01-16", "704.5j", "две легенды с одним именем")])
    words = query_terms("что будет если две легенды")
    got = bank.rules(words, [V])
    assert [(v, r) for v, r, _ in got] == [(V, "704.5j")]
    assert {v for v, _, _ in bank.rules(words, None)} == {V, "2026-01-16"}
    assert bank.rules(query_terms("атаковать сразу"), [V])[0][1] == "302.6"


def test_words_nobody_asked_with_find_nothing():
    bank = _bank([(V, "704.5j", "две легенды с одним именем")])
    assert bank.rules(query_terms("фазирование"), [V]) == []
    assert bank.rules([], [V]) == []
    assert asked.Bank([]).rules(query_terms("две легенды"), None) == []


def test_a_weak_match_stays_below_the_threshold():
    # one word of twenty in common: a cosine well below the threshold, so nothing; the whole
    # question: a cosine near 1 (the query's words are read as a query, the question's as a text)
    q = ("сколько игроков в обычной партии и кто ходит первым в матче из трёх игр когда "
         "колоды перемешаны срезаны и руки взяты после муллигана по лондонским правилам")
    bank = _bank([(V, "100.1", q), (V, "103.1", "кто решает кто ходит первым")])
    cos = bank.rules(query_terms("матч"), [V])
    assert cos == [], cos
    got = bank.rules(query_terms(q), [V])
    assert got[0][:2] == (V, "100.1") and got[0][2] > 0.9


def test_a_rule_asked_about_in_many_ways_outranks_one_lone_question(monkeypatch):
    # 608.2b's six questions each share a word or two with the query; 115.7's one question is
    # nearer on its own (a higher best cosine): the votes of the six decide
    asked_608 = ["цель заклинания пропала что с ним", "заклинание не разрешится если цель ушла",
                 "одна цель заклинания стала недопустимой", "цель ушла в ответ на заклинание",
                 "если все цели заклинания незаконны", "заклинание без цели уходит на кладбище"]
    bank = _bank([(V, "608.2b", q) for q in asked_608] + [(V, "115.7", "если цель заклинания одна")])
    words = query_terms("что будет с заклинанием если его цель исчезла")
    got = bank.rules(words, [V])
    best = {r: c for _, r, c in got}
    assert best["115.7"] > best["608.2b"]
    assert [r for _, r, _ in got] == ["608.2b", "115.7"]
    monkeypatch.setattr(asked, "VOTE_WEIGHT", 0.0)  # no votes: the best question alone decides
    assert [r for _, r, _ in bank.rules(words, [V])] == ["115.7", "608.2b"]


def test_the_bank_is_saved_with_the_index(ix):
    bank = asked.load(ix)
    per_rule = rule_questions.questions()
    assert bank.n >= sum(len(q) for q in per_rule.values())  # 2020 and the newest release
    assert {V} < set(bank.version)


def _found(ix, rows) -> int:
    hit = 0
    for rule, q in rows:
        nums = [h["number"] for h in search(ix, q, version=V, limit=10).hits[:5] if h["kind"] == "rule"]
        hit += any(n == rule or n.startswith(rule) for n in nums)
    return hit


def test_a_question_worded_as_a_written_one_reaches_its_rule(ix, monkeypatch):
    # every 40th written question of the files, asked as it is written: with the bank fused in
    # nearly all find their rule among the first five; without it (an empty bank) fewer
    rows = [(r, q) for r, qs in rule_questions.questions().items() for q in qs]
    sample = list(itertools.islice(rows, 0, None, 40))[:60]
    with_bank = _found(ix, sample)
    monkeypatch.setattr(Q.open_index(ix), "_asked", asked.Bank([]))
    without = _found(ix, sample)
    assert with_bank >= 0.8 * len(sample), (with_bank, len(sample))
    assert with_bank >= without + 0.05 * len(sample), (with_bank, without)


def test_an_english_question_brings_english_rules(ix, monkeypatch):
    # every 25th written English question, asked as written: the bank's rules come in English,
    # and more of them reach their rule than without the bank
    rows = [(r, q) for r, qs in rule_questions.questions(rule_questions.EN_DIR, english=True).items() for q in qs]
    sample = list(itertools.islice(rows, 0, None, 25))[:40]
    assert sample
    with_bank = _found(ix, sample)
    brought = {(h["id"], h["lang"]) for r, q in sample for h in search(ix, q, version=V, limit=10).hits}
    monkeypatch.setattr(Q, "ENGLISH_ASKED", False)
    without = _found(ix, sample)
    before = {(h["id"], h["lang"]) for r, q in sample for h in search(ix, q, version=V, limit=10).hits}
    assert brought - before and all(lang == "en" for _, lang in brought - before)
    assert with_bank >= without + 0.05 * len(sample), (with_bank, without)


def test_an_english_query_naming_a_card_gets_english_rules(ix, monkeypatch):
    # a pool card named in English takes the card path; the rules the bank adds there are English
    q = "doubling season hardened scales counters"
    hits = search(ix, q, version=V, limit=10).hits
    monkeypatch.setattr(Q, "CARD_ASKED", False)
    before = {h["id"] for h in search(ix, q, version=V, limit=10).hits}
    added = [h for h in hits if h["kind"] == "rule" and h["id"] not in before]
    assert added, [(h["number"], h["lang"]) for h in hits]
    assert all(h["lang"] == "en" for h in added), [(h["number"], h["lang"]) for h in added]
