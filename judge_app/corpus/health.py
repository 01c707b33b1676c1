"""Is the derived data intact? The corpus database and its Whoosh index, checked cheaply.

A build ends by writing a manifest beside the database: the size and SHA-256 of the
database file and of every file of the index. Neither is ever written again (the corpus
is opened read-only), so any difference is damage — a disk fault, a half-copied backup, a
stray write — and the data is rebuilt from the sources. Hashing ~40 MB takes a fraction of
a second, is cheaper than ``PRAGMA integrity_check`` and also covers the index, which SQLite
cannot check. A build without a manifest (made by an older version) falls back to
``PRAGMA quick_check`` and opening the index.

Only the corpus database and its index are derived data: user data (``users.db``) lives
in its own file, which nothing here reads, checks or replaces.
"""
from __future__ import annotations

import hashlib
import json
import os
import sqlite3
from pathlib import Path

CHUNK = 1 << 20


def manifest_path(db_file: Path) -> Path:
    return db_file.with_name(db_file.name + ".manifest.json")


def _files(db_file: Path, index_dir: Path) -> dict[str, Path]:
    """The files a build produces, by the name the manifest gives them."""
    files = {db_file.name: db_file}
    if index_dir.is_dir():
        for p in sorted(index_dir.iterdir()):
            if p.is_file() and not p.name.endswith(".lock"):
                files[f"{index_dir.name}/{p.name}"] = p
    return files


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        while chunk := handle.read(CHUNK):
            digest.update(chunk)
    return digest.hexdigest()


def write_manifest(db_file: Path, index_dir: Path) -> None:
    """Record what a finished build wrote (called by the build, under its lock)."""
    entries = {name: {"size": p.stat().st_size, "sha256": _sha256(p)}
               for name, p in _files(db_file, index_dir).items()}
    target = manifest_path(db_file)
    tmp = target.with_name(target.name + ".tmp")
    tmp.write_text(json.dumps({"files": entries}, indent=1), encoding="utf-8")
    os.replace(tmp, target)


def damage(db_file: Path, index_dir: Path) -> str | None:
    """Why the built data cannot be trusted (in Russian, naming the file), or None."""
    try:
        manifest = json.loads(manifest_path(db_file).read_text(encoding="utf-8"))["files"]
    except FileNotFoundError:
        return _damage_without_manifest(db_file, index_dir)
    except (OSError, ValueError, KeyError, TypeError):
        return "опись построенных файлов повреждена"
    present = _files(db_file, index_dir)
    for name in manifest.keys() - present.keys():
        return f"файл {name} пропал"
    for name in present.keys() - manifest.keys():
        return f"лишний файл {name}"
    for name, entry in manifest.items():  # sizes first: free, and catch truncation
        if present[name].stat().st_size != entry["size"]:
            return f"файл {name} изменил размер"
    for name, entry in manifest.items():
        if _sha256(present[name]) != entry["sha256"]:
            return f"файл {name} повреждён (контрольная сумма не совпадает)"
    return None


def _damage_without_manifest(db_file: Path, index_dir: Path) -> str | None:
    try:
        conn = sqlite3.connect(f"file:{db_file}?mode=ro", uri=True)
        try:
            result = conn.execute("PRAGMA quick_check").fetchone()[0]
        finally:
            conn.close()
    except sqlite3.DatabaseError as exc:
        return f"база данных не открывается: {exc}"
    if result != "ok":
        return f"база данных повреждена: {result}"
    try:
        from whoosh import index as windex

        ix = windex.open_dir(str(index_dir))
        with ix.searcher() as searcher:
            searcher.doc_count_all()
    except Exception as exc:  # whoosh reports damage with many exception types
        return f"поисковый индекс не открывается: {type(exc).__name__}"
    return None
