"""A triggered ability that targets a player and "any number of target cards from their
graveyard", and shuffles those cards into that player's library (701.24d; 2020: 701.19d;
Loaming Shaman).

Why a module: an ordinary trigger has one target per kind it lists (603.3d); this one has one
player and then as many of that player's graveyard cards as its controller likes — zero
included. It is chosen as the ability goes on the stack (603.3d, 601.2c), in one decision,
``graveyard_targets``: the player first, then the cards (``choose: [Боб]`` — no card; ``choose:
[Боб, c1, c3]``). Each card is checked again on resolution like any target (608.2b: a card that
left the graveyard is a new object, 400.7). As it resolves, ``{shuffle_targets_into_library:
target1}`` puts the cards still there into the player's library and that player shuffles —
even when no card was targeted or none is left (701.24d).

Written ``{trigger: etb, targets: [player], any_number_of: card_in_target1_graveyard,
effects: [{shuffle_targets_into_library: target1}]}``.
"""

from __future__ import annotations

from types import SimpleNamespace

from judge_app.engine.kernel import events as ev
from judge_app.engine.kernel import hooks
from judge_app.engine.kernel.errors import InvalidInput
from judge_app.engine.kernel.messages import say
from judge_app.engine.kernel.state import Decision, Game, Obj
from judge_app.engine.rules import effects, priority, zone_actions

KIND = "card_in_target1_graveyard"
CARD_KIND = "card_in_a_graveyard"   # graveyard_targets.py: how each card is checked again (608.2b)
DECISIONS = ("graveyard_targets",)
EFFECT = "shuffle_targets_into_library"


def handles(ability: dict) -> bool:
    return ability.get("any_number_of") == KIND


def _players(game: Game, chooser: str) -> list:
    return effects.legal_targets(game, "player", chooser, None)


def choose(game: Game, t: dict):
    """([player, card, …], None) for the waiting trigger ``t``; None while the choice is owed."""
    pre = game.sba_choices.pop(("graveyard_targets", id(t)), None)
    if pre is not None:
        return pre, []   # [] (not None): trigger_stack calls announce
    chooser = t.get("chooser", t["controller"])
    players = _players(game, chooser)
    cards = [oid for p in game.players for oid in p.graveyard if not game.objects[oid].anonymous]
    game.decision = Decision(
        by=chooser, kind="graveyard_targets", options=players + cards,
        text_ru=f"{chooser} выбирает цели способности «{t['source_name']}» ({t['source']}): целевого игрока, затем "
                f"сколько угодно целевых карт с его кладбища (можно ни одной): [ИГРОК, карта, …]",
        context={"trigger": id(t), "players": players})
    say(game, "decision", "graveyard_shuffle_targets.decision", [t["source"]], ["trigger_targets", "cast_targets"],
        chooser=chooser, source=t["source_name"], source_en=t.get("source_name_en") or t["source_name"])
    return None


def answer(game: Game, value) -> None:
    d = game.decision
    vals = [str(v) for v in (value if isinstance(value, list) else [value])]
    if not vals or vals[0] not in d.context["players"]:
        raise InvalidInput(f"первой должна быть цель-игрок: {', '.join(d.context['players'])}")
    who = game.player(vals[0])
    cards = vals[1:]
    bad = [c for c in cards if c not in who.graveyard]
    if bad or len(set(cards)) != len(cards):
        raise InvalidInput(f"«{(bad or cards)[0]}» — не карта с кладбища игрока {who.name} или названа дважды; "
                           f"допустимые: {', '.join(who.graveyard) or 'нет'}")
    game.sba_choices[("graveyard_targets", d.context["trigger"])] = vals
    say(game, "choice", "graveyard_shuffle_targets.choice", [d.by] + vals, ["trigger_targets", "cast_targets"],
        by=d.by, player=who.name, n=len(cards))
    game.decision = None
    priority.settle(game)


def announce(game: Game, ab: Obj, _shares) -> None:
    """How each target is checked again as it resolves: the player, then graveyard cards."""
    ab.choices["target_kinds"] = ["player"] + [CARD_KIND] * (len(ab.targets) - 1)


def run(game: Game, so: Obj, e: dict, at) -> None:
    who = at.ref(e[EFFECT])
    if who is None or hasattr(who, "incarnation"):
        return
    cards = [at.ref(f"target{i + 1}") for i in range(1, len(so.targets))]
    cards = [c for c in cards if c is not None and c.zone == "graveyard" and c.owner == who.name]
    if not cards:
        say(game, "effect", "graveyard_shuffle_targets.none", [who.name], ["shuffle_even_if_none"], player=who.name)
    for c in cards:
        ev.move(game, c, "library", keys=("shuffle_objects", "owner_zone"),
                text_ru=f"{c.label()} втасовывается с кладбища в библиотеку игрока {who.name}",
                text_en=f"{c.label_en()} is shuffled from the graveyard into {who.name}'s library")
    zone_actions.shuffle(game, who, keys=("shuffle", "shuffle_even_if_none"))


hooks.register(hooks.TRIGGER_TARGETS, SimpleNamespace(choose=choose, announce=announce), when=handles)
hooks.register(hooks.DECISION, answer, keys=DECISIONS)
hooks.register(hooks.INSTRUCTION, run, keys=(EFFECT,), order=42)
