"""One run of a board for the API and the play page: the answer's JSON shape in one place.

A scenario comes as YAML text or as a JSON object (the builder's form); an object is
written out as YAML first, so it is validated, run and saved exactly like a file.
"""
from __future__ import annotations

import yaml

from judge_app.boards import explain as why
from judge_app.boards import moves, replay
from judge_app.scenarios import runner

STATES = ("events", "final")
MAX_DECISIONS_WITH_STATES = 200   # the board after every event grows with the game: bounded


def scenario_text(scenario) -> str:
    """YAML text of a scenario given as text or as a JSON object (the builder's model)."""
    if isinstance(scenario, str):
        return scenario
    if isinstance(scenario, dict):
        return yaml.safe_dump(replay.plain(scenario), allow_unicode=True, sort_keys=False, width=120)
    raise replay.BoardInvalid([{"path": "scenario", "line": 0,
                                "message": "scenario — YAML-текст или объект JSON"}])


DEFAULT_NAMES = {"ru": ("Алиса", "Боб"), "en": ("Alice", "Bob")}


def default_board(lang: str) -> str:
    """The board a new page starts from: two players at 20 life, 20 unknown cards each, turn 1,
    the first player's main phase."""
    a, b = DEFAULT_NAMES.get(lang, DEFAULT_NAMES["ru"])
    from judge_app.engine.kernel import release_rules

    return scenario_text({"title": "", "rules_version": release_rules.newest(),
                          "players": [{"name": a, "life": 20, "library": 20},
                                      {"name": b, "life": 20, "library": 20}],
                          "turn": {"number": 1, "active": a, "step": "main1"}})


def path_decisions(variations: dict | None) -> list:
    """The decisions of the line a saved board was left at: its variation tree is saved flat
    (``boards.js``: each node ``{p: parent index, a: action}``, parents first) with ``path``,
    the child index at each level. A path the tree doesn't have stops where it breaks."""
    if not isinstance(variations, dict):
        return []
    nodes = variations.get("nodes") if isinstance(variations.get("nodes"), list) else []
    children: dict[int, list] = {-1: []}
    for i, n in enumerate(nodes):
        if not isinstance(n, dict):
            continue
        parent = n.get("p") if isinstance(n.get("p"), int) and n.get("p") in children else -1
        children[parent].append(i)
        children[i] = []
    out, at = [], -1
    for k in variations.get("path") if isinstance(variations.get("path"), list) else []:
        kids = children.get(at, [])
        if not isinstance(k, int) or isinstance(k, bool) or not 0 <= k < len(kids):
            break
        at = kids[k]
        out.append(nodes[at].get("a"))
    return out


MAX_ID = 100


def explain(scenario, decisions, at, oid) -> dict:
    """Why object ``oid`` is what it is after the decisions (or after event ``at``): the
    popup of the play view (``explain.of``), with the battlefield's timestamp order."""
    if not isinstance(oid, str) or not oid.strip() or len(oid) > MAX_ID:
        raise replay.BoardInvalid([{"path": "id", "line": 0, "message": f"id — объект доски, строка до {MAX_ID} символов"}])
    _check_at(at)
    if decisions is not None and not isinstance(decisions, list):
        raise replay.BoardInvalid([{"path": "decisions", "line": 0, "message": "decisions — список действий сценария"}])
    sc = replay.load(scenario_text(scenario), decisions)
    game = runner.build(sc) if at == 0 else replay.replay(sc, stop_at=at or None).game
    x = why.of(game, oid)
    if x is None:
        raise replay.BoardInvalid([{"path": "id", "line": 0, "message": f"в этой позиции нет объекта «{oid}»"}], 404)
    return {"explain": x, "timestamps": why.timestamps(game), "rules_version": game.rules_version}


def _check_at(at) -> None:
    if at is not None and (not isinstance(at, int) or isinstance(at, bool) or at < 0):
        raise replay.BoardInvalid([{"path": "at", "line": 0, "message": "at — номер события, целое число от 0"}])


def run(scenario, decisions=None, states: str = "events", at: int | None = None, export: bool = False,
        with_data: bool = False) -> dict:
    """The run of board + decisions as the API answers it.

    ``states``: "events" — the board after every event; "final" — only at the end (the
    play page, fast); ``at``: stop after event N and give the board there; ``export``: add
    ``yaml_with_decisions``, the scenario file of the line played; ``with_data``: the board's
    data for the form even when decisions are given (the page's first render).
    """
    if states not in STATES:
        raise replay.BoardInvalid([{"path": "states", "line": 0, "message": f"states — одно из {', '.join(STATES)}"}])
    if decisions is not None and not isinstance(decisions, list):
        raise replay.BoardInvalid([{"path": "decisions", "line": 0, "message": "decisions — список действий сценария"}])
    _check_at(at)
    if states == "events" and at is None and len(decisions or []) > MAX_DECISIONS_WITH_STATES:
        raise replay.BoardInvalid([{"path": "states", "line": 0, "message":
                                    f"доска после каждого события — не больше чем для {MAX_DECISIONS_WITH_STATES} решений; "
                                    "возьмите states: final и at: N"}], 413)
    text = scenario_text(scenario)
    sc = replay.load(text, decisions)
    out = {"id": sc.id, "title": sc.title, "rules_version": sc.rules_version, "yaml": text}
    if not decisions:   # loading a board: the builder's form needs its data
        out["data"] = replay.plain(sc.raw)
    elif with_data:     # sc.raw has the decisions in its script: the board as written
        out["data"] = replay.plain(replay.parse(text))
    if export:          # writing YAML is slow (pure-Python PyYAML): only when asked
        # sc.raw is the board with the decisions appended to its script (replay.load)
        out["yaml_with_decisions"] = scenario_text(replay.plain(sc.raw)) if decisions else text
    if at == 0:   # the board as described, before the first step
        out.update(at=0, board=replay.board_dict(runner.build(sc)))
        return out
    rep = replay.replay(sc, record_states=(states == "events" and at is None), stop_at=at or None)
    board = replay.board_dict(rep.game)
    if at is not None:
        out.update(at=at, board=board)
        return out
    g = rep.game
    known = replay.declared_ids(sc)
    out.update(
        order_rules=why.order_rules(g),   # the play view's «order of entering» line
        events=[e.to_dict() for e in g.events],
        board=board,
        owed=moves.owed_form(g, known),
        legal=moves.legal(g, known),
        result=g.result,
        expectations=replay.expectation_results(rep),
        failures=replay.script_failures(rep),
        passed=not rep.failures,
        refused=rep.refused,
        decisions=replay.decision_spans(rep),
        stopped=rep.stopped or None,
    )
    if states == "events":
        out["initial"] = rep.initial
        out["states"] = rep.states
    return out
