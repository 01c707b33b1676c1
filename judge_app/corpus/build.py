"""Build the corpus: parse every source, write SQLite, index it with Whoosh.

The build is automatic and idempotent. ``ensure_built`` compares a hash of the
sources (and of the code that parses and indexes them) with the one stored in the
database and rebuilds only when they differ. A build writes to temporary files and
swaps them in at the end, so a failed build never destroys the previous one.
"""
from __future__ import annotations

import ast
import contextlib
import fcntl
import hashlib
import shutil
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

import sqlite_utils

from .. import paths
from . import catalogue, corrections, faq_links, health, store
from .gc_pause import gc_paused
from .records import Document



@dataclass
class BuildReport:
    seconds: float = 0.0
    counts: dict[str, int] = field(default_factory=dict)
    unresolved: list[dict] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    repaired: list[str] = field(default_factory=list)  # stale glossary numbers relinked


def read_source(doc: Document) -> str:
    """The source's text; the BOM decides the encoding (UTF-16 for the 2022 release)."""
    from .release_file import decode

    return decode((paths.SOURCES_DIR / doc.source_file).read_bytes(), doc.source_file)


def file_sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _imported(path: Path, package: Path) -> list[str]:
    """Absolute names of the modules (and of the names imported from them) that the Python
    file ``path`` inside the ``package`` folder imports, read with ``ast``."""
    here = list(path.relative_to(package.parent).with_suffix("").parts[:-1])  # its package
    out: list[str] = []
    for node in ast.walk(ast.parse(path.read_bytes())):
        if isinstance(node, ast.Import):
            out += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # «from ..search.index import …»
                base = ".".join(here[:len(here) - node.level + 1] + ([base] if base else []))
            out += [base] + [f"{base}.{a.name}" for a in node.names]
    return out


def index_builder_modules(package: Path) -> list[Path]:
    """The ``search/`` modules a build runs: those the corpus code imports (``search/index.py``)
    and what they import, transitively (read with ``ast``, not imported). The rest of
    ``search/`` — ranking, query understanding and their data files — runs at query time, so
    changing it must not rebuild the corpus."""
    search, prefix = package / "search", f"{package.name}.search."
    todo = sorted((package / "corpus").rglob("*.py"))
    seen: set[Path] = set()
    while todo:
        path = todo.pop()
        if path in seen or not path.is_file():
            continue
        seen.add(path)
        todo += [search / (name[len(prefix):].replace(".", "/") + ".py")
                 for name in _imported(path, package) if name.startswith(prefix)]
    return sorted(p for p in seen if search in p.parents)


def corpus_hash(package: Path | None = None) -> str:
    """One hash over every source file and the code that turns them into data: all of
    ``corpus/`` and the index builder's modules of ``search/`` (``index_builder_modules``).
    ``package``: the ``judge_app`` folder to read the code from (tests hash a copy)."""
    digest = hashlib.sha256()
    files = sorted(p for p in paths.SOURCES_DIR.rglob("*") if p.is_file())
    files += sorted(catalogue.imported_dir().glob("cr-en-*.txt"))  # releases imported into an instance
    files += faq_links.files()  # the reviewed classification of the FAQ rulings
    files += corrections.files()  # the reviewed corrections of the OCR text and the proofreading log
    package = package or Path(__file__).resolve().parent.parent
    files += sorted(p for p in (package / "corpus").rglob("*")
                    if p.is_file() and p.suffix in {".py", ".json", ".txt", ".gz", ".pkl"})
    files += index_builder_modules(package)
    # the search index also reads the scenario library and the card pool (``search/sources.py``)
    root = package.parent
    files += sorted((root / "scenarios").rglob("*.yaml")) + sorted((root / "rules_corpus" / "cards").glob("*.yaml"))
    # and what the pool's cards do: the features -> citation keys table and the engine's
    # citations it resolves into rule numbers (``search/card_mechanisms.py``, card_rules.json)
    files += [package / "search" / "data" / "card_mechanisms.tsv"]
    # and the questions judges ask about each rule and each pool card (``rule_questions.py``, ``asked.py``)
    files += sorted((package / "search" / "data" / "rule_questions").glob("*.tsv"))
    files += sorted((package / "search" / "data" / "card_questions").glob("*.tsv"))
    files += sorted((package / "search" / "data" / "rule_questions_en").glob("*.tsv"))
    files += sorted((package / "engine").glob("citations*.json"))
    # the card vocabulary the features are read with, and the citations' reader (``since``,
    # ``older_releases_cite``): outside ``search/``, so index_builder_modules does not reach them
    files += [package / "cards" / "model.py", package / "engine" / "kernel" / "citations.py"]
    for path in files:
        digest.update(str(path.name).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


def stale_reason(db_file: Path, index: Path) -> str | None:
    """Why the data must be (re)built, or None when it is up to date."""
    if not db_file.exists():
        return "база данных ещё не построена"
    if not index.exists():
        return "поисковый индекс ещё не построен"
    try:
        meta = store.read_meta(sqlite_utils.Database(db_file))
    except Exception:  # a damaged file is rebuilt, never trusted
        return "база данных повреждена"
    if meta.get("corpus_hash") != corpus_hash():
        return "источники или парсеры изменились"
    return health.damage(db_file, index)


def ensure_built(progress: bool = True) -> BuildReport | None:
    db_file, index = paths.db_path(), paths.index_dir()
    if stale_reason(db_file, index) is None:
        return None
    with build_lock(db_file):  # another process may be building the same folder right now
        reason = stale_reason(db_file, index)
        if reason is None:
            return None
        if progress:
            print(f"Строю корпус правил: {reason}.", file=sys.stderr)
        return build(db_file, index, progress=progress, locked=True)


@contextlib.contextmanager
def build_lock(db_file: Path):
    """An exclusive lock beside the database, so two builds never write the same files."""
    db_file.parent.mkdir(parents=True, exist_ok=True)
    with open(db_file.with_name(db_file.name + ".lock"), "w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def build(db_file: Path, index: Path, progress: bool = True, locked: bool = False) -> BuildReport:
    if not locked:
        with build_lock(db_file):
            return build(db_file, index, progress, locked=True)
    from . import parse_all  # the parsers are imported only when a build runs

    started = time.perf_counter()
    db_file.parent.mkdir(parents=True, exist_ok=True)
    tmp_db = db_file.with_name(db_file.name + ".tmp")
    tmp_db.unlink(missing_ok=True)
    db = sqlite_utils.Database(tmp_db)
    db.conn.execute("PRAGMA journal_mode=OFF")
    db.conn.execute("PRAGMA synchronous=OFF")
    report = BuildReport()

    steps: list[tuple[str, Callable[[], None]]] = parse_all.steps(db, report)
    steps.append(("индекс поиска", lambda: build_search_index(tmp_db, index)))
    with gc_paused():  # the decode and the Whoosh writer leave no cycles: 15–30 % less CPU (``gc_pause``)
        run_steps(steps, progress)

    store.create_indexes(db)
    db.conn.execute("ANALYZE")  # statistics, so SQLite picks the right index for each lookup
    store.write_meta(db, corpus_hash=corpus_hash(), built_at=time.strftime("%Y-%m-%d %H:%M:%S"))
    db.conn.commit()
    db.conn.close()
    tmp_db.replace(db_file)
    health.write_manifest(db_file, index)
    report.seconds = time.perf_counter() - started
    return report


def run_steps(steps: list[tuple[str, Callable[[], None]]], progress: bool) -> None:
    import click

    if not progress:
        for _, step in steps:
            step()
        return
    with click.progressbar(steps, label="Сборка корпуса", file=sys.stderr,
                           item_show_func=lambda s: s[0] if s else "") as bar:
        for _, step in bar:
            step()


def build_search_index(db_file: Path, index: Path) -> None:
    from ..search.index import build_index

    db = sqlite_utils.Database(db_file)
    db.conn.commit()
    tmp = index.with_name(index.name + ".tmp")
    shutil.rmtree(tmp, ignore_errors=True)
    from ..search.sources import search_documents

    build_index(tmp, search_documents(db))  # the store's records, the scenarios and the FAQ rulings' citations
    old = index.with_name(index.name + ".old")
    shutil.rmtree(old, ignore_errors=True)
    if index.exists():
        index.replace(old)
    tmp.replace(index)
    shutil.rmtree(old, ignore_errors=True)
