"""The exam, like the Level 1 written test: 25 questions, 70 % to pass, timed.

Questions are drawn across topics and kinds; answers are recorded without feedback
and shown only when the exam is finished (all answered, the time is up, or the trainee
hands it in). A finished exam takes no more answers.
"""
from __future__ import annotations

import math
import random
import secrets
from datetime import datetime, timedelta, timezone

from . import grading, questions, store
from .grading import TrainingError

SIZE = 25
PASS_RATIO = 0.70
MINUTES = 40
GRACE = timedelta(seconds=30)   # a form sent as the clock runs out still counts


def pass_mark(size: int = SIZE) -> int:
    return math.ceil(size * PASS_RATIO)


def pick(bank: questions.Bank, seed: int | None = None, size: int = SIZE) -> list[str]:
    """``size`` questions from different scenarios, round-robin over topics so none dominates."""
    rng = random.Random(secrets.randbits(64) if seed is None else seed)
    by_topic: dict[str, list] = {}
    for q in bank.questions:
        by_topic.setdefault(q.topics[0] if q.topics else "", []).append(q)
    for qs in by_topic.values():
        rng.shuffle(qs)
    topics = sorted(by_topic)
    rng.shuffle(topics)
    chosen, scenarios = [], set()
    while len(chosen) < size and any(by_topic.values()):
        for t in topics:
            qs = by_topic[t]
            while qs:
                q = qs.pop()
                if q.scenario_id not in scenarios:
                    chosen.append(q.id)
                    scenarios.add(q.scenario_id)
                    break
            if len(chosen) == size:
                break
        if all(not qs for qs in by_topic.values()) or len(scenarios) >= len(bank.scenarios):
            scenarios.clear()   # a small library: allow a second question from a scenario
    return chosen


def start(conn, user_id: int, bank: questions.Bank, seed: int | None = None) -> int:
    ids = pick(bank, seed)
    if len(ids) < SIZE:
        raise TrainingError(f"в банке слишком мало вопросов для экзамена ({len(ids)} из {SIZE})", 503)
    return store.create_exam(conn, user_id, ids, MINUTES)


def _deadline(ex: dict) -> datetime:
    return datetime.fromisoformat(ex["deadline"])


def expired(ex: dict, now: datetime | None = None) -> bool:
    return (now or datetime.now(timezone.utc)) > _deadline(ex) + GRACE


def finish(conn, ex: dict) -> dict:
    """Score the exam from the answers recorded (an unanswered question counts as wrong)."""
    score = sum(1 for a in ex["answers"].values() if a["correct"])
    store.finish_exam(conn, ex["id"], score, score >= pass_mark(len(ex["question_ids"])))
    return store.exam(conn, ex["user_id"], ex["id"])


def current(conn, user_id: int, exam_id, now: datetime | None = None) -> dict:
    """The exam, finished first if its time is up or every question is answered."""
    ex = store.exam(conn, user_id, exam_id)
    if ex["finished_at"] is None and (expired(ex, now) or len(ex["answers"]) >= len(ex["question_ids"])):
        ex = finish(conn, ex)
    return ex


def next_question(ex: dict) -> str | None:
    return next((q for q in ex["question_ids"] if q not in ex["answers"]), None)


def answer(conn, user_id: int, exam_id, bank: questions.Bank, qid: str, given, now: datetime | None = None) -> dict:
    ex = store.exam(conn, user_id, exam_id)
    if ex["finished_at"] is not None:
        raise TrainingError("экзамен уже завершён: ответы больше не принимаются", 409)
    if expired(ex, now):
        finish(conn, ex)
        raise TrainingError("время экзамена истекло: ответ не принят, экзамен завершён", 409)
    if qid not in ex["question_ids"]:
        raise TrainingError(f"вопроса «{str(qid)[:80]}» нет в этом экзамене", 400)
    graded = grading.grade(bank, qid, given)
    store.record_answer(conn, user_id, graded, "exam", None, exam_id=ex["id"])
    return current(conn, user_id, exam_id, now)


def hand_in(conn, user_id: int, exam_id) -> dict:
    ex = store.exam(conn, user_id, exam_id)
    if ex["finished_at"] is not None:
        raise TrainingError("экзамен уже завершён", 409)
    return finish(conn, ex)


def remaining_seconds(ex: dict, now: datetime | None = None) -> int:
    return max(0, int((_deadline(ex) - (now or datetime.now(timezone.utc))).total_seconds()))
