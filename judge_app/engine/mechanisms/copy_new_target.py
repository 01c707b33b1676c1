"""A copy of a spell whose new target the effect specifies — "copy that spell; the copy targets
that token" (707.10e) — and the cast trigger it comes with, "whenever you cast a spell that
targets only a single creature you control" (Frontline Heroism).

``{copy_spell: that_spell, new_target: created_token}``: the spell that made the ability trigger
is copied (707.10) and every target of the copy is the token the same ability created just before;
if that token isn't a legal target for each of them, no copy is made. When a replacement effect
made more than one token (Anointed Procession), the copy's controller chooses one of them, a legal
one (707.10e): the copy never targets them all. ``trigger: you_cast`` with ``spell_targets:
single_creature_you_control`` triggers only for a spell with one target, a creature its controller
controls (a ``hooks.CAST_FILTER``).

Written for CR 2026-01-16 707.10e example 1 (706.10e in 2020, the same rule).
"""

from __future__ import annotations

from judge_app.engine.kernel import hooks
from judge_app.engine.kernel.messages import say
from judge_app.engine.kernel.replacement import choose_option
from judge_app.engine.kernel.state import Game, Obj
from judge_app.engine.rules import effects, stack_fights

SPELL_TARGETS = ("single_creature_you_control",)


def targets_single_creature_you_control(game: Game, spell: Obj, source: Obj, value: str) -> bool:
    objs = {ref for kind, ref, _ in spell.targets if kind != "player"}
    if len(spell.targets) < 1 or len(objs) != 1 or any(kind == "player" for kind, _, _ in spell.targets):
        return False
    o = game.objects.get(next(iter(objs)))
    return o is not None and o.zone == "battlefield" and o.is_creature and o.controller == source.controller


def run(game: Game, so: Obj, e: dict, at) -> None:
    t = at.ref(e["copy_spell"])
    if t is None or not hasattr(t, "stack_kind") or t.zone != "stack":
        return
    kinds = stack_fights.target_kinds(t)
    made = [game.objects[i] for i in so.choices.get("created_tokens", ()) if game.objects[i].zone == "battlefield"]
    legal = [o.id for o in made if kinds and all(effects.object_fits(game, k, so.controller, o, t)[0] for k in kinds)]
    if not legal:   # "if that player or object isn't a legal target …, the copy isn't created"
        say(game, "copy", "copy_new_target.none", [t.id], ["copy_new_target"], spell=t)
        return
    chosen = choose_option(game, so.controller, legal,
                           f"{so.controller} выбирает, на какую из созданных фишек нацелена копия {t.label()}",
                           kind="replacement_choice", keys=("copy_new_target",))
    c = stack_fights._copy_spell(game, t, so)
    tok = game.objects[chosen]
    c.targets = [("object", tok.id, tok.incarnation) for _ in t.targets]
    say(game, "retarget", "copy_new_target.targets", [c.id, tok.id] + [o for o in legal if o != tok.id],
        ["copy_new_target"], spell=c, tok=tok, others=[game.objects[o] for o in legal if o != tok.id] or "—")


hooks.register(hooks.CAST_FILTER, lambda game, spell, source, value: value in SPELL_TARGETS
               and targets_single_creature_you_control(game, spell, source, value), keys=("spell_targets",))
hooks.register(hooks.INSTRUCTION, run, order=71, when=lambda e: "copy_spell" in e and "new_target" in e)
