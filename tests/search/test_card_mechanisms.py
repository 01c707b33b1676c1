"""Cards bring in what they do (issue 23, point 2): the card model's features -> the engine's
citation keys (``data/card_mechanisms.tsv``) -> rule numbers saved beside the real index, and a
query naming cards reaches the rules of their mechanisms."""
from __future__ import annotations

import json
import os

from judge_app.cards import model
from judge_app.cards.model import default_pool
from judge_app.engine.kernel import citations
from judge_app.search import card_mechanisms as M
from judge_app.search.query import search

V = "2020-01-24"
_CARDS = {c.name_en: c for c in default_pool().cards}


def test_every_row_names_citation_keys_that_exist():
    keys = set(citations.keys())
    table = M.load_table()
    assert len(table) > 100
    bad = [(f, k) for f, ks in table.items() for k in ks if k not in keys]
    assert not bad, bad


def test_every_feature_of_the_table_is_one_the_card_model_knows():
    known = {"keyword": set(model.KEYWORDS) | {"protection", "devour"}, "static": set(model.STATIC_KINDS),
             "trigger": set(model.TRIGGER_KINDS), "as_enters": set(model.AS_ENTERS),
             "effect": set(model.EFFECT_KEYS), "cost": set(model.COST_KEYS),
             "casting": set(model.CASTING_KEYS), "type": {"aura", "planeswalker"},
             "modifier": {"divided", "unless_pay"}}
    unknown = [f for f in M.load_table() if f.split(":", 1)[1] not in known[f.split(":", 1)[0]]]
    assert not unknown, unknown


def test_features_are_read_from_the_card_model():
    assert M.card_features(_CARDS["Humility"]) == ["static:creatures_lose_abilities"]
    fling = M.card_features(_CARDS["Fling"])
    assert "casting:additional_cost" in fling and "effect:damage" in fling
    assert "keyword:split_second" in M.card_features(_CARDS["Sudden Spoiling"])
    garruk = M.card_features(_CARDS["Garruk Wildspeaker"])
    assert {"type:planeswalker", "cost:loyalty", "effect:create_token"} <= set(garruk)


def test_the_rules_are_numbered_per_release():
    data = M.build([_CARDS["Sudden Spoiling"], _CARDS["Phylactery Lich"], _CARDS["Grizzly Bears"]])
    assert data["sudden_spoiling"][V][0] == "702.60a"          # split second in 2020
    assert data["sudden_spoiling"]["2026-01-16"][0] == citations.rule("split_second", "2026-01-16")
    assert "702.12b" in data["phylactery_lich"][V]              # indestructible
    assert "grizzly_bears" not in data                          # a vanilla creature brings nothing


def test_two_cards_meet_in_their_shared_mechanism_first():
    data = M.build([_CARDS["Opalescence"], _CARDS["Enchanted Evening"], _CARDS["Lightning Bolt"]])
    nums, shared = M.rules_of(data, ["opalescence", "enchanted_evening"], [V], with_shared=True)
    assert nums[0] in shared and citations.rule("layer4", V) in shared
    assert M.rules_of(data, ["lightning_bolt"], [V]) == []


def test_the_real_index_holds_the_map(ix):
    with open(os.path.join(ix, M.CARD_RULES_FILE), encoding="utf-8") as f:
        data = json.load(f)
    assert len(data) > 100
    assert data["humility"][V] == [citations.rule("layer6_abilities", V), citations.rule("layer7b", V)]


def _rules(ix, q, n=5):
    return [h["number"] for h in search(ix, q, version=V, limit=10).hits[:n] if h["kind"] == "rule"]


def test_a_card_named_brings_the_rule_of_its_keyword(ix):
    # the query says nothing of indestructible: the Lich's keyword brings 702.12b
    assert "702.12b" in _rules(ix, "Разрушительная Сила и Лич с Филактерией")
    # nor of split second
    assert any(n.startswith("702.60") for n in _rules(ix, "можно ли ответить на Внезапную порчу"))


def test_two_cards_bring_the_rule_they_meet_in(ix):
    # both static abilities change what other permanents are: the layers decide
    assert any(n.startswith("613") for n in _rules(ix, "Опалесценция Зачарованный вечер"))
