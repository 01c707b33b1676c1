"""Paying life as a land enters, and a replacement of paying life: "as this land enters, you may pay
2 life; if you don't, it enters tapped" (Breeding Pool, 614.12), "if you would pay life while your
library has at least that many cards in it, exile that many cards from the top of your library
instead" (Ashiok, Wicked Manipulator, 614.1a), and "you may play lands from the top of your
library" (305.1). Written for the example of 614.13c (CR 2026-01-16): Breeding Pool played from the
top of the library while its controller controls Ashiok — the life is paid by exiling the next two
cards; Breeding Pool, entering, is not among them.

``as_enters: pay_life_or_tapped`` with ``life: N`` — its controller chooses as it enters (a
``replacement_choice``: ``yes`` / ``no``); ``yes`` pays through ``events.pay_life`` (119.4: only with
that much life), which Ashiok's ``static: pay_life_exile_instead`` may replace: the top N cards of the
payer's library, none of those entering now (614.13c), are exiled. ``static:
play_lands_from_library_top`` lets its controller play the top card of their library as a land
(``hooks.PLAY_LAND_FROM``).
"""

from __future__ import annotations

from judge_app.engine.kernel import events, hooks, replacement
from judge_app.engine.kernel.messages import say
from judge_app.engine.kernel.replacement import Kind, register, src_en
from judge_app.engine.kernel.state import Game
from judge_app.engine.rules import enter_replacements

AS_ENTERS = "pay_life_or_tapped"
EXILE_INSTEAD = "pay_life_exile_instead"
PLAY_FROM_TOP = "play_lands_from_library_top"


def lands_on_top(game: Game, player) -> list:
    """The top card of ``player``'s library, if a permanent they control lets them play lands from there."""
    lib = player.library
    allowed = any(game.objects[sid].controller == player.name
                  and any(a.get("static") == PLAY_FROM_TOP for a in game.objects[sid].abilities) for sid in game.battlefield)
    return [lib[0]] if allowed and lib and "land" in game.objects[lib[0]].types else []


# -- Breeding Pool: "as it enters, you may pay 2 life; if you don't, it enters tapped" (614.12) --

def _pay_applies(game: Game, e: dict, ev: dict) -> bool:
    o = ev["obj"]
    return e["source"] == o.id and e["ability"].get("as_enters") == AS_ENTERS and "paid_life" not in o.chosen


def _pay_apply(game: Game, e: dict, ev: dict):
    o, n = ev["obj"], e["ability"]["life"]
    player = game.player(o.controller)
    options = ["yes", "no"] if player.life >= n else ["no"]   # 119.4: only with that much life
    answer = replacement.choose_option(game, o.controller, options,
                                       f"{o.controller}: заплатить {n} жизни при выходе {o.label()}? Иначе земля выходит в повёрнутом положении (yes / no)",
                                       kind="replacement_choice")
    o.chosen["paid_life"] = answer
    if answer == "yes":
        say(game, "replace", "life_payments.pay.yes", [o.id], replacement.keys(ev, ["replace_enters"]),
            player=player, n=n, o=o)
        events.pay_life(game, player, n, keys=("pay_life", "life_change"), why=f" (при выходе {o.label()})", entering=o)
        return ev
    say(game, "replace", "life_payments.pay.no", [o.id], replacement.keys(ev, ["replace_enters"]), player=player, n=n, o=o)
    return {**ev, "tapped": True}


register(Kind("as_enters_pay_life", ("enter",), _pay_applies, _pay_apply,
              lambda g, e: f"«{e['source_name']}» ({e['source']}): заплатить жизни при выходе или выйти повёрнутой",
              label_en=lambda g, e: f"{src_en(g, e)} ({e['source']}): pay life as it enters or enter tapped"))
enter_replacements.AS_ENTERS_KINDS[AS_ENTERS] = "as_enters_pay_life"


# -- Ashiok: "if you would pay life …, exile that many cards from the top of your library instead" --

def _exile_applies(game: Game, e: dict, ev: dict) -> bool:
    player = ev["player"]
    return e["controller"] == player.name and ev["amount"] > 0 and len(_library(game, player, ev)) >= ev["amount"]


def _library(game: Game, player, ev: dict) -> list:
    """The payer's library without a card entering the battlefield now (614.13c)."""
    entering = ev.get("entering")
    return [cid for cid in player.library if entering is None or cid != entering.id]


def _exile_apply(game: Game, e: dict, ev: dict):
    player, n = ev["player"], ev["amount"]
    top = _library(game, player, ev)[:n]
    entering = ev.get("entering")
    keys = ["replace_instead"] + (["replace_enters_library"] if entering is not None else [])
    say(game, "replace", "life_payments.exile_instead", [player.name] + top, keys, player=player, n=n,
        source=e["source_name"], cards=", ".join(top),
        note=f" — {entering.label()}, которая выходит на поле битвы, в их число не входит" if entering is not None else "")
    for cid in top:
        events.move(game, game.objects[cid], "exile", keys=("replace_instead",),
                    text_ru=f"{game.objects[cid].label()} изгоняется с верха библиотеки игрока {player.name}",
                    text_en=f"{game.objects[cid].label_en()} is exiled from the top of {player.name}'s library")
    return None   # the life is not paid


register(Kind("pay_life_exile_instead", ("pay_life",), _exile_applies, _exile_apply,
              lambda g, e: f"«{e['source_name']}»: изгнать карты с верха библиотеки вместо оплаты жизни",
              label_en=lambda g, e: f"{src_en(g, e)}: exile cards from the top of the library instead of paying life"),
         statics=(EXILE_INSTEAD,))
hooks.register(hooks.PLAY_LAND_FROM, lands_on_top)
