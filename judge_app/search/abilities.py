"""The rules a card's abilities rely on, read from the card's own text.

A judge asking about a card («Титан Солнца возвращает ли планесвокера») needs the card, the
rules the question names, and the rules the card's abilities rest on: its keyword abilities
(«Бдительность» -> 702.20) and the keyword actions its text uses («предскажите» -> 701.17).
Those are the rules titled by one word or phrase in sections 702 (keyword abilities) and 701
(keyword actions). A card has a keyword ability when a keyword line of its text («Полет»,
«Эхо {2}{R}», «Полет, бдительность») names the title; it uses a keyword action when a line
of its text holds every word of the title (any grammatical form, compared as index terms):
«копии» in Clone's text is not the keyword «Копия» (702.55, replicate). Keyword abilities come first (a keyword line
is the ability itself), then keyword actions, each in the order the card's text names them.

No data file: the titles come from the index, so every release and language brings its own
numbers (702.20 in 2020, whatever the number is in another release).
"""
from __future__ import annotations

import re

from judge_app.search.analysis import terms_with_spans

SECTIONS = ("702", "701")  # keyword abilities first, then keyword actions
MAX_ABILITY_RULES = 3
_PARENS = re.compile(r"\(.*?\)|\[.*?\]")
_NUMBER = re.compile(r"(\d{3})\.\d+")


def _title_terms(title: str, ru: str) -> tuple[tuple[str, ...], ...]:
    """The title's words as index-term tuples, without «(англ. Cast)» and a final dot."""
    return tuple(t for t, _, _ in terms_with_spans(_PARENS.sub(" ", title).strip(" ."), ru))


def _is_title(part: list[tuple[str, ...]], words: tuple[tuple[str, ...], ...]) -> bool:
    """Is a keyword-line part (its words) exactly the title's words, in order?"""
    return len(part) == len(words) and all(set(a) & set(b) for a, b in zip(part, words))


class AbilityTitles:
    """The keyword titles of the index: for each, its words and the title rules that bear it
    (one per release and language)."""

    def __init__(self, title_docs, ru: str):
        """``title_docs``: (docnum, stored fields) of the index's title rules."""
        self.ru = ru
        by_words: dict[tuple, dict] = {}
        for docnum, f in title_docs:
            m = _NUMBER.fullmatch(f.get("number") or "")
            if f.get("kind") != "rule" or not m or m.group(1) not in SECTIONS:
                continue
            words = _title_terms(f.get("title") or "", ru)
            if not words or len(words) > 3:
                continue
            entry = by_words.setdefault(words, {"section": m.group(1), "docs": []})
            entry["docs"].append((docnum, f))
        self.entries = sorted(by_words.items(), key=lambda kv: SECTIONS.index(kv[1]["section"]))

    def _words(self, part: str) -> list[tuple[str, ...]]:
        """A part's words as index-term tuples, leaving out mana symbols and numbers."""
        return [t for t, a, b in terms_with_spans(_PARENS.sub(" ", part), self.ru)
                if len(part[a:b]) > 1 and not part[a:b].isdigit()]

    def rules(self, card_text: str, allowed, lang: str, limit: int = MAX_ABILITY_RULES) -> list[dict]:
        """Stored fields of the title rules the card's text names (see the module docstring):
        one per title, a document ``allowed`` lets through (a docset, or None for any), in
        ``lang`` and the newest release first."""
        lines = [ln for ln in card_text.split("\n") if ln.strip()]
        held = [{t for alts, _, _ in terms_with_spans(ln, self.ru) for t in alts} for ln in lines]
        # a keyword line: each comma-separated part is the keyword alone (with its cost or N)
        parts = [[self._words(p) for p in re.split(r"[,;]", ln)] for ln in lines]
        found: list[tuple[int, int, dict]] = []  # (section order, first line, fields)
        for words, entry in self.entries:
            if entry["section"] == "702":
                line = next((i for i, ps in enumerate(parts) if any(_is_title(p, words) for p in ps)), None)
            else:
                line = next((i for i, h in enumerate(held) if all(h.intersection(a) for a in words)), None)
            if line is None:
                continue
            docs = [f for d, f in entry["docs"] if allowed is None or d in allowed]
            if docs:
                best = max(docs, key=lambda f: (f.get("lang") == lang, f.get("version") or ""))
                found.append((SECTIONS.index(entry["section"]), line, best))
        found.sort(key=lambda x: (x[0], x[1]))
        return [f for _, _, f in found[:limit]]
