"""Build a Game from a board description (already validated by the scenario loader)."""

from __future__ import annotations

import re

from judge_app.cards.model import CardDef, CardPool, parse_mana_cost
from judge_app.engine.kernel import events as ev
from judge_app.engine.kernel import hooks, layers
from judge_app.engine.kernel.messages import say
from judge_app.engine.kernel.state import Game, Obj, Player
from judge_app.engine.rules import control_copy, effects, turn


def slug(name: str) -> str:
    s = re.sub(r"[^\w]+", "-", name.casefold()).strip("-")
    return s or "obj"


def obj_from_card(card: CardDef, oid: str, owner: str) -> Obj:
    return Obj(id=oid, owner=owner, controller=owner, zone="none", name_ru=card.name_ru, name_en=card.name_en,
               cost=card.cost, colors=card.colors, types=card.types, subtypes=card.subtypes,
               supertypes=card.supertypes, power=card.power, toughness=card.toughness, loyalty=card.loyalty,
               keywords=card.keywords, abilities=card.abilities, spell_targets=card.targets,
               effects=card.effects, enchant=card.enchant, distinct_targets=card.distinct_targets, text_ru=card.text_ru, text_en=card.text_en,
               casting=card.casting, back_face=card.back_face, meld=card.meld)


AD_HOC_KINDS = ("creature", "planeswalker", "permanent")


def obj_from_adhoc(kind: str, spec: dict, oid: str, owner: str) -> Obj:
    types = tuple(spec.get("types") or ((kind,) if kind != "permanent" else ()))
    return Obj(id=oid, owner=owner, controller=owner, zone="none", name_ru=spec.get("name", oid),
               name_en=spec.get("name_en", ""), cost=parse_mana_cost(spec.get("cost")),
               colors=tuple(spec.get("colors", ())), types=types, subtypes=tuple(spec.get("subtypes", ())),
               supertypes=tuple(spec.get("supertypes", ())), power=spec.get("power"),
               toughness=spec.get("toughness"), loyalty=spec.get("loyalty"),
               keywords=tuple(spec.get("keywords", ())), abilities=tuple(spec.get("abilities", ())),
               text_ru=spec.get("text", ""), flip=spec.get("flip"))


def make_object(game: Game, entry, owner: str, pool: CardPool, default_base: str) -> Obj:
    """entry: a card name, or a dict with card/creature/planeswalker/permanent and options."""
    if isinstance(entry, str):
        entry = {"card": entry}
    oid = None if entry.get("id") is None else str(entry["id"])   # the loader allows `id: 1`
    if "card" in entry:
        card = pool.get(entry["card"])
        oid = oid or game.new_id(slug(card.name_en or card.name_ru))
        obj = obj_from_card(card, oid, owner)
    else:
        kind = next(k for k in AD_HOC_KINDS if k in entry)
        spec = entry[kind]
        oid = oid or game.new_id(slug(spec.get("name", default_base)))
        obj = obj_from_adhoc(kind, spec, oid, owner)
    if entry.get("token"):
        obj.token = True
    game.objects[oid] = obj
    return obj


def entering_order(players: list) -> list:
    """[(owner, entry)] of every battlefield entry in the order they entered (613.6c): entries
    with ``entered: N`` first, by N, then the others as listed (players in turn order, each
    one's list top down). So one player's permanent can have entered between two of another's
    (the builder's ↑ ↓ number every entry; a card added after that enters last)."""
    listed = [(p["name"], entry) for p in players for entry in p.get("battlefield") or []]
    return sorted(listed, key=lambda pe: (0, pe[1]["entered"]) if isinstance(pe[1], dict) and "entered" in pe[1] else (1, 0))


def new_game(players: list, turn_spec: dict, pool: CardPool, rules_version: str, stack_spec: list | None = None,
             layer_memo: dict | None = None, variant: dict | None = None) -> Game:
    """``layer_memo``: the computed states of earlier replays of this same game (layers.compute);
    ``variant``: a Two-Headed Giant game's teams (two_headed_giant.py)."""
    game = Game(players=[Player(name=p["name"], life=p.get("life", 20), poison=p.get("poison", 0),
                                max_hand=p.get("max_hand", 7)) for p in players],
                rules_version=rules_version, layer_memo={} if layer_memo is None else layer_memo)
    # battlefield first, in the order of entering (timestamps, 613.6c), then other zones
    attach, copies = [], []
    for name, entry in entering_order(players):
        obj = make_object(game, entry, name, pool, "permanent")
        ctl = entry.get("controller", name) if isinstance(entry, dict) else name
        ev.put_in_zone(game, obj, "battlefield", controller=ctl)
        if isinstance(entry, dict):
            obj.tapped = bool(entry.get("tapped", False))
            obj.damage = int(entry.get("damage", 0))
            obj.counters = dict(entry.get("counters", {}))
            obj.sick = bool(entry.get("summoning_sick", False))
            obj.face_down = bool(entry.get("face_down", False))   # 707.2a (layers.py)
            obj.flipped = bool(entry.get("flipped", False))       # 709.2 (layers.py)
            obj.transformed = bool(entry.get("transformed", False))   # back face up (712.8e, double_faced.py)
            obj.chosen = {k: str(v) for k, v in (entry.get("chosen") or {}).items()}
            if "copy" in obj.chosen:
                copies.append(obj)
            if "attached_to" in entry:
                attach.append((obj, entry["attached_to"]))
        if "planeswalker" in obj.types and "loyalty" not in obj.counters and obj.loyalty is not None:
            obj.counters["loyalty"] = obj.loyalty
    for obj, host in attach:
        obj.attached_to = host
        obj.timestamp = game.next_ts()   # 613.6d
    for obj in copies:   # in the order listed: a copy of a copy listed later copies the copy (706.3)
        control_copy.enter_as_chosen(game, obj)
    for p in players:
        name = p["name"]
        for zone in ("hand", "graveyard", "exile", "command"):
            for entry in p.get(zone) or []:
                obj = make_object(game, entry, name, pool, "card")
                ev.put_in_zone(game, obj, zone)
        lib = p.get("library") or 0
        unknown = 0   # anonymous cards so far: a count, or {unknown: N} items of a list (top first)
        for entry in [{"unknown": lib}] if isinstance(lib, int) else lib:
            if isinstance(entry, dict) and "unknown" in entry:
                for _ in range(entry["unknown"]):
                    unknown += 1
                    oid = f"{slug(name)}-lib-{unknown}"
                    obj = Obj(id=oid, owner=name, controller=name, zone="none", name_ru="карта", name_en="card",
                              anonymous=True)
                    game.objects[oid] = obj
                    ev.put_in_zone(game, obj, "library", top=False)
                continue
            obj = make_object(game, entry, name, pool, "card")
            ev.put_in_zone(game, obj, "library", top=False)
    start_variant = hooks.by_key(hooks.VARIANT, (variant or {}).get("name"))   # Two-Headed Giant (two_headed_giant.py)
    if start_variant is not None:
        start_variant.fn(game, variant["teams"])
    t = turn_spec or {}
    game.turn = int(t.get("number", 1))
    game.active = game.pidx(t["active"]) if t.get("active") else 0
    for pl, p in zip(game.players, players):
        pl.pool = dict(p.get("mana_pool", {}))
        pl.lands_played = int(p.get("lands_played", 0))
    put_initial_stack(game, stack_spec or [], pool)
    layers.refresh(game)   # the board as described already shows computed characteristics
    return game


STACK_ITEM_KINDS = ("spell", "ability", "trigger")


def put_initial_stack(game: Game, items: list, pool: CardPool) -> None:
    """A stack given with the board (``stack:`` in a scenario, **top first**): spells and
    abilities already cast/activated/triggered, with their targets already chosen (601.2c).
    They are put on the stack bottom first, so the first item listed is on top (405.2).
    A target object that is not on the battlefield in the board has left it since it was
    targeted: it is a new object (400.7) and an illegal target on resolution (608.2b)."""
    for item in reversed(items):
        kind = next(k for k in STACK_ITEM_KINDS if k in item)
        if kind == "spell":
            card = pool.get(item["spell"])
            by = item["by"]
            oid = item.get("id") or game.new_id(slug(card.name_en or card.name_ru))
            obj = obj_from_card(card, oid, by)
            game.objects[oid] = obj
            ev.put_in_zone(game, obj, "stack")
            obj.stack_kind = "spell"
            obj.choices = {k: item[k] for k in ("x", "mode", "flashback") if k in item}   # announced when cast (601.2b); flashback: mechanisms/flashback.py
            if obj.choices.get("mode"):
                obj.choices["target_kinds"] = list(card.casting["modes"][item["mode"] - 1].get("targets", []))
            elif (card.casting or {}).get("any_number_of_targets"):
                obj.choices["target_kinds"] = [card.targets[0]] * len(item.get("targets") or [])
        else:
            spec = item[kind]
            src = game.objects.get(str(spec["source"])) if spec.get("source") is not None else None
            by = item.get("by") or (src.controller if src is not None else game.players[0].name)
            oid = item.get("id") or game.new_id(f"{src.id if src else 'stack'}-{'trig' if kind == 'trigger' else 'ab'}")
            name = spec.get("name") or (src.name_ru if src is not None else oid)
            name_en = spec.get("name_en") or (src.name_en if src is not None else "")
            lki = ev.lki(game, src) if src is not None and src.zone == "battlefield" else (
                {"id": src.id, "name_ru": src.name_ru, "name_en": src.name_en, "controller": src.controller,
                 "owner": src.owner, "types": src.types, "colors": src.colors, "abilities": src.abilities,
                 "keywords": src.keywords, "token": src.token} if src is not None else
                {"id": oid, "name_ru": name, "name_en": name_en, "controller": by, "owner": by,
                 "types": (), "colors": tuple(spec.get("colors", ())), "abilities": (), "keywords": (), "token": False})
            obj = Obj(id=oid, owner=by, controller=by, zone="stack",
                      name_ru=f"Способность «{name}»", name_en=f"{name_en or name} ability",
                      effects=tuple(spec.get("effects", ())), spell_targets=tuple(spec.get("targets", ())),
                      stack_kind="ability", source=src.id if src is not None else None, source_lki=lki,
                      text_ru=spec.get("text", ""))
            game.objects[oid] = obj
            game.stack.append(oid)
            obj.timestamp = game.next_ts()
        targets = []
        for ref in item.get("targets") or []:
            ref = str(ref)
            if game.has_player(ref):
                targets.append(("player", ref, 0))
            else:
                t = game.objects[ref]
                targets.append(("object", ref, t.incarnation if t.zone in ("battlefield", "stack") else -1))
        obj.targets = targets


def start(game: Game, step: str) -> None:
    """The game starts at the beginning of ``step``: its turn-based actions happen.
    A stack given with the board is reported first, bottom first (405.2)."""
    for i, oid in enumerate(game.stack):
        so = game.objects[oid]
        what = "заклинание " if so.stack_kind == "spell" else ""
        place = "на вершине стека" if i == len(game.stack) - 1 else f"на стеке (позиция {i + 1} снизу)"
        say(game, "stack_given", "setup.start.stack_given", [oid] + [t[1] for t in so.targets],
            ["stack_given"] + (["cast_targets"] if so.targets else []) + (["ability_independent"] if so.stack_kind == "ability" and so.source and game.objects[so.source].zone != "battlefield" else []),
            place=place, what=what, so=so, controller=so.controller,
            describe_targets=effects.describe_targets(game, so.targets))
    start = hooks.by_key(hooks.START_STEP, step)   # before the first turn: the opening hands (103.5, opening_hand.py)
    if start is not None:
        start.fn(game)
        return
    turn.begin_step(game, step)
