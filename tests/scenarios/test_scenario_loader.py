"""Loader errors name the file, the line and the key, and suggest the card meant."""

import textwrap

import pytest

from judge_app.scenarios import loader

GOOD = """
id: t
players:
  - name: Алиса
    hand: [Молния]
    battlefield: [{card: Гора, id: m}]
  - name: Боб
turn: {number: 3, active: Алиса, step: main1}
script:
  - cast: {card: Молния, targets: [Боб]}
expect:
  - life: {Боб: 17}
"""


def write(tmp_path, text):
    p = tmp_path / "s.yaml"
    p.write_text(textwrap.dedent(text), encoding="utf-8")
    return p


def issues(tmp_path, text):
    with pytest.raises(loader.ScenarioInvalid) as exc:
        loader.load(write(tmp_path, text))
    return exc.value.issues


def test_good_file_loads(tmp_path):
    sc = loader.load(write(tmp_path, GOOD))
    assert sc.id == "t" and sc.rules_version == "2026-01-16"   # none named: the newest the engine plays
    assert sc.script[0][0] == 10  # line of the action


def test_unknown_card_suggests(tmp_path):
    # a Latin "o" inside the Cyrillic name
    [i] = issues(tmp_path, GOOD.replace("hand: [Молния]", "hand: [Мolния]"))
    assert i.line == 5 and "hand[0]" in i.key
    assert "неизвестная карта «Мolния» — возможно, «Молния»?" in i.message
    assert str(i).startswith(str(tmp_path / "s.yaml") + ":5:")


def test_unknown_keys_and_refs(tmp_path):
    text = GOOD.replace("life: {Боб: 17}", "lief: {Боб: 17}").replace("targets: [Боб]", "targets: [Бобб]")
    got = issues(tmp_path, text)
    msgs = " | ".join(f"{i.line}:{i.key}:{i.message}" for i in got)
    assert "возможно, «life»?" in msgs
    assert "«Бобб»" in msgs and "возможно, «Боб»?" in msgs


def test_bad_step_and_version(tmp_path):
    text = GOOD.replace("step: main1", "step: mian1").replace("id: t", "id: t\nrules_version: 1999-01-01")
    msgs = [i.message for i in issues(tmp_path, text)]
    assert any("неизвестный шаг «mian1»" in m for m in msgs)
    assert any("движок не играет по выпуску правил «1999-01-01» (такого выпуска в корпусе нет); "
               "можно: 2026-01-16, 2020-01-24, 2019-05-03" in m for m in msgs)


def test_release_the_corpus_holds_but_the_engine_cannot_play(tmp_path):
    [i] = issues(tmp_path, GOOD.replace("id: t", "id: t\nrules_version: 2022-11-18"))
    assert i.line == 3 and i.key == "rules_version"
    assert "«2022-11-18» (в корпусе он есть, но номеров правил движка для него нет); можно: 2026-01-16" in i.message


def test_order_of_blockers_refused_in_a_release_without_it(tmp_path):
    text = """
    id: t
    rules_version: 2026-01-16
    players:
      - name: Алиса
        battlefield: [{id: w, creature: {name: Вурм, power: 5, toughness: 5}}]
      - name: Боб
        battlefield: [{id: a, creature: {name: А, power: 1, toughness: 1}}, {id: b, creature: {name: Б, power: 1, toughness: 1}}]
    turn: {number: 3, active: Алиса, step: declare_attackers}
    script:
      - attack: {w: Боб}
      - block: {a: w, b: w}
      - order_blockers: {w: [a, b]}
    """
    [i] = issues(tmp_path, text)
    assert i.line == 13 and i.key == "script[2].order_blockers"
    assert "в выпуске правил 2026-01-16 этого нет" in i.message and "2024-11-08" in i.message
    assert loader.load(write(tmp_path, text.replace("2026-01-16", "2020-01-24"))).rules_version == "2020-01-24"


def test_yaml_error_has_line(tmp_path):
    [i] = issues(tmp_path, "id: x\nplayers: [\n")
    assert i.line >= 2 and "YAML" in i.message


def test_rule_numbers_stay_strings(tmp_path):
    sc = loader.load(write(tmp_path, GOOD + "  - fired: [702.10, 704.5f]\n"))
    assert sc.expect[-1][1]["fired"] == ["702.10", "704.5f"]


EGO_ON_BOARD = """
id: t
players:
  - name: Алиса
    battlefield:
      - {card: Клон, id: clone, chosen: {copy: none}, counters: {"+1/+1": 1}}
      - {card: Медведи-гризли, id: bears}
      - {card: Altered Ego, id: ego, chosen: {copy: clone, COPY2}}
  - name: Боб
turn: {number: 3, active: Алиса, step: main1}
script:
  - pass: Алиса
expect:
  - subtypes: {ego: [Bear]}
  - pt: {ego: 2/2}
"""


def test_chosen_copy2_on_the_board_706_9e(tmp_path):
    """Altered Ego that copied a Clone which copied nothing chose again (copy2: 706.9e): the
    loader takes that second choice, with the same key set as the engine (control_copy.CHOICE_KEY)."""
    from judge_app.scenarios import runner
    sc = loader.load(write(tmp_path, EGO_ON_BOARD.replace("COPY2", "copy2: bears")))
    res = runner.run(sc)
    assert res.passed, res.failures
    assert res.game.objects["ego"].chosen == {"copy": "clone", "copy2": "bears"}
    bad = issues(tmp_path, EGO_ON_BOARD.replace("COPY2", "copy2: bear"))
    assert any("chosen.copy2" in str(i) and "bears" in str(i) for i in bad), bad
    bad = issues(tmp_path, EGO_ON_BOARD.replace("COPY2", "copy9: bears"))
    assert any("chosen.copy9" in str(i) for i in bad), bad


def test_mana_value_expectation_needs_a_whole_number(tmp_path):
    """``expect: mana_value`` (712.8e's board): a bad value is refused with its line."""
    for bad in ("-1", "four", "true"):
        [i] = issues(tmp_path, GOOD.replace("life: {Боб: 17}", f"mana_value: {{m: {bad}}}"))
        assert i.line == 12 and i.key.endswith("mana_value.m") and "недопустимое значение" in i.message
    assert loader.load(write(tmp_path, GOOD.replace("life: {Боб: 17}", "mana_value: {m: 0}")))
