"""The four later English releases as published: read, validated and compared (issue 25)."""
from __future__ import annotations

from pathlib import Path

import pytest

from judge_app import paths
from judge_app.corpus import release_file
from judge_app.corpus.diff import compare_releases

EN = paths.SOURCES_DIR / "en"
LATER = ["2021-04-22", "2022-11-18", "2024-11-08", "2026-01-16"]


@pytest.fixture(scope="module")
def releases():
    return {v: release_file.read((EN / f"cr-en-{v}.txt").read_bytes(), v)
            for v in ["2020-01-24", *LATER]}


def test_each_quirk_is_read(releases):
    raw = {v: (EN / f"cr-en-{v}.txt").read_bytes() for v in LATER}
    assert raw["2022-11-18"][:2] == b"\xfe\xff"  # UTF-16 big-endian with its BOM
    assert raw["2026-01-16"].count(b"\r\r") > 1000  # bare CR
    assert raw["2026-01-16"].count(b"\r\n") < raw["2026-01-16"].count(b"\r\r") / 100
    assert raw["2021-04-22"][:3] == b"\xef\xbb\xbf" and b"\r\n" in raw["2021-04-22"]
    for v in LATER:
        r = releases[v]
        assert r.date == v  # from the header, not from the file name
        assert len(r.rules) > 2600 and len(r.glossary) > 580
        assert set(r.contents) <= {x.number for x in r.rules if x.level == "section"}


def test_numbering_quirks_of_2022_and_later(releases):
    """«606.5 If…» (no dot) and «901.4.All» (no space) are rules, not text of the rule before."""
    for v in ("2022-11-18", "2024-11-08", "2026-01-16"):
        numbers = {r.number: r for r in releases[v].rules}
        assert numbers["606.5"].text.startswith("If the total cost to activate a loyalty ability")
        assert "606.6" in numbers and "901.5" in numbers
        assert "Once all players" not in numbers["901.3"].text


def test_damage_assignment_order_is_gone_in_2024(releases):
    def text(v, n):
        return next(r.text for r in releases[v].rules if r.number == n)
    assert "damage assignment order" in text("2020-01-24", "510.1c")
    assert "damage assignment order" not in text("2024-11-08", "510.1c")


def test_mana_value_is_one_rename_not_hundreds_of_changes(releases):
    as_dicts = lambda r: [{"number": x.number, "title": x.title, "text": x.text}
                          for x in r.rules if x.level != "chapter"]
    changes, renames = compare_releases(as_dicts(releases["2020-01-24"]), as_dicts(releases["2021-04-22"]))
    pairs = {(r.old, r.new) for r in renames}
    assert ("converted mana cost", "mana value") in pairs
    renamed = [c for c in changes if c.renamed]
    assert len(renamed) >= 10
    # a rename-only rule is not counted as a change of meaning
    assert not any(c.status == "changed" and c.renamed for c in changes)


def test_a_rename_applied_to_some_occurrences_is_still_a_rename(releases):
    """2024 wrote «enters» for «enters the battlefield» but kept the phrase where it names the
    event: 603.6a changed only by the rename, at two of its three occurrences."""
    as_dicts = lambda r: [{"number": x.number, "title": x.title, "text": x.text}
                          for x in r.rules if x.level != "chapter"]
    changes, renames = compare_releases(as_dicts(releases["2022-11-18"]), as_dicts(releases["2024-11-08"]))
    assert ("enters the battlefield", "enters") in {(r.old, r.new) for r in renames}
    by_old = {c.old_number: c for c in changes}
    assert by_old["603.6a"].status == "renamed"
    # a real change beside a rename stays a change: 506.3d gained battles
    assert by_old["506.3d"].status == "changed" and not by_old["506.3d"].renamed


@pytest.mark.parametrize("data,needle", [
    (b"", "пуст"),
    (b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj", "PDF"),
    (b"<!DOCTYPE html><html><head><title>Comprehensive Rules</title>", "HTML"),
    ("Полные правила Magic: The Gathering\nЭти правила вступают в силу".encode(), "русском"),
    ("Magic: Die umfassenden Regeln\nDiese Regeln gelten ab".encode(), "не текст правил на английском"),
    (b"x" * (release_file.MAX_BYTES + 1), "слишком большой"),
    (b"\xff\xfe\x00\xd8", "UTF"),
])
def test_wrong_files_are_named(data, needle):
    with pytest.raises(release_file.ReleaseError) as exc:
        release_file.read(data, "x.txt")
    assert needle in str(exc.value)


def test_truncated_file_is_refused(releases):
    """A file whose contents list sections the body lacks (cut after chapter 6)."""
    text = releases["2026-01-16"].text
    cut = text[:text.index("\r700. General\r", text.index("Contents") + 5000)]
    with pytest.raises(release_file.ReleaseError) as exc:
        release_file.read(cut.encode("utf-8"), "cut.txt")
    assert "оглавление называет разделы" in str(exc.value) and "700" in str(exc.value)
