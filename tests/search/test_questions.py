"""Questions in plain words, on the real index: the situations file (reviewed data: every rule
exists and every situation finds it), question words that do not decide, answering rules
above glossary entries and headings, the rules a named card's abilities rely on, and the
analysis cache (a repeated query pays for its fuzzy lookups once)."""
from __future__ import annotations

from pathlib import Path

import pytest

from judge_app.search import understand as und
from judge_app.search.arrange import answers_first
from judge_app.search.query import open_index, search
from judge_app.search.situations import load_situations

V = "2020-01-24"
JUDGES_TSV = Path(__file__).resolve().parents[2] / "bench" / "judge_queries.tsv"


def _questions(split: str | None = None) -> list[tuple[str, str]]:
    rows = [ln.split("\t") for ln in JUDGES_TSV.read_text(encoding="utf-8").splitlines()
            if ln.startswith("question\t")]
    return [(r[1], r[2]) for r in rows if split is None or (len(r) > 3 and r[3] == split)]


def test_every_situation_rule_exists_and_the_situation_finds_it(db, ix, rule_rank):
    rows = load_situations()
    assert len(rows) >= 40
    missing, missed = [], []
    for s in rows:
        assert s.source.strip()
        if not db.execute("select 1 from rules where version = ? and number = ?", (V, s.rule)).fetchone():
            missing.append((s.line, s.rule))
        q = " ".join(alts[0] for alts in s.words)  # the situation as a judge would type it
        if rule_rank(search(ix, q, version=V, limit=10).hits, s.rule, top=3) is None:
            missed.append((s.line, q, s.rule))
    assert missing == [] and missed == []


@pytest.mark.parametrize("q,rule", [
    ("когда умирает существо с нулевой выносливостью", "704.5f"),
    ("что будет если библиотека пуста", "704.5b"),
    ("when does a creature with 0 toughness die", "704.5f"),
    ("что если верность планешвокера равна нулю", "704.5i"),
])
def test_a_question_ranks_the_answering_rule_first(ix, q, rule, rule_rank):
    hits = search(ix, q, version=V, limit=10).hits
    assert rule_rank(hits, rule, top=1) == 0, [(h["kind"], h["number"]) for h in hits[:5]]


def _hit5(ix, rule_rank, rows) -> float:
    return sum(rule_rank(search(ix, q, version=V, limit=10).hits, e) is not None for q, e in rows) / len(rows)


def test_question_rows_meet_the_target(ix, rule_rank):
    """hit@5 over the question rows the understanding was developed or studied on (dev,
    held and new) is at least 0.94 (0.953 measured with the related words; the target is 0.85).
    The rows written later are measured with floors, as regression guards: new2 (whose misses
    were studied; 0.896 measured), new3 (written before session 6's changes, its misses read in
    session 7; 0.69) and new4 (written at the start of session 7 before its changes and never
    studied; 0.756 before and after) — the last two below the 0.85 target, an open point, not
    hidden (the bench prints them)."""
    rows = _questions("dev") + _questions("held") + _questions("new")
    assert len(rows) >= 80
    assert _hit5(ix, rule_rank, rows) >= 0.94
    fresh = _questions("new2")
    assert len(fresh) >= 40
    assert _hit5(ix, rule_rank, fresh) >= 0.88
    unseen = _questions("new3")  # written before the changes that measured them
    assert len(unseen) >= 40
    assert _hit5(ix, rule_rank, unseen) >= 0.66
    unseen = _questions("new4")  # written before session 7's changes; never studied
    assert len(unseen) >= 40
    assert _hit5(ix, rule_rank, unseen) >= 0.73


def test_a_question_is_recognised_and_its_words_do_not_decide(ix):
    o = open_index(ix)
    u = o.understood("можно ли разыграть землю в чужой ход")
    assert u.question and "можно" not in u.search and "ли" not in u.search
    assert not o.understood("смертельное касание").question
    assert not o.understood("Если Не").question  # all question words: searched as typed


def test_in_a_question_glossary_and_headings_go_below_the_answering_rules(ix):
    hits = search(ix, "как работает смертельное касание", version=V, limit=10).hits
    assert hits[0]["kind"] == "rule" and hits[0]["number"].startswith("702.2") and hits[0]["number"] != "702.2"
    plain = search(ix, "смертельное касание", version=V, limit=10).hits
    assert plain[0]["number"] == "702.2"  # not a question: the keyword's heading leads


def test_answers_first_keeps_every_hit():
    hits = [{"kind": "glossary", "id": "g"}, {"kind": "rule", "id": "h", "_heading": True},
            {"kind": "example", "id": "e"}, {"kind": "rule", "id": "a"}, {"kind": "rule", "id": "b"},
            {"kind": "ruling", "id": "f"}, {"kind": "rule", "id": "c"}, {"kind": "rule", "id": "d"}]
    out = [h["id"] for h in answers_first(hits, 3)]
    assert out == ["a", "b", "c", "g", "h", "e", "f", "d"]


def test_a_question_naming_a_card_shows_the_rules_its_abilities_rely_on(ix):
    hits = search(ix, "Титан Солнца возвращает ли планесвокера", version=V, limit=10).hits
    assert hits[0]["kind"] in ("card", "ruling")
    nums = [h["number"] for h in hits[:7] if h["kind"] == "rule"]
    assert "702.20" in nums, nums  # «Бдительность», the card's keyword line
    # «конвертированной мана-стоимостью» in its text (situations): 202.3 or a subrule of it
    assert any(n.startswith("202.3") for n in nums), nums


def test_a_keyword_ability_needs_a_keyword_line(ix):
    o = open_index(ix)
    o.find_card("Клон копия")  # loads the cards' texts
    clone = o._card_text["Клон"]
    assert "копии" in clone
    assert [f["number"] for f in o.abilities.rules(clone, None, "ru")] == []
    owl = o.abilities.rules(o._card_text["Вещая Сова"], None, "ru")
    # the newest release first: Полет; предскажите (701.17 in 2020, 701.22 since scry moved)
    assert [(f["number"], f["version"]) for f in owl][:2] == [("702.9", "2026-01-16"), ("701.22", "2026-01-16")]


def test_a_repeated_query_pays_for_fuzzy_once(ix, monkeypatch):
    first = search(ix, "бдительнасть ночью", version=V)  # a typo: understood with rapidfuzz
    assert first.corrected_query

    def boom(*a, **k):
        raise AssertionError("fuzzy lookup for a query understood before")

    monkeypatch.setattr(und.Vocabulary, "nearest", boom)
    monkeypatch.setattr(und.Vocabulary, "english_for", boom)
    again = search(ix, "бдительнасть ночью", version=V)
    assert again.corrected_query == first.corrected_query
    assert [h["id"] for h in again.hits] == [h["id"] for h in first.hits]


def test_a_question_naming_a_heading_by_its_title_ranks_its_rules_high(ix, rule_rank):
    """«шаг объявления атакующих» is the whole title of 508; the other words («активный игрок»)
    pick the rule inside it, although other rules hold every word of the question."""
    o = open_index(ix)
    from judge_app.search.query import query_terms

    q = "что делает активный игрок в шаге объявления атакующих"
    terms = query_terms(o.understood(q).search, o.ru, o.derivations)
    o.sections(terms)
    assert "508" in o.topics(terms)
    hits = search(ix, q, version=V, limit=10).hits
    assert any(h["kind"] == "rule" and h["number"].startswith("508.") for h in hits[:2]), \
        [h["number"] for h in hits[:5]]


def test_the_index_builders_word_terms_are_the_analysers(ix):
    """The terms the builder saved for each Russian word (used instead of pymorphy3 for
    snippets) are what the analyser gives the word."""
    from judge_app.search.analysis import DEFAULT_RU_ANALYSER, ru_lemmas
    from judge_app.search.index import load_word_terms

    saved = load_word_terms(ix)
    assert len(saved) > 5000
    for w in list(saved)[::97]:
        assert saved[w] == ru_lemmas(w), w
    assert DEFAULT_RU_ANALYSER == "pymorphy"


def test_base_game_first_moves_chapters_8_and_9_after_the_rest():
    from judge_app.search.arrange import base_game_first
    from judge_app.search.variants import is_variant_rule

    assert is_variant_rule("808.4") and is_variant_rule("903") and is_variant_rule("9")
    assert not is_variant_rule("103.2") and not is_variant_rule("80") and not is_variant_rule("")
    rows = [{"kind": "rule", "number": "808.4"}, {"kind": "glossary", "number": ""},
            {"kind": "example", "number": "810.9a"}, {"kind": "rule", "number": "103.2"}]
    assert [r["number"] for r in base_game_first(rows)] == ["", "103.2", "808.4", "810.9a"]


def test_a_question_naming_no_variant_is_about_the_base_game(ix):
    """«кто ходит первым» is asked about a two-player game: multiplayer (808.4 «первым ходит
    игрок…», 810.6) and Commander (903.7) rules go below the base game's. A question naming
    a variant («в двухголовом гиганте», «в командире») keeps them where they rank."""
    o = open_index(ix)
    from judge_app.search.query import query_terms

    def named(q):
        terms = query_terms(o.understood(q).search, o.ru, o.derivations)
        o.sections(terms)
        return o.names_variant(terms)

    assert not named("какой игрок ходит первым")  # «игрок» also titles 102 «Игроки»
    assert named("сколько жизней в двухголовом гиганте") and named("сколько жизней в командире")
    hits = [h for h in search(ix, "какой игрок ходит первым", version=V, limit=10).hits if h["kind"] == "rule"]
    nums = [h["number"] for h in hits]
    # none in the first ten (the scenario block and the bridge now fill them) is «below» too
    first_variant = next((i for i, n in enumerate(nums) if n[0] in "89"), len(nums))
    assert first_variant >= 2 and all(n[0] in "89" for n in nums[first_variant:]), nums
    hits = search(ix, "сколько жизней в двухголовом гиганте", version=V, limit=10).hits
    assert any(h["number"].startswith("810") for h in hits[:3]), [h["number"] for h in hits[:5]]


def test_a_situation_rule_is_followed_by_its_subrule_that_holds_the_question(ix):
    """The situations table names 117.3 for «получать приоритет»; 117.3 opens a list
    («Следующие правила определяют, кто из игроков имеет приоритет:»), and the rest of the
    question picks the item: 117.3a «Активный игрок получает приоритет в начале большинства
    шагов и фаз» right after it."""
    hits = search(ix, "получает ли активный игрок приоритет в начале шага", version=V, limit=10).hits
    assert [h["number"] for h in hits[:2]] == ["117.3", "117.3a"], [h["number"] for h in hits[:5]]
    assert hits[1]["lang"] == hits[0]["lang"] == "ru"


def test_a_one_word_question_ranks_the_same_on_a_freshly_opened_index(ix, monkeypatch):
    """The headings the variant check reads were loaded only by a query of several words: on a
    freshly opened index «что такое командир» (one content word) did not count as naming the
    Commander variant and 903.8 fell out of first place until some longer query had run. (The
    definition step, which now puts the glossary's 903.1 first, is off here: it would hide that.)"""
    from judge_app.search import query as Q
    from judge_app.search.query import clear_cache
    monkeypatch.setattr(Q, "DEFINING", False)
    q = "что такое командир"
    clear_cache()
    cold = [h["number"] for h in search(ix, q, version="2020-01-24", limit=5).hits]
    search(ix, "шаг взятия карты", version="2020-01-24", limit=5)
    warm = [h["number"] for h in search(ix, q, version="2020-01-24", limit=5).hits]
    assert cold == warm and cold[0] == "903.8", cold
