"""The questions judges ask about each rule, written for the search (issue 23, "doc2query").

Why: a judge asks «можно ли напасть существом, которое только что вышло», not «summoning
sickness». The bridge (``sources.py``, ``index.cited_texts``) lends a rule the words of the
texts that cite it; FAQ rulings and scenarios cover a few hundred rules. These files cover
every rule: for each rule of the Comprehensive Rules 2020-01-24, one to three questions a
Russian-speaking judge or player would type about it, written from the rule's text — never
from a benchmark query (``README``: how to add data without tuning on a test set).

``data/rule_questions/*.tsv``: header ``rule	question``. Each rule's questions become one
``cite`` document of that release, whose words reach the rule's ``cited`` field; the
newest release gets them through the renumbering like every citing text
(``sources.projected``).
"""
from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

from judge_app.search.datafile import read_rows

DATA_DIR = Path(__file__).resolve().parent / "data" / "rule_questions"
VERSION = "2020-01-24"  # the release the questions' rule numbers are written in
HEADER = ["rule", "question"]
MAX_QUESTION_CHARS = 200
_RULE = re.compile(r"\d{3}(?:\.\d+[a-z]?)?")
_CYRILLIC = re.compile(r"[А-Яа-яЁё]")


def files(folder: Path = DATA_DIR) -> list[Path]:
    """The question files, in name order (the corpus hash covers them: they shape the index)."""
    return sorted(Path(folder).glob("*.tsv"))


def read(path: Path) -> list[tuple[int, str, str]]:
    """(line, rule, question) of one file; ``ValueError`` naming the file and line of a row
    whose rule is not a rule number or whose question is not a short Russian question."""
    out = []
    for line, (rule, question) in read_rows(path, HEADER):
        rule, question = rule.strip(), " ".join(question.split())
        if not _RULE.fullmatch(rule):
            raise ValueError(f"{path}: line {line}: {rule!r} is not a rule number (like 702.19c)")
        if len(question) > MAX_QUESTION_CHARS or not _CYRILLIC.search(question):
            raise ValueError(f"{path}: line {line}: the question must be Russian and at most "
                             f"{MAX_QUESTION_CHARS} characters: {question[:60]!r}")
        out.append((line, rule, question))
    return out


def questions(folder: Path = DATA_DIR) -> dict[str, list[str]]:
    """rule -> its questions, every file read, in file order, each question once."""
    out: dict[str, list[str]] = {}
    for path in files(folder):
        for _, rule, question in read(path):
            if question not in out.setdefault(rule, []):
                out[rule].append(question)
    return out


def citation_documents(folder: Path = DATA_DIR) -> Iterator[dict]:
    """One ``cite`` document per rule: its questions, lent to that rule of ``VERSION``."""
    for rule, qs in questions(folder).items():
        yield {"id": f"asked:{VERSION}:{rule}", "kind": "cite", "version": "", "lang": "ru",
               "number": "", "title": "", "text": "\n".join(qs),
               "refs": rule, "ref_version": VERSION, "is_title_rule": False}
