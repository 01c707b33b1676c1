"""The garbage collector's thresholds for a process that serves the app.

Python starts a young-generation collection every 700 new container objects and, every
hundred of those, a full one when the survivors have grown by a quarter. A request that
replays a long game (the board builder's move: a 100-decision game is ~50 000 objects
alive for the whole request) promotes most of them, so a full collection came every ~10
such requests — and a full collection walks every object the process keeps (the card
pool, the scenario library and their computed layers, the corpus caches: ~250 000), 100 ms
on a quiet machine and 0.3–1 s on a busy one. That was the board bench's p95.

With the young generation collected every ``THRESHOLDS[0]`` objects, what a request
allocates mostly dies by reference counting before any collection sees it: in the board
bench, full collections went from 12 to 1 per 100 moves and the time in the collector per
move from ~100 ms to ~16 ms (same run, busy machine; ``bench/board_bench.py`` prints both). Garbage in reference cycles waits a
little longer, at most that many objects.
"""
from __future__ import annotations

import gc

THRESHOLDS = (10_000, 10, 10)


def tune() -> None:
    """Raise the collector's thresholds to ``THRESHOLDS`` (never lowers a higher setting)."""
    now = gc.get_threshold()
    if now[0] < THRESHOLDS[0]:
        gc.set_threshold(*THRESHOLDS)
