"""Cold build, phase by phase, of this tree and of a baseline revision, in the same run.

Each build runs in its own process into a fresh temporary instance folder; every step
of the build (one per document, then the derived tables, then the search index) is
timed in wall seconds and in CPU seconds (this process and the decoder's forked
workers). The machine is shared, so read the CPU column and the ratios: wall times
move with the other developers' load.

    .venv/bin/python bench/ocr_build_bench.py [--baseline REV] [--only-current] [--together]

``--baseline`` (default ``main``) is exported with ``git archive`` into a temporary
folder and built with this checkout's virtual environment.
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
print(json.dumps(phases))
"""


def start_build(tree: Path) -> subprocess.Popen:
    inst = tempfile.mkdtemp(prefix="judge-build-bench-")
    return subprocess.Popen([sys.executable, "-c", CHILD, inst], cwd=tree, stdout=subprocess.PIPE, text=True)


def phases_of(proc: subprocess.Popen) -> list[tuple[str, float, float]]:
    out, _ = proc.communicate()
    if proc.returncode:
        sys.exit(f"build failed (exit code {proc.returncode})")
    return [tuple(x) for x in json.loads(out.strip().splitlines()[-1])]


def export(rev: str) -> Path:
    dest = Path(tempfile.mkdtemp(prefix="judge-baseline-"))
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", rev], capture_output=True, check=True).stdout
    subprocess.run(["tar", "-x", "-C", str(dest)], input=archive, check=True)
    return dest


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--baseline", default="main", help="git revision to compare with (default: main)")
    ap.add_argument("--only-current", action="store_true", help="build this tree only")
    ap.add_argument("--together", action="store_true",
                    help="run both builds at once (halves the wait on a loaded machine; compare the CPU column)")
    args = ap.parse_args()
    trees = {} if args.only_current else {f"baseline ({args.baseline})": export(args.baseline)}
    trees["this tree"] = ROOT
    results = {}
    if args.together:
        procs = {name: start_build(tree) for name, tree in trees.items()}
        results = {name: phases_of(p) for name, p in procs.items()}
    else:
        results = {name: phases_of(start_build(tree)) for name, tree in trees.items()}
    names = [n for n, _, _ in next(iter(results.values()))]
    print("| phase | " + " | ".join(f"{k}: wall s | cpu s" for k in results) + " |")
    print("|---|" + "---|---|" * len(results))
    for name in names:
        cells = []
        for phases in results.values():
            row = next((p for p in phases if p[0] == name), None)
            cells.append(f"{row[1]:.1f} | {row[2]:.1f}" if row else "– | –")
        print(f"| {name} | " + " | ".join(cells) + " |")
    if len(results) == 2:
        (b, cur) = results.values()
        tb, tc = b[-1], cur[-1]
        print(f"\nthis tree / baseline, whole build: wall ×{tc[1] / tb[1]:.2f}, cpu ×{tc[2] / tb[2]:.2f}")
    print(f"load average at the end: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores (target: < 60 s idle)")


if __name__ == "__main__":
    main()
