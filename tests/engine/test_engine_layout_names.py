"""The engine is laid out by mechanism, not by the FAQ batch or the issue that added a piece
(issue 24): the citations files are named for what they cover and define each key once, and
every module of the engine and of the card vocabulary opens with what it does, not with the
FAQ ruling or the issue it came from."""

import ast
import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "judge_app" / "engine"
CITATION_FILES = sorted(ENGINE.glob("citations*.json"))
HISTORY_FIRST = re.compile(r"^\W*(Issue|issue|FAQ|M2011|r\d)")
HISTORY = re.compile(r"FAQ|[Ii]ssue \d|M2011|\br\d+\b|\bfaq[c-h]\b|ruling \d")


def test_citation_files_are_named_by_mechanism():
    assert len(CITATION_FILES) > 5, CITATION_FILES
    batches = [p.name for p in CITATION_FILES if re.match(r"citations_faq", p.name)]
    assert not batches, f"citations files named after an FAQ batch: {batches}"


def test_each_citation_key_is_defined_in_one_file():
    where: dict[str, list[str]] = {}
    for path in CITATION_FILES:
        for key in json.loads(path.read_text(encoding="utf-8"))["rules"]:
            where.setdefault(key, []).append(path.name)
    twice = {k: v for k, v in where.items() if len(v) > 1}
    assert not twice, f"keys defined in more than one citations file: {twice}"


def test_each_citation_file_says_what_it_covers():
    for path in CITATION_FILES:
        doc = json.loads(path.read_text(encoding="utf-8")).get("_doc", "")
        assert doc and not HISTORY_FIRST.match(doc), path.name


def _modules():
    for package in (ENGINE, ROOT / "judge_app" / "cards"):
        yield from sorted(package.rglob("*.py"))


def _first_sentence(doc: str) -> str:
    return re.split(r"(?<=\.)\s", doc.split("\n\n")[0].replace("\n", " "), maxsplit=1)[0]


def test_module_docstrings_open_with_what_the_module_does():
    """Every module has a docstring, and its first sentence says what the module does: it
    neither starts with nor mentions an FAQ ruling, an FAQ batch or an issue number — those
    may follow as history."""
    leading = {}
    for path in _modules():
        doc = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8")), clean=True) or ""
        first = _first_sentence(doc)
        if not doc or HISTORY_FIRST.match(doc) or HISTORY.search(first):
            leading[str(path.relative_to(ROOT))] = first[:100]
    assert not leading, f"module docstrings opening with an FAQ ruling or an issue: {leading}"


def test_the_history_check_can_fail():
    assert HISTORY_FIRST.match("Issue 11: ...") and HISTORY_FIRST.match("FAQ M2011 r283: ...")
    assert HISTORY_FIRST.match('"Each player sacrifices" — FAQ') is None
    assert HISTORY.search(_first_sentence('Mass Polymorph (FAQ M2011, issue 11): exile. Then.'))
    assert not HISTORY.search(_first_sentence("Exile all creatures (406). Written for FAQ M2011."))


def test_card_vocabulary_sections_are_named_by_mechanism():
    """cards/model.py extends the vocabulary in sections, one per mechanism: no section, no
    name of a check or a constant is an FAQ batch (faqc … faqh)."""
    text = (ROOT / "judge_app" / "cards" / "model.py").read_text(encoding="utf-8")
    sections = re.findall(r"^# -- (.*)$", text, flags=re.M)
    assert len(sections) > 20, sections
    batches = [s for s in sections if re.search(r"\bfaq[c-h]\b|FAQ group", s, flags=re.I) or HISTORY_FIRST.match(s)]
    names = sorted(set(re.findall(r"\b_?\w*faq[c-h]\w*\b", text, flags=re.I)))
    assert not batches and not names, (batches, names)
