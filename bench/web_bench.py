"""The web app under an event's load, before and after, measured by wrk on loopback.

    ./setup.sh bench                      # once: the venv and Debian's wrk (apt-get)
    .venv/bin/python bench/web_bench.py [--quick] [--connections 50] [--seconds 10] [--workers N]

wrk (a C load generator: it is not the bottleneck, Python clients were) drives two
servers in turn, each started fresh on a free 127.0.0.1 port:

* before (the baseline, measured in the same run): the app on waitress as ``judge serve``
  ran it until now (8 threads, waitress's defaults: 100 connections, idle channels closed
  after 120 s);
* after: ``judge serve`` as it is now (gunicorn, one process per core).

Each server gets a bounded warm-up and three phases, with 50 connections:

1. rule pages for ``--seconds``: up to 1,000 rules and subrules of every version, side by
   side or in one language, rendered in a warm-up first (an event looks up the same rules
   again and again);
2. searches: 1,000 distinct queries (the glossary's headwords, Russian and English) never
   asked of that server before (no cache can answer them), half the search page and half
   the live-search JSON; the phase ends when they are answered, or after
   ``--search-seconds`` (the line then says how many were answered);
3. the rule pages again for ``--seconds`` while 150 other clients hold half-sent requests open.

Every phase prints its line as soon as it is done (requests, req/s, p50/p95/p99 in ms,
errors by kind, the load average of the machine, and the CPU the server's processes used per
request, which the other users of the machine do not change much); then the whole table, and the targets of
issue 14 with the ratios after/before. A default run takes about 3 minutes, ``--quick``
about 2 (the first run also builds the corpus). Exit status 1 when "after" misses a target.

Errors are what wrk counts: connect/read/write failures, HTTP status >= 400 and timeouts.
wrk's "timeout" is not a failed request: it is a response slower than ``--timeout``, counted
again at each of wrk's 2-second checks while it is outstanding, and its latency is left out
of the percentiles. So the timeout here is 30 s (the slow answers count in p95 where they
belong), and a timeout is reported as such.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import quote

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

TARGETS = {"rule pages": 100.0, "searches": 300.0, "rule pages + 150 half-open": 1000.0}  # p95 ms
HALF_OPEN = 150
SEARCHES = 1000
RULE_PAGES = 1000  # the rules judges look up during an event, each already rendered once
WRK_TIMEOUT = 30   # seconds: see the module docstring
WRK_THREADS = 2

LUA = r"""
-- Each wrk thread takes its own slice of the URL file; "once" stops it after one pass and
-- says so on stdout, so that the bench can end wrk at once instead of waiting out -d.
local urls, i, sent, answered, counter = {}, 0, 0, 0, 0
local nthreads, limit = 1, false

function setup(thread)
  thread:set("tid", counter)
  counter = counter + 1
end

function init(args)
  nthreads = tonumber(args[2])
  limit = args[3] == "once"
  local n = 0
  for line in io.lines(args[1]) do
    if n % nthreads == tid then urls[#urls + 1] = line end
    n = n + 1
  end
end

function request()
  i = i % #urls + 1
  return wrk.format("GET", urls[i], {["Host"] = "127.0.0.1"})
end

function response(status, headers, body)
  answered = answered + 1
  if limit and answered == #urls then  -- once: responses already read in this turn still come here
    io.write("PASS_DONE\n")
    io.flush()
    wrk.thread:stop()
  end
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('BENCH {"requests": %d, "seconds": %.3f, "p50": %.3f, "p95": %.3f, "p99": %.3f, ' ..
    '"connect": %d, "read": %d, "write": %d, "status": %d, "timeout": %d}\n',
    summary.requests, summary.duration / 1e6, latency:percentile(50) / 1000, latency:percentile(95) / 1000,
    latency:percentile(99) / 1000, e.connect, e.read, e.write, e.status, e.timeout))
end
"""


def serve_before(port: int) -> None:
    """The child process for "before": waitress exactly as ``judge serve`` started it until now."""
    from waitress import serve as waitress_serve

    from judge_app import services
    from judge_app.web import create_app

    services.corpus()
    waitress_serve(create_app(), host="127.0.0.1", port=port, threads=8, _quiet=True)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_up(port: int, proc: subprocess.Popen, timeout: float = 180) -> None:
    import http.client

    deadline = time.time() + timeout
    while time.time() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"the server exited with {proc.returncode}")
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            conn.request("GET", "/api/versions")
            if conn.getresponse().status == 200:
                return
        except OSError:
            time.sleep(0.3)
    raise SystemExit("the server did not come up")


def workload(rng: random.Random, rule_pages: int = RULE_PAGES) -> dict[str, list[str]]:
    """URL lists from the real corpus: rule pages, and distinct queries for warm-up and measure."""
    from judge_app import services

    c = services.corpus(progress=True)
    versions = c.cr_versions()
    rules = [f"/rules/{r['number']}?version={v}&show={show}"
             for v in versions
             for r in c.rows("select number from rules where doc_id = ? and level in ('rule', 'subrule')",
                             (c.doc_id(v, "ru"),))
             for show in ("both", "ru", "en")]
    rules = rng.sample(rules, min(rule_pages, len(rules)))
    terms = set()  # what judges type: the glossary's headwords, Russian and English
    for v in versions:
        for lang in ("ru", "en"):
            for g in c.glossary_all(v, lang):
                terms.update(t.strip(" .").lower() for t in (g.get("term_ru"), g.get("term_en")) if t)
    terms = sorted(t for t in terms if 3 <= len(t) <= 60)
    rng.shuffle(terms)
    words = sorted({w for t in terms for w in t.split() if len(w) >= 4 and w.isalpha()})
    while len(terms) < SEARCHES + 200:  # a small glossary: two of its words make more new queries
        pair = " ".join(rng.sample(words, 2))
        if pair not in terms:
            terms.append(pair)
    queries = terms

    def search_urls(qs: list[str]) -> list[str]:
        return [f"/search?q={quote(q)}" if n % 2 else f"/api/search?q={quote(q)}&envelope=1&limit=8"
                for n, q in enumerate(qs)]

    return {"rules": rules, "warm": search_urls(queries[:200]), "searches": search_urls(queries[200:200 + SEARCHES])}


def wrk(port: int, urls: list[str], connections: int, seconds: float, once: bool, tmp: Path) -> dict:
    """One wrk run: for ``seconds``, or (``once``) until every URL is answered, at most ``seconds``.

    wrk itself always sleeps its whole ``-d``; when every thread has finished its pass, a
    SIGINT ends that sleep and wrk prints its summary (its clock stops there too)."""
    import signal

    url_file = tmp / f"urls-{time.monotonic_ns()}.txt"
    url_file.write_text("\n".join(urls) + "\n", encoding="utf-8")
    cmd = ["wrk", "-t", str(WRK_THREADS), "-c", str(connections), "-d", f"{max(1, round(seconds))}s",
           "--timeout", f"{WRK_TIMEOUT}s", "-s", str(tmp / "bench.lua"), f"http://127.0.0.1:{port}", "--",
           str(url_file), str(WRK_THREADS), "once" if once else "loop"]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    finished, summary = 0, None
    try:
        for line in proc.stdout:
            if line.startswith("PASS_DONE"):
                finished += 1
                if finished == WRK_THREADS:   # (once per thread, see the Lua)
                    proc.send_signal(signal.SIGINT)
            elif line.startswith("BENCH "):
                summary = json.loads(line[6:])
        proc.wait(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
    if summary is None:
        raise SystemExit(f"wrk failed: {proc.stderr.read()}")
    summary["finished"] = finished == WRK_THREADS or not once   # a timed phase is done when its time is
    return summary


def tree_cpu(pid: int) -> float:
    """CPU seconds (user + system) used so far by process ``pid`` and its live descendants
    (gunicorn's workers), from /proc; 0.0 where there is no /proc."""
    stats: dict[int, tuple[int, float]] = {}
    try:
        entries = [e for e in os.listdir("/proc") if e.isdigit()]
    except OSError:
        return 0.0
    tick = os.sysconf("SC_CLK_TCK")
    for e in entries:
        try:
            with open(f"/proc/{e}/stat") as f:
                rest = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        stats[int(e)] = (int(rest[1]), (int(rest[11]) + int(rest[12])) / tick)   # ppid, utime + stime
    total, todo = 0.0, [pid]
    while todo:
        p = todo.pop()
        total += stats.get(p, (0, 0.0))[1]
        todo.extend(c for c, (ppid, _) in stats.items() if ppid == p)
    return total


def hold_half_open(port: int, n: int) -> list[socket.socket]:
    """``n`` clients that connect and send half a request, then nothing."""
    held = []
    for _ in range(n):
        s = socket.create_connection(("127.0.0.1", port), timeout=5)
        s.sendall(b"GET /rules/704.5k HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        held.append(s)
    return held


def measure(name: str, command, env: dict, urls: dict, workers: int, args, tmp: Path) -> dict[str, dict]:
    """One server (``command(port)`` starts it): a bounded warm-up, then the three phases,
    each printed as soon as it is done."""
    port = free_port()
    proc = subprocess.Popen(command(port), env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    results = {}

    def phase(label: str, run) -> None:
        cpu = tree_cpu(proc.pid)
        result = run()
        result["cpu_ms"] = (tree_cpu(proc.pid) - cpu) * 1000 / max(result["requests"], 1)
        result["load"] = os.getloadavg()[0]
        results[label] = result
        print(row(name, label, result), flush=True)

    try:
        t0 = time.monotonic()
        wait_up(port, proc)
        c, s = args.connections, args.seconds
        # warm-up: each rule page rendered in (nearly) every worker's cache, as after the first
        # hour of an event; bounded in time
        wrk(port, urls["rules"] * (workers + 1), c, args.warm_seconds, True, tmp)
        print(f"{name:<7} (up and warm in {time.monotonic() - t0:.0f} s)", flush=True)
        phase("rule pages", lambda: wrk(port, urls["rules"], c, s, False, tmp))
        wrk(port, urls["warm"], c, min(3.0, s), True, tmp)
        phase("searches", lambda: wrk(port, urls["searches"], c, args.search_seconds, True, tmp))  # new here
        held = hold_half_open(port, HALF_OPEN)
        try:
            phase("rule pages + 150 half-open", lambda: wrk(port, urls["rules"], c, s, False, tmp))
        finally:
            for sock in held:
                sock.close()
    finally:
        proc.terminate()
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            proc.kill()
    return results


def errors(r: dict) -> int:
    """Failed requests; a phase in which nothing was answered at all counts as failed."""
    failed = r["connect"] + r["read"] + r["write"] + r["status"] + r["timeout"]
    return failed if r["requests"] else max(failed, 1)


HEADER = (f"{'server':<7} {'phase':<27} {'requests':>9} {'req/s':>8} {'p50 ms':>8} {'p95 ms':>9} "
          f"{'p99 ms':>9} {'errors':>7} {'load':>5} {'cpu ms/req':>10}")


def row(name: str, phase: str, r: dict) -> str:
    kinds = ", ".join(f"{k} {r[k]}" for k in ("connect", "read", "write", "timeout", "status") if r[k])
    if not r["requests"]:
        kinds = "nothing answered: every connection waited the whole phase"
    if phase == "searches" and not r.get("finished", True):
        kinds = ", ".join(filter(None, [kinds, f"only {r['requests']} of {SEARCHES} answered in time"]))
    rate = r["requests"] / max(r["seconds"], 1e-9)
    cpu = f"{r['cpu_ms']:.2f}" if r["requests"] else "—"
    return (f"{name:<7} {phase:<27} {r['requests']:>9} {rate:>8.1f} "
            f"{r['p50']:>8.1f} {r['p95']:>9.1f} {r['p99']:>9.1f} {errors(r):>7} {r['load']:>5.1f} {cpu:>10}"
            + (f"  ({kinds})" if kinds else ""))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--connections", type=int, default=50)
    ap.add_argument("--seconds", type=float, default=None, help="rule-page phases (default 10, --quick 5)")
    ap.add_argument("--search-seconds", type=float, default=None,
                    help="the most the 1,000 searches may take (default 40, --quick 20)")
    ap.add_argument("--warm-seconds", type=float, default=None, help="the most a warm-up may take (default 30)")
    ap.add_argument("--quick", action="store_true", help="shorter phases and 300 rule pages: about 2 minutes")
    ap.add_argument("--workers", type=int, default=None, help="gunicorn workers for 'after' (default: cores)")
    ap.add_argument("--only", choices=["before", "after"], default=None)
    ap.add_argument("--serve-before", type=int, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.serve_before:
        serve_before(args.serve_before)
        return 0
    quick = args.quick
    args.seconds = args.seconds or (5.0 if quick else 10.0)
    args.search_seconds = args.search_seconds or (20.0 if quick else 40.0)
    args.warm_seconds = args.warm_seconds or (15.0 if quick else 30.0)
    if not 1 <= args.connections <= 1000 or not all(0 < x <= 120 for x in
                                                   (args.seconds, args.search_seconds, args.warm_seconds)):
        ap.error("1 <= connections <= 1000 and every duration in (0, 120] seconds")
    if shutil.which("wrk") is None:
        raise SystemExit("wrk is missing: run ./setup.sh bench (installs Debian's wrk)")

    from judge_app.web.server import default_workers, describe

    workers = args.workers or default_workers()
    urls = workload(random.Random(20261123), 300 if quick else RULE_PAGES)  # builds the corpus first if needed
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])))
    servers = {
        "before": lambda port: [sys.executable, __file__, "--serve-before", str(port)],
        "after": lambda port: [sys.executable, "-m", "judge_app.cli", "serve", "--workers", str(workers),
                               "--port", str(port)],
    }
    per_server = args.warm_seconds + 2 * args.seconds + min(3.0, args.seconds) + args.search_seconds
    print(f"web bench: wrk, {args.connections} connections on 127.0.0.1; rule phases {args.seconds:g} s, "
          f"{len(urls['rules'])} rule URLs; searches: {SEARCHES} distinct queries, ≤ {args.search_seconds:g} s; "
          f"at most ~{len(servers) * (per_server + 15) / 60:.1f} min", flush=True)
    print(f"{os.cpu_count()} CPUs; at the start: {uptime()}", flush=True)
    print("before: waitress, 8 threads (judge serve until now, the baseline); "
          f"after: {describe(workers)} (judge serve now)", flush=True)
    print(HEADER, flush=True)
    table: dict[str, dict] = {}
    with tempfile.TemporaryDirectory(prefix="web-bench-") as tmp:
        (Path(tmp) / "bench.lua").write_text(LUA, encoding="utf-8")
        for name, command in servers.items():
            if not args.only or name == args.only:
                table[name] = measure(name, command, env, urls, workers if name == "after" else 1,
                                      args, Path(tmp))

    print(f"\nat the end: {uptime()}")
    print(HEADER)
    for name, phases in table.items():
        for phase, r in phases.items():
            print(row(name, phase, r))
    missed = 0
    print("\ntargets (issue 14), p95 and errors of 'after', ratio after/before:")
    for phase, limit in TARGETS.items():
        after = table.get("after", {}).get(phase)
        before = table.get("before", {}).get(phase)
        if after is None:
            continue
        ok = after["p95"] < limit and errors(after) == 0 and after.get("finished", True)
        missed += not ok
        ratio = f"{after['p95'] / before['p95']:.2f}×" if before and before["p95"] > 0 else "—"
        print(f"  {phase:<27} p95 {after['p95']:.1f} ms (target < {limit:g}), errors {errors(after)} "
              f"(target 0): {'met' if ok else 'MISSED'}; p95 after/before {ratio}")
    search = table.get("after", {}).get("searches")
    if search and search["cpu_ms"]:
        cores = os.cpu_count() or 1
        print(f"\nthe server's CPU per search: {search['cpu_ms']:.1f} ms; with {args.connections} connections "
              f"each waiting for its answer, on {cores} idle cores the mean wait is at least "
              f"{args.connections * search['cpu_ms'] / cores:.0f} ms (Little's law: connections × CPU per "
              f"request / cores), whatever the server does")
    return 1 if missed else 0


def uptime() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f}, {five:.2f}, {fifteen:.2f} (1, 5, 15 min)"


if __name__ == "__main__":
    sys.exit(main())
