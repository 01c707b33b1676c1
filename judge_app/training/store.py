"""Trainees, mentors, groups, answers, review cards and exams, in ``instance/users.db``.

The tables belong to the feature «training» of ``judge_app.userdb`` (its own
migrations, a backup before each upgrade, WAL); each answer is one ``BEGIN IMMEDIATE``
transaction that records the answer and updates the trainee's review card together,
so parallel answers from many trainees queue and none is lost. A replayed form (the
same one-time ``nonce``) or a second answer to an exam question is refused by a UNIQUE
constraint inside that transaction, never recorded twice.

Passwords: ``werkzeug.security`` (scrypt with a per-password salt), which ships with
Flask, is maintained with it, and stores the method and salt in the hash string, so
the hashing can be strengthened later without a migration; only the hash is stored.
"""
from __future__ import annotations

import json
import re
import secrets
import sqlite3
import time
from datetime import datetime, timedelta, timezone

from werkzeug.security import check_password_hash, generate_password_hash

from .. import userdb
from . import schedule
from .grading import TrainingError, field_error

FEATURE = "training"
ROLES = ("trainee", "mentor")
MODES = ("practice", "review", "exam")
USERNAME_RE = re.compile(r"[A-Za-z0-9_.\-а-яА-ЯёЁ]{3,40}")
MIN_PASSWORD, MAX_PASSWORD = 8, 200
INVITE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
LOGIN_WINDOW_S = 15 * 60
LOGIN_MAX_FAILURES = 5

MIGRATIONS = [
    """
    CREATE TABLE training_users (
        id INTEGER PRIMARY KEY,
        username TEXT NOT NULL UNIQUE COLLATE NOCASE,
        password_hash TEXT NOT NULL,
        role TEXT NOT NULL CHECK (role IN ('trainee', 'mentor')),
        created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')));
    CREATE TABLE training_groups (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        mentor_id INTEGER NOT NULL REFERENCES training_users(id) ON DELETE CASCADE,
        invite_code TEXT NOT NULL UNIQUE,
        created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')));
    CREATE TABLE training_members (
        group_id INTEGER NOT NULL REFERENCES training_groups(id) ON DELETE CASCADE,
        user_id INTEGER NOT NULL REFERENCES training_users(id) ON DELETE CASCADE,
        joined_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
        PRIMARY KEY (group_id, user_id));
    CREATE TABLE training_exams (
        id INTEGER PRIMARY KEY,
        user_id INTEGER NOT NULL REFERENCES training_users(id) ON DELETE CASCADE,
        question_ids TEXT NOT NULL,
        started_at TEXT NOT NULL,
        deadline TEXT NOT NULL,
        finished_at TEXT,
        score INTEGER,
        passed INTEGER);
    CREATE TABLE training_answers (
        id INTEGER PRIMARY KEY,
        user_id INTEGER NOT NULL REFERENCES training_users(id) ON DELETE CASCADE,
        question_id TEXT NOT NULL,
        answer TEXT NOT NULL,
        correct INTEGER NOT NULL,
        mode TEXT NOT NULL CHECK (mode IN ('practice', 'review', 'exam')),
        exam_id INTEGER REFERENCES training_exams(id) ON DELETE CASCADE,
        topics TEXT NOT NULL DEFAULT '',
        nonce TEXT,
        answered_at TEXT NOT NULL);
    CREATE UNIQUE INDEX training_answers_nonce ON training_answers (user_id, nonce) WHERE nonce IS NOT NULL;
    CREATE UNIQUE INDEX training_answers_exam ON training_answers (exam_id, question_id) WHERE exam_id IS NOT NULL;
    CREATE INDEX training_answers_user ON training_answers (user_id, answered_at);
    CREATE INDEX training_answers_question ON training_answers (question_id);
    CREATE TABLE training_cards (
        user_id INTEGER NOT NULL REFERENCES training_users(id) ON DELETE CASCADE,
        question_id TEXT NOT NULL,
        card TEXT NOT NULL,
        due TEXT NOT NULL,
        PRIMARY KEY (user_id, question_id));
    CREATE INDEX training_cards_due ON training_cards (user_id, due);
    CREATE TABLE training_login_failures (
        key TEXT NOT NULL,
        at REAL NOT NULL);
    CREATE INDEX training_login_failures_key ON training_login_failures (key, at);
    """,
    # 2: a password reset ends every session of that user (the session stores the epoch it began in)
    "ALTER TABLE training_users ADD COLUMN session_epoch INTEGER NOT NULL DEFAULT 0;",
]


def connect(path=None) -> sqlite3.Connection:
    return userdb.connect(FEATURE, MIGRATIONS, path)


def _now() -> str:
    return datetime.now(timezone.utc).isoformat()


# -- accounts ------------------------------------------------------------------------
def check_username(username) -> str:
    username = (username or "").strip() if isinstance(username, str) else ""
    if not USERNAME_RE.fullmatch(username):
        raise field_error("username", "от 3 до 40 букв, цифр, «_», «-» или «.»")
    return username


def check_password(password) -> str:
    if not isinstance(password, str) or not MIN_PASSWORD <= len(password) <= MAX_PASSWORD:
        raise field_error("password", f"от {MIN_PASSWORD} до {MAX_PASSWORD} символов")
    return password


def create_user(conn, username, password, role: str = "trainee") -> int:
    username, password = check_username(username), check_password(password)
    if role not in ROLES:
        raise TrainingError(f"роль «{role}» неизвестна; есть: {', '.join(ROLES)}")
    try:
        with userdb.write(conn):
            cur = conn.execute("INSERT INTO training_users (username, password_hash, role) VALUES (?, ?, ?)",
                               (username, generate_password_hash(password), role))
    except sqlite3.IntegrityError:
        raise field_error("username", f"имя «{username}» уже занято, выберите другое", 409) from None
    return cur.lastrowid


def user(conn, user_id) -> dict | None:
    row = conn.execute("SELECT id, username, role, created_at, session_epoch FROM training_users WHERE id = ?",
                       (user_id,)).fetchone()
    return dict(row) if row else None


def user_by_name(conn, username: str) -> dict | None:
    row = conn.execute("SELECT id, username, role, created_at FROM training_users WHERE username = ?",
                       (username,)).fetchone()
    return dict(row) if row else None


def set_password(conn, username: str, password: str) -> None:
    """New password; every session opened with the old one ends (the epoch moves on)."""
    password = check_password(password)
    with userdb.write(conn):
        cur = conn.execute("UPDATE training_users SET password_hash = ?, session_epoch = session_epoch + 1 "
                           "WHERE username = ?",
                           (generate_password_hash(password), username))
    if cur.rowcount == 0:
        raise TrainingError(f"пользователя «{username}» нет", 404)


def set_role(conn, username: str, role: str) -> None:
    with userdb.write(conn):
        cur = conn.execute("UPDATE training_users SET role = ? WHERE username = ?", (role, username))
    if cur.rowcount == 0:
        raise TrainingError(f"пользователя «{username}» нет", 404)


def login_throttled(conn, keys: list[str]) -> int:
    """Seconds to wait before another attempt, 0 if allowed (failures shared by all workers)."""
    since = time.time() - LOGIN_WINDOW_S
    wait = 0
    for key in keys:
        rows = conn.execute("SELECT at FROM training_login_failures WHERE key = ? AND at > ? ORDER BY at",
                            (key, since)).fetchall()
        if len(rows) >= LOGIN_MAX_FAILURES:
            wait = max(wait, int(rows[-LOGIN_MAX_FAILURES]["at"] + LOGIN_WINDOW_S - time.time()) + 1)
    return wait


def authenticate(conn, username, password, keys: list[str]) -> dict:
    """The user, or TrainingError 401 (wrong name or password) / 429 (too many failures)."""
    wait = login_throttled(conn, keys)
    if wait:
        raise TrainingError(f"слишком много неудачных попыток входа; попробуйте через {wait // 60 + 1} мин.", 429)
    row = None
    if isinstance(username, str) and isinstance(password, str) and len(password) <= MAX_PASSWORD:
        row = conn.execute("SELECT * FROM training_users WHERE username = ?", (username.strip()[:40],)).fetchone()
    if row is None or not check_password_hash(row["password_hash"], password):
        now = time.time()
        with userdb.write(conn):
            conn.execute("DELETE FROM training_login_failures WHERE at < ?", (now - LOGIN_WINDOW_S,))
            conn.executemany("INSERT INTO training_login_failures (key, at) VALUES (?, ?)", [(k, now) for k in keys])
        raise TrainingError("неверное имя или пароль", 401)
    return {"id": row["id"], "username": row["username"], "role": row["role"], "session_epoch": row["session_epoch"]}


# -- groups --------------------------------------------------------------------------
def create_group(conn, mentor: dict, name) -> dict:
    if mentor.get("role") != "mentor":
        raise TrainingError("создавать группы может только наставник", 403)
    name = (name or "").strip() if isinstance(name, str) else ""
    if not 1 <= len(name) <= 80:
        raise field_error("name", "от 1 до 80 символов")
    for _ in range(5):
        code = "".join(secrets.choice(INVITE_ALPHABET) for _ in range(8))
        try:
            with userdb.write(conn):
                cur = conn.execute("INSERT INTO training_groups (name, mentor_id, invite_code) VALUES (?, ?, ?)",
                                   (name, mentor["id"], code))
            return {"id": cur.lastrowid, "name": name, "invite_code": code}
        except sqlite3.IntegrityError:
            continue
    raise TrainingError("не удалось создать код приглашения, попробуйте ещё раз", 503)


def join_group(conn, user_id: int, code) -> dict:
    code = (code or "").strip().upper() if isinstance(code, str) else ""
    if not re.fullmatch(r"[A-Z0-9]{4,16}", code):
        raise field_error("code", "код приглашения — 8 латинских букв и цифр, как его дал наставник")
    group = conn.execute("SELECT * FROM training_groups WHERE invite_code = ?", (code,)).fetchone()
    if group is None:
        raise field_error("code", f"группы с кодом «{code}» нет — проверьте код у наставника", 404)
    with userdb.write(conn):
        cur = conn.execute("INSERT OR IGNORE INTO training_members (group_id, user_id) VALUES (?, ?)",
                           (group["id"], user_id))
    mentor = conn.execute("SELECT username FROM training_users WHERE id = ?", (group["mentor_id"],)).fetchone()
    return {**dict(group), "mentor": mentor["username"] if mentor else "", "joined": cur.rowcount == 1}


def groups_of_mentor(conn, mentor_id: int) -> list[dict]:
    return [dict(r) for r in conn.execute(
        "SELECT g.*, (SELECT COUNT(*) FROM training_members m WHERE m.group_id = g.id) AS members "
        "FROM training_groups g WHERE mentor_id = ? ORDER BY id", (mentor_id,))]


def groups_of_member(conn, user_id: int) -> list[dict]:
    return [dict(r) for r in conn.execute(
        "SELECT g.id, g.name, u.username AS mentor FROM training_groups g JOIN training_members m ON m.group_id = g.id "
        "JOIN training_users u ON u.id = g.mentor_id WHERE m.user_id = ? ORDER BY g.id", (user_id,))]


def mentor_group(conn, mentor_id: int, group_id) -> dict:
    """The group if this mentor leads it; otherwise 404 (whether or not it exists)."""
    row = conn.execute("SELECT * FROM training_groups WHERE id = ? AND mentor_id = ?", (group_id, mentor_id)).fetchone()
    if row is None:
        raise TrainingError("группа не найдена", 404)
    return dict(row)


def members(conn, group_id: int) -> list[dict]:
    return [dict(r) for r in conn.execute(
        "SELECT u.id, u.username, m.joined_at FROM training_members m JOIN training_users u ON u.id = m.user_id "
        "WHERE m.group_id = ? ORDER BY u.username", (group_id,))]


def mentor_may_see(conn, mentor_id: int, group_id: int, user_id) -> dict:
    """The trainee if they are in this mentor's group; otherwise 404."""
    mentor_group(conn, mentor_id, group_id)
    row = conn.execute("SELECT u.id, u.username FROM training_members m JOIN training_users u ON u.id = m.user_id "
                       "WHERE m.group_id = ? AND m.user_id = ?", (group_id, user_id)).fetchone()
    if row is None:
        raise TrainingError("участник не найден", 404)
    return dict(row)


def remove_member(conn, mentor_id: int, group_id, user_id) -> dict:
    """A mentor takes a trainee out of their group; the trainee's own answers stay theirs.

    404 unless the group is this mentor's and the trainee is in it (as for viewing).
    """
    who = mentor_may_see(conn, mentor_id, group_id, user_id)
    with userdb.write(conn):
        conn.execute("DELETE FROM training_members WHERE group_id = ? AND user_id = ?", (group_id, user_id))
    return who


def delete_group(conn, mentor_id: int, group_id) -> dict:
    """A mentor deletes their own group: its members leave it and its invite code stops working;
    every trainee keeps their own answers, cards and exams. 404 unless the group is theirs."""
    group = mentor_group(conn, mentor_id, group_id)
    with userdb.write(conn):
        conn.execute("DELETE FROM training_members WHERE group_id = ?", (group["id"],))
        conn.execute("DELETE FROM training_groups WHERE id = ? AND mentor_id = ?", (group["id"], mentor_id))
    return group


# -- answers and cards ---------------------------------------------------------------
def new_nonce() -> str:
    return secrets.token_urlsafe(16)


def record_answer(conn, user_id: int, graded, mode: str, nonce: str | None, exam_id: int | None = None) -> int:
    """One answer, its review card and (for an exam) the exam's state, in one transaction."""
    if mode not in MODES:
        raise TrainingError(f"поле «mode»: «{str(mode)[:20]}» — не один из {', '.join(MODES)}")
    q = graded.question
    try:
        with userdb.write(conn):
            cur = conn.execute(
                "INSERT INTO training_answers (user_id, question_id, answer, correct, mode, exam_id, topics, nonce, "
                "answered_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (user_id, q.id, graded.answer, int(graded.correct), mode, exam_id, ",".join(q.topics), nonce, _now()))
            card = conn.execute("SELECT card FROM training_cards WHERE user_id = ? AND question_id = ?",
                                (user_id, q.id)).fetchone()
            if card is not None or not graded.correct:   # a miss opens a card; then every answer reviews it
                card_json, due = schedule.review(card["card"] if card else None, graded.correct)
                conn.execute("INSERT INTO training_cards (user_id, question_id, card, due) VALUES (?, ?, ?, ?) "
                             "ON CONFLICT (user_id, question_id) DO UPDATE SET card = excluded.card, due = excluded.due",
                             (user_id, q.id, card_json, due))
    except sqlite3.IntegrityError:
        what = "на этот вопрос экзамена уже дан ответ" if exam_id else "этот ответ уже записан (форма отправлена повторно)"
        raise TrainingError(what, 409) from None
    return cur.lastrowid


def due_cards(conn, user_id: int, now: str | None = None) -> list[dict]:
    return [dict(r) for r in conn.execute(
        "SELECT question_id, due FROM training_cards WHERE user_id = ? AND due <= ? ORDER BY due",
        (user_id, now or _now()))]


def card_count(conn, user_id: int) -> int:
    return conn.execute("SELECT COUNT(*) FROM training_cards WHERE user_id = ?", (user_id,)).fetchone()[0]


def answers(conn, user_ids: list[int], mode: str | None = None) -> list[dict]:
    if not user_ids:
        return []
    marks = ",".join("?" * len(user_ids))
    sql = f"SELECT * FROM training_answers WHERE user_id IN ({marks})"
    params = list(user_ids)
    if mode:
        sql += " AND mode = ?"
        params.append(mode)
    return [dict(r) for r in conn.execute(sql + " ORDER BY answered_at, id", params)]


def recent_question_ids(conn, user_id: int, limit: int = 50) -> set[str]:
    return {r[0] for r in conn.execute("SELECT question_id FROM training_answers WHERE user_id = ? "
                                       "ORDER BY id DESC LIMIT ?", (user_id, limit))}


# -- exams ---------------------------------------------------------------------------
def create_exam(conn, user_id: int, question_ids: list[str], minutes: int) -> int:
    started = datetime.now(timezone.utc)
    with userdb.write(conn):
        cur = conn.execute("INSERT INTO training_exams (user_id, question_ids, started_at, deadline) VALUES (?, ?, ?, ?)",
                           (user_id, json.dumps(question_ids), started.isoformat(),
                            (started + timedelta(minutes=minutes)).isoformat()))
    return cur.lastrowid


def exam(conn, user_id: int, exam_id) -> dict:
    """The trainee's own exam; another's, or none, is 404."""
    row = conn.execute("SELECT * FROM training_exams WHERE id = ? AND user_id = ?", (exam_id, user_id)).fetchone()
    if row is None:
        raise TrainingError("экзамен не найден", 404)
    out = dict(row)
    out["question_ids"] = json.loads(out["question_ids"])
    out["answers"] = {r["question_id"]: dict(r) for r in conn.execute(
        "SELECT question_id, answer, correct FROM training_answers WHERE exam_id = ?", (exam_id,))}
    return out


def finish_exam(conn, exam_id: int, score: int, passed: bool) -> bool:
    """Mark the exam finished (once: False if it already was)."""
    with userdb.write(conn):
        cur = conn.execute("UPDATE training_exams SET finished_at = ?, score = ?, passed = ? "
                           "WHERE id = ? AND finished_at IS NULL", (_now(), score, int(passed), exam_id))
    return cur.rowcount == 1


def exams_of(conn, user_id: int) -> list[dict]:
    return [dict(r) for r in conn.execute(
        "SELECT id, started_at, deadline, finished_at, score, passed FROM training_exams WHERE user_id = ? "
        "ORDER BY id DESC", (user_id,))]
