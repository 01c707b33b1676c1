"""Say in words what a scripted action does, for the question's text (Russian and English).

The scenario's summary often gives the answer away, so a question states the situation
as the board plus what the players do, written here from the script itself.
"""
from __future__ import annotations

from ..engine.state import STEP_RU


def _name(game, ref, lang: str) -> str:
    ref = str(ref)
    obj = game.objects.get(ref) if game is not None else None
    if obj is None:
        return ref
    name = (obj.name_en or obj.name_ru) if lang == "en" else (obj.name_ru or obj.name_en)
    return f"«{name}»" if lang == "ru" else f"“{name}”"


def _names(game, refs, lang: str) -> str:
    if not isinstance(refs, (list, tuple)):
        refs = [refs]
    return ", ".join(_name(game, r, lang) for r in refs)


def _owner(game, ref) -> str:
    """Who controls (or, for a card by name, owns) the object the script names."""
    if game is None:
        return ""
    ref = str(ref)
    obj = game.objects.get(ref) or next((o for o in game.objects.values() if ref in (o.name_ru, o.name_en)), None)
    return obj.controller or obj.owner if obj is not None else ""


def action(game, act: str, v, by: str | None, lang: str = "ru") -> str:
    ru = lang != "en"
    if act == "attack":
        who = by or next((_owner(game, a) for a in v), "")
        pairs = "; ".join(f"{_name(game, a, lang)} → {_name(game, d, lang)}" for a, d in v.items())
        return f"{who} атакует: {pairs}" if ru else f"{who} attacks: {pairs}"
    if act == "block":
        who = by or next((_owner(game, b) for b in v), "")
        pairs = "; ".join(f"{_name(game, b, lang)} {'блокирует' if ru else 'blocks'} {_names(game, a, lang)}"
                          for b, a in v.items())
        return f"{who} блокирует: {pairs}" if ru else f"{who} blocks: {pairs}"
    if act == "cast":
        v = v if isinstance(v, dict) else {"card": v}
        card = _name(game, v.get("card"), lang)
        card = card if card.startswith(("«", "“")) else (f"«{card}»" if ru else f"“{card}”")
        targets = v.get("targets")
        tail = (f", {'цель' if ru else 'target'}: {_names(game, targets, lang)}" if targets else "")
        who = by or _owner(game, v.get("card"))
        return (f"{who} разыгрывает {card}{tail}" if ru else f"{who} casts {card}{tail}").strip()
    if act == "activate":
        obj = v.get("object")
        targets = v.get("targets")
        tail = (f", {'цель' if ru else 'target'}: {_names(game, targets, lang)}" if targets else "")
        who = by or _owner(game, obj)
        n = v.get("ability", 1)
        return (f"{who} активирует способность №{n} {_name(game, obj, lang)}{tail}" if ru
                else f"{who} activates ability #{n} of {_name(game, obj, lang)}{tail}")
    if act == "play_land":
        return (f"{by or ''} разыгрывает землю {_name(game, v, lang)}" if ru
                else f"{by or ''} plays the land {_name(game, v, lang)}").strip()
    if act == "assign_damage":
        parts = []
        for attacker, split in v.items():
            spread = ", ".join(f"{_name(game, r, lang)} — {n}" for r, n in split.items())
            parts.append(f"{_name(game, attacker, lang)} {'распределяет повреждения' if ru else 'assigns damage'}: {spread}")
        return "; ".join(parts)
    if act == "order_blockers":
        return "; ".join(f"{_name(game, a, lang)}: {'порядок' if ru else 'order'} {_names(game, bs, lang)}"
                         for a, bs in v.items())
    if act == "choose":
        return f"{'выбор' if ru else 'choice'}: {_names(game, v, lang)}"
    if act == "pass":
        return f"{by or ''} {'пасует' if ru else 'passes'}".strip()
    if act == "pass_until":
        step = STEP_RU.get(v, v) if ru else str(v).replace("_", " ")
        if v == "stack_empty":
            step = "стек опустеет" if ru else "the stack is empty"
        elif v == "end_of_turn":
            step = "конца хода" if ru else "the end of the turn"
        return f"все пасуют до: {step}" if ru else f"all players pass until: {step}"
    return f"{act}: {v}"


def script(scenario, game, lang: str = "ru", until_line: int | None = None) -> list[str]:
    """The script's actions in words, up to (not including) ``until_line``.

    An action the script expects to be refused (and its ``refused:`` mark) is left out:
    what happened is what was accepted."""
    out = []
    steps = scenario.script
    for i, (line, a) in enumerate(steps):
        if until_line is not None and line >= until_line:
            break
        act = next(k for k in a if k != "by")
        refused_next = i + 1 < len(steps) and "refused" in steps[i + 1][1]
        if act == "refused" or refused_next:
            continue
        v = a[act]
        by = a.get("by") or (v.get("by") if isinstance(v, dict) else None)
        out.append(action(game, act, v, by, lang))
    return out
