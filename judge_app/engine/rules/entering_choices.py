"""The "as it enters" choices of cards that an effect puts onto the battlefield from another
zone (Clone returned from a graveyard: what to copy, 706.5, 614.1c). A Clone that enters this
way still chooses as it enters; without the choice it would enter as a 0/0 copy of nothing —
a card played wrong.

The choices are asked as the spell or ability begins to resolve, before anything moves, by its
controller (the player who will control the cards), one at a time, and kept in its answers
(``resolution_choices``); ``enter_replacements.put_onto_battlefield`` reads them. Only what
will still be on the battlefield can be copied: not the cards that enter at the same time
(614.12a — they are not on the battlefield yet), nor what the effect removes first (Mass
Polymorph's exiled creatures). ``reveal_until`` (Mass Polymorph) and
``{return_creature_cards_from_graveyard: you}`` ask through here.
"""

from __future__ import annotations

from judge_app.engine.kernel import hooks
from judge_app.engine.kernel.errors import InvalidInput, refuse
from judge_app.engine.kernel.state import Game, Obj
from judge_app.engine.rules import control_copy
from judge_app.engine.rules import resolution_choices as rc

DECISIONS = ("returning_as_enters",)
PENDING = "pending_as_enters"


def ask_for(game: Game, so: Obj, cards: list, kind: str, gone: tuple = ()) -> bool:
    """Owe the first choice not yet made of ``cards`` (ids) entering by ``so``; ``gone``: ids the
    effect removes before they enter. A copy choice with nothing to copy is made by the engine
    ("none"); a creature type (an open answer) entering this way is refused, not guessed."""
    made = rc.answers(so).setdefault("as_enters", {})
    for oid in cards:
        card = game.objects[oid]
        kept, card.chosen = card.chosen, dict(made.get(oid, {}))
        try:
            what, key = next(((w, k) for w, k in control_copy.pending_choices(game, card) if k not in card.chosen),
                             (None, None))
            opts = [o for o in control_copy.choice_options(game, card, what) if o not in gone] if what else []
        finally:
            card.chosen = kept
        if what is None:
            continue
        if opts == ["none"] or what not in control_copy.COPY_OF and what != "color":
            if what in control_copy.COPY_OF:
                made.setdefault(oid, {})[key] = "none"
                return ask_for(game, so, cards, kind, gone)
            raise InvalidInput(f"{card.label()}: выбор «{what}» при выходе с помощью этого эффекта движок не делает")
        so.choices[PENDING] = [oid, key]
        return rc.owe(game, so, so.controller, kind, opts,
                      f"{so.label()}: {so.controller} выбирает для {card.label()}, выходящего на поле битвы: {what} "
                      f"(уже на поле битвы; не то, что выходит одновременно)",
                      f"{so.controller} выбирает для {card.label()} при выходе", ["copy_enters"])
    return False


def answer_with(game: Game, value, entering_now: str) -> None:
    """Record the answer and go on resolving; ``entering_now``: the zone of the cards that enter
    with it (an answer naming one of them is refused with 614.12a's reason)."""
    d = game.decision
    v = str(value[0] if isinstance(value, list) and len(value) == 1 else value)
    if v not in d.options:
        if v in game.objects and game.objects[v].zone == entering_now:
            raise refuse(game, f"{game.objects[v].label()} выходит на поле битвы одновременно — его копией выйти нельзя; "
                         f"допустимые: {', '.join(d.options)}", "copy_enters", "replace_enters_check")
        raise InvalidInput(f"«{v}» — недопустимый ответ; допустимые: {', '.join(d.options)}")

    def store(so):
        oid, key = so.choices.pop(PENDING)
        rc.answers(so).setdefault("as_enters", {}).setdefault(oid, {})[key] = v
    rc.resume(game, store)


def returning(game: Game, so: Obj) -> list:
    """The creature cards ``{return_creature_cards_from_graveyard: you}`` will return (ids)."""
    p = game.player(so.controller)
    return [c for c in p.graveyard if "creature" in game.objects[c].types]


def ask(game: Game, so: Obj) -> bool:
    if not any(isinstance(e, dict) and "return_creature_cards_from_graveyard" in e for e in so.effects):
        return False
    return ask_for(game, so, returning(game, so), "returning_as_enters")


def answer(game: Game, value) -> None:
    answer_with(game, value, "graveyard")


hooks.register(hooks.DECISION, answer, keys=DECISIONS)
hooks.register(hooks.ASK, ask, order=35)
