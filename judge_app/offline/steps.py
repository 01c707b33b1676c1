"""The scenario library's boards at every step, for the offline stepper (issue 28).

Online, the stepper of a library scenario shows the engine's board after event N
(``web.scenario_data.board_at``). A phone has no engine, so the pack carries those boards:
every step of every library scenario, as the same function computes them, cut to what the
offline page draws (``slim``: whose turn and step, each player's life, poison and zones, each
object's name, power/toughness, tapped, damage, counters, combat role, attachment; the stack).

Size: thousands of boards share most of their parts (a step changes one permanent or one life
total), so ``steps.json`` stores every distinct part once: ``nodes`` is a table of the
distinct dicts and lists (children replaced by ``{"@": index}``), ``boards`` maps a scenario
id to the node index of its board at each step, 0 (as described) to the last event (``null``
where the engine could not play that far).

Time: ``board_at`` replays a scenario up to event N, so stepping through a scenario of E events
that way costs E replays (the whole library 2–3 minutes on this machine). The build plays each
scenario once instead (``played_boards``) and keeps the board as every event is emitted (an observer
of that game, ``Game.observers``): the
board the engine's ``stop_at`` run would stop with (``Game.emit`` raises ``StopAtEvent`` with a
copy of the game at that moment). An event of an attempt that is then undone (a refused action,
a choice owed mid-event: the engine restores the game and plays on) is emitted again by the
history that stays, so the last board seen for each event number is kept. The boards also depend
only on the scenario's file and the engine's code and data, so each scenario's boards are kept in
``<offline dir>/steps-cache/`` under a hash of those: a rebuilt corpus or a new rules release
(a new pack) does not play the library again.
"""
from __future__ import annotations

import hashlib
import json
from functools import lru_cache
from pathlib import Path

from .. import paths

REF = "@"  # the key of a reference to a node; no board dict has it (``intern`` checks)
OBJECT_KEYS = ("id", "name_ru", "name_en", "pt", "loyalty", "tapped", "damage", "counters", "attacking",
               "blocked", "blocking", "attached_to", "token", "targets")
BOARD_KEYS = ("turn", "active", "step", "priority", "result")
ZONES = ("battlefield", "hand", "graveyard", "exile", "command")
MIN_NODE = 24  # a dict or list shorter than this (as JSON) is written in place, not referenced


CACHE_NAME = "steps-cache"


def cache_dir() -> Path:
    return paths.db_path().parent / "offline" / CACHE_NAME


@lru_cache(maxsize=1)
def engine_stamp() -> str:
    """A hash of what a scenario's boards depend on besides its file: the engine, the scenario
    runner, the card pool, the board's shape and the part of it kept."""
    root = paths.PROJECT_ROOT
    files = [p for d in ("judge_app/engine", "judge_app/scenarios", "judge_app/cards", "rules_corpus/cards")
             for p in sorted((root / d).rglob("*")) if p.is_file() and "__pycache__" not in p.parts]
    files += [root / "judge_app/web/scenario_data.py"]
    digest = hashlib.sha256(repr((OBJECT_KEYS, BOARD_KEYS, ZONES)).encode())  # and what ``slim`` keeps
    for p in files:
        digest.update(str(p.relative_to(root)).encode())
        digest.update(p.read_bytes())
    return digest.hexdigest()[:16]


def _obj(o) -> dict:
    return {k: o[k] for k in OBJECT_KEYS if isinstance(o, dict) and o.get(k) not in (None, False, 0, "", [], {})}


def slim(board: dict | None) -> dict | None:
    """The part of the engine's board the offline page draws."""
    if not board:
        return None
    out = {k: board[k] for k in BOARD_KEYS if board.get(k) not in (None, "", {})}
    out["players"] = [{"name": p.get("name"), "life": p.get("life"), "poison": p.get("poison") or 0,
                       **{z: [_obj(o) for o in p.get(z) or []] for z in ZONES if p.get(z)}}
                      for p in board.get("players") or []]
    if board.get("stack"):
        out["stack"] = [_obj(o) for o in board["stack"]]
    return out


def scenario_boards(item, total: int) -> list[dict | None]:
    """The slim board at every step 0..total of a library scenario (from the cache when its file
    and the engine are unchanged)."""
    from ..web import scenario_data

    key = hashlib.sha256((engine_stamp() + "\0" + item.id + "\0").encode() + item.path.read_bytes()).hexdigest()[:24]
    cached = cache_dir() / f"{key}.json"
    try:
        boards = json.loads(cached.read_text(encoding="utf-8"))
        if len(boards) == total + 1:
            return boards
    except (OSError, ValueError):
        pass
    if item.scenario is None:  # a file the engine cannot play: the board as the file describes it
        return [slim(scenario_data.initial_board_from_yaml(item))]
    boards = played_boards(item, total)
    if boards[0] is None:
        boards[0] = slim(scenario_data.initial_board_from_yaml(item))
    cached.parent.mkdir(parents=True, exist_ok=True)
    tmp = cached.with_suffix(".tmp")
    tmp.write_text(json.dumps(boards, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
    tmp.replace(cached)
    return boards


def played_boards(item, total: int) -> list[dict | None]:
    """The slim board at every step 0..total from one run of the scenario: what
    ``scenario_data.board_at(item, n, total)`` gives for every n, without replaying to each n."""
    from ..scenarios import runner
    from ..web import scenario_data

    first = slim(scenario_data.board_at(item, 0, total)[0])
    if total <= 0:
        return [first]
    seen: dict[int, dict | None] = {}
    run = runner.Runner(item.scenario)
    # the board as each event is emitted, of this game only (not of the engine's trial copies);
    # an attempt the engine undoes emits its numbers again, so the last board of a number is kept
    run.game.observers.append(lambda game, ev: seen.__setitem__(len(game.events),
                                                                slim(scenario_data.board_dict(game.clone()))))
    try:
        run.run()
        final = slim(scenario_data.board_dict(run.game))   # board_at's last step: the whole run's board
    except Exception:  # noqa: BLE001 — as board_at: a step the engine cannot reach has no board
        final = seen.get(total)
    return [first] + [seen.get(n) for n in range(1, total)] + [final]


class Nodes:
    """Every distinct dict and list of the boards, once (``intern``)."""

    def __init__(self):
        self.table: list = []
        self._index: dict[str, int] = {}

    def intern(self, value, root: bool = False):
        if isinstance(value, dict):
            if REF in value:
                raise ValueError(f"a board dict holds the reference key {REF!r}")
            value = {k: self.intern(v) for k, v in value.items()}
        elif isinstance(value, list):
            value = [self.intern(v) for v in value]
        else:
            return value
        text = json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
        if len(text) < MIN_NODE and not root:
            return value
        if text not in self._index:
            self._index[text] = len(self.table)
            self.table.append(value)
        return {REF: self._index[text]}


def expand(nodes: list, value):
    """A board back from the table (what the phone's ``shell.js`` does; the tests use it)."""
    if isinstance(value, dict):
        if REF in value:
            return expand(nodes, nodes[value[REF]])
        return {k: expand(nodes, v) for k, v in value.items()}
    if isinstance(value, list):
        return [expand(nodes, v) for v in value]
    return value


def library_steps(items_and_totals) -> dict:
    """``{"nodes": [...], "boards": {id: [ref per step]}}`` for ``[(item, total), ...]``."""
    nodes = Nodes()
    boards = {}
    for item, total in items_and_totals:
        boards[item.id] = [nodes.intern(b, root=True)[REF] if b else None for b in scenario_boards(item, total)]
    return {"nodes": nodes.table, "boards": boards}
