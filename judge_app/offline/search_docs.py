"""The offline search's documents and query tables, prepared by the Python build.

The phone cannot run pymorphy3, so the build does the Russian morphology here, with the
server's own analyser (``search.analysis.word_terms``): every document's title and text
become the index terms the online index holds for them — pymorphy3 lemmas for Russian words
(every reading of an ambiguous word, as online), English Snowball stems, ``ё`` folded to
``е``, the index's stop words dropped, rule numbers and «+1/+1» kept whole. ``build_index.mjs``
(Node, MiniSearch) indexes those terms as they are.

A query is read on the phone with two tables of the corpus's vocabulary (the words of the
online index, ``index.load_vocab``): ``words`` (a word -> its lemmas, where they differ from
the word) and ``stems`` (a Snowball stem -> the lemmas of the corpus words with that stem), so
a form the corpus never prints («легендами») still meets its lemma through Snowball's
JavaScript port (npm ``snowball-stemmers``, pinned) on the phone. The derivation the server
adds to a query word (``search.derive``: title words of its root, synonyms; its verb family
and related words at a lower weight) comes from the server's own ``Derivations`` over the same
vocabulary, keyed by lemma.

Besides the documents, the pack carries what the search box understands online: the slang
file (``search/data/slang.tsv``), the keyboard layouts (``search.layout``) and the
number readings (``corpus.numbering``), so the phone reads them from the same source; and the
question bank (``search.asked``: the written questions of each rule and pool card, as the
server saved them beside its index), so the phone fuses the same rules into its hits; and the
terms a definition question names (``search.defining``: «что такое полёт» -> 702.9a), each with
the rule that defines it already resolved, so the phone needs no rule order of its own.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

from ..corpus import numbering
from ..corpus.lookup import Corpus
from ..search import analysis, layout, understand

TOKEN = re.compile(analysis.TOKEN_PATTERN)
CYR = re.compile(r"[а-я]")
SNIPPET = 160  # characters of text a hit shows


def terms(text: str) -> str:
    """The text as the online index holds it (``analysis.word_terms``, the server's default
    analyser): index terms separated by spaces."""
    return " ".join(t for m in TOKEN.finditer(text or "") for t in analysis.word_terms(m.group()))


def opened_index():
    """The server's opened search index of the current build (its vocabulary and derivations)."""
    from .. import paths
    from ..search.query import open_index

    return open_index(paths.index_dir())


def _snippet(text: str) -> str:
    text = " ".join((text or "").split())
    return text if len(text) <= SNIPPET else text[:SNIPPET].rsplit(" ", 1)[0] + " …"


def bridges(corpus: Corpus) -> tuple[dict, dict]:
    """What the online index adds to a rule besides its own words (``search.index``), made by
    the same functions from the same documents: the glossary's headwords that point to it
    (``_bridge``: (version, number) -> (English, Russian) terms) and the judges' language that
    cites it (``cited_texts``: FAQ rulings, scenarios, glossary definitions; (version, number,
    language) -> words)."""
    import sqlite_utils

    from ..search import index, sources

    search_docs = list(sources.search_documents(sqlite_utils.Database(corpus.db_file)))
    return index._bridge(search_docs), index.cited_texts(search_docs)


def documents(corpus: Corpus, versions: list[str], glossary_version: str) -> list[dict]:
    """Every record the offline search finds: ``id``; ``t``/``x`` terms of title and text,
    ``b`` of the glossary headwords pointing to a rule, ``c`` of the texts citing it
    (searched, as the online fields title/text, en_terms+ru_terms and cited); ``k`` kind,
    ``n`` rule number, ``v`` version, ``g`` language, ``ti`` title, ``s`` the start of the
    text, ``u`` the page (stored, shown)."""
    docs: list[dict] = []
    headwords, cited = bridges(corpus)

    def add(kind, number, version, lang, title, text, url, extra=""):
        doc = {"id": len(docs), "t": terms(title), "x": terms(text + "\n" + extra),
               "k": kind, "n": number, "v": version, "g": lang, "ti": title, "s": _snippet(text), "u": url}
        if kind == "rule":
            en, ru = headwords.get((version, number), ((), ()))
            if en or ru:
                doc["b"] = terms(" ".join([*en, *ru]))
            if cited.get((version, number, lang)):
                doc["c"] = terms(cited[(version, number, lang)])
        docs.append(doc)

    marks = ",".join("?" * len(versions))
    examples: dict[tuple, list[str]] = {}
    for e in corpus.rows(f"select rule_number, version, lang, text from examples where version in ({marks})", versions):
        examples.setdefault((e["rule_number"], e["version"], e["lang"]), []).append(e["text"])
    for r in corpus.rows(f"select number, version, lang, title, text from rules where version in ({marks})", versions):
        add("rule", r["number"], r["version"], r["lang"], r["title"] or "", r["text"] or "",
            f"/rules/{r['number']}", "\n".join(examples.get((r["number"], r["version"], r["lang"]), ())))
    for g in corpus.rows("select term_ru, term_en, definition, lang, version from glossary where version = ?",
                         (glossary_version,)):
        title = " / ".join(t for t in (g["term_en"], g["term_ru"]) if t)
        add("glossary", "", g["version"], g["lang"], title, g["definition"] or "",
            "/glossary?q=" + (g["term_ru"] or g["term_en"] or ""))
    if corpus.table_exists("cards"):
        for c in corpus.rows("select * from cards order by position"):
            text = "\n".join(x for x in (c.get("type_line"), c.get("rules_text")) if x)
            add("card", "", "m2011", "ru", c["name"], text, f"/faq/{c['position']}")
        for r in corpus.rows("select r.position, r.text, r.topic, c.name as card_name, c.position as card_pos "
                             "from rulings r left join cards c on c.id = r.card_id order by r.position"):
            url = f"/faq/{r['card_pos']}#r{r['position']}" if r["card_pos"] is not None else f"/faq#r{r['position']}"
            add("ruling", "", "m2011", "ru", r["card_name"] or r["topic"] or "", r["text"] or "", url)
    if corpus.table_exists("topics"):
        for i, t in enumerate(corpus.topics()):
            add("rulebook", "", "1998", "ru", t["title"], t["text"] or "", f"/rulebook#t{i}")
    return docs


def vocabulary_tables(opened, extra_words=(), indexed: set[str] = frozenset()) -> dict[str, dict[str, list[str]]]:
    """The phone's reading of Russian words, from the online index's vocabulary (and
    ``extra_words``: the words the query tables bring, slang meanings and situations):
    ``words`` {word: its index terms}, left out where the only term is the word itself and the
    phone's index holds it (``indexed``: the phone finds it there as it is), ``stems``
    {Snowball stem: the terms of the words with that stem} for a word outside the vocabulary;
    and ``en`` {English word: the server's stem}: the server's Snowball (PyStemmer) is newer than
    the phone's JavaScript port and stems a few words otherwise (organized: organiz / organ), so
    the phone takes the corpus's English words' stems from here and stems only other words."""
    vocab = opened.vocabulary
    pool = {w for w in (vocab.ru if vocab else ())} | {understand.fold(w) for w in extra_words}
    words: dict[str, list[str]] = {}
    by_stem: dict[str, set[str]] = {}
    for w in sorted(pool):
        if not CYR.search(w) or w in analysis.RU_STOP:
            continue
        found = analysis.word_terms(w)
        if not found:
            continue
        if list(found) != [w] or w not in indexed:
            words[w] = list(found)
        by_stem.setdefault(analysis.ru_stem(w), set()).update(found)
    english = {w: analysis.en_stem(w) for w in sorted(vocab.en if vocab else ())
               if w not in analysis.EN_STOP and not CYR.search(w)}
    return {"words": words, "stems": {k: sorted(v) for k, v in sorted(by_stem.items())}, "en": english}


def alternatives(opened, words: dict[str, list[str]]) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    """What the server adds to a query word (``query.query_terms`` with ``search.derive``), for
    every Russian word the phone can read, keyed by the word's index terms: ``alt`` the title
    words of its root and its synonyms (full alternatives online), ``weak`` its verb family and
    related words (online at ``query.RELATIVE_BOOST``)."""
    derive = opened.derivations
    alt: dict[str, set[str]] = {}
    weak: dict[str, set[str]] = {}
    vocab = opened.vocabulary
    pool = sorted({*words, *(w for w in (vocab.ru if vocab else ()) if w not in analysis.RU_STOP)})
    for w in pool:
        own = analysis.word_terms(w)
        if not own:
            continue
        full = [t for t in dict.fromkeys(derive.extra_terms(w) + derive.synonyms(w)) if t not in own]
        rel = [t for t in derive.relatives(w) if t not in own and t not in full]
        for key in own:
            if full:
                alt.setdefault(key, set()).update(full)
            if rel:
                weak.setdefault(key, set()).update(rel)
    pack = lambda d: {k: sorted(v) for k, v in sorted(d.items()) if v}  # noqa: E731
    return pack(alt), pack(weak)


def situations() -> list[dict]:
    """The reviewed situations file (``search/data/situations.tsv``) as index terms: ``w`` per
    word of the situation its alternatives' terms, ``r`` the rule a query holding every word shows first."""
    from ..search.situations import load_situations

    out = []
    for s in load_situations():
        words = [sorted({t for a in alts for t in (terms(a).split() or [a.lower()])}) for alts in s.words]
        out.append({"w": words, "r": s.rule})
    return out


def variant_terms(corpus: Corpus, version: str) -> list[str]:
    """Terms that title only rules of chapters 8 and 9 (multiplayer and casual variants): a query
    holding none of them asks about the ordinary game, and those chapters go below the others
    (as ``search.arrange.base_game_first`` does online)."""
    rows = corpus.rows("select number, title from rules where version = ? and title != ''", (version,))
    variant = {t for r in rows if r["number"][0] in "89" for t in terms(r["title"]).split()}
    base = {t for r in rows if r["number"][0] not in "89" for t in terms(r["title"]).split()}
    return sorted(variant - base)


def query_tables() -> dict:
    """What the phone needs to read a query as the server does: ``slang`` (folded words ->
    what they mean), the layouts (``en_keys``/``ru_keys``, key by key), the number readings
    (``lookalike``, ``layout_letters``, ``subrule_letters``), the Cyrillic-to-Latin readings
    (``translit``), the stop words and the question
    words (a word, or its first lemma, is one of them: ``understand.is_question_word``), the
    weight of the words citing a rule (``cited_weight``: the server's ``search.query.CITED_WEIGHT``)
    and of a word's verb family and related words (``relative_boost``: ``query.RELATIVE_BOOST``)."""
    from ..search.query import CITED_WEIGHT, RELATIVE_BOOST

    slang = {" ".join(k): e.means for k, e in understand.load_slang().items()}
    return {"slang": slang, "cited_weight": CITED_WEIGHT, "slang_endings": understand._ENDING.pattern,
            "slang_noun": understand._SHKA.pattern,
            "en_keys": layout._EN_KEYS, "ru_keys": layout._RU_KEYS,
            "lookalike": numbering.LOOKALIKE, "layout_letters": numbering.LAYOUT,
            "subrule_letters": numbering.SUBRULE_LETTERS,
            "translit": understand._TRANSLIT, "translit_variants": understand._TRANSLIT_VARIANTS,
            "ru_stop": sorted(analysis.RU_STOP), "en_stop": sorted(analysis.EN_STOP),
            "ru_question": sorted(understand.RU_QUESTION), "en_question": sorted(understand.EN_QUESTION),
            "relative_boost": RELATIVE_BOOST}


def question_bank(index_dir, words: dict[str, list[str]]) -> dict:
    """The server's question bank (``search.asked``: ``asked.json`` beside the index, the terms
    already the index's) for the phone, compact: ``versions``, ``rules`` and ``terms`` once each;
    ``sets`` the distinct questions, each its sorted term ids; ``rows`` flat triples (version id,
    rule id, set id), one per saved row in the file's order (the order breaks ties, as online).
    ``words``: the questions' own word forms {word: term ids} where the phone's word table
    (``words``, the index's vocabulary) does not already read them so: the questions are not
    indexed, and the server reads a query's words with pymorphy3 («напасть», «убили»). They
    serve the bank alone: in the word table they would stop the phone's corrections
    («трамплер» read as a question's word, not as trample).
    With the constants read from the server's modules: ``weight`` (``asked.WEIGHT``),
    ``card_weight``, ``depth``, ``min_cosine``, ``votes``, ``vote_weight`` and ``k`` (the fusion's
    ``translation.RRF_K``).
    An index saved without questions gives an empty bank."""
    from ..search import asked, rule_questions, translation

    try:
        rows = json.loads((Path(index_dir) / asked.ASKED_FILE).read_text(encoding="utf-8"))
    except FileNotFoundError:
        rows = []
    ids = lambda items: {x: i for i, x in enumerate(items)}  # noqa: E731
    versions = sorted({r[0] for r in rows})
    rules = sorted({r[1] for r in rows})
    terms = sorted({t for r in rows for t in r[2]})
    vid, rid, tid = ids(versions), ids(rules), ids(terms)
    sets: dict[tuple, int] = {}
    flat: list[int] = []
    for version, rule, words in rows:
        key = tuple(sorted(tid[t] for t in words))
        flat += [vid[version], rid[rule], sets.setdefault(key, len(sets))]
    forms = {understand.fold(w) for d in rule_questions.citation_documents() for w in re.findall(r"[А-Яа-яЁё]+", d["text"])}
    own: dict[str, list[int]] = {}
    for w in sorted(forms):
        found = [t for t in analysis.word_terms(w) if t in tid]
        if found and w not in words:  # a word of the table is read there as the server reads it
            own[w] = [tid[t] for t in found]
    return {"versions": versions, "rules": rules, "terms": terms, "sets": [list(k) for k in sets], "rows": flat,
            "words": own,
            "weight": asked.WEIGHT, "card_weight": asked.CARD_WEIGHT, "depth": asked.DEPTH,
            "min_cosine": asked.MIN_COSINE, "votes": asked.VOTES, "vote_weight": asked.VOTE_WEIGHT, "min_words": asked.MIN_WORDS, "derived": asked.DERIVED, "k": translation.RRF_K}


def js_regex(pattern: re.Pattern) -> dict:
    """A compiled Python regex for JavaScript's ``new RegExp(source, flags)``: the server's own
    pattern, refused where it uses what JavaScript reads otherwise (named groups, inline flags,
    ``\\A``/``\\Z``). Without the ``u`` flag: under it ``\\"`` is a syntax error."""
    source = pattern.pattern
    if re.search(r"\(\?P|\(\?[aiLmsux]+[:)]|\\[AZ]", source):
        raise ValueError(f"a pattern JavaScript would read otherwise: {source!r}")
    return {"source": source, "flags": "i" if pattern.flags & re.I else ""}


def definitions(opened, versions: list[str]) -> dict:
    """The definition step of the server (``search.defining``, ``query._definition_first``) for
    the phone: ``question`` the server's ``DEFINITION`` regex (``js_regex``), ``markers`` its
    ``MARKER_WORDS`` with their index terms (``Glossary.markers``), ``slack`` its ``SLACK``;
    ``terms`` the index terms once each; ``entries`` per "release|language" the server's glossary
    and heading terms (``opened.glossary``: the same entries in the same order, a tie goes to the
    first) as [per word of the term its alternative term ids, the rule that answers] — the rule
    the term names or, for a heading, its first rule, looked up as the server does
    (``query.defining_hit``), or None where the release lacks the rule (the server then leaves
    the hits as they are)."""
    from ..search import defining
    from ..search.query import defining_hit

    glossary = opened.glossary
    vocab: dict[str, int] = {}
    entries: dict[str, list] = {}
    for version in versions:
        for lang in ("ru", "en"):
            answers: dict[str, str | None] = {}
            rows = []
            for words, ref in glossary.terms.get((version, lang), ()):
                if ref not in answers:
                    first = defining_hit(opened, ref, version, lang)
                    answers[ref] = first["number"] if first else None
                ids = [sorted(vocab.setdefault(t, len(vocab)) for t in alts) for alts in words]
                rows.append([ids, answers[ref]])
            if rows:
                entries[f"{version}|{lang}"] = rows
    return {"question": js_regex(defining.DEFINITION), "markers": sorted(glossary.markers),
            "slack": defining.SLACK, "terms": list(vocab), "entries": entries}
