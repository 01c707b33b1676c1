"""Priority (117), the stack (405) and resolving (608)."""

from __future__ import annotations

from judge_app.engine.kernel import events as ev
from judge_app.engine.kernel import hooks, sba, triggers
from judge_app.engine.kernel.messages import Text, say
from judge_app.engine.kernel.state import Game
from judge_app.engine.rules import combat, control_copy, effects, stack_fights, trigger_stack, turn

MAX_SBA_ROUNDS = 1000


def settle(game: Game) -> None:
    """Before a player receives priority: state-based actions, repeated, then triggered
    abilities onto the stack, repeated until nothing more happens (117.5, 704.3, 603.3)."""
    for _ in range(MAX_SBA_ROUNDS):
        if game.result or game.decision:
            return
        if sba.check(game):
            continue
        if game.decision or game.result:
            return
        if game.combat:
            combat.prune(game)   # 506.4: what left the battlefield is out of combat
        if game.pending_triggers or game.trigger_queue:
            if not trigger_stack.put_pending_on_stack(game):
                return
            continue
        return


def give_priority(game: Game, idx: int) -> None:
    game.priority = idx
    settle(game)


def pass_priority(game: Game) -> None:
    """The player with priority passes (117.3d); all in succession → 117.4.

    The event is emitted after the change it describes, so the state after it shows
    priority already with the next player."""
    teams = hooks.team_rules()   # the team rules (810, 805): seats and teams
    if game.teams and not game.stack and game.step == "main1" and game.passes + 1 >= len(teams.live_teams(game)):
        teams.refuse_combat(game)   # before anything changes: the next step would be combat (805.10)
    p = game.priority_player
    game.passes += 1
    who = f"Команда {' и '.join(teams.team_of(game, p.name))}" if game.teams else p.name
    team_keys = ["team_priority", "team_priority_pass"] if game.teams else []   # 805.5: teams have priority
    if game.passes >= (len(teams.live_teams(game)) if game.teams else len(game.live_players())):
        say(game, "pass", "pass_all", [p.name], ["priority_pass"] + team_keys, who=Text(who, p.name))
        game.passes = 0
        if game.stack:
            resolve_top(game)
        else:
            say(game, "step_end", "step_end", [], ["priority_all_pass", "step_ends"], everyone=_everyone(game))
            turn.advance_step(game)
        return
    nxt = teams.next_seat(game, game.priority)   # the next player; with teams, the next team
    game.priority = nxt
    to = f"команде {' и '.join(teams.team_of(game, game.players[nxt].name))}" if game.teams \
        else f"игроку {game.players[nxt].name}"
    say(game, "pass", "pass_to", [p.name, game.players[nxt].name], ["priority_pass"] + team_keys,
        who=Text(who, p.name), to=to)
    give_priority(game, nxt)


def resolve_top(game: Game) -> None:
    oid = game.stack[-1]
    so = game.objects[oid]
    for hook in hooks.hooks(hooks.ASK):   # a choice made as it resolves (pay or not, new targets, "you may", a coin): owed first
        if hook.fn(game, so):
            return
    say(game, "resolve", "resolve", [oid], ["priority_all_pass", "stack_resolve_top"], everyone=_everyone(game), so=so)
    if so.stack_kind == "ability" or not _is_permanent(so):
        kinds = stack_fights.target_kinds(so)
        legal = [effects.target_still_legal(game, t, kinds[i] if i < len(kinds) else "any", so.controller, so)
                 for i, t in enumerate(so.targets)]
        fizzled = bool(so.targets) and not any(legal)
        if fizzled:
            say(game, "fizzle", "priority.resolve_top.fizzle", [oid], ["resolve_targets"] + _why_illegal(game, so),
                so=so)
        else:
            if so.targets and not all(legal):
                bad = [so.targets[i][1] for i, ok in enumerate(legal) if not ok]
                names = [b if game.has_player(b) else game.objects[b] for b in bad]
                say(game, "partial", "partial", [oid] + bad, ["resolve_targets"], so=so, names=names)
            effects.run_effects(game, so, legal)
        if so.stack_kind == "ability":
            game.stack.remove(oid)
            so.zone = "none"
            say(game, "resolved", "resolved_ability", [oid], ["resolve_to_graveyard"], so=so)
        elif so.zone == "stack" and stack_fights.is_copy(so):
            stack_fights.cease(game, so)
        elif so.zone == "stack" and so.choices.get("buyback") and not fizzled:   # 702.27a
            ev.move(game, so, "hand", keys=("buyback",),
                    text_ru=f"{so.label()} с оплаченным откупом возвращается в руку владельца вместо кладбища",
                    text_en=f"{so.label_en()} (bought back) returns to its owner's hand")
        elif so.zone == "stack":
            ev.move(game, so, "graveyard", keys=("resolve_targets",) if fizzled else ("resolve_to_graveyard",),
                    text_ru=f"{so.label()} кладётся на кладбище владельца", text_en=f"{so.label_en()} is put into its owner's graveyard")
    else:
        if not _enter_permanent(game, so):
            return
    say(game, "priority", "priority_after_resolve_sba", [game.ap.name], ["priority_after_resolve", "priority_sba_first"],
        ap=game.ap)
    give_priority(game, game.active)   # 117.3b


def _enter_permanent(game: Game, so) -> bool:
    """A resolving permanent spell enters the battlefield (608.3). A choice it makes as it
    enters (Clone, Conspiracy) is owed first; False while it is owed, or if an Aura fizzled."""
    aura_target = None
    if "Aura" in so.subtypes and so.targets:
        ok = effects.target_still_legal(game, so.targets[0], so.spell_targets[0], so.controller, so)
        if not ok:
            say(game, "fizzle", "aura_fizzle", [so.id], ["aura_resolve", "resolve_targets"], so=so)
            ev.move(game, so, "graveyard", keys=("aura_resolve", "resolve_targets"))
            give_priority(game, game.active)
            return False
        aura_target = so.targets[0][1]
    if control_copy.ask(game, so, resume="enter"):
        return False
    so.targets = []
    game.stack.remove(so.id)
    so.zone = "stack_resolving"
    so.incarnation += 1
    ev.carry_to_permanent(game, so, so.incarnation - 1)   # 400.7a
    so.sick = True
    token = stack_fights.is_copy(so)   # a copy of a permanent spell is no card: a token (111.1)
    if token:
        stack_fights.become_token(game, so)
    ev.put_in_zone(game, so, "battlefield", controller=so.controller)
    control_copy.enter_as_chosen(game, so)
    ev.enters(game, so)   # enters tapped / with counters (614.1c-d, events.enters)
    if aura_target:
        so.attached_to = aura_target
        game.touch()
    say(game, "enter", "priority._enter_permanent.enter", [so.id],
        ["resolve_permanent", "timestamp_object"] + (["aura_resolve"] if aura_target else []) + (["copy_enters", "copy_values"] if so.chosen.get("copy", "none") != "none" else []) + (["token_permanent"] if token else []),
        so=so, controller=so.controller, describe_copy=control_copy.describe_copy(game, so),
        note=f", прикреплённое к {game.objects[aura_target].label()}" if aura_target else "",
        note2=" — это копия заклинания, а не карта, поэтому перманент — фишка" if token else "")
    triggers.on_enter(game, so)
    return True


def finish_entering(game: Game, oid: str) -> None:
    """After the "as it enters" choice is made, the permanent spell finishes resolving."""
    if _enter_permanent(game, game.objects[oid]):
        say(game, "priority", "priority_after_resolve", [game.ap.name], ["priority_after_resolve", "priority_sba_first"],
            ap=game.ap)
        give_priority(game, game.active)


def _why_illegal(game: Game, so) -> list:
    """Rule keys of the keywords that made still-present targets illegal (hexproof, shroud,
    protection gained in response), for the trace; a target that changed zones needs none."""
    out = []
    for i, (tk, ref, inc) in enumerate(so.targets):
        obj = game.objects.get(ref) if tk == "object" else None
        if obj is None or obj.incarnation != inc or obj.zone != "battlefield":
            continue
        kinds = stack_fights.target_kinds(so)
        kind = kinds[i] if i < len(kinds) else "any"
        for k in effects.object_fits(game, kind, so.controller, obj, so)[1]:
            if k != "targets" and k not in out:
                out.append(k)
    return out


def _is_permanent(so) -> bool:
    return not ({"instant", "sorcery"} & set(so.types))


def _everyone(game: Game) -> Text:
    return Text("Все команды", "All teams") if game.teams else Text("Все игроки", "All players")   # 805.5b: teams pass
