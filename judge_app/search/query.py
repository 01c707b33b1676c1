"""Search the Whoosh index: rule numbers, words in either language, wrong keyboard layout.

``search(index_dir, q, version=None, lang=None, kind=None, limit=20) -> SearchResult``

* A query that reads as a rule number or range («704.5k», «704,5к», «704.5л», «704»,
  «704.5a-d») returns those rules — a rule with all its subrules, a section with all its
  rules — in document order (score 0.0).  Number queries return ``kind="rule"`` unless a
  kind is given.
* Anything else is a word query: every word is analysed as the index was (Russian lemma or
  stem, English stem) and looked up in the title/text/glossary-bridge fields (BM25F, title
  boosted).  Documents holding every word come first, then (if the limit leaves room)
  documents holding some of them; a section or keyword rule whose title (or glossary term)
  holds every word gets a large bonus, so 702.2 «Смертельное касание» ranks above rules
  that merely mention deathtouch.
* A query typed on the wrong keyboard layout is corrected (``layout.detect_wrong_layout``);
  if the corrected query finds something, those results are returned with
  ``corrected_query`` set and ``note`` = «показаны результаты для «…»».
* Otherwise the query is understood first (``understand.py``): slang from
  ``data/slang.tsv``, typos and English written in Cyrillic for words the index does not
  hold (rapidfuzz), question words dropped; a change sets the same note. Russian words also
  match the title words of their root (``derive.py``); words a heading's title holds favour
  that heading's rules; partial matches rank by the share of the query they hold; FAQ/cards/
  1998 and glossary hits fold into one block each and a defining subrule goes above its
  heading (``arrange.py``); a query naming an FAQ card and a concept shows both, with the
  rules the card's abilities rely on (``abilities.py``).
  A word also matches its related words (``related.py``: antonyms and words of one root at the
  verb-family weight, synonyms in full), and «+1/+1» is one word (``analysis.PT_PATTERN``).
  A query that still finds nothing is tried once more with looser corrections, then with its
  abbreviations read as English glossary terms (``acronyms.py``: «лтб» -> Leaves the Battlefield).
* A question (question words were dropped, ``Understood.question``): the rules that
  ``data/situations.tsv`` names for its words lead (``situations.py``), rules with text go
  above glossary entries, examples, FAQ/1998 and headings (``arrange.answers_first``), and
  the section bonus ranks its complete matches too. A question naming a heading by its whole
  title («… в начале шага взятия карты» -> 504) gets that heading's rules that best hold its
  other words right after its best match (``_topic_rules``).
* A Russian word query is searched in English as well (``translation.py``): its words
  translated by the OCR decoder's word-translation model, the English rules ranked the same
  way and fused with the Russian ranking by reciprocal rank (``_with_english``).

Validation (``QueryError`` with a Russian message), see ``clean_query``: a non-string or
empty query, one longer than 500 characters, and one with a control character are refused
(«в запросе управляющий символ U+0000 в позиции 8»; the same policy as
``judge_app.services``).  Tabs and line breaks count as spaces, invisible format characters
(zero-width space, soft hyphen, BOM) are dropped, and the query is NFC-normalised.

Opened indexes and searchers are cached per process and reopened when the index
directory changes (the builder swaps a freshly built directory into place). An opened index
keeps each query's understanding and layout check (``ANALYSIS_CACHE`` queries) and the
filters' document sets; the analysis of a rule's text for snippets is cached in
``analysis.terms_with_spans``. Results themselves are not cached.
"""
from __future__ import annotations

import html
import os
import re
import threading
import unicodedata
from array import array
from dataclasses import dataclass, field
from functools import lru_cache

import numpy as np

from whoosh import index as windex
from whoosh.codec.whoosh3 import STORED_COLUMN, W3PerDocReader
from whoosh.idsets import BitSet, DocIdSet
from whoosh.query import And, AndMaybe, Or, Term  # noqa: F401  (And: card_query builds with it too)

from judge_app.search import combine, defining, layout, meaning
from judge_app.search.postings import Postings, mask_of
from judge_app.search.abilities import AbilityTitles
from judge_app.search.acronyms import Acronyms
from judge_app.search.arrange import answers_first, base_game_first, defining_first, group_blocks
from judge_app.search.variants import is_variant_rule, names_variant
from judge_app.search.derive import Derivations
from judge_app.search.families import VerbFamilies
from judge_app.search.related import RelatedWords
from judge_app.search.situations import SituationTable
from judge_app.search.understand import Understood, Vocabulary, has_slang, understand
from judge_app.search.analysis import (
    DEFAULT_RU_ANALYSER,
    PT_PATTERN,
    TOKEN_PATTERN,
    MixedLanguageFilter,
    remember_terms,
    terms_with_spans,
    word_terms,
)
from judge_app.search.spans import load as load_spans, snippet_text
from judge_app.search.index import load_en_vocab, load_rule_words, load_vocab, load_word_terms

MAX_QUERY_LENGTH = 500
ANALYSIS_CACHE = 4096  # queries whose understanding and layout check an opened index keeps
SNIPPET_CHARS = 220
OWN_FIELDS = ("title", "text", "en_terms", "ru_terms")  # a document's own words
TEXT_FIELDS = OWN_FIELDS + ("cited",)                    # and the words of the texts citing it
CITED_WEIGHT = 0.5  # the weight of the words of texts citing a rule (``index.cited_texts``), measured in bench/search_bench.py
TITLE_FIELDS = ("title", "en_terms", "ru_terms")
ALL_TERMS_BOOST = 1.0
SECTION_BOOST = 6.0
MAX_SECTIONS_PER_WORD = 6  # a word in more headings than this («способность») picks none
TITLE_RULE_BOOST = 3.0

_CARD_WORDS = re.compile(r"(?i)" + PT_PATTERN + r"|[^\W\d_]+|\d+")
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")
_INVISIBLE = re.compile(r"[\u00ad\u200b-\u200f\u2060\ufeff]")


class QueryError(ValueError):
    """A query the search cannot take; ``message`` is Russian and shown to the user."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


@dataclass
class SearchResult:
    hits: list[dict] = field(default_factory=list)
    corrected_query: str | None = None
    note: str | None = None


# ---------------------------------------------------------------- validation

def clean_query(q) -> str:
    """The query, NFC-normalised, with whitespace collapsed and invisible format characters
    (zero-width space/joiners, BOM) removed.

    Raises ``QueryError`` for a non-string, empty or over-long (> 500 characters as typed)
    query, and for a control character (C0/C1/DEL other than tab and line breaks, which
    count as spaces): such a character is never typed, so it is refused rather than guessed.
    """
    if not isinstance(q, str):
        raise QueryError("запрос должен быть строкой")
    if len(q) > MAX_QUERY_LENGTH:
        raise QueryError(f"запрос слишком длинный: {len(q)} символов, максимум {MAX_QUERY_LENGTH}")
    bad = _CONTROL.search(q)
    if bad:
        raise QueryError(f"в запросе управляющий символ U+{ord(bad.group()):04X} "
                         f"в позиции {bad.start() + 1}")
    q = unicodedata.normalize("NFC", _INVISIBLE.sub("", q))
    q = re.sub(r"\s+", " ", q).strip()
    if not q:
        raise QueryError("пустой запрос: введите слово, фразу или номер правила")
    return q


# ---------------------------------------------------------------- rule numbers

# Query numbers are read by judge_app.corpus.numbering, the one place rule numbers are parsed.
from judge_app.corpus.numbering import expand_range as _expand_range  # noqa: E402
from judge_app.corpus.numbering import normalise_query_candidates as _candidates  # noqa: E402

MAX_RANGE = 500  # numbers a range query may expand to

_RANGE = re.compile(r"(.+?)\s*[-–—]\s*(\S+)")


def number_readings(q: str) -> list[list[str]]:
    """Every reading of ``q`` as rule numbers, best first; each reading is a list of numbers.

    "704.5k" -> [["704.5k"]]; "704.5л" -> [["704.5k"]]; "704.5a-d" ->
    [["704.5a", "704.5b", "704.5c", "704.5d"]]; "смертельное" -> [].
    """
    q = q.strip()
    try:
        single = _candidates(q)
    except Exception:  # a malformed string must never break the search box
        single = []
    if single:
        return [[c] for c in single]
    m = _RANGE.fullmatch(q)
    if not m:
        return []
    try:
        firsts = _candidates(m.group(1))
    except Exception:
        return []
    out = []
    last_raw = m.group(2).strip().rstrip(".").lower()
    for first in firsts:
        lasts: list[str]
        if re.fullmatch(r"[a-zа-яё]", last_raw) and re.fullmatch(r"\d{3}\.\d+[a-z]", first):
            lasts = [c[-1] for c in _candidates(first[:-1] + last_raw)]
        elif re.fullmatch(r"\d+", last_raw) and re.fullmatch(r"\d{3}\.\d+", first):
            lasts = [last_raw]
        else:
            lasts = _candidates(last_raw)
        for last in lasts:
            try:
                nums = _expand_range(first, last)
            except Exception:
                continue
            if nums:
                out.append(nums[:MAX_RANGE])
    return out


# ---------------------------------------------------------------- index cache

class _Opened:
    def __init__(self, path: str, signature):
        self.path = path
        self.signature = signature
        self.ix = windex.open_dir(path)
        self.searcher = self.ix.searcher()
        self.vocab = load_en_vocab(path)
        self.ru = DEFAULT_RU_ANALYSER
        ana = self.ix.schema["text"].analyzer
        for item in getattr(ana, "items", [ana]):
            if isinstance(item, MixedLanguageFilter):
                self.ru = item.ru
        remember_terms(self.ru, load_word_terms(path))  # no pymorphy3 for the corpus's words
        self.lock = threading.RLock()  # the postings sets (``postings.py``) read under it too
        self._docsets: dict[str, tuple] = {}
        self._numkeys: list | None = None
        self._vocab: Vocabulary | None = None
        self._cards: dict[tuple[str, ...], str] | None = None
        self._sections: dict[str, set[str]] | None = None
        self._titles: list[tuple[str, list[set[str]]]] = []
        self._title_firsts: dict[str, list[int]] | None = None
        self._topics: dict[tuple, tuple[str, ...]] = {}  # ``topics`` per query words
        self._title_terms: dict[str, set[str]] | None = None
        self._card_len = 0
        self._derive: Derivations | None = None
        self._situations: SituationTable | None = None
        self._understood: dict[tuple[str, bool], object] = {}
        self._abilities: AbilityTitles | None = None
        self._acronyms: Acronyms | None = None
        self._card_text: dict[str, str] = {}
        self._layout: dict[str, str | None] = {}
        self._fields: dict[int, dict] = {}
        self._saved_spans = False  # ``saved_spans``: not read yet
        self._stored: tuple | None = None  # (Whoosh's stored column, the schema's names), see ``_read_stored``
        self._rules_of: dict[str, dict[tuple[str, str], int]] = {}  # ``rule_of``'s tables per language
        self._docnum_of: dict[str, int] = {}  # a document's id -> its number (``_read_all_fields``)
        self._cardnames = None
        self._card_rules = None
        self._asked = None
        self._glossary = None
        self._translations: dict | None = None
        self._held: dict[str, frozenset[str]] = {}
        self._rule_lemmas: frozenset[str] | None = None
        self._named: dict[str, list] = {}
        self.postings = Postings(self.searcher, self.searcher.doc_count_all(), self.lock, index_dir=path)

    @property
    def rule_lemmas(self) -> frozenset[str]:
        """The lemmas of the rules' Russian words (``meaning.py`` lends only words outside them)."""
        if self._rule_lemmas is None:
            self._rule_lemmas = frozenset(t for w in load_rule_words(self.path) if _CYRILLIC.search(w)
                                          for t in word_terms(w, self.ru)[:1])
        return self._rule_lemmas

    @property
    def cardnames(self):
        """The pool's card names (``cardnames.py``) and the FAQ cards outside the pool, built
        once per opened index: a one-word name the rules' text uses is matched exactly."""
        if self._cardnames is None:
            from judge_app.cards.model import default_pool
            from judge_app.search.cardnames import CardNames

            with self.lock:
                faq = [f.get("title") or "" for f in self.searcher.documents(kind="card")]
            self._cardnames = CardNames.build(default_pool().cards, load_rule_words(self.path),
                                              outside=[(n, "") for n in faq if n])
        return self._cardnames

    def held_terms(self, doc_id: str) -> frozenset[str]:
        """The index terms of a document's own title and text, kept per opened index (the
        documents do not change while it is open; ``card_query._spoken`` reads them)."""
        got = self._held.get(doc_id)
        if got is None:
            docnum = self.docnum_of(doc_id)
            f = self.fields(docnum) if docnum is not None else {}
            got = frozenset(t for words, _, _ in _text_spans(
                " ".join(x for x in (f.get("title"), f.get("text")) if x), self.ru) for t in words)
            if len(self._held) > ANALYSIS_CACHE:
                self._held.clear()
            self._held[doc_id] = got
        return got

    @property
    def translations(self) -> dict:
        """Russian lemma -> its likeliest English stems (``translation.load``), read once."""
        if self._translations is None:
            from judge_app.search import translation

            self._translations = translation.load(self.path)
        return self._translations

    @property
    def glossary(self):
        """The glossary's terms and the rules they name (``defining.Glossary``), read once."""
        if self._glossary is None:
            from judge_app.search.defining import Glossary

            with self.lock:
                rows = [(f.get("version") or "", f.get("lang") or "", f.get("title") or "", f.get("refs") or "")
                        for f in self.searcher.documents(kind="glossary")]
                rows += [(f.get("version") or "", f.get("lang") or "", f.get("title") or "", f.get("number") or "")
                         for f in self.searcher.documents(kind="rule", is_title_rule="1")]
            self._glossary = Glossary(rows, lambda text: query_terms(text, self.ru))
        return self._glossary

    @property
    def asked(self):
        """The question bank (``asked.Bank``), read once."""
        if self._asked is None:
            from judge_app.search import asked

            self._asked = asked.load(self.path)
        return self._asked

    @property
    def card_rules(self) -> dict:
        """card key -> release -> the rules its mechanisms bring (``card_mechanisms.load``)."""
        if self._card_rules is None:
            from judge_app.search import card_mechanisms

            self._card_rules = card_mechanisms.load(self.path)
        return self._card_rules

    def named_cards(self, q: str) -> list:
        """``cardnames.find(q)``, cached per query like the understanding."""
        got = self._named.get(q)
        if got is None:
            if len(self._named) > ANALYSIS_CACHE:
                self._named.clear()
            got = self._named[q] = self.cardnames.find(q)
        return got

    def understood(self, q: str, loose: bool = False):
        """``understand(q)`` against this index, cached per query: the fuzzy lookups of a typo
        or a transliteration are the costly part of understanding, and judges repeat queries."""
        key = (q, loose)
        u = self._understood.get(key)
        if u is None:
            with self.lock:
                u = understand(q, self.vocabulary, self.known, loose=loose)
            if len(self._understood) > ANALYSIS_CACHE:
                self._understood.clear()
            self._understood[key] = u
        return u

    def wrong_layout(self, q: str) -> str | None:
        """The query flipped to the other keyboard layout if it was typed on the wrong one
        (slang is a word, not a layout mistake: «эдх» is not «'l[»), cached per query."""
        if q not in self._layout:
            if len(self._layout) > ANALYSIS_CACHE:
                self._layout.clear()
            self._layout[q] = None if has_slang(q) else layout.detect_wrong_layout(q, self.vocab)
        return self._layout[q]

    @property
    def abilities(self) -> AbilityTitles:
        """The keyword titles of the index (``abilities.py``), read once."""
        if self._abilities is None:
            with self.lock:
                docs = [(d, self.searcher.stored_fields(d))
                        for d in self.searcher.document_numbers(is_title_rule="1")]
            self._abilities = AbilityTitles(docs, self.ru)
        return self._abilities

    @property
    def acronyms(self) -> Acronyms:
        """The initials of the English glossary headwords (``acronyms.py``), read once."""
        if self._acronyms is None:
            with self.lock:
                heads = [f.get("title") or "" for f in self.searcher.documents(kind="glossary", lang="en")]
            self._acronyms = Acronyms(heads)
        return self._acronyms

    @property
    def situations(self) -> SituationTable:
        if self._situations is None:
            self._situations = SituationTable(self.ru)
        return self._situations

    @property
    def vocabulary(self) -> Vocabulary | None:
        """The index's word list for the fuzzy fallback (None for an index built without one)."""
        if self._vocab is None:
            words = load_vocab(self.path)
            self._vocab = Vocabulary(words) if words else False
        return self._vocab or None

    @property
    def derivations(self) -> Derivations:
        if self._derive is None:
            v = self.vocabulary
            titles = [w for w, (_, t) in v.words.items() if t] if v else []
            families = None
            if self.ru != "snowball":  # families join lemmas; Snowball stems are not lemmas
                lemmas = {t for w in (v.ru if v else ()) for t in word_terms(w, self.ru)}
                families = VerbFamilies(lemmas)
            self._derive = Derivations(titles, self.ru, families=families, related=RelatedWords(self.ru))
        return self._derive

    def load_headings(self) -> None:
        """Read the headings (title rules) once: each title word's headings, and the titles of
        several words. ``sections``, ``topics`` and ``names_variant`` read them; call without
        the lock held (it takes it)."""
        if self._sections is not None:
            return
        by_term: dict[str, set[str]] = {}
        titles: list[tuple[str, list[set[str]]]] = []
        with self.lock:
            docs = list(self.searcher.documents(is_title_rule="1"))
        for f in docs:
            num = f.get("number") or ""
            if f.get("kind") != "rule" or not num:
                continue
            words = [set(word_terms(w, self.ru)) for w in re.findall(r"[^\W\d_]+", f.get("title") or "")]
            words = [w for w in words if w]
            for t in set().union(*words):
                by_term.setdefault(t, set()).add(num)
            if len(words) > 1:
                titles.append((num, words))
        # ``_sections`` is the guard others test without the lock: set it last, so no thread sees
        # it before ``_titles`` and builds the title caches from an empty list
        self._titles = titles
        self._sections = by_term

    def sections(self, terms: list[tuple[str, ...]]) -> list[str]:
        """Numbers of the headings (title rules) whose titles hold one of the query words,
        skipping words that title many headings; and of the headings of several words whose
        every title word the query holds («в начале шага взятия карты» -> 504 «Шаг взятия
        карты»), however common each word is: the whole title is specific where its words are not."""
        self.load_headings()
        out: set[str] = set()
        for alts in terms:
            for t in alts:
                nums = self._sections.get(t, ())
                if len(nums) <= MAX_SECTIONS_PER_WORD:
                    out.update(nums)
        out.update(self.topics(terms))
        return sorted(out)

    def names_variant(self, terms: list[tuple[str, ...]]) -> bool:
        """``variants.names_variant`` on this index's headings. Call after ``load_headings``."""
        return names_variant(terms, self._sections or {}, self.topics(terms))

    def title_terms(self, num: str) -> set[str]:
        """Every term of the titles of several words numbered ``num`` (of any release and
        language; callers must not change the set). Call after ``load_headings``."""
        if self._title_terms is None:
            by_num: dict[str, set[str]] = {}
            for n, words in self._titles:
                by_num.setdefault(n, set()).update(*words)
            self._title_terms = by_num
        return self._title_terms.get(num, set())

    def topics(self, terms: list[tuple[str, ...]]) -> list[str]:
        """Headings of several words whose every title word the query holds (504 «Шаг взятия
        карты» for «что делает активный игрок в начале шага взятия карты»): the topic a
        question names. Call after ``load_headings``."""
        key = tuple(tuple(alts) for alts in terms)
        got = self._topics.get(key)
        if got is not None:  # asked again by the same search's parts (sections, variants, topics)
            return list(got)
        held = {t for alts in terms for t in alts}
        if self._title_firsts is None:  # each title under the terms of its first word
            firsts: dict[str, list[int]] = {}
            for i, (_, words) in enumerate(self._titles):
                for t in words[0]:
                    firsts.setdefault(t, []).append(i)
            self._title_firsts = firsts
        near = sorted({i for t in held for i in self._title_firsts.get(t, ())})
        got = [num for num, words in (self._titles[i] for i in near) if all(w & held for w in words)]
        if len(self._topics) > ANALYSIS_CACHE:
            self._topics.clear()
        self._topics[key] = tuple(got)
        return got

    def card_text(self, name: str) -> str | None:
        """The FAQ card record's text of ``name`` (None if the FAQ has no such card)."""
        if self._cards is None:
            self.find_card("")  # reads the FAQ cards once
        return self._card_text.get(name)

    def find_card(self, q: str) -> tuple[str, str] | None:
        """(card name, the other words) if ``q`` names an FAQ card (any case form) and has
        other words, else None."""
        if self._cards is None:
            with self.lock:
                self._card_text = {f.get("title") or "": f.get("text") or ""
                                   for f in self.searcher.documents(kind="card")}
            names = set(self._card_text)
            self._cards = {}
            for n in names:
                key = tuple(t[0] for t in (word_terms(w, self.ru) for w in re.findall(r"[^\W\d_]+", n)) if t)
                if key:
                    self._cards[key] = n
            self._card_len = max((len(k) for k in self._cards), default=0)
        if not self._cards:
            return None
        words = re.findall(_CARD_WORDS, q)  # «+1/+1» stays one word of the rest
        # a card's key leaves out its stop words («Лич с Филактерией» is (лич, филактерия)),
        # so the query's are skipped too; a span runs from its first content word to its last
        content = [(i, k) for i, k in enumerate(word_terms(w, self.ru) for w in words) if k]
        for n in range(min(self._card_len, len(content) - 1), 0, -1):
            for s in range(len(content) - n + 1):
                span = content[s:s + n]
                for key in _combos([k for _, k in span]):
                    name = self._cards.get(key)
                    if name:
                        rest = " ".join(words[:span[0][0]] + words[span[-1][0] + 1:])
                        if query_terms(rest, self.ru):
                            return name, rest
        return None

    def fields(self, docnum: int) -> dict:
        """A document's stored fields (callers must not change the dict), every document's
        read at the first call (``_read_all_fields``)."""
        f = self._fields.get(docnum)
        if f is None:
            self._read_all_fields()
            f = self._fields[docnum]
        return f

    def rule_of(self, version: str, number: str, lang: str) -> int | None:
        """The first document (lowest number) of rule ``number`` of release ``version`` in
        ``lang``: the postings' number & version & lang & kind=rule, from a table built once
        per language (three big-int ANDs per rule were a tenth of the English ranking's time).
        Call with the lock held."""
        table = self._rules_of.get(lang)
        if table is None:
            P = self.postings
            table = {}
            for d in np.flatnonzero(P.dense(P.term("lang", lang) & P.term("kind", "rule"))).tolist():
                f = self.fields(d)  # a rule's number and release are ID fields: its terms are these
                table.setdefault((f.get("version") or "", f.get("number") or ""), d)
            self._rules_of[lang] = table
        return table.get((version, number))

    def docnum_of(self, doc_id: str) -> int | None:
        """The number of the document whose ``id`` is ``doc_id`` (None: no such document)."""
        self._read_all_fields()
        return self._docnum_of.get(doc_id)

    def _read_all_fields(self) -> None:
        """Read every document's stored fields once (~0.3 s, ~40 MB for 23k documents): a
        search's first look at a document unpickled and decompressed its fields (~20 us), and a
        question run for the first time looked at ~20 new ones, the largest first-run cost of
        the slowest tenth of searches. The index never changes under an opened ``_Opened``, so
        the copies are never stale. Each text's snippet words are then the saved ones
        (``_text_spans``)."""
        if self._fields:
            return
        with self.lock:
            if self._fields:
                return
            spans = self.saved_spans
            got: dict[int, dict] = {}
            for docnum in range(self.postings.size):
                f = got[docnum] = self._read_stored(docnum)
                self._docnum_of[f.get("id")] = docnum
                if spans is not None:  # its snippet's words are the saved ones (``_text_spans``)
                    if len(_SAVED_SPANS_OF) > ANALYSIS_CACHE_TEXTS:
                        _SAVED_SPANS_OF.clear()
                    _SAVED_SPANS_OF[snippet_text(f)] = (spans, docnum)
            self._fields = got  # set last: another thread sees every document or none

    @property
    def saved_spans(self):
        """The snippet words saved with the index (``spans.py``; None without them, or for
        another analyser than this index's)."""
        if self._saved_spans is False:
            got = load_spans(self.path)
            self._saved_spans = got if got is not None and got.ru == self.ru else None
        return self._saved_spans

    def _read_stored(self, docnum: int) -> dict:
        """``searcher.stored_fields(docnum)`` read from the stored column itself: Whoosh's
        reader copies every document's dict to drop the fields a schema change removed, and its
        layers took a third of a read (a search's first look at ~40 documents). The copy is
        kept where a stored field is not in the schema, so the dict is always Whoosh's."""
        if self._stored is None:
            reader = self.searcher.reader()
            perdoc = getattr(reader, "_perdoc", None)
            column = perdoc._cached_reader("_stored", STORED_COLUMN) if isinstance(perdoc, W3PerDocReader) else None
            self._stored = (column, frozenset(self.searcher.schema.names()))
        column, names = self._stored
        if column is None:
            return self.searcher.stored_fields(docnum)
        f = column[docnum] or {}
        return f if f.keys() <= names else {k: v for k, v in f.items() if k in names}

    def known(self, word: str) -> bool:
        """Does any index term of ``word``, or of its synonyms (``related.py``), occur in a title
        or text? A real word the rules say otherwise («уходит»: they say «покидает») is searched
        by its synonym, not «corrected» one letter away into another word («входит»). (Call with
        the lock held.)"""
        terms = word_terms(word, self.ru) + self.derivations.synonyms(word)
        return any(self.postings.df(f, t) for t in terms for f in ("title", "text", "cited"))

    def docset(self, flt):
        """The filter's matching document numbers, computed once per opened index (a
        version/lang/kind filter matches thousands of documents; building that set on
        every query was the largest cost of a search). Call with ``self.lock`` held."""
        return self._filter_sets(flt)[0]

    def docmask(self, flt) -> int | None:
        """The filter's documents as an int bit set (``postings.py``), None for no filter,
        cached with the docsets. Call with ``self.lock`` held."""
        return self._filter_sets(flt)[1]

    def _filter_sets(self, flt) -> tuple:
        """(Whoosh ``BitSet``, int bit set) of the filter's documents, cached per filter."""
        if flt is None:
            return None, None
        key = _filter_key(flt)
        got = self._docsets.get(key)
        if got is None:
            if len(self._docsets) > 256:
                self._docsets.clear()
            mask = self._filter_mask(flt)
            if mask is None:  # a filter of another shape: Whoosh's own reading
                ds = BitSet(self.searcher.docs_for_query(flt), size=self.searcher.doc_count_all())
                mask = mask_of(ds)
            else:  # the same bits, without adding the documents one at a time
                ds = BitSet(size=self.postings.size)
                ds.bits = array("B", mask.to_bytes(len(ds.bits), "little"))
            got = self._docsets[key] = (ds, mask)
        return got

    def _filter_mask(self, flt) -> int | None:
        """The documents of a filter of terms joined by And/Or (``_filter``) from the postings
        (``postings.py``), None for any other query."""
        if isinstance(flt, Term):
            return self.postings.term(flt.fieldname, flt.text)
        if isinstance(flt, (And, Or)) and type(flt) in (And, Or):
            parts = [self._filter_mask(q) for q in flt.subqueries]
            if not parts or any(p is None for p in parts):
                return None
            out = parts[0]
            for p in parts[1:]:
                out = out & p if isinstance(flt, And) else out | p
            return out
        return None

    def numkeys(self) -> list:
        """Each document's sort key of its rule number (the ``numkey`` column), read once.
        Call with ``self.lock`` held."""
        if self._numkeys is None:
            self._numkeys = list(self.searcher.reader().column_reader("numkey"))
        return self._numkeys

    def close(self):
        try:
            self.searcher.close()
        except Exception:
            pass


def _combos(span: list[tuple[str, ...]], cap: int = 16):
    """Every choice of one term per word (ambiguous words have several lemmas), at most ``cap``."""
    out = [()]
    for alts in span:
        out = [c + (a,) for c in out for a in alts][:cap]
    return out


_cache: dict[str, _Opened] = {}
_cache_lock = threading.Lock()


def _signature(path: str):
    st = os.stat(path)
    return (st.st_ino, st.st_mtime_ns)


def open_index(index_dir) -> _Opened:
    """The cached opened index for ``index_dir`` (reopened if the directory changed)."""
    path = os.path.abspath(os.fspath(index_dir))
    try:
        sig = _signature(path)
    except FileNotFoundError:
        raise QueryError("поисковый индекс не найден: соберите корпус") from None
    cur = _cache.get(path)
    if cur is not None and cur.signature == sig:
        return cur
    with _cache_lock:
        cur = _cache.get(path)
        if cur is None or cur.signature != sig:
            if not windex.exists_in(path):
                raise QueryError("поисковый индекс не найден: соберите корпус")
            old, cur = cur, _Opened(path, sig)
            _cache[path] = cur
            if old is not None:
                with old.lock:  # let a search running on the old searcher finish
                    old.close()
    return cur


def clear_cache() -> None:
    """Close every cached index (tests, benchmarks, or before deleting an index)."""
    with _cache_lock:
        for o in _cache.values():
            with o.lock:
                o.close()
        _cache.clear()


# ---------------------------------------------------------------- search

def _as_list(v) -> list[str]:
    if v is None or v == "":
        return []
    if isinstance(v, str):
        return [v]
    return [str(x) for x in v]


# Kinds that do not belong to a Comprehensive Rules release (FAQ, 1998 rulebook): a CR
# version filter ("2019-05-03") lets them through; asking for their own label ("m2011",
# "1998") selects them alone.
NON_CR_KINDS = ("card", "ruling", "rulebook", "scenario")
WORD_KINDS = ("rule", "example", "glossary", "card", "ruling", "rulebook")  # what a word query ranks
_CR_VERSION = re.compile(r"\d{4}-\d{2}-\d{2}")


def _version_filter(versions: list[str]):
    parts = [Term("version", v) for v in versions]
    if any(_CR_VERSION.fullmatch(v) for v in versions):
        parts += [Term("kind", k) for k in NON_CR_KINDS]
    return parts[0] if len(parts) == 1 else Or(parts)


def _filter(version, lang, kind):
    """The Whoosh filter of a version/lang/kind choice (each None, a string or a list), built
    once per choice: a search asked for the same few filters several times, and the docsets are
    kept by the filter's text (``_filter_key``)."""
    key = (tuple(_as_list(version)), tuple(_as_list(lang)), tuple(_as_list(kind)))
    got = _FILTERS.get(key)
    if got is None:
        if len(_FILTERS) > 256:
            _FILTERS.clear()
            _FILTER_KEYS.clear()
        got = _FILTERS[key] = _build_filter(*key)
        if got is not None:
            _FILTER_KEYS[id(got)] = (got, repr(got))
    return got


_FILTERS: dict[tuple, object] = {}
_FILTER_KEYS: dict[int, tuple[object, str]] = {}  # id of a built filter -> (it, its repr)


def _filter_key(flt) -> str:
    """``repr(flt)``, kept for the filters ``_filter`` built (a repr of an And of Ors is a few
    dozen microseconds)."""
    got = _FILTER_KEYS.get(id(flt))
    return got[1] if got is not None and got[0] is flt else repr(flt)


def _build_filter(version, lang, kind):
    parts = []
    versions = _as_list(version)
    if versions:
        parts.append(_version_filter(versions))
    for name, val in (("lang", lang), ("kind", kind)):
        vals = _as_list(val)
        if len(vals) == 1:
            parts.append(Term(name, vals[0]))
        elif vals:
            parts.append(Or([Term(name, x) for x in vals]))
    if not parts:
        return None
    return parts[0] if len(parts) == 1 else And(parts)


def query_terms(q: str, ru: str = DEFAULT_RU_ANALYSER, derive: Derivations | None = None,
                rule_lemmas: frozenset[str] | None = None) -> list[tuple[str, ...]]:
    """The distinct words of a query, each as its tuple of alternative index terms (with
    ``derive``, the title words of the same root are alternatives too, see ``derive.py``;
    with ``rule_lemmas``, a word the rules never use gets the rules' words nearest in meaning
    as weak alternatives, ``meaning.py``)."""
    out: list[tuple[str, ...]] = []
    for m in re.finditer(TOKEN_PATTERN, q):
        if derive is None:
            t = word_terms(m.group(0), ru)
        elif rule_lemmas:
            t = _word_alts(m.group(0), ru, derive, rule_lemmas)
        else:
            t = _derived_alts(m.group(0), ru, derive)
        if t and t not in out:
            out.append(t)
    return out


DEFINING = True  # a definition question's defining rule leads (``defining.py``)
CARD_ASKED = True  # a query naming cards is matched against the written questions too (``asked.py``)
ENGLISH_ASKED = True  # and an English query too (the bank holds the English questions beside the Russian)
_LATIN = re.compile(r"[a-z]", re.I)


def _word_alts(word: str, ru: str, derive: Derivations, rule_lemmas=None) -> tuple[str, ...]:
    """One query word's alternative index terms (see ``query_terms``)."""
    t = word_terms(word, ru)
    if t:
        t = t + derive.extra_terms(word) + derive.synonyms(word)
        t = tuple(dict.fromkeys(t))
        near = meaning.neighbours(t[0], rule_lemmas) if rule_lemmas else ()
        weak = tuple(r for r in derive.relatives(word) + near if r not in t)
        if weak:
            t = Alts(t + weak, weak=frozenset(weak))
    return t


@lru_cache(maxsize=65536)
def _derived_alts(word: str, ru: str, derive: Derivations) -> tuple[str, ...]:
    """``_word_alts`` kept per word and opened index's derivations (fixed while it is open):
    a query's words were analysed again by every part of its search (the Russian and English
    rankings, the scenarios, the cards), and the same words come back in many queries."""
    return _word_alts(word, ru, derive)


RELATIVE_BOOST = 0.35  # a verb family's other lemma counts as the word, at this weight


class Alts(tuple):
    """A word's alternative index terms, with ``weak`` the ones that count as the word for
    matching but score at ``RELATIVE_BOOST`` (its verb family, see ``derive.relatives``)."""

    weak: frozenset = frozenset()

    def __new__(cls, terms, weak=frozenset()):
        obj = super().__new__(cls, terms)
        obj.weak = weak
        return obj


def _word(alts: tuple[str, ...], fields, reader=None) -> Or | Term:
    """Any of the word's terms in any of the fields. With a ``reader``, (field, term) pairs
    the index does not hold are left out: Whoosh's union matchers cost per leaf, and most
    leaves of a word (an English stem in the Russian glossary field, a rare second lemma in
    the title) match nothing."""
    weak = getattr(alts, "weak", ())
    leaves = [Term(f, t, boost=(RELATIVE_BOOST if t in weak else 1.0) * (CITED_WEIGHT if f == "cited" else 1.0))
              for t in alts for f in fields]
    if reader is not None and len(leaves) > 1:
        kept = [x for x in leaves if reader.doc_frequency(x.fieldname, x.text)]
        leaves = kept or leaves[:1]
    return leaves[0] if len(leaves) == 1 else Or(leaves)


def _title_bonus(words: list[tuple[str, ...]], reader=None):
    """Matches a section/keyword rule whose title (or glossary term) holds every word."""
    title_all = And([_word(a, TITLE_FIELDS, reader) for a in words])
    return And([Term("is_title_rule", "1"), title_all]).with_boost(TITLE_RULE_BOOST)


def _section_bonus(sections: list[str]):
    """Matches the rules inside the headings whose titles hold a query word (see
    ``_Opened.sections``): «когда игрок получает приоритет» favours 117.x."""
    return Or([Term("numpath", n) for n in sections]).with_boost(SECTION_BOOST)


def build_word_query(words: list[tuple[str, ...]], *, conjunctive: bool = True, sections=(), reader=None,
                     fields=TEXT_FIELDS):
    """The Whoosh query for analysed ``words`` (see ``query_terms``).

    ``conjunctive=True``: documents with every word, plus the title-rule bonus.
    ``conjunctive=False``: documents with any word (the second tier, see ``_run_words``).
    ``sections``: heading numbers whose rules get the section bonus; ``reader``: prune the
    leaves the index does not hold (see ``_word``).
    """
    per_word = [_word(a, fields, reader) for a in words]
    bonus = [_section_bonus(list(sections))] if sections else []
    if not conjunctive:
        main = per_word[0] if len(per_word) == 1 else Or(per_word)
        return AndMaybe(main, bonus[0]) if bonus else main
    main = per_word[0] if len(per_word) == 1 else And(per_word)
    title = _title_bonus(words, reader)
    return AndMaybe(main, Or([title] + bonus) if bonus else title)


def _leaves(alts, fields) -> list[tuple[str, str, float]]:
    """``_word``'s (field, term, boost) leaves, for ``postings.Postings.accumulate``."""
    weak = getattr(alts, "weak", ())
    return [(f, t, (RELATIVE_BOOST if t in weak else 1.0) * (CITED_WEIGHT if f == "cited" else 1.0))
            for t in alts for f in fields]


def _summed_words(P: Postings, words, fields, first=(), last=()) -> np.ndarray:
    """``P.accumulate(first + [leaf for alts in words for leaf in _leaves(alts, fields)] + last)``
    with each word's postings laid out once and kept (``Postings.laid``, keyed by what
    ``_leaves`` reads: the word's terms, its weak ones, the fields and the two weights)."""
    ids, weighted = P._lay(first) if first else ([], [])
    for alts in words:
        weak = getattr(alts, "weak", frozenset())
        i, w = P.laid((tuple(alts), weak, tuple(fields), RELATIVE_BOOST, CITED_WEIGHT),
                      lambda: _leaves(alts, fields))
        ids += i
        weighted += w
    if last:
        i, w = P._lay(last)
        ids += i
        weighted += w
    return P.summed(ids, weighted)


def rank_complete(o: "_Opened", words, mask: int, limit: int, *, sections=(),
                  fields=TEXT_FIELDS) -> list[tuple[int, float]]:
    """``build_word_query(words, sections=..., fields=...)`` run over the documents of ``mask``
    (those holding every word, ``postings.every``): the same scores as Whoosh's search, summed
    with numpy from each term's cached scores (``postings.py``). (docnum, score), best first."""
    P = o.postings
    acc = _summed_words(P, words, fields)
    titled = mask & P.term("is_title_rule", "1")
    titled = P.every(words, TITLE_FIELDS, titled) if titled else 0
    if titled:
        bonus = _summed_words(P, words, TITLE_FIELDS, first=[("is_title_rule", "1", 1.0)])
        # added where it applies only (adding 0.0 elsewhere over the whole index left each sum
        # as it was, at three passes over every document)
        at = np.flatnonzero(P.dense(titled))
        acc[at] += bonus[at] * TITLE_RULE_BOOST
    if sections:
        inside = 0
        for n in sections:
            inside |= P.term("numpath", n)
        inside &= mask
        if inside:
            bonus = P.accumulate([("numpath", n, 1.0) for n in sections])
            # as Whoosh scored ``_section_bonus``: an Or of one heading drops its boost
            at = np.flatnonzero(P.dense(inside))
            acc[at] += bonus[at] * (SECTION_BOOST if len(sections) > 1 else 1.0)
    return P.top(acc, mask, limit)


# a document's snippet text -> (the saved spans of its index, its number), for the documents
# whose fields were read (``_Opened.fields``): ``_text_spans`` reads their words from the file
_SAVED_SPANS_OF: dict[str, tuple] = {}
ANALYSIS_CACHE_TEXTS = 65536


@lru_cache(maxsize=16384)
def _text_spans(text: str, ru: str) -> tuple:
    """``terms_with_spans`` of a hit's text, kept (about 1 KB a text): the same rules come up in
    many different searches, and analysing their text again was a fifth of an uncached search's
    time; 2,048 texts were too few (the 1,000 mixed queries of search_bench show ~4,000).
    A document's text is read from the spans saved at build (``spans.py``) where they are
    this analyser's: the first snippet of a text then costs a slice, not its analysis."""
    saved = _SAVED_SPANS_OF.get(text)
    if saved is not None and saved[0].ru == ru:
        return saved[0].get(saved[1])
    return tuple(terms_with_spans(text, ru))


@lru_cache(maxsize=16384)
def _span_places(text: str, ru: str) -> dict[str, tuple[int, ...]]:
    """Each index term of ``text`` -> the places (indexes into ``_text_spans``) of the words
    that hold it: a snippet looks up the query's terms instead of testing every word of the text."""
    places: dict[str, list[int]] = {}
    for i, (words, _, _) in enumerate(_text_spans(text, ru)):
        for t in words:
            places.setdefault(t, []).append(i)
    return {t: tuple(p) for t, p in places.items()}


_SEEN_ONCE: dict[tuple[str, str], None] = {}  # texts snippeted once (their places map waits for a second time)


def _matched_spans(text: str, terms: set[str], ru: str) -> list[tuple[int, int]]:
    """(start, end) of every word of ``text`` holding one of ``terms``, in text order. A
    document's text is read from the words saved with the index (``spans.SavedSpans.matched``).
    Another text's first snippet tests each of its words; from its second on, its term -> places
    map is built (``_span_places``) and read: most texts shown once never pay for the map."""
    saved = _SAVED_SPANS_OF.get(text)
    if saved is not None and saved[0].ru == ru:  # a document's text: its saved words (``spans.py``)
        return saved[0].matched(saved[1], terms)
    spans = _text_spans(text, ru)
    key = (text, ru)
    if key not in _SEEN_ONCE:
        if len(_SEEN_ONCE) > 16384:
            _SEEN_ONCE.clear()
        _SEEN_ONCE[key] = None
        return [(s, e) for t, s, e in spans if not terms.isdisjoint(t)]
    places = _span_places(text, ru)
    hit: set[int] = set()
    for t in places.keys() & terms:
        hit.update(places[t])
    return [spans[i][1:] for i in sorted(hit)]


_HTML_SPECIAL = re.compile(r"[&<>\"']")


def make_snippet(text: str, terms: set[str], ru: str, width: int = SNIPPET_CHARS) -> str:
    """An HTML-safe excerpt of ``text`` around the densest run of matched words.

    Matched words are wrapped in <mark>…</mark>; everything else is escaped.
    """
    if not text:
        return ""
    spans = _matched_spans(text, terms, ru) if terms else []
    if len(text) <= width:
        start, end = 0, len(text)
    elif not spans:
        start, end = 0, width
    else:
        best, best_n = spans[0][0], 0
        j = 0
        for i, (s, _) in enumerate(spans):
            while spans[j][0] < s - width + 40:
                j += 1
            n = i - j + 1
            if n > best_n:
                best, best_n = spans[j][0], n
        start = max(0, best - 40)
        if start:
            sp = text.rfind(" ", 0, start + 1)
            start = sp + 1 if sp >= 0 and start - sp < 20 else start
        end = min(len(text), start + width)
        if end < len(text):
            sp = text.rfind(" ", start, end)
            end = sp if sp > start + width // 2 else end
    out = ["…"] if start > 0 else []
    pos = start
    # html.escape changes only these characters: a window without them is its own escape
    escape = html.escape if _HTML_SPECIAL.search(text, start, end) else str
    for s, e in spans:
        if s < start or e > end:
            continue
        out.append(escape(text[pos:s]))
        out.append("<mark>" + escape(text[s:e]) + "</mark>")
        pos = e
    out.append(escape(text[pos:end]))
    if end < len(text):
        out.append("…")
    return "".join(out)


def _clip(text: str, width: int = SNIPPET_CHARS) -> str:
    return text if len(text) <= width else text[:width].rsplit(" ", 1)[0] + "…"


def _hit(fields: dict, score: float, terms: set[str] | None, ru: str) -> dict:
    """A hit for the API; ``terms=None`` leaves the snippet to the caller (``_text`` holds the
    text to cut it from)."""
    text = fields.get("text") or ""
    hit = {
        "kind": fields.get("kind", ""),
        "id": fields.get("id", ""),
        "doc_id": fields.get("doc_id", ""),
        "number": fields.get("number", ""),
        "version": fields.get("version", ""),
        "lang": fields.get("lang", ""),
        "title": fields.get("title", ""),
        "score": float(score),
    }
    if fields.get("is_title_rule") == "1":
        hit["_heading"] = True  # for ``arrange.answers_first``; dropped with ``_text``
    if terms is None:
        hit["_text"] = text or fields.get("title", "")
    else:
        hit["snippet"] = make_snippet(text or fields.get("title", ""), terms, ru)
    return hit


FETCH_FACTOR = 2  # hits fetched per entry shown: blocks fold some of them away
MERGE_CITED = True  # rank the rules complete only through citing texts with the partial tier
PARTIAL_POOL = 2  # the partial tier re-ranks this many times the hits it needs


def _partial_tier(o: _Opened, terms, fmask: int | None, need: int, skip: set[int],
                  sections=()) -> list[tuple[dict, float]]:
    """Documents with only some of the words, ranked by how much of the query they hold:
    BM25F times the share of the query's weight (the IDF of each word) they match, squared.
    So in a question («когда умирает существо с нулевой выносливостью») a rule holding the
    rare words outranks a glossary entry that repeats the common one.

    ``skip``: the documents (numbers) already ranked as complete matches.

    Candidates are the documents holding any of the words, by BM25F (``postings.py`` sums the
    scores of every document «существо» holds in well under a millisecond; with Whoosh's
    scoring only the rarest words, about 300 documents, could pick them, and the answer to a
    question of common words was often not among them: session 9 measured tuned set 0.946 ->
    0.957, dev split 0.714 -> 0.777); a candidate inside a heading whose title names a query
    word (``sections``) gets the section bonus. Call with the lock held."""
    import math

    n_docs = o.postings.size
    # a word's rarity is its own terms' (a verb family's other lemmas only help it match)
    dfs = [o.postings.word_df(alts, TEXT_FIELDS) for alts in terms]
    # a word the index never holds («чужой») cannot tell documents apart: it weighs nothing
    terms, dfs = [a for a, df in zip(terms, dfs) if df], [df for df in dfs if df]
    if not terms:
        return []
    weights = [math.log(1 + n_docs / (1 + df)) for df in dfs]
    P = o.postings
    seeded = 0
    for a in terms:
        seeded |= P.word(a, TEXT_FIELDS)
    if fmask is not None:
        seeded &= fmask
    acc = _summed_words(P, terms, TEXT_FIELDS)
    pool = need * PARTIAL_POOL + len(skip)
    # the section bonus is added here (``SECTION_BOOST`` for a candidate inside a named
    # heading) over a pool twice as deep: an Or of the headings' rules as a source of
    # candidates scored every rule of them, most of the time a question took
    inside = 0
    for n in sections:
        inside |= P.term("numpath", n)
    top = P.top(acc, seeded, pool * (2 if sections else 1))
    if inside:
        named = P.dense(inside)
        top = [(d, sc + SECTION_BOOST) if named[d] else (d, sc) for d, sc in top]
        cands = sorted(top, key=lambda c: -c[1])
    else:  # ``top``'s order already (best first, a tie by number; a stable sort keeps it)
        cands = top
    # (a candidate's stored fields are read only if it is returned: most of the pool is not)
    cands = cands[:pool]
    cands = [c for c in cands if c[0] not in skip]
    if not cands:
        return []
    # the share of the query's weight each candidate holds: its words' weights added in the
    # query's order (a word it lacks adds 0.0, which leaves a float64 sum as it was)
    docs = np.fromiter((d for d, _ in cands), dtype=np.int64, count=len(cands))
    held = np.zeros(len(cands), dtype=np.float64)
    for w, alts in zip(weights, terms):
        held += np.where(P.word_dense(alts, TEXT_FIELDS)[docs], w, 0.0)
    total = sum(weights) or 1.0
    ranked = [(score * share * share, d) for (d, score), share in zip(cands, (held / total).tolist())]
    ranked.sort(key=lambda x: -x[0])
    return [(o.fields(d), sc) for sc, d in ranked[:need]]


_CYRILLIC = re.compile(r"[а-яё]", re.I)


def _situation_rules(o: _Opened, numbers: list[str], flt, q: str) -> list[tuple[dict, float]]:
    """The rule records of ``numbers`` (from ``situations.py``) the filter lets through, one
    per number, in the query's language (Cyrillic: Russian) and the newest release first.
    Call with the lock held."""
    if not numbers:
        return []
    # the documents of each number from the cached postings (``postings.py``), not a Whoosh search
    P = o.postings
    found = 0
    for n in dict.fromkeys(numbers):
        found |= P.term("number", n)
    found &= P.term("kind", "rule")
    if flt is not None:
        found &= mask_of(flt) if isinstance(flt, DocIdSet) else (o.docmask(flt) or 0)
    lang = "ru" if _CYRILLIC.search(q) else "en"
    best: dict[str, tuple[tuple, dict]] = {}
    while found:
        low = found & -found
        found ^= low
        f = o.fields(low.bit_length() - 1)
        key = (f.get("lang") == lang, f.get("version") or "")
        cur = best.get(f["number"])
        if cur is None or key > cur[0]:
            best[f["number"]] = (key, f)
    return [(best[n][1], 0.0) for n in numbers if n in best]


TOPIC_RULES = 2  # rules of a heading a question names (``_Opened.topics``) shown first


def _topic_rules(o: _Opened, terms, flt) -> list[tuple[dict, float]]:
    """For a question naming a heading by its whole title (``_Opened.topics``), the rules of
    that heading that best hold the question's other words: «что делает активный игрок в
    начале шага взятия карты» -> 504.1 «Сначала активный игрок берет карту». The rule holding
    every word of a long question is often a passing mention; the heading it names is the
    topic, and the rest of the question picks the rule in it. ``_run_words`` shows them right
    after the best match (leading with them cost hit@1 where that match was the answer).
    Call with the lock held."""
    out: list[tuple[dict, float]] = []
    for num in dict.fromkeys(o.topics(terms)):
        named = o.title_terms(num)
        rest = [alts for alts in terms if not named.intersection(alts)]
        if not rest:
            continue
        out += _best_inside(o, num, rest, flt, TOPIC_RULES)
    out.sort(key=lambda fs: -fs[1])
    return out[:TOPIC_RULES]


def _best_inside(o: _Opened, num: str, words, flt, limit: int, *extra) -> list[tuple[dict, float]]:
    """The rules inside ``num`` (not ``num`` itself, nor headings) that best hold ``words``
    (BM25F), at most ``limit``; ``extra`` terms narrow them (a language, a release). Call with
    the lock held."""
    P = o.postings
    inside = P.term("numpath", num) & P.term("is_title_rule", "0")
    for t in extra:
        inside &= P.term(t.fieldname, t.text)
    held = 0
    for a in words:
        held |= P.word(a, TEXT_FIELDS)
    inside &= held
    if flt is not None:
        inside &= mask_of(flt)
    if not inside:
        return []
    # the scores of And([Or(words), Term numpath, Term is_title_rule, *extra]): each part's summed
    keys = [("numpath", num), ("is_title_rule", "0")] + [(t.fieldname, t.text) for t in extra]
    found = [(o.fields(d), sc) for d, sc in P.top(_and_keys(P, words, keys, inside), inside, limit + 1)]
    return [(f, sc) for f, sc in found if f.get("number") != num][:limit]


def _and_keys(P, words, keys, inside: int) -> np.ndarray:
    """The sums of ``words``' leaves in ``TEXT_FIELDS`` and then the ``keys`` terms (``(field, text)``
    at weight 1.0), as one ``P.accumulate`` of them all gives them, at the documents of
    ``inside``, each of which holds every key term: the words' sums, then each key term's
    score at those documents added in order, as the bincount adds them after the words'
    postings (the same float64 additions). The key terms (``is_title_rule`` 0: nearly every
    document, a language, a release) were most of the postings laid out for a few rules."""
    acc = _summed_words(P, words, TEXT_FIELDS)
    docs = np.flatnonzero(P.dense(inside))
    sums = acc[docs]
    for field, text in keys:
        ids, scores = P.scored(field, text)
        at = np.searchsorted(ids, docs)
        if at.size and (at[-1] >= len(ids) or not np.array_equal(ids[at], docs)):  # not held: as it was
            return _summed_words(P, words, TEXT_FIELDS, last=[(f, t, 1.0) for f, t in keys])
        sums = sums + scores[at]
    acc[docs] = sums
    return acc


def _situation_subrules(o: _Opened, situation: list[tuple[dict, float]], terms, flt) -> list[tuple[dict, float]]:
    """Each situation rule, followed by its subrule that best holds the query's words: a rule
    the situations table names is often a list's opening (117.3 «Следующие правила
    определяют, кто из игроков имеет приоритет:»), and the question picks the item in it
    («кто получает приоритет после разрешения заклинания» -> 117.3b). Call with the lock held."""
    out: list[tuple[dict, float]] = []
    for f, sc in situation:
        out.append((f, sc))
        out += _best_inside(o, f["number"], terms, flt, 1, Term("lang", f.get("lang") or ""),
                            Term("version", f.get("version") or ""))
    return out


def _title_holds_all(title: str, terms, ru: str) -> bool:
    """Does a heading's own title hold every query word (702.2 «Смертельное касание» for
    «смертельное касание»)? Such a heading stays first; 118 «Стоимости» for «альтернативная
    стоимость» does not, and gives way to its defining subrule."""
    held = set()
    for words, _, _ in terms_with_spans(title, ru):
        held.update(words)
    return all(held.intersection(alts) for alts in terms)


def _run_words(o: _Opened, q: str, flt, limit: int, *, group: bool = True,
               question: bool = False, terms=None, snippets: bool = True) -> list[dict]:
    """Two tiers: documents with every word first (ranked by BM25F plus the title-rule
    bonus), then, if they are fewer than ``limit``, documents with only some of the words
    (see ``_partial_tier``; up to ``limit * FETCH_FACTOR`` rows in all).
    Running the cheap conjunctive query first keeps multi-word queries over common words
    fast; a document with all the words always ranks above one with some of them.
    Then ``arrange``: a defining subrule above its heading, and (``group``) FAQ/cards/1998 and
    glossary entries folded into one block each. ``terms``: the words already analysed (the
    English ones of ``translation.english_terms``); ``snippets=False`` leaves them out."""
    if terms is None:
        terms = query_terms(q, o.ru, o.derivations, o.rule_lemmas if meaning.ENABLED else None)
    if not terms:
        return []
    fetch = limit * FETCH_FACTOR if group else limit
    o.load_headings()   # before the lock: topics and names_variant read them for one-word queries too
    sections = o.sections(terms) if len(terms) > 1 else []
    with o.lock:
        fmask = o.docmask(flt)
        flt = o.docset(flt)
        # the section bonus ranks the complete matches of a question only: for a term («общее
        # количество жизней») it lifted the heading named by one word (119 «Жизнь») above the
        # rule that holds the whole term (810)
        # the complete matches are ranked only where a document holds every word (``postings.py``:
        # most questions have none), from the postings saved with the index, not Whoosh's search
        own = o.postings.every(terms, OWN_FIELDS, fmask)
        bonus_at = sections if question else ()
        ranked = rank_complete(o, terms, own, fetch, sections=bonus_at, fields=OWN_FIELDS) if own else []
        rows = [(o.fields(d), sc) for d, sc in ranked]
        cited_only = o.postings.every(terms, TEXT_FIELDS, fmask) & ~own if len(rows) < fetch else 0
        # then the rules complete only with the words of texts citing them
        ranked_cited = rank_complete(o, terms, cited_only, fetch - len(rows), sections=bonus_at) if cited_only else []
        through_cited = [(o.fields(d), sc) for d, sc in ranked_cited]
        if not MERGE_CITED:
            rows += through_cited
            through_cited = []
        complete = {f["id"] for f, _ in rows + through_cited}
        complete_docs = {d for d, _ in ranked + ranked_cited}  # the same documents, by number
        if len(terms) > 1 and len(rows) < limit:  # room the complete matches leave
            # with MERGE_CITED, the rules complete only through the texts citing them rank with
            # the rules holding some of the words themselves, by score: the citing texts are
            # evidence, not the rule's own words (a rule holding the question's words, 307.1
            # for «в какой момент разыграть волшебство», fell below the rules a scenario about
            # casting cites)
            more = _partial_tier(o, terms, fmask, fetch - len(rows), complete_docs, sections)
            rows += sorted(through_cited + more, key=lambda r: -r[1])[:fetch - len(rows)]
        else:
            rows += through_cited[:fetch - len(rows)]
        first = _situation_subrules(o, _situation_rules(o, o.situations.rules(terms), flt, q), terms, flt)
        topical = _topic_rules(o, terms, flt) if question else []
    if question and not o.names_variant(terms):
        rows = base_game_first(rows, key=lambda r: r[0])
    if topical:  # right after the best match, which is often the answer itself
        first += rows[:1] + topical
    if first:  # the rules the situations table names lead
        ids: set[str] = set()
        first = [(f, sc) for f, sc in first if not (f["id"] in ids or ids.add(f["id"]))]
        rows = first + [r for r in rows if r[0]["id"] not in ids]
    tset = {t for alts in terms for t in alts}
    hits = [_hit(f, s, None, o.ru) for f, s in rows]
    titles = {f["id"] for f, _ in rows if f.get("is_title_rule") == "1"
              and not _title_holds_all(f.get("title") or "", terms, o.ru)}
    hits = defining_first(hits, complete, titles)
    if question:
        hits = answers_first(hits)
    hits = group_blocks(hits, limit) if group else hits[:limit]
    return _snippets(hits, tset, o.ru) if snippets else hits


def _snippets(hits: list[dict], tset: set[str], ru: str) -> list[dict]:
    """The snippets (the costly part of a hit) of the entries shown, not the folded: a hit of
    ``_run_words(..., snippets=False)`` gets the one ``_run_words`` would have given it, with
    ``tset`` its query's terms (``_query_tset``)."""
    for h in hits:
        h["snippet"] = make_snippet(h.pop("_text"), tset, ru)
        h.pop("_heading", None)
        for m in h.get("more", ()):
            m["snippet"] = html.escape(_clip(m.pop("_text")))
            m.pop("_heading", None)
    return hits


def _query_tset(o: _Opened, q: str) -> set[str]:
    """The terms ``_run_words(o, q, ...)`` marks in its snippets."""
    terms = query_terms(q, o.ru, o.derivations, o.rule_lemmas if meaning.ENABLED else None)
    return {t for alts in terms for t in alts}


def _run_understood(o: _Opened, u, version, lang, kind, flt, limit: int) -> list[dict]:
    card = o.find_card(u.search) if not kind else None
    if card:
        return _card_and_concept(o, card, version, lang, limit)
    return _run_words(o, u.search, flt, limit, group=not isinstance(kind, str), question=u.question)


MAX_RELIED = 3  # rules a card's abilities rely on, shown beside a question about it


def _card_and_concept(o: _Opened, card: tuple[str, str], version, lang, limit: int) -> list[dict]:
    """A query naming an FAQ card and a rules concept shows both: the card's block first, then
    the rules found by the other words (which the card's rulings would otherwise crowd out),
    with the rules the card's abilities rely on (``abilities.py``) after the first two of them."""
    name, rest = card
    block = _snippets([h for h in _run_words(o, name, _filter(version, lang, None), limit, snippets=False)
                       if h["kind"] in NON_CR_KINDS][:1], _query_tset(o, name), o.ru)
    rules = _run_words(o, rest, _filter(version, lang, "rule"), limit - len(block), group=False)
    text, abilities = o._card_text.get(name, ""), o.abilities
    lang_first = "ru" if _CYRILLIC.search(rest) else "en"
    with o.lock:
        allowed = o.docset(_filter(version, lang, "rule"))
        # the situations its text describes («конвертированной мана-стоимостью» -> 202.3)
        described = _situation_rules(o, o.situations.rules(query_terms(text, o.ru)), allowed, rest)
    shown = {h["id"] for h in rules}
    relied = abilities.rules(text, allowed, lang_first) + [f for f, _ in described]
    extra = [_hit(f, 0.0, set(), o.ru) for f in {f["id"]: f for f in relied if f["id"] not in shown}.values()]
    return (block + rules[:2] + extra[:MAX_RELIED] + rules[2:])[:limit]


def _run_numbers(o: _Opened, numbers: list[str], flt, limit: int) -> list[dict]:
    """The rules under ``numbers`` in document order (``numkey``, then the index's order), as
    Whoosh's search sorted by ``numkey`` gave them; from the postings sets and the numkey
    column read once (opening the column for every number query was most of its time)."""
    P = o.postings
    with o.lock:
        held = 0
        for n in numbers:
            held |= P.term("numpath", n)
        within = o.docmask(flt)
        if within is not None:
            held &= within
        keys = o.numkeys()
        docs = sorted((int(d) for d in np.flatnonzero(P.dense(held))), key=lambda d: (keys[d], d)) if held else []
        rows = [o.fields(d) for d in docs[:limit]]
    return [_hit(f, 0.0, set(), o.ru) for f in rows]


def _with_english(o: _Opened, hits: list[dict], u, version, lang, limit: int) -> list[dict]:
    """A Russian word query's hits fused with the English rules its words translate to
    (``translation.py``): the English ranking runs as the Russian one does, over the English
    rules of the same releases, and each of its rules is shown by its Russian twin (the same
    number and release) where there is one."""
    from judge_app.search import translation

    words, english = _english_ranking(o, u, version, lang)
    if not english:
        return hits
    with o.lock:
        # the rules a situation row names, and their subrules shown after them, keep the lead
        lead = _situation_lead(o, hits, words)
    return _fused(o, translation.fuse(hits, [h for h, _ in english], limit, lead), words)


def _english_ranking(o: _Opened, u, version, lang) -> tuple[list, list[tuple[dict, float]]]:
    """(the query's words, the English ranking's rules, best first, each shown by its Russian
    twin where there is one, with its English BM25F score): the ranking ``_with_english`` fuses
    (and ``combine.py`` scores)."""
    from judge_app.search import translation

    table = o.translations
    if not table:
        return [], []
    words = query_terms(u.search, o.ru, o.derivations)
    en_terms = [Alts(t, weak=weak) if weak else t
                for t, weak in translation.english_terms(words, table, RELATIVE_BOOST)]
    if not en_terms:
        return words, []
    english = _run_words(o, "", _filter(version, "en", "rule"), translation.EN_DEPTH, group=False,
                         question=u.question, terms=en_terms, snippets=False)
    if not english:
        return words, []
    with o.lock:
        twins = _russian_twins(o, [(h["version"], h["number"], None if lang == "ru" else h) for h in english])
    score = {(h["version"], h["number"]): h["score"] for h in english}
    return words, [(h, score[h["version"], h["number"]]) for h in twins]


def _past_blocks(hits: list[dict], lead: int) -> int:
    """``lead`` moved past the blocks (FAQ, scenarios: not rules) that follow it: a card
    query's blocks before its first rule keep their places through a fusion."""
    while lead < len(hits) and hits[lead]["kind"] != "rule":
        lead += 1
    return lead


def _card_english(o: _Opened, hits: list[dict], q: str, named, version, lang, limit: int) -> list[dict]:
    """A Russian query naming pool cards: the rest of the query (its card names left out,
    «жертвует цель в ответ») ranked among the English rules as ``_with_english`` ranks a word
    query, fused at ``translation.CARD_EN_WEIGHT``; the blocks before the first rule (the card's
    scenario or FAQ entry, ``card_query``) keep their places."""
    from judge_app.search import translation
    from judge_app.search.cardnames import CardNames

    if not translation.CARD_EN_WEIGHT:
        return hits
    words, english = _english_ranking(o, o.understood(CardNames.rest(q, named)), version, lang)
    if not english:
        return hits
    return _fused(o, translation.fuse(hits, [h for h, _ in english], limit, _past_blocks(hits, 0),
                                      weight=translation.CARD_EN_WEIGHT), words)


def _russian_twins(o: _Opened, found, lang: str = "ru") -> list[dict]:
    """The Russian (``lang``) rule hit of each (release, number, fallback): the fallback hit
    where the release has no text of that rule in that language (None: left out). Call with the
    lock held."""
    out = []
    for version, number, fallback in found:
        d = o.rule_of(version, number, lang)
        if d is not None:
            out.append(_hit(o.fields(d), 0.0, None, o.ru))
        elif fallback is not None:
            out.append(fallback)
    return out


def _situation_lead(o: _Opened, hits: list[dict], words) -> int:
    """How many first hits are the rules a situation row names (and their subrules): they keep
    the lead through every fusion. Call with the lock held."""
    from judge_app.search import translation

    heads = o.situations.rules(words)
    lead = 0
    while lead < len(hits) and hits[lead]["kind"] == "rule" and translation.inside(hits[lead]["number"], heads):
        lead += 1
    return lead


def _with_asked(o: _Opened, hits: list[dict], u, q: str, version, lang, limit: int,
                weight: float | None = None, blocks_lead: bool = False, shown: str = "ru") -> list[dict]:
    """A word query's hits fused with the rules whose written questions it is most like
    (``asked.py``): the query's own words and its understood words («сакнуть» -> пожертвовать).
    ``blocks_lead``: the blocks before the first rule (a card query's scenario or FAQ card,
    ``card_query``) keep their places. ``shown``: the language of the rules brought (a Russian
    query's are Russian, an English query's English)."""
    from judge_app.search import asked, translation

    words, found, lead = _asked_ranking(o, hits, u, q, version, lang, blocks_lead, shown)
    if not found:
        return hits
    weight = asked.WEIGHT if weight is None else weight
    return _fused(o, translation.fuse(hits, [h for h, _ in found], limit, lead, weight=weight,
                                      depth=asked.DEPTH), words)


def _asked_ranking(o: _Opened, hits: list[dict], u, q: str, version, lang, blocks_lead: bool = False,
                   shown: str = "ru") -> tuple[list, list[tuple[dict, float]], int]:
    """(the query's words, the question bank's rules, best first, each as its ``shown`` hit with
    the cosine of its best question, how many first ``hits`` keep their places): the ranking
    ``_with_asked`` fuses (and ``combine.py`` scores)."""
    from judge_app.search import asked, translation

    bank = o.asked
    if not bank.n or lang not in (None, "", shown):
        return [], [], 0
    derive = o.derivations if asked.DERIVED else None  # «атака» meets «атаковать»
    words = query_terms(u.search, o.ru, derive)
    if len(words) < asked.MIN_WORDS:  # one word («командир»): its title and glossary answer it
        return words, [], 0
    words += [w for w in query_terms(q, o.ru, derive) if w not in words]
    versions = _as_list(version) or None  # "" is every release, as in ``_filter``
    found = bank.rules(words, versions)
    if not found:
        return words, [], 0
    o.load_headings()
    named = query_terms(u.search, o.ru, o.derivations)
    if not o.names_variant(named):  # a question of the base game is not answered by chapters 8-9
        found = [f for f in found if not is_variant_rule(f[1])]
    if not found:
        return words, [], 0
    with o.lock:
        twins = _russian_twins(o, [(v, n, None) for v, n, _ in found], shown)
        lead = _situation_lead(o, hits, words)
        # a heading the question names by its whole title (508 «Шаг объявления атакующих»), and
        # the rules inside it that lead the hits, keep their places
        topics = o.topics(named) if u.question else []
        while lead < len(hits) and hits[lead]["kind"] == "rule" and translation.inside(hits[lead]["number"], topics):
            lead += 1
        if blocks_lead:
            lead = _past_blocks(hits, lead)
    cosine = {(v, n): c for v, n, c in found}
    return words, [(h, cosine[h["version"], h["number"]]) for h in twins], lead


def defining_hit(o: _Opened, ref: str, version: str, lang: str) -> dict | None:
    """The hit of the rule that defines a glossary reference ``ref`` in ``version``/``lang``
    (``defining.py``): the rule itself, or a heading's first rule (110 -> 110.1, 702.9 ->
    702.9a); None where the release lacks it. Also the offline pack's (``search_docs``)."""
    under = _run_numbers(o, [ref], _filter(version, lang, "rule"), 2)  # the rule, then its first rule
    if not under:
        return None
    first = under[1] if len(under) > 1 and under[0].get("_heading") else under[0]
    for h in under:
        h.pop("_heading", None)
    return first


def _definition_first(o: _Opened, hits: list[dict], u, q: str, version, lang, limit: int) -> list[dict]:
    """A definition question's hits with the rule that defines its term first (``defining.py``):
    the rule the glossary entry (or heading title) of the query's other words names — a
    heading's first rule for a heading — in the searched release (where every release is
    searched, the first of the rule hits' releases whose glossary holds the term)."""
    shown = "ru" if _CYRILLIC.search(q) else "en"  # the language of the query's rule
    if lang not in (None, "", shown):
        return hits
    versions = _as_list(version) or list(dict.fromkeys(h["version"] for h in hits if h.get("kind") == "rule"))
    words = query_terms(u.search, o.ru)
    for v in versions:
        ref = o.glossary.defined(words, v, shown)
        first = defining_hit(o, ref, v, shown) if ref is not None else None
        if first is not None:
            return ([first] + [h for h in hits if h.get("id") != first["id"]])[:limit]
    return hits


def _fused(o: _Opened, fused: list[dict], words) -> list[dict]:
    """The fused hits, a rule only the other ranking brought given its snippet."""
    tset = {t for alts in words for t in alts}
    for h in fused:
        if "_text" in h:  # a rule only the English ranking brought
            h["snippet"] = make_snippet(h.pop("_text"), tset, o.ru)
        h.pop("_heading", None)
    return fused


def search(index_dir, q, version=None, lang=None, kind=None, limit: int = 20) -> SearchResult:
    """Search ``index_dir``; see the module docstring. ``version``/``lang``/``kind`` take a
    string or a list of strings (None: no filter).

    A CR version ("2019-05-03") selects the rules, examples and glossary of that release
    *and* keeps the FAQ and 1998 rulebook records (kinds in ``NON_CR_KINDS``), which have no
    CR release; ``version="m2011"`` or ``"1998"`` selects those documents alone.
    """
    q = clean_query(q)
    limit = max(1, int(limit or 20))
    o = open_index(index_dir)

    readings = number_readings(q)
    if readings:
        flt = _filter(version, lang, kind if kind else "rule")
        for nums in readings:
            hits = _run_numbers(o, nums, flt, limit)
            if hits:
                return SearchResult(hits=hits)

    # scenarios come as one block of their own (``card_query.scenario_block``), not in the
    # word ranking, where their long summaries took the slots of the rules
    flt = _filter(version, lang, kind or WORD_KINDS)
    fixed = o.wrong_layout(q)
    if fixed and fixed != q:
        readings = number_readings(fixed)
        hits = []
        if readings:
            for nums in readings:
                hits = _run_numbers(o, nums, _filter(version, lang, kind if kind else "rule"), limit)
                if hits:
                    break
        if not hits:
            hits = _run_words(o, fixed, flt, limit, group=not isinstance(kind, str))
        if hits:
            return SearchResult(hits=hits, corrected_query=fixed,
                                note=f"показаны результаты для «{fixed}»")
    named = o.named_cards(q) if kind in (None, "", "scenario") else []
    if named:  # pool cards named: their scenarios and the rules those cite (``card_query``)
        from judge_app.search.card_query import cards_query

        hits, notes = cards_query(o, q, named, version, lang, kind, limit)
        if not kind and lang in (None, "", "ru") and _CYRILLIC.search(q):  # what it asks, in English too
            hits = _card_english(o, hits, q, named, version, lang, limit)
        if CARD_ASKED and not kind:  # the questions written about the cards (``asked.py``)
            from judge_app.search import asked

            if combine.ENABLED:  # the learned score (``combine.py``; off: measured, not kept)
                hits = combine.combined(o, hits, o.understood(q), q, version, lang, limit, "card")
            else:
                hits = _with_asked(o, hits, o.understood(q), q, version, lang, limit, weight=asked.CARD_WEIGHT,
                                   blocks_lead=True, shown="ru" if _CYRILLIC.search(q) else "en")
        if not kind and DEFINING and defining.asks_definition(q):  # «что такое заговор»: the rule, then the card
            hits = _definition_first(o, hits, o.understood(q), q, version, lang, limit)
        return SearchResult(hits=hits, note="; ".join(notes) or None)
    u = o.understood(q)
    notes: list[str] = []
    hits = _run_understood(o, u, version, lang, kind, flt, limit)
    if not kind:  # the scenarios that hold every word; a non-question borrows their rules
        from judge_app.search.card_query import scenario_lift

        hits = scenario_lift(o, hits, version, lang, u.search, q, limit, lend=not u.question)
    if not hits:  # nothing at all: correct dictionary words too («флэш» -> flash)
        loose = o.understood(q, loose=True)
        if loose.search != u.search:
            u, hits = loose, _run_understood(o, loose, version, lang, kind, flt, limit)
    if not hits:  # still nothing: an abbreviation of an English glossary term («лтб», «cmc»)
        spelled = o.acronyms.expand(q)
        if spelled:
            u = o.understood(spelled)
            hits = _run_understood(o, u, version, lang, kind, flt, limit)
            u = Understood(u.search, u.corrected or spelled, u.question)
    if not kind and lang in (None, "", "ru") and _CYRILLIC.search(q):
        if combine.ENABLED:  # the learned score (``combine.py``; off: measured, not kept)
            hits = combine.combined(o, hits, u, q, version, lang, limit, "ru")
        else:  # in English (``translation.py``)
            hits = _with_english(o, hits, u, version, lang, limit)
            # and among the questions judges ask about each rule (``asked.py``)
            hits = _with_asked(o, hits, u, q, version, lang, limit)
    elif not kind and lang in (None, "", "en") and ENGLISH_ASKED and _LATIN.search(q) and not _CYRILLIC.search(q):
        # an English query among the English questions (``rule_questions.EN_DIR``)
        from judge_app.search import asked

        if combine.ENABLED:  # the learned score (``combine.py``)
            hits = combine.combined(o, hits, u, q, version, lang, limit, "en")
        else:
            hits = _with_asked(o, hits, u, q, version, lang, limit, weight=asked.EN_WEIGHT, shown="en")
    if not kind and DEFINING and defining.asks_definition(q):  # «что считается перманентом» -> 110.1
        hits = _definition_first(o, hits, u, q, version, lang, limit)
    if u.corrected and u.corrected != q:
        notes.insert(0, f"показаны результаты для «{u.corrected}»")
        return SearchResult(hits=hits, corrected_query=u.corrected, note="; ".join(notes))
    return SearchResult(hits=hits, note="; ".join(notes) or None)
