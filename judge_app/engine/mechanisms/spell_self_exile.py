"""``{exile_this_spell: true}`` — "exile [this spell]" as the last instruction of a resolving
instant or sorcery (Spirit Water Revival): it goes to exile instead of its owner's graveyard,
where a spell goes once it has resolved (608.2n). A copy of a spell is not a card and is not
moved (it ceases to exist as it leaves the stack, 707.10a).
"""

from __future__ import annotations

from judge_app.engine.kernel import events as ev
from judge_app.engine.kernel import hooks
from judge_app.engine.kernel.state import Game, Obj
from judge_app.engine.rules import stack_fights

KEY = "exile_this_spell"


def run(game: Game, so: Obj, e: dict, at) -> None:
    if so.stack_kind != "spell" or so.zone != "stack" or stack_fights.is_copy(so):
        return
    ev.move(game, so, "exile", keys=("exile_effect", "resolve_instructions"),
            text_ru=f"{so.label()} изгоняется вместо того, чтобы попасть на кладбище",
            text_en=f"{so.label_en()} is exiled")


hooks.register(hooks.INSTRUCTION, run, keys=(KEY,), order=46)
