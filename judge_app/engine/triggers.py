"""Triggered abilities (603): detected when events happen, put on the stack the next
time a player would receive priority, in APNAP order, each player ordering their own."""

from __future__ import annotations

from judge_app.engine.state import Decision, Game, Obj


def _pending(game: Game, src_id: str, info: dict, idx: int, ability: dict, why_key: str) -> None:
    game.pending_triggers.append({
        "source": src_id, "source_name": info["name_ru"], "source_name_en": info.get("name_en", ""),
        "controller": info["controller"], "index": idx, "ability": ability, "lki": info,
    })
    game.emit("trigger", f"Срабатывает способность «{info['name_ru']}» ({src_id}): {_ability_text(ability)}",
              f"{info.get('name_en') or info['name_ru']}'s ability triggers", [src_id], ["trigger", why_key])


def _ability_text(ab: dict) -> str:
    return {"etb": "при выходе на поле битвы", "dies": "когда умирает",
            "another_creature_etb": "когда другое существо выходит на поле битвы",
            "upkeep_yours": "в начале вашего шага поддержки",
            "each_upkeep": "в начале каждого шага поддержки"}.get(ab.get("trigger"), ab.get("trigger", ""))


def _info(obj: Obj, game: Game | None = None) -> dict:
    from judge_app.engine import keywords
    return {"id": obj.id, "name_ru": obj.name_ru, "name_en": obj.name_en, "controller": obj.controller,
            "owner": obj.owner, "abilities": obj.abilities, "keywords": keywords.effective(game, obj), "types": obj.types}


def on_enter(game: Game, obj: Obj) -> None:
    for i, ab in enumerate(obj.abilities):
        if ab.get("trigger") == "etb":
            _pending(game, obj.id, _info(obj, game), i, ab, "trigger_etb")
    if obj.is_creature:
        for sid in list(game.battlefield):
            if sid == obj.id:
                continue
            src = game.objects[sid]
            for i, ab in enumerate(src.abilities):
                if ab.get("trigger") == "another_creature_etb":
                    _pending(game, sid, _info(src, game), i, ab, "trigger_etb")


def on_leave(game: Game, obj: Obj, info: dict, to_zone: str) -> None:
    """Leaves-the-battlefield abilities look back in time (603.10a): the abilities the
    object had on the battlefield, taken from its last known information."""
    if to_zone == "graveyard" and "creature" in info["types"]:
        for i, ab in enumerate(info["abilities"]):
            if ab.get("trigger") == "dies":
                game.pending_triggers.append({
                    "source": obj.id, "source_name": info["name_ru"], "source_name_en": info["name_en"],
                    "controller": info["controller"], "index": i, "ability": ab, "lki": info})
                game.emit("trigger", f"Срабатывает способность «{info['name_ru']}» ({obj.id}) «когда умирает» — она «смотрит назад во времени»",
                          f"{info['name_en'] or info['name_ru']}'s dies ability triggers", [obj.id],
                          ["trigger", "trigger_ltb", "trigger_lookback"])


def on_step_begin(game: Game) -> None:
    if game.step != "upkeep":
        return
    for sid in list(game.battlefield):
        src = game.objects[sid]
        for i, ab in enumerate(src.abilities):
            t = ab.get("trigger")
            if t == "each_upkeep" or (t == "upkeep_yours" and src.controller == game.ap.name):
                _pending(game, sid, _info(src, game), i, ab, "trigger_step")


def trigger_label(t: dict) -> str:
    return f"{t['source']}:{t['index'] + 1}"


def put_pending_on_stack(game: Game) -> bool:
    """Move waiting triggers to the stack (603.3). Returns False if a decision is owed."""
    from judge_app.engine import effects
    if game.pending_triggers and not game.trigger_queue:
        # 603.3b: APNAP, each player's own in the order they choose
        queue = []
        for p in game.apnap():
            mine = [t for t in game.pending_triggers if t["controller"] == p.name]
            if not mine:
                continue
            labels = sorted({trigger_label(t) for t in mine})
            order = game.sba_choices.pop(("order", p.name), None)
            if len(labels) > 1 and order is None:
                game.decision = Decision(
                    by=p.name, kind="order_triggers", options=labels, count=len(labels),
                    text_ru=f"{p.name} выбирает порядок, в котором свои сработавшие способности кладутся на стек (первая — вниз): {', '.join(labels)}",
                    context={"player": p.name})
                game.emit("decision", f"Решение: {p.name} упорядочивает свои сработавшие способности", "",
                          [p.name], ["trigger_apnap"])
                return False
            if order:
                rank = {lab: i for i, lab in enumerate(order)}
                mine.sort(key=lambda t: rank.get(trigger_label(t), 99))
            queue.extend(mine)
        game.pending_triggers = []
        game.trigger_queue = queue
    while game.trigger_queue:
        t = game.trigger_queue[0]
        kinds = t["ability"].get("targets", [])
        chosen = []
        if kinds:
            pre = game.sba_choices.pop(("targets", id(t)), None)
            legal = [effects.legal_targets(game, kind, t["controller"], None) for kind in kinds]
            if pre is not None:
                chosen = [effects.target_tuple(game, str(r)) for r in pre]
            elif not all(legal):
                game.trigger_queue.pop(0)
                game.emit("trigger_removed", f"Способность «{t['source_name']}» не имеет допустимых целей и удаляется",
                          "", [t["source"]], ["trigger_targets"])
                continue
            elif all(len(lg) == 1 for lg in legal):
                chosen = [effects.target_tuple(game, lg[0]) for lg in legal]
                game.answered_alone(t["controller"], "targets", [lg[0] for lg in legal])
            else:
                options = sorted({r for lg in legal for r in lg}, key=lambda r: (not game.has_player(r), r))
                game.decision = Decision(
                    by=t["controller"], kind="targets", options=options, count=len(kinds),
                    text_ru=f"{t['controller']} выбирает цел{'ь' if len(kinds) == 1 else 'и'} для способности «{t['source_name']}» ({t['source']})",
                    context={"trigger": id(t), "kinds": list(kinds)})
                game.emit("decision", f"Решение: {t['controller']} выбирает цель способности «{t['source_name']}»", "",
                          [t["source"]], ["trigger_targets"])
                return False
        game.trigger_queue.pop(0)
        ab_id = game.new_id(f"{t['source']}-trig")
        ab = Obj(id=ab_id, owner=t["controller"], controller=t["controller"], zone="stack",
                 name_ru=f"Способность «{t['source_name']}»", name_en=f"{t['source_name_en']} ability",
                 effects=tuple(t["ability"].get("effects", ())), spell_targets=tuple(kinds),
                 stack_kind="ability", source=t["source"], source_lki=t["lki"], targets=chosen)
        game.objects[ab_id] = ab
        game.stack.append(ab_id)
        ab.timestamp = game.next_ts()
        tgt = effects.describe_targets(game, chosen)
        game.emit("trigger_put", f"{t['controller']} кладёт на стек {ab.label()}{tgt}",
                  f"{t['controller']} puts {ab.label_en()} on the stack", [ab_id, t["source"]],
                  ["trigger_put", "trigger_apnap", "apnap"] + (["trigger_targets"] if chosen else []))
        game.passes = 0
    return True
