"""Where things live: the project's sources, and the instance folder for derived data.

The instance folder holds the SQLite database and the Whoosh index. It is fixed, so the
CLI and the server find the same data wherever they are started from (Flask's
instance-folder convention): ``instance/`` next to the project for a source checkout,
``<prefix>/var/judge_app-instance`` for an installed package. ``JUDGE_INSTANCE`` moves the
folder (a relative value is taken from the current directory) and ``JUDGE_DB`` moves just
the database file. Sources are read from ``rules_corpus/sources/`` next to the package, so an
editable install and a fresh clone behave the same; ``JUDGE_SOURCES`` reads them from another
folder (the import tests start from a copy that holds only the 2019 and 2020 releases).
"""
from __future__ import annotations

import os
import sys
from functools import lru_cache
from pathlib import Path

PROJECT_ROOT = Path(__file__).resolve().parent.parent
CORPUS_DIR = PROJECT_ROOT / "rules_corpus"
SOURCES_DIR = (Path(os.environ["JUDGE_SOURCES"]).expanduser().resolve() if os.environ.get("JUDGE_SOURCES")
               else CORPUS_DIR / "sources")
CARDS_DIR = CORPUS_DIR / "cards"
SCENARIOS_DIR = PROJECT_ROOT / "scenarios"


@lru_cache(maxsize=64)
def _resolved(value: str, cwd: str) -> Path:
    """An environment variable's path made absolute, once per (value, working folder): every
    request asks for the database's path several times, and ``resolve`` is a system call per
    path component. So a symbolic link in the path is followed once per process: swapping it
    (``instance -> releases/N``) needs a restart, as a changed ``JUDGE_INSTANCE`` does not."""
    return Path(value).expanduser().resolve()


def instance_dir() -> Path:
    explicit = os.environ.get("JUDGE_INSTANCE")
    if explicit:
        return _resolved(explicit, os.getcwd() if not os.path.isabs(explicit) else "")
    if (PROJECT_ROOT / "pyproject.toml").is_file():  # a source checkout (or an editable install)
        return PROJECT_ROOT / "instance"
    return Path(sys.prefix) / "var" / "judge_app-instance"


def db_path() -> Path:
    explicit = os.environ.get("JUDGE_DB")
    if explicit:
        return _resolved(explicit, os.getcwd() if not os.path.isabs(explicit) else "")
    return instance_dir() / "judge.db"


def index_dir() -> Path:
    """The Whoosh index sits beside the database it was built from."""
    return db_path().parent / (db_path().stem + "-index")
