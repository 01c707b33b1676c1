"""Error reports in ``users.db``: what a judge proposed and what a mentor decided.

The table belongs to the feature «text_reports» of ``judge_app.userdb`` (its own
migrations, a backup before each upgrade, WAL). A report is stored once: the same fix
of the same words in the same rule is refused by a UNIQUE index (409, with the number
of the report that has it), whoever sends it and however often.

Every field is checked here, whatever the caller (page, test, script): text only, no
HTML markup, no control characters, a size limit each; runs of whitespace (a selection
across lines) become one space, so a field is always one line of the corrections file.
"""
from __future__ import annotations

import re
import sqlite3
from datetime import datetime, timezone

from .. import userdb

FEATURE = "text_reports"
STATUSES = ("open", "accepted", "rejected")
MAX_PHRASE = 300      # the selected words, and the fix of them
MAX_COMMENT = 1000
MAX_REASON = 500
FIELD_NAMES = {"rule": "правило", "decoded": "фрагмент", "corrected": "исправление",
               "comment": "комментарий", "reason": "причина", "glyphs": "глифы",
               "english": "английский", "ru_2019": "текст 2019"}

MIGRATIONS = [
    """
    CREATE TABLE text_reports (
        id INTEGER PRIMARY KEY,
        version TEXT NOT NULL,            -- the Russian text reported on (cr-ru-<version>)
        rule TEXT NOT NULL,               -- its rule number, as the corpus writes it
        decoded TEXT NOT NULL,            -- the words selected, as the page showed them
        corrected TEXT NOT NULL,          -- the fix proposed
        comment TEXT NOT NULL DEFAULT '',
        reporter TEXT,                    -- the training account's name when logged in
        status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'accepted', 'rejected')),
        reviewer TEXT,                    -- the mentor who decided
        reviewed_at TEXT,
        final_decoded TEXT,               -- what was accepted (the mentor may edit)
        final_corrected TEXT,
        reason TEXT,
        glyphs TEXT,                      -- the evidence written with an accepted report
        english TEXT,
        ru_2019 TEXT,
        created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')));
    CREATE UNIQUE INDEX text_reports_once ON text_reports (version, rule, decoded, corrected);
    CREATE INDEX text_reports_status ON text_reports (status, id);
    """,
]

SPACES = re.compile(r"\s+")
CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u200b-\u200f\u2028-\u202e\ufeff]")
MARKUP = re.compile(r"[<>]")


class ReportError(Exception):
    """Bad input in a report or a decision: a clear message and the HTTP status for it."""

    def __init__(self, message: str, status: int = 400):
        super().__init__(message)
        self.message = message
        self.status = status


def connect(path=None) -> sqlite3.Connection:
    return userdb.connect(FEATURE, MIGRATIONS, path)


def clean(name: str, value, max_len: int, required: bool = True) -> str:
    """One field as stored: checked, whitespace folded; ReportError naming the field."""
    label = FIELD_NAMES.get(name, name)
    if value is None:
        value = ""
    if not isinstance(value, str):
        raise ReportError(f"поле «{label}»: ожидается текст")
    if len(value) > max_len:
        raise ReportError(f"поле «{label}» слишком длинное: {len(value)} символов, максимум {max_len}")
    if CONTROL.search(value):
        raise ReportError(f"поле «{label}»: недопустимый управляющий символ")
    if MARKUP.search(value):
        raise ReportError(f"поле «{label}»: HTML-разметка не принимается (символы «<» и «>»); "
                          "напишите исправление обычным текстом")
    value = SPACES.sub(" ", value).strip()
    if required and not value:
        raise ReportError(f"поле «{label}» не заполнено")
    return value


def submit(conn, version: str, rule: str, decoded, corrected, comment="", reporter: str | None = None) -> int:
    """Store a new report; its id. 409 when this fix of these words is already reported."""
    decoded = clean("decoded", decoded, MAX_PHRASE)
    corrected = clean("corrected", corrected, MAX_PHRASE)
    comment = clean("comment", comment, MAX_COMMENT, required=False)
    if corrected == decoded:
        raise ReportError("поле «исправление» совпадает с выделенным фрагментом: исправлять нечего")
    try:
        with userdb.write(conn):
            cur = conn.execute("INSERT INTO text_reports (version, rule, decoded, corrected, comment, reporter) "
                               "VALUES (?, ?, ?, ?, ?, ?)", (version, rule, decoded, corrected, comment, reporter))
    except sqlite3.IntegrityError:
        row = conn.execute("SELECT id FROM text_reports WHERE version = ? AND rule = ? AND decoded = ? "
                           "AND corrected = ?", (version, rule, decoded, corrected)).fetchone()
        raise ReportError(f"такое исправление правила {rule} уже предложено (сообщение №{row['id']}); "
                          "повторно оно не сохраняется", 409) from None
    return cur.lastrowid


def get(conn, report_id) -> dict:
    row = conn.execute("SELECT * FROM text_reports WHERE id = ?", (report_id,)).fetchone()
    if row is None:
        raise ReportError(f"сообщения №{report_id} нет", 404)
    return dict(row)


def open_report(conn, report_id) -> dict:
    """The report if it waits for a decision; 404 if there is none, 409 if it was decided."""
    report = get(conn, report_id)
    if report["status"] != "open":
        raise ReportError(f"сообщение №{report_id} уже рассмотрено ({report['status']}, {report['reviewer']})", 409)
    return report


def queue(conn, status: str = "open", limit: int = 200) -> list[dict]:
    """Reports in this state: the open ones oldest first, the decided ones newest first."""
    if status not in STATUSES:
        raise ReportError(f"состояние «{status[:20]}» неизвестно; есть: {', '.join(STATUSES)}")
    order = "id" if status == "open" else "reviewed_at DESC, id DESC"
    return [dict(r) for r in conn.execute(f"SELECT * FROM text_reports WHERE status = ? ORDER BY {order} LIMIT ?",
                                          (status, limit))]


def counts(conn) -> dict[str, int]:
    out = dict.fromkeys(STATUSES, 0)
    out.update({r["status"]: r["n"] for r in conn.execute("SELECT status, COUNT(*) AS n FROM text_reports GROUP BY status")})
    return out


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def accept(conn, report_id, reviewer: str, decoded, corrected, reason="", evidence: dict | None = None) -> dict:
    """Accept an open report as it is or edited (``decoded``/``corrected`` as the mentor left
    them), with its evidence; the accepted row is what ``export`` writes."""
    decoded = clean("decoded", decoded, MAX_PHRASE)
    corrected = clean("corrected", corrected, MAX_PHRASE)
    reason = clean("reason", reason, MAX_REASON, required=False)
    if corrected == decoded:
        raise ReportError("поле «исправление» совпадает с фрагментом: принимать нечего")
    evidence = {k: clean(k, (evidence or {}).get(k, ""), MAX_PHRASE * 4, required=False)
                for k in ("glyphs", "english", "ru_2019")}
    return _decide(conn, report_id, reviewer, "accepted", final_decoded=decoded, final_corrected=corrected,
                   reason=reason, **evidence)


def reject(conn, report_id, reviewer: str, reason="") -> dict:
    reason = clean("reason", reason, MAX_REASON, required=False)
    return _decide(conn, report_id, reviewer, "rejected", reason=reason)


def _decide(conn, report_id, reviewer: str, status: str, **fields) -> dict:
    """One transaction: an open report gets its decision; a decided one is not decided again
    (two mentors at once: the second gets 409)."""
    sets = ", ".join(f"{k} = ?" for k in fields)
    with userdb.write(conn):
        open_report(conn, report_id)
        conn.execute(f"UPDATE text_reports SET status = ?, reviewer = ?, reviewed_at = ?{', ' if sets else ''}{sets} "
                     "WHERE id = ?", (status, reviewer, _now(), *fields.values(), report_id))
    return get(conn, report_id)


def accepted(conn) -> list[dict]:
    """Every accepted report, in id order: the rows ``export`` writes."""
    return [dict(r) for r in conn.execute("SELECT * FROM text_reports WHERE status = 'accepted' ORDER BY id")]
