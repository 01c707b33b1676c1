"""The offline app's costs (issue 28), measured in headless Chromium on a phone viewport.

Usage::

    .venv/bin/python bench/offline_bench.py [--queries 300] [--throttle 4]

The app runs on waitress in this process on the built corpus (JUDGE_INSTANCE or instance/),
behind a WSGI counter of the bytes it sends. Printed:

* **first visit**: the bytes sent while a new phone opens one rule page and its service worker
  downloads the offline pack (compressed as sent: the pack files go gzipped), per kind of file;
  and the whole store (``navigator.storage.estimate().usage``) once the worker is ready.
  Targets: at most 8 MB transferred, under 40 MB stored.
* **offline search** on a CPU-throttled Chromium (``Emulation.setCPUThrottlingRate``, 4× by
  default): the index's load time once, then p50/p95 per query over judges' queries
  (``bench/judge_queries.tsv``) and rule numbers, run in the offline search page. Target: p95
  under 50 ms.
* the worker's cost to an online rule page is measured by ``bench/offline_worker_bench.py``
  (many interleaved loads with and without the worker, in blocks, with the spread).
"""
from __future__ import annotations

import argparse
import json
import os
import random
import socket
import sys
import threading
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--no-first-run"]
PHONE = {"viewport": {"width": 360, "height": 740}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}


class Counter:
    """WSGI middleware: bytes of response bodies, by path."""

    def __init__(self, app):
        self.app = app
        self.sent: dict[str, int] = defaultdict(int)
        self.on = False

    def __call__(self, environ, start_response):
        path = environ.get("PATH_INFO", "")
        for chunk in self.app(environ, start_response):
            if self.on:
                self.sent[path] += len(chunk)
            yield chunk


def pct(xs, p):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))] if xs else float("nan")


def serve():
    from waitress.server import create_server

    from judge_app import services
    from judge_app.web import create_app

    services.corpus(progress=True)
    meta = services.offline_pack(progress=True)
    if not meta or not meta.get("search"):
        sys.exit("no offline pack with a search index: Node and the npm packages are needed (./setup.sh)")
    counter = Counter(create_app())
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = create_server(counter, host="127.0.0.1", port=port, threads=8)
    threading.Thread(target=server.run, daemon=True).start()
    return f"http://127.0.0.1:{port}", counter, meta, server


WAIT_CONTROLLED = """async () => {
  await navigator.serviceWorker.ready;
  if (!navigator.serviceWorker.controller)
    await new Promise(r => navigator.serviceWorker.addEventListener('controllerchange', r, {once: true}));
  const est = await navigator.storage.estimate();
  return est.usage;
}"""

SEARCH_RUN = """async (queries) => {
  const t0 = performance.now();
  while (!window.JudgeSearch || !document.getElementById('q-offline')) await new Promise(r => setTimeout(r, 20));
  const root = document.documentElement, base = root.dataset.base, versions = root.dataset.versions.split(' ');
  const [index, tables, ...rules] = await Promise.all([fetch(base + 'search-index.json').then(r => r.text()),
      fetch(base + 'query.json').then(r => r.json()), ...versions.map(v => fetch(base + 'rules-' + v + '.json').then(r => r.json()))]);
  const numbers = {};
  versions.forEach((v, i) => numbers[v] = new Set(rules[i].rules.map(r => r.n)));
  const t1 = performance.now();
  const engine = JudgeSearch.create(MiniSearch, snowballFactory, index, tables, numbers);
  const loaded = performance.now() - t1, fetched = t1 - t0;
  const times = [];
  for (const q of queries) {
    const t = performance.now();
    const n = engine.lookup(q, root.dataset.defaultVersion);
    if (!n) engine.search(q, {version: root.dataset.defaultVersion, limit: 20});
    times.push(performance.now() - t);
  }
  return {loaded, fetched, times};
}"""


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--queries", type=int, default=300)
    ap.add_argument("--throttle", type=float, default=4.0)
    args = ap.parse_args(argv)
    from playwright.sync_api import sync_playwright

    from search_bench import judge_queries

    base, counter, meta, server = serve()
    print(f"pack {meta['id']}: releases {', '.join(meta['versions'])}; machine load average "
          f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs (timings below are only as quiet as the machine)")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)

        # -- first visit: what a new phone downloads, and what it keeps
        import urllib.request

        urllib.request.urlopen(base + "/rules/704.5k", timeout=300).read()  # the server's first page (its warm-up)
        ctx = browser.new_context(base_url=base, **PHONE)
        ctx.set_default_timeout(120_000)
        page = ctx.new_page()
        counter.sent.clear()
        counter.on = True
        page.goto("/rules/704.5k")
        usage = page.evaluate(WAIT_CONTROLLED)
        time.sleep(1.0)
        counter.on = False
        groups: dict[str, int] = defaultdict(int)
        for path, n in counter.sent.items():
            kind = ("pack data" if path.startswith("/offline/pack/") and path.endswith(".json") else
                    "libraries" if "/lib/" in path else "shell + its static" if path.startswith("/offline/pack/") else
                    "service worker" if path == "/sw.js" else "the page itself")
            groups[kind] += n
        total = sum(groups.values())
        print(f"\nfirst visit, transferred (compressed as sent): {total / 1e6:.2f} MB  (target ≤ 8 MB)")
        for k, n in sorted(groups.items(), key=lambda kv: -kv[1]):
            print(f"  {k:<22}{n / 1e6:>8.2f} MB")
        print(f"offline store (navigator.storage.estimate().usage): {usage / 1e6:.2f} MB  (target < 40 MB); "
              f"pack uncompressed {sum(f['bytes'] for f in meta['files']) / 1e6:.2f} MB")

        # -- offline search on a throttled CPU
        judges = [q for _, q, _ in judge_queries()]
        rng = random.Random(7)
        queries = [rng.choice(judges) for _ in range(args.queries * 4 // 5)]
        queries += [rng.choice(["704.5k", "704,5к", "702.2", "601.2a", "509.1"]) for _ in range(args.queries // 5)]
        rng.shuffle(queries)
        ctx.set_offline(True)
        page.goto("/search")
        cdp = ctx.new_cdp_session(page)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": args.throttle})
        res = page.evaluate(SEARCH_RUN, queries)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
        t = res["times"]
        print(f"\noffline search, CPU {args.throttle:g}× throttled, {len(t)} queries: p50 {pct(t, 50):.1f} ms, "
              f"p95 {pct(t, 95):.1f} ms, max {max(t):.1f} ms  (target p95 < 50 ms)")
        print(f"  once per page: reading the pack {res['fetched']:.0f} ms, loading the index {res['loaded']:.0f} ms")
        ctx.set_offline(False)

        browser.close()
    print(f"\nmachine load average at the end: {os.getloadavg()[0]:.1f}")
    server.close()


if __name__ == "__main__":
    main()
