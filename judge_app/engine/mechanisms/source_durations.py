"""Effects that last "for as long as [this] remains on the battlefield" (611.2b, 400.7). Written
for Awakener Druid (FAQ M2011, issue 11).

``{become_creature: [4, 5], to: target1, subtypes: [Treefolk], colors: [green],
for_as_long_as: source_on_battlefield}`` — the target becomes a 4/5 green Treefolk creature
(it keeps its other types: layers 4, 5 and 7b) for as long as the ability's source stays on
the battlefield as the same object (400.7).

611.2b: if the duration has ended before the effect would first apply — the source left the
battlefield before the ability resolved — the effect does nothing (FAQ r101). Once begun, it
ends the moment the source leaves (``in_force``, read by the layers for every state): a Forest
made a creature by a Druid that leaves is a land again at once, and damage can't be dealt to it
as a creature any more (r103).
"""

from __future__ import annotations

from judge_app.engine.kernel import hooks
from judge_app.engine.kernel.messages import say
from judge_app.engine.kernel.state import Game, Obj
from judge_app.engine.rules import stack_fights


def handles(e: dict) -> bool:
    return e.get("for_as_long_as") == "source_on_battlefield"


def run(game: Game, so: Obj, e: dict, at) -> None:
    ref, info = at.ref, at.info
    src = stack_fights.own_source(game, so)
    r = ref(e.get("to", "target1"))
    if r is None or not hasattr(r, "incarnation") or r.zone != "battlefield":
        return
    if src is None:
        say(game, "effect", "source_durations.run.effect.2", [r.id], ["duration_for_as_long_as"],
            name_ru=info['name_ru'], r=r)
        return
    p, t = e["become_creature"]
    ts = game.next_ts()
    game.effects.append({"kind": "animate", "p": p, "t": t, "subtypes": list(e.get("subtypes", [])),
                         "colors": list(e.get("colors", [])), "target": r.id, "incarnation": r.incarnation,
                         "timestamp": ts, "until": None, "while_on_battlefield": [src.id, src.incarnation],
                         "source_name": info["name_ru"]})
    what = " ".join([*e.get("colors", []), *e.get("subtypes", [])])
    say(game, "effect", "source_durations.run.effect", [r.id, src.id],
        ["duration_for_as_long_as", "layer4", "timestamp_effect"], r=r, p=p, t=t, what=what, src=src, ts=ts)


def in_force(game: Game, e: dict) -> bool:
    """Whether an entry's "for as long as" still holds: its source is the same object on the battlefield."""
    w = e.get("while_on_battlefield")
    if not w:
        return True
    src = game.objects.get(w[0])
    return src is not None and src.zone == "battlefield" and src.incarnation == w[1]


hooks.register(hooks.INSTRUCTION, run, order=50, when=handles)


hooks.register(hooks.IN_FORCE, in_force)   # "for as long as [this] remains on the battlefield"
