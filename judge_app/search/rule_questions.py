"""The questions judges ask about each rule, written for the search (issue 23, "doc2query").

Why: a judge asks «можно ли напасть существом, которое только что вышло», not «summoning
sickness». The bridge (``sources.py``, ``index.cited_texts``) lends a rule the words of the
texts that cite it; FAQ rulings and scenarios cover a few hundred rules. These files cover
every rule: for each rule of the Comprehensive Rules 2020-01-24, one to three questions a
Russian-speaking judge or player would type about it, written from the rule's text — never
from a benchmark query (``README``: how to add data without tuning on a test set).

Cards too: ``data/card_questions/*.tsv`` (header ``card	question	rules``): for each card of the
engine's pool, the questions judges ask about it alone and beside another pool card, each with
the 2020 rules that answer it; the card's name is in the question, so a query naming the card
meets them (``query.CARD_ASKED``).

``data/rule_questions/*.tsv``: header ``rule	question``. Each rule's questions become one
``asked`` document of that release, which the question bank reads (``asked.py``); the newest
release gets them through the renumbering like every citing text (``sources.projected``).
"""
from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

from judge_app.search.datafile import read_rows

DATA_DIR = Path(__file__).resolve().parent / "data" / "rule_questions"
CARD_DIR = Path(__file__).resolve().parent / "data" / "card_questions"
EN_DIR = Path(__file__).resolve().parent / "data" / "rule_questions_en"  # the same in English
CARD_HEADER = ["card", "question", "rules"]
VERSION = "2020-01-24"  # the release the questions' rule numbers are written in
HEADER = ["rule", "question"]
MAX_QUESTION_CHARS = 200
_RULE = re.compile(r"\d{3}(?:\.\d+[a-z]?)?")
_CYRILLIC = re.compile(r"[А-Яа-яЁё]")
_LATIN = re.compile(r"[A-Za-z]")


def files(folder: Path = DATA_DIR) -> list[Path]:
    """The question files, in name order (the corpus hash covers them: they shape the index)."""
    return sorted(Path(folder).glob("*.tsv"))


def _checked(path: Path, line: int, rules: str, question: str,
             english: bool = False) -> tuple[list[str], str]:
    """The row's rule numbers and its question, spaces folded; ``ValueError`` naming the file
    and line of a row whose rule is not a rule number or whose question is not a short Russian
    (``english``: English) question."""
    nums, question = rules.split(), " ".join(question.split())
    bad = [n for n in nums if not _RULE.fullmatch(n)]
    if bad or not nums:
        raise ValueError(f"{path}: line {line}: {' '.join(bad) or rules!r} is not a rule number (like 702.19c)")
    language, wrong = ("English", not _LATIN.search(question) or _CYRILLIC.search(question)) if english \
        else ("Russian", not _CYRILLIC.search(question))
    if len(question) > MAX_QUESTION_CHARS or wrong:
        raise ValueError(f"{path}: line {line}: the question must be {language} and at most "
                         f"{MAX_QUESTION_CHARS} characters: {question[:60]!r}")
    return nums, question


def read(path: Path, english: bool = False) -> list[tuple[int, str, str]]:
    """(line, rule, question) of one rule question file (see ``_checked``)."""
    out = []
    for line, (rule, question) in read_rows(path, HEADER):
        nums, question = _checked(path, line, rule.strip(), question, english)
        if len(nums) != 1:
            raise ValueError(f"{path}: line {line}: one rule number per row, not {rule!r}")
        out.append((line, nums[0], question))
    return out


def read_cards(path: Path) -> list[tuple[int, str, str, list[str]]]:
    """(line, card's English name, question, rules) of one card question file (see ``_checked``)."""
    out = []
    for line, (card, question, rules) in read_rows(path, CARD_HEADER):
        nums, question = _checked(path, line, rules, question)
        out.append((line, card.strip(), question, nums))
    return out


def questions(folder: Path = DATA_DIR, english: bool = False) -> dict[str, list[str]]:
    """rule -> its questions, every file read, in file order, each question once."""
    out: dict[str, list[str]] = {}
    for path in files(folder):
        for _, rule, question in read(path, english):
            if question not in out.setdefault(rule, []):
                out[rule].append(question)
    return out


def citation_documents(folder: Path = DATA_DIR, cards: Path = CARD_DIR,
                       english: Path = EN_DIR) -> Iterator[dict]:
    """One ``asked`` document per rule and language (its questions, about that rule of
    ``VERSION``), then one per card question (about its rules)."""
    for lang, got in (("ru", questions(folder)), ("en", questions(english, english=True))):
        for rule, qs in got.items():
            yield {"id": f"asked:{VERSION}:{rule}" + (":en" if lang == "en" else ""), "kind": "asked",
                   "version": "", "lang": lang, "number": "", "title": "", "text": "\n".join(qs),
                   "refs": rule, "ref_version": VERSION, "is_title_rule": False}
    for path in files(cards):
        for line, card, question, nums in read_cards(path):
            yield {"id": f"asked:{VERSION}:{path.stem}:{line}", "kind": "asked", "version": "",
                   "lang": "ru", "number": "", "title": card, "text": question,
                   "refs": " ".join(nums), "ref_version": VERSION, "is_title_rule": False}
