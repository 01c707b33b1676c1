"""Decode the Latin-only OCR of the 2020 Russian CR back into Russian.

API
---
``decode_document(text, model=None, use_context=True, workers=None) -> DecodedDoc``
    ``DecodedDoc.lines``: the decoded lines (one per input line, same order, same
    whitespace; rule numbers, numbers and genuine Latin words kept as they are);
    ``DecodedDoc.tokens``: per line, a list of ``Token`` (garbled, decoded, conf,
    start/end offsets in the decoded line, kind: word | dict | oov | keep);
    ``DecodedDoc.low_confidence``: ``(line_no, start, end, garbled, decoded, conf)``
    for decoded words with ``conf < LOW_CONF`` (line_no 0-based, offsets in the
    decoded line).

How it decodes
--------------
Everything here is learned from the two sources (``ocr_train`` builds the model
file ``data/ocr_model.json.gz``): a per-style (upright / italic) noisy channel
P(glyphs | Cyrillic letter), a lexicon of 2019 word forms plus their pymorphy3
lexemes with 2019 counts, a word bigram model of the 2019 text, Latin words and
numbers of the 2019 text, and the punctuation around words.

1. Every whitespace token gets an n-best list: ``lead punctuation + word + trail
   punctuation`` scored by ``log P(glyphs | string) + log P(word)``, searched in
   a lexicon trie (beam search driven by the inverted channel table), then, if
   the glyphs are explained badly, in pymorphy3's full dictionary (DAWG) and
   with a character-bigram model (words in no lexicon); "keep as is" competes
   for Latin words and numbers.  Sentence-initial tokens use the capital-letter
   channel for their first letter.
2. Each line is decoded by a Viterbi search over these candidates with the word
   bigram model, where two adjacent tokens may also be read as one word (the
   OCR inserts spaces inside words).  A token's ``posterior`` is its share among
   its candidates given the chosen neighbours; its ``conf`` is the calibrated
   P(right) of ``calibrated()`` (posterior, channel fit, kind, length).
3. Evidence from 2019, word by word: where a 2020 block (rule, example, glossary
   entry) aligns with a 2019 block, that block's words form a cache (higher
   prior and a bonus) -- but only for candidates the glyphs support (n-best or
   scored directly against the glyphs); a 2020 word that the glyphs say differs
   keeps its own reading.  Blocks with no 2019 counterpart (new rules) are
   decoded twice: the second time with the section's own confident words
   (counted by lemma) as the cache.
"""
from __future__ import annotations

import heapq
import itertools
import math
import re
from dataclasses import dataclass, field

from . import ocr_align, ocr_train, ocr_translate
from .gc_pause import gc_paused
from .ocr_channel import Scorer, trie_scores
from .ocr_lexicon import class_unit, is_title_line, word_class

LAMBDA = 1.0
BEAM_1 = 10
PRUNE = 14.0  # drop beam states this much worse than the best at the same glyph
BEAM_2 = 40  # second pass for tokens the first pass explains badly
BEAM_DICT = 30
NBEST = 6
ENGLISH = "e"  # the style of a line kept as it is (a glossary headword)
LOW_CONF = 0.8  # a word is marked when the chance that it is right is under this
# Confidence = P(word is right), a logistic model of: bias, log posterior among the
# candidates, channel fit per glyph, read from pymorphy3's dictionary, read by the letter
# model, token length / 12.  Fitted on the held-out decode by bench/ocr_calibrate.py
# (the raw posterior alone flagged 22 % of the errors; this flagged about half before the
# translation model, and flags 32 % of the fewer errors left after it: 718 marks, 48 % of them errors;
# refitted 2026-11-26 after the name-bonus fix: 31 % of 1,057 wrong words, 674 marks, 49 % of them errors;
# again after the presence signal: 29 % of 1,028 wrong words, 617 marks, 49 % of them errors).
CALIBRATION = (4.016, 0.754, 0.827, -1.563, -0.245, 1.06)
CTX_BONUS = 3.0
CTX_SAME = 5.0  # the 2019 bonus where the rule's English did not change 2019 -> 2020
OLD_BONUS = 6.0  # the 2019 token at the same place, where the English did not change
OLD_GATE = -5.0  # ... and where it explains the glyphs at least this well (per glyph), it beats any reading
STRAY_CONF = 0.9  # a token the 2019 text lacks, read with less confidence, may be a piece of a split word
TR_MIX = 0.1  # weight of the translation cache: log(1 - TR_MIX + TR_MIX * P(word | English) / P(word))
TR_MAX = 5.0  # cap of the translation bonus (a dictionary word's prior is tiny)
TR_SLACK = 6.0  # how much worse than the best reading a translation word may fit the glyphs and be tried
TR_TOP = 4  # translation words per token scored against the whole token
PRES_W = 1.0  # weight of whether the English has a word that translates to the reading (``presence_fit``)
PRES_MAX = 3.0  # its cap, either way
TR_NAME = 3.5  # bonus of a Latin word kept as is that the rule's English text contains
CACHE_W = 0.05  # weight of the block cache (the aligned 2019 block's words, or the rule's own words)
POOR_CHANNEL = -1.3  # channel log prob per glyph below which pymorphy3's dictionary is searched too
LM_D = 0.7
JOIN_LP = -3.0  # log P(OCR split one word with a space)  # absolute discount of the word bigram model
EN_WEIGHT = 0.3  # weight of English-CR capitalised words as Latin words kept as is
GEN_COUNT = 0.3  # pseudo-count of lexeme forms the 2019 text does not use
DICT_LP = -15.0  # log prior of a pymorphy3 dictionary word unseen in the lexicon
CHAR_W = 0.4  # weight of the character-bigram fit in a dictionary word's prior
CHAR_MEAN = -2.5  # the typical character-bigram log prob per letter of a lexicon word
OOV_LP = -14.0
CAP_LP = -2.5  # log P(word is capitalised) inside a sentence
LOW_START_LP = -3.0  # log P(word is not capitalised) at a sentence start (the start guess can be wrong)
SEARCH_MIN_LP = math.log(0.0015)
TAG_W = 0.7  # weight of the grammatical-class fit in the bigram back-off
CLS_ALPHA = 20.0  # smoothing of the class bigrams towards the class unigram
CHUNKS_PER_WORKER = 6  # pieces of the document per worker process (the pool balances them)
SERIAL_BELOW = 200  # lines: a pass with less work than this is decoded without forking (``_fork_map``)
SEEN_GATE = -6.0  # a seen garbling must score at least this minus 2 per glyph with the letter channel
INS_DEFAULT = -10.0  # log prob of a stray glyph the training never saw inserted
PUNCT_STRIP = "«»()[].,;:!?\"“”'’–—-"

_NUMLIKE = re.compile(
    r"^[«(\"]*(?:\d+(?:[.:/–\-]\d+)+(?:[a-z¢\]]{1,2})?(?:[–\-][a-z¢]{1,2})?|[+\-–]?\d+/[+\-–]?\d+)[.,;:)»\"–\-]*$"
)
_DIGITS = re.compile(r"^[«(\"]*(\d+)[.,;:)»\"–\-]*$")
_SYMBOLIC = re.compile(
    r"[{}]|https?:|www\.|\.com|\.ru|^[«(\"]*[+\-–]?[\dXx]+/[+\-–]?[\dXx]+[.,;:)»]*$|^[-–—»«.,:;!?…]+$"
)
_LOWER = "абвгдеёжзийклмнопрстуфхцчшщъыьэюя"


@dataclass
class Token:
    garbled: str
    decoded: str
    conf: float
    start: int = 0
    end: int = 0
    kind: str = "word"  # "word" | "keep" | "oov" | "dict"
    fit: float = 0.0  # log P(glyphs | reading) per glyph
    posterior: float = 1.0  # P(reading | glyphs, neighbours) among the candidates


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
            for sent in (False, True):
                low, up, rlow = {}, {}, {}
                for sub, lst in inv.items():
                    lo = {c: lp for c, lp in lst if not (c.isupper() or c == "Ё")}
                    hi = [(c.lower(), lp + (0.0 if sent else CAP_LP)) for c, lp in lst if c.isupper() or c == "Ё"]
                    if lo:
                        low[sub] = lo
                        rlow[sub] = {c: lp + LOW_START_LP for c, lp in lo.items()} if sent else lo
                    if hi:
                        up[sub] = hi
                self.inv_split[st, sent] = (low, up, rlow)
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
        for w, c in lex.get("latin_en", {}).items():
            g = garb.get(w, 0)
            if w not in self.keep and c * EN_WEIGHT > g:
                self.keep[w] = math.log(c * EN_WEIGHT / (c * EN_WEIGHT + g)) + math.log(c * EN_WEIGHT) - self.logN
        self.latin_lower = {}
        for w, lp in self.keep.items():
            lw = w.lower()
            if lw not in self.latin_lower or lp > self.latin_lower[lw]:
                self.latin_lower[lw] = lp
        ap = lex.get("apos", {})
        tot = sum(ap.values()) or 1
        self.apos = {k: math.log(v / tot) for k, v in ap.items()}
        # word bigram model (absolute discounting, backing off to the unigram prior)
        self.big = {}
        ctx_tot, ctx_types = {}, {}
        for k, v in lex.get("bigrams", {}).items():
            a, b = k.split(" ", 1)
            self.big[(a, b)] = v
            ctx_tot[a] = ctx_tot.get(a, 0) + v
            ctx_types[a] = ctx_types.get(a, 0) + 1
        self.ctx_tot, self.ctx_types = ctx_tot, ctx_types
        # class bigrams (ocr_lexicon.word_class) for the back-off: P(class b | class a) / P(class b)
        self.cls_big: dict[tuple, int] = {}
        self.cls_tot: dict[str, int] = {}
        cls_uni: dict[str, int] = {}
        for k, v in lex.get("tag_bigrams", {}).items():
            a, b = k.split(" ", 1)
            self.cls_big[a, b] = v
            self.cls_tot[a] = self.cls_tot.get(a, 0) + v
            cls_uni[b] = cls_uni.get(b, 0) + v
        n_cls = sum(cls_uni.values()) or 1
        self.cls_p = {c: v / n_cls for c, v in cls_uni.items()}
        self._cls_cache: dict[tuple, float] = {}
        self.classes = lex.get("classes", {})  # word form -> class, for the lexicon (others: pymorphy3)
        self.class_prior = {
            k: math.log(max(1, sum(v for (a, b), v in self.big.items() if b == k))) - self.logN for k in ("<k>", "<n>")
        }
        self.trie = _build_trie(self.prior)
        self.translate = ocr_translate.TranslationModel(raw.get("translate", {}), self.prior)
        self.garbles = raw.get("garbles", {})
        self.garble_src = {}  # style -> {2019 token: times it was seen in the aligned pairs}
        for st, tab in self.garbles.items():
            tot: dict[str, int] = {}
            for srcs in tab.values():
                for a, c in srcs.items():
                    tot[a] = tot.get(a, 0) + c
            self.garble_src[st] = tot
        # halves of hyphenated words seen at least twice, with log P(half | hyphenated word)
        self.hyphen_halves = [_hyphen_halves(forms, 0), _hyphen_halves(forms, 1)]
        self.hyphen_lp = math.log(max(1, sum(c for w, c in forms.items() if "-" in w))) - self.logN
        self.lead, self.trail, self.quote_adj = _affixes(forms)
        self.charlm = _char_lm(forms)
        # glyphs (first one or two) that can start the garbling of each letter, either case
        self.first_glyphs = {}
        for st in self.styles:
            E = self.styles[st][0]
            fg = {}
            for c, tab in E.items():
                lc = c.lower()
                for sub in tab:
                    if sub:
                        fg.setdefault(lc, set()).update({sub[:1], sub[:2]})
            self.first_glyphs[st] = fg
        self.trail_tab = {st: _affix_tab(self.styles[st][0], self.trail) for st in self.styles}
        self.lead_tab = {st: _affix_tab(self.styles[st][0], self.lead) for st in self.styles}
        self._dawg = None
        self._lm_cache = {}
        self._back_cache = {}
        self._dict_prior: dict[str, float] = {}
        self.dawg_memo = {}  # (dawg index, letter) -> next index; (index, "$") -> is a word end

    def lm(self, a: str, b: str, prior_b: float) -> float:
        """log P(b | a): discounted bigram, backing off to the unigram log prior of b
        reweighted by how well the two words' grammatical classes go together."""
        key = (a, b)
        r = self._back_cache.get(key)  # an unseen pair: what to add to the prior of b
        if r is not None:
            return prior_b + r
        r = self._lm_cache.get(key)  # a seen pair: (discounted bigram, back-off weight)
        if r is None:
            tot = self.ctx_tot.get(a)
            c = self.big.get(key, 0) if tot else 0
            if c:
                r = self._lm_cache[key] = ((c - LM_D) / tot, LM_D * self.ctx_types[a] / tot)
        if r is not None:
            return math.log(r[0] + r[1] * math.exp(prior_b))
        r = self._back_cache[key] = self._bow(a) + self.class_fit(a, b)
        return prior_b + r

    def class_fit(self, a: str, b: str) -> float:
        """TAG_W * log(P(class b | class a) / P(class b)), smoothed; 0 when nothing is known."""
        ca, cb = self.word_class(a), self.word_class(b)
        key = (ca, cb)
        r = self._cls_cache.get(key)
        if r is None:
            pb = self.cls_p.get(cb)
            tot = self.cls_tot.get(ca)
            if not pb or not tot:
                r = 0.0
            else:
                p = (self.cls_big.get((ca, cb), 0) + CLS_ALPHA * pb) / (tot + CLS_ALPHA)
                r = TAG_W * math.log(p / pb)
            self._cls_cache[key] = r
        return r

    def lmk(self, a: str, b: str, prior_b: float) -> float:
        """Like ``lm``; "<k>" (Latin words) and "<n>" (numbers) are classes: P(<k> | a) * P(word | <k>)."""
        cp = self.class_prior.get(b)
        if cp is not None:
            return self.lm(a, b, cp) + (prior_b - cp)
        return self.lm(a, b, prior_b)

    def bonus(self, t: str, kind: str, ctx, tr) -> float:
        """What the 2019 block and the English text add to a reading's score.

        The 2019 bonus is ``CTX_SAME`` where the rule's English did not change (the
        Russian should not either, unless the glyphs demand it), else ``CTX_BONUS``.
        The translation bonus is the log of a cache mixture: (1 - TR_MIX) + TR_MIX *
        P(word | English) / P(word), capped at ``TR_MAX``; a Latin word the English text
        prints capitalised gets ``TR_NAME``."""
        b = 0.0
        if kind == "keep":  # names are compared as printed (``_core`` lower-cases, and never matched them)
            if tr is not None and t.strip(PUNCT_STRIP) in tr.names:
                b += TR_NAME
            return b
        core = _core(t)
        if ctx and core in ctx:
            b += CTX_SAME if tr is not None and tr.same_en and not isinstance(ctx, _Cache) else CTX_BONUS
        if tr is not None:
            pt = tr.p(core)
            b += min(TR_MAX, math.log(1.0 - TR_MIX + TR_MIX * pt / math.exp(self.word_prior(core))))
            b += PRES_W * max(-PRES_MAX, min(PRES_MAX, tr.presence_fit(core)))
        return b

    def word_prior(self, w: str) -> float:
        """log P(word): the lexicon's, else ``dict_prior``."""
        p = self.prior.get(w)
        return p if p is not None else self.dict_prior(w)

    def dict_prior(self, w: str) -> float:
        """log P(word) of a pymorphy3 dictionary word the lexicon lacks: ``DICT_LP`` moved by how
        typical its spelling is of the rules (character bigrams of the lexicon), so that
        «приключением» (like «исключением») beats «приключенцем»."""
        r = self._dict_prior.get(w)
        if r is None:
            big, unk = self.charlm
            lp, p = 0.0, "^"
            for ch in w + "$":
                lp += big.get((p, ch), unk.get(p, -10.0))
                p = ch
            r = self._dict_prior[w] = DICT_LP + CHAR_W * (lp - CHAR_MEAN * (len(w) + 1))
        return r

    def word_class(self, unit: str) -> str:
        c = self.classes.get(unit)
        return c if c is not None else word_class(unit)

    def _bow(self, a: str) -> float:
        tot = self.ctx_tot.get(a)
        if not tot:
            return 0.0
        return math.log(LM_D * self.ctx_types[a] / tot)

    def dawg(self):
        if self._dawg is None:
            from .ocr_lexicon import morph

            self._dawg = morph().dictionary.words.dct
        return self._dawg


def _hyphen_halves(forms: dict, side: int) -> dict:
    halves: dict[str, int] = {}
    for w, c in forms.items():
        if "-" in w and c:
            h = w.split("-", 1)[side]
            halves[h] = halves.get(h, 0) + c
    tot = sum(halves.values()) or 1
    return {h: math.log(c / tot) for h, c in halves.items() if c >= 2}


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
    quoted = Counter()  # (opens a quote, closes it) for tokens
    n = 0
    for tok in text.split():
        m = re.match(r"^([^\wА-Яа-яЁё]*)[\wА-Яа-яЁё].*?([^\wА-Яа-яЁё]*)$", tok)
        if not m:
            continue
        n += 1
        lead[m.group(1)] += 1
        trail[m.group(2)] += 1
        quoted["«" in m.group(1), "»" in m.group(2)] += 1
    leadp = {k: math.log(v / n) for k, v in lead.items() if v >= 3 and len(k) <= 3}
    trailp = {k: math.log(v / n) for k, v in trail.items() if v >= 3 and len(k) <= 4}
    # a token that opens a quote closes it far more often than tokens in general:
    # log P(closes | opens) - log P(closes), for closes = False / True
    p_close = (quoted[False, True] + quoted[True, True]) / n
    opens = quoted[True, True] + quoted[True, False]
    p_close_open = quoted[True, True] / max(1, opens)
    quote_adj = {
        True: math.log(max(p_close_open, 1e-4) / p_close),
        False: math.log(max(1 - p_close_open, 1e-4) / (1 - p_close)),
    }
    return leadp, trailp, quote_adj


def _dawg_final(memo, fc, idx) -> bool:
    key = (idx, "$")
    r = memo.get(key)
    if r is None:
        r = memo[key] = fc(1, idx) is not None
    return r


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


class Decoder:
    def __init__(self, model: Model):
        self.m = model
        # what a token's glyphs give, whatever its line: kept for the whole document and
        # shared by the passes (``decode_document``), so a line decoded again costs its Viterbi only
        self.cache = {}  # (glyphs, style, sentence start, wide) -> n-best
        self.ctx_cache = {}  # (glyphs, style, lead, word, trail) -> the word scored against the glyphs
        self.tr_cache = {}  # (English text, glyphs, style, best reading) -> translation candidates
        self._scorers: dict = {}

    CACHES = ("cache", "ctx_cache", "tr_cache")

    def cache_sizes(self) -> tuple:
        return tuple(len(getattr(self, c)) for c in self.CACHES)

    def cache_since(self, sizes: tuple) -> tuple:
        """The entries added since ``cache_sizes()`` returned ``sizes`` (dicts keep insertion order)."""
        return tuple(dict(itertools.islice(getattr(self, c).items(), n, None)) for c, n in zip(self.CACHES, sizes))

    def absorb(self, added: tuple) -> None:
        """Take the entries another process's decoder added (``cache_since``)."""
        for c, d in zip(self.CACHES, added):
            getattr(self, c).update(d)

    def scorer(self, g: str, st: str) -> Scorer:
        """The channel scorer of glyphs ``g`` (``ocr_channel.Scorer``): the 2019 words, the
        seen garblings, the halves of compounds are all scored against the same token."""
        key = (g, st)
        r = self._scorers.get(key)
        if r is None:
            if len(self._scorers) > 512:  # its tables are per token: keep only the recent ones
                self._scorers.clear()
            E, inv, dele, ins = self.m.styles[st]
            r = self._scorers[key] = Scorer(g, E, ins)
        return r

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
    def _search_trie(self, g, st, leads, trails, beam=None, sent=False, trie=None, prior=None):
        """Beam search of the glyphs in a trie of words (the lexicon's, or ``trie`` with ``prior``)."""
        BEAM = beam or BEAM_1
        E, inv, dele, ins = self.m.styles[st]
        inv_low, inv_up, inv_rlow = self.m.inv_split[st, sent]
        prior = prior if prior is not None else self.m.prior
        n = len(g)
        beams = [dict() for _ in range(n + 1)]
        root = trie if trie is not None else self.m.trie
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
            top = max(x[0] + LAMBDA * x[1][2] for x in items) - PRUNE
            items = [x for x in items if x[0] + LAMBDA * x[1][2] >= top]
            # deletions: letters that left no glyph (up to two in a row: «эффекты» as ``3eKTsl``)
            fresh = items
            for _ in range(2):
                added = []
                for it in fresh:
                    ch = it[1][0]
                    for c, lp in dele_items:
                        nx = ch.get(c)
                        if nx is not None:
                            added.append([it[0] + lp, nx, it[2], it[3]])
                items += added
                fresh = added
            tj = trails.get(j)
            last = j == n
            if not last:
                gj = g[j]
                ilp = ins.get(gj, INS_DEFAULT)
                subs = [(k, inv_low.get(g[j:j + k]), inv_up.get(g[j:j + k])) for k in (1, 2, 3) if j + k <= n]
                rsubs = [(k, inv_rlow.get(g[j:j + k]), u) for k, lo_, u in subs]
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
                for k, low, up in (rsubs if is_root else subs):
                    nb = beams[j + k]
                    if low:
                        if len(ch) < len(low):
                            pairs = [(c, low[c], nx) for c, nx in ch.items() if c in low]
                        else:
                            pairs = [(c, lp, ch[c]) for c, lp in low.items() if c in ch]
                        for c, lp, nx in pairs:
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
    def _search_dawg(self, g, st, leads, trails, sent=False):
        cap_lp = 0.0 if sent else CAP_LP
        low_lp = LOW_START_LP if sent else 0.0
        E, inv, dele, ins = self.m.styles[st]
        d = self.m.dawg()
        fc = d.follow_char
        memo = self.m.dawg_memo
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
            items = sorted(b.items(), key=lambda x: -x[1])[:BEAM_DICT]
            tj = trails.get(j)
            for (idx, cap, w, L), sc in items:
                if tj is not None and w and _dawg_final(memo, fc, idx):
                    results.append((sc + tj[0] + LAMBDA * DICT_LP, w, cap, L, tj[1]))
                if j == n:
                    continue
                if w:
                    ikey = (idx, cap, w, L)
                    v = sc + ins.get(g[j], INS_DEFAULT)
                    if v > beams[j + 1].get(ikey, -1e18):
                        beams[j + 1][ikey] = v
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
                            lp += cap_lp
                        elif not w:
                            lp += low_lp
                        if cc not in _LOWER:
                            continue
                        mk = (idx, cc)
                        nx = memo.get(mk, -1)
                        if nx == -1:
                            nx = idx
                            for byte in cc.encode("utf-8"):
                                nx = fc(byte, nx)
                                if nx is None:
                                    break
                            memo[mk] = nx
                        if nx is None:
                            continue
                        key = (nx, ncap, w + cc, L)
                        v = sc + lp
                        if v > nb.get(key, -1e18):
                            nb[key] = v
        return results

    # -- character-level fallback
    def _search_chars(self, g, st, leads, trails, sent=False):
        cap_lp = 0.0 if sent else CAP_LP
        low_lp = LOW_START_LP if sent else 0.0
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
                            lp += cap_lp
                        elif not w:
                            lp += low_lp
                        if cc not in _LOWER:
                            continue
                        v = sc + lp + LAMBDA * big.get((p, cc), unk.get(p, -10))
                        old = D[j + k].get(cc)
                        if old is None or v > old[0]:
                            D[j + k][cc] = (v, w + cc, ncap, L)
        return results

    # -- one token
    def nbest(self, g: str, st: str, sent: bool = False, wide: bool = True):
        """n-best candidates [(score, text, cap, kind, prior)] for a garbled token, best first.

        ``score`` includes ``LAMBDA * prior`` (the unigram log prior of the word);
        the line decoder swaps it for the bigram probability.
        """
        key = (g, st, sent, wide)
        r = self.cache.get(key)
        if r is not None:
            return r
        m = self.m
        res = []
        core = g.strip(PUNCT_STRIP)
        forced = _NUMLIKE.match(g) or _SYMBOLIC.search(g)
        if forced:
            res.append((0.0, g, 0, "keep", 0.0))
        else:
            res = self._seen_garblings(g, st)
            if not res:  # a token seen in the aligned pairs is read from them without a search
                res = self._searched(g, st, sent, wide, core)
            # keep as is: Latin words and numbers, prior from the 2019 text
            klp = m.keep.get(core)
            dm = _DIGITS.match(g)
            if klp is not None:
                res.append((LAMBDA * klp - 0.05 * len(g), g, 0, "keep", klp))
            elif dm:
                d = dm.group(1)
                # a number with a leading zero ("005") is a garbled word, not a number
                klp = math.log(m.numbers.get(d, 0.5 if d[0] != "0" or len(d) == 1 else 0.005)) - m.logN
                res.append((LAMBDA * klp, g, 0, "keep", klp))
            else:
                ap = self._latin_apos(g, st)
                if ap is not None:
                    res.append(ap)
            res = [self._quote_adjusted(x) for x in res]
            # compounds are built from halves already adjusted for quotes
            if wide and _hyphenated(core):
                res += self._hyphen_cands(g, st, sent)
            elif wide and _glue_point(g) is not None and (not res or self._doubtful(g, max(res, key=lambda x: x[0]))):
                # a slash or bracket inside a token is mostly a garbled letter (KOT/Ia = «когда»,
                # MOAU(UKATOp = «модификатор»); read it as two glued words only if one word fails
                res += self._glued_cands(g, st, sent)
            if not res:
                res.append((-50.0, g, 0, "keep", -20.0))
        seen = {}
        for x in res:
            k2 = x[1]
            if k2 not in seen or x[0] > seen[k2][0]:
                seen[k2] = x
        r = sorted(seen.values(), key=lambda x: -x[0])[:NBEST]
        self.cache[key] = r
        return r

    def _searched(self, g: str, st: str, sent: bool, wide: bool, core: str):
        """Candidates found by searching the lexicon trie, then (if those explain the glyphs badly)
        pymorphy3's dictionary and the character model."""
        m = self.m
        leads = self._lead_table(g, st)
        trails = self._trail_table(g, st)
        res = [(s, L + w + T, cap, "word", m.prior[w]) for s, w, cap, L, T in self._search_trie(g, st, leads, trails, None, sent)]
        best = max((x[0] for x in res), default=-1e9)
        weak = best < -4.0 * max(1, len(g)) ** 0.5 - 14 or not res
        if weak:
            res = [
                (s, L + w + T, cap, "word", m.prior[w])
                for s, w, cap, L, T in self._search_trie(g, st, leads, trails, BEAM_2, sent)
            ]
            best = max((x[0] for x in res), default=-1e9)
            weak = best < -4.0 * max(1, len(g)) ** 0.5 - 14 or not res
        if not weak and len(core) >= 4:
            top = max(res, key=lambda x: x[0])
            weak = (top[0] - LAMBDA * top[4]) < POOR_CHANNEL * len(g)
        if weak and wide:
            for s, w, cap, L, T in self._search_dawg(g, st, leads, trails, sent):
                pr = m.dict_prior(w)
                res.append((s + LAMBDA * (pr - DICT_LP), L + w + T, cap, "dict", pr))
            res += [(s, L + w + T, cap, "oov", OOV_LP) for s, w, cap, L, T in self._search_chars(g, st, leads, trails, sent)]
        return res

    def _seen_garblings(self, g: str, st: str):
        """Readings of ``g`` seen in the aligned pairs, scored by how often the word was garbled so.

        A seen pairing still has to be possible letter by letter (a loose check with
        the character channel), so a word the 2020 text changed («вниз» where 2019
        said «вверх») does not become a «garbling» of the old word.  A pairing seen
        three times or more («за» read as ``32`` 15 times in 49) passes unless
        another reading of the same glyphs explains them far better.
        """
        srcs = self.m.garbles.get(st, {}).get(g)
        if not srcs:
            return []
        tot = self.m.garble_src[st]
        sc = self.scorer(g, st)
        chars = {a: sc(a) for a in srcs}
        best_char = max(chars.values())
        out = []
        for a, n in srcs.items():
            lp_char = chars[a]
            plausible = lp_char >= SEEN_GATE - 2.0 * len(g)
            if not plausible and not (n >= 3 and lp_char >= best_char - 10.0):
                continue
            mm = _AFFIX.match(a)
            core = mm.group(2).lower()
            if not core:
                continue
            pr = self.m.word_prior(core)
            aff = self.m.lead.get(mm.group(1), -12.0) + self.m.trail.get(mm.group(3), -12.0)
            text = mm.group(1) + mm.group(2).lower() + mm.group(3)
            cap = 0  # the 2019 token's case says nothing about this occurrence
            lp = max(lp_char, math.log(n / tot[a])) + aff
            out.append((lp + LAMBDA * pr, text, cap, "word" if core in self.m.prior else "dict", pr))
        return out

    def _quote_adjusted(self, cand):
        """A word read as opening a quote («Каскад») is likely to close it too: «Kackany. is «Каскад»."""
        sc, text, cap, kind, pr = cand
        if kind == "keep" or not text.startswith(("«", "(«")):
            return cand
        tail = text[len(text.rstrip(PUNCT_STRIP)):]
        return (sc + self.m.quote_adj["»" in tail], text, cap, kind, pr)

    def _hyphen_cands(self, g: str, st: str, sent: bool):
        """A hyphenated token (какая-либо, мана-символы, Колосс-Хамелеон): its halves decoded apart.

        The second half is also scored against the second halves of the lexicon's
        hyphenated words («либо», «то», «нибудь», …), which the OCR often wrecks.
        """
        i = g.index("-", len(g) - len(g.lstrip(PUNCT_STRIP)) + 1)
        g1, g2 = g[:i], g[i + 1:]
        firsts = [c for c in self.nbest(g1, st, sent) if c[3] != "keep" and c[1][-1:].isalpha()][:3]
        seconds = [c for c in self.nbest(g2, st, False) if c[3] != "keep" and c[1][:1].isalpha()][:3]
        core1 = g1.lstrip(PUNCT_STRIP)
        core2 = g2.rstrip(PUNCT_STRIP)
        firsts += self._halves(core1, g1[: len(g1) - len(core1)], "", st, 0)
        seconds += self._halves(core2, "", g2[len(core2):], st, 1)
        out = []
        for s1, t1, cap1, k1, p1 in firsts:
            for s2, t2, cap2, k2, p2 in seconds:
                text = t1 + "-" + (t2[:1].upper() + t2[1:] if cap1 and cap2 else t2)
                # a compound the lexicon lacks: P(hyphenated) * P(first half) * P(second half)
                pr = self.m.prior.get(_core(text))
                if pr is None:
                    h1 = self.m.hyphen_halves[0].get(_core(t1), p1)
                    h2 = self.m.hyphen_halves[1].get(_core(t2), p2)
                    pr = self.m.hyphen_lp + h1 + h2
                out.append((s1 - LAMBDA * p1 + s2 - LAMBDA * p2 + LAMBDA * pr, text, cap1, _weaker(k1, k2), pr))
        return out

    def _glued_cands(self, g: str, st: str, sent: bool):
        """Two words the OCR glued at a slash or a bracket: ``BBEPX/JIHIIOM`` is «вверх/лицом»,
        ``crouMocTH(cMoTpuTe`` is «стоимости (смотрите» (the space before a bracket is restored)."""
        i = _glue_point(g)
        sep = g[i]
        g1, g2 = g[:i], (g[i + 1:] if sep == "/" else g[i:])
        firsts = [c for c in self.nbest(g1, st, sent) if c[1][-1:].isalpha()][:3]
        seconds = [c for c in self.nbest(g2, st, False) if c[3] != "keep" or sep != "/"][:3]
        joint = "/" if sep == "/" else " "
        return [(s1 + s2, t1 + joint + t2, cap1, _weaker(k1, k2), p1 + p2)
                for s1, t1, cap1, k1, p1 in firsts for s2, t2, cap2, k2, p2 in seconds]

    def _halves(self, core: str, L: str, T: str, st: str, side: int):
        """The lexicon's halves of hyphenated words (промо-, -либо), scored against one half's glyphs."""
        aff = (self.m.lead.get(L, -12.0) if L else 0.0) + (self.m.trail.get(T, -12.0) if T else 0.0)
        out = []
        sc = self.scorer(core, st)
        for half, lp_half in self.m.hyphen_halves[side].items():
            if len(core) / 2.6 <= len(half) <= len(core) + 1:
                lp = sc(half)
                out.append((lp + aff + LAMBDA * lp_half, L + half + T, 0, "word", lp_half))
        return out

    def _latin_apos(self, g: str, st: str):
        """planeswalker'a -> planeswalker'а: a known Latin word with a Russian ending."""
        mm = _APOS.match(g)
        if not mm or mm.group(2).lower() not in self.m.latin_lower:
            return None
        rest = mm.group(4)
        sc = self.scorer(rest, st)
        best = None
        for sfx, slp in self.m.apos.items():
            for T in ("", ".", ",", "»", ":", ")"):
                lp = sc(sfx + T)
                v = lp + slp + self.m.trail.get(T, -12.0)
                if best is None or v > best[0]:
                    best = (v, sfx + T)
        if best is None:
            return None
        klp = self.m.latin_lower[mm.group(2).lower()]
        text = mm.group(1) + mm.group(2) + mm.group(3) + best[1]
        return (best[0] + LAMBDA * klp, text, 0, "keep", klp)

    @staticmethod
    def _doubtful(g: str, cand) -> bool:
        """Is the best reading only a dictionary or letter-model word, or a poor fit to the glyphs?"""
        return cand[3] in ("dict", "oov") or (cand[0] - LAMBDA * cand[4]) < POOR_CHANNEL * len(g)

    def _ctx_cands(self, g: str, st: str, best_text: str, ctx: set):
        """Score the aligned 2019 block's words directly against the glyphs."""
        m = _AFFIX.match(best_text)
        L, T = m.group(1), m.group(3)
        aff = self.m.lead.get(L, -12.0) + self.m.trail.get(T, -12.0)
        gc = g.strip(PUNCT_STRIP) or g
        core_len = len(gc)
        firsts = self.m.first_glyphs[st]
        out = []
        for w in ctx:
            if not (core_len / 2.6 <= len(w) <= core_len + 1):
                continue
            f = firsts.get(w[0])
            if f is None or gc[:1] not in f and gc[:2] not in f:
                continue
            key = (g, st, L, w, T)
            r = self.ctx_cache.get(key)
            if r is None:
                sc = self.scorer(g, st)
                lp = sc(L + w + T)
                cap = 0
                if not L:  # the glyphs may show a capital letter («[Ipukimoue…» = «Приключ…»)
                    lp_cap = sc(w[0].upper() + w[1:] + T) + CAP_LP
                    if lp_cap > lp:
                        lp, cap = lp_cap, 1
                pr = self.m.word_prior(w)
                r = self.ctx_cache[key] = (lp + aff + LAMBDA * pr, L + w + T, cap, "word", pr)
            out.append(r)
        return out

    def _translation_cands(self, g: str, st: str, best, tr):
        """The glyphs scored against every form of the words the English text translates to
        (``BlockTranslation.words``, one DP over their trie): «бесцветного», which no
        other search finds for ``oecietHoro``.  The best few are scored as 2019 context words are."""
        key = (tr.english, g, st, best[1])
        r = self.tr_cache.get(key)
        if r is None:
            if tr.trie is None:
                tr.trie = _build_trie(tr.words)
            E, inv, dele, ins = self.m.styles[st]
            gc = g.strip(PUNCT_STRIP) or g
            floor = best[0] - LAMBDA * best[4] - TR_MAX - TR_SLACK
            scores = trie_scores(tr.trie, gc, E, ins, floor, CAP_LP)
            top = sorted(scores, key=lambda w: (-scores[w], w))[:TR_TOP]
            r = self.tr_cache[key] = self._ctx_cands(g, st, best[1], top)
        return r

    @staticmethod
    def _english_ref(g: str, cands, tr) -> list:
        """A rule reference the block's English text prints, where the glyphs show it with one
        character garbled, lost or added: ``601.2c¢.`` and ``601.2¢.`` are «601.2c.», ``205.31``
        is «205.3i» ("rule 601.2c" in the English; a number is the same number in Russian).
        It beats the other readings, as a 2019 token that fits its glyphs does."""
        m = _REF_TOKEN.match(g)
        if m is None:
            return []
        lead, core, trail = m.groups()
        if core in tr.refs:
            return []
        fixed = core.replace("¢", "c")
        hits = [r for r in tr.refs if "." in r and r[:4] == fixed[:4] and _one_edit(fixed, r)]
        if len(hits) != 1:  # none, or two the glyphs cannot tell apart
            return []
        best = max(cands, key=lambda c: c[0])
        return [(best[0] + 1.0, lead + hits[0] + trail, 0, "keep", max(c[4] for c in cands))]

    def _old_token(self, g: str, st: str, old: str, cands, tr=None) -> list:
        """The 2019 token at this token's place, as printed (case, punctuation, numbers), where
        the rule's English did not change: it wins unless the glyphs clearly say otherwise
        (``J{nms`` is «Для», ``601.2c¢.`` is «601.2c.»; ``ux`` stays «их», not the 2019 «или»).
        A 2019 number that the English text prints too passes whenever the glyphs have as
        many characters: the OCR read its digits as letters of the same shape, which no
        training pair shows (704.5f «равна 0 или меньше», "toughness 0 or less": ``O``); and digits
        the English does not print, where 2019 has a word, are that word (``03311`` «позади»).
        Where the 2019 token is among the candidates already, this is it again with that
        advantage: «способность» is not lost to «способности» for a nat of channel score."""
        core = _core(old)
        cyr = bool(_CYR_WORD.search(old))
        sc = self.scorer(g, st)
        lp = 0.0 if old == g else sc(old)  # a Latin X printed as in 2019 (the channel knows Cyrillic only)
        if cyr and old[:1].isupper():  # the capital is the 2019 text's, not the glyphs' to prove
            lp = max(lp, sc(old.lower()))
        pr = self.m.word_prior(core) if cyr else self.m.keep.get(core, -12.0)
        score = lp + OLD_BONUS
        if not cyr and core.isdigit() and tr is not None and core in tr.numbers and len(_core(g)) == len(core):
            lp = max(lp, OLD_GATE * len(g))
        gd = _core(g)
        if cyr and gd.isdigit() and tr is not None and gd not in tr.refs:
            # digits the English does not print are a word whose letters the OCR read as digits
            # (``03311`` is 2019's «позади», ``370`` «это»): they prove no number, so they do not
            # demand a change from the 2019 word (the channel knows only Cyrillic letters)
            lp = max(lp, OLD_GATE * len(g))
        if lp >= OLD_GATE * len(g):  # glyphs this plausible for the 2019 token do not demand a change
            score = max(score, max(c[0] for c in cands) + 1.0)
            pr = max(pr, max(c[4] for c in cands))  # nor does the language model (a symbol kept as is costs nothing)
        return [(score, old, int(old[:1].isupper()), "word" if cyr else "keep", pr)]

    def candidates(self, g: str, st: str, ctx: set | None = None, sent: bool = False, wide: bool = True,
                   tr: "ocr_translate.BlockTranslation | None" = None):
        """Candidates with the 2019-context and translation bonuses:
        [(channel+bonus score without prior, text, cap, kind, prior)]."""
        cands = self.nbest(g, st, sent, wide)
        if ctx and cands[0][3] != "keep" and _core(cands[0][1]) not in ctx and (
            not isinstance(ctx, _Cache) or self._doubtful(g, cands[0])
        ):
            cands = cands + self._ctx_cands(g, st, cands[0][1], ctx)
        if tr is not None and tr.search and cands[0][3] != "keep" and self._doubtful(g, cands[0]):
            cands = cands + self._translation_cands(g, st, cands[0], tr)
        if tr is not None and tr.refs and _HAS_DIGIT.search(g):
            cands = cands + self._english_ref(g, cands, tr)
        out = []
        tot = (getattr(ctx, "total", None) or len(ctx)) if ctx else 1
        for sc, t, cap, kind, pr in cands:
            channel = sc - LAMBDA * pr
            if ctx and kind != "keep" and _core(t) in ctx:
                # cache model: the aligned block's words are likely here
                cnt = ctx[_core(t)] if isinstance(ctx, dict) else 1
                pr = max(pr, math.log(CACHE_W * cnt / tot))
            out.append((channel + self.m.bonus(t, kind, ctx, tr), t, cap, kind, pr))
        return out

    # -- a line: Viterbi over candidates with the word bigram model
    def _joinable(self, a: str, b: str, ca, cb) -> bool:
        """Should the split ``a b`` also be tried as one word (OCR inserted a space)?"""
        if _NUMLIKE.match(a) or _NUMLIKE.match(b) or _SYMBOLIC.search(a) or _SYMBOLIC.search(b):
            return False
        if len(a) + len(b) > 22 or (a[-1] in ".,;:!?»)" and a.strip(PUNCT_STRIP)) or b[0] == "«":
            return False

        def poor(c, g):
            top = c[0]
            return top[3] != "keep" and top[0] / max(1, len(g)) < POOR_CHANNEL or top[3] in ("oov", "dict")

        if b[0] == "(":
            # a bracket opens a word («(смотрите»), or it is «ф» (``(P``, ``(D``, ``(``) inside a word
            # the OCR split: ``3P (EeKThI`` = «эффекты», whose first half alone read «эф»
            return len(a.strip(PUNCT_STRIP)) <= 2 and (poor(ca, a) or ca[0][3] == "keep")

        # a short token may be a piece of a split word, unless it is a Latin word of the rules (X, N)
        short_a = len(a.strip(PUNCT_STRIP)) <= 2 and a.strip(PUNCT_STRIP) not in self.m.keep
        short_b = len(b.strip(PUNCT_STRIP)) <= 2 and b.strip(PUNCT_STRIP) not in self.m.keep
        if short_a and (poor(ca, a) or ca[0][3] == "keep"):
            return True
        if short_b and (poor(cb, b) or cb[0][3] == "keep"):
            return True
        return poor(ca, a) and poor(cb, b)

    def decode_line(self, toks: list[str], st: str, ctx, prev: str, sent0: bool = False, tr=None, old=None):
        """Decode the tokens of one line.  Returns ([(n_tokens, cand, conf)], last LM unit).
        ``old``: {token index, or (index, 2) for two tokens read as one: the 2019 token to try
        there} (``_look_at_2019``)."""
        m = self.m
        n = len(toks)
        if not n:
            return [], prev
        sents = [sent0] + [bool(_SENT_END_G.search(t)) for t in toks[:-1]]
        c1 = [self.candidates(g, st, ctx, se, tr=tr) for g, se in zip(toks, sents)]
        if old:
            c1 = [c + self._old_token(g, st, old[i], c, tr) if i in old else c for i, (g, c) in enumerate(zip(toks, c1))]
        # spans: (start, length, candidates)
        spans_end: list[list] = [[] for _ in range(n)]
        for i in range(n):
            spans_end[i].append((i, 1, c1[i]))
        for i in range(n - 1):
            if self._joinable(toks[i], toks[i + 1], c1[i], c1[i + 1]):
                cj = self.candidates(toks[i] + toks[i + 1], st, ctx, sents[i], wide=False, tr=tr)
                cj = [(c[0] + JOIN_LP,) + tuple(c[1:]) for c in cj if c[3] != "keep"]
                if cj:
                    spans_end[i + 1].append((i, 2, cj))
            if old and (i, 2) in old:  # a 2019 word the OCR split in two (``У крепление``)
                best2 = [(max(c[0] for c in c1[i]) + max(c[0] for c in c1[i + 1]),) + c1[i][0][1:]]
                spans_end[i + 1].append((i, 2, self._old_token(toks[i] + toks[i + 1], st, old[i, 2], best2, tr)))
        # Viterbi over (span, candidate)
        best: dict = {}  # (end, span_idx, cand_idx) -> (score, back)
        for e in range(n):
            for si, (st_, ln, cs) in enumerate(spans_end[e]):
                pstart = st_ - 1
                for ci, c in enumerate(cs):
                    u = _lm_unit(c[1], c[3])
                    if pstart < 0:
                        v = LAMBDA * m.lmk(prev, u, c[4])
                        bk = None
                    else:
                        v, bk = -1e18, None
                        for psi, (pst, pln, pcs) in enumerate(spans_end[pstart]):
                            for pci, pc in enumerate(pcs):
                                pv = best.get((pstart, psi, pci))
                                if pv is None:
                                    continue
                                w = pv[0] + LAMBDA * m.lmk(_lm_unit(pc[1], pc[3]), u, c[4])
                                if w > v:
                                    v, bk = w, (pstart, psi, pci)
                    best[(e, si, ci)] = (v + c[0], bk)
        end_keys = [k for k in best if k[0] == n - 1]
        k = max(end_keys, key=lambda x: best[x][0])
        path = []
        while k is not None:
            path.append(k)
            k = best[k][1]
        path.reverse()
        out = []
        for idx, (e, si, ci) in enumerate(path):
            st_, ln, cs = spans_end[e][si]
            pu = prev if idx == 0 else _lm_unit(*_pick(spans_end, path[idx - 1]))
            nxt = _pick(spans_end, path[idx + 1]) if idx + 1 < len(path) else None
            loc = []
            for c in cs:
                u = _lm_unit(c[1], c[3])
                v = c[0] + LAMBDA * m.lmk(pu, u, c[4])
                if nxt is not None:
                    ncand = spans_end[path[idx + 1][0]][path[idx + 1][1]][2][path[idx + 1][2]]
                    v += LAMBDA * m.lmk(u, _lm_unit(*nxt), ncand[4])
                loc.append(v)
            z = sum(math.exp(min(50.0, x - loc[ci])) for x in loc)
            conf = 1.0 / z
            c = cs[ci]
            if c[3] == "oov":
                conf = min(conf, 0.5)
            if ln == 2:
                conf = min(conf, 0.9)
            out.append((ln, c, conf))
        last = out[-1][1]
        nprev = "<s>" if _SENT_END.search(last[1]) else _lm_unit(last[1], last[3])
        return out, nprev


def _pick(spans_end, key):
    e, si, ci = key
    c = spans_end[e][si][2][ci]
    return c[1], c[3]


_APOS = re.compile(r"^([«(\"]*)([A-Za-z][A-Za-z\-]*)(['’])(.+)$")
_AFFIX = re.compile(r"^([^\wА-Яа-яЁё]*)(.*?)([^\wА-Яа-яЁё]*)$")


_GLUE = re.compile(r"[A-Za-z¢€é]{3}([/(\[])(?=«?[A-Za-z¢€é]{2})")


def _glue_point(g: str) -> int | None:
    """Where two words are glued by ``/``, ``(`` or ``[`` (after three letters, before two)."""
    m = _GLUE.search(g)
    return m.start(1) if m else None


_KIND_RANK = {"keep": 0, "word": 0, "dict": 1, "oov": 2}


def _weaker(k1: str, k2: str) -> str:
    """The kind of a compound: a dictionary or letter-model half makes the whole one."""
    k = max((k1, k2), key=lambda k: _KIND_RANK.get(k, 0))
    return "word" if k == "keep" else k


def _hyphenated(core: str) -> bool:
    """Two parts of two or more glyphs, each with a letter, joined by one hyphen: «YeM-JI00»."""
    parts = core.split("-")
    return len(parts) == 2 and all(len(p) >= 2 and any(ch.isalpha() for ch in p) for p in parts)


def _lm_unit(text: str, kind: str) -> str:
    if kind == "keep":
        return class_unit(text.strip(PUNCT_STRIP))
    return _core(text)


_HAS_DIGIT = re.compile(r"\d")
_REF_TOKEN = re.compile(r"^([«(\"]*)(\d{3}\.\d+[a-z¢\d]{0,2})([.,;:)»\"]*)$")


def _one_edit(a: str, b: str) -> bool:
    """Are the two strings equal but for one character replaced, inserted or deleted?  A digit
    replaced by another digit does not count: the OCR reads digits well, and a different digit is
    a different rule (the 2020 Russian print still cites 2019's 110.6 where the English says 110.5)."""
    if a == b or abs(len(a) - len(b)) > 1:
        return a == b
    if len(a) == len(b):
        diff = [(x, y) for x, y in zip(a, b) if x != y]
        return len(diff) == 1 and not (diff[0][0].isdigit() and diff[0][1].isdigit())
    short, long_ = (a, b) if len(a) < len(b) else (b, a)
    return any(long_[:i] + long_[i + 1:] == short for i in range(len(long_)))


def _core(t: str) -> str:
    return t.strip(PUNCT_STRIP).lower()


# --------------------------------------------------------------------------- document

_RULE_PREFIX = re.compile(r"^(\d{3}\.\d{1,3}(?:[a-z¢\]1i]{1,3}|\.)?\.?|\d{1,3}\.)(?=\s|$)")


def _line_contexts(text: str, m: Model, use_context: bool = True):
    """Per line: style ("u" upright, "i" italic, ``ENGLISH`` kept as it is), the 2019 word
    set of the aligned block (if any), the lines that start a sentence, the section, and
    what the block's English 2020 text says (``ocr_translate.BlockTranslation``)."""
    lines = text.split("\n")
    blocks, _ = ocr_align.segment(text, ocr=True)
    style = ["u"] * len(lines)
    ctx: list[set | None] = [None] * len(lines)
    starts: set[int] = set()
    family: list[str | None] = [None] * len(lines)
    trans: list = [None] * len(lines)
    same_blocks = []  # (block, its 2019 tokens) where the English did not change
    english = ocr_translate.english_blocks()
    same_en = ocr_translate.unchanged_english()
    t19 = ocr_align.SRC_2019.read_text(encoding="utf-8")
    b19, l19 = ocr_align.segment(t19, ocr=False)
    idx = {}
    for b in b19:
        key = b.key if b.key.startswith(("G:", "ch", "pre", "gloss")) else ocr_align.shift_2019_number(b.key)
        idx.setdefault(ocr_align.block_id(key, b.kind, b.ex_index), b)
    for b in blocks:
        o = idx.get(b.id) if b.kind != "pre" else None
        words = None
        if o is not None:
            words = _words_2019([l19[i] for i in o.lines])
        tr = None
        if b.kind != "pre" and b.id in english:
            same = b.id in same_en
            # a block read without its 2019 text (new, changed, or held out) is searched for its translations
            tr = m.translate.block(english[b.id], same, search=o is None or not same or not use_context)
            if same and o is not None:
                old = ocr_align.block_text(o, l19)
                same_blocks.append((b, (ocr_train.without_senses(old) if b.kind == "gloss" else old).split()))
        for i in b.lines:
            style[i] = b.style
            ctx[i] = words
            trans[i] = tr
        if b.kind in ("rule", "title") and b.lines:
            starts.add(b.lines[0])
        elif b.kind == "gloss":
            # the English headword is kept as it is; the Russian term and its definition
            # after it both start a sentence
            if ocr_align.printed_head(lines[b.lines[0]]).strip() == b.key[2:]:  # not a head glued to Russian text
                style[b.lines[0]] = ENGLISH
                starts.update(b.lines[1:3])
        fam = re.match(r"^(\d{3})", b.key)
        for i in b.lines:
            family[i] = fam.group(1) if fam else None
    covered = {i for b in blocks for i in b.lines}
    for i, l in enumerate(lines):
        if i not in covered and _RULE_PREFIX.match(l):
            starts.add(i)  # text outside a full document: a rule number at line start
    return lines, style, ctx, starts, family, trans, same_blocks


_SENT_END = re.compile(r"[.!?]»?\)?$")
_SENT_END_G = re.compile(r"[.!?](?:»|y|Y|by)?\)?$")  # sentence end as seen in the glyphs


def decode_document(text: str, model: Model | None = None, use_context: bool = True,
                    workers: int | None = None) -> DecodedDoc:
    """Decode a whole OCR text; ``workers`` > 1 decodes line ranges in forked processes
    (default: ``JUDGE_BUILD_WORKERS`` or the available cores, ``build_workers``); the
    result is the same whatever their number.

    One ``Decoder`` serves the whole document: its caches (what each token's glyphs
    give) pass from one pass to the next, also across the forked workers (``_fork_map``)."""
    global _DECODER
    m = model or get_model()
    if workers is None:
        from .build_workers import build_workers

        workers = build_workers()
    _DECODER = Decoder(m)
    try:
        with gc_paused():  # its caches live until the end: nearly a third of the CPU went in walking them
            return _decode_passes(text, m, use_context, workers)
    finally:
        _DECODER = None  # do not keep the caches alive after the document


def _decode_passes(text: str, m: Model, use_context: bool, workers: int) -> DecodedDoc:
    lines, style, ctx, starts, family, trans, same_blocks = _line_contexts(text, m, use_context)
    pos19: list = [None] * len(lines)  # per line, the 2019 token to try at each OCR token (_look_at_2019)
    if not use_context:
        ctx = [None] * len(lines)
    ranges = _chunks(lines, workers * CHUNKS_PER_WORKER if workers > 1 else 1, starts)
    parts = _fork_map(_job, ranges, (m, lines, style, ctx, starts, trans, pos19), workers, [b - a for a, b in ranges])
    out_lines, out_tokens, low = [], [], []
    for ol, ot, lw in parts:
        out_lines += ol
        out_tokens += ot
        low += lw
    if use_context:
        _second_pass(m, lines, style, ctx, starts, family, trans, pos19, out_lines, out_tokens, low, workers)
        # serially: its ~1,000 lines were all decoded already, only the 2019 tokens are new and
        # cheap to score (0.6 s of CPU in one process, 1.9 s in two forked workers, 2026-11-26)
        _look_at_2019(m, lines, style, ctx, starts, trans, pos19, same_blocks, out_lines, out_tokens, low)
    return DecodedDoc(out_lines, low, out_tokens)


def _chunks(lines: list[str], k: int, starts: set[int]) -> list[tuple[int, int]]:
    """Cut the lines into about ``k`` ranges of similar size (work for the pool), each
    beginning where a rule or title begins, so no sentence is cut."""
    n = len(lines)
    if k <= 1 or n <= 200:
        return [(0, n)]
    cuts = [0]
    for w in range(1, k):
        c = max(n * w // k, cuts[-1])
        while c < n and c not in starts:
            c += 1
        cuts.append(c)
    cuts.append(n)
    return [(a, b) for a, b in zip(cuts, cuts[1:]) if a < b]


_JOB = None  # what the forked workers share: set before the pool forks
_DECODER: "Decoder | None" = None  # the document's decoder (``decode_document``), inherited by the workers


def _fork_map(fn, items: list, state: tuple, workers: int, weights: list[int] | None = None) -> list:
    """``[fn(x) for x in items]`` in ``workers`` forked processes sharing ``state`` (read as ``_JOB``)
    and the document's decoder; what the workers add to its caches comes back to this
    process's decoder, so the next pass (``_redo``) starts from it.

    The items go to the workers in ``workers * CHUNKS_PER_WORKER`` contiguous batches of
    about equal ``weights`` (lines): a repeat pass has hundreds of short runs of lines,
    and one task per run cost more than the runs (each task sends back its cache entries,
    found by skipping the whole cache). Work under ``SERIAL_BELOW`` lines is done here:
    forking and filling the workers' caches again costs more than it saves. The result
    is the same either way: the caches only remember what a token's glyphs give."""
    global _JOB
    _JOB = state
    try:
        weights = weights or [1] * len(items)
        if workers <= 1 or len(items) <= 1 or sum(weights) < SERIAL_BELOW:
            return [fn(x) for x in items]
        import multiprocessing as mp

        batches = _batches(weights, workers * CHUNKS_PER_WORKER)
        with mp.get_context("fork").Pool(min(workers, len(batches))) as pool:
            parts = pool.map(_in_worker, [(fn, items[a:b]) for a, b in batches], chunksize=1)
        for _, added in parts:
            _DECODER.absorb(added)
        return [r for results, _ in parts for r in results]
    finally:
        _JOB = None


def _batches(weights: list[int], k: int) -> list[tuple[int, int]]:
    """Cut ``range(len(weights))`` into at most ``k`` contiguous (start, end) pieces of about
    equal total weight (each cut where the running total passes the next k-th)."""
    total, cuts, run = sum(weights), [0], 0
    for i, w in enumerate(weights[:-1], 1):
        run += w
        if run * k >= total * len(cuts) and len(cuts) < k:
            cuts.append(i)
    cuts.append(len(weights))
    return list(zip(cuts, cuts[1:]))


def _in_worker(fn_xs):
    """Run ``fn`` on a batch of items in a worker; return the results and what the batch
    added to the decoder's caches."""
    fn, xs = fn_xs
    sizes = _DECODER.cache_sizes()
    return [fn(x) for x in xs], _DECODER.cache_since(sizes)


class _Words2019(set):
    """The words of the aligned 2019 block (lower case); ``caps``: those it writes
    capitalised inside a sentence (card and mechanic names: «Колосс-Хамелеон»)."""

    caps: frozenset = frozenset()


_CYR_WORD = re.compile(r"[А-Яа-яЁё]+(?:-[А-Яа-яЁё]+)*")


def _words_2019(lines: list[str]) -> _Words2019:
    words = _Words2019(w.lower() for line in lines for w in _CYR_WORD.findall(line))
    caps = set()
    for line in lines:  # line by line: a glossary term's line is not inside a sentence
        prev = ""
        for tok in line.split():
            m = _CYR_WORD.search(tok)
            if (m and m.group(0)[0].isupper() and prev and not tok.startswith(("«", "(«"))
                    and not _SENT_END.search(prev) and not prev.endswith(":")):
                caps.add(m.group(0).lower())
            prev = tok
    words.caps = frozenset(caps)
    return words


class _Cache(dict):
    """word -> count of its lemma in the rule family; ``total`` = number of counted tokens."""

    total = 0


def _second_pass(m, lines, style, ctx, starts, family, trans, pos19, out_lines, out_tokens, low, workers=1):
    """Rules with no 2019 counterpart: decode again with the rule's own confident words as cache.

    A word like «Побег» that only pymorphy3's dictionary knows is found with good
    confidence in some lines of rule 702.137; the same rule's other lines (its title,
    other garblings of the word) get it as a cached, likely word.
    """
    fam_words: dict[str, dict] = {}
    fam_lines: dict[str, list] = {}
    for ln, toks in enumerate(out_tokens):
        f = family[ln]
        if f is None or ctx[ln] is not None:
            continue
        fam_lines.setdefault(f, []).append(ln)
        for t in toks:
            if t.kind in ("word", "dict") and t.posterior >= 0.8 and len(_core(t.decoded)) >= 3:
                fw = fam_words.setdefault(f, {})
                fw[_core(t.decoded)] = fw.get(_core(t.decoded), 0) + 1
    # count by lemma (pymorphy3), and let every form of a counted lemma share its count
    from .ocr_lexicon import morph

    mo = morph()
    for f, fw in list(fam_words.items()):
        lem_count: dict[str, int] = {}
        lex_of: dict[str, list] = {}
        for w, c in fw.items():
            p = mo.parse(w)[0]
            lem_count[p.normal_form] = lem_count.get(p.normal_form, 0) + c
            if p.normal_form not in lex_of:
                lex_of[p.normal_form] = [x.word for x in p.lexeme]
        cache = _Cache()
        cache.total = sum(fw.values())
        for lem, forms in lex_of.items():
            if lem_count[lem] < 2:  # a word seen once is no evidence for other lines
                continue
            for x in forms:
                cache[x] = max(cache.get(x, 0), lem_count[lem])
        fam_words[f] = cache
    # only lines with a doubtful word can change
    redo = [
        ln
        for f, lns in fam_lines.items()
        if fam_words.get(f)
        for ln in lns
        if any(t.kind in ("dict", "oov") or (t.kind != "keep" and t.posterior < 0.95) for t in out_tokens[ln])
    ]
    if not redo:
        return
    ctx2 = list(ctx)
    for ln in redo:
        ctx2[ln] = fam_words[family[ln]]
    _redo(redo, (m, lines, style, ctx2, starts, trans, pos19), out_lines, out_tokens, low, workers)


def _look_at_2019(m, lines, style, ctx, starts, trans, pos19, same_blocks, out_lines, out_tokens, low):
    """Rules whose English did not change since 2019: where the decoded words differ from the
    2019 words (a word-level diff), the 2019 word at that place is tried again as a reading
    of those glyphs with ``OLD_BONUS``, so a Russian word differs from 2019 only where the
    glyphs demand it (``Decoder._old_token``)."""
    import difflib

    from .diff import normalise

    redo = set()
    for b, old in same_blocks:
        places = []  # (line, index among the line's OCR words after the number, decoded word)
        stray = []  # per place: could the token be OCR noise (kept as printed, a dictionary word, unsure)?
        joined = []  # per place: two OCR tokens read as one word
        for n_line, ln in enumerate(b.lines):
            if b.kind == "gloss" and n_line == 0:
                continue
            k = 0
            for n_tok, t in enumerate(out_tokens[ln]):
                width = len(t.garbled.split())
                if n_line == 0 and n_tok == 0 and t.kind == "keep" and _RULE_PREFIX.fullmatch(t.garbled):
                    continue  # the rule number (not passed to the line decoder)
                if n_line == 0 and n_tok == 0 and b.kind == "example":
                    k += width  # the «Пример:» label
                    continue
                words = t.decoded.split()  # a token read as two glued words has no single place
                for w in (words if width == 1 and len(words) == 1 else [None] * len(words)):
                    places.append((ln, k, w))
                    stray.append(t.kind in ("keep", "dict", "oov") or t.conf < STRAY_CONF)
                    joined.append(width == 2 and len(words) == 1)
                k += width
        dec = [normalise(w) if w else "\0" for _, _, w in places]
        sm = difflib.SequenceMatcher(a=[normalise(w) for w in old], b=dec, autojunk=False)

        def two_as_one(j: int, word: str) -> None:
            """Try the decoded tokens at places j and j + 1 as the one 2019 word ``word``."""
            if not 0 <= j < len(places) - 1:
                return
            (ln, k, w), (ln2, k2, w2) = places[j], places[j + 1]
            if w is not None and w2 is not None and ln == ln2 and k2 == k + 1:
                pos19[ln] = pos19[ln] or {}
                pos19[ln][k, 2] = word
                redo.add(ln)

        for op, i1, i2, j1, j2 in sm.get_opcodes():
            if op == "replace" and i2 - i1 == 1 and j2 - j1 == 2:  # one 2019 word, two decoded tokens
                two_as_one(j1, old[i1])
                continue
            if op == "insert" and j2 - j1 == 1 and stray[j1]:
                # a stray token: mostly the first or last piece of a word the OCR split, whose other
                # piece alone was read as the whole 2019 word (``3P (EeKThI``: «эф эффекты»)
                if i1 < len(old):
                    two_as_one(j1, old[i1])
                if i1 > 0:
                    two_as_one(j1 - 1, old[i1 - 1])
                continue
            if op == "replace" and i2 - i1 == 2 and j2 - j1 == 1 and joined[j1]:
                # two OCR tokens read as one word where 2019 has two (``Kak v`` read «как», 2019 «как и»)
                ln, k, _ = places[j1]
                pos19[ln] = pos19[ln] or {}
                pos19[ln][k], pos19[ln][k + 1] = old[i1], old[i1 + 1]
                redo.add(ln)
                continue
            if op != "replace" or i2 - i1 != j2 - j1:
                continue
            for i, j in zip(range(i1, i2), range(j1, j2)):
                ln, k, w = places[j]
                if w is None:
                    continue
                if pos19[ln] is None:
                    pos19[ln] = {}
                pos19[ln][k] = old[i]
                redo.add(ln)
    if redo:
        _redo(sorted(redo), (m, lines, style, ctx, starts, trans, pos19), out_lines, out_tokens, low, 1)


def _redo(redo: list[int], state: tuple, out_lines, out_tokens, low, workers) -> None:
    """Decode the lines ``redo`` again with ``state`` (as ``_JOB``), each run of lines carrying
    the sentence state of the line before it."""
    redo_set = set(redo)
    low[:] = [x for x in low if x[0] not in redo_set]
    # contiguous runs of lines
    runs, cur = [], []
    for ln in sorted(redo):
        if cur and ln != cur[-1] + 1:
            runs.append(cur)
            cur = []
        cur.append(ln)
    if cur:
        runs.append(cur)
    jobs = []
    for run in runs:
        carry, prev = True, "<s>"
        k = run[0] - 1
        while k >= 0 and not out_tokens[k]:
            k -= 1
        if k >= 0:
            last = out_tokens[k][-1]
            carry = bool(_SENT_END.search(last.decoded))
            prev = "<s>" if carry else _lm_unit(last.decoded, last.kind)
        jobs.append((run[0], run[-1] + 1, carry, prev))
    for run, (ol, ot, lw) in zip(runs, _fork_map(_job, jobs, state, workers, [len(r) for r in runs])):
        for k, ln in enumerate(run):
            out_lines[ln] = ol[k]
            out_tokens[ln] = ot[k]
        low += lw
    low.sort()


def _job(args):
    m, lines, style, ctx, starts, trans, pos19 = _JOB
    return _decode_range(m, lines, style, ctx, starts, trans, pos19, *args, dec=_DECODER)


def _decode_range(
    m: Model, lines, style, ctx, starts, trans, pos19, lo: int, hi: int, carry: bool = True, prev: str = "<s>", dec=None
):
    """Decode lines lo..hi-1; ``carry``: the line before ``lo`` ended a sentence."""
    dec = dec or Decoder(m)
    out_lines, out_tokens, low = [], [], []
    for ln in range(lo, hi):
        line = lines[ln]
        body = line
        out = []
        pos = 0
        if line.startswith(ocr_align.MARKER):
            body = line[len(ocr_align.MARKER):]
            out.append(ocr_align.MARKER)
            pos = len(ocr_align.MARKER)
        parts = re.split(r"(\s+)", body)
        words = [p for i, p in enumerate(parts) if i % 2 == 0 and p]
        if style[ln] == ENGLISH:  # a glossary headword: English, as printed (a known misreading put right)
            out_lines.append(ocr_align.printed_head(line))
            out_tokens.append([Token(w.group(0), w.group(0), 1.0, w.start(), w.end(), "keep")
                               for w in re.finditer(r"\S+", line)])
            carry, prev = True, "<s>"
            continue
        toks: list[Token] = []
        start = 0
        if ln in starts and words and _RULE_PREFIX.match(words[0]) and words[0] == _RULE_PREFIX.match(words[0]).group(0):
            start = 1
            prev = "<t>" if is_title_line(words[1:]) else "<s>"
        elif ln in starts:
            carry, prev = True, "<s>"
        sent0 = bool(start) or carry
        old = pos19[ln]
        decoded, prev = (dec.decode_line(words[start:], style[ln], ctx[ln], prev, sent0, trans[ln], old)
                         if words[start:] else ([], prev))
        sent = bool(start) or carry
        # word parts and the whitespace after each
        wparts = []
        for i, p in enumerate(parts):
            if i % 2 == 0:
                if p:
                    wparts.append([p, ""])
            elif wparts:
                wparts[-1][1] += p
            else:
                out.append(p)
                pos += len(p)
        wi = 0
        di = 0
        while wi < len(wparts):
            p, sp = wparts[wi]
            if wi < start:
                out.append(p + sp)
                toks.append(Token(p, p, 1.0, pos, pos + len(p), "keep"))
                pos += len(p) + len(sp)
                wi += 1
                continue
            ln_, (sc, t, cap, kind, pr), conf = decoded[di]
            di += 1
            garbled = p
            if ln_ == 2:
                garbled = p + sp + wparts[wi + 1][0]
                sp = wparts[wi + 1][1]
            wi += ln_
            if kind != "keep":
                # a word that opens a quote is capitalised in 2/3 of the 2019 rules' quotes
                # and 85 % of the glossary's («Заклинание»), so that is the default
                t = _case(t, cap, bool(sent) or t.startswith(("«", "(«"))
                          or _core(t) in getattr(ctx[ln], "caps", ())
                          or (trans[ln] is not None and _core(t) in trans[ln].caps), m)
            out.append(t + sp)
            # the channel's own fit: without the context bonus or the cost of a join
            bonus = m.bonus(t, kind, ctx[ln], trans[ln])
            fit = (sc - bonus - (JOIN_LP if ln_ == 2 else 0.0)) / max(1, len(garbled))
            posterior, conf = conf, calibrated(conf, fit, kind, len(garbled))
            toks.append(Token(garbled, t, round(conf, 4), pos, pos + len(t), kind, round(fit, 3), round(posterior, 4)))
            if kind != "keep" and conf < LOW_CONF:
                low.append((ln, pos, pos + len(t), garbled, t, round(conf, 4)))
            pos += len(t) + len(sp)
            sent = bool(_SENT_END.search(t)) or (t.endswith(":") and _core(t) == "пример")
        if toks:
            carry = bool(sent)
        out_lines.append("".join(out))
        out_tokens.append(toks)
    return out_lines, out_tokens, low


def confidence_features(posterior: float, fit: float, kind: str, n_glyphs: int) -> list[float]:
    return [1.0, math.log(max(posterior, 1e-3)), max(fit, -8.0), float(kind == "dict"), float(kind == "oov"),
            min(n_glyphs, 12) / 12]


def calibrated(posterior: float, fit: float, kind: str, n_glyphs: int) -> float:
    """P(the word is right): ``CALIBRATION`` applied to ``confidence_features``."""
    if kind == "keep":
        return posterior
    return logistic(CALIBRATION, confidence_features(posterior, fit, kind, n_glyphs))


def logistic(weights, features) -> float:
    z = sum(w * x for w, x in zip(weights, features))
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


def _case(t: str, cap: int, sent_start: bool, m: Model) -> str:
    core = _core(t)
    i = next((k for k, ch in enumerate(t) if ch.isalpha()), None)
    if i is None:
        return t
    if sent_start or core in m.proper or cap:
        return t[:i] + t[i].upper() + t[i + 1:]
    return t
