"""The judges' questions written for each rule (``search/rule_questions.py``) on the real corpus:
every row names a rule of its release, the question bank holds them in 2020 and, through the
renumbering, in the newest release, they stay out of the cited words, and a bad row is named by
file and line."""
from __future__ import annotations

import re

import pytest

from judge_app.corpus.catalogue import DEFAULT_VERSION
from judge_app.search import asked, rule_questions
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


def test_a_rules_questions_reach_the_bank_in_2020_and_the_newest_release(ix, db):
    bank = asked.load(ix)
    pairs = set(zip(bank.version, bank.rule))
    written = rule_questions.questions()
    assert not [r for r in written if (rule_questions.VERSION, r) not in pairs]
    # the newest release holds them under its own numbers: as many rules as survived from 2020
    survived = {n for (n,) in db.execute(
        "select old_number from rule_changes where old_version = ? and lang = 'en' "
        "and old_number is not null and new_number is not null", (rule_questions.VERSION,))}
    newest = {r for v, r in pairs if v == DEFAULT_VERSION}
    assert len(newest) >= 0.9 * len(set(written) & survived)


def test_the_questions_stay_out_of_the_cited_words(corpus):
    """Their table words («трампл») in the cited field would make slang look like an indexed word,
    and the query would no longer be read as the rules' word (``query.known``)."""
    from judge_app import paths
    import sqlite_utils

    docs = list(search_documents(sqlite_utils.Database(paths.db_path())))
    assert any(d["kind"] == "asked" for d in docs)
    cited = cited_texts(docs)
    assert "трампл" not in set(cited.get((rule_questions.VERSION, "702.19", "ru"), "").split())
    assert any("трампл" in q for q in rule_questions.questions().get("702.19", []))


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
    docs = list(rule_questions.citation_documents(tmp_path, cards=tmp_path / "none", english=tmp_path / "none"))
    assert [(d["refs"], d["ref_version"], d["text"]) for d in docs] == [
        ("702.19", "2020-01-24", "как работает трампл\nлишний урон игроку")]


def test_every_card_question_names_a_pool_card_and_rules_of_its_release(db):
    from judge_app.cards.model import default_pool

    pool = {c.name_en for c in default_pool().cards}
    known = {n for (n,) in db.execute("select number from rules where version = ? and lang = 'ru'",
                                      (rule_questions.VERSION,))}
    rows = [(p.name, line, card, nums) for p in rule_questions.files(rule_questions.CARD_DIR)
            for line, card, _, nums in rule_questions.read_cards(p)]
    assert len(rows) >= 100
    assert not [r for r in rows if r[2] not in pool], "cards outside the pool"
    assert not [r for r in rows if not set(r[3]) <= known], "rules not in the 2020 text"
    # every pool card has its questions
    assert pool <= {r[2] for r in rows}, sorted(pool - {r[2] for r in rows})


def test_a_card_question_row_is_checked_like_a_rule_question(tmp_path):
    (tmp_path / "c.tsv").write_text("card\tquestion\trules\nClone\tклон копирует тармогойфа\t706.2 613x\n",
                                    encoding="utf-8")
    with pytest.raises(ValueError, match=r"c.tsv: line 2: '613x' is not a rule number"):
        rule_questions.read_cards(tmp_path / "c.tsv")


def test_every_english_question_names_a_rule_of_its_release(db):
    known = {n for (n,) in db.execute("select number from rules where version = ? and lang = 'en'",
                                      (rule_questions.VERSION,))}
    rows = [(p.name, line, rule) for p in rule_questions.files(rule_questions.EN_DIR)
            for line, rule, _ in rule_questions.read(p, english=True)]
    assert len(rows) >= 100
    assert not [r for r in rows if r[2] not in known]


def test_an_english_file_holds_english(tmp_path):
    (tmp_path / "e.tsv").write_text("rule\tquestion\n702.19\tкак работает трампл\n", encoding="utf-8")
    with pytest.raises(ValueError, match=r"line 2: the question must be English"):
        rule_questions.read(tmp_path / "e.tsv", english=True)
