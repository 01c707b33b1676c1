"""Grading, the store, FSRS scheduling, exams, groups and progress on a real users.db."""
from __future__ import annotations

import multiprocessing
import sqlite3
from datetime import datetime, timedelta, timezone

import pytest

from judge_app.training import exam, grading, progress, schedule, store, transfer
from judge_app.training.grading import TrainingError


def _wrong(q):
    return next(o.key for o in q.options if o.key != q.answer)


@pytest.fixture()
def conn(users_db):
    c = store.connect(users_db)
    yield c
    c.close()


# -- grading -------------------------------------------------------------------------
def test_grading_uses_the_engine_answer_and_refuses_tampering(bank):
    q = bank.get("bolt-face/outcome/life-p2")
    assert grading.grade(bank, q.id, "17").correct
    assert not grading.grade(bank, q.id, _wrong(q)).correct
    with pytest.raises(TrainingError) as e:
        grading.grade(bank, q.id, "-999")
    assert e.value.status == 400 and "answer" in e.value.message
    with pytest.raises(TrainingError) as e:
        grading.grade(bank, "bolt-face/outcome/nothing", "17")
    assert e.value.status == 404
    with pytest.raises(TrainingError) as e:
        grading.grade(bank, "../../etc/passwd", "17")
    assert e.value.status == 404


# -- accounts ------------------------------------------------------------------------
def test_only_password_hashes_are_stored(conn, users_db):
    store.create_user(conn, "anna", "correct horse", "trainee")
    row = conn.execute("SELECT password_hash FROM training_users WHERE username = 'anna'").fetchone()
    assert row[0].startswith("scrypt:") and "correct horse" not in row[0]
    conn.execute("PRAGMA wal_checkpoint(FULL)")
    raw = users_db.read_bytes() + (users_db.with_name("users.db-wal").read_bytes()
                                   if users_db.with_name("users.db-wal").exists() else b"")
    assert b"correct horse" not in raw
    assert store.authenticate(conn, "anna", "correct horse", ["k"])["username"] == "anna"
    with pytest.raises(TrainingError) as e:
        store.create_user(conn, "ANNA", "another one", "trainee")
    assert e.value.status == 409
    with pytest.raises(TrainingError, match="password"):
        store.create_user(conn, "boris", "short", "trainee")
    with pytest.raises(TrainingError, match="username"):
        store.create_user(conn, "x", "long enough", "trainee")


def test_login_is_throttled_after_five_failures(conn):
    store.create_user(conn, "anna", "correct horse", "trainee")
    for _ in range(store.LOGIN_MAX_FAILURES):
        with pytest.raises(TrainingError) as e:
            store.authenticate(conn, "anna", "wrong password", ["user:anna"])
        assert e.value.status == 401
    with pytest.raises(TrainingError) as e:   # even the right password waits now
        store.authenticate(conn, "anna", "correct horse", ["user:anna"])
    assert e.value.status == 429
    assert store.authenticate(conn, "anna", "correct horse", ["user:other-key"])


# -- answers and the review schedule ---------------------------------------------------
def test_an_answer_is_recorded_once_and_a_replay_is_refused(conn, bank):
    uid = store.create_user(conn, "anna", "correct horse")
    q = bank.get("bolt-face/outcome/life-p2")
    store.record_answer(conn, uid, grading.grade(bank, q.id, "17"), "practice", "nonce-1")
    with pytest.raises(TrainingError) as e:
        store.record_answer(conn, uid, grading.grade(bank, q.id, "17"), "practice", "nonce-1")
    assert e.value.status == 409
    assert len(store.answers(conn, [uid])) == 1


def test_a_miss_opens_a_review_card_that_fsrs_schedules(conn, bank):
    uid = store.create_user(conn, "anna", "correct horse")
    right_q, missed_q = bank.questions[0], bank.questions[1]
    store.record_answer(conn, uid, grading.grade(bank, right_q.id, right_q.answer), "practice", "n1")
    assert store.card_count(conn, uid) == 0, "a question answered right first time has no card"
    store.record_answer(conn, uid, grading.grade(bank, missed_q.id, _wrong(missed_q)), "practice", "n2")
    soon = (datetime.now(timezone.utc) + timedelta(minutes=2)).isoformat()
    assert [c["question_id"] for c in store.due_cards(conn, uid, soon)] == [missed_q.id]   # FSRS: again in a minute
    # answered right in review: FSRS's next learning step, 10 minutes on
    store.record_answer(conn, uid, grading.grade(bank, missed_q.id, missed_q.answer), "review", "n3")
    assert store.due_cards(conn, uid, soon) == []
    due = conn.execute("SELECT due FROM training_cards").fetchone()[0]
    assert datetime.fromisoformat(due) > datetime.now(timezone.utc) + timedelta(minutes=9)


def test_fsrs_intervals_grow_with_right_answers_and_reset_on_a_miss():
    t = datetime(2026, 1, 1, tzinfo=timezone.utc)
    card, due = schedule.review(None, False, t)
    gaps = []
    for _ in range(4):
        when = datetime.fromisoformat(due)
        card, due = schedule.review(card, True, when)
        gaps.append(datetime.fromisoformat(due) - when)
    assert gaps == sorted(gaps) and gaps[-1] > gaps[0]
    when = datetime.fromisoformat(due)
    _card, due = schedule.review(card, False, when)
    assert datetime.fromisoformat(due) - when < gaps[-1]


# -- exams ---------------------------------------------------------------------------
def test_exam_of_25_questions_passes_at_70_percent(conn, bank):
    uid = store.create_user(conn, "anna", "correct horse")
    exam_id = exam.start(conn, uid, bank, seed=7)
    ex = store.exam(conn, uid, exam_id)
    assert len(ex["question_ids"]) == 25 == len(set(ex["question_ids"]))
    assert exam.pass_mark() == 18
    for i, qid in enumerate(ex["question_ids"]):
        q = bank.get(qid)
        ex = exam.answer(conn, uid, exam_id, bank, qid, q.answer if i < 18 else _wrong(q))
    assert ex["finished_at"] and ex["score"] == 18 and ex["passed"] == 1
    with pytest.raises(TrainingError) as e:   # a finished exam takes no more answers
        exam.answer(conn, uid, exam_id, bank, ex["question_ids"][0], "x")
    assert e.value.status == 409
    assert len(store.answers(conn, [uid], "exam")) == 25


def test_exam_refusals_time_limit_and_ownership(conn, bank):
    uid = store.create_user(conn, "anna", "correct horse")
    other = store.create_user(conn, "boris", "correct horse")
    exam_id = exam.start(conn, uid, bank, seed=3)
    ex = store.exam(conn, uid, exam_id)
    first = bank.get(ex["question_ids"][0])
    exam.answer(conn, uid, exam_id, bank, first.id, _wrong(first))
    with pytest.raises(TrainingError) as e:   # the same question again
        exam.answer(conn, uid, exam_id, bank, first.id, first.answer)
    assert e.value.status == 409
    outside = next(q for q in bank.questions if q.id not in ex["question_ids"])
    with pytest.raises(TrainingError) as e:
        exam.answer(conn, uid, exam_id, bank, outside.id, outside.answer)
    assert e.value.status == 400
    with pytest.raises(TrainingError) as e:   # another trainee's exam does not exist for them
        exam.answer(conn, other, exam_id, bank, first.id, first.answer)
    assert e.value.status == 404
    late = datetime.now(timezone.utc) + timedelta(minutes=exam.MINUTES + 1)
    second = bank.get(ex["question_ids"][1])
    with pytest.raises(TrainingError) as e:
        exam.answer(conn, uid, exam_id, bank, second.id, second.answer, now=late)
    assert e.value.status == 409
    ex = store.exam(conn, uid, exam_id)
    assert ex["finished_at"] and ex["score"] == 0 and not ex["passed"] and len(ex["answers"]) == 1


# -- groups and progress -------------------------------------------------------------
def test_groups_by_invite_code_and_mentor_scope(conn, bank):
    mentor = {"id": store.create_user(conn, "olga", "correct horse", "mentor"), "role": "mentor"}
    other_mentor = {"id": store.create_user(conn, "pavel", "correct horse", "mentor"), "role": "mentor"}
    trainee = store.create_user(conn, "anna", "correct horse")
    with pytest.raises(TrainingError) as e:
        store.create_group(conn, {"id": trainee, "role": "trainee"}, "mine")
    assert e.value.status == 403
    group = store.create_group(conn, mentor, "Москва, L1")
    store.join_group(conn, trainee, group["invite_code"].lower())
    store.join_group(conn, trainee, group["invite_code"])   # joining twice is harmless
    assert [m["username"] for m in store.members(conn, group["id"])] == ["anna"]
    assert store.mentor_may_see(conn, mentor["id"], group["id"], trainee)["username"] == "anna"
    for who, gid, uid in ((other_mentor["id"], group["id"], trainee), (mentor["id"], group["id"], other_mentor["id"]),
                          (mentor["id"], 999, trainee)):
        with pytest.raises(TrainingError) as e:
            store.mentor_may_see(conn, who, gid, uid)
        assert e.value.status == 404
    with pytest.raises(TrainingError) as e:
        store.join_group(conn, trainee, "ZZZZZZZZ")
    assert e.value.status == 404


def test_progress_per_topic_chart_and_common_wrong_answers(conn, bank):
    a = store.create_user(conn, "anna", "correct horse")
    b = store.create_user(conn, "boris", "correct horse")
    q = bank.get("bolt-face/outcome/life-p2")
    wrong = _wrong(q)
    for uid, n in ((a, "a"), (b, "b")):
        store.record_answer(conn, uid, grading.grade(bank, q.id, wrong), "practice", n + "1")
    store.record_answer(conn, a, grading.grade(bank, q.id, "17"), "practice", "a2")
    answers = store.answers(conn, [a, b])
    rows = {r["topic"]: r for r in progress.summary(answers)}
    for t in q.topics:
        assert rows[t]["total"] == 3 and rows[t]["right"] == 1 and rows[t]["accuracy"] == 33
    assert progress.weak_topics(answers)[0]["accuracy"] == 33
    svg = str(progress.chart(answers))
    assert svg.startswith("<svg") and "<polyline" in svg and f'data-topic="{q.topics[0]}"' in svg
    common = progress.common_wrong_answers(answers, bank)
    assert common[0]["question"].id == q.id and common[0]["count"] == 2 and common[0]["trainees"] == 2
    assert common[0]["right"] == "17"


def test_export_import_round_trip(conn, bank, tmp_path):
    mentor = {"id": store.create_user(conn, "olga", "correct horse", "mentor"), "role": "mentor"}
    uid = store.create_user(conn, "anna", "correct horse")
    store.join_group(conn, uid, store.create_group(conn, mentor, "g")["invite_code"])
    q = bank.questions[5]
    store.record_answer(conn, uid, grading.grade(bank, q.id, _wrong(q)), "practice", "n")
    exam.start(conn, uid, bank, seed=1)
    doc = transfer.export(conn)
    assert "correct horse" not in str(doc)
    fresh = store.connect(tmp_path / "other.db")
    counts = transfer.import_(fresh, doc)
    assert counts == {"users": 2, "groups": 1, "members": 1, "exams": 1, "answers": 1, "cards": 1}
    assert transfer.export(fresh) | {"exported_at": 0} == doc | {"exported_at": 0}
    assert store.authenticate(fresh, "anna", "correct horse", ["k"])
    with pytest.raises(TrainingError) as e:
        transfer.import_(fresh, doc)
    assert e.value.status == 409
    broken = dict(doc, answers=[{"no_such_column": 1}])
    with pytest.raises(TrainingError, match="no_such_column"):
        transfer.import_(fresh, broken, replace=True)
    assert len(store.answers(fresh, [uid])) == 1, "a refused import changes nothing"


# -- many trainees at once -----------------------------------------------------------
def _answer_many(args):
    path, username, qids_answers = args
    from judge_app.training import questions

    b = questions.bank()
    c = store.connect(path)
    uid = store.user_by_name(c, username)["id"]
    for i, (qid, ans) in enumerate(qids_answers):
        store.record_answer(c, uid, grading.grade(b, qid, ans), "practice", f"{username}-{i}")
    c.close()
    return len(qids_answers)


def test_parallel_answers_from_many_processes_lose_nothing(conn, bank, users_db):
    names = [f"trainee{i}" for i in range(6)]
    for n in names:
        store.create_user(conn, n, "correct horse")
    work = [(str(users_db), n, [(q.id, q.answer if k % 2 else _wrong(q)) for k, q in enumerate(bank.questions[:30])])
            for n in names]
    ctx = multiprocessing.get_context("fork")
    with ctx.Pool(len(names)) as pool:
        done = pool.map(_answer_many, work)
    assert sum(done) == 180
    assert conn.execute("SELECT COUNT(*) FROM training_answers").fetchone()[0] == 180
    assert conn.execute("SELECT COUNT(*) FROM training_cards").fetchone()[0] == 6 * 15
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    with pytest.raises(sqlite3.IntegrityError):   # the constraint that refuses replays is really there
        conn.execute("INSERT INTO training_answers (user_id, question_id, answer, correct, mode, nonce, answered_at) "
                     "VALUES (1, 'q', 'a', 0, 'practice', 'trainee0-0', 'now')")


def test_a_version_1_file_upgrades_with_a_backup_and_keeps_its_users(users_db):
    """Migration 2 (session_epoch) on a file written by the first release: nobody is lost."""
    from judge_app import userdb

    old = userdb.connect(store.FEATURE, store.MIGRATIONS[:1], users_db)
    old.execute("INSERT INTO training_users (username, password_hash, role) VALUES ('anna', 'x', 'trainee')")
    old.commit()
    old.close()
    conn = store.connect(users_db)
    anna = store.user_by_name(conn, "anna")
    assert store.user(conn, anna["id"])["session_epoch"] == 0
    backup = users_db.with_name(f"{users_db.name}.bak-{store.FEATURE}-1")
    assert backup.exists()
    assert sqlite3.connect(backup).execute("SELECT username FROM training_users").fetchall() == [("anna",)]
    store.set_password(conn, "anna", "another horse")
    assert store.user(conn, anna["id"])["session_epoch"] == 1
