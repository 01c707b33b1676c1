"""Release import benchmark (issue 25): what ``judge import`` spends, and a build step by step.

For each later English release: reading and validating the file, the date check against the
releases held, and the preview against the newest (the part of an import before the build),
then one cold build into a temporary folder with the time of every step, so the closing note
can say where an import's rebuild goes. ``--import`` then times ``judge import --yes`` of the
newest release, as a user runs it, into a corpus holding the releases before it (its sources a
copy without that file, ``JUDGE_SOURCES``), against the cold build of that corpus in the same
run (the baseline: the OCR decode included, which an import reuses from ``decode_cache``).
Run on a quiet machine:

    .venv/bin/python bench/release_bench.py [--skip-build] [--import]
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--skip-build", action="store_true")
    parser.add_argument("--import", dest="do_import", action="store_true",
                        help="time judge import of the newest release against a cold build")
    args = parser.parse_args()
    if args.do_import:
        time_import()
        return
    from judge_app import paths, services
    from judge_app.corpus import release_file, release_import

    corpus = services.corpus(progress=False)
    print("release        read+validate  date check  preview   (s)")
    for v in ("2021-04-22", "2022-11-18", "2024-11-08", "2026-01-16"):
        data = (paths.SOURCES_DIR / "en" / f"cr-en-{v}.txt").read_bytes()
        t0 = time.perf_counter()
        release = release_file.read(data, v)
        t1 = time.perf_counter()
        try:
            release_import.check_date(release, corpus)
        except release_file.ReleaseError:
            pass  # held already: the check ran to its end all the same
        t2 = time.perf_counter()
        release_import.preview(release, corpus)
        t3 = time.perf_counter()
        print(f"{v}     {t1 - t0:8.2f}     {t2 - t1:8.2f}  {t3 - t2:8.2f}")
    if args.skip_build:
        return
    from judge_app.corpus import build as build_mod

    timings: list[tuple[str, float]] = []

    def run_steps(steps, progress):
        for label, step in steps:
            t = time.perf_counter()
            step()
            timings.append((label, time.perf_counter() - t))

    build_mod.run_steps = run_steps
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["JUDGE_INSTANCE"] = tmp
        t = time.perf_counter()
        cpu = time.process_time()
        build_mod.build(Path(tmp) / "judge.db", Path(tmp) / "judge-index", progress=False)
        wall, cpu = time.perf_counter() - t, time.process_time() - cpu
    print(f"\ncold build: {wall:.1f} s wall, {cpu:.1f} s CPU (this process; the OCR decode may use workers)")
    for label, seconds in sorted(timings, key=lambda x: -x[1]):
        print(f"  {seconds:7.2f} s  {label}")


def time_import() -> None:
    import resource
    import shutil
    import subprocess

    from judge_app import paths
    from judge_app.corpus import catalogue

    newest = max(catalogue.english_files())
    shipped = paths.SOURCES_DIR / "en" / f"cr-en-{newest}.txt"

    said: list[str] = []

    def run(env, *args) -> tuple[float, float]:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t = time.perf_counter()
        out = subprocess.run([sys.executable, "-m", "judge_app.cli", *args], env=env, capture_output=True,
                             text=True, stdin=subprocess.DEVNULL)
        wall = time.perf_counter() - t
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        if out.returncode:
            sys.exit(f"judge {' '.join(args)} failed:\n{out.stderr[-2000:]}")
        said.append(out.stdout)
        return wall, (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)

    with tempfile.TemporaryDirectory() as tmp:
        sources = Path(tmp) / "sources"
        shutil.copytree(paths.SOURCES_DIR, sources)
        (sources / "en" / shipped.name).unlink()
        env = dict(os.environ, JUDGE_INSTANCE=str(Path(tmp) / "instance"), JUDGE_SOURCES=str(sources),
                   JUDGE_BUILD_CACHE=str(Path(tmp) / "cache"), JUDGE_BUILD_WORKERS="2")
        env.pop("JUDGE_DB", None)
        cold = run(env, "build")
        imported = run(env, "import", str(shipped), "--yes")
    print(f"cold build without {newest} (decode included): {cold[0]:6.1f} s wall {cold[1]:6.1f} s CPU")
    print(f"judge import {newest} --yes:                 {imported[0]:6.1f} s wall {imported[1]:6.1f} s CPU"
          f"   ratio {imported[0] / cold[0]:.2f} of the cold build")
    import re

    parts = re.search(r"перестроен за ([\d.]+) с, офлайн-пакет — за ([\d.]+) с", said[-1])
    if parts:
        print(f"  of which the rebuild (parse, compare, carry, index) {parts[1]} s, the offline pack {parts[2]} s")


if __name__ == "__main__":
    main()
