"""The golden trace: compare two runs of the scenario library (issue 24, "Guards").

    PYTHONPATH=$PWD .venv/bin/judge scenario run scenarios --json > /tmp/before.jsonl   # the old commit
    PYTHONPATH=$PWD .venv/bin/judge scenario run scenarios --json > /tmp/after.jsonl    # the new one
    .venv/bin/python bench/golden_trace.py /tmp/before.jsonl /tmp/after.jsonl

Prints the sha256 of both files, then which scenarios differ and how: "English added" when the
only change is ``text_en`` filled where it was empty (the one change an engine refactoring may
make), otherwise the first event that differs. Exit code 0 when the traces are identical or
differ by English added only, 1 otherwise.

PYTHONPATH=$PWD: the shared venv's ``judge`` script imports the judge_app it was installed from
(/work/main), not the worktree's, unless told otherwise.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path


def _scenarios(path: Path) -> dict:
    return {d["id"]: d for d in map(json.loads, path.read_text(encoding="utf-8").splitlines()) if d}


def _english_added_only(old: dict, new: dict) -> bool:
    if len(old["events"]) != len(new["events"]):
        return False
    if {k: v for k, v in old.items() if k != "events"} != {k: v for k, v in new.items() if k != "events"}:
        return False
    for a, b in zip(old["events"], new["events"]):
        if a == b:
            continue
        if a["text_en"] or not b["text_en"] or {**a, "text_en": ""} != {**b, "text_en": ""}:
            return False
    return True


def _first_difference(old: dict, new: dict) -> str:
    for a, b in zip(old["events"], new["events"]):
        if a != b:
            keys = [k for k in a if a.get(k) != b.get(k)]
            return f"event {a['index']} ({a['kind']} → {b['kind']}): {', '.join(keys)} differ"
    if len(old["events"]) != len(new["events"]):
        return f"{len(old['events'])} events → {len(new['events'])}"
    keys = [k for k in old if k != "events" and old.get(k) != new.get(k)]
    return f"{', '.join(keys)} differ"


def compare(before: Path, after: Path) -> int:
    for p in (before, after):
        print(f"{hashlib.sha256(p.read_bytes()).hexdigest()}  {p}")
    old, new = _scenarios(before), _scenarios(after)
    bad = 0
    for sid in sorted(set(old) | set(new)):
        if sid not in old:
            print(f"new scenario: {sid}")
        elif sid not in new:
            print(f"scenario gone: {sid}")
            bad += 1
        elif old[sid] != new[sid]:
            if _english_added_only(old[sid], new[sid]):
                n = sum(1 for a, b in zip(old[sid]["events"], new[sid]["events"]) if a != b)
                print(f"English added: {sid} ({n} events)")
            else:
                print(f"CHANGED: {sid}: {_first_difference(old[sid], new[sid])}")
                bad += 1
    print(f"{len(old)} → {len(new)} scenarios; {bad} changed beyond English added")
    return 1 if bad else 0


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    sys.exit(compare(Path(sys.argv[1]), Path(sys.argv[2])))
