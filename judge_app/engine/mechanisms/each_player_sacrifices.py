"""Each player sacrificing N permanents of a kind, chosen in APNAP order and sacrificed at once
(101.4, 701.16a): ``{each_player_sacrifices: {what: land, count: 5}}``. Written for Destructive
Force (FAQ M2011, issue 11).

101.4: the active player chooses first which permanents they sacrifice, then each other player
in turn order, knowing the choices made before; then all the chosen permanents are sacrificed
at the same time (701.16a) — only after that does the rest of the spell happen (608.2c: Destructive
Force's 5 damage to each creature follows the sacrifice, FAQ r254).

A player with no more permanents of that kind than the count has no choice: all of them go. The
choices are asked as the spell begins to resolve (decision ``sacrifice_choice`` by that player,
APNAP; the answer is the list of ids), like the other choices of a resolution (zone_actions.py).
"""

from __future__ import annotations

from judge_app.engine.kernel import events as ev
from judge_app.engine.kernel import hooks
from judge_app.engine.kernel.messages import say
from judge_app.engine.kernel.state import Game, Obj
from judge_app.engine.rules import resolution_choices as rc

DECISIONS = ("sacrifice_choice",)


def _spec(so: Obj) -> dict | None:
    return next((e["each_player_sacrifices"] for e in so.effects if "each_player_sacrifices" in e), None)


def _candidates(game: Game, player, what: str) -> list:
    return [oid for oid in game.battlefield
            if game.objects[oid].controller == player.name and what in game.objects[oid].types]


def _chosen(so: Obj) -> dict:
    return rc.answers(so).setdefault("sacrifice", {})


def ask(game: Game, so: Obj) -> bool:
    spec = _spec(so)
    if spec is None:
        return False
    chosen = _chosen(so)
    for p in game.apnap():
        if p.name in chosen or p.lost:
            continue
        options = _candidates(game, p, spec["what"])
        if len(options) <= spec["count"]:
            chosen[p.name] = options
            continue
        return rc.owe(game, so, p.name, "sacrifice_choice", options,
                      f"{so.label()}: {p.name} выбирает {spec['count']} перманентов ({spec['what']}), "
                      f"которые пожертвует (сначала активный игрок, 101.4)",
                      f"{p.name} выбирает, что пожертвовать (по очереди, начиная с активного игрока)", ["apnap"],
                      count=spec["count"])
    return False


def answer(game: Game, value) -> None:
    d = game.decision
    vals = rc.exactly(d, value, "разных перманентов")
    say(game, "choice", "each_player_sacrifices.answer.choice", [d.by], ["apnap"], by=d.by, list=', '.join(vals))
    rc.resume(game, lambda so: _chosen(so).__setitem__(d.by, vals))


def handles(e: dict) -> bool:
    return "each_player_sacrifices" in e


def run(game: Game, so: Obj, e: dict, at) -> None:
    """The chosen permanents are sacrificed together, before the spell's next instruction
    (the abilities that see them leave wait until a player would receive priority, 603.3)."""
    chosen = _chosen(so)
    doomed = [game.objects[oid] for p in game.apnap() for oid in chosen.get(p.name, [])
              if game.objects[oid].zone == "battlefield"]
    for o in doomed:
        ev.move(game, o, "graveyard", keys=("sacrifice", "apnap"), kind="sacrifice",
                text_ru=f"{o.controller} жертвует {o.label()}", text_en=f"{o.label_en()} is sacrificed")


hooks.register(hooks.INSTRUCTION, run, keys=("each_player_sacrifices",), order=64)
hooks.register(hooks.DECISION, answer, keys=DECISIONS)
hooks.register(hooks.ASK, ask, order=31)
