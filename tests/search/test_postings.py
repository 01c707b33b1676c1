"""The numpy ranking over cached postings (``postings.py``, ``query.rank_complete``) scores and
orders exactly as Whoosh's own search of ``build_word_query`` does, on the real index: the
speed-up must not change a single result."""
from __future__ import annotations

import pytest

from judge_app.search import query as Q

QUERIES = [
    "смертельное касание",                      # a keyword title: the title bonus
    "пробивной удар смертельное касание",
    "когда игрок получает приоритет",            # a heading named by a word: the section bonus
    "что делает активный игрок в начале шага взятия карты",   # several sections
    "две легенды",                               # complete only through the citing texts
    "deathtouch trample",
    "существо",                                  # thousands of complete matches
]


@pytest.mark.parametrize("q", QUERIES)
@pytest.mark.parametrize("fields", [Q.OWN_FIELDS, Q.TEXT_FIELDS], ids=["own", "with-cited"])
def test_rank_complete_is_whooshs_search(ix, q, fields):
    o = Q.open_index(ix)
    o.load_headings()
    terms = Q.query_terms(o.understood(q).search, o.ru, o.derivations)
    sections = o.sections(terms) if len(terms) > 1 else []
    flt = Q._filter("2020-01-24", None, Q.WORD_KINDS)
    checked = 0
    with o.lock:
        fmask, docs = o.docmask(flt), o.docset(flt)
        for sec in ((), sections):
            whoosh = [(r.docnum, round(r.score, 6)) for r in o.searcher.search(
                Q.build_word_query(terms, sections=sec, reader=o.searcher.reader(), fields=fields),
                filter=docs, limit=40)]
            held = o.postings.every(terms, fields, fmask)
            ours = [(d, round(s, 6)) for d, s in Q.rank_complete(o, terms, held, 40, sections=sec,
                                                                  fields=fields)] if held else []
            assert ours == whoosh
            checked += len(whoosh)
    if fields == Q.TEXT_FIELDS:
        assert checked, f"{q!r} matched nothing: the comparison would prove nothing"


def test_block_reading_gives_whooshs_scores_posting_by_posting(ix):
    """``Postings._read_scored`` reads whole blocks and scores them with numpy: every sampled
    term of the three searched fields has the documents and the float64 scores of Whoosh's
    matcher read one posting at a time."""
    import itertools

    import numpy as np

    o = Q.open_index(ix)
    P = o.postings
    compared = 0
    with o.lock:
        for field in ("title", "text", "cited"):
            for t in itertools.islice(P.reader.lexicon(field), 0, None, 97):
                t = t.decode() if isinstance(t, bytes) else t
                ids, scores = P._read_scored(field, t)
                m = P.searcher.postings(field, t)
                want_ids, want = [], []
                while m.is_active():
                    want_ids.append(m.id())
                    want.append(m.score())
                    m.next()
                assert list(ids) == want_ids, (field, t)
                assert np.array_equal(np.asarray(scores), np.array(want)), (field, t)
                compared += 1
    assert compared > 100


def test_the_scores_saved_with_the_index_are_the_ones_read_from_it(ix):
    """The builder saves every ranked field's postings and scores (``postings.SCORES_FILE``); a
    search reads those slices: they must be exactly what reading the index gives, and a term the
    file lacks has no postings."""
    import itertools
    import os

    import numpy as np

    from judge_app.search import postings

    assert os.path.exists(os.path.join(ix, postings.SCORES_FILE))
    o = Q.open_index(ix)
    P = o.postings
    compared = 0
    with o.lock:
        for field in postings.SAVED_FIELDS + postings.KEY_FIELDS:
            step = 131 if field in postings.SAVED_FIELDS else 7
            for t in itertools.islice(P.reader.lexicon(field), 0, None, step):
                t = t.decode() if isinstance(t, bytes) else t
                ids, scores = P._saved_slice(field, t)
                want_ids, want = P._read_scored(field, t)
                assert list(ids) == list(want_ids), (field, t)
                assert np.array_equal(np.asarray(scores), np.asarray(want)), (field, t)
                compared += 1
        assert P._saved_slice("text", "no-such-term-zzz") == postings._EMPTY
        assert P._saved_slice("doc_id", "cr-ru-2020-01-24") is None  # a field not saved is read from the index
    assert compared > 100


def test_a_terms_documents_and_frequency_are_whooshs(ix):
    """``Postings.term`` (a term's documents as a bit set) and ``Postings.df`` read the slices
    saved with the index, not Whoosh: the same documents and the same count as Whoosh's
    postings and ``doc_frequency``, for the ranked fields and the key fields alike (and for a
    field not saved, read from the index)."""
    import itertools

    from judge_app.search import postings

    o = Q.open_index(ix)
    fresh = postings.Postings(o.searcher, o.searcher.doc_count_all(), o.lock, index_dir=None)  # Whoosh only
    P = o.postings
    compared = 0
    with o.lock:
        for field in postings.SAVED_FIELDS + postings.KEY_FIELDS + ("doc_id",):
            for t in itertools.islice(P.reader.lexicon(field), 0, None, 53):
                t = t.decode() if isinstance(t, bytes) else t
                assert P.term(field, t) == fresh.term(field, t) != 0, (field, t)
                assert P.df(field, t) == P.reader.doc_frequency(field, t) == P.term(field, t).bit_count()
                compared += 1
        assert P.term("text", "no-such-term-zzz") == 0 and P.df("number", "999.9z") == 0
    assert compared > 300


@pytest.mark.parametrize("names", [["Смирение", "Опалесценция"], ["Клон"], ["Лич с Филактерией",
                                                                                     "Разрушительная Сила"]])
def test_a_cards_scenarios_are_whooshs_search(ix, names):
    """The scenarios holding named cards come from the cards postings (``card_query._holding``)
    in the order Whoosh's search of Or([Term("cards", key) ...]) gave them."""
    from whoosh.query import Or, Term

    from judge_app.search import card_query

    o = Q.open_index(ix)
    named = [n for name in names for n in o.cardnames.find(name)]
    assert len(named) == len(names), named
    keys = [n.key for n in named]
    with o.lock:
        whoosh = [o.fields(r.docnum)["id"] for r in o.searcher.search(Or([Term("cards", k) for k in keys]), limit=None)]
    ours = [f["id"] for f in card_query._holding(o, keys)]
    assert len(ours) > 1 and ours == whoosh


def test_a_filters_documents_are_whooshs(ix):
    """A version/lang/kind filter's documents come from the postings (``_Opened._filter_sets``):
    the same bits, and the same Whoosh ``BitSet`` membership, as Whoosh's ``docs_for_query``."""
    from whoosh.idsets import BitSet

    o = Q.open_index(ix)
    checked = nonempty = 0
    for version in (None, "2020-01-24", ["2020-01-24", "2026-01-16"], "m2011"):
        for lang in (None, "ru", "en"):
            for kind in (None, "rule", Q.WORD_KINDS, "scenario"):
                flt = Q._filter(version, lang, kind)
                if flt is None:
                    continue
                with o.lock:
                    ds, mask = o._filter_sets(flt)
                    want = BitSet(o.searcher.docs_for_query(flt), size=o.searcher.doc_count_all())
                assert mask == Q.mask_of(want), flt
                nonempty += mask != 0
                assert list(ds) == list(want), flt
                assert [d in ds for d in range(0, o.postings.size, 5)] == [d in want for d in range(0, o.postings.size, 5)]
                checked += 1
    assert checked == 47 and nonempty > 30
