"""The pages' fast rule reader must give exactly what ``Corpus.rule`` gives."""
from __future__ import annotations

import random

from judge_app.web import queries


def test_fast_rule_context_matches_corpus_rule(corpus):
    rng = random.Random(7)
    fast = queries.FastRules(corpus)
    checked = 0
    for version in corpus.cr_versions():
        for lang in ("ru", "en"):
            numbers = [r["number"] for r in corpus.rows("select number from rules where doc_id = ?",
                                                        (corpus.doc_id(version, lang),))]
            sample = rng.sample(numbers, min(60, len(numbers))) + ["704", "7", "702.2", "704.5k"]
            for number in sample:
                if number not in numbers:
                    continue
                assert fast.rule(number, version, lang) == corpus.rule(number, version, lang), (version, lang, number)
                checked += 1
    assert checked > 100


def test_fast_rule_context_accepts_what_the_box_accepts(corpus):
    fast = queries.FastRules(corpus)
    assert fast.rule("704,5к", None, "ru")["number"] == "704.5k"
    assert fast.rule(" 704.5K. ", None, "ru")["number"] == "704.5k"
