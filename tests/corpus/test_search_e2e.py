"""Search over the whole built corpus, with the queries a judge types at an event."""
from __future__ import annotations

import pytest

from judge_app import services
from judge_app.corpus.lookup import CorpusError

V19 = "2019-05-03"


def numbers(result, kind="rule"):
    return [h["number"] for h in result["hits"] if h["kind"] == kind]


@pytest.mark.parametrize("query", ["704.5k", "704,5к", "704.5л", "704.5K"])
def test_rule_number_forms_find_the_rule_first(corpus, query):
    result = services.search(query, version=V19, lang="ru")
    assert result["hits"][0]["number"] == "704.5k"


def test_rule_number_with_all_its_subrules(corpus):
    found = numbers(services.search("704.5", version=V19, lang="ru", limit=50))
    assert found[0] == "704.5"
    assert {"704.5a", "704.5k", "704.5x"} <= set(found)


def test_a_section_and_a_range(corpus):
    assert numbers(services.search("704", version=V19, lang="ru"))[0] == "704"
    found = numbers(services.search("704.5a-d", version=V19, lang="ru"))
    assert {"704.5a", "704.5b", "704.5c", "704.5d"} <= set(found)


@pytest.mark.parametrize("query", ["смертельное касание", "смертельным касанием", "deathtouch"])
def test_deathtouch_finds_its_keyword_rule_first(corpus, query):
    found = numbers(services.search(query, version=V19, lang="ru", kind="rule"))
    assert found[0] == "702.2", found[:5]


def test_legend_rule(corpus):
    # in the 2019 release the legend rule is 704.5j (704.5k is the world rule)
    found = numbers(services.search("легендарное правило", version=V19, lang="ru", kind="rule"))
    assert "704.5j" in found[:3], found[:10]


def test_wrong_keyboard_layout_is_corrected_with_a_note(corpus):
    result = services.search("cvthntkmyjt rfcfybt", version=V19, lang="ru", kind="rule")
    assert result["corrected_query"] == "смертельное касание"
    assert "показаны результаты для" in result["note"]
    assert numbers(result)[0] == "702.2"


def test_russian_term_finds_the_english_rule(corpus):
    found = numbers(services.search("смертельное касание", version=V19, lang="en", kind="rule"))
    assert "702.2" in found[:3], found[:5]


def test_snippets_highlight_the_matched_words(corpus):
    hit = services.search("смертельное касание", version=V19, lang="ru")["hits"][0]
    assert "<mark>" in hit["snippet"]
    assert "<script" not in services.search("<script>касание", version=V19)["hits"][0]["snippet"]


@pytest.mark.parametrize("kind", ["glossary", "example", "card", "ruling", "rulebook"])
def test_kind_filter(corpus, kind):
    query = {"card": "Ангел", "ruling": "смертельное касание", "rulebook": "ярость",
             "glossary": "касание", "example": "существо"}[kind]
    hits = services.search(query, version=V19, kind=kind)["hits"]
    assert hits and all(h["kind"] == kind for h in hits)


@pytest.mark.parametrize("bad,needle", [
    ("", "пустой запрос"), ("   ", "пустой запрос"), ("я" * 10_000, "слишком длинный"),
    ("касание\x00", "управляющий символ")])
def test_bad_queries_are_refused_clearly(corpus, bad, needle):
    with pytest.raises(CorpusError, match=needle):
        services.search(bad)
