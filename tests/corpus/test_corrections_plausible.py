"""Every correction is a reading of its glyphs under the decoder's channel, or says why not:
a correction may fix what the OCR broke, never re-translate."""
from __future__ import annotations

import pytest

from judge_app.corpus import corrections as corr, corrections_check as check

DOC = "cr-ru-2020-01-24"


@pytest.fixture(scope="module")
def model():
    from judge_app.corpus.ocr_decode import get_model

    return get_model()


def test_a_reading_of_the_glyphs_passes_and_a_retranslation_fails(model):
    assert check.score("выносливость", "BBIHOCITUBOCTH", model).plausible
    assert check.score("равна 0", "paBHa O", model).plausible  # the digit printed as the letter O
    assert check.score("хранилище", "xpaHuiuiue", model).plausible
    assert not check.score("сила", "BBIHOCITUBOCTH", model).plausible  # another word for "toughness"
    assert not check.score("выносливость", "paBHa O", model).plausible


def test_a_row_without_glyphs_or_a_fit_needs_a_reason(model):
    rows = [corr.Correction("704.5f", "сила", "выносливость", "paBHa"),
            corr.Correction("704.5f", "сила", "выносливость", "paBHa", reason="the OCR lost the line"),
            corr.Correction("704.5f", "рвана", "равна", "paBHa")]
    assert [c.reason for c, _ in check.unjustified(rows, model)] == [""]
    assert check.unjustified(rows, model)[0][0].corrected == "выносливость"


def test_every_committed_correction_reads_its_glyphs_or_gives_a_reason(model):
    fixes, _ = corr.load(DOC)
    bad = [(c.where, c.corrected, c.glyphs, v and round(v.per_glyph, 2))
           for c, v in check.unjustified(fixes, model)]
    assert bad == []
