"""The explanation after an answer: one or two plain sentences, drawn from the events and the rule.

First what happened (the engine's own event texts, cleaned of log ids), then why: the rule
that decided it, quoted from the corpus (its first sentence, and the sentence that speaks of what
happened when that one comes later — 601.2b's buyback is in its third; in English with a note
when the Russian text is OCR-doubtful). The full text of every rule cited is one tap away on the
result page, not a list of numbers in the explanation.
"""
from __future__ import annotations

import re

from . import position, rulebook

MAX_EVENTS = 2
MAX_QUOTE = 420   # characters of a rule quoted in an explanation
_WORD = re.compile(r"[A-Za-zА-Яа-яЁё]{4,}")


def _stems(text: str) -> set[str]:
    """Words of four letters or more, cut to five (a crude stem: «откуп»/«откупа», "buyback")."""
    return {w.lower()[:5] for w in _WORD.findall(text or "")}


def _telling_sentence(body: str, quoted: str, said: str) -> str:
    """The sentence of the rule, past the ones quoted, that shares the most words with what
    happened (``said``); "" when none does better than the quoted ones."""
    parts = rulebook._SENTENCE_END.split(body)
    head = len(rulebook._SENTENCE_END.split(quoted))
    words = _stems(said)
    best = max(parts[head:], key=lambda p: len(_stems(p) & words), default="")
    quoted_hits = max((len(_stems(p) & words) for p in parts[:head]), default=0)
    return best if best and len(_stems(best) & words) > quoted_hits else ""


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


def _rule(number: str | None, version: str, lang: str, events: list = ()) -> str:
    if not number:
        return ""
    body, note = rulebook.text(number, version, lang)
    if not body:
        return ""
    quote = rulebook.sentences(body, 220)
    said = " ".join((e.text_en or e.text_ru) if (note or lang == "en") else e.text_ru for e in events)
    more = _telling_sentence(body, quote, said)
    if more and len(quote) + len(more) > MAX_QUOTE:   # the first sentence alone, then the telling one
        quote = rulebook.sentences(body, 0)
        more = more if len(quote) + len(more) <= MAX_QUOTE else ""
    quote = (quote + (" … " + more if more else "")).rstrip(".")
    return (f"Так решает правило {number}: «{quote}»{note}." if lang != "en"
            else f"Rule {number} decides it: “{quote}”.")


def sentences(game, events: list, rule: str | None, version: str, lead: str = "") -> tuple[str, str]:
    """(Russian, English): «<lead> <what happened>. Так решает правило N: «…».»"""
    out = []
    for lang in ("ru", "en"):
        first = " ".join(x for x in ((lead[lang] if isinstance(lead, dict) else lead), _events(game, events, lang)) if x)
        out.append(" ".join(x for x in (first, _rule(rule, version, lang, events)) if x))
    return out[0], out[1]
