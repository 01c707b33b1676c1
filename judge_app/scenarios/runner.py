"""Run a scenario: build the board, play the script, check the expectations."""

from __future__ import annotations

from dataclasses import dataclass, field

from judge_app.cards.model import CardPool, default_pool
from judge_app.engine.rules import actions, combat, costs, setup
from judge_app.engine.rules import face_down
from judge_app.engine.kernel.errors import EngineError, InvalidInput, Refused
from judge_app.engine.kernel.state import STEP_EN, STEPS, Game, StopAtEvent
from judge_app.scenarios import combat_script, expectations
from judge_app.scenarios.loader import Scenario

MAX_AUTO_PASSES = 500


@dataclass
class RunResult:
    scenario: Scenario
    game: Game
    failures: list = field(default_factory=list)   # [(line, message)]
    stopped: str = ""            # why the script stopped early, if it did
    stopped_at_event: int | None = None

    @property
    def passed(self) -> bool:
        return not self.failures

    def to_dict(self, with_events: bool = True) -> dict:
        g = self.game
        d = {"id": self.scenario.id, "file": self.scenario.path, "title": self.scenario.title,
             "rules_version": self.scenario.rules_version, "passed": self.passed,
             "failures": [{"line": ln, "message": m} for ln, m in self.failures],
             "waiting": g.decision.to_dict() if g.decision else None, "result": g.result,
             "stopped": self.stopped or None}
        if with_events:
            d["events"] = [e.to_dict() for e in g.events]
        return d


class _Stop(Exception):
    pass


def build(scenario: Scenario, pool: CardPool | None = None) -> Game:
    # a replay of the same game meets the same states (layers.state_key): they are computed once
    memo = scenario.layer_memo if pool is None else None
    return setup.new_game(scenario.players, scenario.turn, pool or default_pool(), scenario.rules_version,
                          scenario.stack, memo, scenario.variant)


def _actor_for_card(game: Game, ref: str, by: str | None):
    if by:
        return game.player(by)
    holders = [p for p in game.players if any(ref in (i, game.objects[i].name_ru, game.objects[i].name_en) for i in p.hand)]
    if not holders:
        raise InvalidInput(f"карты «{ref}» нет ни в одной руке")
    pp = game.priority_player
    if pp in holders:
        return pp
    return holders[0]


class Runner:
    def __init__(self, scenario: Scenario, pool: CardPool | None = None, stop_at: int | None = None):
        self.s = scenario
        self.game = build(scenario, pool)
        self.game.stop_at = stop_at
        self.result = RunResult(scenario, self.game)

    def fail(self, line: int, msg: str) -> None:
        self.result.failures.append((line, msg))

    def _auto_pass_until(self, can, line: int, what: str) -> bool:
        g = self.game
        for _ in range(MAX_AUTO_PASSES):
            if g.result:
                self.fail(line, f"{what}: игра окончена раньше")
                return False
            if combat.decline_declarations(g):
                continue
            if g.decision:
                self.result.stopped = f"ожидается решение: {g.decision.text_ru}"
                self.fail(line, f"{what}: не выполнено — сначала {g.decision.text_ru}")
                return False
            if can():
                return True
            actions.pass_priority(g)
        self.fail(line, f"{what}: так и не стало возможным после {MAX_AUTO_PASSES} пасов")
        return False

    def run(self) -> RunResult:
        g = self.game
        try:
            try:
                setup.start(g, self.s.turn.get("step", "main1"))
            except EngineError as exc:   # e.g. a choice owed before the first action, which nothing can answer
                self.fail(0, f"начало партии: {exc}")
                return self.result
            self._script()
        except StopAtEvent as stop:
            self.result.game = stop.game
            self.result.stopped_at_event = len(stop.game.events)
            return self.result
        if g.stop_at is None:
            for line, msg in expectations.check(g, self.s.expect, g.decision):
                self.fail(line, msg)
        return self.result

    def _script(self) -> None:
        g = self.game
        script = self.s.script
        i = 0
        last_refusal = None
        while i < len(script):
            line, a = script[i]
            act = next(k for k in a if k != "by")
            v = a[act]
            by = a.get("by") or (v.get("by") if isinstance(v, dict) else None)
            if act == "refused":
                if last_refusal is None:
                    self.fail(line, "ожидался отказ в предыдущем действии, но оно было выполнено")
                    return
                want = str(v["rule"])
                if not any(expectations.rule_matches(r, want) for r in last_refusal.rules):
                    self.fail(line, f"действие отклонено, но со ссылкой на {', '.join(last_refusal.rules)}, а не на {want}")
                    return
                last_refusal = None
                i += 1
                continue
            if last_refusal is not None:
                prev_line = script[i - 1][0]
                self.fail(prev_line, f"действие отклонено: {last_refusal.message} ({', '.join(last_refusal.rules)})")
                return
            try:
                last_refusal = self._do(line, act, v, by)
            except _Stop:
                return
            except Refused as r:
                last_refusal = r
            except InvalidInput as exc:
                self.fail(line, f"{act}: {exc}")
                return
            i += 1
        if last_refusal is not None:
            self.fail(script[-1][0], f"действие отклонено: {last_refusal.message} ({', '.join(last_refusal.rules)})")

    def _do(self, line: int, act: str, v, by):
        g = self.game
        if act in combat.COMBAT_ACTIONS:
            return combat_script.script_action(self, line, act, v, by)
        if act == "choose":
            answer = sorted(map(str, v if isinstance(v, list) else [v]))
            if g.decision is None and any(a[2] == answer and (not by or a[0] == by) for a in g.auto_answers):
                return None   # the engine already made this choice, the only legal one
            if g.decision is None:
                self.fail(line, "choose: никакого решения не ожидается")
                raise _Stop
            if by and g.decision.by != by:
                self.fail(line, f"choose: решение принимает {g.decision.by}, а не {by}")
                raise _Stop
            actions.choose(g, v)
            return None
        g.auto_answers.clear()   # a later `choose:` may repeat only a choice the engine made since this action
        combat.decline_declarations(g)   # an unscripted declaration: no attackers / no blockers
        if g.decision is not None:
            self.result.stopped = f"ожидается решение: {g.decision.text_ru}"
            self.fail(line, f"{act}: не выполнено — сначала {g.decision.text_ru}")
            raise _Stop
        if g.result:
            self.fail(line, f"{act}: игра уже окончена")
            raise _Stop
        if act == "pass":
            if by and g.priority_player and not g.has_priority(by):
                if not self._auto_pass_until(lambda: g.has_priority(by), line, "pass"):
                    raise _Stop
            actions.pass_priority(g)
            return None
        if act == "pass_until":
            self._pass_until(line, v)
            return None
        choices = {k: v[k] for k in costs.CHOICE_KEYS if isinstance(v, dict) and k in v}
        now = isinstance(v, dict) and v.get("now") is True   # taken now: a timing refusal is expected, not waited out
        if act == "cast":
            ref = str(v["card"])
            player = _actor_for_card(g, ref, by)
            obj = actions.find_in_hand(g, player, ref)
            if not now and not self._auto_pass_until(lambda: actions.can_cast_now(g, player, obj), line, f"cast {ref}"):
                raise _Stop
            try:
                actions.cast(g, player, ref, targets=v.get("targets"), pay=v.get("pay"), **choices)
            except Refused as r:
                return r
            return None
        if act == "activate":
            n = int(v.get("ability", 1))
            return self._object_action(line, act, v, by, lambda player, oid: actions.activate(
                g, player, oid, n, targets=v.get("targets"), pay=v.get("pay"), **choices),
                ready=lambda player, o: actions.can_activate_ability_now(g, player, o, n), now=now)
        if act == "turn_face_up":   # a special action (116.2b, 702.36e): judge_app/engine/rules/face_down.py
            v = v if isinstance(v, dict) else {"object": v}
            return self._object_action(line, act, v, by, lambda player, oid: face_down.turn_face_up(
                g, player, oid, pay=v.get("pay")))
        if act == "play_land":
            ref = str(v)
            player = _actor_for_card(g, ref, by)
            if not self._auto_pass_until(lambda: actions.can_play_land_now(g, player), line, f"play_land {ref}"):
                raise _Stop
            try:
                actions.play_land(g, player, ref)
            except Refused as r:
                return r
            return None
        raise InvalidInput(f"неизвестное действие {act}")

    def _object_action(self, line: int, act: str, v: dict, by, do, ready=None, now: bool = False):
        """An action on one of a player's permanents (``activate``, ``turn_face_up``): by its
        controller unless ``by`` says otherwise, once they may act (``ready(player, obj)``, by
        default whenever they have priority) — or at once with ``now`` —; a refusal is returned."""
        g = self.game
        oid = str(v["object"])
        o = g.objects.get(oid)
        if o is None:
            raise InvalidInput(f"неизвестный объект «{oid}»")
        player = g.player(by) if by else g.player(o.controller)
        ready = ready or (lambda p, _o: actions.can_activate_now(g, p))
        if not now and not self._auto_pass_until(lambda: ready(player, o), line, f"{act} {oid}"):
            raise _Stop
        try:
            do(player, oid)
        except Refused as r:
            return r
        return None

    def _pass_until(self, line: int, target: str) -> None:
        g = self.game
        start = len(g.events)
        start_turn = g.turn

        def reached() -> bool:
            if target == "stack_empty":
                return not g.stack
            if target == "end_of_turn":
                return g.turn != start_turn and g.priority is not None
            began = any(e.kind == "step" and e.text_en == f"The {STEP_EN.get(target, target)} begins" for e in g.events[start:])
            if target in ("untap", "cleanup"):
                return began
            return began and g.step == target and (g.priority is not None or g.decision)
        for _ in range(MAX_AUTO_PASSES):
            if reached():
                return
            if combat.decline_declarations(g):
                continue
            if g.result or g.decision:
                if g.decision:
                    self.result.stopped = f"ожидается решение: {g.decision.text_ru}"
                return
            actions.pass_priority(g)
        self.fail(line, f"pass_until {target}: не достигнуто после {MAX_AUTO_PASSES} пасов")
        raise _Stop


def run(scenario: Scenario, pool: CardPool | None = None, stop_at: int | None = None) -> RunResult:
    return Runner(scenario, pool, stop_at).run()


def state_at(scenario: Scenario, n: int, pool: CardPool | None = None) -> tuple:
    """(game after event N, total events). N=0: the board as described, before the first step."""
    if n <= 0:
        return build(scenario, pool), None
    res = run(scenario, pool, stop_at=n)
    return res.game, res.stopped_at_event
