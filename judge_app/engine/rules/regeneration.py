"""Regeneration (701.14, 614.8): a destruction-replacement effect.

A resolving ``{regenerate: self}`` leaves a shield (701.14a): the next time that
permanent would be destroyed this turn, instead all damage marked on it is removed, it
is tapped, and it is removed from combat. A shield is used once, and ends at cleanup.
"Can't be regenerated" (701.14c) makes shields not apply: they stay, unused.
Only destruction is replaced: lethal damage and deathtouch (704.5g-h) and "destroy"
instructions destroy; toughness 0 or less (704.5f) and sacrifice do not.
"""

from __future__ import annotations

from judge_app.engine.kernel import hooks
from judge_app.engine.kernel.messages import say
from judge_app.engine.kernel.replacement import Kind, register
from judge_app.engine.kernel.state import Game, Obj
from judge_app.engine.rules import combat


def _applies(game: Game, e: dict, ev: dict) -> bool:
    o = ev["obj"]
    return e["target"] == o.id and e.get("incarnation") == o.incarnation and not ev.get("no_regen")


def _apply(game: Game, e: dict, ev: dict):
    o: Obj = ev["obj"]
    game.effects.pop(e["index"])   # the shield is used up
    had = o.damage
    o.damage = 0
    o.deathtouch_damage = False
    o.tapped = True
    game.touch()
    say(game, "regenerate", "regeneration._apply.regenerate", [o.id],
        ["regenerate", "regenerate_replacement"] + list(ev.get("keys", ())), o=o, had=had)
    combat.remove(game, o)
    return None


register(Kind("regeneration", ("destroy",), _applies, _apply, lambda g, e: f"регенерационный щит ({e['target']})",
              label_en=lambda g, e: f"regeneration shield ({e['target']})"))


def add_shield(game: Game, obj: Obj, source_name: str, made_by: str = "") -> None:
    game.effects.append({"kind": "shield", "shield": "regeneration", "target": obj.id, "incarnation": obj.incarnation,
                         "timestamp": game.next_ts(), "until": "eot", "source_name": source_name, "made_by": made_by})
    say(game, "shield", "regeneration.add_shield.shield", [obj.id], ["regenerate_shield"], obj=obj)


def blocked_note(game: Game, obj: Obj) -> None:
    """701.14c: a shield on an object that "can't be regenerated" does nothing (the trace says so)."""
    if any(e.get("shield") == "regeneration" and e["target"] == obj.id and e.get("incarnation") == obj.incarnation
           for e in game.effects):
        say(game, "regenerate_none", "regeneration.blocked_note.regenerate_none", [obj.id], ["regenerate_cant"],
            obj=obj)


def _before_destroy(game: Game, event: dict) -> bool:
    if event["no_regen"]:
        blocked_note(game, event["obj"])
    return False


hooks.register(hooks.BEFORE_EVENT, _before_destroy, keys=("destroy",))
