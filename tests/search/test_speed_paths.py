"""Each shortcut taken for speed gives what the plain way it replaced gives, on the real index:
the summed scores (one bincount vs a leaf at a time), the first documents (a partial sort vs the
full one), a term's bit set (int shifts vs numpy), a snippet's matched words (a term -> places map
vs testing every word), the situations a query matches (the rows under its words vs every row),
a corpus word's lemmas (the builder's table vs pymorphy3), a query word's alternatives (kept per
word vs analysed again) and a verb family (no parse of a non-infinitive). A speed change must not
change one answer; ``bench/search_dump.py`` checks the answers themselves."""
from __future__ import annotations

import itertools
import random

import numpy as np
import pytest

from judge_app.search import query as Q

QUESTIONS = [
    "что будет если две легенды",
    "кто получает приоритет после разрешения заклинания",
    "когда умирает существо с нулевой выносливостью",
    "в каком порядке игроки кладут в стек сработавшие способности",
    "трампл с дезтачем",
    "deathtouch trample first strike",
]


@pytest.fixture(scope="module")
def opened(ix):
    o = Q.open_index(ix)
    Q.search(ix, "смертельное касание")  # the lazily read tables
    return o


def _terms(o, field, step):
    return [(field, t.decode() if isinstance(t, bytes) else t)
            for t in itertools.islice(o.postings.reader.lexicon(field), 0, None, step)]


def test_accumulate_adds_as_one_leaf_after_another(opened):
    P = opened.postings
    pool = _terms(opened, "title", 41) + _terms(opened, "text", 37) + _terms(opened, "cited", 29)
    rnd = random.Random(5)
    for _ in range(200):
        leaves = [(f, t, rnd.choice([1.0, 0.5, 0.35, 0.175])) for f, t in rnd.sample(pool, rnd.randint(1, 50))]
        want = np.zeros(P.size)
        for f, t, boost in leaves:
            ids, scores = P.scored(f, t)
            if len(ids):
                want[ids] += scores * boost
        assert np.array_equal(P.accumulate(leaves), want)


def test_top_is_the_full_sort(opened):
    P = opened.postings
    rng = np.random.default_rng(3)
    for k in range(120):
        acc = rng.choice([0.0, 1.5, 2.0, 7.25], P.size) if k % 2 else rng.random(P.size)
        bits = rng.random(P.size) < [0.005, 0.1, 0.7][k % 3]
        mask = int.from_bytes(np.packbits(bits, bitorder="little").tobytes(), "little")
        limit = [None, 1, 10, 40, 160][k % 5]
        idx = np.flatnonzero(bits)
        order = np.lexsort((idx, -acc[idx]))[:limit]
        assert P.top(acc, mask, limit) == [(int(idx[i]), float(acc[idx][i])) for i in order]


def test_a_few_documents_make_the_same_bit_set(opened):
    P = opened.postings
    rng = np.random.default_rng(4)
    for n in (1, 2, 5, 8, 9, 40):
        ids = np.sort(rng.choice(P.size, n, replace=False))
        assert P._mask(ids) == sum(1 << int(i) for i in ids)


def test_matched_spans_are_the_words_holding_a_term(opened):
    ru = opened.ru
    for d in range(0, opened.postings.size, 97):
        text = opened.fields(d).get("text") or ""
        spans = Q._text_spans(text, ru)
        for terms in ({"существо", "повреждение"}, {"игрок", "карта", "creatur"}, set(spans[0][0]) if spans else set()):
            want = [(s, e) for t, s, e in spans if not terms.isdisjoint(t)]
            assert Q._matched_spans(text, terms, ru) == want


@pytest.mark.parametrize("q", QUESTIONS + ["жетоны +1/+1 и -1/-1 на одном существе", "кто ходит первым"])
def test_situations_are_found_among_the_rows_under_the_query_words(opened, q):
    table = opened.situations
    terms = Q.query_terms(q, opened.ru, opened.derivations)
    held = {t for alts in terms for t in alts}
    every = [(len(w), i) for i, w in enumerate(table._terms) if all(held & x for x in w)]
    every.sort(key=lambda x: (-x[0], x[1]))
    assert table.rules(terms) == list(dict.fromkeys(table.rows[i].rule for _, i in every))[:3]


def test_a_corpus_words_lemmas_are_pymorphys(opened):
    from judge_app.search import analysis

    words = [w for w in itertools.islice(analysis._PRECOMPUTED.get("pymorphy", {}), 0, None, 5)]
    assert len(words) > 1000
    assert all(analysis.lemmas(w) == analysis.ru_lemmas.__wrapped__(w) for w in words)


@pytest.mark.parametrize("q", QUESTIONS)
def test_a_words_kept_alternatives_are_its_analysis(opened, q):
    import re

    from judge_app.search.analysis import TOKEN_PATTERN

    for m in re.finditer(TOKEN_PATTERN, q):
        kept = Q._derived_alts(m.group(0), opened.ru, opened.derivations)
        fresh = Q._word_alts(m.group(0), opened.ru, opened.derivations)
        assert kept == fresh and getattr(kept, "weak", None) == getattr(fresh, "weak", None)


def test_a_verb_family_needs_no_parse_of_other_words(opened):
    from judge_app.search import families

    fam = opened.derivations.families
    lemmas = sorted({t for w in opened.vocabulary.ru for t in Q.word_terms(w, opened.ru)})[::7]
    for lemma in lemmas + ["мочь", "беречь", "заканчиваться", "разыгрывать"]:
        k = families.family_key(lemma, families._pos(lemma))
        members = fam.groups.get(k) if k else None
        want = tuple(sorted(m for m in members if m != lemma)) if members else ()
        assert fam.relatives(lemma) == want, lemma


def test_the_saved_snippet_words_are_the_texts_analysis(opened):
    """``spans.py``: the builder saves every document's snippet words; each sampled document's
    are ``terms_with_spans`` of its text (or its title without one), analysed now, and a search
    reading a document's fields reads its snippet's words from the file."""
    from judge_app.search import spans
    from judge_app.search.analysis import terms_with_spans

    saved = opened.saved_spans
    assert saved is not None and saved.ru == opened.ru
    checked = tokens = 0
    for d in range(0, opened.postings.size, 11):
        text = spans.snippet_text(opened.searcher.stored_fields(d))
        got = saved.get(d)
        assert got == terms_with_spans.__wrapped__(text, opened.ru), d
        checked += 1
        tokens += len(got)
    assert checked > 1000 and tokens > 10 * checked
    d = 4321
    text = spans.snippet_text(opened.fields(d))
    kept, at = Q._SAVED_SPANS_OF[text]  # the saved words of a document with this text (several may share it)
    assert kept is saved and spans.snippet_text(opened.fields(at)) == text
    assert Q._text_spans.__wrapped__(text, opened.ru) == terms_with_spans.__wrapped__(text, opened.ru)


def test_a_text_without_saved_words_is_analysed(opened):
    """A text the file does not hold (a heading joined to its text) or another analyser's is
    analysed as before."""
    from judge_app.search.analysis import terms_with_spans

    text = "Смертельное касание — статическая способность, а не ключевое действие"
    assert text not in Q._SAVED_SPANS_OF
    assert Q._text_spans.__wrapped__(text, opened.ru) == terms_with_spans.__wrapped__(text, opened.ru)
    from judge_app.search import spans

    shown = spans.snippet_text(opened.fields(77))
    assert shown and Q._SAVED_SPANS_OF[shown][0].ru != "snowball"
    assert Q._text_spans.__wrapped__(shown, "snowball") == terms_with_spans.__wrapped__(shown, "snowball")


def _bank_rules_plain(bank, words, versions):
    """``asked.Bank.rules`` the plain way (``np.unique`` of a word's postings, every question
    sharing a word sorted), as it was before its shortcuts."""
    import math

    from judge_app.search import asked

    acc = np.zeros(bank.n)
    qnorm = 0.0
    for alts in words:
        weak = getattr(alts, "weak", ())
        found = [bank.post[t] for t in alts if t not in weak and t in bank.post]
        if not found:
            continue
        held = np.unique(np.concatenate(found))
        w = bank._idf(len(held))
        acc[held] += w * w
        qnorm += w * w
    if not qnorm:
        return []
    held = np.flatnonzero(acc)
    if versions is not None:
        keep = np.zeros(len(held), dtype=bool)
        for v in versions:
            if v in bank.by_version:
                keep |= bank.by_version[v][held]
        held = held[keep]
    cos = acc[held] / (bank.norm[held] * math.sqrt(qnorm))
    nearest = sorted(range(len(held)), key=lambda j: -cos[j])[:asked.VOTES]  # stable, as argsort
    best, score = {}, {}
    for j in nearest:
        key = (bank.version[int(held[j])], bank.rule[int(held[j])])
        if key in best:
            score[key] += asked.VOTE_WEIGHT * float(cos[j])
        else:
            best[key] = score[key] = float(cos[j])
    ranked = sorted((k for k in best if best[k] >= asked.MIN_COSINE), key=lambda k: -score[k])
    return [(*k, best[k]) for k in ranked[:asked.DEPTH]]


@pytest.mark.parametrize("versions", [None, ["2020-01-24"], ["2026-01-16"], ["2019-05-03"]])
def test_the_question_banks_ranking_is_the_plain_one(opened, versions):
    """``asked.Bank.rules`` (a mask for a word's alternatives, the nonzero of a bool array, numpy's
    sort of the cosines, nothing for a release without questions) ranks as the plain way does
    (the ``VOTES`` nearest questions, each rule by its best cosine plus ``VOTE_WEIGHT`` times its
    others), on the real bank."""
    bank = opened.asked
    found = 0
    for q in QUESTIONS + ["можно ли напасть существом которое только что вышло",
                          "что происходит когда существо с жизнью получает урон",
                          "can I respond to a triggered ability"]:
        words = Q.query_terms(q, opened.ru, opened.derivations)
        want = _bank_rules_plain(bank, words, versions)
        assert bank.rules(words, versions) == want, q
        found += len(want)
    if versions != ["2019-05-03"]:
        assert found, "no question matched: the comparison would prove nothing"


@pytest.mark.parametrize("q", ["что делает активный игрок в начале шага взятия карты",
                               "кто назначает боевые повреждения в шаге боевых повреждений"] + QUESTIONS)
def test_a_searchs_topics_kept_are_the_ones_found_again(opened, q):
    """``_Opened.topics`` keeps its answer per query words (a search asks it five times): the
    kept answer is the one found anew, and a caller changing the list it got changes nothing."""
    opened.load_headings()
    terms = Q.query_terms(q, opened.ru, opened.derivations)
    first = opened.topics(terms)
    first.append("999.9z")
    opened._topics.clear()
    again = opened.topics(terms)
    assert opened.topics(terms) == again and "999.9z" not in again
    if q.startswith("что делает"):
        assert "504" in again


def test_the_fields_read_at_once_are_whooshs(opened):
    """``_Opened._read_all_fields``: every document's stored fields read at the first look are
    Whoosh's own stored fields, and ``docnum_of`` finds each document by its id."""
    for d in range(0, opened.postings.size, 7):
        f = opened.fields(d)
        assert f == opened.searcher.stored_fields(d), d
        assert opened.docnum_of(f["id"]) == d
    assert len(opened._fields) == opened.postings.size
    assert opened.docnum_of("no-such-document") is None


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_rules_twin_is_the_postings_one(opened, lang):
    """``_Opened.rule_of`` (a table per language) gives the first document of the postings'
    number & version & lang & kind=rule, for every rule of the index and for rules it lacks."""
    P = opened.postings
    rules = P.term("lang", lang) & P.term("kind", "rule")
    keys = {(f.get("version"), f.get("number"))
            for f in (opened.fields(d) for d in range(opened.postings.size)) if f.get("kind") == "rule"}
    keys |= {("2019-05-03", "999.9z"), ("1998", "702.2"), ("", "702.2")}
    found = 0
    with opened.lock:
        for version, number in sorted(keys):
            d = P.term("number", number) & P.term("version", version) & rules
            want = (d & -d).bit_length() - 1 if d else None
            assert opened.rule_of(version, number, lang) == want, (version, number)
            found += want is not None
    assert found > 1000


def _nearest_plain(vocab, word, max_distance=2, min_length=7):
    """``Vocabulary.nearest`` as it was: ``extract`` over the whole pool of the word's script."""
    from rapidfuzz import process
    from rapidfuzz.distance import Levenshtein

    from judge_app.search.understand import _CYR, fold

    w = fold(word)
    pool = vocab.ru if _CYR.search(w) else vocab.en
    limit = 1 if len(w) < min_length else max_distance
    found = process.extract(w, pool, scorer=Levenshtein.distance, score_cutoff=limit, limit=50)
    if not found:
        return None
    best = min(d for _, d, _ in found)
    return min((c for c, d, _ in found if d == best), key=vocab._rank)


def _english_for_plain(vocab, word, min_ratio):
    """``Vocabulary.english_for`` as it was: an ``extractOne`` per reading, its cutoff the best so far."""
    from rapidfuzz import fuzz, process

    from judge_app.search.understand import transliterations

    best, best_score = None, min_ratio
    for t in transliterations(word):
        hit = process.extractOne(t, vocab.en_titles, scorer=fuzz.ratio, score_cutoff=best_score)
        if hit and (hit[1] > best_score or best is None):
            best, best_score = hit[0], hit[1]
    return best


def _misspelt(rnd, words, n):
    """``n`` words of ``words`` with a letter dropped, doubled, swapped or replaced."""
    out = []
    for w in rnd.sample(words, n):
        i = rnd.randrange(len(w))
        c = rnd.choice(w)
        out.append(rnd.choice([w[:i] + w[i + 1:], w[:i] + c + w[i:], w[:i] + c + w[i + 1:],
                               w[:i] + w[i + 1:i + 2] + w[i:i + 1] + w[i + 2:]]))
    return out


def test_the_typo_lookups_are_the_plain_ones(opened):
    """``Vocabulary.nearest`` (only the words near enough in length compared) and
    ``english_for`` (one ``cdist`` of every reading) find what the plain loops found, for
    misspelt corpus words of both scripts, English written in Cyrillic and unknown words."""
    from judge_app.search import understand as U
    from judge_app.search.layout import to_ru

    vocab = opened.vocabulary
    rnd = random.Random(11)
    long_ru = [w for w in vocab.ru if len(w) >= 4]
    words = (_misspelt(rnd, long_ru, 150) + _misspelt(rnd, [w for w in vocab.en if len(w) >= 4], 60)
             + rnd.sample(long_ru, 30)
             + ["трампл", "кикер", "дезтач", "хасте", "сурвейл", "виджилянс", "апкип", "флэш", "ран", "шмяк"])
    words += [to_ru(w) for w in rnd.sample(vocab.en_titles, 20)]  # «ефгте»: not readings, still asked
    corrected = translit = 0
    for w in words:
        for args in ((2, 7), (1, 7), (3, 5)):
            want = _nearest_plain(vocab, w, *args)
            assert vocab.nearest(w, *args) == want, (w, args)
            corrected += want is not None
        if U._CYR.search(w):
            for ratio in (U.LOOSE_TRANSLIT_RATIO, U.TRANSLIT_MIN_RATIO, U.STRONG_TRANSLIT_RATIO):
                want = _english_for_plain(vocab, w, ratio)
                assert vocab.english_for(w, ratio) == want, (w, ratio)
                translit += want is not None
    assert corrected > 200 and translit > 20, (corrected, translit)


def test_a_documents_matched_words_are_its_saved_words_holding_a_term(opened):
    """``spans.SavedSpans.matched`` (the tuples holding a term marked, numpy over the saved
    arrays) gives the (start, end) of the saved words whose terms meet the query's, in text
    order, as testing each word did; and a snippet of a document's text reads them."""
    saved = opened.saved_spans
    rnd = random.Random(7)
    sets = [{t for alts in Q.query_terms(q, opened.ru, opened.derivations) for t in alts} for q in QUESTIONS]
    sets += [set(rnd.sample(sorted({t for tup in saved._tuples for t in tup}), 12)) for _ in range(5)]
    found = 0
    for d in range(0, opened.postings.size, 13):
        words = saved.get(d)
        for terms in sets:
            want = [(s, e) for t, s, e in words if not terms.isdisjoint(t)]
            assert saved.matched(d, terms) == want, d
            found += len(want)
    assert found > 1000
    from judge_app.search.spans import snippet_text

    text = snippet_text(opened.fields(4321))
    terms = {t for tup, _, _ in saved.get(4321)[:3] for t in tup}
    assert Q._matched_spans(text, terms, opened.ru) == [(s, e) for t, s, e in saved.get(4321) if not terms.isdisjoint(t)]


def test_the_key_terms_added_at_a_few_rules_are_the_bincounts(opened):
    """``query._and_keys`` (the key terms' scores added at the documents of a heading only)
    gives the sums of one bincount over the words' and the key terms' postings there, for
    headings of both languages and releases, with and without a language and release; a key
    term some document lacks takes the plain way."""
    from whoosh.query import Term

    P = opened.postings
    heads = ["117", "702", "506", "613", "104", "303", "601", "510", "704", "100"]
    checked = 0
    for q in QUESTIONS:
        words = Q.query_terms(q, opened.ru, opened.derivations)
        leaves = [leaf for a in words for leaf in Q._leaves(a, Q.TEXT_FIELDS)]
        for num in heads:
            for extra in ((), (Term("lang", "ru"), Term("version", "2019-05-03")), (Term("lang", "en"),)):
                keys = [("numpath", num), ("is_title_rule", "0")] + [(t.fieldname, t.text) for t in extra]
                inside = P.term("numpath", num) & P.term("is_title_rule", "0")
                for t in extra:
                    inside &= P.term(t.fieldname, t.text)
                if not inside:
                    continue
                docs = np.flatnonzero(P.dense(inside))
                want = P.accumulate(leaves + [(f, t, 1.0) for f, t in keys])[docs]
                assert np.array_equal(Q._and_keys(P, words, keys, inside)[docs], want), (q, num, extra)
                checked += len(docs)
    assert checked > 1000
    # «702» documents without the language term: the plain way
    inside = P.term("numpath", "702") & P.term("is_title_rule", "0")
    keys = [("numpath", "702"), ("is_title_rule", "0"), ("lang", "en")]
    docs = np.flatnonzero(P.dense(inside))
    words = Q.query_terms("смерть существа", opened.ru, opened.derivations)
    leaves = [leaf for a in words for leaf in Q._leaves(a, Q.TEXT_FIELDS)]
    want = P.accumulate(leaves + [(f, t, 1.0) for f, t in keys])
    assert np.array_equal(Q._and_keys(P, words, keys, inside), want)


def _rank_complete_plain(o, words, mask, limit, sections, fields):
    """``query.rank_complete`` as it was: each bonus a ``np.where`` over the whole index."""
    P = o.postings
    acc = P.accumulate([leaf for alts in words for leaf in Q._leaves(alts, fields)])
    titled = mask & P.term("is_title_rule", "1")
    titled = P.every(words, Q.TITLE_FIELDS, titled) if titled else 0
    if titled:
        bonus = P.accumulate([("is_title_rule", "1", 1.0)] + [x for alts in words for x in Q._leaves(alts, Q.TITLE_FIELDS)])
        acc += np.where(P.dense(titled), bonus * Q.TITLE_RULE_BOOST, 0.0)
    if sections:
        inside = 0
        for n in sections:
            inside |= P.term("numpath", n)
        inside &= mask
        if inside:
            bonus = P.accumulate([("numpath", n, 1.0) for n in sections])
            acc += np.where(P.dense(inside), bonus * (Q.SECTION_BOOST if len(sections) > 1 else 1.0), 0.0)
    return P.top(acc, mask, limit)


@pytest.mark.parametrize("q", ["смертельное касание", "получает приоритет", "боевые повреждения",
                               "trample deathtouch", "шаг взятия карты", "first strike"] + QUESTIONS)
def test_the_bonuses_added_where_they_apply_rank_as_before(opened, q):
    """``rank_complete`` adds the title-rule and section bonuses at their documents only: the
    same ranking and scores as adding them (0.0 elsewhere) over the whole index."""
    opened.load_headings()
    P = opened.postings
    words = Q.query_terms(q, opened.ru, opened.derivations)
    for sections in ([], opened.sections(words), ["702", "117"], ["506"]):
        for fields in (Q.OWN_FIELDS, Q.TEXT_FIELDS):
            mask = P.every(words[:2], fields)  # the first two words: a larger set, more titles in it
            if mask:
                want = _rank_complete_plain(opened, words[:2], mask, 40, sections, fields)
                assert Q.rank_complete(opened, words[:2], mask, 40, sections=sections, fields=fields) == want


@pytest.mark.parametrize("fields", [Q.TEXT_FIELDS, Q.OWN_FIELDS, Q.TITLE_FIELDS])
def test_the_words_postings_kept_sum_as_their_leaves(opened, fields):
    """``query._summed_words`` (each word's postings laid out once and kept,
    ``Postings.laid``) sums as ``accumulate`` over the words' leaves does, the first time and
    from the kept arrays, with leaves before and after; a word with weak alternatives keeps
    its own arrays; ``word_dense`` is the word's bit set."""
    P = opened.postings
    for q in QUESTIONS + ["можно ли напасть существом которое только что вышло"]:
        for words in (Q.query_terms(q, opened.ru, opened.derivations),
                      Q.query_terms(q, opened.ru, opened.derivations, opened.rule_lemmas)):
            leaves = [leaf for a in words for leaf in Q._leaves(a, fields)]
            first, last = [("is_title_rule", "1", 1.0)], [("numpath", "702", 1.0), ("lang", "ru", 1.0)]
            for _ in range(2):
                assert np.array_equal(Q._summed_words(P, words, fields), P.accumulate(leaves))
                assert np.array_equal(Q._summed_words(P, words, fields, first=first, last=last),
                                      P.accumulate(first + leaves + last))
            for a in words:
                assert np.array_equal(P.word_dense(a, fields), P.dense(P.word(a, fields)))
    a, b = Q.query_terms("существо", opened.ru)[0], Q.query_terms("заклинание", opened.ru)[0]
    weak, strong = Q.Alts(a + b, weak=frozenset(b)), Q.Alts(a + b)
    assert not np.array_equal(Q._summed_words(P, [weak], fields), Q._summed_words(P, [strong], fields))
    assert np.array_equal(Q._summed_words(P, [weak], fields), P.accumulate(Q._leaves(weak, fields)))


def _flip_cyrillic_plain(query, en_vocab):
    """``layout._flip_cyrillic`` as it was: the dictionary asked about every word."""
    import re

    from judge_app.search import layout as L

    words = [w for w in re.split(r"\s+", query.strip()) if w]
    cyr_words = [w for w in words if L._CYR_LETTERS.search(w)]
    if not cyr_words or not en_vocab:
        return None
    votes_en = votes_ru = 0
    out = []
    for w in words:
        if not L._CYR_LETTERS.search(w) or re.search(r"\d", w):
            out.append(w)
            continue
        core = "".join(L._RU_WORD.findall(w)).lower()
        conv = L.to_en(w)
        plain = re.sub(r"[^a-z]", "", conv.lower())
        is_ru = L._ru_known(core)
        is_en = bool(plain) and plain in en_vocab and not re.search(r"[а-яё]", conv.lower())
        if is_en and not is_ru:
            votes_en += 1
        elif is_ru:
            votes_ru += 1
        out.append(conv)
    if votes_en and votes_en > votes_ru and votes_en * 2 >= len(cyr_words):
        return " ".join(out)
    return None


def test_the_layout_check_of_a_cyrillic_query_is_the_plain_one(opened):
    """``layout._flip_cyrillic`` asks the dictionary only when a word flips to an English
    word: the same answer as asking about every word, for Russian questions, English words
    typed on the Russian layout and mixtures of both."""
    from judge_app.search import layout as L

    rnd = random.Random(9)
    en = sorted(opened.vocab)
    queries = QUESTIONS[:5] + ["что такое командир", "вуферещгср", "екфьзду", "вуферещгср и екфьзду",
                               "ekfьзду 2 существа", "пфтп ыщгтвы"]
    queries += [" ".join(L.to_ru(w) for w in rnd.sample(en, rnd.randint(1, 3))) for _ in range(60)]
    queries += [" ".join(rnd.sample(opened.vocabulary.ru, 2) + [L.to_ru(rnd.choice(en))]) for _ in range(60)]
    flipped = 0
    for q in queries:
        want = _flip_cyrillic_plain(q, opened.vocab)
        assert L._flip_cyrillic(q, opened.vocab) == want, q
        flipped += want is not None
    assert flipped > 30


def test_a_words_kept_frequency_is_its_own_terms_largest(opened):
    """``Postings.word_df``: the largest document frequency of a word's own terms (its weak
    ones left out) in the fields, kept per word, as the partial tier computed it each time."""
    P = opened.postings
    weak_seen = 0
    for q in QUESTIONS + ["можно ли напасть существом которое только что вышло"]:
        for words in (Q.query_terms(q, opened.ru, opened.derivations),
                      Q.query_terms(q, opened.ru, opened.derivations, opened.rule_lemmas)):
            for alts in words:
                weak = getattr(alts, "weak", ())
                weak_seen += bool(weak)
                want = max((P.df(f, t) for t in alts if t not in weak for f in Q.TEXT_FIELDS), default=0)
                assert P.word_df(alts, Q.TEXT_FIELDS) == want == P.word_df(alts, Q.TEXT_FIELDS), alts
    assert weak_seen


def test_the_documents_holding_every_word_are_the_plain_and(opened):
    """``Postings.every`` (kept word sets first, a new word's set made only while the others
    leave documents) is the AND of every word's set, inside ``within`` or not, whether the
    words' sets were kept before or not."""
    from judge_app.search import postings

    P = opened.postings
    nonempty = 0
    for q in QUESTIONS + ["смертельное касание", "существо получает урон", "trample deathtouch", "шаг взятия карты"]:
        words = Q.query_terms(q, opened.ru, opened.derivations)
        for fields in (Q.OWN_FIELDS, Q.TEXT_FIELDS, ("title", "text")):
            for within in (None, P.term("kind", "rule"), P.term("kind", "scenario"), 0):
                want = -1 if within is None else within
                for alts in words:
                    want &= P.word(alts, fields)
                want = 0 if want == -1 else want
                fresh = postings.Postings(opened.searcher, P.size, opened.lock, index_dir=P.index_dir)
                assert fresh.every(words, fields, within) == want, (q, fields)  # every word new
                fresh = postings.Postings(opened.searcher, P.size, opened.lock, index_dir=P.index_dir)
                fresh.every(words[:2], fields)  # two words kept, the others new
                assert fresh.every(words, fields, within) == want, (q, fields)
                assert P.every(words, fields, within) == want, (q, fields)  # every word kept
                nonempty += bool(want)
    assert nonempty > 10


def _flip_latin_plain(query, en_vocab):
    """``layout._flip_latin`` as it was: the dictionary asked about every word."""
    import re

    from judge_app.search import layout as L

    words = [w for w in re.split(r"\s+", query.strip()) if w]
    if not words:
        return None
    votes_ru = votes_en = 0
    out = []
    for w in words:
        if re.search(r"\d", w) or not re.search(r"[A-Za-z;'\[\]`,.<>:\"{}~]", w):
            out.append(w)
            continue
        conv = L.to_ru(w)
        core = re.sub(r"[^а-яё]", "", conv.lower())
        plain = re.sub(r"[^a-z]", "", w.lower())
        is_en = plain in en_vocab if plain else False
        is_ru = bool(core) and L._ru_known(core) and not re.search(r"[a-z]", conv.lower())
        if not is_ru and core and re.fullmatch(r"[A-Za-z;'\[\]`]+[,.]", w):
            c2 = L.to_ru(w[:-1])
            if L._ru_known(c2.lower()):
                is_ru, conv = True, c2 + w[-1]
        if is_ru and not is_en:
            votes_ru += 1
        elif is_en:
            votes_en += 1
        out.append(conv)
    latin_words = [w for w in words if L._LATIN_LETTERS.search(w) and not re.search(r"\d", w)]
    if votes_ru and votes_ru > votes_en and votes_ru * 2 >= len(latin_words):
        return " ".join(out)
    return None


def test_the_layout_check_of_a_latin_query_is_the_plain_one(opened):
    """``layout._flip_latin`` asks the dictionary only when enough words are not English to
    outvote the English ones: the same answer as asking about every word, for English
    queries, Russian words typed on the English layout (a trailing comma too) and mixtures."""
    from judge_app.search import layout as L

    rnd = random.Random(12)
    en = sorted(opened.vocab)
    ru = [w for w in opened.vocabulary.ru if len(w) > 3]
    queries = ["deathtouch trample first strike", "cvthntkmyjt rfcfybt", "ghjrkznbt, ghbjhbntn", "704.5k",
               "ds,jh wtkb b rjvfylbh", "can I respond to a triggered ability", "vfyf 2 cebotcndf"]
    queries += [" ".join(rnd.sample(en, rnd.randint(1, 4))) for _ in range(60)]
    queries += [" ".join(L.to_en(w) for w in rnd.sample(ru, rnd.randint(1, 4))) for _ in range(60)]
    queries += [" ".join([L.to_en(rnd.choice(ru)), rnd.choice(en)] + [L.to_en(rnd.choice(ru))] * rnd.randint(0, 2))
                for _ in range(60)]
    flipped = 0
    for q in queries:
        want = _flip_latin_plain(q, opened.vocab)
        assert L._flip_latin(q, opened.vocab) == want, q
        flipped += want is not None
    assert flipped > 40, flipped
