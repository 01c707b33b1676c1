"""Fit the OCR decoder's confidence (``ocr_decode.CALIBRATION``) on the held-out decode.

    .venv/bin/python bench/ocr_calibrate.py [--model FILE]

The held-out protocol of ``bench/ocr_bench.py`` (a): a model trained on the even
rules decodes the text without 2019 context; every decoded word of the odd,
unchanged rules is marked right or wrong against the 2019 text.  A logistic
regression of "right" on ``ocr_decode.confidence_features`` (posterior among the
candidates, channel fit per glyph, kind, length) gives the coefficients; the
script prints them and, for each threshold, how many words would be marked and
what share of the errors that catches (recall) and how many marks are errors
(precision).  Paste the coefficients into ``CALIBRATION``.  ``--model FILE``: the held-out
model pickled by ``bench/ocr_heldout_errors.py --model FILE`` (trained if missing).
"""
from __future__ import annotations

import argparse
import math
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import ocr_bench  # noqa: E402
import ocr_heldout_errors  # noqa: E402

from judge_app.corpus import ocr_align, ocr_decode  # noqa: E402


def labelled_tokens(model_file: Path | None = None) -> list[tuple[list[float], bool]]:
    """(features, right?) for every decoded word of the held-out unchanged blocks."""
    ocr_text = ocr_align.SRC_2020.read_text(encoding="utf-8")
    doc = ocr_decode.decode_document(ocr_text, ocr_heldout_errors.heldout_model(model_file), use_context=False)
    blocks = {b.id: b for b in ocr_align.segment(ocr_text, ocr=True)[0]}
    decoded = ocr_bench.decoded_blocks(doc.lines, ocr_text)
    rows = []
    for a, old in ocr_bench.heldout_unchanged(ocr_align.aligned_blocks(), decoded):
        wrong = Counter(ocr_bench.norm_word(h) for r, h in ocr_bench.align_words(old.split(), decoded[a.id][1].split())
                        if h and (r is None or ocr_bench.norm_word(r) != ocr_bench.norm_word(h)))
        for ln in blocks[a.id].lines:
            for t in doc.tokens[ln]:
                if t.kind == "keep":
                    continue
                key = ocr_bench.norm_word(t.decoded)
                is_wrong = wrong[key] > 0
                wrong[key] -= is_wrong
                rows.append((ocr_decode.confidence_features(t.posterior, t.fit, t.kind, len(t.garbled)), not is_wrong))
    return rows


def fit(rows, iters: int = 600, rate: float = 0.5) -> list[float]:
    """Logistic regression by batch gradient ascent (few features, no extra dependency)."""
    if not rows:
        raise SystemExit("no decoded words to fit on")
    w = [0.0] * len(rows[0][0])
    for _ in range(iters):
        grad = [0.0] * len(w)
        for x, y in rows:
            p = ocr_decode.logistic(w, x)
            for k, xk in enumerate(x):
                grad[k] += (y - p) * xk
        w = [a + rate * g / len(rows) for a, g in zip(w, grad)]
    return w


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--model", type=Path, help="pickle of the held-out model (made if missing)")
    rows = labelled_tokens(ap.parse_args(argv).model)
    w = fit(rows)
    print("CALIBRATION =", tuple(round(a, 3) for a in w))
    errors = sum(1 for _, y in rows if not y)
    print(f"{len(rows)} decoded words, {errors} wrong")
    print("| threshold | marked | precision | recall |")
    print("|---|---|---|---|")
    for th in (0.5, 0.6, 0.7, 0.8, 0.9):
        marked = [y for x, y in rows if ocr_decode.logistic(w, x) < th]
        hit = sum(1 for y in marked if not y)
        print(f"| {th} | {len(marked)} | {hit / max(1, len(marked)):.2f} | {hit / max(1, errors):.2f} |")


if __name__ == "__main__":
    main()
