"""Who may edit a saved board: everyone reads and copies, the author edits in place.

Real users.db files: the migration that added authors runs on a file saved by the old
schema (with its backup), and the old boards keep working."""
from __future__ import annotations

import sqlite3

from board_samples import BOARD

from judge_app import userdb
from judge_app.boards import store
from judge_app.web.boards import AUTHOR_COOKIE, AUTHOR_HEADER


def save(client, **kw):
    r = client.post("/api/boards", json={"scenario": BOARD}, **kw)
    assert r.status_code == 201, r.get_json()
    return r


def test_the_author_edits_everyone_else_reads_and_copies(app, users_db):
    author, other = app.test_client(), app.test_client()
    made = save(author).get_json()
    bid = made["id"]
    # the browser keeps the edit key in a cookie (HttpOnly, SameSite=Lax); an API client gets it once
    cookie = author.get_cookie(AUTHOR_COOKIE)
    assert cookie is not None and cookie.http_only and cookie.same_site == "Lax"
    assert made["edit_key"] == cookie.value and len(cookie.value) >= 40
    assert author.put(f"/api/boards/{bid}", json={"revision": 1, "scenario": BOARD}).status_code == 200
    # someone with the permalink reads it, opens its page, can't change it, and can save a copy
    assert other.get(f"/api/boards/{bid}").status_code == 200
    page = other.get(f"/boards/{bid}").get_data(as_text=True)
    assert 'data-can-edit=""' in page and 'id="not-author"' in page
    r = other.put(f"/api/boards/{bid}", json={"revision": 2, "scenario": BOARD})
    assert r.status_code == 403 and r.get_json()["not_author"] is True and "автор" in r.get_json()["error"]
    copy = save(other).get_json()
    assert copy["id"] != bid
    assert other.put(f"/api/boards/{copy['id']}", json={"revision": 1, "scenario": BOARD}).status_code == 200
    # the author's page offers editing; a refused edit changed nothing
    assert 'data-can-edit="1"' in author.get(f"/boards/{bid}").get_data(as_text=True)
    assert author.get(f"/api/boards/{bid}").get_json()["revision"] == 2
    # the conflict answer still comes to the author who edits a stale revision
    assert author.put(f"/api/boards/{bid}", json={"revision": 1, "scenario": BOARD}).status_code == 409


def test_an_api_client_edits_with_the_key_in_a_header(app, users_db):
    maker = app.test_client(use_cookies=False)
    made = save(maker).get_json()
    url = f"/api/boards/{made['id']}"
    assert maker.put(url, json={"revision": 1, "scenario": BOARD}).status_code == 403
    assert maker.put(url, json={"revision": 1, "scenario": BOARD},
                     headers={AUTHOR_HEADER: "x" * 43}).status_code == 403
    assert maker.put(url, json={"revision": 1, "scenario": BOARD},
                     headers={AUTHOR_HEADER: made["edit_key"]}).status_code == 200
    # an over-long key is no key at all (bounded input), not a 500
    assert maker.put(url, json={"revision": 2, "scenario": BOARD},
                     headers={AUTHOR_HEADER: "k" * 5000}).status_code == 403
    # a client that already has a key keeps it: no new key is handed out
    again = maker.post("/api/boards", json={"scenario": BOARD}, headers={AUTHOR_HEADER: made["edit_key"]})
    assert again.status_code == 201 and "edit_key" not in again.get_json()
    assert maker.put(f"/api/boards/{again.get_json()['id']}", json={"revision": 1, "scenario": BOARD},
                     headers={AUTHOR_HEADER: made["edit_key"]}).status_code == 200


def test_the_training_account_that_made_a_board_edits_it_from_any_browser(app, users_db):
    first, second = app.test_client(), app.test_client()
    for c in (first, second):
        with c.session_transaction() as s:
            s["uid"] = 7
    bid = save(first).get_json()["id"]
    assert second.put(f"/api/boards/{bid}", json={"revision": 1, "scenario": BOARD}).status_code == 200
    with second.session_transaction() as s:
        s["uid"] = 8
    assert second.put(f"/api/boards/{bid}", json={"revision": 2, "scenario": BOARD}).status_code == 403
    conn = store.connect()
    assert conn.execute("SELECT author_uid FROM boards WHERE id = ?", (bid,)).fetchone()[0] == 7
    # only the key's hash is kept
    h = conn.execute("SELECT author_key_hash FROM boards WHERE id = ?", (bid,)).fetchone()[0]
    assert len(h) == 64 and first.get_cookie(AUTHOR_COOKIE).value not in h


def test_the_migration_keeps_old_boards_backs_up_and_leaves_them_open(tmp_path, monkeypatch):
    """A users.db saved before boards had authors: migrated with a backup, its boards kept
    and editable as before (they have no author), new boards have one."""
    path = tmp_path / "users.db"
    monkeypatch.setenv("JUDGE_USERS_DB", str(path))
    old = sqlite3.connect(path, isolation_level=None)   # the file as the old code left it: step 1 only
    userdb.migrate(old, store.FEATURE, store.BOARD_MIGRATIONS[:1])
    legacy = store.Board("legacy22", 1, BOARD, None, "2026-01-01T00:00:00+00:00")
    with userdb.write(old):
        old.execute("INSERT INTO boards (id, created_at, revision) VALUES (?, ?, 1)", (legacy.id, legacy.saved_at))
        old.execute("INSERT INTO board_revisions (board_id, revision, scenario, saved_at) VALUES (?, 1, ?, ?)",
                    (legacy.id, BOARD, legacy.saved_at))
    old.close()
    conn = store.connect(path)
    assert userdb.applied_version(conn, store.FEATURE) == len(store.BOARD_MIGRATIONS) == 3
    bak = path.with_name("users.db.bak-boards-1")
    assert bak.exists()
    with sqlite3.connect(bak) as b:
        assert b.execute("SELECT id FROM boards").fetchall() == [("legacy22",)]
        assert "author_key_hash" not in [r[1] for r in b.execute("PRAGMA table_info(boards)")]
    assert store.get(conn, "legacy22").scenario == BOARD + "rules_version: 2020-01-24\n"  # migration 3
    stranger = store.Author(key="someone-else")
    assert store.may_edit(conn, "legacy22", stranger) is True
    assert store.update(conn, "legacy22", 1, BOARD, author=stranger).revision == 2
    mine = store.create(conn, BOARD, author=store.Author(key="mine"))
    assert store.may_edit(conn, mine.id, stranger) is False and store.may_edit(conn, mine.id, store.Author(key="mine"))
    assert store.may_edit(conn, "nosuchid", stranger) is None


def test_boards_saved_before_releases_keep_playing_2020(tmp_path, monkeypatch):
    """Migration 3 (issue 29): a board without rules_version now plays the newest release, so
    every revision saved before says rules_version: 2020-01-24 at its end (its lines keep their
    numbers); a revision that names its release is left byte for byte; a backup is made."""
    path = tmp_path / "users.db"
    monkeypatch.setenv("JUDGE_USERS_DB", str(path))
    old = sqlite3.connect(path, isolation_level=None)  # the file as the code before left it
    userdb.migrate(old, store.FEATURE, store.BOARD_MIGRATIONS[:2])
    named = "rules_version: 2019-05-03\n" + BOARD
    assert "rules_version" not in BOARD
    with userdb.write(old):
        for bid, rev, text in (("oldboard", 1, BOARD), ("oldboard", 2, BOARD.rstrip("\n")),
                               ("namedone", 1, named)):
            old.execute("INSERT OR IGNORE INTO boards (id, created_at, revision) VALUES (?, '2026-01-01', ?)",
                        (bid, rev))
            old.execute("INSERT INTO board_revisions (board_id, revision, scenario, saved_at) "
                        "VALUES (?, ?, ?, '2026-01-01')", (bid, rev, text))
    old.close()
    conn = store.connect(path)
    assert userdb.applied_version(conn, store.FEATURE) == 3
    assert path.with_name("users.db.bak-boards-2").exists()
    first, second = store.get(conn, "oldboard", 1), store.get(conn, "oldboard", 2)
    assert first.scenario == BOARD + "rules_version: 2020-01-24\n"
    assert second.scenario == BOARD.rstrip("\n") + "\nrules_version: 2020-01-24\n"
    assert first.scenario.splitlines()[:-1] == BOARD.splitlines()  # no line moved
    assert store.get(conn, "namedone").scenario == named
    # the migrated board still loads and plays under 2020
    from judge_app.cards.model import default_pool
    from judge_app.scenarios.loader import from_data, parse_text
    assert from_data(parse_text(first.scenario), "oldboard", default_pool()).rules_version == "2020-01-24"
