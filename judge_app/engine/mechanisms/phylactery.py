"""A counter put, as a permanent enters, on another permanent its controller chooses (614.1c,
614.12; not a target, 115.10a), and a sacrifice when its controller controls no permanent with
that counter (603.8). Written for Phylactery Lich: "As Phylactery Lich enters the battlefield,
put a phylactery counter on an artifact you control" and "When you control no permanents with
phylactery counters on them, sacrifice Phylactery Lich."

- ``as_enters: counter_on_artifact`` with ``counter: phylactery`` — a replacement effect of its
  entering (614.1c, 614.12): its controller chooses an artifact they control that is already on
  the battlefield — not one entering at the same time (FAQ M2011 r135) — and it is not a target
  (115.10a: shroud doesn't stop it, r133). No artifact: nothing happens (r134);
- the state trigger's condition ``if: {your_phylactery_permanents_at_most: 0}`` (603.8) counts
  the permanents its controller controls with any phylactery counter — any permanent, not only
  artifacts, and any such counter, not only the one this Lich put (r137, r138).
"""

from __future__ import annotations

from judge_app.engine.kernel import events, hooks, replacement
from judge_app.engine.kernel.messages import say
from judge_app.engine.kernel.replacement import Kind, choose_option, register, src_en
from judge_app.engine.kernel.state import Game
from judge_app.engine.rules.enter_replacements import entering_together



def permanents_with(game: Game, controller: str, counter: str = "phylactery") -> int:
    return sum(1 for oid in game.battlefield if game.objects[oid].controller == controller
               and game.objects[oid].counters.get(counter, 0) > 0)


def _applies(game: Game, e: dict, ev: dict) -> bool:
    o = ev["obj"]
    return e["source"] == o.id and e["ability"].get("as_enters") == "counter_on_artifact" and "counter_on" not in o.chosen


def _apply(game: Game, e: dict, ev: dict):
    o = ev["obj"]
    kind = e["ability"]["counter"]
    together = entering_together(game)   # not one entering at the same time (614.13a)
    options = [oid for oid in game.battlefield if oid != o.id and oid not in together
               and game.objects[oid].controller == o.controller and "artifact" in game.objects[oid].types]
    o.chosen["counter_on"] = None
    if not options:
        also = [game.objects[x].label() for x in together if x != o.id and "artifact" in game.objects[x].types]
        say(game, "replace", "phylactery._apply.replace.2", [o.id],
            replacement.keys(ev, ["replace_enters", "replace_enters_simultaneous"]), o=o, controller=o.controller,
            kind2=kind, note=f" (выходящие одновременно с ним не подходят: {', '.join(also)})" if also else "")
        return ev
    pick = choose_option(game, o.controller, options, f"{o.controller} выбирает артефакт под своим контролем, на который "
                         f"кладётся жетон {kind}, пока {o.label()} выходит на поле битвы: {', '.join(options)}",
                         kind="replacement_choice")
    o.chosen["counter_on"] = pick
    say(game, "replace", "phylactery._apply.replace", [o.id, pick],
        replacement.keys(ev, ["replace_enters", "not_a_target"]), o=o, controller=o.controller, obj=game.objects[pick])
    events.add_counters(game, game.objects[pick], kind, 1, keys=("counters", "replace_enters"))
    return ev


register(Kind("as_enters_counter_on_artifact", ("enter",), _applies, _apply,
              lambda g, e: f"«{e['source_name']}» ({e['source']}): жетон на артефакт при выходе",
              label_en=lambda g, e: f"{src_en(g, e)} ({e['source']}): a counter on an artifact as it enters"))


hooks.register(hooks.CONDITION, lambda game, controller, most: permanents_with(game, controller) <= most,
               keys=("your_phylactery_permanents_at_most",))
