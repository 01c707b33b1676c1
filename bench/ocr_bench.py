"""Benchmark of the 2020 OCR decoder (judge_app/corpus/ocr_decode.py).

    .venv/bin/python bench/ocr_bench.py [--quick]

(a) Unchanged rules, held out: a model is trained on the even-numbered rules only
    (channel *and* 2019 lexicon; see ocr_align.is_heldout), the whole 2020 OCR is
    decoded with it, and the odd-numbered aligned blocks whose token count equals
    the 2019 block's ("probably unchanged") are compared word by word with the
    2019 text.  Decoding here does NOT use the 2019 block as context (it is the
    reference).  A second row gives the production model (trained on everything,
    2019 context on) on the same blocks -- not held out, shown for reference.
(b) New or changed rules: the production decode against the hand reference
    tests/ocr/hand_reference.txt (word-level Levenshtein alignment).
(c) Rules and titles whose English text is the same in 2019 and 2020: the share whose
    decoded Russian equals the 2019 Russian, compared as ``judge diff`` compares
    (the quick form of bench/diff_report.py, which needs a built corpus).

(b) and (c) are printed twice: as decoded, and as built, with the reviewed corrections of
rules_corpus/corrections applied (judge_app/corpus/corrections.py). (a) is the decoder's
own figure and is never corrected: the corrections are read from the sources, and the
held-out decode must stay a measure of the decoder alone.

Decoded and reference words are aligned by a word-level Levenshtein alignment
(the decoder may join OCR-split tokens).  Word accuracy = 1 - WER =
(correct - insertions) / reference words; words are compared without
surrounding punctuation, lower-cased, ё = е ("word acc"); "+ case" also
requires the same capitalisation.  CER = character edit distance (lower-cased,
ё = е, punctuation included) summed over the aligned word pairs, over the
reference length.
"""
from __future__ import annotations

import argparse
import re
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from types import SimpleNamespace  # noqa: E402

from judge_app.corpus import corrections, diff, ocr_align, ocr_decode, ocr_train, ocr_translate  # noqa: E402

HAND = ROOT / "tests" / "ocr" / "hand_reference.txt"
DOC = "cr-ru-2020-01-24"
PUNCT = ocr_decode.PUNCT_STRIP


_CYR = re.compile(r"[А-Яа-яЁё]")


def norm_word(w: str, case: bool = False) -> str:
    w = w.strip(PUNCT).replace("ё", "е").replace("Ё", "Е")
    if not _CYR.search(w.replace("Х", "").replace("х", "")):
        # the variable X: the 2019 text writes Latin X 34 times and Cyrillic Х 27 times,
        # which look the same; the OCR reads both as Latin
        w = w.replace("Х", "X").replace("х", "x")
    return w if case else w.lower()


def norm_text(s: str) -> str:
    return " ".join(s.lower().replace("ё", "е").split())


def lev(a, b) -> int:
    if len(a) < len(b):
        a, b = b, a
    prev = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        cur = [i]
        for j, y in enumerate(b, 1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (x != y)))
        prev = cur
    return prev[-1]


def decoded_blocks(dec_lines: list[str], ocr_text: str) -> dict[str, tuple[str, str]]:
    """block id -> (style, decoded block text), using the OCR text's segmentation."""
    blocks, _ = ocr_align.segment(ocr_text, ocr=True)
    out = {}
    for b in blocks:
        if b.kind == "pre":
            continue
        out[b.id] = (b.style, ocr_align.block_text(b, dec_lines))
    return out


def align_words(ref: list[str], hyp: list[str]):
    """Word-level Levenshtein alignment: list of (ref word | None, hyp word | None)."""
    R = [norm_word(w) for w in ref]
    H = [norm_word(w) for w in hyp]
    n, m = len(R), len(H)
    D = [[0] * (m + 1) for _ in range(n + 1)]
    for i in range(n + 1):
        D[i][0] = i
    for j in range(m + 1):
        D[0][j] = j
    for i in range(1, n + 1):
        for j in range(1, m + 1):
            D[i][j] = min(D[i - 1][j] + 1, D[i][j - 1] + 1, D[i - 1][j - 1] + (R[i - 1] != H[j - 1]))
    out = []
    i, j = n, m
    while i or j:
        if i and j and D[i][j] == D[i - 1][j - 1] + (R[i - 1] != H[j - 1]):
            out.append((ref[i - 1], hyp[j - 1]))
            i, j = i - 1, j - 1
        elif i and D[i][j] == D[i - 1][j] + 1:
            out.append((ref[i - 1], None))
            i -= 1
        else:
            out.append((None, hyp[j - 1]))
            j -= 1
    out.reverse()
    return out


class Acc:
    def __init__(self):
        self.n = self.ok = self.okc = self.n_ins = 0
        self.chars = self.cerr = 0

    def add_pairs(self, ref_toks, hyp_toks):
        for r, h in zip(ref_toks, hyp_toks):
            self.n += 1
            self.ok += norm_word(r) == norm_word(h)
            self.okc += norm_word(r, True) == norm_word(h, True)
            self.cerr += lev(norm_text(r), norm_text(h))
            self.chars += len(r) + 1

    def add_lev(self, ref: str, hyp: str):
        """WER = (S + D + I) / N over a word alignment; CER from the aligned words."""
        for r, h in align_words(ref.split(), hyp.split()):
            if r is None:
                self.n_ins += 1
                self.cerr += len(h) + 1
                continue
            self.n += 1
            self.chars += len(r) + 1
            if h is None:
                self.cerr += len(r) + 1
                continue
            self.ok += norm_word(r) == norm_word(h)
            self.okc += norm_word(r, True) == norm_word(h, True)
            self.cerr += lev(norm_text(r), norm_text(h))

    def row(self, name):
        if not self.n:
            return f"| {name} | 0 | - | - | - |"
        acc = 100 * (self.ok - self.n_ins) / self.n
        accc = 100 * (self.okc - self.n_ins) / self.n
        return (
            f"| {name} | {self.n} | {acc:.2f} % | {accc:.2f} % "
            f"| {100 * self.cerr / max(1, self.chars):.2f} % |"
        )


def heldout_unchanged(aligned, decoded: dict):
    """(aligned block, its 2019 text) for the held-out blocks that are probably unchanged
    (as many 2019 words as OCR tokens) and were decoded."""
    for a in aligned:
        old = ocr_train.old_text(a)
        if ocr_align.is_heldout(a.key) and len(old.split()) == len(a.new.split()) and a.id in decoded:
            yield a, old


def bench_unchanged(doc, ocr_text: str, aligned, half: int | None = None) -> dict[str, Acc]:
    """Word accuracy per style on the held-out unchanged blocks; ``half`` 0 or 1: only the blocks
    of even or odd index among them (tune a weight on one half, check it on the other)."""
    dec = decoded_blocks(doc.lines, ocr_text)
    accs = {"u": Acc(), "i": Acc()}
    for k, (a, old) in enumerate(heldout_unchanged(aligned, dec)):
        if half is None or k % 2 == half:
            accs[a.style].add_lev(old, dec[a.id][1])
    return accs


def identity_pairs(doc, ocr_text: str, aligned):
    """(block id, 2019 text, decoded text) as ``judge diff`` compares them, for the rules and
    titles whose English is the same in 2019 and 2020."""
    same = ocr_translate.unchanged_english()
    dec = decoded_blocks(doc.lines, ocr_text)
    for a in aligned:
        if a.id in same and a.kind in ("rule", "title") and a.id in dec:
            yield a.id, diff.normalise(ocr_train.old_text(a)), diff.normalise(dec[a.id][1])


def bench_identical(doc, ocr_text: str, aligned) -> tuple[int, int]:
    """(rules and titles whose English is the same in 2019 and 2020, those of them whose decoded
    Russian equals the 2019 Russian as ``judge diff`` compares texts): the quick form of
    bench/diff_report.py, on the aligned blocks."""
    pairs = list(identity_pairs(doc, ocr_text, aligned))
    return len(pairs), sum(old == new for _, old, new in pairs)


def identity_misses(doc, ocr_text: str, aligned) -> dict[str, list[str]]:
    """The rules of (c) that differ from 2019, by kind of difference (docs/ocr-decoder.md,
    "Where the targets stand"): what is an OCR error and what is not."""
    import difflib

    def bare(s: str) -> str:
        return re.sub(r"[^\wа-яё ]", "", s.replace("x", "х"))

    out: dict[str, list[str]] = {}
    for bid, old, new in identity_pairs(doc, ocr_text, aligned):
        if old == new:
            continue
        ow, nw = old.split(), new.split()
        ops = [(op, " ".join(ow[i1:i2]), " ".join(nw[j1:j2]))
               for op, i1, i2, j1, j2 in difflib.SequenceMatcher(a=ow, b=nw, autojunk=False).get_opcodes()
               if op != "equal"]
        kinds = {op for op, _, _ in ops}
        if any("рубашкой" in o and "лицом" in n for _, o, n in ops):
            why = "2020 rewording: «рубашкой вверх» -> «лицом вниз»"
        elif all(o.replace("x", "х") == n for _, o, n in ops):
            why = "Latin x in 2019, Cyrillic х decoded"
        elif all(bare(o) == bare(n) for _, o, n in ops):
            why = "punctuation only"
        elif all(bare(o).replace(" ", "") == bare(n).replace(" ", "") for _, o, n in ops):
            why = "spacing only (2019 glued or split words)"
        elif sum(max(len(o.split()), len(n.split())) for _, o, n in ops) > 6:
            why = "more than 3 words"
        elif kinds == {"insert"}:
            why = "words the 2019 text lacks"
        elif kinds == {"delete"}:
            why = "2019 words without glyphs"
        else:
            why = "other replacements"
        out.setdefault(why, []).append(bid)
    return out


def load_hand() -> list[tuple[str, str]]:
    out, cur, buf = [], None, []
    for line in HAND.read_text(encoding="utf-8").split("\n"):
        if line.startswith("#"):
            continue
        if line.startswith("== "):
            if cur:
                out.append((cur, " ".join(buf)))
            cur, buf = line[3:].strip(), []
        elif line.strip() and cur:
            buf.append(line.strip())
    if cur:
        out.append((cur, " ".join(buf)))
    return out


def bench_changed(doc, ocr_text) -> dict[str, Acc]:
    dec = decoded_blocks(doc.lines, ocr_text)
    accs = {"u": Acc(), "i": Acc()}
    for bid, ref in load_hand():
        if bid not in dec:
            print("hand reference block not found:", bid, file=sys.stderr)
            continue
        st, hyp = dec[bid]
        accs[st].add_lev(ref, hyp)
    return accs


def timing() -> None:
    """The production decode, timed next to a baseline in the same run: the same decoder
    with an empty translation table (the machine is shared, so only the ratio is stable)."""
    ocr_text = ocr_align.SRC_2020.read_text(encoding="utf-8")
    raw = ocr_train.load()
    times = {}
    for name, model in (("without the translation model", ocr_decode.Model({**raw, "translate": {}})),
                        ("production", ocr_decode.Model(raw)),
                        ("without the translation model (again)", ocr_decode.Model({**raw, "translate": {}}))):
        t = time.time()
        ocr_decode.decode_document(ocr_text, model)
        times[name] = time.time() - t
        print(f"decode, {name}: {times[name]:.1f} s wall")
    base = (times["without the translation model"] + times["without the translation model (again)"]) / 2
    print(f"ratio production / baseline: {times['production'] / base:.2f}")


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--skip-heldout", action="store_true", help="skip retraining the held-out model")
    ap.add_argument("--misses", action="store_true", help="also sort the rules of (c) that differ by kind")
    ap.add_argument("--halves", action="store_true",
                    help="also (a) on its two halves: choose a weight on the tune half, check it on the other")
    ap.add_argument("--timing", action="store_true",
                    help="only time the production decode against the decode without the translation model")
    args = ap.parse_args(argv)
    if args.timing:
        return timing()
    ocr_text = ocr_align.SRC_2020.read_text(encoding="utf-8")
    aligned = ocr_align.aligned_blocks()
    rows = []
    if not args.skip_heldout:
        t = time.time()
        raw = ocr_train.train(heldout=True)
        held = ocr_decode.Model(raw)
        print(f"held-out model trained in {time.time() - t:.1f} s", file=sys.stderr)
        hdoc = ocr_decode.decode_document(ocr_text, held, use_context=False)
        accs = bench_unchanged(hdoc, ocr_text, aligned)
        rows.append(accs["u"].row("(a) unchanged, held out, upright"))
        rows.append(accs["i"].row("(a) unchanged, held out, italic"))
        for half, name in ((0, "tune"), (1, "check")) if args.halves else ():
            accs = bench_unchanged(hdoc, ocr_text, aligned, half)
            rows.append(accs["u"].row(f"(a) held out, {name} half (even / odd block index), upright"))
            rows.append(accs["i"].row(f"(a) held out, {name} half (even / odd block index), italic"))
    prod = ocr_decode.get_model()
    t = time.time()
    doc = ocr_decode.decode_document(ocr_text, prod)
    dt = time.time() - t
    accs = bench_unchanged(doc, ocr_text, aligned)
    rows.append(accs["u"].row("(a') same blocks, production model + 2019 context, upright"))
    rows.append(accs["i"].row("(a') same blocks, production model + 2019 context, italic"))
    fixes, _ = corrections.load(DOC)
    lines, outcome = corrections.apply_to_lines(doc.lines, fixes, DOC)
    built = SimpleNamespace(lines=lines, low_confidence=doc.low_confidence)
    for stage, d in (("decoded", doc), (f"with {len(outcome.applied)} corrections", built)):
        accs = bench_changed(d, ocr_text)
        rows.append(accs["u"].row(f"(b) new/changed rules (hand reference), upright, {stage}"))
        rows.append(accs["i"].row(f"(b) new/changed rules (hand reference), italic, {stage}"))
    for stage, d in (("decoded", doc), (f"with {len(outcome.applied)} corrections", built)):
        n, ok = bench_identical(d, ocr_text, aligned)
        rows.append(f"| (c) rules with the same English 2019/2020, decoded as in 2019, {stage} | {n} rules "
                    f"| {100 * ok / max(1, n):.2f} % | | |")
    print("| set | words | word acc | word acc + case | CER |")
    print("|---|---|---|---|---|")
    for r in rows:
        print(r)
    print(f"\nwhole-document decode (production): {dt:.1f} s wall, {len(doc.low_confidence)} low-confidence words")
    kinds = corrections.kinds(fixes)
    print(f"corrections: {len(fixes)} rows, {len(outcome.applied)} applied to the decode, "
          + ", ".join(f"{n} {k}" for k, n in kinds.most_common()))
    for c, why in outcome.stale:
        print(f"  not applied: {c.where} {c.rule} «{c.decoded}»: {why}")
    if args.misses:
        print("\n(c) rules that differ from 2019, by kind (with the corrections):")
        for why, ids in sorted(identity_misses(built, ocr_text, aligned).items(), key=lambda x: -len(x[1])):
            print(f"  {len(ids):4d}  {why}: {', '.join(i.split('#')[0] for i in ids[:8])}")


if __name__ == "__main__":
    main()
