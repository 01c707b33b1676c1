"""The offline search's documents and query tables, prepared by the Python build.

The phone cannot run pymorphy3, so the build does the Russian morphology here: every
document's title and text become Snowball stems (PyStemmer: Russian for Cyrillic words,
English for Latin ones, ``ё`` folded to ``е``, the index's stop words dropped, rule numbers
and «+1/+1» kept whole — the same tokens as ``search.analysis``). The browser stems a query
with Snowball's JavaScript port (npm ``snowball-stemmers``, the same algorithm), and
``build_index.mjs`` (Node, MiniSearch) indexes the stems as they are.

Besides the documents, the pack carries what the search box understands online: the slang
file (``search/data/slang.tsv``), the keyboard layouts (``search.layout``) and the
number readings (``corpus.numbering``), so the phone reads them from the same source.
"""
from __future__ import annotations

import re

import Stemmer

from ..corpus import numbering
from ..corpus.lookup import Corpus
from ..search import analysis, layout, understand

TOKEN = re.compile(analysis.TOKEN_PATTERN)
SNIPPET = 160  # characters of text a hit shows
_stemmers = {"ru": Stemmer.Stemmer("russian"), "en": Stemmer.Stemmer("english")}


def stems(text: str) -> str:
    """The text as the offline index holds it: stems separated by spaces."""
    out = []
    for m in TOKEN.finditer(text or ""):
        w = m.group().lower().replace("ё", "е")
        if w[0].isdigit() or w[0] in "+-":
            out.append(w)
        elif re.match(r"[а-я]", w):
            if w not in analysis.RU_STOP:
                out.append(_stemmers["ru"].stemWord(w))
        elif w not in analysis.EN_STOP:
            out.append(_stemmers["en"].stemWord(w))
    return " ".join(out)


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
    """Every record the offline search finds: ``id``; ``t``/``x`` stems of title and text,
    ``b`` of the glossary headwords pointing to a rule, ``c`` of the texts citing it
    (searched, as the online fields title/text, en_terms+ru_terms and cited); ``k`` kind,
    ``n`` rule number, ``v`` version, ``g`` language, ``ti`` title, ``s`` the start of the
    text, ``u`` the page (stored, shown)."""
    docs: list[dict] = []
    terms, cited = bridges(corpus)

    def add(kind, number, version, lang, title, text, url, extra=""):
        doc = {"id": len(docs), "t": stems(title), "x": stems(text + "\n" + extra),
               "k": kind, "n": number, "v": version, "g": lang, "ti": title, "s": _snippet(text), "u": url}
        if kind == "rule":
            en, ru = terms.get((version, number), ((), ()))
            if en or ru:
                doc["b"] = stems(" ".join([*en, *ru]))
            if cited.get((version, number, lang)):
                doc["c"] = stems(cited[(version, number, lang)])
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


MIN_STEM = 4


def alternatives(corpus: Corpus, versions: list[str], glossary_version: str) -> dict[str, list[str]]:
    """Derivation for the phone, which has no pymorphy3 (``search.derive`` does it online):
    ``{stem: [title stems]}``. A word of the corpus whose stem is not a title word's stem but whose
    pymorphy3 lemma's stem is (уничтоженное -> уничтожить, «Уничтожить» 701.7) links its stem to
    the title's; the reviewed derivations file (летать -> полёт) and the related words' groups
    (атака / атаковать) link their words' stems too. A query word reached this way counts at a
    lower weight (``search.js``: ALT_WEIGHT). The forms of a title word's lexeme are linked the
    same way, so a form the corpus never prints still finds its title."""
    from ..search import derive, related
    from ..search.analysis import morph, ru_lemmas

    def lemmas(word: str) -> set[str]:
        """The word's normal forms, and a participle's or gerund's verb (уничтоженное -> уничтожить)."""
        out = set(ru_lemmas(word))
        for p in morph().parse(word)[:3]:
            if p.tag.POS in ("PRTF", "PRTS", "GRND"):
                verb = p.inflect({"INFN"})
                if verb is not None:
                    out.add(verb.word.replace("ё", "е"))
        return out

    marks = ",".join("?" * len(versions))
    titles = [r["title"] for r in corpus.rows(
        f"select distinct title from rules where version in ({marks}) and title != ''", versions)]
    titles += [g["term_ru"] for g in corpus.rows(
        "select distinct term_ru from glossary where version = ? and term_ru != ''", (glossary_version,))]
    title_stems = {t for title in titles for t in stems(title).split() if len(t) >= MIN_STEM}
    words: set[str] = set()
    for r in corpus.rows(f"select title, text from rules where version in ({marks}) and lang = 'ru'", versions):
        words.update(w.lower().replace("ё", "е") for w in re.findall(r"[А-Яа-яЁё]+", (r["title"] or "") + " " + (r["text"] or "")))
    out: dict[str, set[str]] = {}
    ru = _stemmers["ru"]
    for w in words:
        if len(w) < MIN_STEM + 1 or w in analysis.RU_STOP:
            continue
        own = ru.stemWord(w)
        if own in title_stems:
            continue
        for lemma in lemmas(w):
            target = ru.stemWord(lemma)
            if target != own and target in title_stems:
                out.setdefault(own, set()).add(target)
    # every form of a title word's lexeme (a verb's participles too: «Уничтожить» -> уничтоженное)
    for title in titles:
        for w in re.findall(r"[А-Яа-яЁё]+", title):
            w = w.lower().replace("ё", "е")
            target = ru.stemWord(w)
            if len(w) < MIN_STEM + 1 or w in analysis.RU_STOP or target not in title_stems:
                continue
            for p in morph().parse(w)[:2]:
                for form in p.lexeme:
                    st = ru.stemWord(form.word.replace("ё", "е"))
                    if st != target and len(st) >= MIN_STEM and st not in title_stems:
                        out.setdefault(st, set()).add(target)
    for lemma, targets in derive.load_derivations().items():
        for key in {ru.stemWord(lemma)}:
            out.setdefault(key, set()).update(t for target in targets for t in stems(target).split())
    for group, _relation, _source, _line in related.load_related():
        group_stems = [stems(w) for w in group]
        for i, st in enumerate(group_stems):
            for j, other in enumerate(group_stems):
                if i != j and st and other and st != other:
                    out.setdefault(st, set()).add(other)
    return {k: sorted(v) for k, v in sorted(out.items()) if v}


def situations() -> list[dict]:
    """The reviewed situations file (``search/data/situations.tsv``) as stems: ``w`` per word of
    the situation its alternatives' stems, ``r`` the rule a query holding every word shows first."""
    from ..search.situations import load_situations

    out = []
    for s in load_situations():
        words = [sorted({t for a in alts for t in (stems(a).split() or [a.lower()])}) for alts in s.words]
        out.append({"w": words, "r": s.rule})
    return out


def variant_terms(corpus: Corpus, version: str) -> list[str]:
    """Stems that title only rules of chapters 8 and 9 (multiplayer and casual variants): a query
    holding none of them asks about the ordinary game, and those chapters go below the others
    (as ``search.arrange.base_game_first`` does online)."""
    rows = corpus.rows("select number, title from rules where version = ? and title != ''", (version,))
    variant = {t for r in rows if r["number"][0] in "89" for t in stems(r["title"]).split()}
    base = {t for r in rows if r["number"][0] not in "89" for t in stems(r["title"]).split()}
    return sorted(variant - base)


def query_tables() -> dict:
    """What the phone needs to read a query as the server does: ``slang`` (folded words ->
    what they mean), the layouts (``en_keys``/``ru_keys``, key by key), the number readings
    (``lookalike``, ``layout_letters``, ``subrule_letters``), the Cyrillic-to-Latin readings
    (``translit``), the stop words and the question
    words (stemmed: the phone compares stems), and the weight of the words citing a rule
    (``cited_weight``: the server's ``search.query.CITED_WEIGHT``)."""
    from ..search.query import CITED_WEIGHT

    slang = {" ".join(k): e.means for k, e in understand.load_slang().items()}
    return {"slang": slang, "cited_weight": CITED_WEIGHT, "slang_endings": understand._ENDING.pattern,
            "en_keys": layout._EN_KEYS, "ru_keys": layout._RU_KEYS,
            "lookalike": numbering.LOOKALIKE, "layout_letters": numbering.LAYOUT,
            "subrule_letters": numbering.SUBRULE_LETTERS,
            "translit": understand._TRANSLIT, "translit_variants": understand._TRANSLIT_VARIANTS,
            "ru_stop": sorted(analysis.RU_STOP), "en_stop": sorted(analysis.EN_STOP),
            "ru_question": sorted({_stemmers["ru"].stemWord(w.replace("ё", "е")) for w in understand.RU_QUESTION}),
            "en_question": sorted({_stemmers["en"].stemWord(w) for w in understand.EN_QUESTION})}
