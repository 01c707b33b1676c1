"""Phrase flags over the built 2020 Russian text, for a proofreader (issue 27, reader s12-phrase).

    .venv/bin/python bench/ocr_phrase_flags.py [--set changed|glossary] [--db PATH] [--min-count 3]
    .venv/bin/python bench/ocr_phrase_flags.py --numbers [--set changed|glossary]

The 2020 translation writes its fixed phrases the same way thousands of times («в начале
шага», «под вашим контролем», «наносит повреждения, равные …»). An OCR error that gives a
real word in a wrong form, or a wrong near-word, passes a dictionary and a grammar check
but breaks such a phrase. The clean Russian text is the 2019 release and the 2020 blocks
whose English did not change (decoded with their 2019 block at 99.5 %, and proofread); its
word n-grams (n = 2..4, lower-cased, ё = е, punctuation marks as tokens) are counted. In
the new and changed 2020 blocks (``--set changed``: titles, texts, examples) and in the
glossary (``--set glossary``), as built with the corrections applied, each n-gram that the
clean text never has is compared with the clean n-grams seen at least ``--min-count``
times that differ from it in exactly one token: the flag ``phrase`` is printed where that
token is a small edit (rapidfuzz Levenshtein ≤ 2, ≤ 1 for words of up to three letters)
or another form of the same lemma (pymorphy3). One line per token and proposed word,
with the longest, commonest clean n-gram that supports it and how well the decoded and
the proposed word explain the token's glyphs (the decoder's channel, nats per glyph, via
``corrections_check.score``; the glyph token is the one the decoded word explains best
near its position in the block).

``--indels`` flags a word lost or added instead: an n-gram the clean text lacks that it has
with one inner token more (``lost``) or less (``extra``).

``--numbers`` flags numbers, rule references and lone Latin letters (the variables X, N,
quoted letters) that the Russian block and its English twin do not print alike.

Most flags are real differences of wording (the rule changed): a person decides each one
against the glyphs, the English and 2019 (``ocr_grammar_flags.py --show BLOCK``). Nothing
here changes the text.
"""
from __future__ import annotations

import argparse
import re
import sys
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import ocr_grammar_flags as gf  # noqa: E402
from rapidfuzz.distance import Levenshtein  # noqa: E402

from judge_app.corpus import ocr_translate  # noqa: E402

TOKEN_RE = re.compile(r"[А-Яа-яЁёA-Za-z0-9]+(?:[-./][А-Яа-яЁёA-Za-z0-9]+)*|[,.;:()«»\"!?—–]")
NS = (2, 3, 4)
WINDOW = 8  # glyph tokens either side of the decoded word's relative position
NUMBER_RE = re.compile(r"(?<![\w.])\d+(?:\.\d+[a-z]?)*(?![\w])")
SHORT_LIMIT = 1  # edits allowed between words of up to three letters (--short-limit)
STOPS = {",", ".", ";", ":"}  # the marks the OCR reads one for another; other marks are left alone
LATIN_RE = re.compile(r"(?<![A-Za-zА-Яа-яЁё{])[A-Z](?![A-Za-zА-Яа-яЁё}])")


def norm_tokens(text: str) -> list[str]:
    return [t.lower().replace("ё", "е") for t in TOKEN_RE.findall(text)]


def ngrams(toks: list[str]):
    for n in NS:
        for i in range(len(toks) - n + 1):
            yield i, tuple(toks[i:i + n])


def clean_counts(texts) -> Counter:
    counts = Counter()
    for t in texts:
        counts.update(g for _, g in ngrams(norm_tokens(t)))
    return counts


def wildcard_index(counts: Counter, min_count: int) -> dict:
    """(n-gram with one token replaced by None) -> {the token there: count} for the clean
    n-grams seen at least ``min_count`` times."""
    index = defaultdict(dict)
    for g, c in counts.items():
        if c < min_count:
            continue
        for i in range(len(g)):
            key = g[:i] + (None,) + g[i + 1:]
            index[key][g[i]] = c
    return index


_lemmas: dict[str, frozenset] = {}


def lemmas(word: str) -> frozenset:
    if word not in _lemmas:
        _lemmas[word] = frozenset(p.normal_form for p in gf.parses(word)) if gf.CYR_RE.match(word) else frozenset()
    return _lemmas[word]


def near(a: str, b: str) -> bool:
    """A small edit, or another form of the same lemma."""
    if a == b:
        return False
    if a in STOPS or b in STOPS:
        return a in STOPS and b in STOPS
    if not (a.isalpha() and b.isalpha()) or bool(gf.CYR_RE.match(a)) != bool(gf.CYR_RE.match(b)):
        return False  # numbers are --numbers' job; a word is not a quote mark
    limit = SHORT_LIMIT if min(len(a), len(b)) <= 3 else 2
    if Levenshtein.distance(a, b, score_cutoff=limit) <= limit:
        return True
    return bool(lemmas(a) & lemmas(b))


def phrase_flags(text: str, counts: Counter, index: dict):
    """(token index, decoded token, proposed token, the block's n-gram, the clean n-gram,
    its count) for each n-gram of ``text`` the clean text lacks but has with one token
    replaced by a near token."""
    toks = norm_tokens(text)
    for i, g in ngrams(toks):
        if counts[g]:
            continue
        for j in range(len(g)):
            if len(g) == 2 and not g[1 - j].isalpha():
                continue  # a word next to a mark is no phrase
            key = g[:j] + (None,) + g[j + 1:]
            for alt, c in index.get(key, {}).items():
                if near(g[j], alt):
                    yield i + j, g[j], alt, g, key[:j] + (alt,) + key[j + 1:], c


def insertion_index(counts: Counter, min_count: int) -> dict:
    """(clean n-gram, n >= 3, with one inner token left out) -> {that token: count}."""
    index = defaultdict(dict)
    for h, c in counts.items():
        if c < min_count or len(h) < 3:
            continue
        for j in range(1, len(h) - 1):
            index[h[:j] + h[j + 1:]][h[j]] = c
    return index


def indel_flags(text: str, counts: Counter, inserted: dict, min_count: int):
    """A word lost or added: (kind, token, the block's n-gram, the clean n-gram, its count)
    for each n-gram the clean text lacks where the clean text has it with one inner token
    more (``lost``) or less (``extra``, n >= 4, so that three tokens are left)."""
    seen = set()
    for i, g in ngrams(norm_tokens(text)):
        if counts[g]:
            continue
        for j in range(1, len(g) - 1):
            h = g[:j] + g[j + 1:]
            if len(h) >= 3 and counts[h] >= min_count and (i + j, "extra") not in seen:
                seen.add((i + j, "extra"))
                yield "extra", g[j], g, h, counts[h]
        for word, c in inserted.get(g, {}).items():
            if (i, word) not in seen:
                seen.add((i, word))
                yield "lost", word, g, g, c


def best_per_token(found):
    """One flag per (token, proposed word): the longest, then commonest, clean n-gram."""
    best = {}
    for pos, word, alt, g, h, c in found:
        k = (pos, alt)
        if k not in best or (len(h), c) > (len(best[k][4]), best[k][5]):
            best[k] = (pos, word, alt, g, h, c)
    return [best[k] for k in sorted(best)]


class GlyphFit:
    """How well a word explains the glyph token it was decoded from (nats per glyph)."""

    def __init__(self):
        from judge_app.corpus import corrections_check
        self.score = corrections_check.score

    def fit(self, word: str, glyph_text: str, pos: int, n_words: int) -> tuple[str, float]:
        glyphs = glyph_text.split()
        if not glyphs:
            return "", float("-inf")
        centre = round(pos * len(glyphs) / max(n_words, 1))
        spans = []
        for k in range(max(0, centre - WINDOW), min(len(glyphs), centre + WINDOW + 1)):
            spans.append(glyphs[k])
            if k + 1 < len(glyphs):
                spans.append(glyphs[k] + " " + glyphs[k + 1])
        scored = [(self.score(word, s).per_glyph, s) for s in spans]
        lp, s = max(scored)
        return s, lp


def word_position(text: str, pos: int) -> tuple[int, int]:
    """The token index ``pos`` as (index among the words, number of words)."""
    toks = TOKEN_RE.findall(text)
    words = [k for k, t in enumerate(toks) if t[0].isalnum()]
    return (words.index(pos) if pos in words else 0), len(words)


def number_flags(ru: str, en: str):
    """Numbers and lone capital Latin letters the Russian and the English do not share."""
    def nums(t):
        return Counter(m.group().rstrip(".") for m in NUMBER_RE.finditer(t))

    def letters(t):
        return Counter(LATIN_RE.findall(t))

    ru = re.sub(r"(?<![А-Яа-яЁё])Х(?![А-Яа-яЁё])", "X", ru)  # the 2019 text writes the variable both ways
    rn, en_n = nums(ru), nums(en)
    for k in sorted((rn - en_n) | (en_n - rn)):
        yield "number", f"{k}: RU {rn[k]} EN {en_n[k]}"
    en_letters = letters(re.sub(r"\b(I|A)\b", "", en))
    rl = letters(ru)
    for k in sorted((rl - en_letters) | (en_letters - rl)):
        yield "letter", f"{k}: RU {rl[k]} EN {en_letters[k]}"


def glossary_as_2019(db: Path, built: dict[str, str]) -> dict[str, str]:
    """The glossary entries as the 2019 text prints them: headword and definition with a space
    between (``ocr_grammar_flags.built_blocks`` joins them with «. », which the 2019 entries
    never have, so every headword's last word would be flagged)."""
    import sqlite3
    con = sqlite3.connect(db)
    out = dict(built)
    for term_en, term_ru, definition in con.execute(
            "select term_en, term_ru, definition from glossary where doc_id=?", (gf.DOC,)):
        out[f"G:{term_en}#gloss"] = f"{term_ru or ''} {definition or ''}".strip()
    return out


def main(argv=None) -> int:
    global SHORT_LIMIT
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--set", default="changed", help="changed | glossary")
    ap.add_argument("--db", type=Path, default=gf.ROOT / ".test-instance" / "judge.db")
    ap.add_argument("--min-count", type=int, default=3)
    ap.add_argument("--numbers", action="store_true", help="numbers and letters against the English")
    ap.add_argument("--short-limit", type=int, default=SHORT_LIMIT,
                    help="Levenshtein limit for words of up to three letters (2 flags «и» against «на»)")
    ap.add_argument("--indels", action="store_true", help="a word lost or added against the clean phrases")
    ap.add_argument("--no-glyphs", action="store_true", help="skip the glyph fit (faster)")
    args = ap.parse_args(argv)
    SHORT_LIMIT = args.short_limit
    if args.set not in ("changed", "glossary"):
        print(f"--set: {args.set!r} is not changed or glossary", file=sys.stderr)
        return 2
    if not args.db.is_file():
        print(f"--db: {args.db} does not exist (build the corpus first)", file=sys.stderr)
        return 2
    built = glossary_as_2019(args.db, gf.built_blocks(args.db))
    old = gf.blocks_2019()
    ids = gf.select(args.set, built, old)
    if args.numbers:
        en = ocr_translate.english_blocks(ocr_translate.EN_2020)
        n = 0
        for bid in ids:
            for kind, what in number_flags(built[bid], en.get(bid, "")):
                n += 1
                print(f"{bid}\t{kind}\t{what}")
        print(f"# {len(ids)} blocks ({args.set}), {n} number/letter flags", file=sys.stderr)
        return 0
    same = ocr_translate.unchanged_english()
    clean_2020 = [t for b, t in built.items() if b in same and "#gloss" not in b]
    counts = clean_counts(list(old.values()) + clean_2020)
    if args.indels:
        inserted = insertion_index(counts, args.min_count)
        n = 0
        for bid in ids:
            for kind, word, g, h, c in indel_flags(built[bid], counts, inserted, args.min_count):
                n += 1
                print(f"{bid}\t{kind}\t{word}\t«{' '.join(g)}»" + (f" / «{' '.join(h)}»" if h != g else "") + f" ×{c}")
        print(f"# {len(ids)} blocks ({args.set}), {n} lost/extra flags", file=sys.stderr)
        return 0
    index = wildcard_index(counts, args.min_count)
    glyphs = {} if args.no_glyphs else gf.glyph_blocks()
    fit = None if args.no_glyphs else GlyphFit()
    total = flagged = 0
    for bid in ids:
        text = built[bid]
        by_token = defaultdict(list)
        for flag in best_per_token(phrase_flags(text, counts, index)):
            by_token[flag[0]].append(flag)
        flagged += bool(by_token)
        for pos, found in sorted(by_token.items()):
            total += 1
            word = found[0][1]
            found.sort(key=lambda f: (-len(f[4]), -f[5]))
            alts = "; ".join(f"{alt} «{' '.join(h)}» ×{c}" for _, _, alt, _, h, c in found[:4])
            line = f"{bid}\tphrase\t{word}\t«{' '.join(found[0][3])}»\t{alts}"
            if fit and glyphs.get(bid):
                # a mark is scored with the word before it («колоды,» / «колоды.»)
                before = norm_tokens(text)[pos - 1] if word in STOPS and pos else ""
                wpos, nw = word_position(text, pos - 1 if before else pos)
                span, lp_word = fit.fit(before + word, glyphs[bid], wpos, nw)
                best_alt = max((fit.score(before + f[2], span).per_glyph, f[2]) for f in found)
                line += f"\t{span}\t{word} {lp_word:.2f} / {best_alt[1]} {best_alt[0]:.2f}"
                line += "  *" if best_alt[0] >= lp_word else ""
            print(line)
    print(f"# {len(ids)} blocks ({args.set}), {flagged} flagged, {total} tokens flagged "
          f"(clean n-grams: {len(counts)}, ≥{args.min_count}: {sum(1 for c in counts.values() if c >= args.min_count)})",
          file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
