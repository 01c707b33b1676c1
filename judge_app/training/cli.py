"""``judge users``: trainee and mentor accounts, and all training data as JSON.

    judge users add-mentor NAME            # a new mentor (password asked, or --password-stdin),
                                           # or an existing trainee made a mentor
    judge users reset-password NAME        # a new password (asked, or --password-stdin)
    judge users list [--json]
    judge users export [FILE]              # all training data as JSON (stdout by default)
    judge users import FILE [--replace]    # into an empty store, or replacing it (backup first)

Exit codes: 0 done, 1 not found, 2 invalid input (the message says what and where).
"""
from __future__ import annotations

import json
import sys
from datetime import datetime, timezone

import click

from .. import userdb
from . import store, transfer
from .grading import TrainingError


def _fail(exc: TrainingError) -> None:
    click.echo(f"Ошибка: {exc.message}", err=True)
    sys.exit(1 if exc.status == 404 else 2)


def _password(from_stdin: bool) -> str:
    if from_stdin:
        return sys.stdin.readline().rstrip("\n")
    return click.prompt("Пароль", hide_input=True, confirmation_prompt=True)


class UsersGroup(click.Group):
    """Turns a TrainingError in any subcommand into a message and exit code 1 or 2."""

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except TrainingError as exc:
            _fail(exc)


@click.group(cls=UsersGroup)
def users() -> None:
    """Учётные записи обучения (стажёры, наставники) и выгрузка данных обучения."""


password_option = click.option("--password-stdin", is_flag=True, help="прочитать пароль из первой строки stdin")


@users.command("add-mentor")
@click.argument("username")
@password_option
def add_mentor(username: str, password_stdin: bool) -> None:
    """Создать наставника или сделать наставником существующего стажёра."""
    conn = store.connect()
    existing = store.user_by_name(conn, username)
    if existing:
        store.set_role(conn, existing["username"], "mentor")
        click.echo(f"{existing['username']}: теперь наставник")
        return
    store.create_user(conn, username, _password(password_stdin), "mentor")
    click.echo(f"{username}: наставник создан")


@users.command("reset-password")
@click.argument("username")
@password_option
def reset_password(username: str, password_stdin: bool) -> None:
    """Задать пользователю новый пароль."""
    conn = store.connect()
    if store.user_by_name(conn, username) is None:
        raise TrainingError(f"пользователя «{username}» нет", 404)
    store.set_password(conn, username, _password(password_stdin))
    click.echo(f"{username}: пароль изменён")


@users.command("list")
@click.option("--json", "as_json", is_flag=True)
def list_users(as_json: bool) -> None:
    """Все учётные записи (без хешей паролей)."""
    conn = store.connect()
    rows = [dict(r) for r in conn.execute("SELECT id, username, role, created_at FROM training_users ORDER BY id")]
    if as_json:
        click.echo(json.dumps(rows, ensure_ascii=False))
        return
    for r in rows:
        click.echo(f"{r['id']:>5}  {r['role']:<8} {r['username']}")


@users.command("export")
@click.argument("file", type=click.Path(dir_okay=False, writable=True, allow_dash=True), default="-")
def export_cmd(file: str) -> None:
    """Выгрузить все данные обучения в JSON."""
    text = json.dumps(transfer.export(store.connect()), ensure_ascii=False, indent=1)
    if file == "-":
        click.echo(text)
    else:
        with open(file, "w", encoding="utf-8") as fh:
            fh.write(text + "\n")
        click.echo(f"выгружено в {file}", err=True)


@users.command("import")
@click.argument("file", type=click.Path(dir_okay=False, allow_dash=True))
@click.option("--replace", is_flag=True, help="заменить данные обучения, которые уже есть (после резервной копии)")
def import_cmd(file: str, replace: bool) -> None:
    """Загрузить данные обучения из JSON-выгрузки."""
    try:
        text = sys.stdin.read() if file == "-" else open(file, encoding="utf-8").read()
    except OSError as exc:
        raise TrainingError(f"файл «{file}» не прочитан: {exc.strerror}", 404) from None
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        raise TrainingError(f"{file}:{exc.lineno}:{exc.colno}: не JSON: {exc.msg}") from None
    conn = store.connect()
    stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%S")
    backup = userdb.db_path().with_name(f"{userdb.db_path().name}.bak-training-import-{stamp}") if replace else None
    counts = transfer.import_(conn, doc, replace=replace, backup_path=backup)
    click.echo("загружено: " + ", ".join(f"{k} {v}" for k, v in counts.items()))
    if backup:
        click.echo(f"резервная копия: {backup}", err=True)
