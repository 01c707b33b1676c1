"""CPU per search over search_bench's 1,000 mixed queries, repeated in fresh processes.

Usage::

    .venv/bin/python bench/search_cpu.py [--runs 5] [--index DIR] [--profile N] [--against DIR]

Each run is a fresh process that opens the index (``.test-instance/judge-index`` by default) and
runs the speed part's 1,000 mixed queries once, in order, as ``bench/search_bench.py`` does
(release 2019-05-03, every kind, limit 20, caches cold at the start); the CPU time of each search
(``time.process_time``) gives p50 / p95 / mean. The median of the runs is printed: on a shared
machine a single run moves with the load, the median of several much less. ``--profile N``
runs one more pass under cProfile and prints the N costliest functions (cumulative time).

Why beside search_bench: the bench builds a fresh index per variant (minutes) and measures one
pass; a speed change is decided on this median and reported with the bench's figure against
FTS5 in one run.
"""
from __future__ import annotations

import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

QUERIES_CACHE = Path("/tmp") / "judge_search_cpu_queries.json"


def _queries(db: str) -> list[str]:
    if QUERIES_CACHE.exists():
        got = json.loads(QUERIES_CACHE.read_text(encoding="utf-8"))
        if got.get("db") == db:
            return got["queries"]
    from bench.search_dump import speed_queries

    qs = speed_queries(db)
    QUERIES_CACHE.write_text(json.dumps({"db": db, "queries": qs}, ensure_ascii=False), encoding="utf-8")
    return qs


def _pct(xs, p):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))]


# a fresh process running the queries with the code of the root given (``--against``)
_CHILD = """
import json, statistics, sys, time
sys.path.insert(0, sys.argv[1])
from judge_app.search.query import search
cpu = []
for q in json.loads(sys.argv[3]):
    c0 = time.process_time()
    search(sys.argv[2], q, version="2019-05-03", limit=20)
    cpu.append(time.process_time() - c0)
s = sorted(cpu)
pct = lambda p: 1000 * s[min(len(s) - 1, int(round(p / 100 * (len(s) - 1))))]
print(json.dumps({"p50": pct(50), "p95": pct(95), "mean": 1000 * statistics.mean(cpu), "first": 1000 * cpu[0]}))
"""


def one_run(index_dir: str, queries: list[str]) -> dict:
    from judge_app.search.query import search

    cpu = []
    for q in queries:
        c0 = time.process_time()
        search(index_dir, q, version="2019-05-03", limit=20)
        cpu.append(time.process_time() - c0)
    return {"p50": 1000 * _pct(cpu, 50), "p95": 1000 * _pct(cpu, 95), "mean": 1000 * statistics.mean(cpu),
            "first": 1000 * cpu[0]}


def main(argv=None) -> int:
    import argparse

    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--index", default=str(ROOT / ".test-instance" / "judge-index"))
    ap.add_argument("--db", default=str(ROOT / ".test-instance" / "judge.db"))
    ap.add_argument("--profile", type=int, default=0, help="also print the N costliest functions")
    ap.add_argument("--against", help="a checkout of other code (e.g. `git archive <commit> | tar -x -C DIR`): "
                                      "its runs alternate with this code's on the same index, and both medians print")
    ap.add_argument("--against-index", help="the index the --against code searches (default: --index); an index "
                                            "built by that code, so that each code reads what its own build saves")
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    a = ap.parse_args(argv)
    queries = _queries(a.db)
    if a.child:
        if a.profile:
            import cProfile
            import pstats

            pr = cProfile.Profile()
            pr.enable()
            one_run(a.index, queries)
            pr.disable()
            pstats.Stats(pr).sort_stats("cumulative").print_stats(a.profile)
            pstats.Stats(pr).sort_stats("tottime").print_stats(a.profile)
        else:
            print(json.dumps(one_run(a.index, queries)))
        return 0
    codes = [("this code", ROOT, a.index)]
    if a.against:
        codes.append(("against", Path(a.against).resolve(), a.against_index or a.index))
    runs: dict[str, list[dict]] = {name: [] for name, _, _ in codes}
    for _ in range(a.runs):
        for name, root, index in codes:  # alternated, so both see the same load
            child = [sys.executable, "-c", _CHILD, str(root), index, json.dumps(queries)]
            out = subprocess.run(child, check=True, capture_output=True, text=True, cwd=root).stdout
            runs[name].append(json.loads(out.strip().splitlines()[-1]))
            print(f"{name}: " + "  ".join(f"{k} {v:.2f}" for k, v in runs[name][-1].items()) + " ms", flush=True)
    for name, rs in runs.items():
        med = {k: statistics.median(r[k] for r in rs) for k in rs[0]}
        print(f"{name}: median of {len(rs)} runs over {len(queries)} queries, CPU per search: "
              + "  ".join(f"{k} {v:.2f}" for k, v in med.items()) + " ms")
    if a.profile:
        subprocess.run([sys.executable, __file__, "--child", "--profile", str(a.profile),
                        "--index", a.index, "--db", a.db], check=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
