"""The training question bank: how many questions the library yields, and what it costs.

    .venv/bin/python bench/training_bank.py [--json]

Prints the questions per kind, per level and per topic (CR section, with its title), the
candidates the fairness checks left out (with their reasons), and the time to build the bank against a baseline measured in the same run: the plain
runs of the same scenario files (the engine's share of the work).
"""
from __future__ import annotations

import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from judge_app.scenarios import loader, runner  # noqa: E402
from judge_app.training import questions, rulebook  # noqa: E402


def main() -> None:
    files = questions.scenario_files(ROOT / "scenarios")
    rulebook.version_or_default(None)   # build/open the corpus outside the timings
    t0 = time.perf_counter()
    for f in files:
        try:
            runner.run(loader.load(f))
        except Exception:
            pass
    baseline = time.perf_counter() - t0
    t0 = time.perf_counter()
    bank = questions.build_bank(files)
    took = time.perf_counter() - t0
    counts = bank.counts()
    if "--json" in sys.argv:
        print(json.dumps(counts, ensure_ascii=False, indent=1))
        return
    print(f"scenario files: {len(files)}; yielding questions: {counts['scenarios']}; questions: {counts['total']}")
    print("per kind:  " + ", ".join(f"{k} {counts['kind'].get(k, 0)}" for k in questions.KINDS))
    print("per level: " + ", ".join(f"{k}: {v}" for k, v in counts["level"].items()))
    print("per topic (CR section; a question may have up to 3):")
    for section, n in counts["topic"].items():
        print(f"  {section:>4} {n:4d}  {rulebook.section_title(section, 'ru')} / {rulebook.section_title(section, 'en')}")
    from collections import Counter

    reasons = Counter(w.split(":")[0] for _q, ws in bank.dropped for w in ws)
    print(f"left out as unfair: {len(bank.dropped)} of {len(bank.dropped) + counts['total']} candidates; reasons: "
          + ", ".join(f"{k} {v}" for k, v in reasons.most_common()))
    print(f"bank build: {took:.2f} s; baseline (plain runs of the same files): {baseline:.2f} s; "
          f"ratio {took / baseline:.2f}×")


if __name__ == "__main__":
    main()
