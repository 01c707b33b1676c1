"""Triggered abilities (603): detected when events happen, put on the stack the next
time a player would receive priority, in APNAP order, each player ordering their own."""

from __future__ import annotations

from judge_app.engine.kernel import characteristics as ch
from judge_app.engine.kernel import event_triggers, hooks
from judge_app.engine.kernel.messages import Text, say
from judge_app.engine.kernel.state import STEP_EN, STEP_RU, Game, Obj


def _pending(game: Game, src_id: str, info: dict, idx: int, ability: dict, why_key: str) -> None:
    game.pending_triggers.append({
        "source": src_id, "source_name": info["name_ru"], "source_name_en": info.get("name_en", ""),
        "controller": info["controller"], "index": idx, "ability": ability, "lki": info,
    })
    say(game, "trigger", "trigger", [src_id], ["trigger", why_key], source=info["name_ru"], id=src_id,
        source_en=info.get("name_en") or info["name_ru"], what=_ability_text(ability))


TRIGGER_RU = {"etb": "при выходе на поле битвы", "dies": "когда умирает",
              "another_creature_etb": "когда другое существо выходит на поле битвы",
              "upkeep_yours": "в начале вашего шага поддержки",
              "each_upkeep": "в начале каждого шага поддержки",
              "another_creature_dies": "когда другое существо умирает",
              "another_creature_leaves": "когда другое существо покидает поле битвы",
              "you_gain_life": "когда вы получаете жизни",
              "combat_damage_to_player": "когда наносит боевые повреждения игроку",
              "becomes_blocked": "когда становится заблокированным",
              "becomes_blocked_by_creature": "когда становится заблокированным существом (за каждое блокирующее)",
              "end_step_yours": "в начале вашего заключительного шага",
              "combat_yours": "в начале боя в ваш ход", "each_combat": "в начале каждого боя",
              "each_end_step": "в начале каждого заключительного шага",
              "player_casts": "когда игрок разыгрывает заклинание",
              "you_cast": "когда вы разыгрываете заклинание",
              "state": "когда выполняется условие (способность состояния)",
              "you_draw": "когда вы берёте карту", "opponent_discards": "когда оппонент сбрасывает карту",
              "becomes_target": "когда становится целью заклинания или способности",
              "attacks": "когда атакует", "blocks": "когда блокирует",
              "opponent_dealt_noncombat_damage": "когда оппоненту наносятся небоевые повреждения",
              "enchanted_attacks_or_blocks": "когда зачарованное существо атакует или блокирует",
              "counter_removed": "когда с него снимается жетон",
              "creature_etb_yours": "когда существо выходит на поле битвы под вашим контролем",
              "enchanted_dies": "когда зачарованное существо умирает",
              "blocks_a_creature": "когда блокирует существо",
              "becomes_target_by_opponent": "когда становится целью заклинания или способности оппонента",
              "enchanted_becomes_target": "когда зачарованное существо становится целью заклинания или способности",
              "put_into_graveyard": "когда попадает на кладбище откуда угодно"}


def _ability_text(ab: dict) -> str:
    return TRIGGER_RU.get(ab.get("trigger"), ab.get("trigger", ""))


def _info(obj: Obj, game: Game | None = None) -> dict:
    return {"id": obj.id, "name_ru": obj.name_ru, "name_en": obj.name_en, "controller": obj.controller,
            "owner": obj.owner, "abilities": obj.abilities, "keywords": ch.effective_keywords(game, obj), "types": obj.types}


def on_enter(game: Game, obj: Obj) -> None:
    for i, ab in enumerate(obj.abilities):
        if ab.get("trigger") == "etb":
            _pending(game, obj.id, _info(obj, game), i, ab, "trigger_etb")
    if obj.is_creature:
        event_triggers.on_creature_enters(game, obj)   # "whenever a creature enters … under your control"
        for sid in list(game.battlefield):
            if sid == obj.id:
                continue
            src = game.objects[sid]
            for i, ab in enumerate(src.abilities):
                if ab.get("trigger") == "another_creature_etb" and event_triggers.enters_filter_ok(game, src, obj, ab):
                    _pending(game, sid, {**_info(src, game), "_that": (obj.id, obj.incarnation)}, i, ab, "trigger_etb")


def _watches_leaving(abilities) -> bool:
    return any(ab.get("trigger") in ("another_creature_dies", "another_creature_leaves") for ab in abilities)


def on_leave(game: Game, obj: Obj, info: dict, to_zone: str, together: dict | None = None) -> None:
    """Leaves-the-battlefield abilities look back in time (603.10a): the abilities the
    object had on the battlefield, taken from its last known information; so do the
    abilities of other permanents that watch a creature die or leave — including those
    that left at the same time (``together``: id -> LKI, from state-based actions)."""
    if "creature" in info["types"]:
        dies = to_zone == "graveyard"
        watchers = [(sid, _info(game.objects[sid], game), "trigger_ltb") for sid in game.battlefield
                    if sid != obj.id and _watches_leaving(game.objects[sid].abilities)]
        watchers += [(sid, lki, "trigger_lookback") for sid, lki in (together or {}).items()
                     if sid != obj.id and _watches_leaving(lki["abilities"])]
        for sid, src, why in watchers:
            for i, ab in enumerate(src["abilities"]):
                t = ab.get("trigger")
                if (t == "another_creature_dies" and dies) or t == "another_creature_leaves":
                    if _condition_holds(game, src["controller"], ab):
                        _pending(game, sid, src, i, ab, why)
    if to_zone == "graveyard" and "creature" in info["types"]:
        for hook in hooks.hooks(hooks.DIES):   # "when enchanted creature dies" (Necrotic Plague, aura_abilities.py)
            hook.fn(game, obj, info, together)
        for i, ab in enumerate(info["abilities"]):
            if ab.get("trigger") == "dies":
                game.pending_triggers.append({
                    "source": obj.id, "source_name": info["name_ru"], "source_name_en": info["name_en"],
                    "controller": info["controller"], "index": i, "ability": ab, "lki": info})
                say(game, "trigger", "triggers.on_leave.trigger", [obj.id],
                    ["trigger", "trigger_ltb", "trigger_lookback"], name_ru=info['name_ru'], id=obj.id,
                    name_en=info['name_en'] or info['name_ru'])


STEP_TRIGGERS = {"upkeep": ("each_upkeep", "upkeep_yours"), "end": ("each_end_step", "end_step_yours"),
                 "beginning_of_combat": ("each_combat", "combat_yours")}


def on_step_begin(game: Game) -> None:
    """"At the beginning of [step]" abilities (603.2b); delayed triggers for this step (603.7)."""
    each, yours = STEP_TRIGGERS.get(game.step, (None, None))
    for sid in list(game.battlefield):
        src = game.objects[sid]
        for i, ab in enumerate(src.abilities):
            t = ab.get("trigger")
            if t is not None and (t == each or (t == yours and game.is_active(src.controller))) \
                    and _condition_holds(game, src.controller, ab):
                _pending(game, sid, _info(src, game), i, ab, "trigger_step")
    delayed = [e for e in game.effects if e.get("kind") == "delayed" and e["step"] == game.step]
    for e in delayed:
        game.effects.remove(e)   # 603.7c: a delayed ability triggers once
        game.pending_triggers.append({"source": e["source"], "source_name": e["source_name"],
                                      "source_name_en": e.get("source_name_en", ""), "controller": e["controller"],
                                      "index": 0, "ability": e["ability"], "lki": e["lki"]})
        say(game, "trigger", "triggers.on_step_begin.trigger", [e["source"]],
            ["trigger", "trigger_delayed", "trigger_step"], source_name=e['source_name'], text_ru=e['text_ru'],
            source_name_en=e.get('source_name_en') or e['source_name'])


def _condition_holds(game: Game, controller: str, ab: dict) -> bool:
    """An intervening "if" clause (603.4): checked when the ability triggers, and again
    as it resolves (``condition_still_holds``)."""
    cond = ab.get("if")
    if not cond:
        return True
    p = game.player(controller)
    if "life_at_least" in cond and p.life < cond["life_at_least"]:
        return False
    if "life_at_most" in cond and p.life > cond["life_at_most"]:
        return False
    for key in cond:   # a condition a module registered: Phylactery Lich's (phylactery.py)
        hook = hooks.by_key(hooks.CONDITION, key)
        if hook is not None and not hook.fn(game, controller, cond[key]):
            return False
    if "opponent_life_at_most" in cond and not any(q.life <= cond["opponent_life_at_most"]
                                                  for q in game.live_players() if q.name != controller):
        return False
    return True


def condition_still_holds(game: Game, so: Obj) -> bool:
    """603.4: a triggered ability with an intervening "if" does nothing unless the
    condition is still true as it resolves."""
    ab = (so.source_lki or {}).get("_trigger_ability")
    if ab is not None and ab.get("trigger") == "state":   # 603.8: a state trigger's condition is not an
        return True                                        # intervening "if": not checked again (FAQ M2011 r139)
    return ab is None or _condition_holds(game, so.controller, ab)


def _cast_watchers(game: Game) -> list:
    """[(id, controller)]: the permanents, and the face-up plane cards, whose abilities work from the
    command zone (113.6n), controlled by the planar controller — normally the active player (901.6)."""
    planes = [(oid, game.ap.name) for p in game.players for oid in p.command if "plane" in game.objects[oid].types]
    return [(sid, game.objects[sid].controller) for sid in game.battlefield] + planes


def _spell_fits(ab: dict, spell: Obj) -> bool:
    """"A blue spell" (Kraken's Eye: ``spell_color``); "a black, red, or green creature spell" (Jund:
    ``spell_colors``, ``spell_type``)."""
    if ab.get("spell_color") and ab["spell_color"] not in spell.colors:
        return False
    if ab.get("spell_colors") and not set(ab["spell_colors"]) & set(spell.colors):
        return False
    return not ab.get("spell_type") or ab["spell_type"] in spell.types


def on_cast(game: Game, spell: Obj, done: bool = False) -> None:
    """"Whenever a player casts a spell" / "whenever you cast a spell" (601.2i); "it" is that spell
    (``_that_spell``, while it is that object on the stack). An ability that asks about the spell's
    targets (a ``CAST_FILTER`` word) is looked at once they are chosen, as the spell becomes cast
    (``done``: actions.cast_done); the others as it moves to the stack."""
    filters = [(k, h.fn) for h in hooks.hooks(hooks.CAST_FILTER) for k in h.keys]
    for sid, ctl in _cast_watchers(game):
        src = game.objects[sid]
        for i, ab in enumerate(src.abilities):
            t = ab.get("trigger")
            if t == "player_casts" or (t == "you_cast" and spell.controller == ctl):
                if not _spell_fits(ab, spell):
                    continue
                asked = [(k, fn) for k, fn in filters if k in ab]
                if bool(asked) != done or not all(fn(game, spell, src, ab[k]) for k, fn in asked):
                    continue   # "a spell that targets only a single creature you control" (copy_new_target.py)
                if _condition_holds(game, ctl, ab):   # "that spell" is the one cast (707.10e)
                    info = {**_info(src, game), "controller": ctl, "_that_spell": (spell.id, spell.incarnation)}
                    _pending(game, sid, info, i, ab, "trigger_cast")


def on_life_gain(game: Game, player, n: int) -> None:
    for sid in list(game.battlefield):
        src = game.objects[sid]
        for i, ab in enumerate(src.abilities):
            if ab.get("trigger") == "you_gain_life" and src.controller == player.name and _condition_holds(game, src.controller, ab):
                _pending(game, sid, _info(src, game), i, ab, "trigger_event")


def on_combat_damage_to_player(game: Game, source: dict, player, n: int) -> None:
    """"Whenever [this] deals combat damage to a player" (510.3a: it triggers on the damage)."""
    src = game.objects.get(source["id"])
    for i, ab in enumerate(source.get("abilities", ())):
        if ab.get("trigger") == "combat_damage_to_player" and _condition_holds(game, source["controller"], ab):
            info = _info(src, game) if src is not None and src.zone == "battlefield" else source
            bound = {**ab, "effects": [{k: (player.name if v == "that_player" else v) for k, v in e.items()}
                                       for e in ab.get("effects", ())]}   # "that player": the one dealt damage
            _pending(game, source["id"], info, i, bound, "trigger_combat_damage")


def on_becomes_blocked(game: Game, attacker: Obj) -> None:
    for i, ab in enumerate(attacker.abilities):
        if ab.get("trigger") == "becomes_blocked" and _condition_holds(game, attacker.controller, ab):
            _pending(game, attacker.id, _info(attacker, game), i, ab, "trigger_blocked")


def check_state_triggers(game: Game) -> None:
    """State triggers (603.8): they trigger once when the condition becomes true, and not
    again while the ability is on the stack or waiting."""
    for sid in list(game.battlefield):
        src = game.objects[sid]
        for i, ab in enumerate(src.abilities):
            if ab.get("trigger") != "state" or not _condition_holds(game, src.controller, ab):
                continue
            waiting = any(t["source"] == sid and t["index"] == i for t in game.pending_triggers + game.trigger_queue) or any(
                game.objects[o].source == sid and game.objects[o].stack_kind == "ability"
                and (game.objects[o].source_lki or {}).get("_state_index") == i for o in game.stack)
            if not waiting:
                _pending(game, sid, {**_info(src, game), "_state_index": i}, i, ab, "trigger_state")


def create_delayed(game: Game, spec: dict, info: dict, so: Obj) -> None:
    """A delayed triggered ability (603.7): created now, it triggers once, at the
    beginning of the next ``at`` step (``end`` or ``upkeep``), controlled by the player
    who controlled the spell or ability that made it (603.7d)."""
    at = spec["at"]
    text = Text(spec.get("text_ru") or f"в начале следующего этапа: {STEP_RU.get(at, at)}",
                spec.get("text_en") or f"at the beginning of the next {STEP_EN.get(at, at)}")
    # its source is the source of the ability that made it: "destroy [this]" names that permanent (706.11)
    source = so.source if so.stack_kind == "ability" and so.source else so.id
    game.effects.append({"kind": "delayed", "step": at, "target": "", "incarnation": 0,
                         "timestamp": game.next_ts(), "source": source, "source_name": info["name_ru"],
                         "source_name_en": info.get("name_en", ""), "controller": so.controller,
                         "ability": {"trigger": "delayed", "effects": spec["effects"]}, "lki": dict(info), "text_ru": text.ru})
    say(game, "delayed", "triggers.create_delayed.delayed", [so.id], ["trigger_delayed"], text=text)


# the trigger words detected here (hooks.TRIGGER: one detector per word of the vocabulary)
hooks.register(hooks.TRIGGER, on_enter, keys=("etb", "another_creature_etb"))
hooks.register(hooks.TRIGGER, on_leave, keys=("dies", "another_creature_dies", "another_creature_leaves"))
hooks.register(hooks.TRIGGER, on_step_begin, keys=tuple(w for pair in STEP_TRIGGERS.values() for w in pair))
hooks.register(hooks.TRIGGER, check_state_triggers, keys=("state",))
hooks.register(hooks.TRIGGER, on_cast, keys=("player_casts", "you_cast"))
hooks.register(hooks.TRIGGER, on_life_gain, keys=("you_gain_life",))
hooks.register(hooks.TRIGGER, on_combat_damage_to_player, keys=("combat_damage_to_player",))
hooks.register(hooks.TRIGGER, on_becomes_blocked, keys=("becomes_blocked",))
