"""``judge import FILE [--yes]``: the command line of ``release_import``."""
from __future__ import annotations

import sys
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

    def rebuild() -> None:
        build(paths.db_path(), paths.index_dir(), progress=True)

    try:
        release = release_import.load_file(file)
    except ReleaseError as exc:
        click.echo(f"Ошибка: {exc}", err=True)
        sys.exit(2)
    if release_import.interrupted(file, release):
        click.echo(f"Продолжаю прерванный импорт выпуска от {release.date}: файл уже на месте, "
                   "перестраиваю корпус.")
        rebuild()
        finished(file)
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

    finished(release_import.install(file, release, rebuild))


def finished(target: Path) -> None:
    """Say where the release went and what the default is now, and refresh the phones'
    offline copy (issue 28), as ``judge build`` does."""
    services.reset()
    services.offline_pack(progress=True)
    click.echo(f"Готово: {target}; версия по умолчанию теперь {services.corpus().default_version()}.")
