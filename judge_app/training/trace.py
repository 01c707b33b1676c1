"""A scenario run that also remembers what the players tried: the raw material of questions.

The runner plays the script and keeps the events; a refused action leaves no event
(the same decision is owed again), yet «is this legal, and if not, which rule
forbids it?» is exactly what a trainee must learn. ``RecordingRunner`` is the
scenario runner with one addition: every scripted action is written down with
where in the trace it was tried and, when the engine refused it, the rules it cited.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from judge_app.engine.kernel.errors import Refused
from ..scenarios import runner
from ..scenarios.loader import Scenario

# The event an accepted action produces first, by action: where its board is shown.
FIRST_EVENT = {"attack": "attack", "block": "block", "cast": "cast_begin", "activate": "activate",
               "play_land": "play_land"}


@dataclass
class Attempt:
    line: int              # the script line
    act: str               # attack, block, cast, activate, play_land
    value: object          # the action as written
    by: str | None
    at: int                # the board after this many events is the moment of the attempt
    refused_rules: list = field(default_factory=list)   # empty: the engine accepted it
    refused_message: str = ""

    @property
    def refused(self) -> bool:
        return bool(self.refused_rules)


@dataclass
class Trace:
    scenario: Scenario
    game: object            # the game at the end of the script
    events: list            # engine Event objects
    attempts: list          # [Attempt]
    passed: bool
    actors: dict = field(default_factory=dict)      # script line -> the player who held priority or owed the decision
    decisions: dict = field(default_factory=dict)   # script line of a `choose:` -> the decision's text (Russian)


class RecordingRunner(runner.Runner):
    def __init__(self, scenario: Scenario):
        super().__init__(scenario)
        self.attempts: list[Attempt] = []
        self.actors: dict = {}
        self.decisions: dict = {}

    def _do(self, line, act, v, by):
        g = self.game
        if g.decision is not None:
            self.actors.setdefault(line, g.decision.by)
            if act == "choose":
                self.decisions.setdefault(line, g.decision.text_ru)
        elif g.priority_player is not None:
            self.actors.setdefault(line, g.priority_player.name)
        before = len(self.game.events)
        try:
            result = super()._do(line, act, v, by)
        except Refused as refusal:
            self._note(line, act, v, by, before, refusal)
            raise
        self._note(line, act, v, by, before, result if isinstance(result, Refused) else None)
        return result

    def _note(self, line, act, v, by, before, refusal: Refused | None) -> None:
        if act not in FIRST_EVENT:
            return
        events = self.game.events
        if refusal is not None:
            self.attempts.append(Attempt(line, act, v, by, len(events), list(refusal.rules), refusal.message))
            return
        first = next((e.index for e in events[before:] if e.kind == FIRST_EVENT[act]), None)
        if first is not None:
            self.attempts.append(Attempt(line, act, v, by, first - 1))


def record(scenario: Scenario) -> Trace:
    r = RecordingRunner(scenario)
    result = r.run()
    return Trace(scenario, result.game, list(result.game.events), r.attempts, result.passed, r.actors, r.decisions)
