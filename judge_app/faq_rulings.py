"""The FAQ rulings as the product shows them: status, rules, scenario, what changed, and
where a ruling stands in a later release (``later``: its outcome changed, or holds, with the
board that plays it there).

One module answers for the CLI (``judge faq``), the FAQ card page and the rule page, reading
what the corpus build stored from ``rules_corpus/faq_rulings/`` (tables ``ruling_links``,
``ruling_rules``, ``card_names``). Nothing here runs scenarios: a ``shown`` ruling's scenario is
checked by the tests, the product only links to it.
"""
from __future__ import annotations

import json

from .corpus.lookup import Corpus, CorpusError, VersionHistory

RULES_VERSION = "2020-01-24"  # the numbering every classified ruling cites
STATUS_RU = {"shown": "показано сценарием", "holds": "в силе (не вопрос о столе)",
             "changed": "изменилось", "pending": "ждёт движка"}
STATUS_EN = {"shown": "shown by a scenario", "holds": "holds (not a board question)",
             "changed": "changed", "pending": "needs the engine"}
MAX_NAME = 200
# where a ruling's 2020 rules stand in the newest release held (``against_newest``)
NEWEST_RU = {"same": "правила те же", "renumbered": "правила перенумерованы, текст тот же",
             "changed": "правило с тех пор изменилось — перепроверить", "removed": "правило удалено"}
NEWEST_EN = {"same": "same rules", "renumbered": "rules renumbered, same text",
             "changed": "a rule changed since — re-check", "removed": "a rule was removed"}


def available(corpus: Corpus) -> bool:
    return corpus.table_exists("ruling_links")


def _decode(row: dict) -> dict:
    out = dict(row)
    for key in ("rules", "cards"):
        out[key] = json.loads(row.get(key) or "[]")
    out["quoted"] = json.loads(row.get("quoted") or "{}")
    out["changed"] = json.loads(row["changed"]) if row.get("changed") else None
    out["later"] = json.loads(row["later"]) if row.get("later") else None
    out["status_ru"], out["status_en"] = STATUS_RU[row["status"]], STATUS_EN[row["status"]]
    return out


def links_by_position(corpus: Corpus) -> dict[int, dict]:
    """Every classified ruling by its position in the FAQ (``faq-ru-m2011:rN``)."""
    if not available(corpus):
        return {}
    return {r["position"]: _decode(r) for r in corpus.rows("select * from ruling_links order by position")}


def english_names(corpus: Corpus) -> dict[str, str]:
    if not corpus.table_exists("card_names"):
        return {}
    return {r["name"]: r["name_en"] for r in corpus.rows("select name, name_en from card_names")}


def playable(name_ru: str, name_en: str | None) -> bool:
    """Is the FAQ card in the engine's card pool (fully expressed by the vocabulary)?"""
    from .cards.model import default_pool

    pool = default_pool()
    card = pool.get(name_ru) or (pool.get(name_en) if name_en else None)
    return card is not None


def find_card_name(corpus: Corpus, name: str) -> str:
    """The FAQ's Russian name for ``name`` (Russian or English, any case); CorpusError 404 with
    suggestions when no FAQ card is called that."""
    name = (name or "").strip()
    if not name or len(name) > MAX_NAME:
        raise CorpusError(f"название карты: от 1 до {MAX_NAME} символов")
    english = english_names(corpus)
    by_key: dict[str, str] = {}
    for card in corpus.cards():
        by_key[card["name"].casefold().replace("ё", "е")] = card["name"]
        if english.get(card["name"]):
            by_key[english[card["name"]].casefold()] = card["name"]
    hit = by_key.get(name.casefold().replace("ё", "е"))
    if hit:
        return hit
    import difflib

    originals = {k: v for k, v in ((n.casefold(), n) for n in
                 [c["name"] for c in corpus.cards()] + list(english.values()))}
    near = [originals[m] for m in difflib.get_close_matches(name.casefold(), list(originals), n=3, cutoff=0.6)]
    raise CorpusError(f"в FAQ M2011 нет карты «{name}»", suggestions=near, status=404)


def card_rulings(corpus: Corpus, name: str) -> dict:
    """The card (every FAQ block with that name) with its rulings and their classification."""
    ru = find_card_name(corpus, name)
    blocks = corpus.rows("select * from cards where name = ? order by position", (ru,))
    links = links_by_position(corpus)
    en = english_names(corpus).get(ru)
    rulings = []
    for block in blocks:
        for r in corpus.rows("select position, text from rulings where card_id = ? order by position",
                             (block["id"],)):
            rulings.append(_full_view(corpus, r, links.get(r["position"])))
    # the general section's rulings that take the card as their example (r3, r5: Acidic Slime)
    general = [_full_view(corpus, corpus.one("select position, text from rulings where id = ?", (link["ruling_id"],)), link)
               for link in links.values() if not link["card"] and ru in link["cards"]]
    first = blocks[0]
    return {"name": ru, "name_en": en, "positions": [b["position"] for b in blocks],
            "mana_cost": first["mana_cost"], "type_line": first["type_line"],
            "pt": first["pt"] or first["loyalty"], "rules_text": first["rules_text"],
            "playable": playable(ru, en), "rules_version": RULES_VERSION, "rulings": rulings,
            "general": general}


def _full_view(corpus: Corpus, ruling: dict, link: dict | None) -> dict:
    view = ruling_view(ruling, link)
    if view["status"]:
        view["newest"] = against_newest(corpus, view["rules"])
    return view


def against_newest(corpus: Corpus, rules: list[str]) -> dict:
    """Where the 2020 rules a ruling relies on stand in the newest release held: each rule's
    number there and whether its English changed (``VersionHistory.where_now``), and one
    status for the ruling — the worst of its rules (removed > changed > renumbered > same)."""
    newest = corpus.default_version()
    history = VersionHistory(corpus)
    items = []
    for number in rules:
        where, status = history.where_now(number, RULES_VERSION, newest)
        if status == "same" and where != number:
            status = "renumbered"
        items.append({"rule": number, "number": where, "status": status})
    order = ["same", "renumbered", "changed", "removed"]
    worst = max((i["status"] for i in items), key=order.index, default="same")
    return {"version": newest, "rules": items, "status": worst,
            "status_ru": NEWEST_RU[worst], "status_en": NEWEST_EN[worst]}


def ruling_view(ruling: dict, link: dict | None) -> dict:
    """One ruling with what the classification says about it (``status`` None if unclassified)."""
    out = {"position": ruling["position"], "text": ruling["text"], "status": None}
    if link:
        out.update({k: link[k] for k in ("status", "status_ru", "status_en", "rules", "cards", "quoted",
                                          "scenario", "missing", "why", "changed", "note", "later")})
    return out


def rulings_for_rule(corpus: Corpus, number: str, version: str) -> list[dict]:
    """The FAQ rulings that rely on rule ``number`` (or one of its subrules) in ``version``."""
    if version != RULES_VERSION or not corpus.table_exists("ruling_rules"):
        return []
    rows = corpus.rows(
        "select distinct rr.position, rl.card, rl.card_id, rl.topic, rl.status, rl.scenario, r.text "
        "from ruling_rules rr join ruling_links rl on rl.ruling_id = rr.ruling_id "
        "join rulings r on r.id = rr.ruling_id "
        "where rr.version = ? and (rr.number = ? or rr.number glob ?) "
        "order by rr.position", (version, number, number + "[a-z]"))
    for row in rows:
        row["status_ru"], row["status_en"] = STATUS_RU[row["status"]], STATUS_EN[row["status"]]
    return rows


def report(corpus: Corpus) -> dict:
    """Counts per status, per status against the newest release, and the FAQ cards the engine
    can't play yet."""
    links = links_by_position(corpus)
    counts = {s: 0 for s in STATUS_RU}
    for link in links.values():
        counts[link["status"]] += 1
    newest = {s: 0 for s in NEWEST_RU}
    for link in links.values():
        newest[against_newest(corpus, link["rules"])["status"]] += 1
    english = english_names(corpus)
    names = list(dict.fromkeys(c["name"] for c in corpus.cards()))
    not_playable = [{"name": n, "name_en": english.get(n)} for n in names if not playable(n, english.get(n))]
    total = len(corpus.rows("select id from rulings")) if corpus.table_exists("rulings") else 0
    return {"rulings": total, "classified": len(links), "counts": counts,
            "newest_version": corpus.default_version(), "newest": newest, "later": later_report(links),
            "cards": len(names), "playable": len(names) - len(not_playable), "not_playable": not_playable}


def later_report(links: dict[int, dict]) -> dict:
    """The rulings played under a later release (``later``): how many changed their outcome, how
    many hold, and each one with its release, rule and board."""
    items = [{"position": n, "release": link["later"]["release"], "rule": link["later"]["rule"],
              "holds": link["later"]["holds"], "scenario": link["later"]["scenario"]}
             for n, link in sorted(links.items()) if link["later"]]
    return {"changed": sum(not i["holds"] for i in items), "holds": sum(i["holds"] for i in items),
            "rulings": items}
