"""Exile your creatures, then reveal cards from the top of your library until as many creature
cards are revealed, and put those onto the battlefield together (406, 609.3, 603.6a). Written
for Mass Polymorph (FAQ M2011, issue 11): ``{polymorph_creatures: you}`` — "Exile all creatures
you control, then reveal cards from the top of your library until you reveal that many
creature cards. Put all creature cards revealed this way onto the battlefield, then shuffle the
rest of the revealed cards into your library."

- The exiled creatures stay in exile (406.1: nothing returns them; FAQ r154).
- The reveal stops when as many creature cards are revealed as creatures were exiled, or when
  the library runs out: then every creature card of the library is put onto the battlefield
  (609.3, r155).
- The creature cards enter the battlefield at the same time
  (``enter_replacements.put_onto_battlefield``, r156): each sees the others enter (603.6a).
- Abilities that trigger meanwhile wait until the spell has finished resolving, and are put on
  the stack in APNAP order when a player would next receive priority (603.3b, r157) — the
  engine's ordinary trigger handling.
"""

from __future__ import annotations

from judge_app.engine.kernel import events as ev
from judge_app.engine.kernel import hooks
from judge_app.engine.kernel.messages import say
from judge_app.engine.kernel.state import Game, Obj
from judge_app.engine.rules import enter_replacements, entering_choices, zone_actions
from judge_app.engine.rules import resolution_choices as rc


DECISIONS = ("polymorph_as_enters",)


def handles(e: dict) -> bool:
    return "polymorph_creatures" in e


def _plan(game: Game, so: Obj) -> tuple:
    """(the creatures it exiles, the cards it reveals, the creature cards among them): nothing
    the spell does before the reveal changes the library, so this is known as it begins."""
    me = game.player(so.controller)
    mine = [oid for oid in game.battlefield if game.objects[oid].is_creature and game.objects[oid].controller == me.name]
    revealed, found = [], []
    for oid in me.library:
        if len(found) >= len(mine):
            break
        revealed.append(oid)
        if "creature" in game.objects[oid].types:
            found.append(oid)
    return mine, revealed, found


def ask(game: Game, so: Obj) -> bool:
    """The "as it enters" choices of the creature cards it will put onto the battlefield (Clone:
    what to copy), asked as the spell begins to resolve (entering_choices.py). Only what will
    still be on the battlefield can be copied: not the exiled creatures, not the cards entering
    with it (706.5, 614.12a — FAQ r120)."""
    if not any("polymorph_creatures" in e for e in so.effects):
        return False
    mine, _, found = _plan(game, so)
    return entering_choices.ask_for(game, so, found, "polymorph_as_enters", gone=tuple(mine))


def answer(game: Game, value) -> None:
    entering_choices.answer_with(game, value, "library")


def run(game: Game, so: Obj, e: dict, at) -> None:
    me = game.player(so.controller)
    mine_ids, revealed, found = _plan(game, so)
    mine = [game.objects[oid] for oid in mine_ids]
    for o in mine:
        ev.move(game, o, "exile", keys=("exile_effect", "resolve_instructions"),
                text_ru=f"{o.label()} изгоняется", text_en=f"{o.label_en()} is exiled")
    n = len(mine)
    names = ", ".join(game.objects[oid].label() for oid in revealed) or "ничего"
    short = len(found) < n
    say(game, "reveal", "reveal_until.run.reveal", [me.name, *revealed],
        ["reveal"] + (["impossible_partial"] if short else []), name=me.name, n=n, names=names,
        note=f" — в библиотеке только {len(found)} карт(ы) существ: показана вся библиотека" if short else "",
        len=len(revealed))
    enter_replacements.put_onto_battlefield(game, [game.objects[oid] for oid in found], me.name,
                                            chosen=rc.answers(so).get("as_enters", {}))
    zone_actions.shuffle(game, me)


hooks.register(hooks.INSTRUCTION, run, keys=("polymorph_creatures",), order=60)
hooks.register(hooks.DECISION, answer, keys=DECISIONS)
hooks.register(hooks.ASK, ask, order=34)
