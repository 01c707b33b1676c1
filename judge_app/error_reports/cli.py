"""``judge corrections``: the judges' accepted error reports into the corrections file.

    judge corrections export [--dir DIR]   # merge accepted reports into
                                           # rules_corpus/corrections/cr-ru-2020-01-24.tsv
    judge corrections reports [--status open|accepted|rejected] [--json]

Exit codes: 0 done; 1 some accepted report was not written (its words are corrected
differently in the file: the message names both); 2 invalid input or a broken file
(the message names the file and line).
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from ..corpus.corrections import CorrectionsError
from . import export as exporter
from . import store


class CorrectionsGroup(click.Group):
    """Turns a bad file or bad input in any subcommand into a message and exit code 2."""

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except (CorrectionsError, store.ReportError) as exc:
            click.echo(f"Ошибка: {exc.message}", err=True)
            sys.exit(1 if getattr(exc, "status", 400) == 404 else 2)


@click.group(cls=CorrectionsGroup)
def corrections() -> None:
    """Исправления русского текста 2020 года: сообщения судей и файл исправлений."""


@corrections.command("export")
@click.option("--dir", "directory", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="папка файлов исправлений (по умолчанию rules_corpus/corrections)")
def export_command(directory: Path | None) -> None:
    """Записать принятые сообщения в файл исправлений (для коммита)."""
    merge = exporter.export(store.connect(), directory)
    click.echo(f"{merge.path}: добавлено строк {len(merge.added)}, уже были {len(merge.present)}, "
               f"всего {merge.rows}")
    for row in merge.added:
        click.echo(f"  + {row.rule}: «{row.decoded}» → «{row.corrected}» ({row.source})")
    for row, old in merge.conflicts:
        click.echo(f"  не записано: {row.source}, {row.rule}: «{row.decoded}» → «{row.corrected}» — "
                   f"в файле уже «{old.corrected}» ({old.source}, строка {old.line})", err=True)
    if merge.conflicts:
        sys.exit(1)


@corrections.command("reports")
@click.option("--status", default="open", help="open, accepted или rejected")
@click.option("--json", "as_json", is_flag=True)
def reports_command(status: str, as_json: bool) -> None:
    """Сообщения об ошибках в тексте."""
    rows = store.queue(store.connect(), status, limit=10_000)
    if as_json:
        click.echo(json.dumps(rows, ensure_ascii=False))
        return
    for r in rows:
        click.echo(f"№{r['id']} {r['rule']}: «{r['decoded']}» → «{r['final_corrected'] or r['corrected']}» "
                   f"[{r['status']}]")
