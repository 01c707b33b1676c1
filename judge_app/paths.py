"""Where things live: the project's sources, and the instance folder for derived data.

The instance folder (default ``instance/`` in the current directory) holds the SQLite
database and the Whoosh index; ``JUDGE_INSTANCE`` moves the folder and ``JUDGE_DB``
moves just the database file. Sources are read from ``rules_corpus/`` next to the
package, so an editable install and a fresh clone behave the same.
"""
from __future__ import annotations

import os
from pathlib import Path

PROJECT_ROOT = Path(__file__).resolve().parent.parent
CORPUS_DIR = PROJECT_ROOT / "rules_corpus"
SOURCES_DIR = CORPUS_DIR / "sources"
CARDS_DIR = CORPUS_DIR / "cards"
SCENARIOS_DIR = PROJECT_ROOT / "scenarios"


def instance_dir() -> Path:
    return Path(os.environ.get("JUDGE_INSTANCE", "instance")).resolve()


def db_path() -> Path:
    explicit = os.environ.get("JUDGE_DB")
    return Path(explicit).resolve() if explicit else instance_dir() / "judge.db"


def index_dir() -> Path:
    """The Whoosh index sits beside the database it was built from."""
    return db_path().parent / (db_path().stem + "-index")
