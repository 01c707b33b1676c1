"""Is a generated question fair? Checked before it enters the bank; an unfair one is dropped.

A trainee answers from the page alone: the prompt, what the players do, the position and
the options. So a question is fair only when

- every card and ability in the position (board, hands, stack) has its text shown — or
  needs none (no abilities: its keywords are listed);
- the position does not show the answer (a P/T question hides that creature's P/T, and
  is not asked when the answer is what the position showed anyway);
- the prompt, the players' actions, the options and the explanation (up to the quoted rule,
  which may be English with its note) speak Russian: no raw engine word (``flying``, ``keep``,
  an object id) and no doubled quote;
- no option is cut mid-word, carries an OCR mark, or repeats another option;
- the object it asks about is not one of two that read the same: «Где окажется «Медведи-гризли»»
  with two of them in play can't say which one is meant (lands, never asked about, aside). An
  action or event naming one of two twins stays: the position and the options say the rest;
- nothing hidden decides it: no library search, reveal, shuffle or coin flip in the events
  it is about (the page cannot show a library's order or a coin).

``problems`` returns what is wrong, in words (empty: fair). The generator calls it for every
question; tests call it on the real bank.
"""
from __future__ import annotations

import re

from . import position as positions

# Event kinds whose result depends on what the page cannot show.
HIDDEN_KINDS = {"reveal", "shuffle", "coin", "search", "scry", "library"}
# A Latin word in Russian text is a raw engine word (rules text in options is the corpus's own).
_LATIN_WORD = re.compile(r"(?<![\w{])[A-Za-z][A-Za-z_:\-]*[A-Za-z0-9](?![\w}])")
_ALLOWED_LATIN = {"X", "P/T", "planeswalker"}   # «planeswalker» is the Russian rules' own word
_RULE_QUOTE = re.compile(r"Так решает правило .*", re.S)   # a quoted rule may be English (OCR note)


def _latin(text: str) -> list[str]:
    return [w for w in _LATIN_WORD.findall(text or "") if w not in _ALLOWED_LATIN]


def _twins(pos: dict) -> set[str]:
    """Names two or more objects of the position share (lands left out)."""
    from collections import Counter

    seen = Counter(o["name"] for p in pos["players"] for z in p["zones"].values() for o in z
                   if "земля" not in o.get("types", "") and "land" not in o.get("types", ""))
    seen.update(o["name"] for o in pos["stack"])
    return {n for n, k in seen.items() if k > 1}


def problems(q, pos: dict, events_about: list) -> list[str]:
    """What makes ``q`` unfair, given the position it shows and the events it is about."""
    out = []
    missing = positions.missing_text(pos)
    if missing:
        out.append("нет текста: " + ", ".join(missing))
    texts = [q.prompt_ru] + list(q.context_ru)
    if q.kind in ("outcome", "next", "legality"):
        texts += [o.ru for o in q.options if not (q.kind == "legality" and o.key != "legal")]
    raw = sorted({w for t in texts for w in _latin(t)})
    if raw:
        out.append("сырые слова движка: " + ", ".join(raw))
    said = [w for w in _latin(_RULE_QUOTE.sub("", q.explanation_ru or "")) if w[0].islower()]   # names and
    # subtypes the position shows in English (Runeclaw Bear, Treefolk) are capitalised; engine words are not
    if said:
        out.append("сырые слова в разборе: " + ", ".join(sorted(set(said))))
    if any("««" in t or "»»" in t for t in texts):
        out.append("двойные кавычки")
    for o in q.options:
        if "⟦" in o.ru or o.ru.rstrip().endswith("…"):
            out.append(f"вариант обрезан или с пометкой OCR: {o.key}")
    if len({o.ru for o in q.options}) < len(q.options):
        out.append("одинаковые варианты")
    if getattr(q, "hide_pt", None):
        shown = [o for p in pos["players"] for o in p["zones"]["battlefield"] if o["id"] == q.hide_pt]
        if any(o.get("pt") != positions.HIDDEN_PT for o in shown):
            out.append("позиция показывает ответ (силу и выносливость)")
    marks = [w for pl in pos["players"] for z in pl["zones"].values() for o in z
             for w in o.get("keywords", []) + list(o.get("counters", {}))] + [o["name"] for o in pos["stack"]]
    raw_marks = sorted({w for m in marks for w in _latin(m)})
    if raw_marks:
        out.append("сырые слова в позиции: " + ", ".join(raw_marks))
    twins = _twins(pos)
    named = sorted(n for n in twins if f"«{n}»" in q.prompt_ru) if q.kind == "outcome" else []
    if named:
        out.append("одинаковые имена: " + ", ".join(named))
    hidden = sorted({e.kind for e in events_about if e.kind in HIDDEN_KINDS})
    if hidden and q.kind != "rule":
        out.append("зависит от скрытого: " + ", ".join(hidden))
    return out
