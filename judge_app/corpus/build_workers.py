"""How many processes decode the 2020 OCR text during a build (``JUDGE_BUILD_WORKERS``).

The decode is nine tenths of a cold build and splits into independent pieces of the
document (``ocr_decode._fork_map``), so by default it takes every core this process may
run on (up to ``MAX_DEFAULT``). ``JUDGE_BUILD_WORKERS=1`` decodes serially in the building process (a one-core
machine, a debugger, a profile): the decoded text is the same byte for byte whatever the
number (``tests/ocr/test_parallel_decode.py``). A wrong value is said on stderr and the
default taken: a typo in a setting must not stop ``serve.sh`` from building.
"""
from __future__ import annotations

import os
import sys

ENV = "JUDGE_BUILD_WORKERS"
MAX_WORKERS = 64
# the default stops here: every worker searches again what the others found and holds its own
# copy of the model pages it touches (measured only on 2 cores; the setting goes further)
MAX_DEFAULT = 8


def default_workers() -> int:
    """One worker per available core, at most ``MAX_DEFAULT``."""
    return min(available_cores(), MAX_DEFAULT)


def available_cores() -> int:
    """The cores this process may run on (its affinity mask, which a container may narrow)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):  # not Linux
        return max(1, os.cpu_count() or 1)


def parse(raw: str) -> int | None:
    """The number of workers that ``raw`` names, or None when it names none (blank or wrong)."""
    raw = raw.strip()
    if raw.isdigit() and 1 <= int(raw) <= MAX_WORKERS:
        return int(raw)
    return None


def build_workers() -> int:
    """``JUDGE_BUILD_WORKERS`` when set to a number from 1 to 64, else ``default_workers()``."""
    raw = os.environ.get(ENV, "")
    workers = parse(raw)
    if workers is not None:
        return workers
    default = default_workers()
    if raw.strip():
        print(f"{ENV}: ожидается число процессов от 1 до {MAX_WORKERS}, а не «{raw.strip()[:20]}»; "
              f"беру {default} (по числу ядер)", file=sys.stderr)
    return default
