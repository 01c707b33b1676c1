"""Turn structure (500-514): steps in order, turn-based actions, mana emptying."""

from __future__ import annotations

from judge_app.engine.kernel import events as ev
from judge_app.engine.kernel import hooks, replacement, sba, triggers
from judge_app.engine.kernel.messages import Text, say
from judge_app.engine.kernel.state import Decision, Game, STEPS, STEP_EN, STEP_RU
from judge_app.engine.rules import combat, extra_phases, priority, untap_locks

NO_PRIORITY = ("untap", "cleanup")
STEP_KEY = {"untap": "untap", "upkeep": "upkeep", "draw": "draw_step", "main1": "main_phase",
            "main2": "main_phase", "end": "end_step", "cleanup": "cleanup_discard",
            "beginning_of_combat": "priority_ap_step", "declare_attackers": "no_attackers",
            "end_of_combat": "priority_ap_step"}


def empty_pools(game: Game) -> None:
    for p in game.players:
        if any(p.pool.values()):
            left = "".join(f"{{{s}}}" * n for s, n in p.pool.items() if n)
            p.pool = {}
            say(game, "mana_empty", "turn.empty_pools.mana_empty", [p.name], ["mana_empties"], left=left, name=p.name)


def advance_step(game: Game) -> None:
    """All players passed with an empty stack: the step ends (405.5, 500.4)."""
    empty_pools(game)
    if game.step == "end_of_combat":
        combat.end_combat(game)   # 511.3
    i = STEPS.index(game.step)
    nxt = i + 1
    if game.step == "cleanup" and game.cleanup_again:
        game.cleanup_again = False
        begin_step(game, "cleanup")
        return
    if game.step == "declare_attackers" and not game.attackers:
        nxt = STEPS.index("end_of_combat")   # 508.8
    if (added := extra_phases.next_step(game)) is not None:   # 500.8: phases an effect added
        begin_step(game, added)
        return
    if nxt >= len(STEPS):
        game.turn += 1
        teams = hooks.team_rules()
        game.active = teams.next_seat(game, game.active)   # with shared team turns, the next team (805.4a)
        while game.players[game.active].lost or _skipped(game, "turn"):   # 614.10: a skipped turn never starts
            game.active = teams.next_seat(game, game.active)
        say(game, "turn", "turn.advance_step.turn", [game.ap.name], ["turn_phases"], turn=game.turn, name=game.ap.name)
        for p in game.players:
            p.lands_played = 0
            p.damaged_this_turn = False
        begin_step(game, "untap")
    else:
        begin_step(game, STEPS[nxt])


def begin_step(game: Game, step: str) -> None:
    if step in SKIPPABLE and _skipped(game, step):   # 614.1b, 614.10
        game.step = step
        advance_step(game)
        return
    if game.teams and (step == "beginning_of_combat" or step in combat.OWN_STEPS):
        hooks.team_rules().refuse_combat(game)   # 805.10 is not played
    if step == "beginning_of_combat" and _skipped(game, "combat"):   # the whole combat phase (614.10)
        game.step = "end_of_combat"
        advance_step(game)
        return
    game.step = step
    game.passes = 0
    game.priority = None
    if step in combat.OWN_STEPS:   # 508-511: the combat module begins its steps
        combat.begin_step(game, step)
        return
    keys = [STEP_KEY.get(step, "priority_ap_step")]
    if step not in NO_PRIORITY and keys[0] != "priority_ap_step":
        keys.append("priority_ap_step")
    if step == "untap":
        keys.append("untap_no_priority")
    say(game, "step", "step_begins", [], keys, step=Text(STEP_RU[step], STEP_EN[step]))
    ap = game.ap
    if step == "untap":
        for oid in game.battlefield:
            o = game.objects[oid]
            if o.controller == ap.name:
                o.sick = False
        tapped = untap_locks.untap_step(game, ap.name)   # 502.2: which of them untap ("doesn't untap" effects)
        for oid in tapped:
            game.objects[oid].tapped = False
        if tapped:
            say(game, "untap", "turn.begin_step.untap", tapped, ["untap"], name=ap.name, list=', '.join(tapped))
        # 502.3: nobody gets priority; triggers wait until the upkeep
        advance_step(game)
        return
    if step in triggers.STEP_TRIGGERS:   # "at the beginning of …" (603.2b), delayed triggers (603.7)
        triggers.on_step_begin(game)
    if step == "draw" and game.teams:
        hooks.team_rules().draw_step(game)
    elif step == "draw":
        if game.turn == 1 and len(game.players) == 2:
            say(game, "skip_draw", "skip_first_draw", [ap.name], ["skip_first_draw"], player=ap)
        else:
            ev.draw(game, ap, 1, keys=("draw_step", "draw"))
    if step == "declare_attackers":
        game.attackers = combat.declare_attackers(game)
    if step == "cleanup":
        cleanup(game)
        return
    priority.give_priority(game, game.active)


def cleanup(game: Game, discarded: list | None = None) -> None:
    """514.1 discard to hand size, 514.2 damage wears off and "until end of turn" ends, 514.3a."""
    ap = game.ap
    excess = len(ap.hand) - ap.max_hand
    if excess > 0:
        if discarded is None:
            if excess == len(ap.hand):
                discarded = list(ap.hand)
            else:
                game.decision = Decision(by=ap.name, kind="discard", options=list(ap.hand), count=excess,
                                         text_ru=f"{ap.name} сбрасывает {excess} карт(ы) до максимального размера руки ({ap.max_hand})",
                                         resume="cleanup")
                say(game, "decision", "cleanup_discard_decision", [ap.name], ["cleanup_discard"], player=ap, n=excess)
                return
        for oid in discarded:
            ev.move(game, game.objects[oid], "graveyard", keys=("cleanup_discard", "discard"), kind="discard",
                    text_ru=f"{ap.name} сбрасывает {game.objects[oid].label()}", text_en=f"{ap.name} discards a card")
    healed = [oid for oid in game.battlefield if game.objects[oid].damage]
    for oid in healed:
        game.objects[oid].damage = 0
        game.objects[oid].deathtouch_damage = False
    ended = [e for e in game.effects if e.get("until") == "eot" and e.get("kind") != "history"]   # not effects: turn_history.py
    game.effects = [e for e in game.effects if e.get("until") != "eot"]
    if healed or ended:
        parts = []
        if healed:
            parts.append(f"повреждения сняты с: {', '.join(healed)}")
        if ended:
            parts.append(f"закончилось эффектов «до конца хода»: {len(ended)}")
        say(game, "cleanup", "turn.cleanup.cleanup", healed, ["cleanup_damage"], list="; ".join(parts))
    # 514.3a: state-based actions or triggers → priority, then another cleanup step
    acts, dec = sba.find(game)
    if acts or dec or game.pending_triggers:
        say(game, "cleanup_priority", "cleanup_again", [], ["cleanup_again"])
        game.cleanup_again = True
        priority.give_priority(game, game.active)
        return
    advance_step(game)


SKIPPABLE = ("untap", "upkeep", "draw")


def _skipped(game: Game, step: str) -> bool:
    """A "skip your [step]" effect replaces the step with nothing (replacement.py)."""
    return replacement.run(game, {"kind": "step", "step": step, "player": game.ap}) is None
