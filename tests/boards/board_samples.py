"""Boards the builder's tests share (a module of its own: ``conftest`` is a name every test folder has)."""
from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
COMBAT = (ROOT / "scenarios" / "combat" / "deathtouch-trample.yaml").read_text(encoding="utf-8")
BOARD = COMBAT.split("script:")[0]   # the board of the FAQ question, without its script


def run_final(client, **body):
    """POST /api/scenarios/run with ``states: final``: (status, answer)."""
    r = client.post("/api/scenarios/run", json={"states": "final", **body})
    return r.status_code, r.get_json()
