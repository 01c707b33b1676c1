"""The reports' table in users.db: its migration on a file that already holds other
features' data, and the store's own rules (once per fix, one decision per report)."""
from __future__ import annotations

import sqlite3
import threading

import pytest

from judge_app import userdb
from judge_app.error_reports import store


def snapshot(path) -> dict[str, list]:
    """Every row of every table but the migrations ledger: what a migration must not touch."""
    conn = sqlite3.connect(path)
    tables = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table' "
                                         "AND name NOT IN ('schema_migrations', 'sqlite_sequence')")]
    out = {t: sorted(map(tuple, conn.execute(f"SELECT * FROM {t}"))) for t in tables}
    conn.close()
    return out


def test_the_migration_adds_the_table_to_a_users_db_with_data_and_keeps_the_data(tmp_path):
    from judge_app.boards import store as boards
    from judge_app.training import store as training
    from judge_app.web import rate_limit

    path = tmp_path / "users.db"
    userdb._migrated.clear()
    t = training.connect(path)
    uid = training.create_user(t, "anna", "correct horse", "trainee")
    training.create_user(t, "boris", "correct horse", "mentor")
    with userdb.write(t):
        t.execute("INSERT INTO training_answers (user_id, question_id, answer, correct, mode, answered_at) "
                  "VALUES (?, 'q1', 'a', 1, 'practice', '2026-11-27T05:00:00Z')", (uid,))
    boards.create(boards.connect(path), "title: доска\n", None, boards.Author(uid=uid))
    assert rate_limit.allow("boards", "10.0.0.1", 5, path)
    t.close()
    before = snapshot(path)
    assert "text_reports" not in before and before["training_users"] and before["boards"]

    userdb._migrated.clear()   # as a new process would: the file is opened and migrated
    conn = store.connect(path)
    assert userdb.applied_version(conn, store.FEATURE) == len(store.MIGRATIONS)
    after = snapshot(path)
    assert after.pop("text_reports") == []
    assert after == before                                    # nobody's data moved
    store.submit(conn, "2020-01-24", "704.5f", "равна до", "равна 0")
    userdb._migrated.clear()
    assert userdb.migrate(store.connect(path), store.FEATURE, store.MIGRATIONS, path) == []   # once only
    assert [r["decoded"] for r in store.queue(store.connect(path))] == ["равна до"]
    cols = {r[1] for r in sqlite3.connect(path).execute("PRAGMA table_info(text_reports)")}
    assert {"rule", "decoded", "corrected", "status", "final_corrected", "glyphs", "english", "ru_2019"} <= cols


def test_a_fix_is_stored_once_whitespace_and_all(tmp_path):
    conn = store.connect(tmp_path / "users.db")
    first = store.submit(conn, "2020-01-24", "704.5f", "равна до", "равна 0")
    with pytest.raises(store.ReportError) as exc:
        store.submit(conn, "2020-01-24", "704.5f", " равна\n до ", "равна   0", comment="ещё раз")
    assert exc.value.status == 409 and f"сообщение №{first}" in exc.value.message
    assert store.submit(conn, "2020-01-24", "704.5f", "равна до", "равна нулю") == first + 1   # another fix
    assert store.counts(conn) == {"open": 2, "accepted": 0, "rejected": 0}


def test_two_mentors_deciding_at_once_one_wins(tmp_path):
    path = tmp_path / "users.db"
    rid = store.submit(store.connect(path), "2020-01-24", "704.5f", "равна до", "равна 0")
    results: list = []

    def decide(name, accept):
        conn = store.connect(path)
        try:
            if accept:
                store.accept(conn, rid, name, "равна до", "равна 0", evidence={"glyphs": "paBHa O"})
            else:
                store.reject(conn, rid, name)
            results.append(name)
        except store.ReportError as exc:
            results.append(exc.status)

    threads = [threading.Thread(target=decide, args=(f"m{i}", i % 2 == 0)) for i in range(6)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert sorted(map(str, results)).count("409") == 5
    final = store.get(store.connect(path), rid)
    assert final["status"] in ("accepted", "rejected") and final["reviewer"] in results
