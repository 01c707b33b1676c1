"""The explanation after an answer: one or two plain sentences, drawn from the events and the rule.

First what happened (the engine's own event texts, cleaned of log ids), then why: the rule
that decided it, quoted from the corpus (its first sentence; in English with a note when the
Russian text is OCR-doubtful). The full text of every rule cited is one tap away on the
result page, not a list of numbers in the explanation.
"""
from __future__ import annotations

from . import position, rulebook

MAX_EVENTS = 2


def _events(game, events: list, lang: str) -> str:
    texts = [position.clean(game, (e.text_en or e.text_ru) if lang == "en" else e.text_ru).rstrip(".")
             for e in events]
    texts = list(dict.fromkeys(t for t in texts if t))
    if not texts:
        return ""
    shown = "; ".join(texts[:MAX_EVENTS])
    more = len(texts) - MAX_EVENTS
    if more > 0:
        shown += f" (и ещё {more})" if lang != "en" else f" (and {more} more)"
    return shown + "."


def _rule(number: str | None, version: str, lang: str) -> str:
    if not number:
        return ""
    body, note = rulebook.text(number, version, lang)
    if not body:
        return ""
    quote = rulebook.sentences(body, 220).rstrip(".")
    return (f"Так решает правило {number}: «{quote}»{note}." if lang != "en"
            else f"Rule {number} decides it: “{quote}”.")


def sentences(game, events: list, rule: str | None, version: str, lead: str = "") -> tuple[str, str]:
    """(Russian, English): «<lead> <what happened>. Так решает правило N: «…».»"""
    out = []
    for lang in ("ru", "en"):
        first = " ".join(x for x in ((lead[lang] if isinstance(lead, dict) else lead), _events(game, events, lang)) if x)
        out.append(" ".join(x for x in (first, _rule(rule, version, lang)) if x))
    return out[0], out[1]
