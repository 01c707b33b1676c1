"""What a pool card does, as the rules that decide it: the card model's features -> rule numbers.

Why: «Разрушительная Сила и Лич с Филактерией» names two cards and no rules word; the answer is
the rule of what the Lich has (indestructible, 702.12b). The card model knows each card's
keywords, static and triggered kinds, effects and costs (``judge_app/cards/model.py``), and the
engine cites the rules of each mechanism by a key (``judge_app/engine/citations*.json``).
``data/card_mechanisms.tsv`` joins the two: a feature -> the citation keys of the rules that
decide it. The index builder resolves them per release and saves ``card_rules.json`` beside the
index (``save``); a search reads that file (``load``) and never imports the engine or the pool's
YAML for it.
"""
from __future__ import annotations

import json
import os
from pathlib import Path

from judge_app.search.datafile import read_rows

TABLE = Path(__file__).resolve().parent / "data" / "card_mechanisms.tsv"
CARD_RULES_FILE = "card_rules.json"
_STRING_KINDS = ("static", "trigger", "as_enters")
_MODIFIERS = ("divided", "unless_pay")


def load_table(path: str | Path = TABLE) -> dict[str, list[str]]:
    """feature -> citation keys, in the file's order (``ValueError`` naming a bad line)."""
    return {row[0]: row[1].split() for _, row in read_rows(path, ["feature", "citations"])}


def card_features(card) -> list[str]:
    """The features of a ``CardDef``, in the order its text names them: its keywords, «type:aura»
    / «type:planeswalker», its casting keys, then each static/trigger/as-enters kind, cost key,
    effect key and modifier found in its effects and abilities (nested modes and triggers too)."""
    from judge_app.cards.model import EFFECT_KEYS

    out = ["keyword:" + (k if isinstance(k, str) else next(iter(k))) for k in card.keywords]
    if card.enchant:
        out.append("type:aura")
    if "planeswalker" in card.types:
        out.append("type:planeswalker")
    out += ["casting:" + k for k in (card.casting or {})]

    def walk(x) -> None:
        if isinstance(x, dict):
            for k, v in x.items():
                if k in _STRING_KINDS and isinstance(v, str):
                    out.append(f"{k}:{v}")
                elif k == "cost" and isinstance(v, dict):
                    out.extend("cost:" + c for c in v)
                elif k in EFFECT_KEYS:
                    out.append("effect:" + k)
                elif k in _MODIFIERS:
                    out.append("modifier:" + k)
                walk(v)
        elif isinstance(x, (list, tuple)):
            for y in x:
                walk(y)

    walk([card.effects, card.abilities, card.casting or {}])
    return list(dict.fromkeys(out))


def build(cards, table: dict[str, list[str]] | None = None) -> dict[str, dict[str, list[str]]]:
    """card key (``cardnames.card_key``) -> release -> the rule numbers its features bring, the
    first key of every feature before the second ones (so each mechanism is named early).
    Index-build time only: it reads the engine's citations."""
    from judge_app.engine.kernel import citations
    from judge_app.search.cardnames import card_key

    table = load_table() if table is None else table
    numbers = {v: citations.all_numbers(v) for v in citations.versions()}
    out: dict[str, dict[str, list[str]]] = {}
    for card in cards:
        keys = [table.get(f, []) for f in card_features(card)]
        ordered = [ks[i] for i in range(max(map(len, keys), default=0)) for ks in keys if i < len(ks)]
        if not ordered:
            continue
        out[card_key(card.name_en)] = {
            v: list(dict.fromkeys(nums[k] for k in ordered if k in nums)) for v, nums in numbers.items()}
    return out


def save(index_dir: str | os.PathLike, cards=None) -> int:
    """Write ``card_rules.json`` for the pool (``cards``: the default pool's) into ``index_dir``;
    returns the number of cards that bring rules."""
    if cards is None:
        from judge_app.cards.model import default_pool

        cards = default_pool().cards
    data = build(cards)
    with open(os.path.join(os.fspath(index_dir), CARD_RULES_FILE), "w", encoding="utf-8") as f:
        json.dump(data, f, ensure_ascii=False, sort_keys=True)
    return len(data)


def load(index_dir: str | os.PathLike) -> dict[str, dict[str, list[str]]]:
    """The saved map (empty for an index built without it)."""
    try:
        with open(os.path.join(os.fspath(index_dir), CARD_RULES_FILE), encoding="utf-8") as f:
            return json.load(f)
    except FileNotFoundError:
        return {}


def rules_of(data: dict, keys: list[str], versions: list[str], with_shared: bool = False):
    """The rule numbers the cards ``keys`` bring, in the first of ``versions`` a card has (any
    when none is asked for): numbers two or more of the cards bring first (the mechanism they
    meet in), then the cards' lists alternating; ``with_shared``: (that list, the shared numbers)."""
    lists = []
    for k in keys:
        per = data.get(k) or {}
        v = next((v for v in versions if v in per), None) if versions else max(per, default=None)
        lists.append(per.get(v, []) if v else [])
    shared = [n for n in dict.fromkeys(n for ls in lists for n in ls) if sum(n in ls for ls in lists) > 1]
    rest = [ls[i] for i in range(max(map(len, lists), default=0)) for ls in lists if i < len(ls)]
    out = list(dict.fromkeys(shared + rest))
    return (out, set(shared)) if with_shared else out
