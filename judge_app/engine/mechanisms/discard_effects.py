"""A chosen discard, "target player discards a card" (701.8a), and a card that an opponent's
discard puts onto the battlefield instead (614.1a, 616.1). Written for Obstinate Baloth (FAQ
M2011, issue 11).

- ``{discard: N, who: target1}`` — that player discards N cards of their choice (701.8a): asked
  as the spell or ability begins to resolve (decision ``discard_choice`` by that player; no
  choice with N cards or fewer in hand). The card is discarded even if it goes somewhere else
  than the graveyard (701.8c): "whenever an opponent discards" abilities trigger (FAQ r273).
- ``static: opponent_discard_to_battlefield`` — "If a spell or ability an opponent controls
  causes you to discard [this], put it onto the battlefield instead of putting it into your
  graveyard": a replacement effect of the card in hand (614.1a, 614.12), applied only to a
  discard this module does for an opponent's spell or ability; with another replacement
  (Leyline of the Void) its owner chooses which to apply (616.1, FAQ r272).
"""

from __future__ import annotations

from judge_app.engine.kernel import hooks, replacement
from judge_app.engine.kernel.messages import say
from judge_app.engine.kernel.replacement import Kind, register, src_en
from judge_app.engine.kernel.state import Game, Obj
from judge_app.engine.rules import discard
from judge_app.engine.rules import resolution_choices as rc

DECISIONS = ("discard_choice",)


def _spec(so: Obj) -> dict | None:
    return next((e for e in so.effects if "discard" in e), None)


def _who(game: Game, so: Obj, e: dict):
    ref = e.get("who", "you")
    if ref == "you":
        return game.player(so.controller)
    i = int(ref[6:]) - 1
    return game.player(so.targets[i][1]) if i < len(so.targets) and so.targets[i][0] == "player" else None


def ask(game: Game, so: Obj) -> bool:
    e = _spec(so)
    if e is None or "discard" in rc.answers(so):
        return False
    who = _who(game, so, e)
    if who is None or len(who.hand) <= e["discard"]:
        return False
    return rc.owe(game, so, who.name, "discard_choice", list(who.hand), f"{so.label()}: {who.name} выбирает, какую карту сбросить",
                  f"{who.name} выбирает карту для сброса", ["discard"], count=e["discard"])


def answer(game: Game, value) -> None:
    vals = rc.exactly(game.decision, value, "карт(у) из руки")
    rc.resume(game, lambda so: rc.answers(so).__setitem__("discard", vals))


def handles(e: dict) -> bool:
    return "discard" in e


def run(game: Game, so: Obj, e: dict, at) -> None:
    who = _who(game, so, e)
    if who is None:
        return
    cards = rc.answers(so).get("discard") or list(who.hand)[:e["discard"]]
    for oid in cards:
        card = game.objects[oid]
        if card.zone != "hand":
            continue
        discard.discard(game, who, card, so.controller, ("discard", "resolve_instructions"))


def _applies(game: Game, e: dict, event: dict) -> bool:
    o = event["obj"]
    cause = discard.cause(game)
    return (e["source"] == o.id and event.get("from") == "hand" and event["to"] == "graveyard"
            and cause is not None and cause != o.owner)


def _apply(game: Game, e: dict, event: dict):
    o = event["obj"]
    say(game, "replace", "discard_effects._apply.replace", [o.id],
        replacement.keys(event, ["replace_instead", "discard"]), o=o)
    return {**event, "to": "battlefield"}


register(Kind("opponent_discard_to_battlefield", ("zone",), _applies, _apply,
              lambda g, e: f"«{e['source_name']}» ({e['source']}): на поле битвы вместо кладбища",
              label_en=lambda g, e: f"{src_en(g, e)} ({e['source']}): onto the battlefield instead of the graveyard"),
         statics=("opponent_discard_to_battlefield",))


hooks.register(hooks.INSTRUCTION, run, keys=("discard",), order=62)
hooks.register(hooks.DECISION, answer, keys=DECISIONS)
hooks.register(hooks.ASK, ask, order=33)
