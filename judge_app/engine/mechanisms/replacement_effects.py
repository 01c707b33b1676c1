"""Instructions of resolving spells and abilities that create replacement and prevention
shields (614.3, 615.3): they exist from then on, until used up or the turn ends
(cleanup ends every ``until: eot`` entry of ``game.effects``).

- ``{regenerate: self / target1}`` — a regeneration shield (701.14a);
- ``{prevent: N, to: target1 / you / self}`` — prevent the next N damage (615.7);
  ``then_damage: target1`` — "if damage is prevented this way, [this] deals that much damage
  to target player" (615.5, Vengeful Archon): dealt by the ability's source as part of the
  prevention, right after it (prevention.py);
  ``prevent: all`` — all damage to it this turn; ``and_sharing_color: true`` also gives each
  other creature that shares a colour with it now its own shield (615.11, Wojek Apothecary);
- ``{prevent_all_to_you_and_your_creatures: true}`` — Safe Passage;
- ``{prevent_next_from: target1 | chosen, to: you, color: red}`` — "prevent the damage the next
  time [that source] / a [red] source of your choice would deal damage to you this turn"
  (615.8: one instance, whatever its amount; 615.9: the source chosen on resolution among
  permanents and spells with the property, which is checked again when it would deal damage);
- ``{opponents_creatures_enter_under_your_control: true}`` — Gather Specimens, this turn (a
  control effect: chosen before the others, 616.1b; enter_replacements.py);
- ``{redirect_next: target1, from: you}`` — "the next time damage would be dealt to you this
  turn, it is dealt to [target] instead" (614.9; nothing if that creature is gone);
- ``{skip_next: turn | combat | untap | upkeep | draw, who: you | target1}`` — "[that player]
  skips their next turn / combat phase / step" (614.10): waits until used, one occurrence
  each (614.10a);
- ``{return_creature_cards_from_graveyard: you}`` — all of them onto the battlefield at once,
  each entering as it would exist there (614.12, 614.13a; enter_replacements.put_onto_battlefield).
"""

from __future__ import annotations

from judge_app.engine.kernel import events, hooks, replacement
from judge_app.engine.kernel.messages import say
from judge_app.engine.kernel.state import Game, Obj, Player
from judge_app.engine.rules import enter_replacements, entering_choices, regeneration, zone_replacements
from judge_app.engine.rules import resolution_choices as rc


# the instructions that create a shield (608.2c → 614, 615): run below
EFFECT_KEYS = ("regenerate", "prevent", "prevent_all_to_you_and_your_creatures", "return_creature_cards_from_graveyard",
               "skip_next", "redirect_next", "prevent_next_from", "opponents_creatures_enter_under_your_control")

def run(game: Game, so: Obj, e: dict, at) -> None:
    """``resolve`` names what a reference means for ``so`` (``self``: its source while it is the
    same object, effects.run_effects)."""
    info, resolve = at.info, at.ref
    if "skip_next" in e:
        who = resolve(e.get("who", "you"))
        if isinstance(who, Player):
            pending = sum(1 for x in game.effects if x.get("shield") == "skip_next" and x["target"] == who.name
                          and x["what"] == e["skip_next"])
            game.effects.append({"kind": "shield", "shield": "skip_next", "what": e["skip_next"], "target": who.name,
                                 "controller": so.controller, "timestamp": game.next_ts(), "source_name": info["name_ru"],
                                 "made_by": f"{so.id}#{pending + 1}", "counted": pending > 0})
            say(game, "shield", "replacement_effects.run.shield", [who.name],
                ["replace_skip_step"] + (["replace_skip_next"] if pending else []), name=who.name,
                get=zone_replacements.WHAT_RU.get(e['skip_next'], e['skip_next']),
                note=f" (ещё один пропуск, всего {pending + 1})" if pending else "", skip_next=e['skip_next'])
    elif "opponents_creatures_enter_under_your_control" in e:   # Gather Specimens, this turn (616.1b)
        game.effects.append({"kind": "shield", "shield": "enters_under_your_control", "target": so.controller,
                             "controller": so.controller, "timestamp": game.next_ts(), "until": "eot",
                             "source_name": info["name_ru"], "made_by": so.id})
        say(game, "shield", "replacement_effects.run.shield.2", [so.controller],
            ["replace_instead", "replace_exist_before"], controller=so.controller)
    elif "prevent_next_from" in e:
        source_shield(game, e, resolve, info, so)
    elif "redirect_next" in e:
        redirect_shield(game, resolve(e.get("from", "you")), resolve(e["redirect_next"]), info, so.id)
    elif "return_creature_cards_from_graveyard" in e:
        cards = [game.objects[c] for c in entering_choices.returning(game, so)]
        enter_replacements.put_onto_battlefield(game, cards, so.controller, chosen=rc.answers(so).get("as_enters", {}))
    elif "regenerate" in e:
        target = resolve(e["regenerate"])
        if isinstance(target, Obj) and target.zone == "battlefield":
            regeneration.add_shield(game, target, info["name_ru"], made_by=so.id)
    elif "prevent" in e:
        target = resolve(e.get("to", "target1"))
        if target is None:
            return
        targets = [target]
        if e.get("and_sharing_color") and isinstance(target, Obj):   # 615.11: fixed now
            cols = set(target.colors)
            targets += [game.objects[oid] for oid in game.battlefield if oid != target.id
                        and game.objects[oid].is_creature and cols & set(game.objects[oid].colors)]
        extra = None
        if "then_damage" in e:   # 615.5: "if damage is prevented this way, [source] deals that much damage to …"
            victim = resolve(e["then_damage"])
            src = game.objects.get(so.source or "")
            extra = {"to": victim.name if isinstance(victim, Player) else None,
                     "source": events.lki(game, src) if src is not None and src.zone == "battlefield" else so.source_lki}
        for t in targets:
            prevent_shield(game, t, e["prevent"], info, group=len(targets) > 1, made_by=so.id, then_damage=extra)
    elif "prevent_all_to_you_and_your_creatures" in e:
        game.effects.append({"kind": "shield", "shield": "prevent_all_you_and_creatures", "target": so.controller,
                             "controller": so.controller, "incarnation": 0, "timestamp": game.next_ts(),
                             "until": "eot", "source_name": info["name_ru"], "made_by": so.id})
        say(game, "shield", "replacement_effects.run.shield.3", [so.controller],
            ["prevent_effect", "prevent_exist_before"], controller=so.controller)


def prevent_shield(game: Game, target, amount, info: dict, group: bool = False, made_by: str = "",
                   then_damage: dict | None = None) -> None:
    name = target.name if isinstance(target, Player) else target.id
    inc = 0 if isinstance(target, Player) else target.incarnation
    entry = {"kind": "shield", "target": name, "incarnation": inc, "timestamp": game.next_ts(), "until": "eot",
             "source_name": info["name_ru"], "controller": info.get("controller"), "made_by": made_by}
    if then_damage is not None and then_damage.get("source") is not None:
        entry["then_damage"] = then_damage
    label = name if isinstance(target, Player) else target.label()
    group_keys = ["prevent_group"] if group else []
    if amount == "all":
        entry["shield"] = "prevent_all_to"
        game.effects.append(entry)
        say(game, "shield", "prevent_all_to", [name], ["prevent_effect", "prevent_exist_before"] + group_keys,
            label=label, name=name)
    else:
        entry.update(shield="prevent_next", left=int(amount))
        game.effects.append(entry)
        say(game, "shield", "prevent_next", [name], ["prevent_shield", "prevent_exist_before"] + group_keys,
            label=label, amount=amount, name=name)



def redirect_shield(game: Game, protected, new, info: dict, made_by: str) -> None:
    if protected is None or new is None:
        return
    name = protected.name if isinstance(protected, Player) else protected.id
    game.effects.append({"kind": "shield", "shield": "redirect_next", "target": name,
                         "incarnation": 0 if isinstance(protected, Player) else protected.incarnation,
                         "to_kind": "player" if isinstance(new, Player) else "object",
                         "to_ref": new.name if isinstance(new, Player) else new.id,
                         "to_incarnation": 0 if isinstance(new, Player) else new.incarnation,
                         "timestamp": game.next_ts(), "until": "eot", "source_name": info["name_ru"], "made_by": made_by,
                         "controller": info.get("controller")})
    new_label = new.name if isinstance(new, Player) else new.label()
    say(game, "shield", "replacement_effects.redirect_shield.shield", [name],
        ["replace_redirect", "replace_exist_before"], name=name, new_label=new_label)


def source_shield(game: Game, e: dict, resolve, info: dict, so: Obj) -> None:
    protected = resolve(e.get("to", "you"))
    if e["prevent_next_from"] == "chosen":   # 609.7a: chosen as it resolves
        color = e.get("color")
        options = [oid for oid in game.battlefield + game.stack
                   if oid != so.id and game.objects[oid].stack_kind != "ability"
                   and (not color or color in game.objects[oid].colors)]
        if not options:
            return
        who = so.controller
        src = game.objects[replacement.choose_option(
            game, who, options, f"{who} выбирает источник{' (' + color + ')' if color else ''}, повреждения от которого "
            f"будут предотвращены в следующий раз: {', '.join(options)}", kind="replacement_choice",
            keys=("prevent_chosen_source_choice",))]
    else:
        src = resolve(e["prevent_next_from"])
    if protected is None or not isinstance(src, Obj):
        return
    name = protected.name if isinstance(protected, Player) else protected.id
    game.effects.append({"kind": "shield", "shield": "prevent_next_from", "target": name, "source_ref": src.id,
                         "incarnation": 0 if isinstance(protected, Player) else protected.incarnation,
                         "color": e.get("color"), "timestamp": game.next_ts(), "until": "eot",
                         "source_name": info["name_ru"], "made_by": so.id, "controller": info.get("controller")})
    say(game, "shield", "replacement_effects.source_shield.shield", [name, src.id],
        ["prevent_next_instance", "prevent_exist_before"] + (["prevent_chosen_source"] if e.get("color") else []),
        src=src, name=name)


hooks.register(hooks.INSTRUCTION, run, keys=EFFECT_KEYS, order=83)
