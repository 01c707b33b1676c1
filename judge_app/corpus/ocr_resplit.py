"""More training pairs for the OCR channel: blocks whose token counts differ.

``ocr_train`` first learns the channel from blocks with as many OCR tokens as
2019 words (word *i* pairs with token *i*).  The OCR also splits words
(«эффекты» read as ``3 eKTsl``) and joins them, so those blocks were left out,
and with them every example of a split word.  Here each such block (one to
three tokens more or fewer) is aligned word to token by a dynamic programme
scored with that first channel: a word pairs with one token, a word with two
tokens (a split: the pair is the word and the two tokens written together, as
the decoder joins them), or two words with one token (aligned, not used).
Pairs whose glyphs the channel finds implausible (a changed word) are dropped.
"""
from __future__ import annotations

from collections import Counter

from .ocr_channel import has_cyr, viterbi

MAX_SHIFT = 3
MIN_PER_GLYPH = -3.0  # a pair kept for training explains its glyphs at least this well
SPLIT_LP = -2.0  # log P(the OCR split a word in two)
MERGE_LP = -4.0


def resplit_pairs(items, tables: dict) -> dict[str, Counter]:
    """{style: Counter{(2019 word, OCR glyphs): n}} from blocks with a few tokens more or fewer.

    ``items``: (style, 2019 words, OCR tokens) per block; ``tables``: the first
    channel, {style: (E, I)}.
    """
    out = {st: Counter() for st in tables}
    for style, old, new in items:
        d = len(new) - len(old)
        if d == 0 or abs(d) > MAX_SHIFT or not old or len(old) > 250 or style not in tables:
            continue
        E, ins = tables[style]
        for a, g in _align(old, new, d, E, ins):
            if has_cyr(a) and len(a) <= 30 and len(g) <= 40:
                out[style][a, g] += 1
    return out


def _align(old: list[str], new: list[str], d: int, E, ins) -> list[tuple[str, str]]:
    lo, hi = min(0, d), max(0, d)
    n, m = len(old), len(new)
    memo: dict[tuple[str, str], float] = {}

    def score(a: str, g: str) -> float:
        r = memo.get((a, g))
        if r is None:
            r = memo[a, g] = viterbi(a, g, E, ins)[0]
        return r

    best: dict[tuple[int, int], tuple[float, tuple | None, tuple | None]] = {(0, 0): (0.0, None, None)}
    for i in range(n + 1):
        for j in range(i + lo, i + hi + 1):
            cur = best.get((i, j))
            if cur is None:
                continue
            steps = []
            if i < n and j < m:
                steps.append((i + 1, j + 1, score(old[i], new[j]), (old[i], new[j])))
            if i < n and j + 1 < m and j + 1 - i <= hi:
                steps.append((i + 1, j + 2, score(old[i], new[j] + new[j + 1]) + SPLIT_LP, (old[i], new[j] + new[j + 1])))
            if i + 1 < n and j < m and j - i - 1 >= lo:
                steps.append((i + 2, j + 1, score(old[i] + old[i + 1], new[j]) + MERGE_LP, None))
            for ni, nj, lp, pair in steps:
                v = cur[0] + lp
                old_v = best.get((ni, nj))
                if old_v is None or v > old_v[0]:
                    best[ni, nj] = (v, (i, j), pair)
    if (n, m) not in best:
        return []
    pairs, key = [], (n, m)
    while best[key][1] is not None:
        v, prev, pair = best[key]
        if pair is not None:
            split = prev[1] + 2 == key[1]
            if v - best[prev][0] >= MIN_PER_GLYPH * len(pair[1]) + (SPLIT_LP if split else 0.0):
                pairs.append(pair)
        key = prev
    return pairs
