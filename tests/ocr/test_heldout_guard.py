"""Regression guard: word accuracy on held-out unchanged rules (same protocol as bench/ocr_bench.py (a)).

The model is trained on even-numbered rules only (channel and 2019 lexicon), the whole
2020 OCR text is decoded without 2019 context, and odd-numbered aligned rules whose token
counts match the 2019 rule are compared with the 2019 text.
"""
from __future__ import annotations

import importlib.util
from pathlib import Path

from judge_app.corpus import ocr_align, ocr_decode, ocr_train

ROOT = Path(__file__).resolve().parents[2]
# measured 2026-11-22 (see bench/ocr_bench.py); guard = measured minus a small margin
MIN_ACC = {"u": 0.95, "i": 0.94}


def _bench():
    spec = importlib.util.spec_from_file_location("ocr_bench", ROOT / "bench" / "ocr_bench.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_heldout_word_accuracy(ocr_text):
    bench = _bench()
    model = ocr_decode.Model(ocr_train.train(heldout=True))
    doc = ocr_decode.decode_document(ocr_text, model, use_context=False)
    aligned = ocr_align.aligned_blocks()
    for a in aligned:
        a.id_ = f"{a.key}#{a.kind}{a.ex_index if a.kind == 'example' else ''}"
    accs = bench.bench_unchanged(doc, ocr_text, aligned)
    for st, acc in accs.items():
        assert acc.n > 1000
        word_acc = (acc.ok - acc.n_ins) / acc.n
        assert word_acc >= MIN_ACC[st], (st, word_acc)
