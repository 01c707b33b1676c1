"""Shared fixtures for the OCR decoder tests: the whole 2020 OCR text decoded once."""
from __future__ import annotations

import pytest

from judge_app.corpus import ocr_align, ocr_decode


@pytest.fixture(scope="session")
def ocr_text() -> str:
    return ocr_align.SRC_2020.read_text(encoding="utf-8")


@pytest.fixture(scope="session")
def decoded(ocr_text):
    return ocr_decode.decode_document(ocr_text)


@pytest.fixture(scope="session")
def blocks(ocr_text, decoded):
    """block id -> decoded block text (rule number / example label removed)."""
    bl, _ = ocr_align.segment(ocr_text, ocr=True)
    return {b.id: ocr_align.block_text(b, decoded.lines) for b in bl if b.kind != "pre"}
