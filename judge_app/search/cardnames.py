"""Pool card names in a query, in Russian or English, inflected, with typos and short forms.

Why: a judge names cards («трампл с дезтачем» is a rule, «Смирение Опалесценция» is two
cards), and a card's name says nothing to the rules' words; the card brings the scenarios
that hold it and the rules they cite (``query._cards_query``).

How, with no list of aliases to keep: every name of a pool card (``name_ru``, ``name_en``,
``aliases``) is cut into words and each word stemmed (Snowball, both languages); a query word
matches a name word when their stems are close (rapidfuzz ratio ≥ ``WORD_SCORE``; one
``process.extract`` per query word over all the name words, so the cost does not grow with
the pool). A name matches when all its words match consecutive query words (stop words
skipped). Short forms are generated, not written: the part of a name before its comma
(«Урборг» for «Урборг, Гробница Ягмота») and a name word no other card has and the rules never
use («Опалесценция»), each a name of its own. A one-word name that is a word of the rules'
text («Отмена», «Лес», «Клон»?) must match exactly and is marked ``common``: its word stays in
the words searched. At most ``MAX_CARDS`` cards are recognised (bounded work for a query
naming twenty cards); ``MAX_WORDS`` query words are looked at.

Cards of the FAQ M2011 that the pool does not hold (``outside``) are recognised the same way
so the answer can say so.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from rapidfuzz import fuzz, process

from judge_app.search.analysis import EN_STOP, RU_STOP, en_stem, ru_stem

WORD_SCORE = 84      # a query word's stem vs a name word's stem
SHORT_SCORE = 90     # stricter for a generated short form (one word stands for the card)
MIN_FUZZY_LEN = 5    # shorter words must match exactly
MAX_CARDS = 6
MAX_WORDS = 60
CLOSE_CACHE = 20000  # query-word stems whose close name words are kept (``CardNames._close``)
_WORD = re.compile(r"[^\W\d_]+(?:['’-][^\W\d_]+)*")
_CYR = re.compile(r"[а-яё]", re.I)
_QUOTED = re.compile(r"«([^«»]{2,80})»|\"([^\"]{2,80})\"|“([^“”]{2,80})”")


def _stem(word: str) -> str:
    w = word.lower().replace("ё", "е").replace("’", "'")
    return ru_stem(w) if _CYR.search(w) else en_stem(w)


def _content(words: list[str]) -> list[str]:
    return [w for w in words if w.lower() not in RU_STOP and w.lower() not in EN_STOP]


def card_key(name_en: str) -> str:
    """The index keyword of a card (``sources.scenario_documents``): its English name, folded."""
    return re.sub(r"[^a-z0-9]+", "_", name_en.lower()).strip("_")


@dataclass(frozen=True)
class Named:
    key: str            # card_key of the English name
    name: str           # the Russian name (as the pool prints it)
    start: int          # query word span [start, end)
    end: int
    score: float
    common: bool = False
    in_pool: bool = True


@dataclass
class _Name:
    key: str
    name: str
    stems: tuple[str, ...]
    short: bool
    common: bool
    in_pool: bool


@dataclass
class CardNames:
    """The recogniser for one pool (and the FAQ cards outside it)."""

    names: list[_Name] = field(default_factory=list)

    @classmethod
    def build(cls, pool_cards, rules_words=frozenset(), outside=()) -> "CardNames":
        """``pool_cards``: CardDef-like objects (``name_ru``, ``name_en``, ``aliases``);
        ``rules_words``: the folded words of the rules' text (a one-word name among them is
        ``common``); ``outside``: (Russian name, English name) of cards not in the pool."""
        self = cls()
        entries = [(c.name_ru, c.name_en, tuple(c.aliases), True) for c in pool_cards]
        known = {n.casefold() for e in entries for n in (e[0], e[1], *e[2])}
        entries += [(ru, en or ru, (), False) for ru, en in outside
                    if ru.casefold() not in known and (en or "").casefold() not in known]
        word_cards: dict[str, set[str]] = {}
        for ru, en, aliases, _ in entries:
            for n in (ru, en, *aliases):
                for w in _content(_WORD.findall(n)):
                    word_cards.setdefault(_stem(w), set()).add(en)
        for ru, en, aliases, in_pool in entries:
            key = card_key(en)
            for n in dict.fromkeys((ru, en, *aliases)):
                words = _content(_WORD.findall(n))
                if not words:
                    continue
                stems = tuple(_stem(w) for w in words)
                common = len(words) == 1 and words[0].lower().replace("ё", "е") in rules_words
                self.names.append(_Name(key, ru, stems, False, common, in_pool))
                if len(words) > 1:
                    head = _content(_WORD.findall(n.split(",")[0]))
                    shorts = [head] if "," in n and head else []
                    shorts += [[w] for w in words if len(w) >= 6 and len(word_cards[_stem(w)]) == 1
                               and w.lower().replace("ё", "е") not in rules_words]
                    for s in shorts:
                        st = tuple(_stem(w) for w in s)
                        if st != stems:
                            self.names.append(_Name(key, ru, st, True, False, in_pool))
        self._index()
        return self

    def _index(self) -> None:
        self._vocab = sorted({s for n in self.names for s in n.stems})
        self._pos = {s: i for i, s in enumerate(self._vocab)}
        self._by_first: dict[str, list[_Name]] = {}
        for n in self.names:
            self._by_first.setdefault(n.stems[0], []).append(n)
        self._closes: dict[str, dict[str, float]] = {}

    def _close(self, stem: str) -> dict[str, float]:
        """Name-word stems close to a query word's stem, with their scores; kept per stem (the
        fuzzy match over every name word was most of a new query's look for cards, and the
        same words come back in many queries). Callers must not change the dict."""
        got = self._closes.get(stem)
        if got is None:
            if len(self._closes) > CLOSE_CACHE:
                self._closes.clear()
            got = self._closes[stem] = self._fuzzy(stem)
        return got

    def _fuzzy(self, stem: str) -> dict[str, float]:
        out = {stem: 100.0} if stem in self._pos else {}
        if len(stem) >= MIN_FUZZY_LEN - 1:
            for s, sc, _ in process.extract(stem, self._vocab, scorer=fuzz.ratio,
                                            score_cutoff=WORD_SCORE, limit=8):
                if len(s) >= MIN_FUZZY_LEN - 1:
                    out.setdefault(s, sc)
        return out

    def find(self, q: str) -> list[Named]:
        """The cards ``q`` names, in query order, non-overlapping, longest match first."""
        words = _WORD.findall(q)[:MAX_WORDS]
        idx = [i for i, w in enumerate(words) if w.lower() not in RU_STOP and w.lower() not in EN_STOP]
        close = [self._close(_stem(words[i])) for i in idx]
        found: list[Named] = []
        for j, cands in enumerate(close):
            for first, sc0 in cands.items():
                for n in self._by_first.get(first, ()):
                    k = len(n.stems)
                    if j + k > len(idx):
                        continue
                    scores = [sc0] + [close[j + m].get(n.stems[m]) for m in range(1, k)]
                    if any(s is None for s in scores):
                        continue
                    exact_needed = n.common or (k == 1 and len(n.stems[0]) < MIN_FUZZY_LEN)
                    if exact_needed and min(scores) < 100:
                        continue
                    if n.short and min(scores) < SHORT_SCORE:
                        continue
                    found.append(Named(n.key, n.name, idx[j], idx[j + k - 1] + 1,
                                       sum(scores) / k + 10 * k - (5 if n.short else 0),
                                       n.common, n.in_pool))
        found.sort(key=lambda f: (-(f.end - f.start), -f.score))
        taken: set[int] = set()
        keys: set[str] = set()
        out: list[Named] = []
        for f in found:
            span = set(range(f.start, f.end))
            if span & taken or f.key in keys:
                continue
            out.append(f)
            taken |= span
            keys.add(f.key)
            if len(out) >= MAX_CARDS:
                break
        return sorted(out + self._unknown_quoted(q, out), key=lambda f: f.start)

    @staticmethod
    def _unknown_quoted(q: str, named: list[Named]) -> list[Named]:
        """A name in quotes («Черный Лотос») that is no card of the pool: named so the answer can
        say it is outside the pool (``in_pool=False``), and its words left out of the search."""
        starts = [m.start() for m in _WORD.finditer(q)][:MAX_WORDS]
        out = []
        for m in _QUOTED.finditer(q):
            inside = [i for i, s in enumerate(starts) if m.start() < s < m.end()]
            if not inside or any(f.start <= inside[0] < f.end or inside[0] <= f.start <= inside[-1]
                                 for f in named):
                continue
            text = next(g for g in m.groups() if g)
            out.append(Named("", text.strip(), inside[0], inside[-1] + 1, 0.0, False, False))
        return out[:MAX_CARDS]

    @staticmethod
    def rest(q: str, named: list[Named]) -> str:
        """The query without the named cards' words (a ``common`` name's word stays)."""
        words = _WORD.findall(q)[:MAX_WORDS]
        drop = {i for f in named if not f.common for i in range(f.start, f.end)}
        return " ".join(w for i, w in enumerate(words) if i not in drop)
