"""The engine against a baseline tree, in the same run, in CPU time (issue 24, "Performance").

    git archive main | tar -x -C /tmp/engine-base
    .venv/bin/python bench/engine_ab.py /tmp/engine-base [rounds]

``bench/engine_bench.py`` measures wall-clock time, which on a machine shared with other work
swings by 2–3× from one run to the next. This script runs the same workload in this tree and in
the baseline tree, alternating, each in a fresh process, and measures the process's CPU time
(``time.process_time``), which other processes disturb far less:

1. the scenario library — the baseline's files, so both trees run exactly the same scenarios;
2. the big board of engine_bench (100 creatures a side, a sweeper, a full turn): events per CPU second;
3. the state after event N (replay to N, then render) for every N of every scenario: the p95, in CPU
   time per replay;
4. the import of the engine (``import judge_app.engine`` loads every module since the hook registry),
   in a fresh process: wall-clock milliseconds.

Prints each round, the medians and the ratio this tree / baseline (above 1: slower).
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

WORKLOAD = r"""
import json, sys, time
sys.path.insert(0, sys.argv[1])
sys.path.insert(0, sys.argv[1] + "/bench")
from pathlib import Path
from judge_app.cards import default_pool
from judge_app.scenarios import loader, runner
from judge_app.scenarios.cli import collect
pool = default_pool()
files = collect([Path(sys.argv[2]) / "scenarios"])
scenarios = [loader.load(f, pool) for f in files]
runner.run(scenarios[0])   # warm-up: imports, caches
t0 = time.process_time()
passed = sum(runner.run(sc).passed for sc in scenarios)
library = time.process_time() - t0
import engine_bench
t0 = time.process_time()
events = engine_bench.bench_big_board()[0] if hasattr(engine_bench, "bench_big_board") else None
board = time.process_time() - t0
results = [runner.run(sc) for sc in scenarios]
view = engine_bench.view
steps = []
for res in results:
    for n in range(0, len(res.game.events) + 1):
        t0 = time.process_time()
        game, _ = runner.state_at(res.scenario, n)
        view.render(game)
        steps.append(time.process_time() - t0)
steps.sort()
p95 = steps[int(0.95 * (len(steps) - 1))]
print(json.dumps({"scenarios": len(scenarios), "passed": passed, "library_cpu": library,
                  "board_events": events, "board_cpu": board, "step_p95": p95, "steps": len(steps)}))
"""


IMPORT = r"""
import sys, time
sys.path.insert(0, sys.argv[1])
t0 = time.perf_counter()
import judge_app.engine
from judge_app.scenarios import runner
print((time.perf_counter() - t0) * 1000)
"""


def _import_ms(tree: Path) -> float:
    out = subprocess.run([sys.executable, "-c", IMPORT, str(tree)], capture_output=True, text=True, cwd=tree, check=True)
    return float(out.stdout.strip().splitlines()[-1])


def _run(tree: Path, scenarios_from: Path) -> dict:
    out = subprocess.run([sys.executable, "-c", WORKLOAD, str(tree), str(scenarios_from)], capture_output=True,
                         text=True, cwd=tree, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main(argv: list) -> int:
    if not argv:
        sys.exit(__doc__)
    base = Path(argv[0]).resolve()
    rounds = int(argv[1]) if len(argv) > 1 else 3
    got = {"this": [], "base": []}
    for i in range(rounds):
        for name, tree in (("this", ROOT), ("base", base)):
            r = _run(tree, base)
            r["import_ms"] = _import_ms(tree)
            got[name].append(r)
            print(f"round {i + 1} {name}: {r['scenarios']} scenarios ({r['passed']} passed) in {r['library_cpu']:.2f} s CPU"
                  + (f"; big board {r['board_events']} events in {r['board_cpu']:.3f} s CPU" if r["board_events"] else "")
                  + f"; state after event N p95 {r['step_p95'] * 1000:.2f} ms CPU over {r['steps']} replays"
                  + f"; import {r['import_ms']:.0f} ms")
    lib = {k: statistics.median(r["library_cpu"] for r in v) for k, v in got.items()}
    print(f"library, median CPU: this {lib['this']:.2f} s, base {lib['base']:.2f} s, ratio {lib['this'] / lib['base']:.3f}")
    if all(r["board_events"] for v in got.values() for r in v):
        eps = {k: statistics.median(r["board_events"] / r["board_cpu"] for r in v) for k, v in got.items()}
        print(f"big board, median events per CPU second: this {eps['this']:.0f}, base {eps['base']:.0f}, "
              f"ratio {eps['this'] / eps['base']:.3f} (above 1: faster)")
    p95 = {k: statistics.median(r["step_p95"] for r in v) for k, v in got.items()}
    print(f"state after event N, median of the p95s: this {p95['this'] * 1000:.2f} ms, base {p95['base'] * 1000:.2f} ms, "
          f"ratio {p95['this'] / p95['base']:.3f}")
    imp = {k: statistics.median(r["import_ms"] for r in v) for k, v in got.items()}
    print(f"import of the engine, median: this {imp['this']:.0f} ms, base {imp['base']:.0f} ms, ratio {imp['this'] / imp['base']:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
