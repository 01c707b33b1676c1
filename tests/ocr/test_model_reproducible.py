"""The committed model data file is exactly what training from the sources produces."""
from __future__ import annotations

import gzip
import json

from judge_app.corpus import ocr_train


def test_retraining_reproduces_model_file():
    committed = ocr_train.MODEL_PATH.read_bytes()
    fresh = ocr_train.dump(ocr_train.train(heldout=False))
    if fresh != committed:  # show what differs before failing
        a = json.loads(gzip.decompress(committed))
        b = json.loads(gzip.decompress(fresh))
        diff = [k for k in set(a) | set(b) if a.get(k) != b.get(k)]
        raise AssertionError(f"model differs from a fresh training run in: {diff}; "
                             "run python -m judge_app.corpus.ocr_train")
