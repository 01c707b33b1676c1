"""Each player names a card and reveals the top card of their library, which goes to their hand
if named, else to the bottom (101.4, 701.15, 121.5). Written for Conundrum Sphinx (FAQ M2011,
issue 11): ``{each_player_names_and_reveals: true}`` — "each player names a card. Then each
player reveals the top card of their library. If the card a player revealed is the card they
named, that player puts it into their hand. If it's not, that player puts it on the bottom of
their library."

The names are asked as the ability begins to resolve, of each player in APNAP order (101.4,
FAQ r274; decision ``name_card``, answered with a card name in Russian or English). Each player
compares only with the name they chose themselves: a card named by another player still goes to
the bottom (FAQ r275); the revealed card never stays on top. A card put into a hand this way is
not drawn (121.5).
"""

from __future__ import annotations

from judge_app.engine.kernel import events as ev
from judge_app.engine.kernel import hooks
from judge_app.engine.kernel.errors import InvalidInput
from judge_app.engine.kernel.messages import say
from judge_app.engine.kernel.state import Game, Obj
from judge_app.engine.rules import resolution_choices as rc

DECISIONS = ("name_card",)


def _names(so: Obj) -> dict:
    return rc.answers(so).setdefault("names", {})


def _wants(so: Obj) -> bool:
    return any("each_player_names_and_reveals" in e for e in so.effects)


def ask(game: Game, so: Obj) -> bool:
    if not _wants(so):
        return False
    names = _names(so)
    for p in game.apnap():
        if p.name not in names and not p.lost:
            return rc.owe(game, so, p.name, "name_card", [],
                          f"{so.label()}: {p.name} называет карту (имя по-русски или по-английски)",
                          f"{p.name} называет карту (по очереди, начиная с активного игрока)", ["apnap"])
    return False


def answer(game: Game, value) -> None:
    d = game.decision
    if not isinstance(value, str) or not value.strip():
        raise InvalidInput("назовите карту: её имя строкой")
    say(game, "choice", "naming.answer.choice", [d.by], ["apnap"], by=d.by, strip=value.strip())
    rc.resume(game, lambda so: _names(so).__setitem__(d.by, value.strip()))


def handles(e: dict) -> bool:
    return "each_player_names_and_reveals" in e


def run(game: Game, so: Obj, e: dict, at) -> None:
    names = _names(so)
    tops = {p.name: p.library[0] for p in game.apnap() if p.library}
    for pname, oid in tops.items():
        card = game.objects[oid]
        named = names.get(pname, "").casefold()
        hit = named in (card.name_ru.casefold(), card.name_en.casefold()) and not card.anonymous
        say(game, "reveal", "naming.run.reveal", [pname, oid], ["reveal"], pname=pname, card=card,
            note="это названная им карта" if hit else f"не «{names.get(pname, '')}»")
        me = game.player(pname)
        if hit:
            ev.move(game, card, "hand", keys=("put_in_hand_not_draw",),
                    text_ru=f"{pname} кладёт {card.label()} в руку", text_en=f"{pname} puts it into their hand")
        else:
            me.library.remove(oid)
            me.library.append(oid)
            say(game, "library", "library_bottom", [pname, oid], ["resolve_instructions"], player=pname, card=card)


hooks.register(hooks.INSTRUCTION, run, keys=("each_player_names_and_reveals",), order=63)
hooks.register(hooks.DECISION, answer, keys=DECISIONS)
hooks.register(hooks.ASK, ask, order=32)
