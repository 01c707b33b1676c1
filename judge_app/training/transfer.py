"""Export and import all training data as one JSON document (``judge users export/import``).

The document holds every training table row as it is stored: password *hashes* (never a
password), groups with their invite codes, answers, FSRS cards and exams, so an import
into a fresh ``users.db`` restores everything. Importing replaces what is there only when
asked (``replace=True``), after a backup of the file, in one transaction.
"""
from __future__ import annotations

from datetime import datetime, timezone

from .. import userdb
from .grading import TrainingError

FORMAT = "judge-training"
VERSION = 1
# In dependency order: a row's references are imported before it.
TABLES = ("training_users", "training_groups", "training_members", "training_exams", "training_answers",
          "training_cards")


def _columns(conn, table: str) -> list[str]:
    return [r[1] for r in conn.execute(f"PRAGMA table_info({table})")]


def export(conn) -> dict:
    doc = {"format": FORMAT, "version": VERSION, "exported_at": datetime.now(timezone.utc).isoformat()}
    for table in TABLES:
        cols = _columns(conn, table)
        doc[table.removeprefix("training_")] = [dict(zip(cols, row)) for row in
                                                conn.execute(f"SELECT {', '.join(cols)} FROM {table} ORDER BY rowid")]
    return doc


def _check(doc, conn) -> None:
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise TrainingError(f"это не выгрузка обучения: ожидалось \"format\": \"{FORMAT}\"")
    if doc.get("version") != VERSION:
        raise TrainingError(f"версия выгрузки {doc.get('version')!r} не поддерживается (ожидалась {VERSION})")
    for table in TABLES:
        key = table.removeprefix("training_")
        rows = doc.get(key)
        if not isinstance(rows, list):
            raise TrainingError(f"в выгрузке нет списка «{key}»")
        cols = set(_columns(conn, table))
        for i, row in enumerate(rows):
            if not isinstance(row, dict):
                raise TrainingError(f"«{key}»[{i}]: ожидался объект")
            unknown = set(row) - cols
            if unknown:
                raise TrainingError(f"«{key}»[{i}]: неизвестные поля {', '.join(sorted(unknown))}")


def is_empty(conn) -> bool:
    return all(conn.execute(f"SELECT COUNT(*) FROM {t}").fetchone()[0] == 0 for t in TABLES)


def import_(conn, doc, replace: bool = False, backup_path=None) -> dict:
    """Load ``doc`` into the store; returns the rows imported per table."""
    _check(doc, conn)
    if not is_empty(conn) and not replace:
        raise TrainingError("в базе уже есть данные обучения: импорт заменил бы их (используйте --replace)", 409)
    if backup_path is not None:
        userdb.backup(conn, backup_path)
    counts = {}
    try:
        with userdb.write(conn):
            for table in reversed(TABLES):
                conn.execute(f"DELETE FROM {table}")
            for table in TABLES:
                key = table.removeprefix("training_")
                for row in doc[key]:
                    cols = list(row)
                    conn.execute(f"INSERT INTO {table} ({', '.join(cols)}) VALUES ({', '.join('?' * len(cols))})",
                                 [row[c] for c in cols])
                counts[key] = len(doc[key])
    except Exception as exc:   # sqlite3.IntegrityError and friends: nothing was changed
        if isinstance(exc, TrainingError):
            raise
        raise TrainingError(f"выгрузка не согласована, ничего не изменено: {exc}") from None
    return counts
