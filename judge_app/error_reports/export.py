"""Accepted reports into the corrections file, for a commit.

The file is the one the build applies (``corpus.corrections``), read and written with its
own loader (``load``/``dump``): rows stay sorted by rule, each (rule, decoded words) once.
An accepted report becomes a row with ``source = report:<id>``; exporting again adds
nothing (its row is there). A report whose words another row already corrects is not
written and is named in ``Merge.conflicts``: a mentor decides which reading stays.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from ..corpus import corrections as corr
from . import store
from .target import DOC_ID


@dataclass
class Merge:
    path: Path
    added: list[corr.Correction] = field(default_factory=list)
    present: list[corr.Correction] = field(default_factory=list)   # exported before
    conflicts: list[tuple[corr.Correction, corr.Correction]] = field(default_factory=list)  # (report's, the file's)
    rows: int = 0


def as_correction(report: dict) -> corr.Correction:
    c = corr.Correction(rule=report["rule"], decoded=report["final_decoded"], corrected=report["final_corrected"],
                        glyphs=report["glyphs"] or "", english=report["english"] or "",
                        ru_2019=report["ru_2019"] or "", reason=report["reason"] or "",
                        source=f"report:{report['id']}", file="users.db", line=report["id"])
    corr.validate(c)
    return c


def export(conn, directory: Path | None = None) -> Merge:
    """Merge every accepted report into ``<directory>/<DOC_ID>.tsv`` and write it."""
    path = corr.path_for(DOC_ID, directory)
    existing, _log = corr.load(DOC_ID, directory)
    by_key = {(c.rule, c.decoded): c for c in existing}
    out = Merge(path)
    rows = list(existing)
    for report in store.accepted(conn):
        row = as_correction(report)
        old = by_key.get((row.rule, row.decoded))
        if old is None:
            rows.append(row)
            by_key[(row.rule, row.decoded)] = row
            out.added.append(row)
        elif old.source == row.source:
            out.present.append(row)
        else:
            out.conflicts.append((row, old))
    out.rows = len(rows)
    if out.added or not path.exists():
        _write(path, corr.dump(rows))
    return out


def _write(path: Path, text: str) -> None:
    """Whole or not at all: a temporary file beside it, then a rename."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)
