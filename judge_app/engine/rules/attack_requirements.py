""""Target creature an opponent controls attacks you this turn if able" (Alluring Siren): a
requirement on that creature until end of turn (508.1d), naming the player it must attack.

Why a module: keywords/evasion.py knows "attacks each combat if able" as a keyword; this one also
names whom to attack — you, not a planeswalker you control (FAQ M2011 r225) — and only binds in a
turn of that creature's controller, an opponent of the player it must attack (r226: activated in
your own turn it does nothing). Whether the creature is able is checked as attackers are
declared (r224: tapped, summoning sick, "can't attack" — then it doesn't attack).
"""

from __future__ import annotations

from judge_app.engine.kernel import hooks
from judge_app.engine.kernel.messages import say
from judge_app.engine.kernel.state import Game, Obj


def handles(e: dict) -> bool:
    return "attacks_you_this_turn" in e


def run(game: Game, so: Obj, e: dict, at) -> None:
    ref, info = at.ref, at.info
    what = ref(e["attacks_you_this_turn"])
    if what is None or not hasattr(what, "incarnation") or what.zone != "battlefield":
        return
    game.effects.append({"kind": "must_attack", "player": so.controller, "target": what.id,
                         "incarnation": what.incarnation, "timestamp": game.next_ts(), "until": "eot",
                         "source_name": info["name_ru"]})
    say(game, "effect", "attack_requirements.run.effect", [what.id], ["attack_requirements", "duration"], what=what,
        controller=so.controller)


def required_defender(game: Game, obj: Obj) -> str | None:
    """The player ``obj`` must attack this combat, if an effect says so and that player is an
    opponent of its controller (the active player)."""
    for e in reversed(game.effects):
        if e.get("kind") == "must_attack" and e["target"] == obj.id and e["incarnation"] == obj.incarnation \
                and e["player"] != obj.controller and not game.player(e["player"]).lost:
            return e["player"]
    return None


def wrong_defenders(game: Game, mapping: dict) -> list:
    """(creature, required player) for required attackers declared against someone else."""
    return [(aid, who) for aid, tgt in mapping.items() if aid in game.objects
            and (who := required_defender(game, game.objects[aid])) is not None and tgt != who]


hooks.register(hooks.INSTRUCTION, run, keys=("attacks_you_this_turn",), order=24)
