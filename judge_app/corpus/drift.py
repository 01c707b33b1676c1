"""Which rules changed in meaning between two releases, followed through every release between.

``judge drift 2020-01-24 2026-01-16`` asks this for every rule the engine cites: a rule
that was only renumbered, or touched only by a release-wide rename or by updated rule
references, did not drift; one whose English text changed otherwise did, and the engine
behaviour that cites it must be re-checked. The same chain gives ``number_in`` (where a
rule of one release stands in a later one), for pages that link an engine citation into
the release a judge reads.
"""
from __future__ import annotations

import json
from dataclasses import dataclass

from .carry import Origin, Step, origins
from .diff import Change, Rename, full_text, word_diff
from .lookup import Corpus


@dataclass
class Drift:
    number: str  # in the old release
    new_number: str | None  # in the new release; None when removed
    status: str  # same | renumbered | changed | removed
    diff: list


def steps_between(corpus: Corpus, old: str, new: str) -> list[Step]:
    """The consecutive English comparisons the build stored, from ``old`` to ``new``."""
    versions = sorted(v for v in corpus.cr_versions() if old <= v <= new)
    loaded = {v: texts(corpus, v) for v in versions}  # each release's texts read once
    out = []
    for a, b in zip(versions, versions[1:]):
        changes = [Change(r["status"], r["old_number"], r["new_number"], r["similarity"],
                          json.loads(r["diff"] or "[]"), bool(r.get("renamed")))
                   for r in corpus.rows("select * from rule_changes where lang = 'en' and old_version = ? "
                                        "and new_version = ?", (a, b))]
        renames = [Rename(r["old"], r["new"], r["rules"]) for r in corpus.rows(
            "select * from renames where old_version = ? and new_version = ?", (a, b))] \
            if corpus.table_exists("renames") else []
        out.append(Step(a, b, changes, renames, loaded[a], loaded[b]))
    return out


def texts(corpus: Corpus, version: str) -> dict[str, str]:
    return {r["number"]: full_text(r) for r in corpus.rows(
        "select number, title, text from rules where doc_id = ? and level != 'chapter'",
        (corpus.doc_id(version, "en"),))}


def forward(corpus: Corpus, old: str, new: str, steps: list[Step] | None = None) -> dict[str, tuple[str, Origin]]:
    """Old number -> (new number, origin) for every rule that survives from ``old`` to ``new``."""
    steps = steps_between(corpus, old, new) if steps is None else steps
    first = list(steps[0].old_text) if steps else list(texts(corpus, old))
    return {o.number: (new_number, o) for new_number, o in origins(steps, first).items()}


def drift(corpus: Corpus, old: str, new: str, numbers: list[str]) -> list[Drift]:
    """How each of ``numbers`` (rules of ``old``) stands in ``new``."""
    old, new = corpus.check_version(old), corpus.check_version(new)
    steps = steps_between(corpus, old, new)
    moved = forward(corpus, old, new, steps)
    before = steps[0].old_text if steps else texts(corpus, old)
    after = steps[-1].new_text if steps else before
    out = []
    for n in numbers:
        if n not in moved:
            out.append(Drift(n, None, "removed", []))
            continue
        new_number, origin = moved[n]
        if origin.same:
            out.append(Drift(n, new_number, "same" if new_number == n else "renumbered", []))
        else:
            out.append(Drift(n, new_number, "changed", word_diff(before.get(n, ""), after.get(new_number, ""))))
    return out
