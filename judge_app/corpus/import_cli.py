"""``judge import FILE [--yes]``: the command line of ``release_import``."""
from __future__ import annotations

import sys
import time
from pathlib import Path

import click

from .. import paths, services
from .lookup import VersionHistory
from .release_file import ReleaseError


@click.command(name="import")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--yes", is_flag=True, help="не спрашивать подтверждения (для скриптов)")
def import_release(file: Path, yes: bool) -> None:
    """Добавить выпуск Comprehensive Rules (официальный английский .txt) как новую версию."""
    from . import release_import
    from .build import build

    built: list[float] = []

    def rebuild() -> None:
        built.append(build(paths.db_path(), paths.index_dir(), progress=True).seconds)

    try:
        release = release_import.load_file(file)
    except ReleaseError as exc:
        click.echo(f"Ошибка: {exc}", err=True)
        sys.exit(2)
    if release_import.interrupted(file, release):
        click.echo(f"Продолжаю прерванный импорт выпуска от {release.date}: файл уже на месте, "
                   "перестраиваю корпус.")
        rebuild()
        finished(file, built[0])
        return
    corpus = services.corpus()
    try:
        release_import.check_date(release, corpus)
        shown = release_import.preview(release, corpus)
    except ReleaseError as exc:
        click.echo(f"Ошибка: {exc}", err=True)
        sys.exit(2)
    numbered = sum(1 for r in release.rules if r.level in ("rule", "subrule"))
    click.echo(f"Выпуск от {release.date}: {numbered} правил, {len(release.contents)} разделов, "
               f"{len(release.glossary)} статей глоссария.")
    click.echo(f"По сравнению с {shown.against}:")
    for status in ("added", "removed", "renumbered", "changed", "renamed"):
        n = shown.counts.get(status, 0)
        examples = ", ".join(shown.examples.get(status, []))
        click.echo(f"  {VersionHistory.STATUS_RU[status]}: {n}" + (f" (например: {examples})" if n else ""))
    for r in shown.renames:
        click.echo(f"  переименование по всему тексту: «{r.old}» → «{r.new}» ({r.rules} правил)")
    if not yes and not click.confirm("Добавить этот выпуск и перестроить корпус?", default=False):
        click.echo("Отменено: корпус не изменён.")
        sys.exit(1)

    target = release_import.install(file, release, rebuild)
    finished(target, built[0])


def finished(target: Path, build_seconds: float) -> None:
    """Refresh the phones' offline copy (issue 28), as ``judge build`` does, and say where the
    release went, what the default is now, and what the rebuild took."""
    services.reset()
    started = time.perf_counter()
    services.offline_pack(progress=True)
    pack_seconds = time.perf_counter() - started
    click.echo(f"Корпус перестроен за {build_seconds:.1f} с, офлайн-пакет — за {pack_seconds:.1f} с.")
    click.echo(f"Готово: {target}; версия по умолчанию теперь {services.corpus().default_version()}.")
