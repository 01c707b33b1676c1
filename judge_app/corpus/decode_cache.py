"""The decoded 2020 OCR text, kept between builds so that importing a release is quick.

Decoding the OCR text is nine tenths of a cold build (``build_workers``), yet most
rebuilds cannot change its result: ``judge import`` adds an English release published
later, a proofreader edits the corrections (applied after the decode), a search change
re-indexes. The decode reads its input text, the decoder's code and model (``corpus/``)
and the earlier sources, so its result is stored under a hash of exactly those: the
input, the decoder's modules and model (``decoder_modules``, ``corpus/data``), and every
source file except the English releases published after the document (a 2020 decode cannot depend on a 2026 text). A
change to any of them misses the cache and decodes again.

The cache is a JSON file per document in ``<instance>/build-cache/`` (``JUDGE_BUILD_CACHE``
moves it: the tests share one folder, so each temporary corpus does not decode again).
It holds only what ``cr_source`` uses: the decoded lines and the low-confidence spans.
A file that cannot be read is ignored and rewritten, never trusted.
"""
from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Callable

from .. import paths
from . import catalogue

ENV = "JUDGE_BUILD_CACHE"
FORMAT = 1  # bump when the stored shape changes


def cache_dir() -> Path:
    explicit = os.environ.get(ENV)
    return Path(explicit).expanduser().resolve() if explicit else paths.instance_dir() / "build-cache"


def decoder_modules() -> list[Path]:
    """The decoder's code: ``ocr_decode.py`` and every ``judge_app`` module it imports,
    transitively (read with ``ast``, imports inside functions included)."""
    from .build import _imported

    package = Path(__file__).resolve().parent.parent  # judge_app/
    prefix = package.name + "."
    todo, seen = [package / "corpus" / "ocr_decode.py"], set()
    while todo:
        path = todo.pop()
        if path in seen or not path.is_file():
            continue
        seen.add(path)
        for name in _imported(path, package):
            if name.startswith(prefix):
                stem = package / name[len(prefix):].replace(".", "/")
                todo += [stem.with_suffix(".py"), stem / "__init__.py"]
    return sorted(seen)


def inputs(version: str) -> list[Path]:
    """The files a decode of the document of ``version`` may read: the decoder's code, the
    model and data files of ``corpus/data``, and the sources, less the English releases
    published after it. Other code of ``corpus/`` (parsing, carrying, the store) runs after
    the decode, so changing it keeps the cache."""
    data = sorted(p for p in (Path(__file__).resolve().parent / "data").rglob("*") if p.is_file())
    later = {path.resolve() for v, path in catalogue.english_files().items() if v > version}
    sources = sorted(p for p in paths.SOURCES_DIR.rglob("*") if p.is_file() and p.resolve() not in later)
    return decoder_modules() + data + sources


def key(text: str, version: str) -> str:
    digest = hashlib.sha256(f"{FORMAT}\0".encode())
    digest.update(text.encode())
    for path in inputs(version):
        digest.update(path.name.encode() + b"\0")
        digest.update(path.read_bytes())
    return digest.hexdigest()


def decoded(doc_id: str, version: str, text: str,
            decode: Callable[[str], tuple[list[str], list[tuple]]]) -> tuple[list[str], list[tuple]]:
    """The decoded lines and low-confidence spans of ``text``: from the cache when its key
    matches, else from ``decode(text)``, stored for the next build."""
    folder = cache_dir()
    wanted = key(text, version)
    path = folder / f"{doc_id}.json"
    try:
        stored = json.loads(path.read_text(encoding="utf-8"))
        if stored.get("key") == wanted:
            return list(stored["lines"]), [tuple(s) for s in stored["low_confidence"]]
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        pass  # absent or unreadable: decode again
    lines, low = decode(text)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
        tmp.write_text(json.dumps({"key": wanted, "lines": lines, "low_confidence": [list(s) for s in low]},
                                  ensure_ascii=False), encoding="utf-8")
        tmp.replace(path)  # atomic: a concurrent build reads the old file or the new, never half
    except OSError:
        pass  # a read-only instance decodes every time; the build itself does not need the cache
    return lines, low
