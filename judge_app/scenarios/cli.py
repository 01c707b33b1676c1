"""``judge scenario run`` and ``judge scenario step``.

Registered by the main CLI with ``from judge_app.scenarios.cli import scenario``."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from judge_app.engine.rules import view
from judge_app.scenarios import loader, runner


def collect(paths) -> list:
    files = []
    for p in paths:
        p = Path(p)
        if p.is_dir():
            files.extend(sorted(x for x in p.rglob("*") if x.suffix in (".yaml", ".yml")))
        else:
            files.append(p)
    return files


def _echo_trace(events, upto=None):
    for e in events[:upto]:
        click.echo("    " + view.render_event(e))


@click.group()
def scenario():
    """Сценарии: спорные ситуации, которые можно проиграть и проверить."""


@scenario.command("run")
@click.argument("paths", nargs=-1, required=True, type=click.Path(exists=True))
@click.option("--json", "as_json", is_flag=True, help="Один JSON-объект на сценарий (JSON Lines).")
@click.option("--trace", is_flag=True, help="Показать ход событий каждого сценария.")
@click.option("--rules", "rules", default=None, metavar="ВЫПУСК",
              help="Сыграть каждую доску и по этому выпуску правил и сравнить с игрой по её собственному.")
def run_cmd(paths, as_json, trace, rules):
    """Проиграть сценарии и проверить ожидания (0 — все верны, 1 — есть невыполненные, 2 — файл с ошибкой).

    С --rules ВЫПУСК: какие доски по этому выпуску кончаются иначе, чем по своему (0 — все
    так же, 1 — есть различия, 2 — файл с ошибкой или выпуск, по которому движок не играет)."""
    if rules is not None:
        _compare_releases(paths, rules, as_json)
        return
    invalid = failed = passed = 0
    for f in collect(paths):
        try:
            sc = loader.load(f)
        except loader.ScenarioInvalid as exc:
            invalid += 1
            if as_json:
                click.echo(json.dumps({"id": f.stem, "file": str(f), "passed": False, "invalid": True,
                                       "failures": [{"line": i.line, "key": i.key, "message": i.message} for i in exc.issues],
                                       "events": []}, ensure_ascii=False))
            else:
                click.echo(f"✗ {f}: файл сценария с ошибками:")
                for i in exc.issues:
                    click.echo(f"    {i}")
            continue
        res = runner.run(sc)
        if res.passed:
            passed += 1
        else:
            failed += 1
        if as_json:
            click.echo(json.dumps(res.to_dict(), ensure_ascii=False))
            continue
        mark = "✓" if res.passed else "✗"
        click.echo(f"{mark} {sc.id} — {sc.title} ({len(res.game.events)} событий)")
        if not res.passed:
            for line, msg in res.failures:
                click.echo(f"    {sc.path}:{line}: {msg}")
            if res.game.decision:
                click.echo(f"    ожидается решение: {res.game.decision.text_ru}")
            click.echo("    ход событий до этого места:")
            _echo_trace(res.game.events)
        else:
            if res.game.decision:
                click.echo(f"    остановлено: ожидается решение — {res.game.decision.text_ru}; "
                           f"допустимые ответы: {', '.join(map(str, res.game.decision.options))}")
            if trace:
                _echo_trace(res.game.events)
    if not as_json:
        click.echo(f"\nИтого: верно {passed}, не выполнено {failed}, с ошибками в файле {invalid}")
    sys.exit(2 if invalid else 1 if failed else 0)


def _compare_releases(paths, rules: str, as_json: bool) -> None:
    from judge_app.corpus import catalogue
    from judge_app.engine.kernel import release_rules
    from judge_app.scenarios import release_compare

    try:
        rules = release_rules.check(rules, held=rules in catalogue.CR_VERSIONS)
    except release_rules.UnplayableRelease as exc:
        click.echo(f"Ошибка: {exc.message_ru}", err=True)
        sys.exit(2)
    maps: dict = {}
    same = differs = invalid = 0
    for f in collect(paths):
        try:
            cmp = release_compare.compare(f, rules, maps)
        except loader.ScenarioInvalid as exc:
            invalid += 1
            click.echo(json.dumps({"file": str(f), "invalid": True, "issues": [str(i) for i in exc.issues]},
                                  ensure_ascii=False) if as_json else f"✗ {f}: файл сценария с ошибками: {exc.issues[0]}")
            continue
        same, differs = same + (not cmp.differs), differs + cmp.differs
        if as_json:
            click.echo(json.dumps(cmp.to_dict(), ensure_ascii=False))
        elif cmp.differs:
            click.echo(f"≠ {cmp.id} ({cmp.own} → {cmp.other}): {cmp.file}")
            for r in cmp.reasons[:6]:
                click.echo(f"    {r}")
    if not as_json:
        click.echo(f"\nПо выпуску {rules}: так же, как по своему, {same}; иначе {differs}; с ошибками в файле {invalid}")
    sys.exit(2 if invalid else 1 if differs else 0)


@scenario.command("step")
@click.argument("path", type=click.Path(exists=True, dir_okay=False))
@click.option("--at", "at", type=int, required=True, help="Номер события N (0 — исходная позиция).")
@click.option("--json", "as_json", is_flag=True)
def step_cmd(path, at, as_json):
    """Показать доску после события N."""
    try:
        sc = loader.load(path)
    except loader.ScenarioInvalid as exc:
        for i in exc.issues:
            click.echo(str(i), err=True)
        sys.exit(2)
    game, stopped = runner.state_at(sc, at)
    total_note = ""
    if at > 0 and stopped is None:
        full = runner.run(sc)
        total_note = f"в сценарии всего {len(full.game.events)} событий; показано состояние в конце"
        game = full.game
    if as_json:
        d = view.board_dict(game)
        from judge_app.engine.rules import decisions
        d["legal_actions"] = decisions.legal_actions(game)
        d.update({"id": sc.id, "at": at, "event": game.events[-1].to_dict() if at > 0 and game.events else None,
                  "note": total_note or None})
        click.echo(json.dumps(d, ensure_ascii=False, indent=1))
        return
    if total_note:
        click.echo(total_note)
    if at > 0 and game.events:
        click.echo("Событие " + view.render_event(game.events[-1]).strip())
    else:
        click.echo("Исходная позиция")
    click.echo(view.render(game))
