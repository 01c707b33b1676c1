"""More trigger events (603.2): drawing a card, an opponent discarding, becoming a target, and
"another creature with power N or greater enters under your control", "a creature enters under
your control" (the watcher included).

Kept apart from ``triggers`` (which puts every waiting trigger on the stack): each function
here is called by the event that matches it — ``events._draw_one`` (121.2: one draw, one
trigger), ``events.move`` with kind ``discard`` (701.8a; a card that goes to exile instead
is still discarded), the target choice of a spell or ability, and ``triggers.on_enter``.
"""

from __future__ import annotations

from judge_app.engine.kernel import characteristics as ch
from judge_app.engine.kernel import hooks, triggers
from judge_app.engine.kernel.state import Game, Obj


def _watchers(game: Game, kind: str):
    for sid in list(game.battlefield):
        src = game.objects[sid]
        for i, ab in enumerate(src.abilities):
            if ab.get("trigger") == kind:
                yield sid, src, i, ab


def _fire(game: Game, sid: str, src: Obj, i: int, ab: dict, why: str = "trigger_event") -> None:
    if triggers._condition_holds(game, src.controller, ab):
        triggers._pending(game, sid, triggers._info(src, game), i, ab, why)


def on_draw(game: Game, player) -> None:
    """"Whenever you draw a card": once per card drawn (121.2)."""
    for sid, src, i, ab in _watchers(game, "you_draw"):
        if src.controller == player.name:
            _fire(game, sid, src, i, ab, "trigger_each_occurrence")


def on_discard(game: Game, player_name: str) -> None:
    """"Whenever an opponent discards a card, that player …": ``that_player`` in the effects
    becomes the player who discarded (fixed as the ability triggers)."""
    for sid, src, i, ab in _watchers(game, "opponent_discards"):
        if src.controller != player_name:
            bound = {**ab, "effects": [{k: (player_name if v == "that_player" else v) for k, v in e.items()}
                                       for e in ab.get("effects", ())]}
            _fire(game, sid, src, i, bound, "trigger_each_occurrence")


def on_targeted(game: Game, targets: list, by: Obj | None = None, why: str = "trigger_event") -> None:
    """"When [this] becomes the target of a spell or ability": each permanent newly targeted —
    as targets are chosen (601.2c) or changed to it (``why``: ``target_changed``, 115.7).
    ``becomes_target_by_opponent`` (Frost Titan): only when ``by``, the spell or ability, is an
    opponent's; its effects may name that spell or ability, ``that_spell`` (stack_fights.that_spell)."""
    for kind, ref, _ in targets:
        obj = game.objects.get(ref) if kind == "object" else None
        if obj is None or obj.zone != "battlefield":
            continue
        for hook in hooks.hooks(hooks.TARGETED):   # "when enchanted creature becomes the target" (Ice Cage)
            hook.fn(game, obj)
        for i, ab in enumerate(obj.abilities):
            if ab.get("trigger") == "becomes_target":
                _fire(game, obj.id, obj, i, ab, why)
            if ab.get("trigger") == "becomes_target_by_opponent" and by is not None and by.controller != obj.controller:
                if triggers._condition_holds(game, obj.controller, ab):
                    triggers._pending(game, obj.id, {**triggers._info(obj, game), "_that_spell": (by.id, by.incarnation)},
                                      i, ab, why)


def enters_filter_ok(game: Game, watcher: Obj, entering: Obj, ab: dict) -> bool:
    """The trigger condition of "another creature [with power N or greater] enters the
    battlefield [under your control]": checked as the creature enters, with the counters it
    entered with and the static abilities that apply (FAQ M2011 r59); a later pump is too late."""
    f = ab.get("filter") or {}
    if f.get("yours") and entering.controller != watcher.controller:
        return False
    if "power_at_least" in f:
        c = ch.compute_pt(game, entering)
        if c is None or c.power < f["power_at_least"]:
            return False
    return True


def on_creature_enters(game: Game, entering: Obj) -> None:
    """"Whenever a creature enters the battlefield under your control" (``creature_etb_yours``,
    Leyline of Vitality): any creature, the watcher itself too if it is one as it enters (603.6a);
    a permanent entering at the same time sees it (603.6a, FAQ M2011 r140)."""
    for sid, src, i, ab in list(_watchers(game, "creature_etb_yours")):
        if entering.controller == src.controller:
            _fire(game, sid, src, i, ab, "trigger_etb")


hooks.register(hooks.TRIGGER, on_draw, keys=("you_draw",))
hooks.register(hooks.TRIGGER, on_discard, keys=("opponent_discards",))
hooks.register(hooks.TRIGGER, on_targeted, keys=("becomes_target", "becomes_target_by_opponent"))
hooks.register(hooks.TRIGGER, on_creature_enters, keys=("creature_etb_yours",))
