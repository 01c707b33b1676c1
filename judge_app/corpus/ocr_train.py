"""Training of the OCR decoder model from the two sources.

``python -m judge_app.corpus.ocr_train`` rewrites ``data/ocr_model.json.gz``;
``tests/ocr/test_model_reproducible.py`` checks that doing so reproduces the
committed file.  ``train(heldout=True)`` trains on the even-numbered rules only
(used by ``bench/ocr_bench.py``).
"""
from __future__ import annotations

import gzip
import json
import re
import sys
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from . import ocr_align, ocr_channel, ocr_lexicon, ocr_resplit, ocr_translate

DATA = Path(__file__).resolve().parent / "data"
MODEL_PATH = DATA / "ocr_model.json.gz"

_GLOSS_SENSE = re.compile(r"(?:(?<=\s)|^)\d\.\s")


def tokens(s: str) -> list[str]:
    return s.split()


def old_text(b) -> str:
    """The 2019 text of an aligned block as the OCR text has it: a glossary entry's
    sense numbers («1.», «2.») are not in the 2020 text."""
    return without_senses(b.old) if b.kind == "gloss" else b.old


def without_senses(text: str) -> str:
    """A 2019 glossary definition without its sense numbers («1.», «2.»)."""
    return _GLOSS_SENSE.sub(" ", text)


def block_tokens(blocks, heldout: bool) -> list[tuple[str, list[str], list[str]]]:
    """(style, 2019 words, 2020 OCR tokens) of each aligned block used for training."""
    return [(b.style, tokens(old_text(b)), tokens(b.new))
            for b in blocks if not (heldout and ocr_align.is_heldout(b.key))]


def word_pairs(blocks, heldout: bool) -> dict[str, Counter]:
    """Word pairs (2019 token, 2020 token) from blocks with equal token counts."""
    pairs = {"u": Counter(), "i": Counter()}
    for style, to, tn in block_tokens(blocks, heldout):
        if len(to) != len(tn):
            continue
        for a, g in zip(to, tn):
            if ocr_channel.has_cyr(a) and len(a) <= 30 and len(g) <= 40:
                pairs[style][(a, g)] += 1
    return pairs


def _train_one(args):
    style, pairs = args
    ec, ic, n = ocr_channel.train_style(pairs)
    return style, (dict(ec), ic, n)


def train(heldout: bool = False) -> dict:
    blocks = ocr_align.aligned_blocks()
    pairs = word_pairs(blocks, heldout)
    with ProcessPoolExecutor(2) as ex:
        res = dict(ex.map(_train_one, sorted(pairs.items())))
        # a second round with the pairs of blocks whose words the OCR split or joined
        first = ocr_channel.build_model(res)
        tables = {st: (first[st]["E"], first[st]["I"]) for st in pairs}
        extra = ocr_resplit.resplit_pairs(block_tokens(blocks, heldout), tables)
        for st in pairs:
            pairs[st].update(extra[st])
        res = dict(ex.map(_train_one, sorted(pairs.items())))
    model = ocr_channel.build_model(res)
    model["lexicon"] = ocr_lexicon.build_lexicon(heldout=heldout)
    model["latin"] = ocr_lexicon.latin_stats(blocks, pairs)
    model["garbles"] = garble_table(pairs)
    model["translate"] = ocr_translate.train(heldout=heldout)
    return model


def garble_table(pairs: dict[str, Counter]) -> dict:
    """Whole-token channel: {style: {OCR token: {2019 token: count}}} from the aligned word pairs.

    The character channel scores a garbling letter by letter; this table remembers
    the garblings actually seen (``32`` for «за», ``1`` for «и»), which the letter
    model finds too unlikely to search for.
    """
    return {st: _nested(c) for st, c in sorted(pairs.items())}


def _nested(c: Counter) -> dict:
    out: dict[str, dict] = {}
    for (a, g), n in sorted(c.items()):
        out.setdefault(g, {})[a] = n
    return out


def dump(model: dict) -> bytes:
    raw = json.dumps(model, ensure_ascii=False, sort_keys=True, separators=(",", ":")).encode("utf-8")
    return gzip.compress(raw, compresslevel=6, mtime=0)


def load(path: Path = MODEL_PATH) -> dict:
    return json.loads(gzip.decompress(path.read_bytes()).decode("utf-8"))


def main(argv=None):
    model = train(heldout=False)
    DATA.mkdir(exist_ok=True)
    MODEL_PATH.write_bytes(dump(model))
    print("wrote", MODEL_PATH, MODEL_PATH.stat().st_size, "bytes")


if __name__ == "__main__":
    main(sys.argv[1:])
