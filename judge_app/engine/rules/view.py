"""Showing the board: as text (Russian) and as a JSON-able dict."""

from __future__ import annotations

from judge_app.engine.kernel import characteristics as ch
from judge_app.engine.kernel import hooks
from judge_app.engine.kernel.state import Game, STEP_RU, ZONE_RU
from judge_app.engine.rules import combat


def obj_dict(game: Game, oid: str) -> dict:
    o = game.objects[oid]
    d = {"id": o.id, "name_ru": o.name_ru, "name_en": o.name_en, "owner": o.owner, "controller": o.controller,
         "zone": o.zone, "types": list(o.types), "subtypes": list(o.subtypes), "supertypes": list(o.supertypes),
         "colors": list(o.colors)}
    if o.stack_kind != "ability" and not o.anonymous:
        d["layers_explained"] = ch.explain(game, o)   # every layer that changed it (613), with rule numbers
    if o.zone == "battlefield":
        c = ch.compute_pt(game, o, explain=True)
        if c:
            d["pt"] = f"{c.power}/{c.toughness}"
            d["pt_explained"] = [{"rule": game.cite(k), "text": t} for k, t in c.steps]
        d.update({"tapped": o.tapped, "damage": o.damage, "counters": dict(o.counters),
                  "summoning_sick": o.sick, "attached_to": o.attached_to, "timestamp": o.timestamp,
                  "token": o.token, "keywords": ch.keyword_names(game, o), "combat": combat.role(game, o.id)})
    if o.zone == "stack":
        d["targets"] = [t[1] for t in o.targets]
    return d


def hand_revealed(game: Game, player) -> dict | None:
    """Who sees ``player``'s hand because a permanent keeps it revealed (Telepathy, 701.20b), for
    the board view: {"to": [the permanents' controllers], "by": [{id, name_ru, name_en}]}, or None."""
    keepers = {}
    for cid in player.hand:
        for h in hooks.hooks(hooks.REVEALED):
            k = h.fn(game, game.objects[cid])
            if k is not None:
                keepers[k.id] = k
    if not keepers:
        return None
    return {"to": list(dict.fromkeys(k.controller for k in keepers.values())),
            "by": [{"id": k.id, "name_ru": k.name_ru, "name_en": k.name_en or k.name_ru} for k in keepers.values()]}


def _hand(game: Game, p) -> list:
    shown = hand_revealed(game, p)
    cards = [obj_dict(game, i) for i in p.hand]
    for d in cards if shown else ():
        d["revealed_to"] = shown["to"]
    return cards


def board_dict(game: Game) -> dict:
    return {
        "turn": game.turn, "active": game.ap.name, "step": game.step,
        "priority": game.priority_player.name if game.priority_player else None,
        "rules_version": game.rules_version,
        "players": [{"name": p.name, "life": p.life, "poison": p.poison, "mana_pool": dict(p.pool),
                     "lost": p.lost, "library": len(p.library),
                     "hand": _hand(game, p), "hand_revealed": hand_revealed(game, p),
                     "graveyard": [obj_dict(game, i) for i in p.graveyard],
                     "exile": [obj_dict(game, i) for i in p.exile],
                     "command": [obj_dict(game, i) for i in p.command],
                     "battlefield": [obj_dict(game, i) for i in game.battlefield if game.objects[i].controller == p.name]}
                    for p in game.players],
        "stack": [obj_dict(game, i) for i in reversed(game.stack)],
        "decision": game.decision.to_dict() if game.decision else None,
        "result": game.result, "events": len(game.events),
    }


def render(game: Game) -> str:
    lines = [f"Ход {game.turn}, активный игрок {game.ap.name}; {STEP_RU.get(game.step, game.step)}"
             + (f"; приоритет у игрока {game.priority_player.name}" if game.priority_player else "")
             + f" (правила {game.rules_version})"]
    for p in game.players:
        pool = "".join(f"{{{s}}}" * n for s, n in p.pool.items() if n)
        lines.append(f"\n{p.name}: жизнь {p.life}" + (f", яд {p.poison}" if p.poison else "")
                     + (f", пул маны {pool}" if pool else "") + (" — ПРОИГРАЛ" if p.lost else ""))
        lines.append(f"  библиотека: {len(p.library)}; рука: " + (", ".join(game.objects[i].label() for i in p.hand) or "пусто"))
        if p.graveyard:
            lines.append("  кладбище: " + ", ".join(game.objects[i].label() for i in p.graveyard))
        if p.exile:
            lines.append("  изгнание: " + ", ".join(game.objects[i].label() for i in p.exile))
        perms = [game.objects[i] for i in game.battlefield if game.objects[i].controller == p.name]
        for o in perms:
            bits = []
            c = ch.compute_pt(game, o)
            if c:
                bits.append(f"{c.power}/{c.toughness}")
            if o.tapped:
                bits.append("повёрнут")
            if o.damage:
                bits.append(f"повреждений {o.damage}")
            if o.counters:
                bits.append("жетоны " + ", ".join(f"{k}×{n}" for k, n in o.counters.items()))
            if o.attached_to:
                bits.append(f"прикреплён к {o.attached_to}")
            if o.token:
                bits.append("фишка")
            if o.sick and o.is_creature:
                bits.append("недавно под контролем")
            if combat.role_ru(game, o.id):
                bits.append(combat.role_ru(game, o.id))
            lines.append(f"  • {o.label()}" + (f" [{'; '.join(bits)}]" if bits else ""))
            lines.extend(f"      {st['text']} ({', '.join(st['rules'])})" for st in ch.explain(game, o))
    lines.append("\nСтек (сверху вниз): " + (", ".join(game.objects[i].label() for i in reversed(game.stack)) or "пуст"))
    if game.decision:
        lines.append(f"Ожидается решение: {game.decision.text_ru}; допустимые ответы: {', '.join(map(str, game.decision.options))}")
    if game.result:
        lines.append("Игра окончена: " + ("ничья" if game.result.get("draw") else f"победил {game.result['winner']}"))
    return "\n".join(lines)


def render_event(e) -> str:
    return f"{e.index:>3}. {e.text_ru} ({', '.join(e.rules)})"
