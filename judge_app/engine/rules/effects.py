"""Targets (115, 601.2c, 608.2b) and the effects of the ability vocabulary."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from judge_app.engine.kernel import characteristics as ch
from judge_app.engine.kernel import events as ev
from judge_app.engine.kernel import hooks, triggers
from judge_app.engine.kernel.errors import InvalidInput
from judge_app.engine.kernel.messages import Text, say
from judge_app.engine.kernel.state import Game, Obj
from judge_app.engine.rules import (
    aura_abilities, combat, control_copy, costs, enter_replacements, graveyard_targets, keywords, resolution_amounts,
    restrictions, stack_fights, target_kinds, zone_actions)

KIND_RU = {"any": "любая цель", "creature": "существо", "player": "игрок",
           "creature_you_control": "существо под вашим контролем",
           "creature_you_dont_control": "существо не под вашим контролем",
           "planeswalker": "planeswalker", "permanent": "перманент",
           "nonlegendary_creature": "нелегендарное существо", "nonaura_enchantment": "чары, не Аура",
           "attacking_creature_opponent_controls": "атакующее существо под контролем оппонента",
           "creature_chooser_opponent_controls": "существо под контролем оппонента выбирающего игрока", **stack_fights.KIND_RU,
           **graveyard_targets.KIND_RU,
           **{k: v[0] for k, v in target_kinds.KINDS.items()}}


@dataclass(frozen=True)
class Resolving:
    """What an instruction hook is given besides the game, the resolving object and the
    instruction (hooks.INSTRUCTION: ``fn(game, so, e, at)``): the instruction's index, ``ref``
    (what a ``to:`` names), which targets are still legal, the source's information and the
    controller."""
    idx: int
    ref: Callable
    legal: list
    info: dict
    ctl: str

    def player_or_target(self, game: Game, so: Obj, r: str):
        """A ``who:`` or a target without the ``self``/``enchanted`` forms of ``ref``."""
        return _resolve_ref(game, r, so.targets, self.legal, self.ctl)


def _kw(game: Game, obj: Obj) -> list:
    return ch.keyword_names(game, obj)   # printed + gained until end of turn (hexproof, shroud, ...)


def object_fits(game: Game, kind: str, controller: str, obj: Obj, source: Obj | None = None) -> tuple:
    """(fits, rule keys why not) for a permanent as a target of ``kind``."""
    if kind in stack_fights.SPELL_KINDS:   # a spell on the stack (counter, Redirect, Reverberate)
        return stack_fights.spell_fits(game, kind, obj, source)
    if kind in graveyard_targets.KINDS:   # a card in a graveyard (Rise from the Grave, Sun Titan)
        return graveyard_targets.fits(game, kind, obj, controller)
    if obj.zone != "battlefield":
        return False, ["targets"]
    if kind == "any":
        ok = obj.is_creature or "planeswalker" in obj.types
    elif kind == "creature":
        ok = obj.is_creature
    elif kind == "nonlegendary_creature":
        ok = obj.is_creature and "legendary" not in obj.supertypes
    elif kind == "creature_you_control":
        ok = obj.is_creature and obj.controller == controller
    elif kind == "creature_you_dont_control":
        ok = obj.is_creature and obj.controller != controller
    elif kind == "planeswalker":
        ok = "planeswalker" in obj.types
    elif kind == "permanent":
        ok = True
    elif kind == "land":
        ok = "land" in obj.types
    elif kind == "nonaura_enchantment":   # Emerald Charm
        ok = "enchantment" in obj.types and "Aura" not in obj.subtypes
    elif kind == "attacking_creature_opponent_controls":   # Mystifying Maze: attacking anyone (506.3)
        ok = obj.is_creature and obj.controller != controller and combat.is_attacking(game, obj.id)
    elif kind == "creature_chooser_opponent_controls":   # Necrotic Plague: the chooser's opponent's creature
        ok = obj.is_creature and obj.controller != aura_abilities.chooser_of(source, controller)
    elif kind in target_kinds.KINDS:
        ok = target_kinds.fits(game, kind, obj, controller)
    else:
        ok = False
    if not ok:
        return False, ["targets"]
    kws = _kw(game, obj)
    if "shroud" in kws:
        return False, ["shroud"]
    if "hexproof" in kws and obj.controller != controller:
        return False, ["hexproof"]
    for hook in hooks.hooks(hooks.TARGET_BAN):   # Gaea's Revenge, protection (702.16b), Autumn's Veil
        why = hook.fn(game, obj, source, kws)
        if why:
            return False, why
    return True, []


def player_fits(kind: str, player: str | None = None, controller: str | None = None) -> bool:
    """A player as a target of ``kind``; ``opponent``: an opponent of ``controller`` (115.1)."""
    if kind == "opponent":
        return player is not None and player != controller
    return kind in target_kinds.PLAYER_KINDS


def legal_targets(game: Game, kind: str, controller: str, source: Obj | None) -> list:
    if kind in stack_fights.SPELL_KINDS:
        return stack_fights.legal_spell_targets(game, kind, source)
    if kind in graveyard_targets.KINDS:
        return graveyard_targets.legal(game, kind, controller)
    out = []
    out.extend(p.name for p in game.live_players() if player_fits(kind, p.name, controller))
    for oid in game.battlefield:
        if object_fits(game, kind, controller, game.objects[oid], source)[0]:
            out.append(oid)
    return out


def target_tuple(game: Game, ref: str) -> tuple:
    if game.has_player(ref):
        return ("player", ref, 0)
    obj = game.objects.get(ref)
    if obj is None:
        raise InvalidInput(f"неизвестная цель «{ref}»")
    return ("object", ref, obj.incarnation)


def describe_targets(game: Game, targets: list) -> str:
    if not targets:
        return ""
    names = []
    for kind, ref, _ in targets:
        names.append(ref if kind == "player" else game.objects[ref].label())
    return ", цель: " + ", ".join(names)


def target_still_legal(game: Game, t: tuple, kind: str, controller: str, source: Obj | None = None) -> bool:
    """608.2b: in the same zone as when targeted (same object, 400.7) and still fits."""
    tk, ref, inc = t
    if tk == "player":
        return player_fits(kind, ref, controller) and not game.player(ref).lost
    obj = game.objects[ref]
    if obj.incarnation != inc:
        return False
    return object_fits(game, kind, controller, obj, source)[0]


def _source_info(game: Game, so: Obj) -> dict:
    if so.stack_kind == "ability" and so.source_lki:
        info = dict(so.source_lki)
        src = game.objects.get(so.source)
        if src is not None and src.zone == "battlefield" and src.incarnation == info.get("incarnation", src.incarnation):
            info["keywords"] = keywords.effective(game, src)
        else:
            info["left"] = True   # 113.7a: its last known information (events.left_battlefield)
        return info
    return {"id": so.id, "name_ru": so.name_ru, "name_en": so.name_en, "controller": so.controller,
            "keywords": keywords.effective(game, so), "colors": tuple(so.colors), "types": tuple(so.types),
            "stack_kind": so.stack_kind}


def _resolve_ref(game: Game, ref: str, targets: list, legal: list, controller: str):
    """'target1' → the Player or Obj if that target is still legal, else None."""
    if ref.startswith("target"):
        i = int(ref[6:]) - 1
        if i >= len(targets) or not legal[i]:
            return None
        kind, r, _ = targets[i]
        return game.player(r) if kind == "player" else game.objects[r]
    if ref == "you":
        return game.player(controller)
    if ref.startswith("controller_of_"):   # "the player who controls that creature", as it resolves (608.2g)
        obj = _resolve_ref(game, ref[len("controller_of_"):], targets, legal, controller)
        if obj is None or not hasattr(obj, "incarnation"):
            return None
        say(game, "effect", "controller_now", [obj.id], ["information_from_object"], obj=obj, player=obj.controller)
        return game.player(obj.controller)
    if game.has_player(ref):   # "that player": fixed by the trigger event (event_triggers.py)
        return game.player(ref)
    raise InvalidInput(f"неизвестная ссылка {ref!r} в эффекте")


def _that_creature(game: Game, so: Obj):
    """"That creature" of a "whenever a creature enters" ability: the object that entered, while
    it is still that object on the battlefield (400.7), else None (the effect does nothing)."""
    oid, inc = (so.source_lki or {}).get("_that") or ("", -1)
    o = game.objects.get(oid)
    return o if o is not None and o.incarnation == inc and o.zone == "battlefield" else None


def _fade(game: Game, r) -> None:
    """702.31a: remove a fade counter from it; if you can't, sacrifice it."""
    if r is None or r.zone != "battlefield":
        return
    if r.counters.get("fade", 0) > 0:
        r.counters["fade"] -= 1
        game.touch()
        say(game, "counters", "fade_removed", [r.id], ["fading"], obj=r, left=r.counters['fade'])
    else:
        ev.move(game, r, "graveyard", keys=("fading", "sacrifice"),
                text_ru=f"{r.controller} не может убрать жетон угасания с {r.label()} и жертвует его")


def run_effects(game: Game, so: Obj, legal: list) -> None:
    """Follow the instructions in order (608.2c), skipping illegal targets."""
    info = _source_info(game, so)
    ctl = so.controller
    if so.stack_kind == "ability" and not triggers.condition_still_holds(game, so):   # 603.4
        say(game, "if_false", "intervening_if_false", [so.id], ["trigger_intervening_if"], so=so)
        return
    def ref(r: str):
        """What a ``to:`` names: ``self`` is the ability's own source while it is the same object
        (stack_fights.own_source); anything else a target or player (_resolve_ref)."""
        if r == "that_creature":   # the creature whose entering triggered the ability (triggers.on_enter)
            return _that_creature(game, so)
        if r == "enchanted":   # an Aura's "enchanted creature" as the ability resolves (aura_abilities.py)
            return aura_abilities.enchanted(game, so)
        if r == "that_spell":   # the spell or ability that targeted it (event_triggers.on_targeted)
            return stack_fights.that_spell(game, so)
        return stack_fights.own_source(game, so) if r == "self" else _resolve_ref(game, r, so.targets, legal, ctl)

    if zone_actions.optional(so) and so.choices.get("answers", {}).get("may") == "no":   # 603.5
        say(game, "may_no", "may_no", [so.id], ["trigger_optional"], player=so.controller, so=so)
        return
    for idx, e in enumerate(costs.concrete_effects(so)):   # X, a division and a sacrificed power filled in (costs.py)
        e = resolution_amounts.fill(game, so, e)   # counted now: Swamps you control, the damage dealt (608.2g)
        _run_one(game, so, e, idx, ref, legal, info, ctl)


# The instructions this module carries out itself (the primitive changes of 608.2c): registered
# below as the last instruction hook, after every module's own (each key has one handler).
PRIMITIVES = ("damage", "pump", "set_pt", "switch", "draw", "gain_life", "lose_life", "destroy", "delayed", "counters",
              "fade", "fight", "create_token", "remove_from_combat", "cant_be_blocked_this_turn", "gain_keyword",
              "lose_keyword", "set_color", "become_creature", "gain_control", "lose_abilities_base_pt", "become_copy",
              "become_creature_counting", "change_text", "tap", "untap")


def _run_one(game: Game, so: Obj, e: dict, idx: int, ref, legal: list, info: dict, ctl: str) -> None:
    """One instruction of ``run_effects``; ``ref`` resolves what its ``to:`` names (a group effect,
    group_effects.py, calls it once per member with a ``ref`` that names that member). The module
    that registered the instruction (hooks.INSTRUCTION, the first by order that takes it) carries it
    out; the primitives below come last."""
    hook = hooks.instruction_for(e)
    if hook is not None:
        hook.fn(game, so, e, Resolving(idx, ref, legal, info, ctl))


def _run_primitive(game: Game, so: Obj, e: dict, at: Resolving) -> None:
    """The primitive instructions (PRIMITIVES): damage, P/T, draw, life, destroy, counters, …"""
    ref, legal, info, ctl = at.ref, at.legal, at.info, at.ctl
    if "damage" in e:
        n = e["damage"]
        to = e.get("to", "target1")
        if to == "each_creature":
            for oid in list(game.battlefield):
                o = game.objects[oid]
                if o.is_creature:
                    ev.deal_damage(game, info, o, n, ["resolve_instructions"])
        elif to == "each_player":
            for p in game.apnap():
                ev.deal_damage(game, info, p, n, ["resolve_instructions"])
        elif to == "each_opponent":
            for p in game.apnap():
                if p.name != ctl:
                    ev.deal_damage(game, info, p, n, ["resolve_instructions"])
        else:
            r = _resolve_ref(game, to, so.targets, legal, ctl)
            if r is not None:
                dealt = ev.deal_damage(game, info, r, n, ["resolve_instructions"], unpreventable=e.get("unpreventable", False))
                resolution_amounts.record_dealt(so, dealt)
    elif "pump" in e or "set_pt" in e or "switch" in e:
        r = ref(e.get("to", "target1"))
        if r is None or not hasattr(r, "incarnation"):
            return
        ts = game.next_ts()
        if "switch" in e:
            eff = {"kind": "switch", "p": 0, "t": 0}
            txt = Text(f"{r.label()}: сила и выносливость меняются местами до конца хода",
                       f"{r.label_en()} switches its power and toughness until end of turn")
            layer = "layer7e"
        else:
            kind = "modify" if "pump" in e else "set"
            p, t = e.get("pump") or e.get("set_pt")
            eff = {"kind": kind, "p": p, "t": t}
            txt = (Text(f"{r.label()} получает {p:+d}/{t:+d} до конца хода", f"{r.label_en()} gets {p:+d}/{t:+d} until end of turn")
                   if kind == "modify" else
                   Text(f"{r.label()} имеет базовые силу и выносливость {p}/{t} до конца хода",
                        f"{r.label_en()} has base power and toughness {p}/{t} until end of turn"))
            layer = "layer7c" if kind == "modify" else "layer7b"
        eff.update({"target": r.id, "incarnation": r.incarnation, "timestamp": ts,
                    "until": "eot", "source_name": info["name_ru"]})
        game.effects.append(eff)
        c = ch.compute_pt(game, r)   # None while it is not a creature: the effect waits (611.2c)
        now = Text(f"теперь {c.power}/{c.toughness}; ", f"now {c.power}/{c.toughness}; ") if c is not None else \
            Text("сейчас это не существо; ", "not a creature now; ")
        say(game, "effect", "timestamped", [r.id], ["duration", layer, "timestamp_effect"], what=txt, now=now, ts=ts)
    elif "draw" in e:
        who = _resolve_ref(game, e.get("who", "you"), so.targets, legal, ctl)
        if who is not None:
            ev.draw(game, who, e["draw"], keys=("draw", "resolve_instructions"))
    elif "gain_life" in e:
        who = _resolve_ref(game, e.get("who", "you"), so.targets, legal, ctl)
        if "if_spent" in e and not so.choices.get("spent", {}).get(e["if_spent"]):   # Dawnglow Infusion
            say(game, "if_false", "mana_not_spent", [so.id], ["resolve_instructions"] + (["copy_spell"] if so.choices.get("is_copy") else []),
                mana=f"{{{e['if_spent']}}}", so=so,
                copy=" (копия заклинания — мана не объект и не копируется)" if so.choices.get("is_copy") else "")
        elif who is not None:
            ev.gain_life(game, who, e["gain_life"], keys=("life_change", "resolve_instructions"))
    elif "lose_life" in e:
        who_ref = e.get("who", "you")
        players = ([p for p in game.apnap() if p.name != ctl] if who_ref == "each_opponent"
                   else [_resolve_ref(game, who_ref, so.targets, legal, ctl)])
        for who in players:
            if who is not None:
                ev.lose_life(game, who, e["lose_life"], keys=("life_change", "resolve_instructions"))
    elif "destroy" in e:
        r = ref(e["destroy"])   # "destroy [this]" too: Crazed Armodon's delayed trigger (706.11)
        if r is not None and r.zone == "battlefield":
            # a permanent named in its own ability is tracked even after it became a copy of something else
            renamed = e["destroy"] == "self" and r.name_en != info.get("name_en")
            ev.destroy(game, r, keys=("destroy",) + (("tracks_by_name",) if renamed else ()),
                       no_regen=e.get("no_regen", False))   # 701.7, 701.14
    elif "delayed" in e:   # "at the beginning of the next end step, …" (603.7)
        triggers.create_delayed(game, e["delayed"], info, so)
    elif "counters" in e:
        r = ref(e.get("to", "target1"))
        if r is not None and r.zone == "battlefield":
            for k, n in e["counters"].items():
                ev.add_counters(game, r, k, n, keys=("counters", "resolve_instructions"))
    elif "fade" in e:   # fading's upkeep part (702.31a)
        _fade(game, ref(e["fade"]))
    elif "fight" in e:
        a = _resolve_ref(game, e["fight"][0], so.targets, legal, ctl)
        b = _resolve_ref(game, e["fight"][1], so.targets, legal, ctl)
        if a is None or b is None or a.zone != "battlefield" or b.zone != "battlefield":
            say(game, "fight_none", "fight_none", [x.id for x in (a, b) if x is not None], ["fight_illegal"])
            return
        pa, pb = ch.pt(game, a)[0], ch.pt(game, b)[0]
        say(game, "fight", "fight", [a.id, b.id], ["fight"], a=a, pa=pa, b=b, pb=pb)
        ev.deal_damage(game, ev.lki(game, a), b, pa, ["fight"])
        ev.deal_damage(game, ev.lki(game, b), a, pb, ["fight"])
    elif "create_token" in e:   # through the event pipeline: Doubling Season, "as it enters" (enter_replacements)
        spec = e["create_token"]
        original = ref(spec["copy_of"]) if "copy_of" in spec else None
        if "copy_of" not in spec or (isinstance(original, Obj) and original.zone == "battlefield"):
            made = enter_replacements.create_tokens(game, spec, ctl, original)
            so.choices["created_tokens"] = [t.id for t in made]   # "that token" of a later instruction (copy_new_target.py)
    elif "remove_from_combat" in e:   # 506.4 (combat.remove)
        combat.remove(game, _resolve_ref(game, e["remove_from_combat"], so.targets, legal, ctl))
    elif "cant_be_blocked_this_turn" in e:   # a rule about the object, not an ability (restrictions.py)
        restrictions.make_unblockable(game, ref(e["cant_be_blocked_this_turn"]), info)
    elif "gain_keyword" in e or "lose_keyword" in e:   # until end of turn (keywords.grant)
        keywords.grant(game, so, e, ref(e.get("to", "target1")), info)
    elif "set_color" in e or "become_creature" in e:
        r = _resolve_ref(game, e.get("to", "target1"), so.targets, legal, ctl)
        if r is None or not hasattr(r, "incarnation") or r.zone != "battlefield":
            return
        ts = game.next_ts()
        if "set_color" in e:
            eff, layer = {"kind": "color", "colors": list(e["set_color"])}, "layer5"
            txt = Text(f"{r.label()} становится {', '.join(e['set_color'])} до конца хода",
                       f"{r.label_en()} becomes {', '.join(e['set_color'])} until end of turn")
        else:
            p, t = e["become_creature"]
            eff, layer = {"kind": "animate", "p": p, "t": t}, "layer4"
            txt = Text(f"{r.label()} становится существом {p}/{t} до конца хода (слои 4 и 7b)",
                       f"{r.label_en()} becomes a {p}/{t} creature until end of turn (layers 4 and 7b)")
        eff.update({"target": r.id, "incarnation": r.incarnation, "timestamp": ts, "until": "eot",
                    "source_name": info["name_ru"]})
        game.effects.append(eff)
        say(game, "effect", "timestamped", [r.id], ["duration", layer, "timestamp_effect"], what=txt, now="", ts=ts)
    elif "gain_control" in e or "lose_abilities_base_pt" in e or "become_copy" in e or "become_creature_counting" in e \
            or "change_text" in e:
        control_copy.run(game, e, info, ref, ctl)
    elif "tap" in e or "untap" in e:
        r = _resolve_ref(game, e.get("tap") or e.get("untap"), so.targets, legal, ctl)
        if r is not None and r.zone == "battlefield":
            r.tapped = "tap" in e
            say(game, "tap", "tap_untap", [r.id], ["resolve_instructions"], obj=r,
                verb=Text("поворачивается", "becomes tapped") if r.tapped else Text("разворачивается", "becomes untapped"))


hooks.register(hooks.INSTRUCTION, _run_primitive, keys=PRIMITIVES, order=1000)
