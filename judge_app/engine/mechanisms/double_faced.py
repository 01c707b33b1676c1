"""Double-faced permanents (712): the face that is up gives the characteristics (712.8d-e),
``{transform: REF}`` turns a double-faced permanent over (701.27a; to anything else nothing happens,
712.9), and a token that's a copy of a double-faced permanent has both faces, with the same face up
(707.8a) — in a release that has that rule.

A card's back face is a card of its own in the pool (``back_face:``, cards/model.py) kept on the
object (``Obj.back_face``), not among its characteristics: a copy effect copies the face that is up
and nothing else (707.8), so a Clone that copies a transformed werewolf is the werewolf and cannot
transform. A token made as a copy is another matter from 2024-11-08 on (707.8a): it is a
double-faced token with both faces of the original, the same face up. Before that release it
copied the face that was up only (706.8 in 2020), which ``release_rules`` says
(``double_faced_token_copies``); the pair of boards cr-2026-707-8a-afflicted-deserter-token and
dfc-2020-token-copy-one-face shows the difference. 707.8a does not reach a token created with its
own characteristics that enters as a copy of a double-faced permanent through a replacement effect
(a token copy of Clone): that copy is a copy effect like any other.

The werewolves' "at the beginning of each upkeep, if no spells were cast last turn / if a player cast
two or more spells last turn, transform [this]" read the turn before from the trace
(``spells_last_turn``): what a board did before it began is not known.

The back face has no mana cost; its mana value is its front face's (712.8e, 202.3b; 711.4b in
2020, the same rule): ``Chars.front_mana_value``, which a copy effect does not copy, so a copy of
a back face has mana value 0 — as does a double-faced token (it exists only as a copy, 707.8a, or
has no mana cost). Board: dfc-back-face-mana-value (``expect: mana_value``).
"""

from __future__ import annotations

from judge_app.engine.kernel import hooks, layers, release_rules
from judge_app.engine.kernel.continuous import COPIABLE, Chars
from judge_app.engine.kernel.messages import Text, say
from judge_app.engine.kernel.state import Game, Obj

FEATURE = "double_faced_token_copies"


def face_up(o: Obj, c: Chars) -> Chars:
    """The characteristics of ``o`` with its back face up (712.8e): those of the back face only, its
    mana value the front face's."""
    f = o.back_face
    if f is None:
        return c
    return Chars(name_ru=f.name_ru, name_en=f.name_en, cost=None, colors=tuple(f.colors), types=tuple(f.types),
                 subtypes=tuple(f.subtypes), supertypes=tuple(f.supertypes), abilities=tuple(f.abilities),
                 keywords=tuple(f.keywords), power=f.power, toughness=f.toughness, loyalty=f.loyalty,
                 text_en=f.text_en, controller=c.controller,
                 front_mana_value=None if o.token else c.mana_value)


def _copies_another(game: Game, o: Obj) -> bool:
    """Whether a copy effect gives ``o`` its copiable values (then it is that other object)."""
    return any(st.layer == "1" and st.effect is not None for st in layers.steps_of(game, o))


def token_copy(game: Game, original: Obj, tok: Obj) -> None:
    """707.8a: a token that's a copy of a double-faced permanent has both its faces, the same up."""
    if original.back_face is None or _copies_another(game, original):
        return
    if not release_rules.has(game.rules_version, FEATURE):   # 706.8 (2020): the face that is up only
        say(game, "token", "double_faced.token_one_face", [tok.id, original.id], ["copy_dfc_face_up"],
            tok=tok, orig=original)
        return
    front = {k: original.base[k] for k in COPIABLE if k in original.base}
    tok.base = {**tok.base, **front, "flip": None}   # its values now stay the face that is up (the layers)
    if not original.transformed:
        for k, v in front.items():
            setattr(tok, k, v)
    tok.back_face, tok.transformed = original.back_face, original.transformed
    side = Text("оборотной", "back") if tok.transformed else Text("лицевой", "front")
    say(game, "token", "double_faced.token_both_faces", [tok.id, original.id], ["token_copy_dfc", "copy_dfc_face_up"],
        tok=tok, orig=original, front=original.base["name_ru"], back=original.back_face.name_ru, side=side,
        front_en=original.base["name_en"], back_en=original.back_face.name_en)


def run(game: Game, so: Obj, e: dict, at) -> None:
    """``{transform: REF}``: turn the permanent over (701.27a); it stays the same object (712.18)."""
    r = at.ref(e["transform"])
    if r is None or not hasattr(r, "incarnation") or r.zone != "battlefield":
        return
    if r.back_face is None:   # a copy of a double-faced permanent's face is not double-faced (707.8)
        copies = _copies_another(game, r)
        say(game, "transform", "double_faced.not_double_faced", [r.id], ["transform_not_dfc"]
            + (["copy_dfc_face_up"] if copies else []), obj=r,
            why=Text(" (он лишь копия грани, которая была вверху)", " (it only copies the face that was up)")
            if copies else Text("", ""))
        return
    before = Text(r.name_ru, r.name_en)
    r.transformed = not r.transformed
    game.touch()
    layers.refresh(game)
    say(game, "transform", "double_faced.transformed", [r.id],
        ["transform", "dfc_back_face_up" if r.transformed else "dfc_front_face_up", "transform_same_object"],
        before=before, obj=r, side=Text("оборотной", "back") if r.transformed else Text("лицевой", "front"))


def spells_last_turn(game: Game) -> dict:
    """{player: spells cast} in the turn before this one, read from the trace ("… is cast" between
    the last two "turn N begins"): a board's history begins with the board, so a turn it began in
    counts from there, and a board's first turn has no last turn (no spells were cast in it)."""
    starts = [i for i, e in enumerate(game.events) if e.message == "turn.advance_step.turn"]
    if not starts:
        return {}
    lo = starts[-2] if len(starts) > 1 else 0
    out: dict = {}
    for e in game.events[lo:starts[-1]]:
        if e.message == "cast_done" and e.objects:
            who = game.objects[e.objects[0]].owner
            out[who] = out.get(who, 0) + 1
    return out


def no_spells_last_turn(game: Game, controller: str, most: int) -> bool:
    """"If no spells were cast last turn" (a werewolf's front face): ``spells_cast_last_turn_at_most: 0``."""
    return sum(spells_last_turn(game).values()) <= most


def a_player_cast_last_turn(game: Game, controller: str, least: int) -> bool:
    """"If a player cast two or more spells last turn" (its back face): ``a_player_cast_last_turn_at_least: 2``."""
    return any(n >= least for n in spells_last_turn(game).values())


hooks.register(hooks.FACE_UP, face_up)
hooks.register(hooks.TOKEN_COPY, token_copy)
hooks.register(hooks.INSTRUCTION, run, keys=("transform",), order=70)
hooks.register(hooks.CONDITION, no_spells_last_turn, keys=("spells_cast_last_turn_at_most",))
hooks.register(hooks.CONDITION, a_player_cast_last_turn, keys=("a_player_cast_last_turn_at_least",))
