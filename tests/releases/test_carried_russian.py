"""The corpus with six English releases: the 2026 default, the carried Russian, history (issue 25)."""
from __future__ import annotations

import pytest

from judge_app.corpus.lookup import VersionHistory


def test_newest_release_is_the_default(corpus):
    assert corpus.default_version() == "2026-01-16"
    assert corpus.cr_versions()[:5] == ["2026-01-16", "2024-11-08", "2022-11-18", "2021-04-22",
                                        "2020-01-24"]
    assert corpus.rule("704.5j")["version"] == "2026-01-16"


def test_unchanged_english_shows_the_2020_russian(corpus):
    rule = corpus.rule("100.1", lang="ru")
    assert rule["carry"]["status"] == "unchanged"
    assert rule["text"] == corpus.rule("100.1", "2020-01-24", "ru")["text"]
    assert not rule["missing_translation"]


def test_a_moved_rule_keeps_its_2020_translation(corpus):
    """613.6 of 2020 (timestamps) is 613.7 in 2026: carried under its new number."""
    rule = corpus.rule("613.7", lang="ru")
    assert rule["carry"] == {**rule["carry"], "status": "unchanged", "number": "613.6"}
    assert rule["text"] == corpus.rule("613.6", "2020-01-24", "ru")["text"]


def test_changed_rule_shows_english_then_the_old_russian(corpus):
    rule = corpus.rule("702.2c", lang="ru")  # deathtouch with several blockers: reworded in 2024
    assert rule["carry"]["status"] == "changed" and rule["missing_translation"]
    assert rule["text"] == corpus.rule("702.2c", lang="en")["text"]
    assert rule["carry"]["text"] == corpus.rule("702.2c", "2020-01-24", "ru")["text"]
    assert any(op == "delete" for op, _ in rule["carry"]["diff"])


def test_new_rule_has_no_translation(corpus):
    rule = corpus.rule("702.19c", lang="ru")  # trample over planeswalkers, 2022
    assert rule["carry"]["status"] == "new" and rule["missing_translation"]
    assert rule["text"].startswith("Trample over planeswalkers")


def test_glossary_is_carried_with_renames(corpus):
    entries = {e["term_en"]: e for e in corpus.glossary_all(lang="ru")}
    assert entries["Deathtouch"]["term_ru"] == "Смертельное касание"
    # «Converted Mana Cost» became «Mana Value» in 2021: the headword follows the rename
    assert entries["Mana Value"]["term_ru"].lower().startswith("конвертированная")


def test_timeline_follows_renumbering_across_releases(corpus):
    """701.35a of 2020 moved to 701.36a in 2021 and to 111.10f in 2022."""
    line = VersionHistory(corpus).timeline("111.10f", "2026-01-16")
    steps = [(e["version"], e["number"]) for e in line]
    assert ("2020-01-24", "701.35a") in [(e.get("from_version"), e.get("from_number")) for e in line] \
        or ("2020-01-24", "701.35a") in steps
    assert ("2021-04-22", "701.36a") in steps and ("2022-11-18", "111.10f") in steps


def test_timeline_of_a_rule_added_later(corpus):
    line = VersionHistory(corpus).timeline("702.19c", "2026-01-16")
    assert line[0]["status"] == "added" and line[0]["version"] == "2022-11-18"


def test_mana_value_rename_is_shown_once(corpus):
    diff = VersionHistory(corpus).diff("2020-01-24", "2021-04-22", "en")
    assert ("converted mana cost", "mana value") in [(r["old"], r["new"]) for r in diff["renames"]]
    assert diff["summary"].get("renamed", 0) >= 10
    assert not any(c["status"] == "renamed" for c in diff["changes"])


def test_diff_of_releases_that_are_not_neighbours(corpus):
    diff = VersionHistory(corpus).diff("2020-01-24", "2026-01-16", "en")
    by_old = {c["old_number"]: c for c in diff["changes"]}
    assert by_old["510.1c"]["status"] == "changed"
    assert diff["summary"]["added"] > 500
    back = VersionHistory(corpus).diff("2026-01-16", "2020-01-24", "ru")  # carried Russian: English compared
    assert back["summary"]["removed"] == diff["summary"]["added"]


def test_every_release_is_a_version_with_both_languages(corpus):
    docs = {d["id"] for d in corpus.versions()}
    for v in ("2021-04-22", "2022-11-18", "2024-11-08", "2026-01-16"):
        assert {f"cr-en-{v}", f"cr-ru-{v}"} <= docs


def test_russian_search_on_the_2026_default(corpus):
    """A Russian query finds the rule through the carried 2020 text under the newest release."""
    from judge_app import services

    hits = services.search("смертельное касание", limit=10)["hits"]
    rules = [h for h in hits if h["kind"] == "rule"]
    assert rules and rules[0]["version"] == "2026-01-16" and rules[0]["number"].startswith("702.2")
    from judge_app.corpus.lookup import CorpusError

    with pytest.raises(CorpusError) as exc:  # a release between is read by number, not searched
        services.search("смертельное касание", version="2022-11-18")
    assert "2026-01-16" in exc.value.message and "2020-01-24" in exc.value.message
