"""``judge faq CARD``: a FAQ M2011 card's rulings (and the general rulings that take it as their
example) with their status, rules, scenarios and where they stand in a later release;
``judge faq --report``: counts per status, the rulings played under a later release, and the FAQ
cards the engine can't play yet."""
from __future__ import annotations

import json

import click

from . import faq_rulings, services
from .corpus.lookup import CorpusError


@click.command()
@click.argument("card", required=False)
@click.option("--report", is_flag=True, help="сводка: разъяснения по статусам и карты, которых нет в движке")
@click.option("--json", "as_json", is_flag=True)
def faq(card: str | None, report: bool, as_json: bool) -> None:
    """Разъяснения FAQ M2011 по карте (русское или английское название): статус, правила 2020 года,
    их место в новейшем выпуске, сценарий, что изменилось."""
    corpus = services.corpus()
    if not faq_rulings.available(corpus):
        raise CorpusError("в базе нет классификации разъяснений FAQ: выполните judge build", status=404)
    if report:
        data = faq_rulings.report(corpus)
        if as_json:
            click.echo(json.dumps(data, ensure_ascii=False))
            return
        print_report(data)
        return
    if not card:
        raise CorpusError("укажите карту (judge faq «Клон») или --report")
    data = faq_rulings.card_rulings(corpus, card)
    if as_json:
        click.echo(json.dumps(data, ensure_ascii=False))
        return
    print_card(data)


def print_report(data: dict) -> None:
    click.echo(f"Разъяснений FAQ M2011: {data['rulings']}, классифицировано: {data['classified']}")
    for status, n in data["counts"].items():
        click.echo(f"  {faq_rulings.STATUS_RU[status]:<28} {status:<8} {n:>4}")
    click.echo(f"Против выпуска {data['newest_version']}:")
    for status, n in data["newest"].items():
        click.echo(f"  {faq_rulings.NEWEST_RU[status]:<46} {status:<10} {n:>4}")
    later = data["later"]
    click.echo(f"По более поздним выпускам сыграно: {len(later['rulings'])} "
               f"(исход изменился: {later['changed']}, в силе: {later['holds']})")
    for item in later["rulings"]:
        click.echo(f"  r{item['position']:<4} с выпуска {item['release']}, {item['rule']}: "
                   + ("в силе" if item["holds"] else "изменилось") + f"; сценарий {item['scenario']}")
    click.echo(f"Карт FAQ: {data['cards']}, в движке: {data['playable']}, ещё нет: {len(data['not_playable'])}")
    for card in data["not_playable"]:
        click.echo(f"  {card['name']}" + (f" ({card['name_en']})" if card["name_en"] else ""))


def print_card(data: dict) -> None:
    head = data["name"] + (f" ({data['name_en']})" if data["name_en"] else "")
    click.echo(f"{head} — " + ", ".join(x for x in (data["mana_cost"], data["type_line"], data["pt"]) if x))
    click.echo("Движок: " + ("играет эту карту" if data["playable"] else "эту карту ещё не играет"))
    click.echo(f"Номера правил — по версии {data['rules_version']}.")
    for r in data["rulings"]:
        print_ruling(r, data["rules_version"])
    if data["general"]:
        click.echo("")
        click.echo("Общие разъяснения FAQ, где эта карта — пример:")
        for r in data["general"]:
            print_ruling(r, data["rules_version"])


def print_ruling(r: dict, rules_version: str) -> None:
    click.echo("")
    click.echo(f"r{r['position']} [{r['status_ru'] if r['status'] else 'не классифицировано'}] {r['text']}")
    if not r["status"]:
        return
    click.echo("    правила: " + ", ".join(r["rules"]))
    for old, new in r["quoted"].items():
        click.echo(f"    цитируется {old} (правила 2010 года) = {new} в {rules_version}")
    if r["scenario"]:
        click.echo(f"    сценарий: {r['scenario']} (/scenarios/{r['scenario']})")
    if r["missing"]:
        click.echo(f"    не хватает в движке: {r['missing']}")
    newest = r["newest"]
    if newest["status"] != "same":
        moved = ", ".join(f"{i['rule']} → {i['number'] or 'удалено'}"
                          + (" (изменено)" if i["status"] == "changed" else "")
                          for i in newest["rules"] if i["status"] != "same")
        click.echo(f"    в правилах от {newest['version']}: {newest['status_ru']} ({moved})")
    else:
        click.echo(f"    в правилах от {newest['version']}: {newest['status_ru']}")
    if r["changed"]:
        ch = r["changed"]
        when = f"с выпуска {ch['release']} ({ch['since']})" if ch["since"] else f"(выпуск: {ch['release']})"
        click.echo(f"    изменилось {when}, правило {ch['rule']}: {ch['what_ru']}")
    if r["later"]:
        la = r["later"]
        verdict = "в силе" if la["holds"] else "исход другой"
        click.echo(f"    с выпуска {la['release']} {verdict} ({la['rule']} в {la['release']}): {la['what_ru']}")
        click.echo(f"    сценарий по правилам {la['release']} и позже: {la['scenario']} (/scenarios/{la['scenario']})")
