"""Say in words what a scripted action does, for the question's text (Russian and English).

The scenario's summary often gives the answer away, so a question states the situation
as the board plus what the players do, written here from the script itself.
"""
from __future__ import annotations

import re

from judge_app.engine.kernel.continuous import COLOR_RU
from judge_app.engine.kernel.state import STEP_RU

# Scripted answers to a decision that are words, not objects: said in words (never the raw word).
CHOICE_WORDS = {"yes": ("да", "yes"), "no": ("нет", "no"), "keep": ("оставить цель прежней", "keep the target"),
                "pay": ("заплатить", "pay"), "decline": ("отказаться", "decline"), "none": ("ничего", "nothing"),
                "dont_pay": ("не платить", "don't pay"), "win": ("выиграть бросок", "win the flip")}


def _name(game, ref, lang: str) -> str:
    ref = str(ref)
    obj = game.objects.get(ref) if game is not None else None
    if obj is None:
        word = CHOICE_WORDS.get(ref.lower())
        if word:
            return word[lang == "en"]
        if ref.lower() in COLOR_RU:
            return COLOR_RU[ref.lower()] if lang != "en" else ref.lower()
        return ref
    name = (obj.name_en or obj.name_ru) if lang == "en" else (obj.name_ru or obj.name_en)
    name = name.strip("«»“”")
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


COST_CHOICES = {   # a cast's or activation's choices of how it is paid (costs.CHOICE_KEYS), said in words
    "kicker": ("с кикером", "kicked"), "buyback": ("с откупом", "with buyback"),
    "alt": ("за альтернативную стоимость", "for its alternative cost"),
    "sacrifice": ("жертвуя {}", "sacrificing {}"), "discard": ("сбрасывая {}", "discarding {}"),
    "tap_untapped": ("поворачивая {}", "tapping {}"), "reveal": ("показывая {}", "revealing {}")}
NOT_CHOSEN = {"kicker": ("без кикера", "not kicked"), "buyback": ("без откупа", "without buyback"),
              "alt": ("за мана-стоимость", "for its mana cost")}


def _cost_choices(game, v: dict, lang: str) -> str:
    """", с кикером, жертвуя «Медведи-гризли»" — every choice of how a spell or ability is paid that
    the script states, so a legality question never hides it (a kicked cast that can't be paid is
    illegal, the same cast unkicked is legal)."""
    ru, out = lang != "en", []
    for key, (say_ru, say_en) in COST_CHOICES.items():
        if key not in v or v[key] is None:
            continue
        val = v[key]
        if isinstance(val, bool):
            words = (say_ru, say_en) if val else NOT_CHOSEN.get(key)
            if words:
                out.append(words[0] if ru else words[1])
        elif isinstance(val, int):   # a number of cards (discard: 1)
            out.append((say_ru if ru else say_en).format(f"{val} {'карт(у)' if ru else 'card(s)'}"))
        else:
            what = _names(game, val if isinstance(val, list) else [val], lang) if val != "self" else ("себя" if ru else "itself")
            out.append((say_ru if ru else say_en).format(what))
    if isinstance(v.get("divide"), dict):
        out.append(("распределение: " if ru else "divided: ")
                   + ", ".join(f"{_name(game, r, lang)} — {n}" for r, n in v["divide"].items()))
    return "".join(", " + w for w in out)


def action(game, act: str, v, by: str | None, lang: str = "ru") -> str:
    ru = lang != "en"
    if act in ("attack", "block") and not v:   # declared nothing (508.8 / 509.1)
        if act == "attack":
            return f"{by or ''} {'не атакует' if ru else 'declares no attackers'}".strip()
        return f"{by or ''} {'не блокирует' if ru else 'declares no blockers'}".strip()
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
        tail = f", X = {v['x']}" if v.get("x") is not None else ""
        tail += (f", {'цель' if ru else 'target'}: {_names(game, targets, lang)}" if targets else "")
        if v.get("mode") is not None:
            tail += f", {'режим' if ru else 'mode'} {v['mode']}"
        tail += _cost_choices(game, v, lang)
        who = by or _owner(game, v.get("card"))
        return (f"{who} разыгрывает {card}{tail}" if ru else f"{who} casts {card}{tail}").strip()
    if act == "activate":
        obj = v.get("object")
        targets = v.get("targets")
        tail = (f", {'цель' if ru else 'target'}: {_names(game, targets, lang)}" if targets else "")
        who = by or _owner(game, obj)
        n = v.get("ability", 1)
        if v.get("x") is not None:
            tail = f", X = {v['x']}" + tail
        tail += _cost_choices(game, v, lang)
        return (f"{who} активирует способность №{n} {_name(game, obj, lang)}{tail}" if ru
                else f"{who} activates ability #{n} of {_name(game, obj, lang)}{tail}")
    if act == "play_land":
        card = v.get("card") if isinstance(v, dict) else v
        who = by or _owner(game, card)
        return (f"{who} разыгрывает землю {_name(game, card, lang)}" if ru
                else f"{who} plays the land {_name(game, card, lang)}").strip()
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
        return f"{by} {'выбирает' if ru else 'chooses'}: {_names(game, v, lang)}" if by else \
            f"{'выбор' if ru else 'choice'}: {_names(game, v, lang)}"
    if act == "pass":
        return f"{by or ('игрок с приоритетом' if ru else 'the player with priority')} {'пасует' if ru else 'passes'}"
    if act == "pass_until":
        step = STEP_RU.get(v, v) if ru else str(v).replace("_", " ")
        if v == "stack_empty":
            step = "стек опустеет" if ru else "the stack is empty"
        elif v == "end_of_turn":
            step = "конца хода" if ru else "the end of the turn"
        return f"все пасуют до: {step}" if ru else f"all players pass until: {step}"
    return f"{act}: {v}"


def script(scenario, game, lang: str = "ru", until_line: int | None = None, tr=None) -> list[str]:
    """The script's actions in words, up to (not including) ``until_line``.

    An action the script expects to be refused (and its ``refused:`` mark) is left out:
    what happened is what was accepted. With the run's trace, an action the script leaves
    unattributed is said with its subject (who held priority), and a choice with the
    decision it answered («Боб выбирает новые цели для «Молния»: Алиса»)."""
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
        if by is None and tr is not None and (act in ("pass", "choose", "play_land") or not _owner(game, _ref(v))):
            by = tr.actors.get(line)   # the one who held priority (or owed the decision) at that line
        said = action(game, act, v, by, lang)
        if act == "choose" and tr is not None and tr.decisions.get(line) and lang != "en":
            said = _chosen(tr.decisions[line], v, game, lang)
        out.append(said)
    return out


_CODED = re.compile(r"(?:(?<=: )|(?<=; ))([^\s;:«»]+:\d+) — ")


def _chosen(decision: str, v, game, lang: str) -> str:
    """«Алиса выбирает, какой эффект … применить первым: «Лучи Пустоты»: изгнать …» — a choice
    among coded options («leyline:2 — …») is said with the option's words, never its code."""
    labels = {}
    parts = _CODED.split(decision)
    for i in range(1, len(parts) - 1, 2):
        labels[parts[i]] = parts[i + 1].split(";")[0].strip().rstrip(".")
    values = v if isinstance(v, list) else [v]
    text = _CODED.sub("", decision)
    if labels and all(str(x) in labels for x in values):
        return f"{_decision(text)} — {'; '.join(labels[str(x)] for x in values)}"
    return f"{_decision(text)}: {_names(game, v, lang)}"


def _ref(v):
    """The object a scripted action is about (whose controller acts, when the script names nobody)."""
    if isinstance(v, dict):
        return v.get("card") or v.get("object") or next(iter(v), "")
    return v


def _decision(text: str) -> str:
    """«Решение: Боб выбирает, какой …» → «Боб выбирает, какой …» (the decision in the script's words)."""
    from .position import clean_decision

    text = clean_decision(text).strip().rstrip(".:")
    return text.split(": ", 1)[1] if text.startswith("Решение: ") else text
