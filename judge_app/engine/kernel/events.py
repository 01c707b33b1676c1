"""Primitive game changes: the event pipeline (propose → replace/prevent → apply →
trigger). Each change is proposed to ``replacement.run`` (614-616), which returns what
happens instead; then it is applied, emitted, and the triggers that saw it wait
(``triggers``). Without any replacement effect in the game the proposal is returned as
is at once (the fast path).
"""

from __future__ import annotations

from judge_app.engine.kernel import characteristics as ch
from judge_app.engine.kernel import event_triggers, hooks, replacement, triggers
from judge_app.engine.kernel.messages import Text, say
from judge_app.engine.kernel.ru import dmg, life
from judge_app.engine.kernel.state import Game, Obj, ZONE_RU


def lki(game: Game, obj: Obj) -> dict:
    """Last known information of a permanent (look back in time, 603.10a)."""
    c = ch.compute_pt(game, obj)
    return {"id": obj.id, "name_ru": obj.name_ru, "name_en": obj.name_en, "controller": obj.controller,
            "owner": obj.owner, "power": c.power if c else None, "toughness": c.toughness if c else None,
            "types": obj.types, "subtypes": tuple(obj.subtypes), "abilities": obj.abilities,
            "keywords": ch.effective_keywords(game, obj), "token": obj.token,
            "colors": tuple(obj.colors), "stack_kind": obj.stack_kind, "incarnation": obj.incarnation,
            "attached_to": _attachment(game, obj)}


def _attachment(game: Game, obj: Obj) -> list | None:
    """[id, incarnation] of what it is attached to: an Aura's ability that has left with it still
    knows the creature it enchanted (aura_abilities.enchanted, 608.2g)."""
    host = game.objects.get(obj.attached_to or "")
    return None if host is None else [host.id, host.incarnation]


def _before(game: Game, event: dict) -> bool:
    """The one BEFORE_EVENT hook of this kind of event, before the replacement pipeline: True
    when the event does not happen."""
    hook = hooks.by_key(hooks.BEFORE_EVENT, event["kind"])
    return bool(hook is not None and hook.fn(game, event))


def _after(game: Game, event: dict) -> None:
    hook = hooks.by_key(hooks.AFTER_EVENT, event["kind"])
    if hook is not None:
        hook.fn(game, event)


def become_new_object(obj, from_battlefield: bool) -> None:
    """A card that changes zones is a new object (400.7): it forgets its battlefield status."""
    if from_battlefield:
        obj.tapped = False
        obj.counters = {}
        obj.damage = 0
        obj.deathtouch_damage = False
        obj.attached_to = None
    obj.incarnation += 1
    obj.sick = True
    obj.transformed = False   # a double-faced card in another zone has its front face up (712.8a)
    obj.melded_with = None    # a melded permanent that left is two cards again (712.21)
    obj.chosen = {}   # a new object makes its "as it enters" choices anew


def carry_to_permanent(game: Game, spell: Obj, was: int) -> None:
    """400.7a: the effects of resolved spells and abilities that changed a permanent spell (incarnation
    ``was``) go on applying to the permanent it becomes (Jund's devour 5, mechanisms/spell_keywords.py)."""
    for e in game.effects:
        if e.get("target") == spell.id and e.get("incarnation") == was:
            e["incarnation"] = spell.incarnation


def _remove_from_zone(game: Game, obj: Obj) -> None:
    lst = game.zone_list(obj)
    lst.remove(obj.id)
    if obj.zone == "battlefield" and obj.id in game.static_sources:
        game.static_sources.remove(obj.id)


def put_in_zone(game: Game, obj: Obj, zone: str, controller: str | None = None, top: bool = True) -> None:
    """Place ``obj`` into ``zone`` without events (setup, and the tail of ``move``)."""
    obj.zone = zone
    if zone != "stack":
        obj.stack_kind = None
    if zone == "battlefield":
        obj.set_base_controller(controller or obj.base["controller"])
        game.battlefield.append(obj.id)
        if any("static" in a for a in obj.abilities):
            game.static_sources.append(obj.id)
    elif zone == "stack":
        game.stack.append(obj.id)
    else:
        obj.set_base_controller(obj.owner)
        lst = game.player(obj.owner).zone(zone)
        if zone == "library":
            lst.insert(0 if top else len(lst), obj.id)
        else:
            lst.append(obj.id)
    obj.timestamp = game.next_ts()  # 613.6c


def move(game: Game, obj: Obj, zone: str, *, keys=(), text_ru: str | None = None, text_en: str = "",
         controller: str | None = None, emit: bool = True, kind: str = "zone_change") -> dict | None:
    """Move an object to another zone: it becomes a new object (400.7). A card going to
    a graveyard may go elsewhere instead (614: Leyline of the Void)."""
    old = obj.zone
    placed = None
    if zone == "graveyard":
        placed = graveyard_event(game, obj, old)
        zone = placed["to"]
        if zone != "graveyard":
            text_ru = None
    info = lki(game, obj) if old == "battlefield" else None
    if info is not None:
        left_battlefield(game, obj, info, zone)
    _remove_from_zone(game, obj)
    if old == "battlefield" or (zone == "battlefield" and old != "stack"):   # what was chosen casting it belongs to
        obj.choices = {}   # the spell: a permanent put onto the battlefield other than by resolving had no X (107.3k)
    become_new_object(obj, from_battlefield=old == "battlefield")
    obj.targets = [] if zone != "stack" else obj.targets
    put_in_zone(game, obj, zone, controller=controller)
    if zone == "battlefield":
        enters(game, obj)
    if emit:
        text = text_ru or f"{obj.label()}: {ZONE_RU[old]} → {ZONE_RU[zone]}"
        text_en = text_en or f"{obj.label_en()}: {old} → {zone}"   # the zones' English names are their keys
        game.emit(kind, text, text_en, [obj.id], list(keys) + ["zone_change_new_object"])
    if kind == "cast_begin":
        triggers.on_cast(game, obj)
    if kind == "discard":   # 701.8a: discarded even if it went to exile instead (Leyline of the Void)
        event_triggers.on_discard(game, obj.owner)
    if zone == "battlefield":
        triggers.on_enter(game, obj)
    if old == "battlefield":
        triggers.on_leave(game, obj, info, zone)
    moved(game, [(obj, old, placed or {"to": zone})])
    return info


def moved(game: Game, moves: list) -> None:
    """After one zone change, or after the simultaneous ones of one event (704.3): the
    ``zone_batch`` AFTER_EVENT hook sees them all at once — [(object, from zone, the event as
    replaced: ``to``, and ``shuffle`` when a replacement shuffles it into its library)] — so a
    library shuffled by one of them keeps a card another put on top (701.24g), and "put into a
    graveyard from anywhere" abilities trigger."""
    _after(game, {"kind": "zone_batch", "moves": moves})


def graveyard_destination(game: Game, obj: Obj, old: str) -> str:
    """Where a card that would be put into a graveyard goes (614.1a, 616.1e)."""
    return graveyard_event(game, obj, old)["to"]


def graveyard_event(game: Game, obj: Obj, old: str) -> dict:
    """The zone change of a card that would be put into a graveyard, as the replacement effects
    leave it: ``to`` (exile, a library) and what they add (``shuffle``: into that library)."""
    event = replacement.run(game, {"kind": "zone", "obj": obj, "from": old, "to": "graveyard"})
    return {"to": "graveyard"} if event is None else {k: v for k, v in event.items() if k != "obj"}


def left_battlefield(game: Game, obj: Obj, info: dict, zone: str) -> None:
    """Abilities from a source that left the battlefield use its last known information
    (113.7a): as it last existed there — the lifelink it had gained counts (702.15b). Every way off
    the battlefield comes here (a move, a state-based action), so ``LEAVES_BATTLEFIELD`` is asked
    here: a melded permanent's other card goes to ``zone`` too (712.21, meld.py)."""
    for h in hooks.hooks(hooks.LEAVES_BATTLEFIELD):
        h.fn(game, obj, zone)
    for sid in game.stack:
        so = game.objects[sid]
        if so.stack_kind == "ability" and so.source == obj.id and so.source_lki is not None \
                and so.source_lki.get("incarnation", obj.incarnation) == obj.incarnation:
            so.source_lki = {**so.source_lki, **info}
    for t in game.pending_triggers + game.trigger_queue:
        if t["source"] == obj.id and t.get("lki", {}).get("incarnation", obj.incarnation) == obj.incarnation:
            t["lki"] = {**t["lki"], **info}


def enters(game: Game, obj: Obj, after_outer: bool = False) -> None:
    """614.1c-d, 614.12: effects that modify how a permanent enters the battlefield
    (tapped, with counters), applied as it enters, before anything sees it — on the
    permanent as it would exist on the battlefield (614.12: abilities lost in a graveyard are back)."""
    _before(game, {"kind": "enter", "obj": obj})   # the statics it enters with (enter_replacements.sync_statics)
    # 306.5b: a planeswalker enters with its printed loyalty in counters (an intrinsic replacement
    # effect, so Doubling Season doubles them, 614.16)
    loyal = {"loyalty": obj.loyalty} if "planeswalker" in obj.types and obj.loyalty else {}
    event = replacement.run(game, {"kind": "enter", "obj": obj, "tapped": False, "counters": loyal,
                                   **({"after_outer": True} if after_outer else {})})
    if event is None:
        return
    if event.get("tapped"):
        obj.tapped = True
    for k, n in (event.get("counters") or {}).items():
        obj.counters[k] = obj.counters.get(k, 0) + n
    if event.get("counters"):
        game.touch()
    if obj.counters.get("loyalty") and loyal:
        say(game, "counters", "loyalty_enters", [obj.id], ["loyalty_enters"], obj=obj, n=obj.counters['loyalty'])


def destroy(game: Game, obj: Obj, keys=("destroy",), *, no_regen: bool = False, text_ru: str | None = None,
            text_en: str = "") -> bool:
    """Destroy a permanent (701.7): indestructible ignores it (702.12b); a regeneration
    shield may replace it (701.14, 614.8). True if it left the battlefield."""
    if obj.zone != "battlefield":
        return False
    if "indestructible" in ch.keyword_set(game, obj):
        say(game, "indestructible", "indestructible", [obj.id], ["indestructible"], obj=obj)
        return False
    event = {"kind": "destroy", "obj": obj, "no_regen": no_regen}
    _before(game, event)   # "can't be regenerated" said first (regeneration.py)
    if replacement.run(game, event) is None:
        return False
    move(game, obj, "graveyard", keys=keys, kind="destroy",
         text_ru=text_ru or f"{obj.label()} уничтожается", text_en=text_en or f"{obj.label_en()} is destroyed")
    return True


def lose_life(game: Game, player, n: int, keys=("life_change",), why: str = "") -> None:
    player.life -= n
    say(game, "life_loss", "life_loss", [player.name], keys, player=player, amount=life(n), n=n, why=why, now=player.life)


def pay_life(game: Game, player, n: int, keys=("pay_life", "life_change"), why: str = "", entering=None) -> None:
    """Pay ``n`` life (119.4: a loss of life), unless a replacement effect changes the payment (Ashiok,
    Wicked Manipulator: exile cards instead, 614.1a). ``entering``: the permanent whose entering asks
    for the payment (a shock land), so an effect that takes cards from a library leaves it out (614.13c)."""
    event = replacement.run(game, {"kind": "pay_life", "player": player, "amount": n, "entering": entering})
    if event is not None and event["kind"] == "pay_life":
        lose_life(game, player, event["amount"], keys=keys, why=why)


def gain_life(game: Game, player, n: int, keys=("life_change",), why: str = "") -> None:
    if n <= 0:
        return
    blocker = _cant_gain_life(game)
    if blocker:   # 119.7, 614.17: a "can't" is not a replacement; nothing replaces what can't happen
        say(game, "life_none", "life_cant_gain", [player.name], ["life_cant_gain", "cant_effects"], player=player,
            amount=life(n), why=why, blocker=blocker)
        return
    event = replacement.run(game, {"kind": "gain_life", "player": player, "amount": n})
    if event is None:
        return
    if event["kind"] != "gain_life":
        _replaced_draw(game, player, event, keys)
        return
    n = event["amount"]
    player.life += n
    say(game, "life_gain", "life_gain", [player.name], keys, player=player, amount=life(n), n=n, why=why, now=player.life)
    triggers.on_life_gain(game, player, n)


def _cant_gain_life(game: Game) -> str:
    for sid in game.static_sources:
        o = game.objects[sid]
        if any(ab.get("static") == "players_cant_gain_life" for ab in o.abilities):
            return o.name_ru
    return ""


def deal_damage(game: Game, source: dict, recipient, n: int, extra_keys=(), unpreventable: bool = False) -> int:
    """``source`` is LKI of the source (dict). ``recipient`` a Player or an Obj on the battlefield.

    The proposed damage passes through prevention and replacement (615, 614; protection
    is a prevention, 702.16e); "can't be prevented" (615.12) defeats prevention only.
    Returns the damage actually dealt (lifelink in combat counts that)."""
    if n <= 0:
        return 0   # 614.7a: 0 damage is no damage
    event = {"kind": "damage", "source": source, "to": recipient, "amount": n, "unpreventable": unpreventable}
    if not hasattr(recipient, "life") and getattr(recipient, "zone", "battlefield") != "battlefield":
        return 0
    if _before(game, event):   # "can't be prevented" (615.12), else protection prevents it (702.16e): prevention.py
        return 0
    event = replacement.run(game, event)
    if event is None:
        return 0
    n, recipient = event["amount"], event["to"]
    src_name = source["name_ru"]
    src = Text(src_name, source.get("name_en") or src_name)
    kws = [next(iter(k)) if isinstance(k, dict) else k for k in source.get("keywords", ())]
    extra = list(extra_keys) + (["prevent_cant"] if event.get("unpreventable") else [])
    if hasattr(recipient, "life"):
        recipient.damaged_this_turn = True   # after prevention and replacement (615.6, 614.6)
        if "infect" in kws:   # 702.90b: poison counters instead of life loss
            recipient.poison += n
            say(game, "damage", "damage_infect_player", [source["id"], recipient.name], extra + ["infect_player", "damage_player"],
                src=src, dmg=dmg(n), n=n, player=recipient, poison=recipient.poison)
        else:
            recipient.life -= n
            say(game, "damage", "damage_player", [source["id"], recipient.name], extra + ["damage_player", "life_change"],
                src=src, dmg=dmg(n), n=n, player=recipient, lost=life(n), now=recipient.life)
        if "damage_simultaneous" in extra_keys:
            triggers.on_combat_damage_to_player(game, source, recipient, n)
        else:   # noncombat damage (120.2b): Chandra's Spitfire
            for hook in hooks.hooks(hooks.DAMAGE_TO_PLAYER):
                hook.fn(game, recipient)
    elif recipient.is_creature:
        keys = extra + ["damage_creature"]
        if "infect" in kws or "wither" in kws:   # 702.90c, 702.80b: -1/-1 counters instead of marked damage
            recipient.counters["-1/-1"] = recipient.counters.get("-1/-1", 0) + n
            game.touch()
            keys.append("infect_creature" if "infect" in kws else "wither")
            marked = f"на него кладутся {n} жетонов -1/-1 ({'заражение' if 'infect' in kws else 'иссушение'})"
        else:
            recipient.damage += n
            marked = f"отмечено повреждений: {recipient.damage}"
        if "deathtouch" in kws:
            recipient.deathtouch_damage = True
            keys.append("deathtouch")
            src_obj = game.objects.get(source["id"])
            if src_obj is not None and src_obj.zone != "battlefield" and src_obj.stack_kind is None \
                    and source.get("incarnation", src_obj.incarnation) == src_obj.incarnation:
                keys.append("deathtouch_any_zone")   # the card itself, from a graveyard, say (FAQ M2011 r10; not LKI, r11)
        say(game, "damage", "damage_creature", [source["id"], recipient.id], keys, src=src, dmg=dmg(n), n=n, obj=recipient,
            marked=marked)
    elif "planeswalker" in recipient.types:
        have = recipient.counters.get("loyalty", 0)
        recipient.counters["loyalty"] = max(0, have - n)
        game.touch()
        say(game, "damage", "damage_planeswalker", [source["id"], recipient.id], extra + ["damage_planeswalker"], src=src,
            dmg=dmg(n), n=n, obj=recipient, removed=min(n, have), left=recipient.counters['loyalty'])
    else:
        return 0
    if "lifelink" in kws:
        ctl = game.player(source["controller"])
        gone = ("lki_ability_source", "lifelink_lki") if source.get("left") else ()
        gain_life(game, ctl, n, keys=("lifelink", "life_change") + gone,
                  why=" (цепь жизни" + (": источник ушёл с поля битвы, его последняя известная информация" if gone else "") + ")")
    _after(game, event)   # 615.5: the extra effect of a partial prevention, after the rest is dealt (prevention.py)
    return n


def draw(game: Game, player, n: int = 1, keys=("draw",)) -> None:
    """Draw ``n`` cards, one at a time: each draw may be replaced (614.11, 614.11a)."""
    if n > 1:
        keys = tuple(keys) + ("draw_one_at_a_time",)
    for _ in range(n):
        event = replacement.run(game, {"kind": "draw", "player": player, "count": 1})
        if event is None:
            continue
        if event["kind"] == "return_to_hand":
            _return_to_hand(game, player, event["card"])
            continue
        _draw_one(game, player, keys)


def _replaced_draw(game: Game, player, event: dict, keys) -> None:
    """What an event became (616.2): a draw, or a card returned to hand."""
    if event["kind"] == "draw":
        for _ in range(event.get("count", 1)):
            _draw_one(game, player, ("draw", "replace_instead"))
    elif event["kind"] == "return_to_hand":
        _return_to_hand(game, player, event["card"])


def _return_to_hand(game: Game, player, oid: str) -> None:
    move(game, game.objects[oid], "hand", keys=("replace_instead",), kind="zone_change",
         text_ru=f"{player.name} возвращает {game.objects[oid].label()} с кладбища в руку")


def _draw_one(game: Game, player, keys) -> None:
    if not player.library:
        player.drew_from_empty = True
        say(game, "draw_empty", "draw_empty", [player.name], list(keys) + ["draw_empty"], player=player)
        return
    oid = player.library[0]
    obj = game.objects[oid]
    player.library.pop(0)
    obj.incarnation += 1
    obj.zone = "hand"
    obj.timestamp = game.next_ts()
    player.hand.append(oid)
    what = f"карту ({oid})" if obj.anonymous else f"карту {obj.label()}"
    say(game, "draw", "draw", [player.name, oid], keys, player=player, what=what)
    event_triggers.on_draw(game, player)


def add_counters(game: Game, obj: Obj, kind: str, n: int, keys=("counters",)) -> None:
    """An effect puts counters on a permanent: a replacement may change how many (614.16)."""
    event = replacement.run(game, {"kind": "counters", "obj": obj, "counter": kind, "amount": n})
    if event is None or event["amount"] <= 0:
        return
    n = event["amount"]
    obj.counters[kind] = obj.counters.get(kind, 0) + n
    game.touch()
    say(game, "counters", "counters_put", [obj.id], keys, obj=obj, kind=kind, n=n)


def add_mana(game: Game, player, sym: str, n: int, source: Obj, keys=("mana_ability", "mana_pool")) -> None:
    player.pool[sym] = player.pool.get(sym, 0) + n
    say(game, "mana", "mana_ability", [player.name, source.id], keys, player=player, source=source, mana=f"{{{sym}}}" * n)


def player_loses(game: Game, player, reason_ru: str, keys) -> None:
    player.lost = True
    say(game, "lose", "player_loses", [player.name], keys, player=player, why=reason_ru)


def counters_removed(game: Game, obj: Obj, kind: str, n: int) -> None:
    """Counters were removed from ``obj`` (a cost, an SBA, a prevention): tell the listeners
    (hooks.COUNTERS_REMOVED — Protean Hydra's delayed trigger)."""
    for hook in hooks.hooks(hooks.COUNTERS_REMOVED):
        hook.fn(game, obj, kind, n)
