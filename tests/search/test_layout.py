"""Keyboard layout: conversion both ways and the wrong-layout detector."""
import pytest

from judge_app.search.layout import detect_wrong_layout, to_en, to_ru

# An English vocabulary of the kind the index saves (en_vocab.txt): words of English text.
EN_VOCAB = frozenset(
    "deathtouch trample flying creature creatures damage legend rule rules the of a "
    "with attacking blocking state based actions first strike lifelink curse hexproof "
    "this is static ability destroyed toughness".split())


def test_to_ru_letters_and_punctuation_keys():
    assert to_ru("cvthntkmyjt rfcfybt") == "смертельное касание"
    assert to_ru("ghjrkznbt") == "проклятие"
    assert to_ru(";'. ,[]`") == "жэю бхъё"
    assert to_ru("CVTHNTKMYJT") == "СМЕРТЕЛЬНОЕ"
    assert to_ru(":\"<>{}~") == "ЖЭБЮХЪЁ"
    assert to_ru("/") == "."  # the key right of ю types a full stop on ЙЦУКЕН
    assert to_ru("704.5k") == "704ю5л"


def test_to_en_is_the_inverse_on_letters():
    assert to_en("смертельное касание") == "cvthntkmyjt rfcfybt"
    assert to_en("вуферещгср") == "deathtouch"
    assert to_en("жэюбхъё") == ";'.,[]`"
    for s in ("cvthntkmyjt rfcfybt", "ghjrkznbt", "qwerty;'[],.`", "QWERTY:\"{}<>~"):
        assert to_en(to_ru(s)) == s


def test_wrong_layout_latin_to_russian():
    assert detect_wrong_layout("cvthntkmyjt rfcfybt", EN_VOCAB) == "смертельное касание"
    assert detect_wrong_layout("ghjrkznbt", EN_VOCAB) == "проклятие"
    assert detect_wrong_layout("ghjrkznbt") == "проклятие"  # no vocabulary needed for this
    assert detect_wrong_layout(";bdjnyjt", EN_VOCAB) == "животное"  # ; is the ж key
    assert detect_wrong_layout("lkbntkmyjt ltqcndbt", EN_VOCAB) == "длительное действие"
    assert detect_wrong_layout("Cvthntkmyjt Rfcfybt", EN_VOCAB) == "Смертельное Касание"
    assert detect_wrong_layout("ghjrkznbt,", EN_VOCAB) == "проклятие,"  # a real comma stays


@pytest.mark.parametrize("q", ["deathtouch", "trample", "flying", "first strike", "legend rule",
                               "state based actions", "Hexproof", "lifelink"])
def test_english_is_not_flagged(q):
    assert detect_wrong_layout(q, EN_VOCAB) is None


@pytest.mark.parametrize("q", ["смертельное касание", "проклятие", "704.5k", "704", "",
                               "deathtouch смертельное", "zzzzqqq"])
def test_other_queries_are_not_flagged(q):
    assert detect_wrong_layout(q, EN_VOCAB) is None


def test_wrong_layout_cyrillic_to_english():
    assert detect_wrong_layout("вуферещгср", EN_VOCAB) == "deathtouch"
    assert detect_wrong_layout("екфьзду", EN_VOCAB) == "trample"
    # Without an English vocabulary there is no basis to flip Russian to English.
    assert detect_wrong_layout("вуферещгср", frozenset()) is None


def test_real_russian_words_are_not_flipped_to_english():
    assert detect_wrong_layout("касание", EN_VOCAB) is None
    assert detect_wrong_layout("сила", EN_VOCAB | {"cbkf"}) is None
