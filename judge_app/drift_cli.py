"""``judge drift OLD NEW``: the engine's citations whose rules changed in meaning.

Every rule number the engine cites (``engine/citations*.json``, in the release the engine
plays) is followed into the newer release (``corpus.drift``): renumbered only, changed in
meaning, or removed. The changed ones are grouped by mechanism (the citations file that
holds them) with the library scenarios whose trace cites them: the list of engine
behaviours to re-check for the newer release.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from . import services
from .corpus.lookup import CorpusError

ENGINE = Path(__file__).resolve().parent / "engine"


def cited(version: str) -> dict[str, list[tuple[str, str]]]:
    """Rule number -> [(mechanism, key)] for every citation the engine holds in ``version``."""
    out: dict[str, list[tuple[str, str]]] = {}
    for path in sorted(ENGINE.glob("citations*.json")):
        group = path.stem.removeprefix("citations").strip("_") or "core"
        for key, entry in json.loads(path.read_text(encoding="utf-8"))["rules"].items():
            number = entry.get(version)
            if number:
                out.setdefault(number, []).append((group, key))
    return out


def report(old: str, new: str) -> dict:
    from .corpus.drift import drift as follow
    from .web.scenario_data import citing

    corpus = services.corpus()
    old, new = corpus.check_version(old), corpus.check_version(new)
    if old >= new:
        raise CorpusError(f"сначала более ранний выпуск: judge drift {min(old, new)} {max(old, new)}")
    numbers = cited(old)
    if not numbers:
        raise CorpusError(f"движок не цитирует правила выпуска {old}")
    groups: dict[str, list[dict]] = {}
    counts: dict[str, int] = {}
    for item in follow(corpus, old, new, sorted(numbers)):
        counts[item.status] = counts.get(item.status, 0) + 1
        if item.status not in ("changed", "removed"):
            continue
        scenarios = [s.id for s in citing(item.number, old)]
        for group, key in numbers[item.number]:
            groups.setdefault(group, []).append({
                "key": key, "number": item.number, "new_number": item.new_number, "status": item.status,
                "diff": item.diff, "scenarios": scenarios})
    return {"from": old, "to": new, "cited": len(numbers), "counts": counts, "groups": groups}


@click.command()
@click.argument("old")
@click.argument("new")
@click.option("--json", "as_json", is_flag=True)
def drift(old: str, new: str, as_json: bool) -> None:
    """Правила, на которые ссылается движок и смысл которых изменился между двумя выпусками."""
    try:
        data = report(old, new)
    except CorpusError as exc:
        click.echo(f"Ошибка: {exc.message}", err=True)
        sys.exit(2)
    if as_json:
        click.echo(json.dumps(data, ensure_ascii=False))
        return
    c = data["counts"]
    click.echo(f"{data['from']} → {data['to']}: движок цитирует {data['cited']} правил; без изменений "
               f"{c.get('same', 0)}, только перенумерованы {c.get('renumbered', 0)}, изменились "
               f"{c.get('changed', 0)}, удалены {c.get('removed', 0)}.")
    for group, items in sorted(data["groups"].items()):
        click.echo(f"\n[{group}]")
        for it in items:
            where = it["new_number"] or "удалено"
            click.echo(f"  {it['number']} → {where}  ({it['key']}; {it['status']}); сценариев: "
                       f"{len(it['scenarios'])}{': ' + ', '.join(it['scenarios'][:5]) if it['scenarios'] else ''}"
                       f"{' …' if len(it['scenarios']) > 5 else ''}")
