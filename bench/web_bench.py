"""Bounded load on the web app over loopback: N concurrent clients for S seconds.

    .venv/bin/python bench/web_bench.py [--clients 20] [--seconds 10] [--threads 8]

Starts the app on waitress (as ``judge serve`` does) in a child process on a free
127.0.0.1 port, then runs the clients in this process, each on its own keep-alive
connection, in three phases of the given length (so 30 s of measured load by default):
rule pages only (any rule or subrule of any version, side by side or one language),
search only (the search page and the live-search JSON the pages call, over glossary
headwords in both languages, rule numbers and phrases typed on the wrong layout), then
a mix. Each phase has a short warm-up first. It stops by itself and prints, per phase
and kind, requests per second, p50 and p95 latency in ms, and the error count (anything
but 200/302, or a broken connection). Exit status 1 when there were errors.

Targets on the reference machine: rule page p95 < 50 ms, search p95 < 100 ms at 20 clients.
"""
from __future__ import annotations

import argparse
import http.client
import os
import random
import socket
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path
from urllib.parse import quote

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

FIXED_QUERIES = [
    "смертельное касание", "смертельным касанием", "deathtouch", "легендарное правило", "legend rule",
    "cvthntkmyjt rfcfybt", "пробивной удар", "trample", "боевые повреждения", "combat damage",
    "действия, вызванные состоянием", "state-based actions", "704.5k", "704,5к", "702.19b", "стек",
    "priority", "приоритет", "заклинание", "token", "фишка", "планесвокер", "planeswalker loyalty",
]


def serve(port: int, threads: int) -> None:
    """The child process: the app on waitress, as ``judge serve`` runs it."""
    from waitress import serve as waitress_serve

    from judge_app import services
    from judge_app.web import create_app

    services.corpus()
    waitress_serve(create_app(), host="127.0.0.1", port=port, threads=threads, _quiet=True)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_up(port: int, timeout: float, proc: subprocess.Popen) -> None:
    deadline = time.time() + timeout
    while time.time() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"the server exited with {proc.returncode}")
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            conn.request("GET", "/api/versions")
            if conn.getresponse().status == 200:
                return
        except OSError:
            time.sleep(0.3)
    raise SystemExit("the server did not come up")


def workload(rng: random.Random):
    """URL makers per kind, from the real corpus."""
    from judge_app import services

    c = services.corpus(progress=True)
    versions = c.cr_versions()
    numbers = {v: [r["number"] for r in c.rows(
        "select number from rules where doc_id = ? and level in ('rule', 'subrule')", (c.doc_id(v, "ru"),))]
        for v in versions}
    terms = []
    for v in versions[:1]:
        for g in c.glossary_all(v, "ru"):
            terms += [g["term_en"], g["term_ru"].rstrip(".")]
    terms = [t for t in terms if t] + FIXED_QUERIES
    shows = ["both", "both", "ru", "en"]

    def rule():
        v = rng.choice(versions)
        return f"/rules/{rng.choice(numbers[v])}?version={v}&show={rng.choice(shows)}"

    def search():
        return f"/search?q={quote(rng.choice(terms))}&version={rng.choice(versions)}"

    def live():
        return f"/api/search?q={quote(rng.choice(terms))}&envelope=1&limit=8"

    return {"rule": rule, "search": search, "live-search": live}, len(terms), sum(map(len, numbers.values()))


def client(port: int, stop_at: float, makers: dict, weights: list, seed: int, out: dict, lock,
           think: float = 0.0) -> None:
    rng = random.Random(seed)
    kinds = list(makers)
    local = {k: [] for k in kinds}
    errors = {k: 0 for k in kinds}
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    while time.time() < stop_at:
        kind = rng.choices(kinds, weights)[0]
        url = makers[kind]()
        started = time.perf_counter()
        try:
            conn.request("GET", url, headers={"Connection": "keep-alive"})
            resp = conn.getresponse()
            resp.read()
            ok = resp.status in (200, 302)
        except (OSError, http.client.HTTPException):
            ok = False
            conn.close()
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        elapsed = (time.perf_counter() - started) * 1000
        if ok:
            local[kind].append(elapsed)
        else:
            errors[kind] += 1
        if think > 0:  # a judge reads the page before the next click
            time.sleep(min(rng.expovariate(1 / think), 10 * think, max(0.0, stop_at - time.time())))
    conn.close()
    with lock:
        for k in kinds:
            out["lat"][k] += local[k]
            out["err"][k] += errors[k]


def pct(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--clients", type=int, default=20)
    ap.add_argument("--seconds", type=float, default=10.0, help="per phase (rule pages, search, mixed)")
    ap.add_argument("--threads", type=int, default=8, help="waitress worker threads")
    ap.add_argument("--warmup", type=float, default=3.0, help="seconds of load before measuring")
    ap.add_argument("--think-ms", type=float, default=0.0,
                    help="mean pause of each client between requests (0: closed loop, the server saturated)")
    ap.add_argument("--serve", type=int, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.serve:
        serve(args.serve, args.threads)
        return 0
    if args.clients < 1 or args.seconds <= 0 or args.seconds > 600:
        ap.error("clients >= 1 and 0 < seconds <= 600")

    rng = random.Random(20240501)
    makers, n_terms, n_rules = workload(rng)  # builds the corpus first if needed
    port = free_port()
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    proc = subprocess.Popen([sys.executable, __file__, "--serve", str(port), "--threads", str(args.threads)],
                            env=env, stdout=subprocess.DEVNULL)
    phases = [("rule pages", {"rule": 1.0}),
              ("search", {"search": 0.6, "live-search": 0.4}),
              ("mixed", {"rule": 0.5, "search": 0.3, "live-search": 0.2})]
    results = []
    try:
        wait_up(port, 120, proc)
        for name, weights in phases:
            kinds = {k: makers[k] for k in weights}
            w = [weights[k] for k in kinds]
            if args.warmup > 0:
                run_clients(port, args.clients, args.warmup, kinds, w, 1000, args.think_ms / 1000)
            out, wall = run_clients(port, args.clients, args.seconds, kinds, w, 0, args.think_ms / 1000)
            results.append((name, out, wall))
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()

    loop = (f"each pausing {args.think_ms:g} ms on average between requests" if args.think_ms > 0
            else "closed loop (no think time: the server saturated)")
    print(f"web bench: {args.clients} concurrent clients, {loop}, {args.seconds:g} s per phase "
          f"after {args.warmup:g} s warm-up; waitress {args.threads} threads on 127.0.0.1; "
          f"{n_rules} rule numbers, {n_terms} queries; {os.cpu_count()} CPUs")
    print(f"{'phase':<11} {'kind':<12} {'requests':>9} {'req/s':>8} {'p50 ms':>8} {'p95 ms':>8} {'errors':>7}")
    errors = 0
    for name, out, wall in results:
        all_lat = []
        for kind in out["lat"]:
            lat, err = out["lat"][kind], out["err"][kind]
            all_lat += lat
            errors += err
            print(f"{name:<11} {kind:<12} {len(lat):>9} {len(lat) / wall:>8.1f} {pct(lat, 50):>8.1f} "
                  f"{pct(lat, 95):>8.1f} {err:>7}")
        if len(out["lat"]) > 1:
            print(f"{name:<11} {'all':<12} {len(all_lat):>9} {len(all_lat) / wall:>8.1f} {pct(all_lat, 50):>8.1f} "
                  f"{pct(all_lat, 95):>8.1f} {sum(out['err'].values()):>7}")
    print(f"errors: {errors}")
    return 1 if errors else 0


def run_clients(port: int, clients: int, seconds: float, makers: dict, weights: list, seed: int,
                think: float = 0.0):
    out = {"lat": {k: [] for k in makers}, "err": {k: 0 for k in makers}}
    lock = threading.Lock()
    started = time.time()
    stop = started + seconds
    threads = [threading.Thread(target=client, args=(port, stop, makers, weights, seed + i, out, lock, think))
               for i in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return out, time.time() - started


if __name__ == "__main__":
    sys.exit(main())
