"""Building the offline pack: ``<instance>/offline/<pack id>/`` and ``current.json`` beside it.

``ensure_pack()`` runs after the corpus is built (``services.corpus``) and by ``judge build``:
it does nothing when ``current.json`` already names the pack the corpus and code would make.
A pack is written into a temporary folder and renamed into place, then ``current.json`` is
replaced, so a server never serves half a pack; the previous pack is kept (a phone that started
downloading it can finish), older ones are removed.

Files (each also ``.gz``, which the server sends to browsers that accept gzip):
``rules-<version>.json`` per offline release, ``glossary-<version>.json``, ``faq.json``,
``rulebook.json``, ``scenarios.json``, ``steps.json`` (the board at every step of every library
scenario, ``steps.py``), ``search-index.json`` (MiniSearch, built by Node from
``search-docs``), ``query.json`` (slang, layouts, number readings, the question bank, the defined terms), ``meta.json`` (the pack id,
the releases, what each file weighs).

The search index needs Node and the npm packages (``./setup.sh`` installs them); without them
the pack is built with ``search: false`` and the offline search says it is unavailable.
"""
from __future__ import annotations

import gzip
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from .. import paths

ROOT = paths.PROJECT_ROOT
NODE_MODULES = ROOT / "node_modules"
HERE = Path(__file__).resolve().parent
STATIC_OFFLINE = HERE.parent / "web" / "static" / "offline"
# The browser libraries the pack serves, from the pinned npm packages (name -> file in node_modules).
LIBS = {
    "workbox-sw.js": "workbox-sw/build/workbox-sw.js",
    "workbox-core.prod.js": "workbox-core/build/workbox-core.prod.js",
    "workbox-precaching.prod.js": "workbox-precaching/build/workbox-precaching.prod.js",
    "workbox-routing.prod.js": "workbox-routing/build/workbox-routing.prod.js",
    "workbox-strategies.prod.js": "workbox-strategies/build/workbox-strategies.prod.js",
    "minisearch.js": "minisearch/dist/umd/index.js",
    "snowball-stemmers.js": "snowball-stemmers/snowball-stemmers.js",
}


def offline_dir() -> Path:
    return paths.db_path().parent / "offline"


def offline_versions(corpus) -> list[str]:
    """The releases a phone keeps: the default one, and the one the engine and the FAQ's
    classified rulings cite (``faq_rulings.RULES_VERSION``) while it is another."""
    from ..corpus import catalogue
    from ..faq_rulings import RULES_VERSION

    known = corpus.cr_versions()
    wanted = [catalogue.DEFAULT_VERSION, RULES_VERSION]
    return [v for v in dict.fromkeys(wanted) if v in known] or known[:1]


def glossary_version(corpus, versions: list[str]) -> str:
    """The release whose glossary the offline search holds: the default one, or the next that has
    a glossary (a release imported in English only may have none)."""
    return next((v for v in versions if corpus.glossary_all(v, "ru") or corpus.glossary_all(v, "en")), versions[0])


SEARCH = HERE.parent / "search"
# the server's reading of words that the pack's query tables copy (search_docs: lemmas, derivation,
# related words, verb families, slang, situations): a change there is a new pack without a new corpus
SEARCH_READING = ("analysis.py", "derive.py", "related.py", "families.py", "understand.py", "situations.py",
                  "asked.py", "translation.py",  # the question bank's constants and its fusion's K
                  "defining.py",  # the definition question's pattern and marker words
                  "query.py")  # the glossary's terms and the defining rules (``_Opened.glossary``, ``defining_hit``)


def code_files() -> list[Path]:
    files = sorted(HERE.glob("*.py")) + sorted(HERE.glob("*.mjs")) + sorted(STATIC_OFFLINE.glob("*"))
    files += [SEARCH / name for name in SEARCH_READING] + sorted((SEARCH / "data").glob("*.tsv"))
    lock = ROOT / "package-lock.json"
    return files + ([lock] if lock.exists() else [])


def pack_id(corpus) -> str:
    """A hash of what the pack is made from: the corpus build, the scenario files, this code."""
    from ..corpus import store
    from ..web import scenario_data
    from . import steps

    import sqlite_utils

    meta = store.read_meta(sqlite_utils.Database(corpus.db_file))
    digest = hashlib.sha256()
    digest.update(json.dumps([meta.get("corpus_hash"), meta.get("built_at")]).encode())
    digest.update(repr(scenario_data.library_stamp()).encode())
    digest.update(steps.engine_stamp().encode())  # the engine plays the scenarios' events and boards
    for path in code_files():
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    digest.update(json.dumps(node_available()).encode())
    return digest.hexdigest()[:16]


def node_available() -> bool:
    return bool(shutil.which("node")) and all((NODE_MODULES / rel).exists() for rel in LIBS.values())


_current: dict = {}


def current() -> dict | None:
    """The pack being served (``current.json``, read again when the file changes), or None."""
    path = offline_dir() / "current.json"
    try:
        stamp = (str(path), path.stat().st_mtime_ns)
    except OSError:
        return None
    if _current.get("stamp") != stamp:
        try:
            _current.update(stamp=stamp, meta=json.loads(path.read_text(encoding="utf-8")))
        except (OSError, ValueError):
            return None
    return dict(_current["meta"])


def ensure_pack(corpus, progress: bool = False) -> dict:
    want = pack_id(corpus)
    now = current()
    if now and now.get("id") == want and (offline_dir() / want / "meta.json").exists():
        return now
    return build_pack(corpus, want, progress=progress)


def _write(folder: Path, name: str, data) -> dict:
    raw = json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode()
    (folder / name).write_bytes(raw)
    packed = gzip.compress(raw, compresslevel=9, mtime=0)
    (folder / (name + ".gz")).write_bytes(packed)
    return {"name": name, "bytes": len(raw), "gzip": len(packed)}


def build_pack(corpus, pid: str, progress: bool = False) -> dict:
    from . import content, search_docs

    started = time.perf_counter()
    root = offline_dir()
    root.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{pid}-", dir=root))
    try:
        versions = offline_versions(corpus)
        files = []
        for v in versions:
            files.append(_write(tmp, f"rules-{v}.json", content.rules(corpus, v)))
            files.append(_write(tmp, f"glossary-{v}.json", content.glossary(corpus, v)))
        files.append(_write(tmp, "faq.json", content.faq(corpus)))
        files.append(_write(tmp, "rulebook.json", content.rulebook(corpus)))
        library, boards = content.scenarios()
        files.append(_write(tmp, "scenarios.json", library))
        files.append(_write(tmp, "steps.json", boards))
        search = node_available()
        docs = search_docs.documents(corpus, versions, glossary_version(corpus, versions)) if search else []
        tables = search_docs.query_tables()
        tables["situations"] = search_docs.situations()
        opened = search_docs.opened_index()  # the server's vocabulary and derivations
        brought = [w for text in [*tables["slang"].values(), *(a for s in tables["situations"] for w in s["w"] for a in w)]
                   for w in re.findall(r"[А-Яа-яЁё]+", text)]
        indexed = {t for d in docs for f in ("t", "x", "b", "c") for t in d.get(f, "").split()}
        tables.update(search_docs.vocabulary_tables(opened, brought, indexed))
        tables["alt"], tables["weak"] = search_docs.alternatives(opened, tables["words"])
        tables["asked"] = search_docs.question_bank(paths.index_dir(), tables["words"])
        tables["definitions"] = search_docs.definitions(opened, versions)
        tables["variant_terms"] = sorted({t for v in versions for t in search_docs.variant_terms(corpus, v)})
        files.append(_write(tmp, "query.json", tables))
        if search:
            docs_file = tmp / "search-docs.tmp.json"
            docs_file.write_text(json.dumps(docs, ensure_ascii=False), encoding="utf-8")
            subprocess.run(["node", str(HERE / "build_index.mjs"), str(docs_file), str(tmp / "search-index.json")],
                           check=True, cwd=ROOT, capture_output=True, timeout=600)
            docs_file.unlink()
            raw = (tmp / "search-index.json").read_bytes()
            packed = gzip.compress(raw, compresslevel=9, mtime=0)
            (tmp / "search-index.json.gz").write_bytes(packed)
            files.append({"name": "search-index.json", "bytes": len(raw), "gzip": len(packed)})
            lib = tmp / "lib"
            lib.mkdir()
            for name, rel in LIBS.items():  # gzipped too: the Snowball port is 0.87 MB, 0.1 MB gzipped
                raw = (NODE_MODULES / rel).read_bytes()
                (lib / name).write_bytes(raw)
                (lib / (name + ".gz")).write_bytes(gzip.compress(raw, compresslevel=9, mtime=0))
        meta = {"id": pid, "versions": versions, "default_version": versions[0], "search": search,
                "files": files, "built_at": time.strftime("%Y-%m-%d %H:%M:%S"),
                "seconds": round(time.perf_counter() - started, 1)}
        files.append(_write(tmp, "meta.json", meta))
        target = root / pid
        if target.exists():
            shutil.rmtree(target)
        tmp.rename(target)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    _set_current(root, meta)
    _prune(root, keep={pid, meta.get("previous") or ""})
    if progress:
        total = sum(f["gzip"] for f in files)
        print(f"Офлайн-пакет {pid}: {len(files)} файлов, {total / 1e6:.1f} МБ сжатыми, "
              f"{meta['seconds']} с.", file=sys.stderr)
    return meta


def _set_current(root: Path, meta: dict) -> None:
    previous = current()
    meta["previous"] = previous.get("id") if previous and previous.get("id") != meta["id"] else None
    tmp = root / "current.json.tmp"
    tmp.write_text(json.dumps(meta, ensure_ascii=False), encoding="utf-8")
    os.replace(tmp, root / "current.json")


def _prune(root: Path, keep: set[str]) -> None:
    """Remove packs older than the current and the previous one (and stray temporary folders);
    the scenario boards' cache stays (``steps.py``)."""
    from .steps import CACHE_NAME

    for child in root.iterdir():
        if child.is_dir() and child.name not in keep | {CACHE_NAME}:
            shutil.rmtree(child, ignore_errors=True)
