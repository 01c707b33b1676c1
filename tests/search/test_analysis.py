"""The mixed Russian/English analysers: inflected forms collapse, ё = е, English stems."""
import pickle

import pytest

from judge_app.search.analysis import (
    DEFAULT_RU_ANALYSER,
    RU_ANALYSERS,
    MixedLanguageFilter,
    analyse,
    mixed_analyzer,
    normalise_word,
    terms_with_spans,
    word_terms,
)


def main_terms(text, ru):
    return [normalise_word(w, ru) for w in text.split() if normalise_word(w, ru)]


@pytest.mark.parametrize("ru", RU_ANALYSERS)
def test_inflected_forms_collapse(ru):
    base = main_terms("смертельное касание", ru)
    assert len(base) == 2
    for form in ("смертельным касанием", "смертельного касания", "Смертельному Касанию",
                 "СМЕРТЕЛЬНОЕ КАСАНИЕ", "смертельными касаниями"):
        assert main_terms(form, ru) == base, form
    if ru != "pymorphy":
        assert analyse("смертельным касанием", ru) == analyse("смертельное касание", ru)


def test_rare_readings_are_not_indexed():
    assert word_terms("правило", "pymorphy") == ("правило",)  # not «править» (2 %)


def test_ambiguous_forms_give_every_lemma():
    # «мигом» is first an adverb; the noun «миг» (Flash) must still be reachable
    assert "миг" in word_terms("мигом", "pymorphy")
    assert "чудо" in word_terms("чудом", "pymorphy")
    assert word_terms("мигом", "snowball") == ("миг",)


def test_hybrid_meets_unknown_words_through_the_stem():
    # pymorphy3 does not know «подыгрой» and guesses; the stem is the safety net
    assert word_terms("подыгрой", "pymorphy")[0] != "подыгра"
    assert set(word_terms("подыгрой", "hybrid")) & set(word_terms("подыгра", "hybrid"))
    assert word_terms("касанием", "hybrid") == ("касание", "касан")


@pytest.mark.parametrize("ru", RU_ANALYSERS)
def test_different_words_stay_different(ru):
    assert analyse("касание", ru) != analyse("удар", ru)
    assert analyse("пробивной", ru) != analyse("смертельный", ru)


@pytest.mark.parametrize("ru", RU_ANALYSERS)
def test_yo_is_ye(ru):
    assert analyse("ещё её жёлтый", ru)[-1] == analyse("желтый", ru)[-1]
    assert analyse("Ёж", ru) == analyse("еж", ru)
    assert analyse("всё", ru) == analyse("все", ru)
    assert analyse("зачёркнутый", ru) == analyse("зачеркнутый", ru)


def test_pymorphy_gives_dictionary_lemmas():
    assert analyse("смертельным касанием", "pymorphy") == ["смертельный", "касание"]
    assert analyse("существами", "pymorphy") == ["существо"]


def test_snowball_gives_stems():
    assert analyse("смертельным касанием", "snowball") == ["смертельн", "касан"]


@pytest.mark.parametrize("ru", RU_ANALYSERS)
def test_english_stemming_and_per_token_language(ru):
    assert analyse("attacking attacks attacked", ru) == ["attack"] * 3
    assert analyse("Deathtouch", ru) == ["deathtouch"]
    # one query, both languages: each token is treated by its own script
    mixed = analyse("trample пробивным ударом", ru)
    assert mixed[0] == "trampl"
    assert main_terms("trample пробивным ударом", ru)[1:] == main_terms("пробивной удар", ru)


def test_rule_numbers_and_digits_are_kept():
    assert analyse("правило 704.5K и 20 жизней", "pymorphy") == ["правило", "704.5k", "20", "жизнь"]


def test_stop_words_are_dropped():
    assert analyse("the creature with flying", "snowball") == ["creatur", "fli"]
    assert analyse("и в на смертельное", "pymorphy") == ["смертельный"]
    assert normalise_word("и") is None


def test_unknown_analyser_is_refused():
    with pytest.raises(ValueError):
        MixedLanguageFilter("porter")


def test_analyser_pickles_small_and_equal():
    # the schema (with the analyser) is pickled into the index: no MorphAnalyzer inside
    for ru in RU_ANALYSERS:
        a = mixed_analyzer(ru)
        data = pickle.dumps(a)
        assert len(data) < 2000
        b = pickle.loads(data)
        assert [t.text for t in b("Смертельным касанием")] == analyse("смертельным касанием", ru)
    assert DEFAULT_RU_ANALYSER in RU_ANALYSERS


def test_terms_with_spans_point_into_the_text():
    text = "Существо со смертельным касанием (deathtouch)."
    spans = terms_with_spans(text, "pymorphy")
    assert [(t[0], text[s:e]) for t, s, e in spans] == [
        ("существо", "Существо"), ("смертельный", "смертельным"), ("касание", "касанием"),
        ("deathtouch", "deathtouch")]
