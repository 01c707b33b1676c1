"""The pages' cached rule reader gives exactly what ``Corpus.rule`` gives."""
from __future__ import annotations

import random

from judge_app.web import queries


def test_cached_rule_context_matches_corpus_rule(corpus):
    rng = random.Random(7)
    checked = 0
    for version in corpus.cr_versions():
        for lang in ("ru", "en"):
            numbers = [r["number"] for r in corpus.rows("select number from rules where doc_id = ?",
                                                        (corpus.doc_id(version, lang),))]
            sample = rng.sample(numbers, min(60, len(numbers))) + ["704", "7", "702.2", "704.5k"]
            for number in sample:
                if number not in numbers:
                    continue
                assert queries.rule_context(number, version, lang) == corpus.rule(number, version, lang), (version, lang, number)
                checked += 1
    assert checked > 100


def test_cached_rule_context_accepts_what_the_box_accepts(corpus):
    assert queries.rule_context("704,5к", corpus.default_version(), "ru")["number"] == "704.5k"
    assert queries.rule_context(" 704.5K. ", corpus.default_version(), "ru")["number"] == "704.5k"
