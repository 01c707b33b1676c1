"""A Russian question searched in English too: query words translated by the OCR decoder's
word-translation model, the English rules ranked with them, the two rankings fused.

Why: the English rules text is exact, the Russian 2020 text has OCR noise and says one thing in
several ways (урон / повреждение, фишка / токен), and the words a judge uses can be rules words
the Russian text of the answering rule happens not to hold. The OCR decoder already learned
t(Russian lemma | English stem) by IBM Model 1 over the 2019 Russian–English rule pairs
(``judge_app/corpus/ocr_translate.py``, stored in ``ocr_model.json.gz``). The index builder turns
it around by Bayes' rule, P(English stem | Russian lemma) ∝ t(lemma | stem) · df(stem) (df: the
English rules of one release holding the stem), keeps each lemma's ``TOP`` likeliest stems at
least ``P_MIN`` likely (no function words, no stem of fewer than three letters, none held by
fewer than ``DF_MIN`` rules: Model 1 lends a rare name such as "shahrazad" any word of its one
block) and saves them beside the index (``save``: ``ru_en.json``). A search only reads that
file: no model at query time.

``english_terms`` turns a query's words (``query.query_terms``) into English alternatives;
``fuse`` merges the Russian hits with the English rules' numbers by reciprocal-rank fusion
(``RRF_K``, ``EN_WEIGHT`` and the ``EN_DEPTH`` English rules read were chosen by grid on the
tuned set + dev9, checked on dev10; see the README). Everyday words the rules never use
(«напасть», «тянуть») are not in the model: it knows the rules' vocabulary only.
"""
from __future__ import annotations

import json
import os
import re
from collections import Counter

TRANSLATIONS_FILE = "ru_en.json"
TOP = 3        # English stems kept per Russian lemma
P_MIN = 0.1    # ... at least this likely
DF_MIN = 3     # ... each held by at least this many English rules of one release
STRONG = 0.3   # a stem at least this likely counts as the word; the others as its weak alternatives
EN_DEPTH = 20  # English rules read for the fusion
RRF_K = 5.0
EN_WEIGHT = 0.75
CARD_EN_WEIGHT = 0.25  # ... for the rest of a query naming pool cards (``query._card_english``; session 12, dev sets)

_LATIN_OR_DIGIT = re.compile(r"[a-z0-9]")
_WORD = re.compile(r"[A-Za-z]+")


def _function_stems() -> frozenset[str]:
    from judge_app.search.analysis import EN_STOP, en_stem

    extra = "not no can will would may must have has do does".split()
    return frozenset(en_stem(w) for w in (*EN_STOP, *extra))


def english_rule_df(docs) -> dict[str, int]:
    """English stem -> the most English rules of one release whose title or text holds it."""
    from judge_app.search.analysis import en_stem

    per: dict[str, Counter] = {}
    for d in docs:
        if d.get("kind") != "rule" or d.get("lang") != "en":
            continue
        stems = {en_stem(w.lower()) for w in _WORD.findall(f"{d.get('title') or ''} {d.get('text') or ''}")}
        per.setdefault(d.get("version") or "", Counter()).update(stems)
    out: dict[str, int] = {}
    for counts in per.values():
        for s, n in counts.items():
            if n > out.get(s, 0):
                out[s] = n
    return out


def invert(t: dict[str, dict[str, float]], df: dict[str, int]) -> dict[str, list[list]]:
    """Russian lemma -> [[English stem, P(stem | lemma)], ...] (see the module docstring)."""
    stop = _function_stems()
    joint: dict[str, dict[str, float]] = {}
    for e, row in t.items():
        c = df.get(e, 0)
        if c < DF_MIN or len(e) < 3 or e in stop:
            continue
        for r, p in row.items():
            joint.setdefault(r, {})[e] = p * c
    out: dict[str, list[list]] = {}
    for r in sorted(joint):
        total = sum(joint[r].values())
        best = sorted(((e, v / total) for e, v in joint[r].items()), key=lambda x: (-x[1], x[0]))[:TOP]
        kept = [[e, round(p, 4)] for e, p in best if p >= P_MIN]
        if kept:
            out[r] = kept
    return out


def save(index_dir, docs) -> int:
    """Write ``TRANSLATIONS_FILE`` from the OCR model's table and ``docs``' English rules;
    returns the number of Russian lemmas translated (0 and no file without the model)."""
    from judge_app.corpus import ocr_train

    try:
        t = ocr_train.load()["translate"]["t"]
    except (FileNotFoundError, KeyError):
        return 0
    table = invert(t, english_rule_df(docs))
    with open(os.path.join(os.fspath(index_dir), TRANSLATIONS_FILE), "w", encoding="utf-8") as f:
        json.dump(table, f, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return len(table)


def load(index_dir) -> dict[str, list[tuple[str, float]]]:
    """The saved table ({} for an index built without one)."""
    try:
        with open(os.path.join(os.fspath(index_dir), TRANSLATIONS_FILE), encoding="utf-8") as f:
            return {r: [(e, float(p)) for e, p in row] for r, row in json.load(f).items()}
    except FileNotFoundError:
        return {}


def english_terms(terms, table, weak_weight: float) -> list[tuple[tuple[str, ...], frozenset]]:
    """Each query word (a tuple of index terms, ``query.Alts`` with weak ones) as English stems:
    Latin and digit terms as they are, a Russian lemma as its translations (a weak lemma's at
    ``weak_weight``); (stems, the weak ones): stems at least ``STRONG`` likely count as the
    word, the rest are weak alternatives (``query.Alts``; this module is the index builder's
    and does not import the query side). Words without a translation are left out."""
    out = []
    for alts in terms:
        weak = getattr(alts, "weak", ())
        got: dict[str, float] = {}
        for t in alts:
            if _LATIN_OR_DIGIT.search(t):
                got[t] = max(got.get(t, 0.0), 1.0)
                continue
            for e, p in table.get(t, ()):
                p = p * (weak_weight if t in weak else 1.0)
                got[e] = max(got.get(e, 0.0), p)
        if not got:
            continue
        strong = tuple(e for e, p in got.items() if p >= STRONG)
        rest = tuple(e for e, p in got.items() if p < STRONG)
        if not strong:
            strong, rest = rest[:1], rest[1:]
        out.append((strong + rest, frozenset(rest)))
    return out


def fuse(hits: list[dict], english: list[dict], limit: int, lead: int = 0, *,
         weight: float | None = None, depth: int | None = None) -> list[dict]:
    """Reciprocal-rank fusion of the Russian ``hits`` (any kind) with the English ranking's rules
    (``english``: the Russian twin of each where there is one, so a rule both rankings hold is
    one document, known by its id): 1/(K + rank) + W/(K + English rank). A hit of another kind
    keeps only its Russian score, so the blocks move as the rules around them do. The first
    ``lead`` hits stay first (the rules a situation row names lead, ``situations.py``).
    ``weight`` and ``depth``: another ranking's (``asked.py``), instead of ``EN_WEIGHT``, ``EN_DEPTH``."""
    weight = EN_WEIGHT if weight is None else weight
    depth = EN_DEPTH if depth is None else depth
    kept = hits[:lead]
    ids = {h["id"] for h in kept}
    score: dict[tuple, float] = {}
    item: dict[tuple, dict] = {}
    for i, h in enumerate(hits[lead:]):
        key = ("rule", h["id"]) if h["kind"] == "rule" else (h["kind"], h["id"], i)
        score[key] = score.get(key, 0.0) + 1.0 / (RRF_K + i + 1)
        item.setdefault(key, h)
    for j, h in enumerate([h for h in english if h["id"] not in ids][:depth]):
        key = ("rule", h["id"])
        score[key] = score.get(key, 0.0) + weight / (RRF_K + j + 1)
        item.setdefault(key, h)
    order = sorted(score, key=lambda k: -score[k])  # stable: a tie keeps the Russian order
    return (kept + [item[k] for k in order])[:limit]


def inside(number: str, heads) -> bool:
    """Is rule ``number`` one of ``heads`` or a subrule of one (704.5j in 704.5, not 704.50)?"""
    return any(number == n or (number.startswith(n) and number[len(n)] in ".abcdefghijklmnopqrstuvwxyz")
               for n in heads)
