"""Decode the Latin-only OCR of the 2020 Russian CR back into Russian.

API
---
``decode_document(text, model=None) -> DecodedDoc``
    ``DecodedDoc.lines``: the decoded lines (one per input line, same order);
    ``DecodedDoc.tokens``: per line, a list of ``Token`` (garbled, decoded,
    conf, start, end in the decoded line, kind);
    ``DecodedDoc.low_confidence``: ``(line_no, start, end, garbled, decoded, conf)``
    for decoded words with ``conf < LOW_CONF`` (line_no is 0-based, start/end are
    offsets in the decoded line).

How it decodes
--------------
Every whitespace token is a noisy-channel decode: the best string
``lead-punctuation + word + trail-punctuation`` under
``log P(glyphs | string) + LAMBDA * log P(word)``, where the channel is the
learned per-style table of ``ocr_channel`` and the word comes from

1. the lexicon trie (2019 forms + pymorphy3 lexemes, prior from 2019 counts),
2. pymorphy3's full dictionary (flat low prior), searched only when 1 is weak,
3. a character-bigram fallback for words in no lexicon (lowest prior),
4. "keep as is" for Latin words and numbers (prior from the 2019 text).

Where a 2020 block (rule, example, glossary entry) aligns with a 2019 block, the
2019 block's words get a prior bonus, but only among candidates the glyphs
already support (the n-best list of the search); a 2020 word that the glyphs
say differs is never replaced by the 2019 word.
"""
from __future__ import annotations

import heapq
import math
import re
from dataclasses import dataclass, field
from functools import lru_cache

from . import ocr_align, ocr_train
from .ocr_channel import viterbi

LAMBDA = 1.0
BEAM = 10
NBEST = 6
LOW_CONF = 0.6
CTX_BONUS = 3.0
GEN_COUNT = 0.3  # pseudo-count of lexeme forms the 2019 text does not use
DICT_LP = -16.0  # log prior of a pymorphy3 dictionary word unseen in the lexicon
OOV_LP = -14.0
CAP_LP = -2.5  # log P(word is capitalised), ~8 % of 2019 word tokens  # log prior of "some word in no lexicon", times the char-LM probability
SEARCH_MIN_LP = math.log(0.0015)
INS_DEFAULT = -10.0  # log prob of a stray glyph the training never saw inserted
PUNCT_STRIP = "«»()[].,;:!?\"“”'’–—-"

_NUMLIKE = re.compile(
    r"^[«(\"]*(?:\d+(?:[.:/–\-]\d+)+(?:[a-z¢\]]{1,2})?(?:[–\-][a-z¢]{1,2})?|[+\-–]?\d+/[+\-–]?\d+)[.,;:)»\"–\-]*$"
)
_DIGITS = re.compile(r"^[«(\"]*(\d+)[.,;:)»\"–\-]*$")
_SYMBOLIC = re.compile(r"[{}@#\\<>|=+*&%$]|https?:|www\.|\.com|\.ru|\d/\d|^[-–—»«.,:;!?]+$")
_LOWER = "абвгдеёжзийклмнопрстуфхцчшщъыьэюя"


@dataclass
class Token:
    garbled: str
    decoded: str
    conf: float
    start: int = 0
    end: int = 0
    kind: str = "word"  # "word" | "keep" | "oov" | "dict"


@dataclass
class DecodedDoc:
    lines: list[str]
    low_confidence: list[tuple]
    tokens: list[list[Token]] = field(default_factory=list)

    @property
    def text(self) -> str:
        return "\n".join(self.lines)


# --------------------------------------------------------------------------- model


class Model:
    def __init__(self, raw: dict):
        self.raw = raw
        self.styles = {}
        self.inv_split = {}
        for st in ("u", "i"):
            E = raw[st]["E"]
            inv: dict[str, list] = {}
            dele = {}
            for c, tab in E.items():
                for s, lp in tab.items():
                    if s == "":
                        if lp > math.log(0.01):
                            dele[c] = lp
                        continue
                    if lp < SEARCH_MIN_LP:
                        continue
                    inv.setdefault(s, []).append((c, lp))
            for s in inv:
                inv[s].sort(key=lambda x: -x[1])
            ins = {o: lp for o, lp in raw[st]["I"].items() if lp > -9}
            self.styles[st] = (E, inv, dele, ins)
            low, up = {}, {}
            for sub, lst in inv.items():
                lo = [(c, lp) for c, lp in lst if not (c.isupper() or c == "Ё")]
                hi = [(c.lower(), lp + CAP_LP) for c, lp in lst if c.isupper() or c == "Ё"]
                if lo:
                    low[sub] = lo
                if hi:
                    up[sub] = hi
            self.inv_split[st] = (low, up)
        lex = raw["lexicon"]
        forms = lex["forms"]
        total = sum(forms.values()) + GEN_COUNT * len(forms)
        self.logN = math.log(total)
        self.prior = {w: math.log(c + (GEN_COUNT if c == 0 else 0.0)) - self.logN for w, c in forms.items()}
        self.proper = set(lex["proper"])
        garb = raw["latin"]["garble"]
        lat = lex["latin"]
        self.keep = {}
        for w, c in lat.items():
            g = garb.get(w, 0)
            if c > g:
                self.keep[w] = math.log(c / (c + g)) + math.log(c) - self.logN
        self.numbers = {w: c for w, c in lex.get("numbers", {}).items()}
        self.trie = _build_trie(self.prior)
        self.lead, self.trail = _affixes(forms)
        self.charlm = _char_lm(forms)
        self.trail_tab = {st: _affix_tab(self.styles[st][0], self.trail) for st in self.styles}
        self.lead_tab = {st: _affix_tab(self.styles[st][0], self.lead) for st in self.styles}
        self._dawg = None

    def dawg(self):
        if self._dawg is None:
            from .ocr_lexicon import morph

            self._dawg = morph().dictionary.words.dct
        return self._dawg


def _build_trie(prior: dict):
    root = [{}, None, -1e9]
    for w, lp in prior.items():
        node = root
        if lp > node[2]:
            node[2] = lp
        for ch in w:
            ch_ = node[0].get(ch)
            if ch_ is None:
                ch_ = node[0][ch] = [{}, None, -1e9]
            node = ch_
            if lp > node[2]:
                node[2] = lp
        node[1] = w
    return root


def _affixes(forms):
    # punctuation that precedes / follows words in the 2019 text, with log probs
    text = ocr_align.SRC_2019.read_text(encoding="utf-8")
    from collections import Counter

    lead, trail = Counter(), Counter()
    n = 0
    for tok in text.split():
        m = re.match(r"^([^\wА-Яа-яЁё]*)[\wА-Яа-яЁё].*?([^\wА-Яа-яЁё]*)$", tok)
        if not m:
            continue
        n += 1
        lead[m.group(1)] += 1
        trail[m.group(2)] += 1
    leadp = {k: math.log(v / n) for k, v in lead.items() if v >= 3 and len(k) <= 3}
    trailp = {k: math.log(v / n) for k, v in trail.items() if v >= 3 and len(k) <= 4}
    return leadp, trailp


def _affix_tab(E, affixes, maxout=3, top=8):
    """{emitted glyphs: (best log prob, affix)} for every punctuation affix (no insertions)."""
    tab = {}
    for A, alp in affixes.items():
        partial = {"": alp}
        for ch in A:
            ems = sorted(E.get(ch, {ch: 0.0}).items(), key=lambda x: -x[1])[:top]
            if ch not in E:
                ems = [(ch, 0.0)]
            nxt = {}
            for out, lp in partial.items():
                for e, elp in ems:
                    o2 = out + e
                    if len(o2) > maxout:
                        continue
                    v = lp + elp
                    if v > nxt.get(o2, -1e9):
                        nxt[o2] = v
            partial = nxt
        for out, lp in partial.items():
            if out not in tab or lp > tab[out][0]:
                tab[out] = (lp, A)
    return tab


def _char_lm(forms):
    from collections import Counter

    big = Counter()
    uni = Counter()
    for w, c in forms.items():
        wt = 1 + c
        prev = "^"
        for ch in w + "$":
            big[prev, ch] += wt
            uni[prev] += wt
            prev = ch
    V = len(_LOWER) + 2
    return {k: math.log((v + 0.1) / (uni[k[0]] + 0.1 * V)) for k, v in big.items()}, {
        p: math.log(0.1 / (uni[p] + 0.1 * V)) for p in uni
    }


_MODEL: Model | None = None


def get_model() -> Model:
    global _MODEL
    if _MODEL is None:
        _MODEL = Model(ocr_train.load())
    return _MODEL


# --------------------------------------------------------------------------- search


def _affix_score(E, ins, aff: str, g: str) -> float:
    if not aff:
        return 0.0 if not g else sum(ins.get(o, -12.0) for o in g)
    lp, _, _ = viterbi(aff, g, E, ins)
    return lp


class Decoder:
    def __init__(self, model: Model):
        self.m = model
        self.cache = {}
        self.ctx_cache = {}
        self.aff_cache = {}

    # -- affixes
    def _trail_table(self, g: str, st: str):
        """best trail (score, trail) for each suffix start j (last 3 glyphs)."""
        tab = self.m.trail_tab[st]
        ins = self.m.styles[st][3]
        n = len(g)
        res = {}
        for j in range(max(0, n - 3), n + 1):
            suf = g[j:]
            r = tab.get(suf)
            alt = self.m.trail.get("", -9.0) + sum(ins.get(o, INS_DEFAULT) for o in suf)
            if r is None or alt > r[0]:
                r = (alt, "")
            if r[0] > -25:
                res[j] = r
        return res

    def _lead_table(self, g: str, st: str):
        tab = self.m.lead_tab[st]
        res = {0: (self.m.lead.get("", 0.0), "")}
        for j in range(1, min(len(g), 3) + 1):
            r = tab.get(g[:j])
            if r is not None and r[0] > -25:
                res[j] = r
        return res

    # -- lexicon trie search
    def _search_trie(self, g, st, leads, trails):
        E, inv, dele, ins = self.m.styles[st]
        inv_low, inv_up = self.m.inv_split[st]
        prior = self.m.prior
        n = len(g)
        beams = [dict() for _ in range(n + 1)]
        root = self.m.trie
        # state: key -> [score, node, cap, lead]
        for j, (lp, L) in leads.items():
            beams[j][(id(root), 0, L)] = [lp, root, 0, L]
        results = []
        dele_items = list(dele.items())
        for j in range(n + 1):
            b = beams[j]
            if not b:
                continue
            if len(b) > BEAM:
                items = heapq.nlargest(BEAM, b.values(), key=lambda x: x[0] + LAMBDA * x[1][2])
            else:
                items = list(b.values())
            # deletions (one per position)
            for it in items[:]:
                ch = it[1][0]
                for c, lp in dele_items:
                    nx = ch.get(c)
                    if nx is not None:
                        items.append([it[0] + lp, nx, it[2], it[3]])
            tj = trails.get(j)
            last = j == n
            if not last:
                gj = g[j]
                ilp = ins.get(gj, INS_DEFAULT)
                subs = [(k, inv_low.get(g[j:j + k]), inv_up.get(g[j:j + k])) for k in (1, 2, 3) if j + k <= n]
            for sc, node, cap, L in items:
                if tj is not None and node[1] is not None:
                    w = node[1]
                    results.append((sc + tj[0] + LAMBDA * prior[w], w, cap, L, tj[1]))
                if last:
                    continue
                ch = node[0]
                is_root = node is root
                if not is_root:
                    nb = beams[j + 1]
                    key = (id(node), cap, L)
                    v = sc + ilp
                    old = nb.get(key)
                    if old is None or v > old[0]:
                        nb[key] = [v, node, cap, L]
                for k, low, up in subs:
                    nb = beams[j + k]
                    if low:
                        for c, lp in low:
                            nx = ch.get(c)
                            if nx is None:
                                continue
                            v = sc + lp
                            key = (id(nx), cap, L)
                            old = nb.get(key)
                            if old is None or v > old[0]:
                                nb[key] = [v, nx, cap, L]
                    if up and is_root:
                        for c, lp in up:
                            nx = ch.get(c)
                            if nx is None:
                                continue
                            v = sc + lp
                            key = (id(nx), 1, L)
                            old = nb.get(key)
                            if old is None or v > old[0]:
                                nb[key] = [v, nx, 1, L]
        return results

    # -- pymorphy3 dictionary search (DAWG)
    def _search_dawg(self, g, st, leads, trails):
        E, inv, dele, ins = self.m.styles[st]
        d = self.m.dawg()
        fc = d.follow_char
        n = len(g)
        beams = [dict() for _ in range(n + 1)]
        for j, (lp, L) in leads.items():
            beams[j][(d.ROOT, 0, "", L)] = lp
        results = []
        enc = {}
        for j in range(n + 1):
            b = beams[j]
            if not b:
                continue
            items = sorted(b.items(), key=lambda x: -x[1])[:BEAM]
            tj = trails.get(j)
            for (idx, cap, w, L), sc in items:
                if tj is not None and w and fc(1, idx) is not None:
                    results.append((sc + tj[0] + LAMBDA * DICT_LP, w, cap, L, tj[1]))
                if j == n:
                    continue
                for k in (1, 2, 3):
                    if j + k > n:
                        break
                    cands = inv.get(g[j:j + k])
                    if not cands:
                        continue
                    nb = beams[j + k]
                    for c, lp in cands:
                        ncap = cap
                        cc = c
                        if c.isupper():
                            if w:
                                continue
                            cc = c.lower()
                            ncap = 1
                            lp += CAP_LP
                        if cc not in _LOWER:
                            continue
                        bs = enc.get(cc)
                        if bs is None:
                            bs = enc[cc] = cc.encode("utf-8")
                        nx = idx
                        for byte in bs:
                            nx = fc(byte, nx)
                            if nx is None:
                                break
                        if nx is None:
                            continue
                        key = (nx, ncap, w + cc, L)
                        v = sc + lp
                        if v > nb.get(key, -1e18):
                            nb[key] = v
        return results

    # -- character-level fallback
    def _search_chars(self, g, st, leads, trails):
        E, inv, dele, ins = self.m.styles[st]
        big, unk = self.m.charlm
        n = len(g)
        # D[j] = {last_char: (score, word, cap, L)}
        D = [dict() for _ in range(n + 1)]
        for j, (lp, L) in leads.items():
            D[j]["^"] = (lp, "", 0, L)
        results = []
        for j in range(n + 1):
            tj = trails.get(j)
            for p, (sc, w, cap, L) in list(D[j].items()):
                if tj is not None and w:
                    v = sc + big.get((p, "$"), unk.get(p, -10))
                    results.append((v + tj[0] + LAMBDA * OOV_LP, w, cap, L, tj[1]))
                if j == n:
                    continue
                for k in (1, 2, 3):
                    if j + k > n:
                        break
                    cands = inv.get(g[j:j + k])
                    if not cands:
                        continue
                    for c, lp in cands[:8]:
                        cc, ncap = c, cap
                        if c.isupper():
                            if w:
                                continue
                            cc, ncap = c.lower(), 1
                            lp += CAP_LP
                        if cc not in _LOWER:
                            continue
                        v = sc + lp + LAMBDA * big.get((p, cc), unk.get(p, -10))
                        old = D[j + k].get(cc)
                        if old is None or v > old[0]:
                            D[j + k][cc] = (v, w + cc, ncap, L)
        return results

    # -- one token
    def nbest(self, g: str, st: str):
        """n-best candidates [(score, text, cap, kind)] for a garbled token, best first."""
        key = (g, st)
        r = self.cache.get(key)
        if r is not None:
            return r
        leads = self._lead_table(g, st)
        trails = self._trail_table(g, st)
        res = [(s, L + w + T, cap, "word") for s, w, cap, L, T in self._search_trie(g, st, leads, trails)]
        best = max((x[0] for x in res), default=-1e9)
        weak = best < -4.0 * max(1, len(g)) ** 0.5 - 14 or not res
        if weak:
            res += [(s, L + w + T, cap, "dict") for s, w, cap, L, T in self._search_dawg(g, st, leads, trails)]
            res += [(s, L + w + T, cap, "oov") for s, w, cap, L, T in self._search_chars(g, st, leads, trails)]
        # keep as is (Latin words, numbers)
        core = g.strip(PUNCT_STRIP)
        klp = self.m.keep.get(core)
        dm = _DIGITS.match(g)
        if klp is not None:
            res.append((LAMBDA * klp - 0.05 * len(g), g, 0, "keep"))
        elif _NUMLIKE.match(g) or _SYMBOLIC.search(g):
            res.append((0.0, g, 0, "keep"))
        elif dm:
            # a number: prior from the 2019 text's numbers (unseen numbers: half a count)
            res.append((LAMBDA * (math.log(self.m.numbers.get(dm.group(1), 0.5)) - self.m.logN), g, 0, "keep"))
        elif not res:
            res.append((-50.0, g, 0, "keep"))
        # merge duplicates, sort
        seen = {}
        for x in res:
            k2 = x[1]
            if k2 not in seen or x[0] > seen[k2][0]:
                seen[k2] = x
        r = sorted(seen.values(), key=lambda x: -x[0])[:NBEST]
        self.cache[key] = r
        return r

    def _ctx_cands(self, g: str, st: str, best_text: str, ctx: set):
        """Score the aligned 2019 block's words directly against the glyphs."""
        E, inv, dele, ins = self.m.styles[st]
        m = re.match(r"^([^\wА-Яа-яЁё]*)(.*?)([^\wА-Яа-яЁё]*)$", best_text)
        L, T = m.group(1), m.group(3)
        aff = self.m.lead.get(L, -12.0) + self.m.trail.get(T, -12.0)
        core_len = len(g.strip(PUNCT_STRIP)) or len(g)
        out = []
        for w in ctx:
            if not (core_len / 3.2 <= len(w) <= core_len + 2):
                continue
            key = (g, st, L, w, T)
            r = self.ctx_cache.get(key)
            if r is None:
                lp, _, _ = viterbi(L + w + T, g, E, ins)
                lpc, _, _ = viterbi(L + w[0].upper() + w[1:] + T, g, E, ins)
                cap = 0
                if lpc + CAP_LP > lp:
                    lp, cap = lpc + CAP_LP, 1
                r = self.ctx_cache[key] = (lp + aff + LAMBDA * self.m.prior.get(w, DICT_LP), L + w + T, cap, "word")
            out.append(r)
        return out

    def decode_token(self, g: str, st: str, ctx: set | None = None):
        cands = self.nbest(g, st)
        if ctx and cands[0][3] != "keep" and _core(cands[0][1]) not in ctx:
            cands = cands + self._ctx_cands(g, st, cands[0][1], ctx)
        if ctx:
            cands = sorted(
                ((s + (CTX_BONUS if _core(t) in ctx else 0.0), t, cap, kind) for s, t, cap, kind in cands),
                key=lambda x: -x[0],
            )
        best = cands[0]
        z = sum(math.exp(c[0] - best[0]) for c in cands)
        conf = 1.0 / z
        if best[3] == "oov":
            conf = min(conf, 0.5)
        return best, conf


def _core(t: str) -> str:
    return t.strip(PUNCT_STRIP).lower()


# --------------------------------------------------------------------------- document

_RULE_PREFIX = re.compile(r"^(\d{3}\.\d{1,3}(?:[a-z¢\]1i]{1,3}|\.)?\.?|\d{1,3}\.)(?=\s|$)")


def _line_contexts(text: str):
    """Per line: style and the 2019 word set of the aligned block (if any)."""
    lines = text.split("\n")
    blocks, _ = ocr_align.segment(text, ocr=True)
    style = ["u"] * len(lines)
    ctx: list[set | None] = [None] * len(lines)
    t19 = ocr_align.SRC_2019.read_text(encoding="utf-8")
    b19, l19 = ocr_align.segment(t19, ocr=False)
    idx = {}
    for b in b19:
        key = b.key if b.key.startswith(("G:", "ch", "pre", "gloss")) else ocr_align.shift_2019_number(b.key)
        idx.setdefault(f"{key}#{b.kind}{b.ex_index if b.kind == 'example' else ''}", b)
    for b in blocks:
        o = idx.get(b.id) if b.kind != "pre" else None
        words = None
        if o is not None:
            words = {w.lower() for w in re.findall(r"[А-Яа-яЁё]+(?:-[А-Яа-яЁё]+)*", ocr_align.block_text(o, l19))}
        for i in b.lines:
            style[i] = b.style
            ctx[i] = words
    return lines, style, ctx


_SENT_END = re.compile(r"[.!?]»?$")


def decode_document(text: str, model: Model | None = None, use_context: bool = True, workers: int = 2) -> DecodedDoc:
    """Decode a whole OCR text; ``workers`` > 1 decodes line ranges in forked processes."""
    m = model or get_model()
    lines, style, ctx = _line_contexts(text)
    if not use_context:
        ctx = [None] * len(lines)
    n = len(lines)
    ranges = [(0, n)]
    if workers > 1 and n > 200:
        # split at blank lines into ranges of roughly equal size
        cuts = [0]
        for w in range(1, workers):
            c = n * w // workers
            while c < n and lines[c].strip():
                c += 1
            cuts.append(c)
        cuts.append(n)
        ranges = [(cuts[i], cuts[i + 1]) for i in range(workers) if cuts[i] < cuts[i + 1]]
    if len(ranges) == 1:
        parts = [_decode_range(m, lines, style, ctx, 0, n)]
    else:
        import multiprocessing as mp

        global _JOB
        _JOB = (m, lines, style, ctx)
        try:
            with mp.get_context("fork").Pool(len(ranges)) as pool:
                parts = pool.map(_job, ranges)
        finally:
            _JOB = None
    out_lines, out_tokens, low = [], [], []
    for ol, ot, lw in parts:
        out_lines += ol
        out_tokens += ot
        low += lw
    return DecodedDoc(out_lines, low, out_tokens)


_JOB = None


def _job(rng):
    m, lines, style, ctx = _JOB
    return _decode_range(m, lines, style, ctx, *rng)


def _decode_range(m: Model, lines, style, ctx, lo: int, hi: int):
    dec = Decoder(m)
    out_lines, out_tokens, low = [], [], []
    prev_end = True
    for ln in range(lo, hi):
        line = lines[ln]
        st = style[ln]
        c = ctx[ln]
        toks: list[Token] = []
        parts = re.split(r"(\s+)", line)
        out = []
        pos = 0
        first_word = True
        if line.startswith(ocr_align.MARKER):
            parts = re.split(r"(\s+)", line[len(ocr_align.MARKER):])
            out.append(ocr_align.MARKER)
            pos = len(ocr_align.MARKER)
        if not line.strip():
            prev_end = True
        for pi, p in enumerate(parts):
            if not p:
                continue
            if pi % 2 == 1:
                out.append(p)
                pos += len(p)
                continue
            if first_word and _RULE_PREFIX.match(p) and p == _RULE_PREFIX.match(p).group(0):
                out.append(p)
                toks.append(Token(p, p, 1.0, pos, pos + len(p), "keep"))
                pos += len(p)
                prev_end = True
                first_word = False
                continue
            first_word = False
            (score, t, cap, kind), conf = dec.decode_token(p, st, c)
            if kind != "keep":
                t = _case(t, cap, prev_end, m)
            out.append(t)
            toks.append(Token(p, t, round(conf, 4), pos, pos + len(t), kind))
            if kind != "keep" and conf < LOW_CONF:
                low.append((ln, pos, pos + len(t), p, t, round(conf, 4)))
            pos += len(t)
            prev_end = bool(_SENT_END.search(t)) or t.endswith(":") and _core(t) == "пример"
        out_lines.append("".join(out))
        out_tokens.append(toks)
    return out_lines, out_tokens, low


def _case(t: str, cap: int, sent_start: bool, m: Model) -> str:
    core = _core(t)
    i = next((k for k, ch in enumerate(t) if ch.isalpha()), None)
    if i is None:
        return t
    if sent_start or core in m.proper or cap:
        return t[:i] + t[i].upper() + t[i + 1:]
    return t
