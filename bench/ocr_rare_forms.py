"""Rare word forms of the new and changed 2020 Russian rules, for a proofreader (issue 27,
reader s12-hapax).

    .venv/bin/python bench/ocr_rare_forms.py [--db PATH] [--max-2020 2] [--max-clean 0] [--rivals NATS]
    .venv/bin/python bench/ocr_rare_forms.py --bare-t

A classic proofreading trick: read the text's word list, not its sentences. A real-word OCR
error (a wrong ending that is still a word) is rare: usually a form the translator wrote
nowhere else. Over the text as built (corrections applied: the test instance's judge.db),
every word form (lower-cased, ё = е) of the new and changed 2020 rules (title, text,
examples) and of the 550 glossary entries is counted

- (a) in the clean Russian text: the 2019 release, and the 2020 blocks whose built Russian
  is word for word the 2019 block's (``judge diff``'s comparison);
- (b) in the whole built 2020 text.

A form with count 0 in (a) and at most ``--max-2020`` in (b) is listed (``--max-clean N``
widens (a) to N, leaving out the forms the block's own 2019 text has; ``--rivals NATS``
keeps only the forms that a nearest clean form explains within NATS per glyph, those of the
2019 text included: a negative NATS lists the words whose glyphs another clean form explains
better, the 2019 wording the decoder may have followed where the 2020 print differs) with its block,
its context (±4 words), the decoder's low-confidence mark (⟦⟧) where the decode gave it
one, the English twin's sentence (the sentence at the same relative place in the English
block), the glyphs it was probably read from (the OCR tokens near the same relative place
that the decoder's channel fits best), and the nearest clean forms: the (a) forms of the
same pymorphy3 lemma and those within Levenshtein distance 2 (rapidfuzz), each with its
count in (a) and how well it explains those glyphs (``corrections_check.score``: log P per
glyph, the better of the two styles; the decoded form's own score first). Most listed forms
are real new words of new rules: a person decides each one against the glyphs, the English
and 2019.

``--bare-t`` lists instead the new and changed blocks whose glyphs print a bare «т-» word
(``Ty``, ``TOH``, ``TOT0``) where the decoded text has the «эт-» form: the channel loses an «э»
now and then, so the decoder may add one the print never had (s12-hapax corrected five, where
the sentence is new in 2020). Nothing here changes the text.
"""
from __future__ import annotations

import argparse
import os
import re
import sys
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from rapidfuzz import process  # noqa: E402
from rapidfuzz.distance import Levenshtein  # noqa: E402

import ocr_grammar_flags as gf  # noqa: E402  (bench/: the built blocks, 2019, the glyphs)
from judge_app.corpus import corrections_check, decode_cache, diff, ocr_align, ocr_translate  # noqa: E402
from judge_app.corpus.cr_source import GLUED_NUMBER, LOW_CLOSE, LOW_OPEN, mark_low_confidence  # noqa: E402

MARKED = re.compile(f"{LOW_OPEN}([^{LOW_CLOSE}]*){LOW_CLOSE}")
SENTENCE_END = re.compile(r"(?<=[.!?»])\s+(?=[A-ZА-ЯЁ«\"(])")
CONTEXT = 4
NEAR_LIMIT = 8


def form(word: str) -> str:
    return word.lower().replace("ё", "е")


def words(text: str) -> list[str]:
    return [w for w, _, _ in gf.tokens(text)]


def marked_forms(instance: Path) -> dict[str, set[str]]:
    """block id -> the forms the decoder marked ⟦low-confidence⟧ there (from the decode cache
    of the instance: the same lines and spans the build read)."""
    text = ocr_align.SRC_2020.read_text(encoding="utf-8")

    def no_decode(_text):
        raise SystemExit(f"the decode cache in {instance / 'build-cache'} does not match the sources: "
                         "build the corpus first")

    os.environ.setdefault(decode_cache.ENV, str(instance / "build-cache"))
    lines, low = decode_cache.decoded(gf.DOC, gf.DOC.split("-", 2)[2], GLUED_NUMBER.sub(r"\1 ", text), no_decode)
    marked = mark_low_confidence(lines, [(s[0], s[1], s[2]) for s in low])
    blocks, _ = ocr_align.segment(text, ocr=True)
    out: dict[str, set[str]] = {}
    for b in blocks:
        if b.kind == "pre":
            continue
        found = {form(w) for span in MARKED.findall(ocr_align.block_text(b, marked)) for w in words(span)}
        if found:
            out[b.id] = found
    return out


def sentences(text: str) -> list[str]:
    return [s for s in SENTENCE_END.split(" ".join(text.split())) if s.strip()]


def twin_sentence(ru: str, en: str, at: int) -> str:
    """The English sentence at the same relative place as the Russian character ``at``."""
    ru_s, en_s = sentences(ru), sentences(en)
    if not en_s:
        return ""
    seen = 0
    for i, s in enumerate(ru_s):
        seen += len(s) + 1
        if seen > at:
            return en_s[min(len(en_s) - 1, round(i * len(en_s) / max(len(ru_s), 1)))]
    return en_s[-1]


def glyph_span(word: str, index: int, n_words: int, glyphs: str) -> tuple[str, float]:
    """The OCR token (or two) near the word's relative place whose glyphs the decoder's
    channel explains best as the word: (glyphs, log P per glyph)."""
    toks = glyphs.split()
    if not toks:
        return "", float("-inf")
    centre = round(index * len(toks) / max(n_words, 1))
    best = ("", float("-inf"))
    for i in range(max(0, centre - 6), min(len(toks), centre + 7)):
        for k in (1, 2):
            cand = " ".join(toks[i:i + k])
            bare = cand.replace(" ", "")
            if not bare or not (0.5 <= len(bare) / max(len(word), 1) <= 2.0):
                continue
            s = corrections_check.score(word, cand).per_glyph
            if s > best[1]:
                best = (cand, s)
    return best


def nearest(f: str, clean: Counter, by_lemma: dict[str, Counter], vocab: list[str]) -> dict[str, int]:
    """The clean forms nearest to ``f``: those of its pymorphy3 lemmas (the most frequent
    first) and those within Levenshtein distance 2, each with its clean count."""
    lemma = Counter()
    for p in gf.parses(f):
        lemma.update(by_lemma.get(p.normal_form, {}))
    near = {g: clean[g] for g, _n in lemma.most_common(NEAR_LIMIT) if g != f}
    for g, _d, _i in process.extract(f, vocab, scorer=Levenshtein.distance, score_cutoff=2, limit=NEAR_LIMIT + 1):
        if g != f:
            near.setdefault(g, clean[g])
    return near


# the «т-» demonstratives as the OCR prints them (upright capitals, italic «m»): a bare one
# where the decoded text has the «эт-» form means the decoder added an «э» the glyphs lack
BARE_T = {"ту": "Ty|TY|my", "той": "TOH|TOЙ|moŭ|moii|Mol|mol", "тот": "TOT|mom",
          "того": "TOrO|TOro|TOTO|TOT0|TOr0|mozo|mo2o",
          "том": "TOM|mom", "тем": "TEM|TeM|mem", "тех": "TEX|TeX|mex", "те": "TE|Te|me", "та": "TA|Ta|ma",
          "то": "TO|mo", "тим": "TUM|THM|mum", "тих": "TUX|THX|mux", "ти": "TH|TU|mu"}


def bare_t(bid: str, text: str, glyphs: str):
    """(form, glyph tokens, decoded «т-» forms, decoded «эт-» forms) where the block's glyphs
    hold more bare «т-» tokens than its decoded text has «т-» words, and an «эт-» word is there."""
    ws = [form(w) for w in words(text)]
    for to, pattern in BARE_T.items():
        n = sum(1 for m in re.finditer(rf"(?<![^\s(«])(?:{pattern})(?![A-Za-z0-9'’])", glyphs)
                if glyphs[:m.start()].split()[-1:] not in (["3"], ["9"], ["Э"]))  # «9 TUM»: the «э» apart
        if n > ws.count(to) and ws.count("э" + to):
            yield to, n, ws.count(to), ws.count("э" + to)


def cased_like(model: str, word: str) -> str:
    return word[:1].upper() + word[1:] if model[:1].isupper() else word


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--db", type=Path, default=ROOT / ".test-instance" / "judge.db")
    ap.add_argument("--max-2020", type=int, default=2, help="list forms seen at most this often in the 2020 text")
    ap.add_argument("--max-clean", type=int, default=0,
                    help="list forms seen at most this often in the clean text (0: never)")
    ap.add_argument("--rivals", type=float, default=None, metavar="NATS",
                    help="list only forms with a nearest clean form that explains the glyphs within NATS "
                         "per glyph of the decoded form (or better)")
    ap.add_argument("--bare-t", action="store_true",
                    help="instead: the new and changed blocks whose glyphs print a «т-» word (Ty, TOH, TOT…) "
                         "where the decoded text has the «эт-» form")
    ap.add_argument("--no-glyphs", action="store_true", help="skip the channel scores (quicker)")
    args = ap.parse_args(argv)
    if not args.db.is_file():
        print(f"--db: {args.db} does not exist (build the corpus first)", file=sys.stderr)
        return 2
    built = gf.built_blocks(args.db)
    old = gf.blocks_2019()
    same_ru = [b for b in built if b in old and diff.normalise(old[b]) == diff.normalise(built[b])]
    clean = Counter(form(w) for t in old.values() for w in words(t))
    clean.update(form(w) for b in same_ru for w in words(built[b]))
    whole = Counter(form(w) for t in built.values() for w in words(t))
    by_lemma: dict[str, Counter] = defaultdict(Counter)
    for f, n in clean.items():
        if gf.CYR_RE.match(f):
            for p in gf.parses(f):
                by_lemma[p.normal_form][f] += n
    vocab = [f for f in clean if gf.CYR_RE.match(f)]
    marks = marked_forms(args.db.parent)
    glyphs = gf.glyph_blocks()
    en = ocr_translate.english_blocks(ocr_translate.EN_2020)
    scope = gf.select("changed", built, old) + gf.select("glossary", built, old)
    if args.bare_t:
        for bid in gf.select("changed", built, old):
            for to, n, t, e in bare_t(bid, built[bid], glyphs.get(bid, "")):
                print(f"{bid}\t«{to}»: {n} bare in the glyphs, {t} decoded, «э{to}» decoded {e}")
        return 0
    listed, seen_forms = 0, set()
    for bid in scope:
        text = built[bid]
        toks = gf.tokens(text)
        twin = {form(w) for w in words(old.get(bid, ""))}
        for i, (w, start, _) in enumerate(toks):
            f = form(w)
            if clean[f] > args.max_clean or whole[f] > args.max_2020 or not gf.CYR_RE.match(f) or len(f) < 2:
                continue
            if clean[f] and f in twin and args.rivals is None:  # the block's own 2019 text has it
                continue
            near = nearest(f, clean, by_lemma, vocab)
            g, own, scored = "", float("-inf"), []
            if not args.no_glyphs and bid in glyphs:
                g, own = glyph_span(w, i, len(toks), glyphs[bid])
                scored = sorted(((corrections_check.score(cased_like(w, c), g).per_glyph, c, n)
                                 for c, n in near.items()), reverse=True) if g else []
            if args.rivals is not None and not (scored and scored[0][0] >= own - args.rivals):
                continue
            listed += 1
            seen_forms.add(f)
            context = " ".join(t[0] for t in toks[max(0, i - CONTEXT):i + CONTEXT + 1])
            mark = "⟦mark⟧" if f in marks.get(bid, ()) else ""
            print(f"== {bid}\t{w}\t(a) {clean[f]}\t(b) {whole[f]}\t{mark}")
            print(f"   ru : …{context}…")
            print(f"   en : {twin_sentence(text, en.get(bid, ''), start)[:300]}")
            if bid in old:
                print(f"   19 : {old[bid][:300]}")
            if g:
                print(f"   ocr: {g}   {w} {own:.2f}")
                print("   near: " + ", ".join(f"{c} ({n}; {s:.2f})" for s, c, n in scored))
            else:
                print("   near: " + ", ".join(f"{c} ({n})" for c, n in near.items()))
    print(f"# {len(scope)} blocks (new and changed rules, glossary); {listed} occurrences of "
          f"{len(seen_forms)} forms seen ≤ {args.max_clean} times in the clean text and ≤ {args.max_2020} in 2020",
          file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
