"""Comparing releases: additions and renumberings found by content, history per rule."""
from __future__ import annotations

import pytest

from judge_app.corpus.diff import compare, word_diff
from judge_app.corpus.lookup import CorpusError, VersionHistory

OLD, NEW = "2019-05-03", "2020-01-24"


@pytest.fixture(scope="module")
def en_diff(corpus):
    return VersionHistory(corpus).diff(OLD, NEW, "en", include_unchanged=True)


def by_new(diff):
    return {c["new_number"]: c for c in diff["changes"] if c["new_number"]}


def test_english_additions_are_found(en_diff):
    found = by_new(en_diff)
    for number in ("111", "111.9", "702.137", "702.137a", "715", "715.1", "118.13"):
        assert found[number]["status"] == "added", number


def test_english_renumberings_are_matched_by_content(en_diff):
    found = by_new(en_diff)
    # 2019's 111-121 are 2020's 112-122; 715-721 are 716-722
    assert found["113"]["old_number"] == "112" and found["113"]["status"] == "renumbered"
    assert found["122"]["old_number"] == "121"
    assert found["716"]["old_number"] == "715"
    assert found["722"]["old_number"] == "721"
    # the tokens rule moved from 110.5 to the new section 111
    assert found["111.1"]["old_number"] == "110.5"


def test_most_english_rules_are_unchanged(en_diff):
    counts = en_diff["summary"]
    assert counts["unchanged"] > 0.8 * sum(counts.values())
    assert counts["removed"] < 10


def test_changed_rule_has_a_word_diff(en_diff):
    mulligan = next(c for c in en_diff["changes"] if c["new_number"] == "103.4c")
    ops = {op for op, _ in mulligan["diff"]}
    assert mulligan["status"] in {"changed", "renumbered"} and {"delete", "insert"} & ops


def test_russian_2020_additions(corpus):
    diff = VersionHistory(corpus).diff(OLD, NEW, "ru")
    found = by_new(diff)
    assert found["702.137"]["status"] == "added"
    assert found["111"]["status"] == "added"
    assert found["113"]["old_number"] == "112"


def test_history_of_a_renumbered_rule(corpus):
    history = VersionHistory(corpus).history("113", NEW, "en")
    assert history and history[0]["number"] == "112"
    assert "в 2019-05-03 это правило 112" in history[0]["text"]
    new_rule = VersionHistory(corpus).history("702.137", NEW, "en")
    assert new_rule[0]["text"] == "новое в 2020-01-24"


def test_diff_refuses_the_same_version_and_unknown_versions(corpus):
    with pytest.raises(CorpusError):
        VersionHistory(corpus).diff(NEW, NEW, "en")
    with pytest.raises(CorpusError, match="неизвестная версия"):
        VersionHistory(corpus).diff("2018-01-01", NEW, "en")


def test_compare_on_small_lists():
    old = [{"number": "100.1", "title": "", "text": "alpha beta gamma delta"},
           {"number": "100.2", "title": "", "text": "one two three four five"}]
    new = [{"number": "100.1", "title": "", "text": "brand new rule text here"},
           {"number": "100.2", "title": "", "text": "alpha beta gamma delta"},
           {"number": "100.3", "title": "", "text": "one two three four six"}]
    result = {(c.old_number, c.new_number): c.status for c in compare(old, new)}
    assert result[("100.1", "100.2")] == "renumbered"
    assert result[("100.2", "100.3")] == "renumbered"
    assert result[(None, "100.1")] == "added"
    assert word_diff("a b c", "a x c") == [["equal", "a"], ["delete", "b"], ["insert", "x"], ["equal", "c"]]


def test_russian_changes_where_english_did_not_change_are_flagged(corpus, en_diff):
    """A Russian 2019→2020 difference under an unchanged English rule is most likely
    a decoding error of the 2020 OCR: the diff and the rule's history say so."""
    vh = VersionHistory(corpus)
    ru = vh.diff(OLD, NEW, "ru")
    en_same = {(c["old_number"], c["new_number"]) for c in en_diff["changes"]
               if c["status"] == "unchanged" or (c["status"] == "renumbered" and not c["diff"])}
    flagged = [c for c in ru["changes"] if c["english_unchanged"]]
    assert flagged and len(flagged) < len(ru["changes"])
    for c in ru["changes"]:
        assert c["english_unchanged"] == ((c["old_number"], c["new_number"]) in en_same), c
    mulligan = by_new(ru)["103.4c"]  # the London mulligan: changed in English too
    assert mulligan["status"] in ("changed", "added") and not mulligan["english_unchanged"]
    noisy = next(c for c in flagged if c["status"] == "changed")
    history = vh.history(noisy["new_number"], NEW, "ru")
    assert VersionHistory.OCR_NOTE in history[0]["text"]
    assert VersionHistory.OCR_NOTE not in vh.history("103.4c", NEW, "ru")[0]["text"]
