"""Board + decisions → a run of the engine, described for the API and the play page.

The board is validated by the scenario loader (``loader.parse_text`` + ``from_data``), so
a bad key gets the same message, path and line as in a scenario file. The decisions
(JSON script actions) are appended to the board's script before validation; their
errors are reported as ``decisions[K]`` instead of a line of the YAML.
"""
from __future__ import annotations

import copy
import datetime
import re
from dataclasses import dataclass, field
from functools import lru_cache

from judge_app.cards.model import default_pool
from judge_app.engine.rules import view
from judge_app.engine.kernel.state import Game
from judge_app.scenarios import loader, runner

MAX_BOARD_CHARS = 100_000
MAX_DECISIONS = 1000
DECISION_LINE = 10_000_000   # decision K is given the pseudo line DECISION_LINE + K


class BoardInvalid(Exception):
    """Bad input: ``issues`` are dicts {path, line, message} (line 0: not a line of the YAML)."""

    def __init__(self, issues: list[dict], status: int = 400):
        self.issues = issues
        self.status = status
        super().__init__("; ".join(f"{i['path']}: {i['message']}" for i in issues))


_SCRIPT_KEY = re.compile(r"script\[(\d+)\](.*)")


def _issue(i: loader.ScenarioIssue, board_actions: int | None = None) -> dict:
    """The loader's issue for the API; script items past the board's own are the decisions."""
    m = _SCRIPT_KEY.fullmatch(i.key)
    if board_actions is not None and m and int(m.group(1)) >= board_actions:
        k = int(m.group(1)) - board_actions
        return {"path": f"decisions[{k}]{m.group(2)}", "line": 0, "decision": k, "message": i.message}
    if i.line >= DECISION_LINE:
        k = i.line - DECISION_LINE
        return {"path": f"decisions[{k}]", "line": 0, "decision": k, "message": i.message}
    return {"path": i.key, "line": i.line, "message": i.message}


def parse(text: str):
    """The board's YAML as data with lines, or BoardInvalid."""
    if not isinstance(text, str) or not text.strip():
        raise BoardInvalid([{"path": "scenario", "line": 0, "message": "пустой сценарий: нужен YAML доски"}])
    if len(text) > MAX_BOARD_CHARS:
        raise BoardInvalid([{"path": "scenario", "line": 0,
                             "message": f"сценарий слишком длинный: {len(text)} символов, максимум {MAX_BOARD_CHARS}"}], 413)
    return copy.deepcopy(_parsed(text))


# limits of one value of a board (the builder's form has the same: boards.js LIMITS, TEXT_MAX)
MAX_TEXT = {"name": 100, "card": 100, "spell": 100, "id": 100, "title": 200}
MAX_NUMBER = 1_000_000


def size_issues(data, path: str = "", line: int = 0, out: list | None = None) -> list[dict]:
    """Every name, id or title longer than ``MAX_TEXT`` and every number beyond ±``MAX_NUMBER``,
    with its path and line (a 10 000-letter name or a life of 10^30 is a typo, not a board)."""
    out = [] if out is None else out
    if len(out) >= 20:
        return out
    if isinstance(data, dict):
        lines = getattr(data, "key_lines", {})
        for k, v in data.items():
            here, ln = f"{path}.{k}" if path else str(k), lines.get(k, line)
            if isinstance(v, str) and k in MAX_TEXT and len(v) > MAX_TEXT[k]:
                out.append({"path": here, "line": ln, "message": f"не длиннее {MAX_TEXT[k]} символов (сейчас {len(v)})"})
            else:
                size_issues(v, here, ln, out)
    elif isinstance(data, list):
        lines = getattr(data, "item_lines", [])
        for j, v in enumerate(data):
            size_issues(v, f"{path}[{j}]", lines[j] if j < len(lines) else line, out)
    elif isinstance(data, int) and not isinstance(data, bool) and abs(data) > MAX_NUMBER:
        out.append({"path": path, "line": line, "message": f"число вне разумных пределов (от −{MAX_NUMBER} до {MAX_NUMBER})"})
    return out


@lru_cache(maxsize=64)
def _parsed(text: str):
    """Every move of a game replays the same board text: parse it once (PyYAML's pure-Python
    parser is a fifth of a move's time). Callers get a deep copy, never this one."""
    try:
        data = loader.parse_text(text, "board")
    except loader.ScenarioInvalid as exc:
        raise BoardInvalid([_issue(i) for i in exc.issues]) from None
    issues = size_issues(data)   # once per text, like the parse
    if issues:
        raise BoardInvalid(issues)
    return data


def load(text: str, decisions: list | None = None) -> loader.Scenario:
    """Validate board + decisions with the scenario loader."""
    data = parse(text)
    decisions = list(decisions or [])
    board_actions = None
    if len(decisions) > MAX_DECISIONS:
        raise BoardInvalid([{"path": "decisions", "line": 0,
                             "message": f"слишком много решений: {len(decisions)}, максимум {MAX_DECISIONS}"}], 413)
    if decisions and isinstance(data, dict):
        old = data.get("script") or loader.LList()
        if not isinstance(old, list):
            raise BoardInvalid([{"path": "script", "line": loader._line(data, "script"), "message": "ожидается список действий"}])
        board_actions = len(old)
        script = loader.LList(list(old) + decisions)
        script.line = getattr(old, "line", 0)
        script.item_lines = list(getattr(old, "item_lines", [0] * len(old))) + [DECISION_LINE + k for k in range(len(decisions))]
        data["script"] = script
    try:
        return loader.from_data(data, "board", default_pool())
    except loader.ScenarioInvalid as exc:
        raise BoardInvalid([_issue(i, board_actions) for i in exc.issues]) from None


def board_dict(game: Game) -> dict:
    """The engine's board (``view.board_dict``) plus, for each player, ``library_top``: the
    known cards on top of the library, top first, down to the first card nobody knows (a
    library given as a count is all unknown). The play page lists them in order."""
    out = view.board_dict(game)
    for p, d in zip(game.players, out["players"]):
        top = []
        for oid in p.library:
            o = game.objects[oid]
            if o.anonymous:
                break
            top.append({"id": oid, "name_ru": o.name_ru, "name_en": o.name_en or o.name_ru})
        d["library_top"] = top
    return out


class _RecordingGame(Game):
    """A game that keeps the board after each of its own events (clones do not record)."""

    def emit(self, *args, **kw):
        ev = super().emit(*args, **kw)
        snaps = self.__dict__.get("_snaps")
        if snaps is not None:
            snaps.append(board_dict(self))
        return ev

    def clone(self):
        g = super().clone()
        g.__dict__["_snaps"] = None
        return g


class _Replay(runner.Runner):
    """The scenario runner, noting which events each script action produced."""

    def __init__(self, scenario, record_states: bool):
        super().__init__(scenario)
        self.spans: list[tuple[int, int, int]] = []   # (line, first event index, last event index)
        if record_states:
            self.game.__class__ = _RecordingGame
            self.game.__dict__["_snaps"] = []

    def _do(self, line, act, v, by):
        start = len(self.game.events)
        try:
            return super()._do(line, act, v, by)
        finally:
            self.spans.append((line, start + 1, len(self.game.events)))


@dataclass
class Replay:
    scenario: loader.Scenario
    game: Game
    failures: list                      # [(line, message)]
    spans: list                         # [(line, first, last)]
    states: list | None = None          # board after each event, when recorded
    initial: dict | None = None         # the board before the first event
    stopped: str = ""
    refused: dict | None = None         # the last decision, when the engine refused it
    extra: dict = field(default_factory=dict)


def replay(scenario: loader.Scenario, record_states: bool = False, stop_at: int | None = None) -> Replay:
    """Run the scenario once. ``stop_at``: stop after that event (the board at a step)."""
    r = _Replay(scenario, record_states)
    initial = board_dict(r.game) if record_states else None
    if stop_at is not None:
        r.game.stop_at = stop_at
    res = r.run()
    rep = Replay(scenario, res.game, list(res.failures), r.spans,
                 states=r.game.__dict__.get("_snaps"), initial=initial, stopped=res.stopped)
    n_dec = sum(1 for ln, _ in scenario.script if ln >= DECISION_LINE)
    if n_dec:
        last = DECISION_LINE + n_dec - 1
        for ln, msg in rep.failures:
            if ln == last:
                rep.refused = {"decision": n_dec - 1, "message": msg}
    return rep


def declared_ids(scenario: loader.Scenario) -> set[str]:
    """The ids the board names (only those may appear in a decision: the loader checks them)."""
    out = set()
    for p in scenario.players:
        for zone in ("battlefield", "hand", "graveyard", "exile", "command", "library"):
            entries = p.get(zone) if isinstance(p, dict) else None
            for e in entries if isinstance(entries, list) else []:
                if isinstance(e, dict) and "id" in e:
                    out.add(str(e["id"]))
    out.update(str(e["id"]) for e in scenario.stack if isinstance(e, dict) and "id" in e)
    return out


def expectation_results(rep: Replay) -> list[dict]:
    """One entry per ``expect:`` item: held or not, with the loader's line."""
    by_line: dict[int, list[str]] = {}
    for ln, msg in rep.failures:
        by_line.setdefault(ln, []).append(str(msg))
    checked = rep.game.stop_at is None
    return [{"line": ln, "expect": plain(e), "passed": checked and ln not in by_line,
             "messages": by_line.get(ln, [])} for ln, e in rep.scenario.expect]


def script_failures(rep: Replay) -> list[dict]:
    """Failures of the script (not of expectations), with the decision they belong to."""
    expect_lines = {ln for ln, _ in rep.scenario.expect}
    out = []
    for ln, msg in rep.failures:
        if ln in expect_lines:
            continue
        if ln >= DECISION_LINE:
            out.append({"path": f"decisions[{ln - DECISION_LINE}]", "line": 0, "decision": ln - DECISION_LINE,
                        "message": str(msg)})
        else:
            out.append({"path": "script", "line": ln, "message": str(msg)})
    return out


def decision_spans(rep: Replay) -> list[dict]:
    """For each decision, the events it produced (first..last, inclusive; empty when first > last)."""
    return [{"decision": ln - DECISION_LINE, "first": a, "last": b}
            for ln, a, b in rep.spans if ln >= DECISION_LINE]


def plain(v):
    """The loader's data as plain JSON values: a date YAML read unquoted (``rules_version:
    2020-01-24``) becomes its text, as written."""
    if isinstance(v, datetime.date):
        return v.isoformat()
    if isinstance(v, dict):
        return {str(k): plain(x) for k, x in v.items()}
    if isinstance(v, list):
        return [plain(x) for x in v]
    return v
