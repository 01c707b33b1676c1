"""Cross-references: every shape the CR uses, and the dead references of the real texts."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import pytest

from judge_app.corpus.cr_text import parse_cr
from judge_app.corpus.crossrefs import find_mentions, resolve, unresolved_report

ROOT = Path(__file__).resolve().parents[2]
SOURCES = ROOT / "rules_corpus" / "sources"
DOCS = {
    "cr-ru-2019-05-03": ("cr-ru-2019-05-03.txt", "ru"),
    "cr-en-2019-05-03": ("en/cr-en-2019-05-03.txt", "en"),
    "cr-en-2020-01-24": ("en/cr-en-2020-01-24.txt", "en"),
}


@lru_cache(maxsize=None)
def parsed(doc_id):
    path, lang = DOCS[doc_id]
    with (SOURCES / path).open(encoding="utf-8", newline="") as f:
        return parse_cr(f.read(), doc_id, lang)


def refs(text):
    return [(m.raw, m.numbers) for m in find_mentions(text)]


@pytest.mark.parametrize("text,expected", [
    ("Смотрите правило 704.5k.", [("правило 704.5k", ["704.5k"])]),
    ("правила 603.7d–f", [("правила 603.7d–f", ["603.7d", "603.7e", "603.7f"])]),
    ("(Смотрите правило 302.6.)", [("правило 302.6", ["302.6"])]),
    ("См. правило 510.1c-d.", [("правило 510.1c-d", ["510.1c", "510.1d"])]),
    ("следует правилам 601.2b и 601.2f–h.",
     [("правилам 601.2b", ["601.2b"]), ("601.2f–h", ["601.2f", "601.2g", "601.2h"])]),
    ("Смотрите раздел 8, «Правила для многопользовательской игры».", [("раздел 8", ["8"])]),
    ("разделы 1 и 2", [("разделы 1", ["1"]), ("2", ["2"])]),
    ("Смотрите главу 6 «Заклинания».", [("главу 6", ["6"])]),
    ("как описано в глава 5", [("глава 5", ["5"])]),
    ("Смотрите правило 602 «Активация активируемых способностей».", [("правило 602", ["602"])]),
    ("правило 117, «Стоимости», и правило 602", [("правило 117", ["117"]), ("правило 602", ["602"])]),
    ("приведена в 702.105. «Скрытое заявление».", [("702.105", ["702.105"])]),
    ("(смотрите 613.6 и 613.7).", [("613.6", ["613.6"]), ("613.7", ["613.7"])]),
    ("Смотрите 702.131, “Assist”", [("702.131", ["702.131"])]),
    ("Смотритеправило 607 «Связанные способности».", [("правило 607", ["607"])]),
    ("Смотрите правило 110.4а.", [("правило 110.4а", ["110.4a"])]),  # Cyrillic а in the source
    ("правила 509.1–3", [("правила 509.1–3", ["509.1", "509.2", "509.3"])]),
    ("правила 113 «Эмблемы», 901 «Погоня по мирам» и 905 «Драфт»",
     [("правила 113", ["113"]), ("901", ["901"]), ("905", ["905"])]),
    ("правило 704.5 – в этом случае", [("правило 704.5", ["704.5"])]),
    ("rule 704.5 - a creature", [("rule 704.5", ["704.5"])]),
    ("(704.5 - a creature)", [("704.5", ["704.5"])]),
    ("See rule 704.5k.", [("rule 704.5k", ["704.5k"])]),
    ("See rules 603.7d–f.", [("rules 603.7d–f", ["603.7d", "603.7e", "603.7f"])]),
    ("See section 9, “Casual Variants.”", [("section 9", ["9"])]),
    ("See rule 112, “Abilities,” and section 6, “Spells.”", [("rule 112", ["112"]), ("section 6", ["6"])]),
])
def test_shapes(text, expected):
    assert refs(text) == expected


def test_long_range_and_mention_offsets():
    text = "See rules 701.3–701.41."
    (m,) = find_mentions(text)
    assert m.numbers[0] == "701.3" and m.numbers[-1] == "701.41" and len(m.numbers) == 39
    assert text[m.start:m.end] == m.raw == "rules 701.3–701.41"


@pytest.mark.parametrize("text", [
    "Колода должна содержать ровно 100 карт.",
    "повторить ещё 999999 раз",
    "Core Set 2019 double-faced cards",
    "у каждого игрока 20 жизней и 7 карт в руке",
    "правило 8 карт",  # a single digit is a chapter only after раздел/глава/section
])
def test_not_references(text):
    assert find_mentions(text) == []


def test_cross_rule_range_uses_known_numbers():
    known = {"302.4", "302.4a", "302.4b", "302.5", "302.6", "302.7"}
    (m,) = find_mentions("правила 302.4a–302.7", known)
    assert m.numbers == ["302.4a", "302.4b", "302.5", "302.6", "302.7"]


def test_resolve_splits_by_known():
    ms = find_mentions("правила 603.7d–f и 999.1")
    ok, missing = resolve(ms, {"603.7d", "603.7e", "603.7f"})
    assert [n for _, n in ok] == ["603.7d", "603.7e", "603.7f"]
    assert [n for _, n in missing] == ["999.1"]


def test_resolve_ocr_reading_of_letter_i():
    ms = find_mentions("Смотрите правило 601.21 и правило 702.211.")
    known = {"601.2i", "702.21i"}
    assert resolve(ms, known)[0] == []
    ok, missing = resolve(ms, known, ocr=True)
    assert [n for _, n in ok] == ["601.2i", "702.21i"] and missing == []
    # a real two-digit rule is never rewritten
    assert [n for _, n in resolve(find_mentions("правило 702.21"), {"702.21", "702.2i"}, ocr=True)[0]] == ["702.21"]


def _pinned():
    rows = []
    for line in (ROOT / "tests" / "data" / "unresolved_refs.txt").read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            doc, source, raw, missing, why = line.split("\t")
            assert why.strip(), line
            rows.append((doc, source, raw, missing))
    return rows


@pytest.mark.parametrize("doc_id", DOCS)
def test_unresolved_references_are_the_pinned_dead_ones(doc_id):
    got = [(doc_id, *row) for row in unresolved_report(parsed(doc_id))]
    assert got == [r for r in _pinned() if r[0] == doc_id]


@pytest.mark.parametrize("doc_id,least", [
    ("cr-ru-2019-05-03", 1300), ("cr-en-2019-05-03", 1350), ("cr-en-2020-01-24", 1350),
])
def test_most_numbers_in_the_texts_are_found(doc_id, least):
    """Every NNN.N token of rules, examples and glossary is inside some mention."""
    import re

    p = parsed(doc_id)
    texts = [t for r in p.rules for t in [r.text, *r.examples]] + [g.definition for g in p.glossary]
    total = 0
    for t in texts:
        spans = [(m.start, m.end) for m in find_mentions(t)]
        total += len(spans)
        for tok in re.finditer(r"(?<![\w.])\d{3}\.\d+", t):
            assert any(a <= tok.start() < b for a, b in spans), t
    assert total >= least
