"""Additional combat phases (500.8): "After this main phase, there is an additional combat phase
followed by an additional main phase" (Relentless Assault), and "untap all creatures that
attacked this turn".

Why a module: the turn's order is otherwise the fixed list ``state.STEPS``; an effect that adds
phases changes what follows the main phase it names. The added phases are recorded as an entry of
``game.effects`` (kind ``extra_phases``, one per effect, naming the turn) so a cloned game carries
them; ``turn.advance_step`` asks ``next_step`` what follows a main phase and the end of combat.

- Each added pair is a combat phase, then a main phase. The main phase is a postcombat main phase
  (505.1a: only the first main phase of a turn is precombat), so it is the step ``main2``.
- 500.8: phases added after the same phase come directly after it, the most recent first. All
  pairs are alike, so the engine only counts them: at the end of any main phase of this turn, an
  unplayed pair begins. A pair added during an additional main phase comes after that phase.
- After the last added main phase the turn goes on where it left off: the regular combat if the
  pairs were added in the first main phase, the end phase if in the second.
- The requirements "attacks each combat if able" and "attacks this turn if able" apply in each
  declare attackers step of the turn (508.1d, last sentence): nothing here, the requirement is
  checked again as each combat's attackers are declared (keywords/evasion.must_attack).
"""

from __future__ import annotations

from judge_app.engine.kernel import hooks
from judge_app.engine.kernel.messages import say
from judge_app.engine.kernel.state import Game, Obj, STEPS

KIND = "extra_phases"
ATTACKED = "attacked_with"   # the turn_history entry naming the creatures that attacked


def handles(e: dict) -> bool:
    return "additional_combat_phase" in e or "untap_attacked_this_turn" in e


def run(game: Game, so: Obj, e: dict, at) -> None:
    info = at.info
    if "untap_attacked_this_turn" in e:
        _untap_attackers(game)
    if "additional_combat_phase" in e:
        _add_pair(game, so, info)


def _add_pair(game: Game, so: Obj, info: dict) -> None:
    if game.step not in ("main1", "main2"):   # "after this main phase": only a main phase has one
        say(game, "effect", "extra_phases._add_pair.effect.2", [so.id], ["extra_phases"], name_ru=info['name_ru'])
        return
    game.effects.append({"kind": KIND, "player": so.controller, "target": so.controller, "incarnation": -1,
                         "timestamp": game.next_ts(), "until": None, "turn": game.turn, "pairs": 1,
                         "resume": None})
    say(game, "effect", "extra_phases._add_pair.effect", [so.id], ["extra_phases"], name_ru=info['name_ru'])


def _entries(game: Game) -> list:
    return [e for e in game.effects if e.get("kind") == KIND and e["turn"] == game.turn]


def note_attackers(game: Game, ap: str, creatures: list) -> None:
    """Record the creatures declared as attackers (their object and incarnation, 400.7)."""
    rec = next((e for e in game.effects if e.get("kind") == "history" and e.get("what") == ATTACKED), None)
    if rec is None:
        rec = {"kind": "history", "what": ATTACKED, "player": ap, "target": ap, "incarnation": -1,
               "timestamp": 0, "until": "eot", "creatures": []}
        game.effects.append(rec)
    rec["creatures"] = rec["creatures"] + [[o.id, o.incarnation] for o in creatures]


def attacked_this_turn(game: Game) -> list:
    """The creatures on the battlefield that attacked this turn and are still the same objects."""
    rec = next((e for e in game.effects if e.get("kind") == "history" and e.get("what") == ATTACKED), None)
    pairs = rec["creatures"] if rec else []
    out = []
    for oid, inc in pairs:
        o = game.objects.get(oid)
        if o is not None and o.zone == "battlefield" and o.incarnation == inc and o.is_creature and oid not in out:
            out.append(oid)
    return out


def _untap_attackers(game: Game) -> None:
    ids = [oid for oid in attacked_this_turn(game) if game.objects[oid].tapped]
    for oid in ids:
        game.objects[oid].tapped = False
    if ids:
        say(game, "untap", "extra_phases._untap_attackers.untap", ids, ["resolve_instructions"], list=', '.join(ids))


def next_step(game: Game) -> str | None:
    """What follows the current step if added phases change it, else None (the usual order).
    Called as a main phase or the end of combat step ends."""
    entries = _entries(game)
    if not entries:
        return None
    if game.step in ("main1", "main2"):
        waiting = [e for e in entries if e["pairs"] > 0]
        if waiting:
            e = waiting[-1]   # 500.8: the most recently created first (all pairs are alike)
            e["pairs"] -= 1
            if not _in_added(game):   # where the turn goes on after the added phases
                _set_resume(game, STEPS[STEPS.index(game.step) + 1])
            _set_state(game, "combat")
            say(game, "extra_phase", "extra_phases.next_step.extra_phase.2", [], ["extra_phases"])
            return "beginning_of_combat"
        if _state(game) == "main":   # the last added main phase ends: back to the usual order
            resume = _resume(game)
            _set_state(game, None)
            return resume
        return None
    if game.step == "end_of_combat" and _state(game) == "combat":
        _set_state(game, "main")
        say(game, "extra_phase", "extra_phases.next_step.extra_phase", [], ["extra_phases", "extra_main"])
        return "main2"
    return None


# The turn's place among the added phases, kept on the first entry of this turn.
def _first(game: Game) -> dict:
    return _entries(game)[0]


def _state(game: Game) -> str | None:
    return _first(game).get("state")


def _set_state(game: Game, state: str | None) -> None:
    _first(game)["state"] = state


def _in_added(game: Game) -> bool:
    return _state(game) is not None


def _resume(game: Game) -> str:
    return _first(game)["resume"]


def _set_resume(game: Game, step: str) -> None:
    _first(game)["resume"] = step


hooks.register(hooks.INSTRUCTION, run, keys=("additional_combat_phase", "untap_attacked_this_turn"), order=26)
