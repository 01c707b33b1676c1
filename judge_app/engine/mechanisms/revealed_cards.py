"""Cards kept revealed, and a reveal as a cost: "your opponents play with their hands revealed"
(Telepathy) and "as an additional cost to cast this spell, reveal a [Merfolk] card from your hand
or pay {3}" (Silvergill Adept). Written for the example of 701.20c (CR 2026-01-16): a card that
is currently revealed may be revealed again — a Merfolk card already revealed by Telepathy pays
Silvergill Adept's cost.

``static: opponents_hands_revealed`` makes every card in the hands of its controller's opponents
a revealed card while the permanent is on the battlefield (nothing else changes: revealing leaves
a card where it is, 701.20b); the board view shows such a hand revealed to the permanent's
controller (``hooks.REVEALED``, ``view.board_dict``: ``hand_revealed``). The cost word ``reveal_or_pay: {subtype: Merfolk, mana: "{3}"}`` of
``additional_cost`` is chosen as the spell is cast (``reveal: ID`` — a card of that subtype in the
caster's hand other than the spell — or ``reveal: none``, which adds the mana to the total cost,
601.2f), asked as a ``cost_choice`` when both are possible (``hooks.COST_CHOICE``), and paid with
the other costs (601.2h): the card is revealed, "again" when it was revealed already (701.20c).
"""

from __future__ import annotations

from judge_app.cards.model import parse_mana_cost
from judge_app.engine.kernel import hooks
from judge_app.engine.kernel.errors import refuse
from judge_app.engine.kernel.messages import say

STATIC = "opponents_hands_revealed"
WORD = "reveal_or_pay"
PAY_INSTEAD = ("none", "нет", "no")


def revealed_by(game, card):
    """The permanent that keeps ``card`` (in a hand) revealed now (Telepathy), or None."""
    owner = next((p for p in game.players if card.id in p.hand), None)
    if owner is None:
        return None
    return next((game.objects[sid] for sid in game.battlefield
                 if game.objects[sid].controller != owner.name
                 and any(a.get("static") == STATIC for a in game.objects[sid].abilities)), None)


def _candidates(player, game, obj, value: dict) -> list:
    return [cid for cid in player.hand if cid != obj.id and value["subtype"] in game.objects[cid].subtypes]


def _chosen(out: dict):
    v = out.get("reveal")
    v = v[0] if isinstance(v, list) and len(v) == 1 else v
    return None if v is None else str(v)


def complete(game, player, obj, value: dict, out: dict, ask) -> bool:
    """The way it is paid: a card given (checked), ``none`` (the mana), or asked when both are possible."""
    cands = _candidates(player, game, obj, value)
    v = _chosen(out)
    if v is None:
        if not cands:
            out["reveal"] = "none"
            game.answered_alone(player.name, "cost_choice", ["none"])
            return True
        ask("cost_choice", cands + ["none"], f"{obj.label()}: покажите карту ({value['subtype']}) из руки "
            f"или заплатите {value['mana']} (none)", "reveal")
        return False
    if v.casefold() in PAY_INSTEAD:
        out["reveal"] = "none"
        return True
    if v not in cands:
        raise refuse(game, f"{obj.label()}: {v} — не карта ({value['subtype']}) из руки игрока {player.name}; "
                     f"можно: {', '.join(cands + ['none'])}", "cost_unpayable", "additional_cost")
    out["reveal"] = v
    return True


def mana(value: dict, choices: dict):
    """{3} when the card is not revealed (601.2f), else nothing."""
    return parse_mana_cost(value["mana"]) if _chosen(choices) in (None, "none") else None


def pay(game, player, obj, value: dict, choices: dict, by_ref: str, keys) -> None:
    """601.2h: the card is revealed — again, when something keeps it revealed already (701.20c)."""
    cid = _chosen(choices)
    if cid in (None, "none"):
        return
    card, keeper = game.objects[cid], revealed_by(game, game.objects[cid])
    if keeper is not None:
        say(game, "reveal", "revealed_cards.pay.again", [player.name, card.id, keeper.id], ["reveal_again", *keys],
            player=player, card=card, keeper=keeper, by=by_ref)
    else:
        say(game, "reveal", "revealed_cards.pay.reveal", [player.name, card.id], ["reveal", *keys],
            player=player, card=card, by=by_ref)


class RevealOrPay:
    """The ``hooks.COST_CHOICE`` handler of ``reveal_or_pay``: its choice, its mana, its payment."""
    complete = staticmethod(complete)
    mana = staticmethod(mana)
    pay = staticmethod(pay)


hooks.register(hooks.COST_CHOICE, RevealOrPay(), keys=(WORD,))
hooks.register(hooks.REVEALED, revealed_by)
