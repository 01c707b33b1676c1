"""The ``judge`` command: the corpus, search, scenarios and the web server.

Every command that needs the data builds it first when it is missing or stale.
Bad input never ends in a traceback: a clear Russian message and exit 1 (not found)
or 2 (invalid input).
"""
from __future__ import annotations

import json
import sqlite3
import sys

import click

from . import paths, services
from .corpus.lookup import CorpusError
from .cards.model import CardDataError


def emit_json(data) -> None:
    click.echo(json.dumps(data, ensure_ascii=False, indent=None))


def fail(exc: CorpusError) -> None:
    click.echo(f"Ошибка: {exc.message}", err=True)
    if exc.suggestions:
        click.echo("возможно, вы имели в виду: " + ", ".join(exc.suggestions), err=True)
    sys.exit(1 if exc.status == 404 else 2)


class JudgeGroup(click.Group):
    """Turns a CorpusError anywhere in a command into a message and an exit code; damaged
    corpus data found by a command is rebuilt at once and the command run again."""

    def invoke(self, ctx):
        for attempt in (1, 2):
            try:
                return super().invoke(ctx)
            except CorpusError as exc:
                problem = exc
            except CardDataError as exc:   # a card file of the pool (rules_corpus/cards) is broken
                click.echo(f"Ошибка в данных карт (rules_corpus/cards): {exc}", err=True)
                sys.exit(2)
            except sqlite3.DatabaseError as exc:
                from .data_repair import unavailable_for

                problem = unavailable_for(exc)
                if problem is None:
                    raise
            from .data_repair import DataUnavailable, repair_now

            if not isinstance(problem, DataUnavailable) or attempt == 2:
                fail(problem)
            click.echo(f"Данные корпуса повреждены ({problem.reason or 'идёт перестройка'}): перестраиваю…", err=True)
            repair_now()


@click.group(cls=JudgeGroup)
@click.version_option(package_name="judge-app")
def main() -> None:
    """judge: полные правила Magic: The Gathering, поиск и сценарии для судей."""


@main.command()
def build() -> None:
    """Построить базу и поисковый индекс заново."""
    from .corpus.build import build as run_build

    report = run_build(paths.db_path(), paths.index_dir(), progress=True)
    services.reset()
    click.echo(f"Готово за {report.seconds:.1f} с: {paths.db_path()}")
    services.offline_pack(progress=True)  # the phones' offline copy of the new build (issue 28)
    for doc, count in report.counts.items():
        click.echo(f"  {doc}: {count}")
    for skipped in report.skipped:
        click.echo(f"  пропущено: {skipped}")
    for line in report.repaired:
        click.echo(f"  устаревшая ссылка словаря: {line}")
    click.echo(f"Неразрешённых ссылок: {len(report.unresolved)}")
    for ref in report.unresolved:
        click.echo(f"  {ref['src_id']}: «{ref['raw']}» → {ref['target_number']} "
                   f"(нет в {ref['target_version']})")


def version_option(f):
    return click.option("--version", "version", default=None,
                        help="версия правил (дата выпуска), по умолчанию новейшая")(f)


def lang_option(f):
    return click.option("--lang", default="ru", help="язык: ru или en")(f)


@main.command()
@click.argument("number")
@version_option
@lang_option
@click.option("--json", "as_json", is_flag=True)
def rule(number: str, version: str | None, lang: str, as_json: bool) -> None:
    """Правило по номеру: текст, подправила, примеры, ссылки и английский оригинал."""
    data = services.corpus().rule(number, version, lang)
    if as_json:
        emit_json(data)
        return
    from .text_render import render_rule

    click.echo(render_rule(data))


@main.command()
@click.argument("query", required=False)
@version_option
@click.option("--lang", default=None, help="язык: ru или en (по умолчанию оба)")
@click.option("--kind", default=None, help="rule, example, glossary, ruling, card, rulebook")
@click.option("--limit", default=20, type=int)
@click.option("--batch", default=None, metavar="FILE",
              help="файл (или -): по запросу на строку; вывод — по JSON-массиву на строку")
@click.option("--json", "as_json", is_flag=True)
def search(query, version, lang, kind, limit, batch, as_json) -> None:
    """Поиск по номеру правила или словам (по-русски и по-английски)."""
    if batch is not None:
        for line_no, line in enumerate(read_batch(batch), 1):
            try:
                result = services.search(line, version, lang, kind, limit)
                emit_json(result["hits"])
            except CorpusError as exc:
                click.echo(f"Ошибка в строке {line_no}: {exc.message}", err=True)
                emit_json([])
        return
    if query is None:
        raise CorpusError("пустой запрос: введите номер правила или слова для поиска")
    result = services.search(query, version, lang, kind, limit)
    if as_json:
        emit_json(result["hits"])
        return
    if result["note"]:
        click.echo(result["note"])
    from .text_render import render_hits

    click.echo(render_hits(result["hits"]))


MAX_BATCH_BYTES = 1 << 20  # ~20,000 queries


def read_batch(path: str) -> list[str]:
    """The queries of a ``--batch`` file: at most 1 MB of UTF-8, one per line."""
    from .input_files import InputRefused, read_text

    try:
        text = read_text(path, MAX_BATCH_BYTES, "файл запросов")
    except InputRefused as exc:
        raise CorpusError(f"--batch {path}: {exc}") from None
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return [line.removesuffix("\r") for line in lines]


@main.command()
@click.argument("term")
@version_option
@lang_option
@click.option("--json", "as_json", is_flag=True)
def glossary(term, version, lang, as_json) -> None:
    """Термин из словаря."""
    entries = services.corpus().glossary(term, version, lang)
    if not entries:
        raise CorpusError(f"термин «{term[:40]}» не найден в словаре", status=404)
    if as_json:
        emit_json(entries)
        return
    for e in entries:
        click.echo(f"{e['term_en']} — {e['term_ru']}\n  {e['definition']}\n")


@main.command()
@click.option("--version", "version", required=True)
@lang_option
@click.option("--format", "fmt", type=click.Choice(["jsonl"]), default="jsonl")
def export(version, lang, fmt) -> None:
    """Все правила документа, по JSON-объекту на строку."""
    for item in services.corpus().export(version, lang):
        emit_json(item)


@main.command()
@click.option("--json", "as_json", is_flag=True)
def versions(as_json) -> None:
    """Документы корпуса и их выпуски."""
    docs = services.corpus().versions()
    if as_json:
        emit_json(docs)
        return
    for d in docs:
        mark = " (по умолчанию)" if d["default"] else ""
        click.echo(f"{d['version']:<12} {d['lang']}  {d['kind']:<9} {d['title']}{mark}")


def check_host(ctx, param, value: str) -> str:
    import socket

    try:
        socket.getaddrinfo(value, None)
    except (OSError, UnicodeError):
        raise click.BadParameter(f"адрес «{value[:60]}» не найден") from None
    return value


@main.command()
@click.option("--host", default="127.0.0.1", show_default=True, callback=check_host)
@click.option("--port", default=5000, show_default=True, type=click.IntRange(1, 65535))
@click.option("--workers", default=None, type=click.IntRange(1, 64),
              help="процессов gunicorn (по умолчанию — по числу ядер)")
@click.option("--threads", default=8, show_default=True, type=click.IntRange(1, 256),
              help="потоков waitress")
@click.option("--server", "server_name", type=click.Choice(["auto", "gunicorn", "waitress"]), default="auto",
              show_default=True, help="gunicorn (процессы и gevent) или waitress (где нет fork)")
def serve(host, port, workers, threads, server_name) -> None:
    """Запустить веб-приложение (gunicorn с gevent; waitress там, где gunicorn не работает)."""
    from .web import guard, server

    try:
        chosen = server.choose(server_name)
        guard.trusted_proxies()   # a wrong JUDGE_PROXIES is said here, before any worker starts
    except ValueError as exc:
        raise CorpusError(str(exc)) from None
    workers = workers or server.default_workers()
    services.corpus()  # build or repair the data once, before any worker starts
    services.offline_pack(progress=True)  # and the offline pack the service worker serves
    how = f"{workers} процесс(а/ов)" if chosen == "gunicorn" else f"{threads} потоков"
    click.echo(f"judge_app: http://{bind_display(host)}:{port}/ ({chosen}, {how}; база: {paths.db_path()})",
               err=True)
    server.serve(chosen, host, port, workers, threads)


def bind_display(host: str) -> str:
    return f"[{host}]" if ":" in host else host


def register_optional(group: click.Group) -> None:
    """Commands that live with their own subsystem (scenarios, diff, faq)."""
    try:
        from .scenarios.cli import scenario
        group.add_command(scenario)
    except ImportError:
        pass
    try:
        from .corpus.diff_cli import diff
        group.add_command(diff)
    except ImportError:
        pass
    from .corpus.import_cli import import_release
    group.add_command(import_release)
    from .drift_cli import drift
    group.add_command(drift)
    from .faq_cli import faq
    group.add_command(faq)
    from .training.cli import users
    group.add_command(users)
    from .error_reports.cli import corrections
    group.add_command(corrections)


register_optional(main)


if __name__ == "__main__":
    main()
