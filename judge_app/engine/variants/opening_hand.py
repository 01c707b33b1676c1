"""The start of the game, before the first turn (103.5, 103.7): the actions players take with
cards in their opening hands — here, the Leylines: "If this card is in your opening hand, you may
begin the game with it on the battlefield" (``static: begin_game_on_battlefield``).

Why a module: these actions happen outside any turn and step, as decisions owed in a fixed order,
and only then does the first turn begin. A scenario starts here with ``turn: {step: start_of_game}``.

- The hands given are the opening hands: the mulligan process (103.4) is over. The engine does not
  play mulligans (a Leyline is in the opening hand or it is not).
- 103.5: the starting player (the active player of turn 1) takes such actions first, then each
  other player in turn order. A player with Leylines in hand chooses any of them, or none
  (decision ``opening_hand``, answered with a list of card ids; ``[]`` for none). A player with
  none is skipped.
- 103.5a: a chosen Leyline is put onto the battlefield: it is not cast (601.2) — it never is a
  spell, so nothing can counter it and "whenever a player casts" does not see it (FAQ M2011 r27).
- 103.7: after every player has had the chance, the starting player's first turn begins (r28).
"""

from __future__ import annotations

from judge_app.engine.kernel import events as ev
from judge_app.engine.kernel import hooks
from judge_app.engine.kernel.errors import InvalidInput
from judge_app.engine.kernel.messages import say
from judge_app.engine.kernel.state import Decision, Game
from judge_app.engine.rules import turn

START = "start_of_game"
STATIC = "begin_game_on_battlefield"
DECISIONS = ("opening_hand",)


def begin(game: Game) -> None:
    game.step = START
    game.priority = None
    say(game, "start_of_game", "opening_hand.begin.start_of_game", [p.name for p in game.players], ["opening_hand"])
    _ask(game, 0)


def _leylines(game: Game, player) -> list:
    return [oid for oid in player.hand if any(a.get("static") == STATIC for a in game.objects[oid].abilities)]


def _ask(game: Game, i: int) -> None:
    order = game.apnap()   # the starting player, then the others in turn order (103.5)
    while i < len(order) and not _leylines(game, order[i]):
        i += 1
    if i == len(order):
        _first_turn(game)
        return
    p = order[i]
    options = _leylines(game, p)
    names = ", ".join(game.objects[o].label() for o in options)
    game.decision = Decision(by=p.name, kind="opening_hand", options=options, count=len(options),
                             text_ru=f"{p.name} может начать партию с любыми из этих карт на поле битвы (или ни с одной): {names}",
                             context={"index": i, "any_number": True})
    say(game, "decision", "opening_hand._ask.decision", [p.name] + options, ["opening_hand_actions"], name=p.name)


def answer(game: Game, value) -> None:
    d = game.decision
    vals = [] if value in (None, "none") else [str(v) for v in (value if isinstance(value, list) else [value])]
    wrong = [v for v in vals if v not in d.options]
    if wrong:
        raise InvalidInput(f"«{wrong[0]}» — не карта из начальной руки игрока {d.by}, с которой можно начать партию; "
                           f"допустимые: {', '.join(d.options)} (или [] — ни одной)")
    if len(set(vals)) != len(vals):
        raise InvalidInput("каждую карту можно выбрать только один раз")
    game.decision = None
    if not vals:
        say(game, "choice", "opening_hand.answer.choice", [d.by], ["opening_hand_actions"], by=d.by)
    for oid in vals:
        obj = game.objects[oid]
        ev.move(game, obj, "battlefield", keys=("begin_on_battlefield",), controller=d.by, kind="begin_on_battlefield",
                text_ru=f"{d.by} начинает партию с {obj.label()} на поле битвы: карта не разыгрывается (это не заклинание)",
                text_en=f"{d.by} begins the game with {obj.label_en()} on the battlefield (not cast)")
    _ask(game, d.context["index"] + 1)


def _first_turn(game: Game) -> None:
    game.turn = 1
    say(game, "turn", "opening_hand._first_turn.turn", [game.ap.name], ["first_turn"], name=game.ap.name)
    turn.begin_step(game, "untap")


hooks.register(hooks.DECISION, answer, keys=DECISIONS)


hooks.register(hooks.START_STEP, begin, keys=(START,))
