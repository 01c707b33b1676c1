"""The event pipeline (issue 16, part A): replacement (614), prevention (615), the order
of effects (616) with the replayed decision, regeneration (701.14), and the card
vocabulary they add. The scenario library (tests/scenarios) runs the CR examples; these
tests pin what a scenario can't show: the fast path, the loop guard, a bad answer."""
from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from judge_app.cards import model
from judge_app.engine.rules import actions
from judge_app.engine.kernel import replacement
from judge_app.engine.kernel.errors import InvalidInput
from judge_app.engine.kernel.replacement import Kind
from judge_app.scenarios import loader, runner

LIB = Path(__file__).resolve().parents[2] / "scenarios"


def _game(rel: str, stop_at: int | None = None):
    sc = loader.load(LIB / rel)
    return runner.run(sc, stop_at=stop_at).game if stop_at else runner.build(sc)


def test_fast_path_returns_the_proposal_untouched():
    game = _game("basics/bolt-face.yaml")
    event = {"kind": "damage", "source": {"id": "x", "name_ru": "x", "controller": game.players[0].name},
             "to": game.players[1], "amount": 3}
    assert not replacement.might_choose(game)
    assert replacement.effects_for(game, event) == []
    assert replacement.run(game, event) is event


def test_static_effects_are_found_only_for_the_events_they_watch():
    game = _game("replacement/fire-servant-bolt.yaml")
    assert replacement.might_choose(game)
    dmg = {"kind": "damage", "source": {"id": "x", "name_ru": "x", "controller": "Алиса"}, "to": game.players[1], "amount": 1}
    draw = {"kind": "draw", "player": game.players[0]}
    assert [e["shield"] for e in replacement.effects_for(game, dmg)] == ["double_damage"]
    assert replacement.effects_for(game, draw) == []


def test_a_chain_that_never_ends_stops_with_a_clear_message(monkeypatch):
    """614.5 gives each effect one chance; an effect that keeps making new effects would
    still loop, and the guard ends it with a message instead of hanging."""
    game = _game("basics/bolt-face.yaml")

    def breed(g, e, ev):
        g.effects.append({"kind": "shield", "shield": "test_breeder", "target": ev["to"].name, "incarnation": 0,
                          "timestamp": g.next_ts(), "made_by": f"gen{len(g.effects)}"})
        return ev

    monkeypatch.setitem(replacement.KINDS, "test_breeder",
                        Kind("test_breeder", ("damage",), lambda g, e, ev: True, breed, lambda g, e: "breeder"))
    game.effects.append({"kind": "shield", "shield": "test_breeder", "target": game.players[1].name,
                         "incarnation": 0, "timestamp": game.next_ts(), "made_by": "gen0"})
    event = {"kind": "damage", "source": {"id": "x", "name_ru": "x", "controller": "Алиса"}, "to": game.players[1], "amount": 1}
    with pytest.raises(replacement.ReplacementLoop, match="614.5"):
        replacement.run(game, event)


def test_order_decision_is_owed_and_a_bad_answer_lists_the_legal_ones():
    sc = loader.load(LIB / "replacement/cr-614-5-two-doublers.yaml")
    game = runner.run(dataclasses.replace(sc, script=sc.script[:2])).game
    d = game.decision
    assert d is not None and d.kind == "replacement_order" and d.by == "Боб"
    assert sorted(d.options) == ["d1:1", "d2:1"]
    life_before = game.player("Боб").life
    with pytest.raises(InvalidInput, match="d1:1"):
        actions.choose(game, "d3:1")
    assert game.decision is d   # still owed
    actions.choose(game, "d2:1")
    assert game.decision is None
    assert game.player("Боб").life == life_before - 8   # 2 doubled twice (614.5), either order


def test_sba_cites_every_action_that_applies():
    """Lethal damage that includes deathtouch damage: both 704.5g and 704.5h (issue 16)."""
    res = runner.run(loader.load(LIB / "regeneration/lethal-and-deathtouch-one-shield.yaml"))
    regen = [e for e in res.game.events if e.kind == "regenerate"]
    assert regen and {"704.5g", "704.5h", "701.14a", "614.8"} <= set(regen[0].rules)


@pytest.mark.parametrize("bad, msg", [
    ({"effects": [{"prevent": 0, "to": "target1"}]}, "prevent"),
    ({"effects": [{"regenerate": "everyone"}]}, "regenerate"),
    ({"effects": [{"destroy": "target1", "unpreventable": True}]}, "unpreventable"),
    ({"effects": [{"delayed": {"at": "never", "effects": [{"draw": 1}]}}]}, "delayed"),
    ({"abilities": [{"trigger": "state", "effects": [{"draw": 1}]}]}, "603.8"),
    ({"abilities": [{"trigger": "etb", "if": {"sunny": 1}, "effects": [{"draw": 1}]}]}, "if"),
    ({"abilities": [{"static": "enters_with_counters"}]}, "counters"),
    ({"abilities": [{"static": "exile_instead_of_graveyard", "affects": "friends"}]}, "affects"),
    ({"effects": [{"skip_next": "lunch", "who": "you"}]}, "skip_next"),
    ({"effects": [{"create_token": {"copy_of": "somebody"}}]}, "create_token"),
    ({"effects": [{"create_token": {"name_ru": "Х", "power": 1, "toughness": 1, "count": 1000}}]}, "count"),
    ({"abilities": [{"as_enters": "exile_everything"}]}, "exile_everything"),
])
def test_vocabulary_refuses_what_the_engine_does_not_do(bad, msg):
    card = {"name_ru": "Проба", "name_en": "Probe", "types": ["instant"], **bad}
    with pytest.raises(model.CardDataError, match=msg):
        model.card_from_dict(card, "test")


def test_pool_has_the_new_cards_with_their_abilities():
    pool = model.default_pool()
    assert pool.get("Fire Servant").abilities[0]["static"] == "double_damage"
    assert pool.get("Лучи Пустоты").abilities[1]["static"] == "exile_instead_of_graveyard"
    assert pool.get("Cudgel Troll").abilities[0]["activated"]["effects"] == [{"regenerate": "self"}]


def test_stepping_shows_the_same_events_as_the_run():
    """The board after event N (stepping) agrees with the run's event N, also around a
    decision owed mid-action (the action is tried on a copy first)."""
    sc = loader.load(LIB / "replacement/cr-614-5-two-doublers.yaml")
    full = runner.run(sc).game.events
    for n in range(1, len(full) + 1):
        game = runner.state_at(sc, n)[0]
        assert game.events[-1].text_ru == full[n - 1].text_ru, n


def test_a_choice_made_while_entering_refuses_a_bad_answer_and_keeps_waiting():
    """Sutured Ghoul's "exile any number": a card not in the graveyard is not an answer."""
    sc = loader.load(LIB / "replacement/sutured-ghoul-exiles-two.yaml")
    game = runner.run(dataclasses.replace(sc, script=sc.script[:2])).game
    d = game.decision
    assert d is not None and d.kind == "replacement_choice" and d.by == "Алиса"
    assert d.options == ["bear", "tree", "none"]
    with pytest.raises(InvalidInput, match="bear, tree, none"):
        actions.choose(game, "ghoul")
    assert game.decision is d
    actions.choose(game, "none")   # exile nothing: a 0/0 that dies
    assert game.objects["ghoul"].zone == "graveyard" and game.objects["bear"].zone == "graveyard"


def test_order_classes_put_control_then_copy_first():
    """616.1a-d: self-replacement, then control, then copy, then any."""
    names = [k for k, _ in replacement.ORDER_CLASSES]
    assert names == ["self", "control", "copy"]
    assert replacement.KINDS["enters_under_your_control"].order_class == "control"
    assert replacement.KINDS["creatures_enter_as_copy"].order_class == "copy"
    assert replacement.STATIC_KINDS["double_tokens_and_counters"] == ("double_tokens", "double_counters")
