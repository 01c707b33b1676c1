"""Primitive game changes. Each one applies a change and emits the event(s) for it.

Replacement and prevention effects (614-616) would rewrite a proposed event here
before it is applied; none exist yet, so every proposal is applied as is.
"""

from __future__ import annotations

from judge_app.engine import characteristics as ch
from judge_app.engine import triggers
from judge_app.engine.ru import dmg, life
from judge_app.engine.state import ZONE_RU, Game, Obj


def lki(game: Game, obj: Obj) -> dict:
    """Last known information of a permanent (look back in time, 603.10a)."""
    c = ch.compute_pt(game, obj)
    return {"id": obj.id, "name_ru": obj.name_ru, "name_en": obj.name_en, "controller": obj.controller,
            "owner": obj.owner, "power": c.power if c else None, "toughness": c.toughness if c else None,
            "types": obj.types, "abilities": obj.abilities, "keywords": _effective_keywords(game, obj), "token": obj.token}


def _effective_keywords(game: Game, obj: Obj) -> tuple:
    from judge_app.engine import keywords
    return keywords.effective(game, obj)


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
    obj.chosen = {}   # a new object makes its "as it enters" choices anew


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
    """Move an object to another zone: it becomes a new object (400.7)."""
    old = obj.zone
    info = lki(game, obj) if old == "battlefield" else None
    _remove_from_zone(game, obj)
    become_new_object(obj, from_battlefield=old == "battlefield")
    obj.targets = [] if zone != "stack" else obj.targets
    put_in_zone(game, obj, zone, controller=controller)
    if emit:
        text = text_ru or f"{obj.label()}: {ZONE_RU[old]} → {ZONE_RU[zone]}"
        game.emit(kind, text, text_en, [obj.id], list(keys) + ["zone_change_new_object"])
    if zone == "battlefield":
        triggers.on_enter(game, obj)
    if old == "battlefield":
        triggers.on_leave(game, obj, info, zone)
    return info


def lose_life(game: Game, player, n: int, keys=("life_change",), why: str = "") -> None:
    player.life -= n
    game.emit("life_loss", f"{player.name} теряет {life(n)}{why} (жизнь: {player.life})",
              f"{player.name} loses {n} life", [player.name], keys)


def gain_life(game: Game, player, n: int, keys=("life_change",), why: str = "") -> None:
    player.life += n
    game.emit("life_gain", f"{player.name} получает {life(n)}{why} (жизнь: {player.life})",
              f"{player.name} gains {n} life", [player.name], keys)


def deal_damage(game: Game, source: dict, recipient, n: int, extra_keys=()) -> None:
    """``source`` is LKI of the source (dict). ``recipient`` a Player or an Obj on the battlefield."""
    if n <= 0:
        return
    from judge_app.engine.keywords import protection
    if protection.prevented(game, source, recipient, n):   # 702.16e
        return
    src_name = source["name_ru"]
    kws = [next(iter(k)) if isinstance(k, dict) else k for k in source.get("keywords", ())]
    if hasattr(recipient, "life"):
        recipient.life -= n
        game.emit("damage", f"«{src_name}» наносит {dmg(n)} игроку {recipient.name}: {recipient.name} теряет {life(n)} (жизнь: {recipient.life})",
                  f"{source.get('name_en') or src_name} deals {n} damage to {recipient.name}",
                  [source["id"], recipient.name], list(extra_keys) + ["damage_player", "life_change"])
    elif recipient.is_creature:
        recipient.damage += n
        keys = list(extra_keys) + ["damage_creature"]
        if "deathtouch" in kws:
            recipient.deathtouch_damage = True
            keys.append("deathtouch")
        game.emit("damage", f"«{src_name}» наносит {dmg(n)} {recipient.label()} (отмечено повреждений: {recipient.damage})",
                  f"{source.get('name_en') or src_name} deals {n} damage to {recipient.label_en()}",
                  [source["id"], recipient.id], keys)
    elif "planeswalker" in recipient.types:
        have = recipient.counters.get("loyalty", 0)
        recipient.counters["loyalty"] = max(0, have - n)
        game.touch()
        game.emit("damage", f"«{src_name}» наносит {dmg(n)} {recipient.label()}: снимается {min(n, have)} жетонов верности (осталось {recipient.counters['loyalty']})",
                  f"{source.get('name_en') or src_name} deals {n} damage to {recipient.label_en()}",
                  [source["id"], recipient.id], list(extra_keys) + ["damage_planeswalker"])
    else:
        return
    if "lifelink" in kws:
        ctl = game.player(source["controller"])
        gain_life(game, ctl, n, keys=("lifelink", "life_change"), why=" (цепь жизни)")


def draw(game: Game, player, n: int = 1, keys=("draw",)) -> None:
    for _ in range(n):
        if not player.library:
            player.drew_from_empty = True
            game.emit("draw_empty", f"{player.name} пытается взять карту из пустой библиотеки",
                      f"{player.name} attempts to draw from an empty library", [player.name],
                      list(keys) + ["draw_empty"])
            continue
        oid = player.library[0]
        obj = game.objects[oid]
        player.library.pop(0)
        obj.incarnation += 1
        obj.zone = "hand"
        obj.timestamp = game.next_ts()
        player.hand.append(oid)
        what = f"карту ({oid})" if obj.anonymous else f"карту {obj.label()}"
        game.emit("draw", f"{player.name} берёт {what}", f"{player.name} draws a card",
                  [player.name, oid], keys)


def add_counters(game: Game, obj: Obj, kind: str, n: int, keys=("counters",)) -> None:
    obj.counters[kind] = obj.counters.get(kind, 0) + n
    game.touch()
    game.emit("counters", f"На {obj.label()} кладётся жетонов {kind}: {n}", f"{n} {kind} counter(s) put on {obj.label_en()}",
              [obj.id], keys)


def add_mana(game: Game, player, sym: str, n: int, source: Obj, keys=("mana_ability", "mana_pool")) -> None:
    player.pool[sym] = player.pool.get(sym, 0) + n
    game.emit("mana", f"{player.name} поворачивает {source.label()} и добавляет {{{sym}}} в пул маны",
              f"{player.name} taps {source.label_en()} for {{{sym}}}", [player.name, source.id], keys)


def player_loses(game: Game, player, reason_ru: str, keys) -> None:
    player.lost = True
    game.emit("lose", f"{player.name} проигрывает: {reason_ru}", f"{player.name} loses the game", [player.name], keys)
