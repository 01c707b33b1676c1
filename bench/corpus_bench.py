"""Corpus benchmark: a cold build, and rule lookup speed against a bare-SQL baseline.

Prints the time of a full cold build (parse, decode, store, index) into a temporary
folder, and the p50/p95 of ``Corpus.rule`` (the rule with its subrules, examples,
references both ways and the other language) over 1,000 numbers, next to a baseline
in the same process: a single indexed ``select`` of the rule row from the same file.

    .venv/bin/python bench/corpus_bench.py [--skip-build]
"""
from __future__ import annotations

import argparse
import os
import random
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path


def percentile(values: list[float], p: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]


def timed(fn, items) -> list[float]:
    out = []
    for item in items:
        t = time.perf_counter()
        fn(item)
        out.append((time.perf_counter() - t) * 1000)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--skip-build", action="store_true", help="reuse ./instance instead of a cold build")
    args = parser.parse_args()
    if not args.skip_build:
        os.environ["JUDGE_INSTANCE"] = tempfile.mkdtemp(prefix="judge-bench-")
    from judge_app import paths
    from judge_app.corpus.build import build, ensure_built
    from judge_app.corpus.lookup import Corpus

    if args.skip_build:
        ensure_built(progress=False)
    else:
        report = build(paths.db_path(), paths.index_dir(), progress=False)
        print(f"cold build: {report.seconds:.1f} s (target < 60 s)")
        for doc, n in report.counts.items():
            print(f"  {doc}: {n}")

    corpus = Corpus(paths.db_path())
    version = corpus.default_version()
    numbers = [r["number"] for r in corpus.rows(
        "select number from rules where version = ? and lang = 'ru' and level != 'chapter'", (version,))]
    random.seed(7)
    sample = [random.choice(numbers) for _ in range(1000)]

    raw = sqlite3.connect(paths.db_path())
    doc_id = f"cr-ru-{version}"
    baseline = timed(lambda n: raw.execute("select * from rules where doc_id = ? and number = ?",
                                           (doc_id, n)).fetchone(), sample)
    ours = timed(lambda n: corpus.rule(n, version, "ru"), sample)
    print(f"\nrule lookup over {len(sample)} numbers (version {version}):")
    print(f"{'':28}{'p50 ms':>10}{'p95 ms':>10}")
    print(f"{'bare select (baseline)':28}{statistics.median(baseline):>10.3f}{percentile(baseline, 95):>10.3f}")
    print(f"{'Corpus.rule (full context)':28}{statistics.median(ours):>10.3f}{percentile(ours, 95):>10.3f}")
    print(f"ratio p95 ours/baseline: {percentile(ours, 95) / max(percentile(baseline, 95), 1e-6):.1f}x"
          f" (target: p95 < 5 ms)")


if __name__ == "__main__":
    sys.exit(main())
