"""Fit and cross-validate the learned combination of the search's rankings (``judge_app/search/combine.py``).

Usage::

    .venv/bin/python bench/search_learn.py [--index DIR] [--cache FILE] [--fresh] [--write]

What it does, in order:

1. **Candidates, cached once.** Every query below is searched twice on the index (release
   2020-01-24, every kind, limit 10, as ``search_bench`` runs the judges' sets): once as the
   search runs today (the rankings fused one after the other by reciprocal rank: the baseline's
   answer), once through ``combine.combined`` with its ranking recorded: each query's lead and
   candidates (the Russian hits, the English ranking's rules, the question bank's rules) with
   their features (``combine.FEATURES``), before any fusion. Both go to ``--cache``.
2. **Training data.** (a) the WRITTEN QUESTIONS held out of the bank: every row of the round-3
   files (``r3*.tsv``) and a random third (seed 12) of every other rule, card and English
   question file, each labelled with its rules (a subrule counts, as in ``search_bench``); the
   bank is rebuilt without them (every row of ``asked.json`` whose words are a held-out
   question's: its 2020 row and its newest-release copy), the rule index needs no change (it
   does not hold the questions). (b) the tuned set and the two dev splits. Never the unseen
   splits.
3. **Fit**: per chain (a Russian word query, a query naming pool cards, an English query; the
   chains of ``--chains``), a linear score over the features of ``--features`` by coordinate
   ascent on hit@5 (MRR breaks ties), starting from today's chained order (its feature's weight
   is the scale and stays 1); and a logistic regression (numpy) over every feature.
4. **Cross-validation**: fit on (a), score the three files of (b); fit on two files of (b),
   score the third. Each beside the chained fusion (today's search) on the same rows, per kind,
   with the blocks at their Russian places (``--blocks fixed``; then also today's answer with its
   blocks put back there) and moved as today's fusion moves them (``drift``).

Session 12's figures are in ``combine.py``'s docstring: no variant won on the folds it was not
fitted on. A run: the capture ~4 minutes (twice 8,500 searches), each table a minute.

``--write`` saves the weights fitted on (a) + (b) to ``combine_weights.json`` (only after the
folds said the learned score wins).
"""
from __future__ import annotations

import argparse
import json
import os
import pickle
import random
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench import search_bench as SB  # noqa: E402
from judge_app.search import asked, combine, rule_questions  # noqa: E402
from judge_app.search import query as Q  # noqa: E402
from judge_app.search.analysis import analyse  # noqa: E402

SEED = 12
HELD_FILES = ("r3a", "r3b", "r3c")  # held out whole; a third of every other file
TUNED = (("tuned", SB.JUDGE_QUERIES), ("dev9", SB.DEV_QUERIES), ("dev10", SB.DEV10_QUERIES))
LIMIT = 10
START = {"chain": 1.0}  # the fit starts from today's chained fusion (its order; the blocks at their places)
STEPS = (-2, -1, -0.5, -0.2, -0.1, -0.05, -0.02, -0.01, 0, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2)


# ---------------------------------------------------------------- the queries

def held_out(seed: int = SEED) -> list[tuple[str, str, set[str]]]:
    """(kind, question, its rules) of the written questions held out of the bank: kind is
    "question" (a rule question), "card" (a card question) or "en" (an English rule question)."""
    rnd = random.Random(seed)
    out = []
    sources = [(p, "question", lambda p: [(q, {r}) for _, r, q in rule_questions.read(p)])
               for p in rule_questions.files(rule_questions.DATA_DIR)]
    sources += [(p, "card", lambda p: [(q, set(rules)) for _, _, q, rules in rule_questions.read_cards(p)])
                for p in rule_questions.files(rule_questions.CARD_DIR)]
    sources += [(p, "en", lambda p: [(q, {r}) for _, r, q in rule_questions.read(p, english=True)])
                for p in rule_questions.files(rule_questions.EN_DIR)]
    for path, kind, read in sources:
        rows = read(path)
        if path.stem not in HELD_FILES:
            rows = rnd.sample(rows, len(rows) // 3)
        out += [(kind, q, rules) for q, rules in rows]
    return out


def rows_without(index_dir: str, questions: list[str], ru: str) -> list:
    """The rows of the question bank of ``index_dir`` (``asked.json``) but those of ``questions``
    (by their words: a question's 2020 row and its newest-release copy)."""
    with open(os.path.join(index_dir, asked.ASKED_FILE), encoding="utf-8") as f:
        rows = json.load(f)
    gone = {tuple(sorted(set(analyse(q, ru)))) for q in questions}
    kept = [r for r in rows if tuple(r[2]) not in gone]
    print(f"bank: {len(rows)} rows, {len(rows) - len(kept)} held out", file=sys.stderr)
    return kept


def bank_without(index_dir: str, questions: list[str], ru: str) -> asked.Bank:
    """The question bank of ``index_dir`` without the rows of ``questions``."""
    return asked.Bank(rows_without(index_dir, questions, ru))


# ---------------------------------------------------------------- capture

def capture(index_dir: str, queries: list[tuple[str, str, set[str]]], bank=None) -> list[dict]:
    """For each (kind, query, rules): the baseline's answer and the recorded pool (see the
    module docstring)."""
    Q.clear_cache()
    o = Q.open_index(index_dir)
    if bank is not None:
        o._asked = bank
    seen: dict = {}
    plain_combined, plain_rank = combine.combined, combine.rank

    def combined(o, hits, u, q, version, lang, limit, chain):
        seen["chain"] = chain
        return plain_combined(o, hits, u, q, version, lang, limit, chain)

    def rank(p, w, limit):
        seen["pool"] = p
        return plain_rank(p, w, limit)

    out = []
    t0 = time.perf_counter()
    combine.combined, combine.rank = combined, rank
    try:
        for n, (kind, q, rules) in enumerate(queries):
            combine.ENABLED = False
            base = [(h["kind"], h["number"]) for h in Q.search(index_dir, q, version=SB.JUDGE_VERSION, limit=LIMIT).hits]
            combine.ENABLED = True
            seen.clear()
            Q.search(index_dir, q, version=SB.JUDGE_VERSION, limit=LIMIT)
            p = seen.get("pool")
            row = {"kind": kind, "q": q, "rules": rules, "base": base, "chain": seen.get("chain")}
            if p is not None:
                row.update(lead=[(h["kind"], h["number"]) for h in p.lead],
                           items=[(h["kind"], h["number"]) for h in p.items], X=p.X,
                           blocks=[(at, (h["kind"], h["number"])) for at, h in p.blocks],
                           drift=[((h["kind"], h["number"]), c) for h, c in p.drift])
            out.append(row)
            if n % 500 == 499:
                print(f"  {n + 1}/{len(queries)} in {time.perf_counter() - t0:.0f} s", file=sys.stderr)
    finally:
        combine.combined, combine.rank = plain_combined, plain_rank
        combine.ENABLED = False
        Q.clear_cache()
    return out


def load_or_capture(index_dir: str, cache: str, fresh: bool) -> dict[str, list[dict]]:
    """{"heldout": rows, "tuned": rows, "dev9": rows, "dev10": rows}, from ``cache`` if there."""
    if not fresh and os.path.exists(cache):
        with open(cache, "rb") as f:
            return pickle.load(f)
    o = Q.open_index(index_dir)
    held = held_out()
    print(f"held-out written questions: {len(held)}", file=sys.stderr)
    data = {"heldout": capture(index_dir, held, bank_without(index_dir, [q for _, q, _ in held], o.ru))}
    for name, path in TUNED:
        data[name] = capture(index_dir, SB.judge_queries(path))
    with open(cache, "wb") as f:
        pickle.dump(data, f)
    return data


# ---------------------------------------------------------------- scoring

def _hit_mask(entries, rules) -> np.ndarray:
    return np.array([k == "rule" and SB._is_hit(n, rules) for k, n in entries], dtype=bool)


BLOCKS = "fixed"  # the blocks at their Russian places (combine.py); "drift": scored by their chained rank


def _scored(r: dict) -> tuple[np.ndarray, list]:
    """A row's scored items and their features: the rules, and with ``BLOCKS`` "drift" the blocks
    too (``combine.with_drift``)."""
    return combine.with_drift(r["X"], r["items"], r["drift"]) if BLOCKS == "drift" else (r["X"], r["items"])


class Packed:
    """The pooled rows of one chain as flat arrays, so a weight vector is scored with a few
    numpy calls: each query's first hit's rank under the learned order."""

    def __init__(self, rows: list[dict]):
        self.rows = [r for r in rows if "X" in r and len(r["X"])]
        xs, qid, pos, hit, self.lead_rank, slots = [], [], [], [], [], []
        for i, r in enumerate(self.rows):
            lead = _hit_mask(r["lead"], r["rules"])
            self.lead_rank.append(int(np.argmax(lead)) if lead.any() else -1)
            X, items = _scored(r)
            taken = {at for at, _ in r["blocks"]} if BLOCKS == "fixed" else set()
            free = [s for s in range(len(r["lead"]), LIMIT) if s not in taken]
            slots.append(free + [LIMIT] * (LIMIT + 1 - len(free)))  # the place of the item ranked p
            xs.append(X)
            qid += [i] * len(X)
            pos += list(range(len(X)))
            hit.append(_hit_mask(items, r["rules"]))
        self.slots = np.array(slots, dtype=np.int64)
        self.X = np.vstack(xs) if xs else np.zeros((0, len(combine.FEATURES)))
        self.qid, self.pos = np.array(qid, dtype=np.int64), np.array(pos, dtype=np.int64)
        self.hit = np.concatenate(hit) if hit else np.zeros(0, dtype=bool)
        self.lead_rank = np.array(self.lead_rank)
        self.start = np.searchsorted(self.qid, np.arange(len(self.rows)))

    def ranks(self, w: np.ndarray) -> np.ndarray:
        """Each query's first hit's rank in the answer (0-based; ``LIMIT`` or more: none)."""
        n = len(self.rows)
        if not n:
            return np.zeros(0, dtype=np.int64)
        s = self.X @ w
        order = np.lexsort((self.pos, -s, self.qid))
        place = np.empty(len(order), dtype=np.int64)
        place[order] = np.arange(len(order)) - self.start[self.qid[order]]
        best = np.full(n, 10 ** 6, dtype=np.int64)
        np.minimum.at(best, self.qid[self.hit], place[self.hit])
        out = self.slots[np.arange(n), np.minimum(best, LIMIT)]
        return np.where(self.lead_rank >= 0, self.lead_rank, out)


def _objective(ranks: np.ndarray) -> float:
    """hit@5, then MRR within the first ``LIMIT`` as a tie-break."""
    r = ranks[ranks < LIMIT]
    return float((ranks < 5).sum()) + 1e-3 * float((1.0 / (r + 1)).sum())


FITTED = ("ru_rrf", "ru_rel", "en_rrf", "en_rel", "bank_rrf", "bank_cos", "in_bank")  # heading, depth: see --structure


def fit(rows: list[dict], chain: str, passes: int = 4) -> np.ndarray:
    """Coordinate ascent from today's chained fusion (``START``) over ``FITTED`` (the chained
    order's weight stays 1: the scale; the others not fitted stay 0)."""
    packed = Packed([r for r in rows if r["chain"] == chain])
    w = np.array([START.get(f, 0.0) for f in combine.FEATURES])
    if not packed.rows:
        return w
    best = _objective(packed.ranks(w))
    for _ in range(passes):
        moved = False
        for j, f in enumerate(combine.FEATURES):
            if f not in FITTED:
                continue
            for step in STEPS:
                cand = w.copy()
                cand[j] = step
                got = _objective(packed.ranks(cand))
                if got > best + 1e-9:
                    best, w, moved = got, cand, True
        if not moved:
            break
    return w


def logistic(rows: list[dict], chain: str, l2: float = 1.0, steps: int = 300) -> np.ndarray:
    """A logistic regression (numpy, gradient descent with L2) of "this candidate answers" on the
    features of every candidate of ``chain``'s rows, pointwise; its weights rank as a linear score
    (the intercept does not change the order)."""
    packed = Packed([r for r in rows if r["chain"] == chain])
    if not len(packed.X):
        return np.array([START.get(f, 0.0) for f in combine.FEATURES])
    X, y = packed.X, packed.hit.astype(float)
    mu, sd = X.mean(0), X.std(0) + 1e-9
    Z = np.hstack([(X - mu) / sd, np.ones((len(X), 1))])
    w = np.zeros(Z.shape[1])
    for _ in range(steps):
        p = 1.0 / (1.0 + np.exp(-Z @ w))
        grad = Z.T @ (p - y) / len(y) + l2 * np.r_[w[:-1], 0.0] / len(y)
        w -= 1.0 * grad
    return w[:-1] / sd  # on the raw features (the centring only shifts every score alike)


def answers(rows: list[dict], ws) -> list[list]:
    """Each row's answer as (kind, number) pairs: the baseline's (``ws`` None), the baseline's
    rules with the blocks at their places (``ws`` "fixed", as the learned score places them) or
    the learned one (``ws``: chain -> weights)."""
    out = []
    for r in rows:
        if ws is None or "X" not in r or not len(r["X"]):
            out.append(r["base"])
            continue
        if ws == "fixed":  # the chained fusion's rules, the blocks at their Russian places
            lead = set(r["lead"])
            rules = [e for e in r["base"] if e[0] == "rule" and e not in lead]
            out.append(combine.place(r["lead"], r["blocks"], rules, LIMIT))
            continue
        X, items = _scored(r)
        idx = combine.order(X, ws[r["chain"]])
        blocks = r["blocks"] if BLOCKS == "fixed" else []
        out.append(combine.place(r["lead"], blocks, [items[i] for i in idx], LIMIT))
    return out


def report(name: str, rows: list[dict], methods: dict[str, dict | None]) -> dict:
    """hit@5 (and MRR) of each method on ``rows``, overall and per kind; printed."""
    kinds = ["all"] + sorted({r["kind"] for r in rows})
    res: dict[str, dict] = {}
    for m, ws in methods.items():
        got = answers(rows, ws)
        res[m] = {}
        for k in kinds:
            idx = [i for i, r in enumerate(rows) if k == "all" or r["kind"] == k]
            res[m][k] = SB._metrics([got[i] for i in idx], [rows[i]["rules"] for i in idx])
    print(f"\n{name}: {len(rows)} rows (hit@5 / MRR)")
    print(f"{'kind':<14}{'n':>5}" + "".join(f"{m:>22}" for m in methods))
    for k in kinds:
        n = sum(1 for r in rows if k == "all" or r["kind"] == k)
        print(f"{k:<14}{n:>5}" + "".join(f"{res[m][k]['hit@5']:>14.3f} {res[m][k]['MRR']:.3f}" for m in methods))
    return res


FIT_CHAINS = combine.CHAINS  # the chains fitted (the others keep today's chained order: ``START``)


def fit_all(rows: list[dict], how=None) -> dict[str, np.ndarray]:
    """Each chain's weights: ``how(rows, chain)`` (default ``fit``) for the chains of
    ``FIT_CHAINS``, ``START`` for the others."""
    how = how or fit
    return {c: how(rows, c) if c in FIT_CHAINS else np.array([START.get(f, 0.0) for f in combine.FEATURES])
            for c in combine.CHAINS}


def show(ws: dict[str, np.ndarray]) -> str:
    return "; ".join(c + ": " + " ".join(f"{f}={x:g}" for f, x in zip(combine.FEATURES, w) if x)
                     for c, w in ws.items())


def main(argv=None) -> None:
    global FITTED, FIT_CHAINS, BLOCKS
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--index", default=str(ROOT / ".test-instance" / "judge-index"))
    ap.add_argument("--cache", default=os.path.join(os.environ.get("TMPDIR", "/tmp"), "search_learn_cache.pkl"))
    ap.add_argument("--fresh", action="store_true", help="capture again even if the cache exists")
    ap.add_argument("--features", default=",".join(FITTED), help="the features fitted (comma-separated)")
    ap.add_argument("--chains", default=",".join(FIT_CHAINS), help="the chains fitted (ru,card,en)")
    ap.add_argument("--blocks", default="fixed,drift",
                    help="fixed: the blocks at their Russian places; drift: moved by today's fusion")
    ap.add_argument("--write", action="store_true", help="save the weights fitted on (a) + (b)")
    a = ap.parse_args(argv)
    FITTED = tuple(x for x in a.features.split(",") if x)
    FIT_CHAINS = tuple(x for x in a.chains.split(",") if x)
    data = load_or_capture(a.index, a.cache, a.fresh)
    total = {}
    for BLOCKS in a.blocks.split(","):
        print(f"\n==== blocks {BLOCKS}; fitted: {', '.join(FITTED)}; chains: {', '.join(FIT_CHAINS)}")
        base = {"chained RRF": None, **({"chained, fixed": "fixed"} if BLOCKS == "fixed" else {})}
        on_a, lr_a = fit_all(data["heldout"]), fit_all(data["heldout"], logistic)
        print("fitted on (a):", show(on_a))
        got = report("(a) held-out written questions (fitted on)", data["heldout"],
                     {**base, "learned (a)": on_a, "logistic (a)": lr_a})
        total[BLOCKS, "heldout"] = got
        for name, _ in TUNED:
            others = [r for n, _ in TUNED if n != name for r in data[n]]
            on_b, lr_b = fit_all(others), fit_all(others, logistic)
            print(f"\nfitted on (b) without {name}:", show(on_b))
            total[BLOCKS, name] = report(f"{name} (not fitted on)", data[name],
                                         {**base, "learned (a)": on_a, "learned (b)": on_b,
                                          "logistic (a)": lr_a, "logistic (b)": lr_b})
    print("\nhit@5 rows, all kinds (the folds not fitted on: tuned, dev9, dev10):")
    for (mode, name), got in total.items():
        n = len(data[name])
        print(f"  {mode:<6}{name:<8}" + "  ".join(f"{m} {round(r['all']['hit@5'] * n)}" for m, r in got.items()))
    if a.write:  # fitted under the placement the search ranks with (``combine.BLOCKS``)
        BLOCKS = combine.BLOCKS
        ws = fit_all(data["heldout"] + [r for n, _ in TUNED for r in data[n]])
        out = {"K": 5.0, "fitted": "bench/search_learn.py on the held-out written questions + the tuned set, "
                                   "dev9 and dev10 (coordinate ascent on hit@5, MRR breaking ties)",
               "chains": {c: {f: float(x) for f, x in zip(combine.FEATURES, w)} for c, w in ws.items()}}
        with open(combine.WEIGHTS_FILE, "w", encoding="utf-8") as f:
            json.dump(out, f, indent=1)
        print("written", combine.WEIGHTS_FILE, show(ws))


if __name__ == "__main__":
    main()
