"""Shuffling a card into its owner's library when the card may have moved, and shuffling at the
same time as another card is put at a position of that library (701.24c, 701.24g; 2020:
701.19c).

- ``trigger: put_into_graveyard`` — "when [this card] is put into a graveyard from anywhere"
  (Guile): it triggers on every zone change that ends in a graveyard (hand, library, stack,
  battlefield), after the replacement effects (a card exiled instead never gets there). The
  ability can find the new object the card became in the graveyard (400.7e; 2020: 400.7d),
  as long as it stays there.
- ``{shuffle_self_into_library: true}`` — "shuffle [this card] into its owner's library":
  the card of a zone-change trigger where it went, or the resolving spell itself; if it is no
  longer that object there (exiled in response, 400.7), nothing is moved, but the library is
  shuffled all the same (701.24c).
- ``static: graveyard_shuffle_instead`` — "if [this] would be put into a graveyard from
  anywhere, reveal it and shuffle it into its owner's library instead" (Darksteel Colossus);
  ``static: dies_to_library_top_instead`` — "if this creature would die, put it on top of its
  owner's library instead" (Gravebane Zombie).
- Every zone change, and every set of simultaneous ones (the state-based actions of one check,
  704.3), is seen at once (the ``zone_batch`` event of kernel/events.py): a library a card was
  shuffled into is shuffled once it has, except the cards the same event put at a position of
  it, which stay there (701.24g: a shuffled library with Gravebane Zombie on top).
"""

from __future__ import annotations

from judge_app.engine.kernel import citations, hooks, replacement, triggers
from judge_app.engine.kernel import events as ev
from judge_app.engine.kernel.messages import say
from judge_app.engine.kernel.replacement import Kind, src_en
from judge_app.engine.kernel.state import Game, Obj, ZONE_RU
from judge_app.engine.rules import zone_actions

TRIGGER_WORD = "put_into_graveyard"
EFFECT = "shuffle_self_into_library"


# -- "put into a graveyard from anywhere" ------------------------------------------------------

def _triggers_on(game: Game, moves: list) -> None:
    """The ``put_into_graveyard`` abilities of the cards that ended in a graveyard (603.6, 400.7e)."""
    for obj, old, _placed in moves:
        if obj.zone != "graveyard":
            continue
        for i, ab in enumerate(obj.abilities):
            if ab.get("trigger") == TRIGGER_WORD:
                info = {**triggers._info(obj, game), "controller": obj.owner, "incarnation": obj.incarnation,
                        "zone": "graveyard"}   # a card in a graveyard: its owner controls the ability (603.3a)
                triggers._pending(game, obj.id, info, i, ab, "zone_trigger_new_object")


def _this_card(game: Game, so: Obj) -> Obj | None:
    """The card the instruction names: the resolving spell itself, or the card of a zone-change
    trigger in the zone it moved to while it is still that object there (400.7e)."""
    if so.stack_kind == "spell":
        return so
    lki = so.source_lki or {}
    card = game.objects.get(so.source or "")
    if card is None or "zone" not in lki or card.zone != lki["zone"] or card.incarnation != lki.get("incarnation"):
        return None
    return card


def run(game: Game, so: Obj, e: dict, at) -> None:
    card = _this_card(game, so)
    owner = game.player(card.owner if card is not None else (so.source_lki or {}).get("owner", so.controller))
    if card is None:
        say(game, "effect", "library_shuffles.gone", [so.id], ["zone_change_new_object", "shuffle_objects"], so=so)
    else:   # a replacement may send it elsewhere (flashback's exile): the library is shuffled all the same
        event = replacement.run(game, {"kind": "zone", "obj": card, "from": card.zone, "to": "library"})
        to = "library" if event is None else event["to"]
        ev.move(game, card, to, keys=("shuffle_objects", "owner_zone"),
                text_ru=f"{card.label()} втасовывается в библиотеку владельца ({card.owner})" if to == "library"
                else f"{card.label()} вместо библиотеки отправляется в зону: {ZONE_RU[to]}",
                text_en=f"{card.label_en()} is shuffled into its owner's library" if to == "library"
                else f"{card.label_en()} goes to {to} instead")
    zone_actions.shuffle(game, owner, keys=("shuffle", "shuffle_objects"))


# -- replacement effects: into the library instead of a graveyard -------------------------------

def _own_card_to_graveyard(game: Game, e: dict, ev_: dict) -> bool:
    return e["source"] == ev_["obj"].id and ev_["to"] == "graveyard" and not ev_["obj"].token


def _own_creature_dies(game: Game, e: dict, ev_: dict) -> bool:
    o = ev_["obj"]
    return e["source"] == o.id and ev_["to"] == "graveyard" and ev_.get("from") == "battlefield" and o.is_creature


def _shuffle_instead(game: Game, e: dict, ev_: dict) -> dict:
    o = ev_["obj"]
    say(game, "replace", "library_shuffles.shuffle_instead", [o.id],
        replacement.keys(ev_, ["replace_instead", "reveal"]), o=o)
    return {**ev_, "to": "library", "shuffle": True}


def _top_instead(game: Game, e: dict, ev_: dict) -> dict:
    o = ev_["obj"]
    say(game, "replace", "library_shuffles.top_instead", [o.id], replacement.keys(ev_, ["replace_instead"]), o=o)
    return {**ev_, "to": "library", "top": True}


replacement.register(Kind("graveyard_shuffle_instead", ("zone",), _own_card_to_graveyard, _shuffle_instead,
                          lambda g, e: f"«{e['source_name']}» ({e['source']}): показать и замешать в библиотеку вместо кладбища",
                          label_en=lambda g, e: f"{src_en(g, e)} ({e['source']}): reveal it and shuffle it into the library instead"),
                     statics=("graveyard_shuffle_instead",))
replacement.register(Kind("dies_to_library_top_instead", ("zone",), _own_creature_dies, _top_instead,
                          lambda g, e: f"«{e['source_name']}» ({e['source']}): наверх библиотеки вместо смерти",
                          label_en=lambda g, e: f"{src_en(g, e)} ({e['source']}): on top of the library instead of dying"),
                     statics=("dies_to_library_top_instead",))


# -- one zone-change event: shuffle once, keep the cards put at a position (701.24g) ------------

def _shuffle_keeping(game: Game, owner: str, kept: list) -> None:
    keys = ["shuffle"]
    if kept and citations.exists("shuffle_with_position", game.rules_version):
        keys.append("shuffle_with_position")
    zone_actions.shuffle(game, game.player(owner), keys, keep_on_top=kept)


def after_zone_changes(game: Game, event: dict) -> None:
    moves = event["moves"]
    shuffled = {o.owner for o, _old, placed in moves if placed.get("shuffle") and o.zone == "library"}
    for owner in sorted(shuffled):
        kept = [o.id for o, _old, placed in moves if placed.get("top") and o.zone == "library" and o.owner == owner]
        _shuffle_keeping(game, owner, kept)
    _triggers_on(game, moves)


hooks.register(hooks.AFTER_EVENT, after_zone_changes, keys=("zone_batch",))
hooks.register(hooks.TRIGGER, after_zone_changes, keys=(TRIGGER_WORD,))
hooks.register(hooks.INSTRUCTION, run, keys=(EFFECT,), order=41)
