"""Cold build, phase by phase: this tree serial and parallel, and a baseline revision, in one run.

Each build runs in its own process into a fresh temporary instance folder; every step
of the build (one per document, then the derived tables, then the search index) is
timed in wall seconds and in CPU seconds (this process and the decoder's forked
workers). This tree is built twice: with ``JUDGE_BUILD_WORKERS=1`` (the serial decode)
and with the default (one worker per available core, or ``--workers N``). The machine
is shared, so the load average is printed before and after each build: read the CPU
column and the ratios, wall times move with the other developers' load.

    .venv/bin/python bench/ocr_build_bench.py [--baseline REV | --only-current] [--no-serial]
                                              [--workers N] [--together]

``--baseline`` (default ``main``) is exported with ``git archive`` into a temporary
folder and built with this checkout's virtual environment and the default workers.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

CHILD = r"""
import json, os, sys, time
sys.path.insert(0, os.getcwd())
os.environ["JUDGE_INSTANCE"] = sys.argv[1]

def cpu():
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system

load0 = os.getloadavg()[0]
from judge_app import paths
from judge_app.corpus import build as build_mod, parse_all

phases = []
real_steps = parse_all.steps

def timed_steps(db, report):
    out = []
    for name, fn in real_steps(db, report):
        def run(fn=fn, name=name):
            w, c = time.perf_counter(), cpu()
            fn()
            phases.append((name, time.perf_counter() - w, cpu() - c))
        out.append((name, run))
    return out

parse_all.steps = timed_steps
real_index = build_mod.build_search_index

def timed_index(db_file, index):
    w, c = time.perf_counter(), cpu()
    real_index(db_file, index)
    phases.append(("search index", time.perf_counter() - w, cpu() - c))

build_mod.build_search_index = timed_index
w, c = time.perf_counter(), cpu()
report = build_mod.build(paths.db_path(), paths.index_dir(), progress=False)
phases.append(("TOTAL", time.perf_counter() - w, cpu() - c))
print(json.dumps({"phases": phases, "load": [load0, os.getloadavg()[0]]}))
"""


def start_build(tree: Path, workers: int | None) -> subprocess.Popen:
    inst = tempfile.mkdtemp(prefix="judge-build-bench-")
    env = dict(os.environ)
    env.pop("JUDGE_BUILD_WORKERS", None)
    if workers:
        env["JUDGE_BUILD_WORKERS"] = str(workers)
    return subprocess.Popen([sys.executable, "-c", CHILD, inst], cwd=tree, stdout=subprocess.PIPE, text=True,
                            env=env)


def result_of(proc: subprocess.Popen) -> dict:
    """{"phases": [(name, wall s, cpu s)], "load": [load average before, after]}"""
    out, _ = proc.communicate()
    if proc.returncode:
        sys.exit(f"build failed (exit code {proc.returncode})")
    res = json.loads(out.strip().splitlines()[-1])
    res["phases"] = [tuple(x) for x in res["phases"]]
    return res


def export(rev: str) -> Path:
    dest = Path(tempfile.mkdtemp(prefix="judge-baseline-"))
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", rev], capture_output=True, check=True).stdout
    subprocess.run(["tar", "-x", "-C", str(dest)], input=archive, check=True)
    return dest


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--baseline", default="main", help="git revision to compare with (default: main)")
    ap.add_argument("--only-current", action="store_true", help="build this tree only (no baseline)")
    ap.add_argument("--no-serial", action="store_true", help="skip the serial build of this tree")
    ap.add_argument("--workers", type=int, default=None,
                    help="JUDGE_BUILD_WORKERS of the parallel builds (default: unset, the available cores)")
    ap.add_argument("--together", action="store_true",
                    help="run the builds at once (shorter wait on a loaded machine; compare the CPU column)")
    args = ap.parse_args()
    builds = {} if args.only_current else {f"baseline ({args.baseline})": (export(args.baseline), args.workers)}
    if not args.no_serial:
        builds["this tree, serial"] = (ROOT, 1)
    builds[f"this tree, {args.workers or 'default'} workers"] = (ROOT, args.workers)
    if args.together:
        procs = {name: start_build(tree, w) for name, (tree, w) in builds.items()}
        results = {name: result_of(p) for name, p in procs.items()}
    else:
        results = {name: result_of(start_build(tree, w)) for name, (tree, w) in builds.items()}
    print_table(results)
    totals = {name: r["phases"][-1] for name, r in results.items()}
    cur = list(totals)[-1]
    for other in list(totals)[:-1]:
        a, b = totals[cur], totals[other]
        print(f"{cur} / {other}, whole build: wall ×{a[1] / b[1]:.2f}, cpu ×{a[2] / b[2]:.2f}")
    for name, r in results.items():
        print(f"load average before / after «{name}»: {r['load'][0]:.1f} / {r['load'][1]:.1f}")
    print(f"{os.cpu_count()} cores (target: a cold build < 60 s wall on the idle reference machine)")


def print_table(results: dict) -> None:
    names = [n for n, _, _ in next(iter(results.values()))["phases"]]
    print("| phase | " + " | ".join(f"{k}: wall s | cpu s" for k in results) + " |")
    print("|---|" + "---|---|" * len(results))
    for name in names:
        cells = []
        for r in results.values():
            row = next((p for p in r["phases"] if p[0] == name), None)
            cells.append(f"{row[1]:.1f} | {row[2]:.1f}" if row else "– | –")
        print(f"| {name} | " + " | ".join(cells) + " |")
    print()


if __name__ == "__main__":
    main()
