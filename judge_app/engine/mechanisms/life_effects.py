"""Two life instructions, which Leyline of Punishment's "players can't gain life" (119.7) meets:

- ``{set_life: N, who: you / target1}`` — "[that player's] life total becomes N": the player
  gains or loses the life needed to end up with N (119.5); a player who can't gain life keeps a
  lower life total — that part just doesn't happen — while a lower N works as usual (FAQ M2011
  r145);
- cost ``opponent_gains_life: N`` — "have an opponent gain N life" (Invigorate's alternative cost;
  the opponent is the next one in turn order): while players can't gain life, that cost can't be
  paid (119.7, 614.17b; r142);
- ``{next_draw_gain_life_instead: N}`` — "the next time you would draw a card this turn, you gain
  N life instead" (Words of Worship): a replacement shield, used up by the first draw it replaces
  (614.1a). If the life can't be gained, the draw is still replaced — by nothing (614.6, r144).
"""

from __future__ import annotations

from judge_app.engine.kernel import events as ev
from judge_app.engine.kernel import hooks, replacement
from judge_app.engine.kernel.errors import refuse
from judge_app.engine.kernel.messages import say
from judge_app.engine.kernel.replacement import Kind, register
from judge_app.engine.kernel.state import Game, Obj, Player


def run(game: Game, so: Obj, e: dict, at) -> None:
    who, info = at.player_or_target(game, so, e.get("who", "you")), at.info
    if "next_draw_gain_life_instead" in e:
        game.effects.append({"kind": "shield", "shield": "next_draw_gain_life", "target": so.controller,
                             "controller": so.controller, "amount": e["next_draw_gain_life_instead"], "incarnation": 0,
                             "timestamp": game.next_ts(), "until": "eot", "source_name": info["name_ru"],
                             "source_name_en": info.get("name_en") or info["name_ru"], "made_by": so.id})
        say(game, "shield", "life_effects.run.shield", [so.controller], ["replace_instead", "replace_exist_before"],
            controller=so.controller, next_draw_gain_life_instead=e['next_draw_gain_life_instead'])
        return
    if not isinstance(who, Player):
        return
    n = e["set_life"] - who.life
    say(game, "set_life", "life_effects.run.set_life", [who.name], ["set_life_total"], name=who.name,
        set_life=e['set_life'],
        note=f"нужно получить {n}" if n > 0 else f"нужно потерять {-n}" if n < 0 else "ничего не меняется")
    if n > 0:
        ev.gain_life(game, who, n, keys=("life_change", "set_life_total"))
    elif n < 0:
        ev.lose_life(game, who, -n, keys=("life_change", "set_life_total"))


def _applies(game: Game, e: dict, event: dict) -> bool:
    return event["player"].name == e["target"]


def _apply(game: Game, e: dict, event: dict):
    for i, x in enumerate(game.effects):   # used up (614.5: once)
        if x.get("made_by") == e.get("made_by") and x.get("shield") == "next_draw_gain_life":
            game.effects.pop(i)
            break
    p = event["player"]
    say(game, "replace", "life_effects._apply.replace", [p.name], replacement.keys(event, ["replace_instead"]),
        source_name=e['source_name'], name=p.name, amount=e['amount'])
    ev.gain_life(game, p, e["amount"], keys=("life_change", "replace_instead"))
    return None   # the draw never happens (614.6), whatever became of the life


register(Kind("next_draw_gain_life", ("draw",), _applies, _apply,
              lambda g, e: f"«{e.get('source_name', '')}»: получить {e.get('amount')} жизней вместо взятия карты",
              label_en=lambda g, e: f"{e.get('source_name_en') or e.get('source_name', '')}: gain {e.get('amount')} life "
                                    "instead of drawing"))


def _opponent(game: Game, player) -> Player:
    order = game.apnap()
    i = next(k for k, p in enumerate(order) if p.name == player.name)
    return next(p for p in order[i + 1:] + order[:i] if p.name != player.name)


def check_gain_cost(game: Game, player) -> None:
    blocker = ev._cant_gain_life(game)
    if blocker:
        raise refuse(game, f"«{blocker}»: игроки не могут получать жизни — стоимость «оппонент получает жизни» "
                     f"оплатить нельзя", "cost_gain_life_cant", "cost_unpayable")


def pay_gain_cost(game: Game, player, n: int, by_ref: str, keys) -> None:
    ev.gain_life(game, _opponent(game, player), n, keys=("life_change", *keys), why=f" (оплата стоимости {by_ref})")


hooks.register(hooks.INSTRUCTION, run, keys=("set_life", "next_draw_gain_life_instead"), order=80)


hooks.register(hooks.COST_CHECK, check_gain_cost, keys=("opponent_gains_life",))
hooks.register(hooks.COST_PAY, lambda game, player, obj, amount, by_ref, keys: pay_gain_cost(game, player, amount, by_ref, keys),
               keys=("opponent_gains_life",))
