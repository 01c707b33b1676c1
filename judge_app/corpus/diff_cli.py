"""``judge diff OLD NEW``: what changed between two releases of the rules."""
from __future__ import annotations

import json

import click

from .. import services
from .lookup import VersionHistory

MARKS = {"equal": "{}", "delete": "[-{}-]", "insert": "{{+{}+}}"}


@click.command()
@click.argument("old")
@click.argument("new")
@click.option("--lang", default="ru", help="язык: ru или en")
@click.option("--all", "include_unchanged", is_flag=True, help="показать и неизменённые правила")
@click.option("--json", "as_json", is_flag=True)
def diff(old, new, lang, include_unchanged, as_json) -> None:
    """Сравнить две версии правил: добавлено, удалено, перенумеровано, изменено."""
    result = VersionHistory(services.corpus()).diff(old, new, lang, include_unchanged)
    if as_json:
        click.echo(json.dumps(result, ensure_ascii=False))
        return
    click.echo(f"{result['from']} → {result['to']} ({result['lang']}): " +
               ", ".join(f"{VersionHistory.STATUS_RU[k]}: {v}" for k, v in sorted(result["summary"].items())))
    for item in result["changes"]:
        status = VersionHistory.STATUS_RU[item["status"]]
        note = "  (англ. текст не менялся: вероятно, ошибки распознавания)" if (
            item["english_unchanged"] and item["diff"] and result["lang"] == "ru") else ""
        click.echo(f"{status:>15}  {item['old_number'] or '—':>9} → {item['new_number'] or '—'}{note}")
        if item["diff"]:
            click.echo("                 " + " ".join(MARKS[op].format(t) for op, t in item["diff"])[:600])
