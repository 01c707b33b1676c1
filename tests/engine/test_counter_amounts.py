"""Replacement effects that change how many counters are put on a permanent
(``static: counters_put_instead``, engine/counter_amounts.py; 614.16, 122.6, 616.1). The
scenarios in scenarios/replacement show the orders a player chooses; these pin the edges:
the counters a creature enters with, the kind and the permanent an effect names, a cost."""
from __future__ import annotations

import textwrap

from judge_app.scenarios import loader, runner

SCALES = "{card: Закалённая чешуя, id: scales}"


def _play(tmp_path, players: str, rest: str = ""):
    """Run a scenario of these players (YAML under ``players:``) from Алиса's main phase."""
    f = tmp_path / "s.yaml"
    f.write_text(f"id: t\ntitle: t\nplayers:\n{players}\nturn: {{number: 3, active: Алиса, step: main1}}\n{rest}",
                 encoding="utf-8")
    return runner.run(loader.load(f)).game


def _run(tmp_path, alice: str, stack: str = "", script: str = "  - pass_until: stack_empty\n"):
    players = ("  - name: Алиса\n    library: 3\n    battlefield:\n" + textwrap.indent(alice, "      ")
               + "\n  - name: Боб\n    library: 3")
    return _play(tmp_path, players, (f"stack:\n{stack}" if stack else "") + f"script:\n{script}")


def _grow(target: str, counters: str = '"+1/+1": 1') -> str:
    return (f"  - ability: {{name: Рост, targets: [permanent], effects: [{{counters: {{{counters}}}, to: target1}}]}}\n"
            f"    id: grow\n    by: Алиса\n    targets: [{target}]\n")


def test_plus_one_on_a_creature_you_control(tmp_path):
    g = _run(tmp_path, f"- {SCALES}\n- {{card: Медведь рунных когтей, id: bear}}", _grow("bear"))
    assert g.objects["bear"].counters == {"+1/+1": 2}


def test_only_the_kind_it_names(tmp_path):
    """Hardened Scales changes +1/+1 counters only: a -1/-1 counter is put as it is."""
    g = _run(tmp_path, f"- {SCALES}\n- {{card: Медведь рунных когтей, id: bear}}", _grow("bear", '"-1/-1": 1'))
    assert g.objects["bear"].counters == {"-1/-1": 1}


def test_only_the_permanents_it_names(tmp_path):
    """"A creature you control": not a noncreature permanent of yours, not an opponent's creature."""
    g = _run(tmp_path, f"- {SCALES}\n- {{id: rock, permanent: {{name: Камень, types: [artifact]}}}}", _grow("rock"))
    assert g.objects["rock"].counters == {"+1/+1": 1}


def test_counters_a_creature_enters_with_are_put_on_it(tmp_path):
    """122.6: the counters another replacement effect gives an entering creature (Triskelion's
    "enters with three +1/+1 counters", 614.1c) are "put" on it, so Hardened Scales adds one (614.16)."""
    g = _play(tmp_path, "  - name: Алиса\n    mana_pool: {G: 6}\n    hand: [{card: Трискелион, id: trisk}]\n"
              "    battlefield: [{card: Закалённая чешуя, id: scales}]\n  - name: Боб",
              "script:\n  - cast: trisk\n  - pass_until: stack_empty\n")
    assert g.objects["trisk"].zone == "battlefield"
    assert g.objects["trisk"].counters == {"+1/+1": 4}
    assert any("122.6" in e.rules for e in g.events)


def test_a_loyalty_cost_is_not_an_effect(tmp_path):
    """A planeswalker's +N is a cost (606.4), not an effect putting counters: "twice that many"
    and "plus one" change only what it entered with."""
    pir = ("{id: pir, creature: {name: Пир, power: 1, toughness: 1, "
           "abilities: [{static: counters_put_instead, amount: plus_one}]}}")
    g = _run(tmp_path, f"- {pir}\n- {{card: Джейс Белерен, id: jace}}",
             script="  - activate: {object: jace, ability: 1}\n  - pass_until: stack_empty\n")
    assert g.objects["jace"].counters["loyalty"] == 3 + 2
    assert len(g.player("Алиса").hand) == 1   # the ability did resolve
