"""The `stack:` key: spells and abilities already on the stack when the scenario starts."""

import textwrap

import pytest

from judge_app.scenarios import loader, runner

BASE = """
id: t
players:
  - name: Алиса
  - name: Боб
    battlefield: [{card: Медведи-гризли, id: bears}]
turn: {number: 3, active: Алиса, step: main1}
"""


def load(tmp_path, extra):
    p = tmp_path / "s.yaml"
    p.write_text(textwrap.dedent(BASE) + textwrap.dedent(extra), encoding="utf-8")
    return loader.load(p)


def issues(tmp_path, extra):
    with pytest.raises(loader.ScenarioInvalid) as exc:
        load(tmp_path, extra)
    return exc.value.issues


def test_top_first_and_targets(tmp_path):
    sc = load(tmp_path, """
    stack:
      - {spell: Исполинский Рост, id: growth, by: Боб, targets: [bears]}
      - {spell: Молния, id: bolt, by: Алиса, targets: [Боб]}
    """)
    g = runner.build(sc)
    assert g.stack == ["bolt", "growth"]            # bottom first inside the engine
    assert g.objects["growth"].controller == "Боб" and g.objects["growth"].stack_kind == "spell"
    assert g.objects["bolt"].targets == [("player", "Боб", 0)]
    res = runner.Runner(sc).run()
    assert res.game.events[0].kind == "stack_given" and res.game.events[1].objects[0] == "growth"


def test_unknown_card_and_bad_player(tmp_path):
    iss = issues(tmp_path, """
    stack:
      - {spell: Молнея, by: Ева, targets: [bears]}
    """)
    msgs = {(i.key, i.line): i.message for i in iss}
    assert any(k == "stack[0].spell" and "Молния" in m for (k, _), m in msgs.items())
    assert any(k == "stack[0].by" and "Ева" in m for (k, _), m in msgs.items())
    assert all(i.line == 10 for i in iss) and len(iss) == 2


def test_wrong_target_count_and_unknown_ref(tmp_path):
    iss = issues(tmp_path, """
    stack:
      - {spell: Молния, by: Алиса}
      - {spell: Шок, by: Алиса, targets: [bear]}
    """)
    keys = [i.key for i in iss]
    assert "stack[0].targets" in keys and "stack[1].targets" in keys
    assert any("bears" in i.message for i in iss)


def test_ability_needs_effects_and_controller(tmp_path):
    iss = issues(tmp_path, """
    stack:
      - {ability: {name: Пинг, targets: [any]}, targets: [bears], colour: red}
    """)
    keys = {i.key for i in iss}
    assert {"stack[0].by", "stack[0].ability.effects", "stack[0].colour"} <= keys


def test_no_stack_in_untap(tmp_path):
    p = tmp_path / "s.yaml"
    p.write_text(textwrap.dedent(BASE).replace("main1", "untap")
                 + "stack:\n  - {spell: Молния, by: Алиса, targets: [Боб]}\n", encoding="utf-8")
    with pytest.raises(loader.ScenarioInvalid) as exc:
        loader.load(p)
    assert exc.value.issues[0].key == "stack"
