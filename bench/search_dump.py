"""Dump what the search answers, to check that a speed change leaves the results as they were.

Usage::

    .venv/bin/python bench/search_dump.py OUT.jsonl [--index DIR] [--full]
    .venv/bin/python bench/search_dump.py --compare A.jsonl B.jsonl

For every query of the tuned set and the two dev splits (``bench/judge_queries.tsv``,
``judge_queries_dev9.tsv``, ``judge_queries_dev10.tsv``; never the unseen splits) under the
releases 2020-01-24 and 2026-01-16, and for the 1,000 mixed speed queries of
``bench/search_bench.py`` as its speed part runs them (release 2019-05-03, every kind, limit 20),
one JSON line: the set, the release, the query, the note and the first ten hits as (kind, number,
id, score rounded to 1e-6). ``--full`` adds each hit's snippet and its folded block («ещё N»),
so a change to the snippet path is checked as well.

Why: a change made for speed must not change a single answer. The dump of the unchanged code is
saved once; after each change the same dump is compared line by line (``--compare``), and any
difference is a bug unless it is a pure tie-order change that is explained.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench import search_bench as SB  # noqa: E402

SETS = (("tuned", SB.JUDGE_QUERIES), ("dev9", SB.DEV_QUERIES), ("dev10", SB.DEV10_QUERIES))
RELEASES = ("2020-01-24", "2026-01-16")
SPEED_RELEASE = "2019-05-03"   # as ``search_bench.measure`` runs its speed queries


def _hit(h: dict, full: bool) -> list:
    row = [h.get("kind"), h.get("number"), h.get("id"), round(float(h.get("score") or 0.0), 6)]
    if full:
        row.append(h.get("snippet"))
        row.append([[m.get("kind"), m.get("number"), m.get("id"), m.get("snippet")] for m in h.get("more", ())])
    return row


def speed_queries(db: str, n: int = 1000) -> list[str]:
    """The speed part's queries, as ``search_bench.measure`` draws them from the same records."""
    records = SB.load_records(db)
    return SB.speed_queries(SB.relevance_queries(records), n, judges=SB.judge_queries())


def dump(index_dir: str, out, db: str | None = None, full: bool = False) -> int:
    from judge_app.search.query import search

    rows = [(name, v, q, 10) for name, path in SETS for v in RELEASES for _, q, _ in SB.judge_queries(path)]
    if db:
        rows += [("speed", SPEED_RELEASE, q, 20) for q in dict.fromkeys(speed_queries(db))]
    for name, v, q, limit in rows:
        r = search(index_dir, q, version=v, limit=limit)
        out.write(json.dumps({"set": name, "version": v, "q": q, "note": r.note,
                              "corrected": r.corrected_query,
                              "hits": [_hit(h, full) for h in r.hits[:10]]}, ensure_ascii=False) + "\n")
    return len(rows)


def compare(a: str, b: str, out=sys.stdout) -> int:
    """Lines of ``a`` and ``b`` that differ (printed); returns their count."""
    with open(a, encoding="utf-8") as fa, open(b, encoding="utf-8") as fb:
        la, lb = fa.readlines(), fb.readlines()
    if len(la) != len(lb):
        print(f"different lengths: {len(la)} vs {len(lb)}", file=out)
    diff = 0
    for x, y in zip(la, lb):
        if x != y:
            diff += 1
            jx, jy = json.loads(x), json.loads(y)
            print(f"[{jx['set']} {jx['version']}] {jx['q']}", file=out)
            print(f"  before: {jx['hits']} {jx['note']}", file=out)
            print(f"  after:  {jy['hits']} {jy['note']}", file=out)
    print(f"{diff} of {len(la)} lines differ", file=out)
    return diff + abs(len(la) - len(lb))


def main(argv=None) -> int:
    import argparse

    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("out", nargs="?", help="where to write the dump (JSON lines)")
    ap.add_argument("--index", default=str(ROOT / ".test-instance" / "judge-index"))
    ap.add_argument("--db", default=str(ROOT / ".test-instance" / "judge.db"),
                    help="the corpus DB the speed queries are drawn from ('' to leave them out)")
    ap.add_argument("--full", action="store_true", help="also the snippets and the folded blocks")
    ap.add_argument("--compare", nargs=2, metavar=("BEFORE", "AFTER"))
    a = ap.parse_args(argv)
    if a.compare:
        return 1 if compare(*a.compare) else 0
    if not a.out:
        ap.error("give OUT or --compare BEFORE AFTER")
    with open(a.out, "w", encoding="utf-8") as f:
        n = dump(a.index, f, a.db or None, a.full)
    print(f"{n} queries dumped to {a.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
