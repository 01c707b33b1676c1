"""The judges' questions written for each rule (``search/rule_questions.py``) on the real corpus:
every row names a rule of its release, its words reach that rule's cited field in 2020 and,
through the renumbering, in the newest release, and a bad row is named by file and line."""
from __future__ import annotations

import sqlite3

import pytest

from judge_app.corpus.catalogue import DEFAULT_VERSION
from judge_app.search import rule_questions
from judge_app.search.index import cited_texts
from judge_app.search.sources import search_documents

pytestmark = pytest.mark.skipif(not rule_questions.files(), reason="no rule question files yet")


def test_every_question_names_a_rule_of_its_release(db):
    known = {n for (n,) in db.execute("select number from rules where version = ? and lang = 'ru'",
                                      (rule_questions.VERSION,))}
    rows = [(p.name, line, rule) for p in rule_questions.files() for line, rule, _ in rule_questions.read(p)]
    assert len(rows) >= 100
    missing = [r for r in rows if r[2] not in known]
    assert not missing, missing[:20]


def test_no_question_is_written_twice():
    seen: dict[str, tuple] = {}
    doubles = []
    for p in rule_questions.files():
        for line, rule, q in rule_questions.read(p):
            key = (rule, q.lower())
            if key in seen:
                doubles.append((p.name, line, seen[key]))
            seen[key] = (p.name, line)
    assert not doubles, doubles[:20]


@pytest.fixture(scope="module")
def cited(corpus):
    from judge_app import paths
    import sqlite_utils

    return cited_texts(list(search_documents(sqlite_utils.Database(paths.db_path()))))


def _words(text: str) -> set[str]:
    return {w.lower() for w in text.replace("ё", "е").split() if w.isalpha()}


def test_a_rules_questions_reach_its_cited_words_in_2020_and_the_newest_release(cited, db):
    asked = rule_questions.questions()
    moved = dict(db.execute(
        "select old_number, new_number from rule_changes where old_version = ? and lang = 'en' "
        "and old_number is not null and new_number is not null", (rule_questions.VERSION,)).fetchall())
    checked = 0
    for rule, qs in list(asked.items())[:60]:
        words = _words(qs[0])
        own = cited.get((rule_questions.VERSION, rule, "ru"), "")
        assert words <= set(own.split()), (rule, qs[0])
        if DEFAULT_VERSION != rule_questions.VERSION and rule in moved:
            # 2020 → newest goes through the releases between: the same rule, whatever its number
            newest = [k for k in cited if k[0] == DEFAULT_VERSION and k[2] == "ru" and words <= set(cited[k].split())]
            assert newest, (rule, qs[0])
        checked += 1
    assert checked


def test_a_bad_row_is_named_by_file_and_line(tmp_path):
    (tmp_path / "x.tsv").write_text("rule\tquestion\n702.19\tкак работает трампл\n70219\tчто такое трампл\n",
                                    encoding="utf-8")
    with pytest.raises(ValueError, match=r"x.tsv: line 3: '70219' is not a rule number"):
        rule_questions.questions(tmp_path)
    (tmp_path / "x.tsv").write_text("rule\tquestion\n702.19\thow does trample work\n", encoding="utf-8")
    with pytest.raises(ValueError, match=r"line 2: the question must be Russian"):
        rule_questions.questions(tmp_path)


def test_each_rules_questions_make_one_citing_document(tmp_path):
    (tmp_path / "a.tsv").write_text("rule\tquestion\n702.19\tкак работает трампл\n702.19\tлишний урон игроку\n",
                                    encoding="utf-8")
    (tmp_path / "b.tsv").write_text("rule\tquestion\n702.19\tкак работает трампл\n", encoding="utf-8")
    docs = list(rule_questions.citation_documents(tmp_path))
    assert [(d["refs"], d["ref_version"], d["text"]) for d in docs] == [
        ("702.19", "2020-01-24", "как работает трампл\nлишний урон игроку")]
