"""What the held-out errors of the 2020 OCR decoder are (docs/ocr-decoder.md, "Where the targets stand").

    .venv/bin/python bench/ocr_heldout_errors.py [--model FILE] [--examples N]

The held-out protocol of ``bench/ocr_bench.py`` (a): a model trained on the even rules
decodes the text without 2019 context, and the odd rules that are probably unchanged
are compared word by word with the 2019 text.  Every wrong word is put in one class
(the first that fits):

- ``2020 rewording``: «рубашкой вверх» where the 2020 text says «лицом вниз» (not an OCR error:
  the "unchanged" set is the blocks with as many tokens as 2019, and this rewording keeps the count);
- ``split/join``: a 2019 word with no decoded word, or a decoded word with none;
- ``number``, ``Latin``, ``hyphenated``: the 2019 word has a digit, a Latin letter, a hyphen;
- ``name``: the 2019 word is capitalised inside a sentence (card, mechanic and zone names);
- ``inflection``: another form of the same lemma (pymorphy3), a case or number ending;
- ``short word``: a 2019 word of at most 3 letters (prepositions, conjunctions, «это»);
- ``other word``.

For each class it also tells whether the right word was among the decoder's candidates
for the token (then the choice failed: language model, priors, the English text) or not
(then candidate generation failed), and which letters were read as which (the glyph
confusions, counted on the aligned letters of the wrong words).

``--model FILE`` keeps the held-out model in a pickle (trained once, reused while
the training code does not change; delete the file after changing it).
"""
from __future__ import annotations

import argparse
import difflib
import pickle
import re
import sys
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import ocr_bench  # noqa: E402

from judge_app.corpus import ocr_align, ocr_decode, ocr_train, ocr_translate  # noqa: E402

CLASSES = ("2020 rewording", "split/join", "number", "Latin", "hyphenated", "name", "inflection", "short word", "other word")
_LATIN = re.compile(r"[A-Za-z]")
_SENT_END = re.compile(r"[.!?:]»?\)?$")


def heldout_model(path: Path | None) -> ocr_decode.Model:
    if path is not None and path.exists():
        return ocr_decode.Model(pickle.loads(path.read_bytes()))
    raw = ocr_train.train(heldout=True)
    if path is not None:
        path.write_bytes(pickle.dumps(raw))
    return ocr_decode.Model(raw)


def classify(ref: str | None, hyp: str | None, ref_prev: str | None) -> str:
    pair = (ocr_bench.norm_word(ref or ""), ocr_bench.norm_word(hyp or ""))
    if pair in (("рубашкой", "лицом"), ("вверх", "вниз")):
        return "2020 rewording"
    if ref is None or hyp is None:
        return "split/join"
    r = ocr_bench.norm_word(ref, case=True)
    if re.search(r"\d", r):
        return "number"
    if _LATIN.search(r.replace("X", "").replace("x", "")) or r in ("X", "x"):
        return "Latin"
    if "-" in r or "-" in ocr_bench.norm_word(hyp):
        return "hyphenated"
    starts = ref_prev is None or bool(_SENT_END.search(ref_prev)) or ref.startswith(("«", "(«"))
    if r[:1].isupper() and not starts:
        return "name"
    h = ocr_bench.norm_word(hyp)
    if h and ocr_translate.ru_lemma(r.lower()) == ocr_translate.ru_lemma(h):
        return "inflection"
    if len(r) <= 3:
        return "short word"
    return "other word"


def block_tokens(doc, block, n_words: int):
    """The tokens behind the last ``n_words`` words of the decoded block text, or None."""
    flat = [t for ln in block.lines for t in doc.tokens[ln]]
    tail = flat[-n_words:] if n_words else []
    return tail if len(tail) == n_words and all(" " not in t.decoded for t in tail) else None


def letter_confusions(ref: str, hyp: str) -> list[tuple[str, str]]:
    a, b = ocr_bench.norm_word(ref), ocr_bench.norm_word(hyp)
    out = []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(a=a, b=b, autojunk=False).get_opcodes():
        if op != "equal":
            out.append((a[i1:i2] or "∅", b[j1:j2] or "∅"))
    return out


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--model", type=Path, help="pickle of the held-out model (made if missing)")
    ap.add_argument("--examples", type=int, default=6, help="examples shown per class")
    args = ap.parse_args(argv)
    text = ocr_align.SRC_2020.read_text(encoding="utf-8")
    model = heldout_model(args.model)
    doc = ocr_decode.decode_document(text, model, use_context=False)
    blocks = {b.id: b for b in ocr_align.segment(text, ocr=True)[0]}
    decoded = ocr_bench.decoded_blocks(doc.lines, text)
    _, style, _, _, _, trans, _ = ocr_decode._line_contexts(text, model, use_context=False)
    dec = ocr_decode.Decoder(model)
    n_words = 0
    counts: dict[str, Counter] = defaultdict(Counter)
    examples: dict[str, list[str]] = defaultdict(list)
    confusions: Counter = Counter()
    for a, old in ocr_bench.heldout_unchanged(ocr_align.aligned_blocks(), decoded):
        hyp_words = decoded[a.id][1].split()
        toks = block_tokens(doc, blocks[a.id], len(hyp_words))
        line_of = [ln for ln in blocks[a.id].lines for _ in doc.tokens[ln]][-len(hyp_words):] if hyp_words else []
        j = -1
        prev_ref = None
        for ref, hyp in ocr_bench.align_words(old.split(), hyp_words):
            if hyp is not None:
                j += 1
            if ref is not None:
                n_words += 1
            ok = ref is not None and hyp is not None and ocr_bench.norm_word(ref) == ocr_bench.norm_word(hyp)
            if not ok:
                cls = classify(ref, hyp, prev_ref)
                among = "–"
                if toks is not None and ref is not None and hyp is not None:
                    t = toks[j]
                    ln = line_of[j]
                    sent = j == 0 or bool(ocr_decode._SENT_END.search(hyp_words[j - 1]))
                    cands = dec.candidates(t.garbled, style[ln], None, sent, tr=trans[ln])
                    among = "yes" if any(ocr_bench.norm_word(c[1]) == ocr_bench.norm_word(ref) for c in cands) else "no"
                    confusions.update(letter_confusions(ref, hyp))
                counts[cls]["all"] += 1
                counts[cls][among] += 1
                if len(examples[cls]) < args.examples:
                    g = toks[j].garbled if toks is not None and hyp is not None else ""
                    examples[cls].append(f"{a.id.split('#')[0]} {ref} → {hyp} ({g})")
            if ref is not None:
                prev_ref = ref
    total = sum(c["all"] for c in counts.values())
    print(f"held-out unchanged rules: {n_words} words, {total} wrong ({100 * total / max(1, n_words):.2f} %)\n")
    print("| class | wrong words | share of errors | right word among the candidates | not among them |")
    print("|---|---|---|---|---|")
    for cls in CLASSES:
        c = counts.get(cls, Counter())
        print(f"| {cls} | {c['all']} | {100 * c['all'] / max(1, total):.1f} % | {c['yes']} | {c['no']} |")
    print("\nletters read as other letters (2019 → decoded), most frequent:")
    print(", ".join(f"{r}→{h} {n}" for (r, h), n in confusions.most_common(25)))
    print("\nexamples (rule: 2019 word → decoded (glyphs)):")
    for cls in CLASSES:
        for e in examples.get(cls, []):
            print(f"  [{cls}] {e}")


if __name__ == "__main__":
    main()
