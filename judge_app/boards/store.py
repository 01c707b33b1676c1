"""Saved boards and their revision history, in the user-data file (feature "boards").

A board is a scenario's YAML text. Every save is a new revision (1, 2, …), never an
overwrite, so an edit is never lost: ``update`` says which revision the edit was based
on and is refused with ``Conflict`` when someone saved another one since. Ids are short
random strings, good for a permalink and not guessable by counting.

Who may save a new revision (migration 2): a permalink is for sharing — anyone may read a
board, replay it, branch it and save a copy — but editing the board in place belongs to its
author. The author is whoever holds the board's edit key (a random key the browser keeps in
a cookie and an API client gets once, at creation; only its SHA-256 is stored) or, when the
board was made by a logged-in trainee or mentor, that account. Boards saved before the
migration have no author and stay editable by anyone with the link, as they were.

Which rules a board plays (migration 3): boards saved before the engine played more than one
release name ``rules_version: 2020-01-24`` (``name_the_release``), so they keep their outcome
now that a board without the key plays the newest release.
"""
from __future__ import annotations

import hashlib
import re
import secrets
import sqlite3
from dataclasses import dataclass
from datetime import datetime, timezone

import yaml

from judge_app import userdb

FEATURE = "boards"
RELEASE_BEFORE_CHOICE = "2020-01-24"  # the only release the engine played before boards named one
RULES_VERSION_LINE = re.compile(r"(?m)^rules_version\s*:")


def name_the_release(conn: sqlite3.Connection) -> int:
    """Migration 3. A board without ``rules_version`` plays the newest release the engine plays
    (issue 29); before that it always played the 2020 rules, and every board saved so far was
    settled under them. So each saved revision without the key gets the line
    ``rules_version: 2020-01-24`` at its end — the end, so that the script's line numbers (what a
    decision or an error names) do not move. The rest of the text is kept byte for byte; a
    revision that is not a block-style mapping (it can't be one today) is left as it is."""
    changed = 0
    rows = conn.execute("SELECT board_id, revision, scenario FROM board_revisions").fetchall()
    for board_id, revision, text in rows:
        if RULES_VERSION_LINE.search(text) or not _block_mapping(text):
            continue
        named = text + ("" if text.endswith("\n") or not text else "\n") + f"rules_version: {RELEASE_BEFORE_CHOICE}\n"
        conn.execute("UPDATE board_revisions SET scenario = ? WHERE board_id = ? AND revision = ?",
                     (named, board_id, revision))
        changed += 1
    return changed


def _block_mapping(text: str) -> bool:
    """Is ``text`` a YAML mapping written in block style (a line can be added at its end)?"""
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError:
        return False
    return isinstance(data, dict) and not text.lstrip().startswith("{")


BOARD_MIGRATIONS = [
    """
    CREATE TABLE boards (
        id TEXT PRIMARY KEY,
        created_at TEXT NOT NULL,
        revision INTEGER NOT NULL
    );
    CREATE TABLE board_revisions (
        board_id TEXT NOT NULL REFERENCES boards(id),
        revision INTEGER NOT NULL,
        scenario TEXT NOT NULL,
        variations TEXT,
        saved_at TEXT NOT NULL,
        PRIMARY KEY (board_id, revision)
    );
    """,
    # 2: the author (see the module's docstring); NULL on the boards saved before
    """
    ALTER TABLE boards ADD COLUMN author_key_hash TEXT;
    ALTER TABLE boards ADD COLUMN author_uid INTEGER;
    """,
    # 3: the release each board was saved under (see ``name_the_release``)
    name_the_release,
]

ID_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789"   # no 0/o, 1/l: read aloud at a table
ID_LENGTH = 8


class NotAuthor(Exception):
    """The board belongs to someone else: save a copy instead."""


class Conflict(Exception):
    """The edit was based on an old revision: ``latest`` is the board as saved now."""

    def __init__(self, latest: "Board"):
        self.latest = latest
        super().__init__(f"доску {latest.id} уже сохранили в ревизии {latest.revision}")


@dataclass
class Board:
    id: str
    revision: int
    scenario: str
    variations: str | None
    saved_at: str

    def to_dict(self) -> dict:
        return {"id": self.id, "revision": self.revision, "scenario": self.scenario,
                "variations": self.variations, "saved_at": self.saved_at}


def connect(path=None) -> sqlite3.Connection:
    return userdb.connect(FEATURE, BOARD_MIGRATIONS, path)


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def new_id() -> str:
    return "".join(secrets.choice(ID_ALPHABET) for _ in range(ID_LENGTH))


def new_author_key() -> str:
    """A browser's (or an API client's) secret edit key: 32 random bytes, URL-safe."""
    return secrets.token_urlsafe(32)


def _key_hash(key: str | None) -> str | None:
    return hashlib.sha256(key.encode("utf-8")).hexdigest() if key else None


@dataclass(frozen=True)
class Author:
    """Who is asking: the edit key they hold (cookie or header) and their training account."""
    key: str | None = None
    uid: int | None = None


def may_edit(conn: sqlite3.Connection, bid: str, who: Author) -> bool | None:
    """True when ``who`` may save a new revision of the board; None when there is no such board."""
    row = conn.execute("SELECT author_key_hash, author_uid FROM boards WHERE id = ?", (bid,)).fetchone()
    if row is None:
        return None
    return _allowed(row, who)


def _allowed(row, who: Author) -> bool:
    if row["author_key_hash"] is None and row["author_uid"] is None:
        return True   # saved before boards had authors
    if who.uid is not None and row["author_uid"] == who.uid:
        return True
    given = _key_hash(who.key)
    return given is not None and row["author_key_hash"] is not None and secrets.compare_digest(given, row["author_key_hash"])


def create(conn: sqlite3.Connection, scenario: str, variations: str | None = None,
           author: Author = Author()) -> Board:
    """A new board, revision 1, owned by ``author`` (their key's hash and account)."""
    now = _now()
    with userdb.write(conn):
        while True:
            bid = new_id()
            if conn.execute("SELECT 1 FROM boards WHERE id = ?", (bid,)).fetchone() is None:
                break
        conn.execute("INSERT INTO boards (id, created_at, revision, author_key_hash, author_uid) VALUES (?, ?, 1, ?, ?)",
                     (bid, now, _key_hash(author.key), author.uid))
        conn.execute("INSERT INTO board_revisions (board_id, revision, scenario, variations, saved_at) "
                     "VALUES (?, 1, ?, ?, ?)", (bid, scenario, variations, now))
    return Board(bid, 1, scenario, variations, now)


def get(conn: sqlite3.Connection, bid: str, revision: int | None = None) -> Board | None:
    if revision is None:
        row = conn.execute("SELECT r.* FROM boards b JOIN board_revisions r ON r.board_id = b.id "
                           "AND r.revision = b.revision WHERE b.id = ?", (bid,)).fetchone()
    else:
        row = conn.execute("SELECT * FROM board_revisions WHERE board_id = ? AND revision = ?",
                           (bid, revision)).fetchone()
    if row is None:
        return None
    return Board(row["board_id"], row["revision"], row["scenario"], row["variations"], row["saved_at"])


def update(conn: sqlite3.Connection, bid: str, based_on: int, scenario: str,
           variations: str | None = None, author: Author | None = None) -> Board | None:
    """Save a new revision on top of ``based_on``; None when there is no such board.

    ``author``: who asks (``NotAuthor`` when the board is someone else's); None skips the
    check (the caller has made it, or it is the CLI/a test working on the file directly)."""
    now = _now()
    with userdb.write(conn):   # BEGIN IMMEDIATE: the check and the insert are one step for all writers
        row = conn.execute("SELECT revision, author_key_hash, author_uid FROM boards WHERE id = ?", (bid,)).fetchone()
        if row is None:
            return None
        if author is not None and not _allowed(row, author):
            raise NotAuthor(bid)
        latest = row["revision"]
        if latest != based_on:
            raise Conflict(get(conn, bid))
        rev = latest + 1
        conn.execute("INSERT INTO board_revisions (board_id, revision, scenario, variations, saved_at) "
                     "VALUES (?, ?, ?, ?, ?)", (bid, rev, scenario, variations, now))
        conn.execute("UPDATE boards SET revision = ? WHERE id = ?", (rev, bid))
    return Board(bid, rev, scenario, variations, now)


def history(conn: sqlite3.Connection, bid: str) -> list[dict]:
    return [dict(r) for r in conn.execute(
        "SELECT revision, saved_at, length(scenario) AS size FROM board_revisions WHERE board_id = ? "
        "ORDER BY revision", (bid,))]
