"""Noisy-channel model P(garbled glyphs | clean Cyrillic), learned by hard EM.

Each clean character (Cyrillic letter, either case, or punctuation) emits 0..3
output glyphs; stray output glyphs may also be inserted.  The model is trained
on aligned word pairs (2019 word, 2020 OCR token) separately for upright ("u")
and italic ("i") text, each smoothed towards the pooled table.
"""
from __future__ import annotations

import math
from collections import Counter, defaultdict

MAXK = 3
FLOOR = math.log(1e-6)
CYR = set("абвгдеёжзийклмнопрстуфхцчшщъыьэюяАБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ")


def has_cyr(s: str) -> bool:
    return any(ch in CYR for ch in s)


def _init_tables(pairs: Counter) -> dict:
    """Initial 1-glyph emission estimates from proportional positions (no hand seed)."""
    co: dict[str, Counter] = defaultdict(Counter)
    for (src, out), n in pairs.items():
        L, M = len(src), len(out)
        if not M:
            continue
        for i, c in enumerate(src):
            j0 = int(i * M / L)
            j1 = max(j0 + 1, int((i + 1) * M / L))
            for j in range(j0, min(j1, M)):
                co[c][out[j]] += n
    tab = {}
    for c, cnt in co.items():
        tot = sum(cnt.values()) + 50
        tab[c] = {o: math.log(v / tot) for o, v in cnt.items()}
    return tab


def _init_score(tab1, c, s):
    t = tab1.get(c, {})
    if not s:
        return -6.0
    return sum(t.get(ch, -12.0) for ch in s) - 1.5 * (len(s) - 1)


def viterbi(src: str, out: str, logE, ins, init1=None):
    """Best alignment of src -> out.  Returns (logprob, list of (c, s) emissions, list of inserted glyphs)."""
    L, M = len(src), len(out)
    NEG = -1e18
    D = [[NEG] * (M + 1) for _ in range(L + 1)]
    B = [[None] * (M + 1) for _ in range(L + 1)]
    D[0][0] = 0.0
    for i in range(L + 1):
        Di = D[i]
        for j in range(M + 1):
            v = Di[j]
            if v <= NEG / 2:
                continue
            # insertion of out[j]
            if j < M:
                w = v + ins.get(out[j], -9.0)
                if w > Di[j + 1]:
                    Di[j + 1] = w
                    B[i][j + 1] = (i, j, None)
            if i < L:
                c = src[i]
                e = logE.get(c) if init1 is None else None
                Dn = D[i + 1]
                for k in range(0, MAXK + 1):
                    if j + k > M:
                        break
                    s = out[j:j + k]
                    if init1 is not None:
                        lp = _init_score(init1, c, s)
                    else:
                        lp = e.get(s, FLOOR - 2 * k) if e else FLOOR - 2 * k
                    w = v + lp
                    if w > Dn[j + k]:
                        Dn[j + k] = w
                        B[i + 1][j + k] = (i, j, s)
    # backtrace
    ems, insd = [], []
    i, j = L, M
    while (i, j) != (0, 0):
        pi, pj, s = B[i][j]
        if s is None:
            insd.append(out[pj])
        else:
            ems.append((src[pi], s))
        i, j = pi, pj
    ems.reverse()
    return D[L][M], ems, insd


class Scorer:
    """``viterbi(src, out)[0]`` for many ``src`` against one glyph string ``out``.

    The decoder needs only the score, hundreds of thousands of times per document,
    mostly many words against the same token: one DP row per letter, no
    back-pointers, and each letter's emissions into ``out`` (which glyph span it
    may cover, at what log prob) looked up once per token instead of once per word."""

    def __init__(self, out: str, logE, ins):
        self.out, self.logE = out, logE
        self.M = M = len(out)
        self.ins = [ins.get(o, -9.0) for o in out]
        self.subs = [[(k, out[j:j + k]) for k in range(min(MAXK, M - j) + 1)] for j in range(M + 1)]
        self.trans: dict[str, list] = {}
        self._floor = self._at = None  # built with the first letter's table (``_trans``)
        first = [-1e18] * (M + 1)
        first[0] = 0.0
        self.insertions(first)
        self.first = first

    def insertions(self, row: list) -> None:
        """Stray glyphs no letter emitted, in place, left to right (so several may follow)."""
        ins = self.ins
        for j in range(self.M):
            w = row[j] + ins[j]
            if w > row[j + 1]:
                row[j + 1] = w

    def _trans(self, c: str) -> list:
        """Per start glyph j: [(j + k, log P(out[j:j+k] | c))].

        Most glyph spans are no emission of ``c`` (the floor ``FLOOR - 2k``): the rows start
        as one shared table of floors, and only the spans ``c`` does emit (a set
        intersection of its emissions with the token's spans) are written in, in copies of
        their rows: ×0.75–0.85 the Scorer's time, the same scores (cProfile put a sixth of the
        decode in the lookups, but it inflates such small hot loops)."""
        if self._floor is None:
            self._floor = [[(j + k, FLOOR - 2 * k) for k, _ in sub] for j, sub in enumerate(self.subs)]
            self._at = {}  # span -> [(j, k)]: where the token shows it
            for j, sub in enumerate(self.subs):
                for k, s in sub:
                    self._at.setdefault(s, []).append((j, k))
        e = self.logE.get(c)
        floor = self._floor
        r = floor
        if e:
            hits = e.keys() & self._at.keys()
            if hits:
                r = list(floor)
                for s in hits:
                    lp = e[s]
                    for j, k in self._at[s]:
                        if r[j] is floor[j]:
                            r[j] = list(floor[j])
                        r[j][k] = (j + k, lp)
        self.trans[c] = r
        return r

    def emit(self, row: list, c: str) -> list:
        """The next DP row after the letter ``c``, before insertions."""
        tr = self.trans.get(c) or self._trans(c)
        new = [-1e18] * (self.M + 1)
        for v, tj in zip(row, tr):
            if v <= -5e17:
                continue
            for jk, lp in tj:
                w = v + lp
                if w > new[jk]:
                    new[jk] = w
        return new

    def __call__(self, src: str) -> float:
        row = self.first
        for c in src:
            row = self.emit(row, c)
            self.insertions(row)
        return row[-1]


def _estimate(ecounts, icounts, n_out):
    logE = {}
    for c, cnt in ecounts.items():
        tot = sum(cnt.values()) + 1.0
        logE[c] = {s: math.log(v / tot) for s, v in cnt.items()}
    ins = {o: math.log((v + 0.5) / (n_out + 1)) for o, v in icounts.items()}
    return logE, ins


def train_style(pairs: Counter, iters: int = 4, workers: int = 1):
    """Hard EM on Counter{(src, out): n}.  Returns (emission counts, insertion counts, n_out)."""
    init1 = _init_tables(pairs)
    logE, ins = {}, {}
    items = sorted(pairs.items())
    n_out = sum(len(o) * n for (s, o), n in items)
    for it in range(iters):
        ec: dict[str, Counter] = defaultdict(Counter)
        ic: Counter = Counter()
        for (src, out), n in items:
            _, ems, insd = viterbi(src, out, logE, ins, init1 if it == 0 else None)
            for c, s in ems:
                ec[c][s] += n
            for o in insd:
                ic[o] += n
        logE, ins = _estimate(ec, ic, n_out)
    return ec, ic, n_out


def build_model(counts_by_style: dict, min_p: float = 0.0015) -> dict:
    """Turn emission counts into smoothed log tables per style.

    model[style] = {"E": {c: {s: lp}}, "I": {glyph: lp}}
    Style tables are smoothed towards the pooled one; upper-case letters
    towards their lower-case letter.
    """
    pooled: dict[str, Counter] = defaultdict(Counter)
    pooled_i: Counter = Counter()
    n_pool = 0
    for st, (ec, ic, n_out) in counts_by_style.items():
        for c, cnt in ec.items():
            pooled[c].update(cnt)
        pooled_i.update(ic)
        n_pool += n_out

    def probs(cnt: Counter, prior: dict | None, beta: float) -> dict:
        tot = sum(cnt.values())
        keys = set(cnt) | (set(prior) if prior else set())
        out = {}
        for s in keys:
            p = (cnt.get(s, 0) + (beta * prior.get(s, 0.0) if prior else 0.0)) / (tot + (beta if prior else 0.0))
            if p >= min_p:
                out[s] = p
        return out

    pooled_p = {}
    for c in sorted(pooled):
        lower = c.lower()
        prior = None
        if c != lower and lower in pooled:
            lo = pooled[lower]
            t = sum(lo.values())
            prior = {s: v / t for s, v in lo.items()}
        pooled_p[c] = probs(pooled[c], prior, 5.0)
    model = {}
    for st, (ec, ic, n_out) in counts_by_style.items():
        E = {}
        for c in sorted(pooled_p):
            p = probs(ec.get(c, Counter()), pooled_p[c], 20.0)
            E[c] = {s: round(math.log(v), 4) for s, v in sorted(p.items())}
        I = {o: round(math.log((v + 0.5) / (n_out + 1)), 4) for o, v in sorted(ic.items()) if v >= 2}
        model[st] = {"E": E, "I": I}
    return model


def trie_scores(root, out: str, logE, ins, floor: float, first_cap_lp: float | None = None) -> dict[str, float]:
    """``viterbi(word, out)[0]`` for every word of a trie (``[children, word, ...]`` nodes) that
    scores at least ``floor``: one DP row per trie node, so the forms of a lemma share their
    stem's rows, and a prefix already under ``floor`` is dropped (log probs only fall).
    ``first_cap_lp``: the first letter may also be read as its capital, at that cost."""
    sc = Scorer(out, logE, ins)
    M = len(out)
    res = {}
    stack = [(root, sc.first, True)]
    while stack:
        node, row, at_root = stack.pop()
        if node[1] is not None and row[M] >= floor:
            res[node[1]] = row[M]
        for c, child in node[0].items():
            new = sc.emit(row, c)
            if at_root and first_cap_lp is not None and c.upper() in logE:
                cap = sc.emit(row, c.upper())
                new = [max(a, b + first_cap_lp) for a, b in zip(new, cap)]
            sc.insertions(new)
            if max(new) >= floor:
                stack.append((child, new, False))
    return res
