"""``judge import FILE``: a new official English release becomes a version of the corpus.

Academy Ruins' way: read, check, show what changes, confirm, publish. The file is read
and validated (``release_file``), refused if it is a release already held or if its
header date contradicts its text, compared with the newest release held for the preview,
then copied byte for byte (into ``rules_corpus/sources/en/`` in a checkout, the instance
folder otherwise) and the corpus rebuilt. The build writes beside the old files and swaps
them in at the end, so a server keeps answering from the previous corpus meanwhile, and a
failed build removes the copied file again. A build killed outright leaves the previous
corpus serving and the file in place; running the same import again finishes it
(``interrupted``). ``users.db`` is never opened.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from .. import paths
from . import catalogue
from .diff import compare_releases, normalise
from .release_file import MAX_BYTES, Release, ReleaseError, read


@dataclass
class Preview:
    release: Release
    against: str  # the newest release held
    counts: dict[str, int] = field(default_factory=dict)
    examples: dict[str, list[str]] = field(default_factory=dict)
    renames: list = field(default_factory=list)


def load_file(path: Path) -> Release:
    name = path.name
    if not path.is_file():
        raise ReleaseError(f"{path}: файла нет")
    size = path.stat().st_size
    if size > MAX_BYTES:
        raise ReleaseError(f"{name}: файл слишком большой ({size // 1024} КБ); предел "
                           f"{MAX_BYTES // 1024 // 1024} МБ для текста правил")
    return read(path.read_bytes(), name)


def held_rules(corpus, version: str) -> list[dict]:
    return corpus.rows("select number, title, text from rules where doc_id = ? and level != 'chapter'",
                       (corpus.doc_id(version, "en"),))


def as_dicts(release: Release) -> list[dict]:
    return [{"number": r.number, "title": r.title, "text": r.text} for r in release.rules
            if r.level != "chapter"]


def check_date(release: Release, corpus) -> None:
    """Refuse a release already held, and a header date its text contradicts: the text's
    nearest release held (by shared rule texts) must be a neighbour of its date."""
    held = sorted(catalogue.english_files())
    if release.date in held:
        raise ReleaseError(f"выпуск от {release.date} уже есть в корпусе; повторный импорт не нужен")
    mine = {normalise(r["title"] + " " + r["text"]) for r in as_dicts(release)}
    score = {}
    for version in held:
        theirs = {normalise((r["title"] or "") + " " + (r["text"] or "")) for r in held_rules(corpus, version)}
        if theirs:
            score[version] = len(mine & theirs) / len(mine | theirs)
    if not score:
        return
    nearest = max(score, key=score.get)
    before = [v for v in held if v < release.date]
    after = [v for v in held if v > release.date]
    neighbours = {before[-1] if before else None, after[0] if after else None}
    if score[nearest] > 0.999 or nearest not in neighbours:
        raise ReleaseError(
            f"дата в заголовке ({release.date}) противоречит тексту: по содержанию он ближе всего к "
            f"выпуску {nearest} (совпадает {score[nearest]:.0%} правил), а по дате его соседи — "
            f"{', '.join(sorted(v for v in neighbours if v)) or 'нет'}")


def preview(release: Release, corpus, per_kind: int = 3) -> Preview:
    against = max(catalogue.english_files())
    changes, renames = compare_releases(held_rules(corpus, against), as_dicts(release))
    out = Preview(release, against, renames=renames)
    for c in changes:
        if c.status == "unchanged":
            continue
        out.counts[c.status] = out.counts.get(c.status, 0) + 1
        shown = out.examples.setdefault(c.status, [])
        if len(shown) < per_kind:
            shown.append(c.old_number if c.status == "removed" else
                         c.new_number if c.status in ("added", "changed", "renamed") else
                         f"{c.old_number} → {c.new_number}")
    return out


def interrupted(source: Path, release: Release) -> bool:
    """True when this very file was copied by an import whose build never finished (killed,
    or the machine went down): the file is held, byte for byte, but the corpus was not
    rebuilt with it. The previous corpus served meanwhile; a new ``judge import`` finishes it."""
    from .build import stale_reason

    held = catalogue.english_files().get(release.date)
    if held is None or held.read_bytes() != source.read_bytes():
        return False
    return stale_reason(paths.db_path(), paths.index_dir()) is not None


def destination(date: str) -> Path:
    """A checkout keeps releases with its sources (they ship with the next commit); an
    installed copy keeps them in its instance folder."""
    name = f"cr-en-{date}.txt"
    if (paths.PROJECT_ROOT / "pyproject.toml").is_file() and os.access(paths.SOURCES_DIR / "en", os.W_OK):
        return paths.SOURCES_DIR / "en" / name
    return catalogue.imported_dir() / name


def install(source: Path, release: Release, rebuild) -> Path:
    """Copy the file byte for byte, re-read the catalogue and rebuild; undo the copy if the
    build fails, so the corpus stays as it was."""
    target = destination(release.date)
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.with_name(target.name + ".part")
    tmp.write_bytes(source.read_bytes())
    tmp.replace(target)
    catalogue.load()
    try:
        rebuild()
    except BaseException:
        target.unlink(missing_ok=True)
        catalogue.load()
        raise
    return target
