"""Mass Polymorph (FAQ M2011, issue 11, group faqe): ``{polymorph_creatures: you}`` — "Exile all
creatures you control, then reveal cards from the top of your library until you reveal that many
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

from judge_app.engine import events as ev
from judge_app.engine.state import Game, Obj


def handles(e: dict) -> bool:
    return "polymorph_creatures" in e


def run(game: Game, so: Obj, e: dict) -> None:
    from judge_app.engine import enter_replacements, zone_actions
    me = game.player(so.controller)
    mine = [game.objects[oid] for oid in list(game.battlefield)
            if game.objects[oid].is_creature and game.objects[oid].controller == me.name]
    for o in mine:
        ev.move(game, o, "exile", keys=("exile_effect", "resolve_instructions"),
                text_ru=f"{o.label()} изгоняется", text_en=f"{o.label_en()} is exiled")
    n = len(mine)
    revealed, found = [], []
    for oid in list(me.library):
        if len(found) >= n:
            break
        revealed.append(oid)
        if "creature" in game.objects[oid].types:
            found.append(oid)
    names = ", ".join(game.objects[oid].label() for oid in revealed) or "ничего"
    short = len(found) < n
    game.emit("reveal", f"{me.name} показывает карты с верха библиотеки, пока не покажет карт существ: {n}: {names}"
              + (f" — в библиотеке только {len(found)} карт(ы) существ: показана вся библиотека" if short else ""),
              f"{me.name} reveals {len(revealed)} card(s)", [me.name, *revealed],
              ["reveal"] + (["impossible_partial"] if short else []))
    enter_replacements.put_onto_battlefield(game, [game.objects[oid] for oid in found], me.name)
    zone_actions.shuffle(game, me)
