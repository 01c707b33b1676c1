"""Word-translation model for the OCR decoder: IBM Model 1 over lemmas of the 2019
Russian–English rule pairs.

Every 2020 Russian rule has its English twin, known exactly.  The 2019 release
gives about 2,900 aligned Russian–English blocks (rules, examples, glossary
entries); Model 1, trained by EM on their lemmas (pymorphy3's normal form for
Russian, the Snowball stem for English), learns t(Russian lemma | English stem):
"colorless" is «бесцветный», "token" is «фишка».  The decoder
(``ocr_decode``) turns a block's English 2020 text into a distribution over
Russian word forms (``TranslationModel.block_words``) and uses it as a cache.

``train(heldout)`` returns the part stored in the model file
(``model["translate"]``); rounding and sorted keys make retraining reproduce the
file byte for byte.
"""
from __future__ import annotations

import math
import re
from collections import Counter
from functools import lru_cache

from . import ocr_align

EN_2019 = ocr_align.SOURCES / "en" / "cr-en-2019-05-03.txt"
EN_2020 = ocr_align.SOURCES / "en" / "cr-en-2020-01-24.txt"
EM_ITERS = 8
T_MIN = 0.01  # translation probabilities below this are not stored
T_TOP = 8  # at most this many Russian lemmas per English stem
NULL = "<null>"
NAME_MIN = 0.5  # a name's translations at least this likely are written capitalised
SEARCH_RATIO = 5.0
PRES_T = 0.2  # an English word "translates to" a Russian lemma when t(lemma | stem) is at least this
PRES_COUNT = 30  # forms seen fewer times in the 2019 pairs get no presence figures
SEARCH_MIN = 0.003  # the forms of lemmas at least this likely given the English are searched for in the glyphs

_EN_REF = re.compile(r"\d+(?:\.\d+[a-z]?)?")
_EN_WORD = re.compile(r"[A-Za-z]+(?:['’][A-Za-z]+)*")
_RU_WORD = re.compile(r"[А-Яа-яЁё]+(?:-[А-Яа-яЁё]+)*")
# a capitalised word, or a single capital letter: the variables X and N are printed in Latin in both texts
_EN_NAME = re.compile(r"[A-Z](?:[a-z]+(?:-[A-Za-z]+)?)?")


# --------------------------------------------------------------------------- lemmas


@lru_cache(maxsize=None)
def ru_lemma(word: str) -> str:
    """pymorphy3's normal form of the best parse (lower case, ё = е)."""
    from .ocr_lexicon import morph

    return morph().parse(word.lower())[0].normal_form.replace("ё", "е")


_STEMMER = None


def en_lemma(word: str) -> str:
    """The Snowball stem of an English word (lower case, possessive dropped)."""
    global _STEMMER
    if _STEMMER is None:
        import Stemmer

        _STEMMER = Stemmer.Stemmer("english")
    w = re.sub(r"['’]s$", "", word.lower())
    return _STEMMER.stemWord(w)


def ru_lemmas(text: str) -> list[str]:
    return [ru_lemma(w) for w in _RU_WORD.findall(text)]


def en_lemmas(text: str) -> list[str]:
    return [en_lemma(w) for w in _EN_WORD.findall(text)]


# --------------------------------------------------------------------------- English blocks


@lru_cache(maxsize=2)
def english_blocks(path=EN_2020) -> dict[str, str]:
    """Block id (``ocr_align.block_id``, the text's own numbering) -> English text."""
    from .cr_text import parse_cr

    p = parse_cr(path.read_text(encoding="utf-8-sig"), "en", "en")
    out = {}
    for r in p.rules:
        if r.level == "chapter":
            out[ocr_align.block_id("ch" + r.number, "title", 0)] = r.title
            continue
        kind = "title" if r.level == "section" else "rule"
        out[ocr_align.block_id(r.number, kind, 0)] = " ".join(x for x in (r.title, r.text) if x)
        for i, ex in enumerate(r.examples):
            out[ocr_align.block_id(r.number, "example", i)] = re.sub(r"^Example:\s*", "", ex)
    for g in p.glossary:
        out[ocr_align.block_id("G:" + g.term_en, "gloss", 0)] = g.definition
    return out


def english_2019_shifted() -> dict[str, str]:
    """The English 2019 blocks under their 2020 ids (the known renumbering undone)."""
    out = {}
    for bid, text in english_blocks(EN_2019).items():
        key, kind = bid.split("#", 1)
        if not key.startswith(("G:", "ch")):
            key = ocr_align.shift_2019_number(key)
        out.setdefault(key + "#" + kind, text)
    return out


def _norm(s: str) -> str:
    return " ".join(s.replace("’", "'").replace("“", '"').replace("”", '"').split())


def unchanged_english() -> set[str]:
    """2020 block ids whose English text is the same as in 2019."""
    e19 = english_2019_shifted()
    return {bid for bid, t in english_blocks(EN_2020).items() if bid in e19 and _norm(e19[bid]) == _norm(t)}


# --------------------------------------------------------------------------- training


def training_blocks(heldout: bool = False) -> list[tuple[list[str], list[str]]]:
    """(Russian words, English words) of the aligned 2019 blocks, as printed (held out: even rules only)."""
    t19 = ocr_align.SRC_2019.read_text(encoding="utf-8")
    blocks, lines = ocr_align.segment(t19, ocr=False)
    en = english_blocks(EN_2019)
    out = []
    for b in blocks:
        if b.kind == "pre":
            continue
        e = en.get(b.id)
        key20 = b.key if b.key.startswith(("G:", "ch", "gloss")) else ocr_align.shift_2019_number(b.key)
        if e is None or (heldout and ocr_align.is_heldout(key20)):
            continue
        r = _RU_WORD.findall(ocr_align.block_text(b, lines))
        ew = _EN_WORD.findall(e)
        if r and ew:
            out.append((r, ew))
    return out


def training_pairs(heldout: bool = False, blocks=None) -> list[tuple[list[str], list[str]]]:
    """(Russian lemmas, English stems) of the aligned 2019 blocks (held out: even rules only)."""
    return [([ru_lemma(w) for w in r], [en_lemma(w) for w in e]) for r, e in (blocks or training_blocks(heldout))]


def ibm1(pairs, iters: int = EM_ITERS) -> dict[str, dict[str, float]]:
    """IBM Model 1 by EM: t(Russian lemma | English stem), with a NULL English word.

    Word counts within a block are weights, so each block is one pass over its
    distinct (Russian, English) pairs; one EM step is a few numpy bincounts over
    the 2019 blocks' pairs (pure Python took minutes)."""
    import numpy as np

    ru_ids: dict[str, int] = {}
    en_ids: dict[str, int] = {}
    parts = []  # per block: (Russian ids, their counts, English ids, their counts)
    for r, e in pairs:
        rc = sorted(Counter(r).items())
        ec = sorted(Counter(e + [NULL]).items())
        parts.append((np.array([ru_ids.setdefault(w, len(ru_ids)) for w, _ in rc]), np.array([n for _, n in rc], float),
                      np.array([en_ids.setdefault(w, len(en_ids)) for w, _ in ec]), np.array([n for _, n in ec], float)))
    # one entry per (block, Russian word, English word); ``rows`` numbers the (block, Russian word)
    offs = np.cumsum([0] + [len(ri) for ri, _, _, _ in parts])
    rows_a = np.concatenate([np.repeat(np.arange(len(ri)) + o, len(ei)) for (ri, _, ei, _), o in zip(parts, offs)])
    nr_a = np.concatenate([np.repeat(nr, len(ei)) for ri, nr, ei, _ in parts])
    ne_a = np.concatenate([np.tile(ne, len(ri)) for ri, _, ei, ne in parts])
    keys = np.concatenate([np.tile(ei, len(ri)) * len(ru_ids) + np.repeat(ri, len(ei)) for ri, _, ei, _ in parts])
    uniq, pids_a = np.unique(keys, return_inverse=True)
    pair_en = uniq // len(ru_ids)
    row = int(offs[-1])
    t = np.full(len(uniq), 1.0 / max(1, len(ru_ids)))
    for _ in range(iters):
        tv = t[pids_a]
        z = np.bincount(rows_a, weights=ne_a * tv, minlength=row)
        c = nr_a * ne_a * tv / z[rows_a]
        count = np.bincount(pids_a, weights=c, minlength=len(uniq))
        total = np.bincount(pair_en, weights=count, minlength=len(en_ids))
        t = count / total[pair_en]
    en_of = {i: w for w, i in en_ids.items()}
    ru_of = {i: w for w, i in ru_ids.items()}
    out: dict[str, dict[str, float]] = {}
    for key, p in zip(uniq.tolist(), t.tolist()):
        ei, ri = divmod(key, len(ru_ids))
        out.setdefault(en_of[ei], {})[ru_of[ri]] = p
    return out


def train(heldout: bool = False) -> dict:
    """The stored part: {"t": {English stem: {Russian lemma: p}}, "forms": {lemma: [forms]},
    "presence": {Russian lemma: [P(translated | lemma), P(translated)]}}."""
    blocks = training_blocks(heldout)
    t = ibm1(training_pairs(blocks=blocks))
    table = {}
    for e in sorted(t):
        best = sorted(t[e].items(), key=lambda x: (-x[1], x[0]))[:T_TOP]
        kept = {r: round(p, 4) for r, p in best if p >= T_MIN}
        if kept:
            table[e] = dict(sorted(kept.items()))
    lemmas = sorted({r for d in table.values() for r in d})
    return {"t": table, "forms": {lem: _forms(lem) for lem in lemmas}, "presence": presence(blocks, t)}


def presence(blocks, t: dict[str, dict[str, float]]) -> dict[str, list[float]]:
    """For each Russian lemma seen ``PRES_COUNT`` times: [P(the block's English has a word that
    translates to it, t ≥ ``PRES_T`` | it is in the block), the same share over all the words of
    all the blocks].  By lemma, not by form: this chooses among words, not among inflections.  Model 1's mixture cannot tell «или» from «и» (one "or" among
    forty English words weighs little); whether the English has an "or" at all can: «или» is
    in a block without one in 1 % of its uses."""
    by_en: dict[str, list[str]] = {}
    for e, d in t.items():
        by_en[e] = [r for r, p in d.items() if p >= PRES_T]
    seen: Counter = Counter()
    hit: Counter = Counter()
    words_with: Counter = Counter()  # lemma -> words of the blocks whose English translates to it
    n_words = 0
    for r, e in blocks:
        present = {lem for s in set(en_lemma(w) for w in e) for lem in by_en.get(s, ())}
        n_words += len(r)
        for lem in present:
            words_with[lem] += len(r)
        for f in r:
            lem = ru_lemma(f)
            seen[lem] += 1
            hit[lem] += lem in present
    out = {}
    for lem in sorted(seen):
        if seen[lem] >= PRES_COUNT:
            p1 = (hit[lem] + 1) / (seen[lem] + 2)
            p0 = (words_with[lem] + 1) / (n_words + 2)
            out[lem] = [round(p1, 5), round(p0, 5)]
    return out


def _forms(lemma: str) -> list[str]:
    """Every form of the lemma's lexeme (pymorphy3), the lemma itself first."""
    from .ocr_lexicon import morph

    forms = [lemma]
    for p in morph().parse(lemma)[:1]:
        for f in p.lexeme:
            w = f.word.replace("ё", "е")
            if w not in forms and _RU_WORD.fullmatch(w):
                forms.append(w)
    return forms


# --------------------------------------------------------------------------- use


class TranslationModel:
    """The stored table, turned into per-block caches of likely Russian word forms."""

    def __init__(self, raw: dict, form_prior: dict[str, float]):
        self.t = raw.get("t", {})
        self.forms = raw.get("forms", {})
        self.form_prior = form_prior  # log P(form) of the lexicon, for P(form | lemma)
        self.lemmas_of: dict[str, list[str]] = {}
        for lem, forms in self.forms.items():
            for f in forms:
                self.lemmas_of.setdefault(f, []).append(lem)
        self.presence = raw.get("presence", {})
        self.by_en = {e: [r for r, p in d.items() if p >= PRES_T] for e, d in self.t.items()}
        self._form_dist: dict[str, dict[str, float]] = {}
        self._lemma_prior: dict[str, float] = {}

    def lemma_dist(self, english: str) -> dict[str, float]:
        """P(Russian lemma | the block's English text): Model 1's mixture over its words."""
        stems = en_lemmas(english)
        if not stems:
            return {}
        out: dict[str, float] = {}
        for e in stems + [NULL]:
            for r, p in self.t.get(e, {}).items():
                out[r] = out.get(r, 0.0) + p
        n = len(stems) + 1
        return {r: p / n for r, p in out.items()}

    def form_dist(self, lemma: str) -> dict[str, float]:
        """P(form | lemma) from the lexicon's counts (forms it lacks share a small mass)."""
        r = self._form_dist.get(lemma)
        if r is None:
            forms = self.forms.get(lemma, [lemma])
            ws = [math.exp(self.form_prior.get(f, -20.0)) for f in forms]
            tot = sum(ws) or 1.0
            r = self._form_dist[lemma] = {f: w / tot for f, w in zip(forms, ws)}
        return r

    def lemma_prior(self, lemma: str) -> float:
        """P(lemma) in the 2019 rules: the sum over its forms of the lexicon's P(form)."""
        r = self._lemma_prior.get(lemma)
        if r is None:
            r = self._lemma_prior[lemma] = sum(math.exp(self.form_prior.get(f, -30.0)) for f in self.forms.get(lemma, ()))
        return r

    def block(self, english: str, same_en: bool, search: bool) -> "BlockTranslation":
        return BlockTranslation(self, english, same_en, search)


class BlockTranslation:
    """What a block's English text says about its Russian words.

    ``p(form)``: P(form | English) = sum over the form's lemmas of P(lemma | English) *
    P(form | lemma); ``words``: the forms of the likely lemmas, which the decoder
    scores against the glyphs when ``search`` (new and changed rules); ``same_en``:
    the rule's English did not change since 2019; ``names``:
    the capitalised English words (card and mechanic names, kept as printed when the
    Russian text keeps them); ``caps``: the Russian forms of those names' translations,
    written capitalised."""

    def __init__(self, tm: TranslationModel, english: str, same_en: bool, search: bool):
        self.tm = tm
        self.same_en = same_en  # the English text is the same as in 2019
        self.english = english  # the key of the decoder's cache of translation candidates
        self.numbers = frozenset(re.findall(r"\d+", english))  # numbers are printed, not translated
        self.refs = frozenset(_EN_REF.findall(english))  # numbers and rule references: "10", "601.2c"
        self.lemmas = tm.lemma_dist(english)
        self.search = search
        self.names = english_names(english)
        self.present = {lem for s in set(en_lemmas(english)) for lem in tm.by_en.get(s, ())}
        self._p: dict[str, float] = {}
        self._words: dict[str, float] | None = None
        self.trie = None  # the decoder's search trie of ``words``, built when first needed
        caps = set()
        for name in self.names if search else ():  # where a 2019 block exists, its case is better evidence
            if len(name) == 1:  # a variable is kept as printed, not translated
                continue
            for lem, p in tm.t.get(en_lemma(name), {}).items():
                if p >= NAME_MIN:
                    caps.update(tm.forms.get(lem, ()))
        self.caps = frozenset(caps)

    def p(self, form: str) -> float:
        r = self._p.get(form)
        if r is None:
            r = 0.0
            for lem in self.tm.lemmas_of.get(form.replace("ё", "е"), ()):
                pl = self.lemmas.get(lem)
                if pl:
                    r += pl * self.tm.form_dist(lem).get(form.replace("ё", "е"), 0.0)
            self._p[form] = r
        return r

    def presence_fit(self, form: str) -> float:
        """log P(the English has / lacks a translation of the form's lemma | the form) / P(the same
        for any word) (``presence``): «или» where the English has no "or" loses about 3.6 nats,
        where it has one gains a little; 0 for lemmas too rare to have the figures, and in blocks read
        with their 2019 text (applied there too, it cost (c) two rules and (a') five words)."""
        if not self.search:  # read with its 2019 block, whose words are the better evidence
            return 0.0
        lem = ru_lemma(form)
        pr = self.tm.presence.get(lem)
        if pr is None:
            return 0.0
        p1, p0 = (min(1 - 1e-5, max(1e-5, p)) for p in pr)
        if lem in self.present:
            return math.log(p1 / p0)
        return math.log((1 - p1) / (1 - p0))

    @property
    def words(self) -> dict[str, float]:
        """Every form of the lemmas at least ``SEARCH_MIN`` likely given the English and
        ``SEARCH_RATIO`` times likelier than in the rules at large (not «в», «и»), with
        log P(form | English) (floored), for the decoder's search against the glyphs."""
        if self._words is None:
            self._words = {f: math.log(max(self.p(f), 1e-6)) for lem, p in sorted(self.lemmas.items())
                           if p >= SEARCH_MIN and p >= SEARCH_RATIO * self.tm.lemma_prior(lem)
                           for f in self.tm.forms.get(lem, ())}
        return self._words


def english_names(english: str) -> set[str]:
    """Capitalised English words inside a sentence (card and mechanic names): "Treasure"; and the
    variables ("the value of X", "N cards"), which the Russian text prints in Latin too."""
    names, prev = set(), "."
    for tok in english.split():
        core = tok.strip("“”\"'’()[],.;:!?")
        if _EN_NAME.fullmatch(core) and not re.search(r"[.!?:]['’”\"]?\)?$", prev) and not tok.startswith(("“", '"')):
            names.add(core)
        prev = tok
    return names
