"""A token or a card entering other than as a resolving spell with "you may have [this] enter as a
copy of …" (Clone's ability on a token that's a copy of Clone) chooses what to copy as it enters: a
replacement effect of the entering event (614.1c, 614.12), made by its controller, after which it
enters as that copy (707.5). The choice may name what was already on the battlefield, not what
enters at the same time (614.12a), or nothing (``none``).

A Clone spell asks before it resolves (control_copy.ask) and a card put onto the battlefield by an
effect is asked by that effect (entering_choices.py); this is the rest — a token copy of Clone, the
example of CR 2026-01-16 707.8a example 2, which then copies the face that is up of a double-faced
permanent and is not itself double-faced (707.8).
"""

from __future__ import annotations

from judge_app.engine.kernel import replacement
from judge_app.engine.kernel.messages import Text, say
from judge_app.engine.kernel.replacement import Kind, choose_option, register, src_en
from judge_app.engine.kernel.state import Game
from judge_app.engine.rules import control_copy, enter_replacements


def _pending(game: Game, o) -> tuple:
    """(what, key) of the first copy choice ``o`` has not made, else (None, None)."""
    return next(((w, k) for w, k in control_copy.pending_choices(game, o) if k not in o.chosen
                 and w in control_copy.COPY_OF), (None, None))


def _applies(game: Game, e: dict, ev: dict) -> bool:
    o = ev["obj"]
    return e["source"] == o.id and e["ability"].get("as_enters") in control_copy.COPY_OF and _pending(game, o)[0] is not None


def _apply(game: Game, e: dict, ev: dict):
    o = ev["obj"]
    what, key = _pending(game, o)
    entering = Text(o.label(), o.label_en())   # before it becomes the copy
    together = enter_replacements.entering_together(game)
    opts = [x for x in control_copy.choice_options(game, o, what) if x not in together]
    v = choose_option(game, o.controller, opts,
                      f"{o.controller} выбирает, копией чего выйдет {o.label()} (или none)", kind="replacement_choice")
    o.chosen[key] = v
    if v != "none":
        control_copy.enter_as_chosen(game, o)   # the copy effect, with the timestamp it enters with (707.5)
    game.touch()
    orig = game.objects.get(v)
    say(game, "replace", "entering_copies.chosen", [o.id] + ([v] if orig is not None else []),
        replacement.keys(ev, ["replace_enters", "replace_enters_check", "copy_enters"]
                         + (["replace_order_contained"] if ev.get("after_outer") else [])),
        controller=o.controller, o=entering, orig=orig if orig is not None else "ничего")
    return ev


register(Kind("as_enters_copy", ("enter",), _applies, _apply,
              lambda g, e: f"«{e['source_name']}» ({e['source']}): выйти копией",
              label_en=lambda g, e: f"{src_en(g, e)} ({e['source']}): enter as a copy"))

# every "enter as a copy" choice (control_copy.COPY_OF: Clone's, Sculpting Steel's, Moritte's) is one of them
enter_replacements.AS_ENTERS_KINDS.update({k: "as_enters_copy" for k in control_copy.COPY_OF})
