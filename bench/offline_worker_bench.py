"""The service worker's cost to an online rule page, robust to a loaded machine (issue 28).

Usage (the one command for the final figure; on a quiet machine)::

    .venv/bin/python bench/offline_worker_bench.py [--blocks 10] [--loads 20] [--stopped] [--driver cdp]

The app runs on waitress in this process on the built corpus (JUDGE_INSTANCE or instance/), as in
``bench/offline_bench.py``. Two phone contexts of one headless Chromium load the same online rule
pages: one with the offline app's worker installed and running (its pack downloaded), one whose
service workers are blocked (the baseline). A block is ``--loads`` rounds; each round loads one
page in both contexts, in a random order (so a burst of load on the machine falls on both arms
alike). Per block: p50 and p95 of the navigation's ``responseEnd`` and ``loadEventEnd`` in each
context and their differences (worker − none); then, over the blocks, the median difference and
its spread (min, quartiles, max), and the pooled p50/p95 of all loads. The target: the worker
adds at most 20 ms to an online rule page's p95 (the issue measures the page under
``bench/web_bench.py``'s load; wrk runs no service worker, so the worker's own cost is the
browser's and is measured here). ``--stopped`` adds a third arm: the worker stopped before each
load (``ServiceWorker.stopAllWorkers``: a judge read the last page for a while).
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from offline_bench import ARGS, CHROMIUM, PHONE, WAIT_CONTROLLED, pct, serve  # noqa: E402

NUMBERS = ["704.5k", "702.2", "601.2", "509.1a", "613.1", "117.3", "702.19", "104.4a", "122.1c", "303.4"]
NAV = ("async () => { let e; while (!(e = performance.getEntriesByType('navigation')[0]) || !e.loadEventEnd)"
       " await new Promise(r => setTimeout(r, 0));"
       " return [e.responseEnd, e.loadEventEnd, e.workerStart > 0]; }")
# what Playwright does to a context whose service workers are blocked: the baseline never registers one
BLOCK_REGISTER = ("if (self.ServiceWorkerContainer) ServiceWorkerContainer.prototype.register ="
                  " async () => undefined;")


class PlaywrightDriver:
    """Two Playwright contexts. Playwright attaches to every worker the browser starts and holds it
    until its Node driver has enabled Runtime and Network on it: a stopped worker's start-up here
    includes that round trip, which no phone pays (--driver cdp leaves it out)."""

    def __init__(self, base: str):
        from playwright.sync_api import sync_playwright

        self._pw = sync_playwright().start()
        self._browser = self._pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        sw_ctx = self._browser.new_context(base_url=base, **PHONE)
        sw_ctx.set_default_timeout(120_000)
        sw_page = sw_ctx.new_page()
        sw_page.goto("/rules/704.5k")
        sw_page.evaluate(WAIT_CONTROLLED)   # the worker installed, the pack downloaded, the page controlled
        self._cdp = sw_ctx.new_cdp_session(sw_page)
        self._cdp.send("ServiceWorker.enable")
        none_ctx = self._browser.new_context(base_url=base, service_workers="block", **PHONE)
        none_ctx.set_default_timeout(120_000)
        none_page = none_ctx.new_page()
        self._pages = {"none": none_page, "worker": sw_page, "stopped": sw_page}

    def goto(self, arm: str, number: str):
        self._pages[arm].goto(f"/rules/{number}", wait_until="load")
        return self._pages[arm].evaluate(NAV)

    def stop_workers(self) -> None:
        self._cdp.send("ServiceWorker.stopAllWorkers")

    def close(self) -> None:
        self._browser.close()
        self._pw.stop()


class CDPDriver:
    """The same two phone contexts driven over the bare DevTools pipe (bench/cdp_pipe.py): the browser
    starts and runs the worker with no debugger attached to it, as on a phone."""

    def __init__(self, base: str):
        from cdp_pipe import Browser

        self._base = base
        self._browser = Browser(CHROMIUM, ARGS)
        sw_page = self._browser.new_page(PHONE)
        sw_page.goto(base + "/rules/704.5k")
        sw_page.evaluate(WAIT_CONTROLLED)
        sw_page.send("ServiceWorker.enable")
        none_page = self._browser.new_page(PHONE, init_script=BLOCK_REGISTER)
        self._pages = {"none": none_page, "worker": sw_page, "stopped": sw_page}

    def goto(self, arm: str, number: str):
        self._pages[arm].goto(f"{self._base}/rules/{number}")
        return self._pages[arm].evaluate(NAV)

    def stop_workers(self) -> None:
        self._pages["worker"].send("ServiceWorker.stopAllWorkers")

    def close(self) -> None:
        self._browser.close()


METRICS = ("responseEnd", "loadEventEnd")


def quartiles(xs: list[float]) -> tuple[float, float, float, float, float]:
    xs = sorted(xs)
    q = statistics.quantiles(xs, n=4) if len(xs) > 1 else [xs[0]] * 3
    return xs[0], q[0], q[1], q[2], xs[-1]


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--blocks", type=int, default=10)
    ap.add_argument("--loads", type=int, default=20, help="rounds per block (one load per arm each)")
    ap.add_argument("--stopped", action="store_true", help="also the worker stopped before each load")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--driver", choices=("playwright", "cdp"), default="playwright",
                    help="cdp: no debugger attached to the worker (what a phone runs); playwright: as before")
    args = ap.parse_args(argv)
    base, _counter, meta, server = serve()
    rng = random.Random(args.seed)
    arms = ["none", "worker"] + (["stopped"] if args.stopped else [])
    print(f"pack {meta['id']}; {args.blocks} blocks of {args.loads} rounds, arms {', '.join(arms)} in a random "
          f"order each round; driver {args.driver}; load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
    drive = CDPDriver(base) if args.driver == "cdp" else PlaywrightDriver(base)
    try:
        for n in NUMBERS:   # warm the server's page cache and both HTTP caches
            drive.goto("worker", n)
            drive.goto("none", n)
        blocks = []
        through = 0
        for b in range(args.blocks):
            got = {a: {m: [] for m in METRICS} for a in arms}
            for i in range(args.loads):
                n = NUMBERS[(b * args.loads + i) % len(NUMBERS)]
                for arm in rng.sample(arms, len(arms)):
                    if arm == "stopped":
                        drive.stop_workers()
                    resp_end, load_end, via_worker = drive.goto(arm, n)
                    got[arm]["responseEnd"].append(resp_end)
                    got[arm]["loadEventEnd"].append(load_end)
                    through += bool(via_worker) and arm == "worker"
            blocks.append(got)
            line = "  ".join(f"{m} Δp50 {pct(got[a][m], 50) - pct(got['none'][m], 50):+6.1f} "
                             f"Δp95 {pct(got[a][m], 95) - pct(got['none'][m], 95):+6.1f}"
                             for a in arms[1:] for m in METRICS)
            print(f"block {b + 1:>2}: {line}", flush=True)
    finally:
        drive.close()
    server.close()

    print(f"\n{through} of the running worker's {args.blocks * args.loads} loads went through it")
    print(f"{'':<26}{'median':>8}{'min':>8}{'q1':>8}{'q3':>8}{'max':>8}   over {args.blocks} blocks")
    for arm in arms[1:]:
        for m in METRICS:
            for p_ in (50, 95):
                d = [pct(g[arm][m], p_) - pct(g["none"][m], p_) for g in blocks]
                lo, q1, med, q3, hi = quartiles(d)
                print(f"{arm + ' ' + m + f' Δp{p_}':<26}{med:>+8.1f}{lo:>+8.1f}{q1:>+8.1f}{q3:>+8.1f}{hi:>+8.1f}")
    print("\npooled over all loads (ms):")
    for m in METRICS:
        line = "  ".join(f"{a} p50 {pct([x for g in blocks for x in g[a][m]], 50):.1f} "
                         f"p95 {pct([x for g in blocks for x in g[a][m]], 95):.1f}" for a in arms)
        print(f"  {m:<13} {line}")
    print(f"target: the running worker's median Δp95 ≤ 20 ms; load average at the end {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
