"""Build the Whoosh full-text index from plain search-document dicts.

Each input dict::

    {"id": str (unique), "kind": "rule"|"example"|"glossary"|"ruling"|"card"|"rulebook",
     "doc_id": str, "version": str ("2019-05-03"; "m2011" for the FAQ, "1998" for the
     rulebook, "" otherwise), "lang": "ru"|"en", "number": str, "title": str, "text": str,
     "refs": "702.2 704.5h" (for glossary entries: the rules they point to),
     "is_title_rule": bool}

Fields: ``title`` (boosted), ``text``, and the glossary bridge ``en_terms`` / ``ru_terms``:
every glossary entry that points to rules adds its English headword(s) to ``en_terms`` and
its Russian headword(s) to ``ru_terms`` of those rules (same version, every language), so
``deathtouch`` finds 702.2 «Смертельное касание» and Russian terms find English rules.
A Russian headword of several senses («Взять, Ничья») with as many cited numbers (121, 104.4)
gives each number its own sense, in order, as the numbered senses of the definition do.
``cited`` holds the judges' language that cites a rule (``cited_texts``, ``sources.py``): FAQ
rulings, scenario titles and summaries, glossary definitions; the query weighs it
(``query.CITED_WEIGHT``) so «две легенды» reaches 704.5j through the texts about it.
``numpath`` holds every ancestor of a rule number ("704.5k" -> 704, 704.5, 704.5k) so a
number query returns a rule with all its subrules, or a section with all its rules.

Next to the Whoosh files the index directory holds ``en_vocab.txt``: the lower-case Latin
words of the indexed English text, the word list the wrong-layout detector trusts, and
``vocab.tsv``: every word of the indexed titles and texts in both languages (lower case,
ё folded) with its count and whether it occurs in a title or glossary headword, the list
the fuzzy fallback and the transliteration of slang choose from (``understand.py``).
"""
from __future__ import annotations

import json
import os
import re
import unicodedata
from collections import defaultdict
from collections.abc import Iterable

from whoosh import index as windex
from whoosh.fields import ID, KEYWORD, STORED, TEXT, Schema

from judge_app.search import asked, card_mechanisms, postings, spans, translation
from judge_app.search.analysis import DEFAULT_RU_ANALYSER, mixed_analyzer, word_terms

EN_VOCAB_FILE = "en_vocab.txt"
VOCAB_FILE = "vocab.tsv"
META_FILE = "search_meta.json"
RULE_WORDS_FILE = "rule_words.txt"  # the folded words of the rules' own titles and texts
TITLE_BOOST = 4.0
TERMS_BOOST = 2.0

_NUM = re.compile(r"\d{3}(?:\.\d+[a-z]?)?")
_LATIN_WORD = re.compile(r"[A-Za-z]+")
_ANY_WORD = re.compile(r"[A-Za-zА-Яа-яЁё]+")
_CYRILLIC = re.compile(r"[а-я]")


def _count_words(counts: dict[str, list[int]], text: str, in_title: bool) -> None:
    for w in _ANY_WORD.findall(text):
        w = w.lower().replace("ё", "е")
        c = counts.get(w)
        if c is None:
            c = counts[w] = [0, 0]
        c[0] += 1
        if in_title:
            c[1] = 1


def make_schema(ru: str = DEFAULT_RU_ANALYSER) -> Schema:
    ana = mixed_analyzer(ru)
    return Schema(
        id=ID(stored=True, unique=True),
        kind=ID(stored=True),
        doc_id=ID(stored=True),
        version=ID(stored=True),
        lang=ID(stored=True),
        number=ID(stored=True),
        numpath=KEYWORD(),
        numkey=ID(sortable=True),
        is_title_rule=ID(stored=True),
        refs=STORED(),
        title=TEXT(analyzer=ana, stored=True, field_boost=TITLE_BOOST, phrase=False),
        text=TEXT(analyzer=ana, stored=True, phrase=False),
        en_terms=TEXT(analyzer=ana, field_boost=TERMS_BOOST, phrase=False),
        ru_terms=TEXT(analyzer=ana, field_boost=TERMS_BOOST, phrase=False),
        # the judges' language that cites the rule (``cited_texts``); weighed at query time
        cited=TEXT(analyzer=ana, phrase=False),
        cards=KEYWORD(stored=True),     # a scenario's pool cards (``cardnames.card_key``)
        ref_version=STORED(),           # the release a scenario's ``refs`` are numbered in
        moved_refs=STORED(),            # «release n n …»: the same rules in the newest release (``sources.py``)
    )


def numpath(number: str) -> list[str]:
    """"704.5k" -> ["704", "704.5", "704.5k"]; "7" -> ["7"]; "" -> []."""
    if not number:
        return []
    out = [number]
    m = re.fullmatch(r"(\d{3})\.(\d+)([a-z]?)", number)
    if m:
        out = [m.group(1), f"{m.group(1)}.{m.group(2)}"]
        if m.group(3):
            out.append(number)
    return out


def numkey(number: str) -> str:
    """A key that sorts rule numbers in document order: "704.5k" -> "704.0005.k"."""
    m = re.fullmatch(r"(\d+)(?:\.(\d+)([a-z]?))?", number or "")
    if not m:
        return "~" + (number or "")
    return f"{int(m.group(1)):03d}.{int(m.group(2) or 0):04d}.{m.group(3) or ''}"


def split_terms(title: str) -> tuple[str, str]:
    """A glossary title "Deathtouch / Смертельное касание" -> ("Deathtouch", "Смертельное касание").

    The title may join the headwords with any separator; words go by script.
    """
    en, ru = [], []
    for w in re.findall(r"[^\W_]+(?:['’-][^\W_]+)*", title):
        if re.search(r"[А-Яа-яЁё]", w):
            ru.append(w)
        elif re.search(r"[A-Za-z]", w):
            en.append(w)
    return " ".join(en), " ".join(ru)


def _bridge(docs: list[dict]) -> dict[tuple[str, str], tuple[list[str], list[str]]]:
    """(version, number) -> (English terms, Russian terms) from the glossary entries."""
    out: dict[tuple[str, str], tuple[list[str], list[str]]] = defaultdict(lambda: ([], []))
    entries = []
    ru_of: dict[str, str] = {}  # English headword -> Russian, from bilingual entries
    en_of: dict[str, str] = {}
    for d in docs:
        if d.get("kind") != "glossary":
            continue
        if d.get("term_en") is not None or d.get("term_ru") is not None:
            en, ru = (d.get("term_en") or "").strip(), (d.get("term_ru") or "").strip()
        else:
            en, ru = split_terms(d.get("title") or "")
        if en and ru:
            ru_of.setdefault(en.lower(), ru)
            en_of.setdefault(ru.lower(), en)
        entries.append((d, en, ru))
    for d, en, ru in entries:
        refs = (d.get("refs") or "").split()
        if not refs:
            continue
        # an English-only glossary (the 2020 release) borrows the Russian headword of the
        # same English term from another release's bilingual glossary, and vice versa
        ru = ru or ru_of.get(en.lower(), "")
        en = en or en_of.get(ru.lower(), "")
        senses = [x.strip() for x in ru.split(",") if x.strip()]
        paired = len(senses) > 1 and len(senses) == len(refs)
        for i, num in enumerate(refs):
            en_l, ru_l = out[(d.get("version") or "", num)]
            # «Draw / Взять, Ничья» cites 121 then 104.4: one Russian word per sense, in order
            ru_here = senses[i] if paired else ru
            if en and en not in en_l:
                en_l.append(en)
            if ru_here and ru_here not in ru_l:
                ru_l.append(ru_here)
    return out


CITED_CHARS = 3000  # distinct words of citing texts kept per rule (a few rules are cited by hundreds)
CITING_KINDS = ("cite", "scenario", "glossary")


def cited_texts(docs: list[dict]) -> dict[tuple[str, str, str], str]:
    """(version, number, language) -> the words of the texts in that language that cite that
    rule: FAQ rulings and scenarios (``sources.py``: ``refs`` in ``ref_version``) and glossary
    definitions (``refs`` in their release). Each text once per rule, at most ``CITED_CHARS``
    characters in all. A release no text cites (a newer CR) simply has no such words; a
    Russian text lends its words to the Russian rule, an English one to the English."""
    out: dict[tuple[str, str, str], list[str]] = defaultdict(list)
    size: dict[tuple[str, str, str], int] = defaultdict(int)
    for d in docs:
        if d.get("kind") not in CITING_KINDS:
            continue
        version = d.get("ref_version") or d.get("version") or ""
        text = " ".join(x for x in (d.get("title") or "", d.get("text") or "") if x)
        for num in dict.fromkeys((d.get("refs") or "").split()):
            key = (version, num, d.get("lang") or "ru")
            if size[key] < CITED_CHARS:
                out[key].append(text)
                size[key] += len(text) + 1
    # each word once: what counts is that the judges' words reach the rule, not how often
    # (and the field stays small: the index build grows by seconds, not minutes)
    return {k: " ".join(dict.fromkeys(_ANY_WORD.findall(" ".join(v).lower())))[:CITED_CHARS]
            for k, v in out.items()}


def build_index(index_dir: str | os.PathLike, docs: Iterable[dict], *,
                ru: str = DEFAULT_RU_ANALYSER, bridge: bool = True) -> dict:
    """(Re)create the index in ``index_dir`` from ``docs``; returns a small stats dict.

    An index already in the directory is replaced. One writer, one commit. ``bridge=False`` leaves the
    glossary bridge out (the benchmark uses it to see how much the bridge does).
    """
    index_dir = os.fspath(index_dir)
    docs = list(docs)
    os.makedirs(index_dir, exist_ok=True)
    ix = windex.create_in(index_dir, make_schema(ru))
    terms = _bridge(docs) if bridge else {}
    cited = cited_texts(docs) if bridge else {}
    vocab: set[str] = set()
    rule_words: set[str] = set()
    counts: dict[str, list[int]] = {}
    seen: set[str] = set()
    w = ix.writer(procs=1, limitmb=512)
    try:
        for d in docs:
            if d.get("kind") in ("cite", "asked"):  # carries words to the rules it cites, not a result
                continue
            did = str(d["id"])
            if did in seen:
                raise ValueError(f"duplicate search document id {did!r}")
            seen.add(did)
            number = d.get("number") or ""
            version = d.get("version") or ""
            title = unicodedata.normalize("NFC", d.get("title") or "")
            text = unicodedata.normalize("NFC", d.get("text") or "")
            lang = d.get("lang") or ""
            fields = dict(
                id=did,
                kind=d.get("kind") or "",
                doc_id=d.get("doc_id") or "",
                version=version,
                lang=lang,
                number=number,
                is_title_rule="1" if d.get("is_title_rule") else "0",
                refs=d.get("refs") or "",
                title=title,
                text=text,
            )
            np_ = numpath(number)
            if np_:
                fields["numpath"] = " ".join(np_)
            fields["numkey"] = numkey(number)
            if d.get("cards"):
                fields["cards"] = d["cards"]
            if d.get("ref_version"):
                fields["ref_version"] = d["ref_version"]
            if d.get("moved_refs"):
                fields["moved_refs"] = d["moved_refs"]
            if d.get("kind") == "rule":
                rule_words.update(x.lower().replace("ё", "е") for x in _ANY_WORD.findall(title + " " + text))
            if number and d.get("kind") == "rule":
                t = terms.get((version, number))
                if t:
                    fields["en_terms"] = " ; ".join(t[0])
                    fields["ru_terms"] = " ; ".join(t[1])
                c = cited.get((version, number, lang))
                if c:
                    fields["cited"] = c
            # a scenario's title is prose, not a rules title: counted as text, so a word of it
            # («регенерация») still leads to the title words of its root (``derive.py``)
            _count_words(counts, title, d.get("kind") != "scenario")
            _count_words(counts, text, False)
            if lang == "en":
                vocab.update(x.lower() for x in _LATIN_WORD.findall(title))
                vocab.update(x.lower() for x in _LATIN_WORD.findall(text))
            elif d.get("kind") == "glossary":
                vocab.update(x.lower() for x in _LATIN_WORD.findall(split_terms(title)[0]))
            w.add_document(**fields)
    except BaseException:
        w.cancel()
        raise
    w.commit()
    with open(os.path.join(index_dir, EN_VOCAB_FILE), "w", encoding="utf-8") as f:
        f.write("\n".join(sorted(vocab)))
    with open(os.path.join(index_dir, RULE_WORDS_FILE), "w", encoding="utf-8") as f:
        f.write("\n".join(sorted(rule_words)))
    with open(os.path.join(index_dir, VOCAB_FILE), "w", encoding="utf-8") as f:
        # the fourth column: a Russian word's index terms, so searches need not run pymorphy3
        # on the words of their hits' texts again (``load_word_terms``)
        f.write("".join(f"{w}\t{n}\t{t}\t{' '.join(word_terms(w, ru)) if _CYRILLIC.search(w) else ''}\n"
                        for w, (n, t) in sorted(counts.items())))
    # what each pool card's abilities bring: its mechanisms' rules, per release (``card_mechanisms``)
    card_rules = card_mechanisms.save(index_dir)
    # the OCR decoder's word-translation model turned Russian -> English (``translation.py``)
    translated = translation.save(index_dir, docs)
    # the questions judges ask about each rule, as short documents of their own (``asked.py``)
    questions = asked.save(index_dir, docs, ru)
    # every ranked word's documents and BM25F scores, so a search reads no posting blocks
    scored_postings = postings.save_scores(index_dir)
    # every document's snippet words, so a search's first snippet of a text analyses nothing
    text_spans = spans.save(index_dir, ru)
    stats = {"documents": len(seen), "ru_analyser": ru, "bridge": bridge,
             "bridged_numbers": len(terms), "cited_numbers": len(cited), "en_vocab": len(vocab),
             "card_rules": card_rules, "scored_postings": scored_postings,
             "translated_lemmas": translated, "asked_questions": questions, "text_spans": text_spans}
    with open(os.path.join(index_dir, META_FILE), "w", encoding="utf-8") as f:
        json.dump(stats, f, ensure_ascii=False)
    return stats


def load_rule_words(index_dir: str | os.PathLike) -> frozenset[str]:
    """The folded words of the indexed rules (``RULE_WORDS_FILE``; empty if there is none)."""
    try:
        with open(os.path.join(os.fspath(index_dir), RULE_WORDS_FILE), encoding="utf-8") as f:
            return frozenset(line for line in f.read().split("\n") if line)
    except FileNotFoundError:
        return frozenset()


def load_en_vocab(index_dir: str | os.PathLike) -> frozenset[str]:
    """The English word list saved with the index (empty if there is none)."""
    try:
        with open(os.path.join(os.fspath(index_dir), EN_VOCAB_FILE), encoding="utf-8") as f:
            return frozenset(line for line in f.read().split("\n") if line)
    except FileNotFoundError:
        return frozenset()


def load_vocab(index_dir: str | os.PathLike) -> dict[str, tuple[int, bool]]:
    """word -> (count, occurs in a title) from ``vocab.tsv`` (empty if there is none)."""
    out: dict[str, tuple[int, bool]] = {}
    try:
        with open(os.path.join(os.fspath(index_dir), VOCAB_FILE), encoding="utf-8") as f:
            for line in f:
                w, n, t = line.rstrip("\n").split("\t")[:3]
                out[w] = (int(n), t == "1")
    except FileNotFoundError:
        pass
    return out


def load_word_terms(index_dir: str | os.PathLike) -> dict[str, tuple[str, ...]]:
    """word -> its index terms, for the Russian words of ``vocab.tsv`` (as the builder's
    analyser gave them; empty for an index saved without them)."""
    out: dict[str, tuple[str, ...]] = {}
    try:
        with open(os.path.join(os.fspath(index_dir), VOCAB_FILE), encoding="utf-8") as f:
            for line in f:
                row = line.rstrip("\n").split("\t")
                if len(row) > 3 and row[3]:
                    out[row[0]] = tuple(row[3].split(" "))
    except FileNotFoundError:
        pass
    return out


def load_meta(index_dir: str | os.PathLike) -> dict:
    try:
        with open(os.path.join(os.fspath(index_dir), META_FILE), encoding="utf-8") as f:
            return json.load(f)
    except FileNotFoundError:
        return {}
