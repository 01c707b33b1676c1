"""Shared fixtures for the OCR decoder tests: the whole 2020 OCR text decoded once."""
from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from judge_app.corpus import ocr_align, ocr_decode


@pytest.fixture(scope="session")
def ocr_bench():
    """bench/ocr_bench.py as a module: the guards measure with the benchmark's own protocol."""
    path = Path(__file__).resolve().parents[2] / "bench" / "ocr_bench.py"
    spec = importlib.util.spec_from_file_location("ocr_bench", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


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
