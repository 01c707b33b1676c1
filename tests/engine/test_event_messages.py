"""Every engine event has English (issue 24, "Events as data"): the whole scenario library is run
and no event may lack ``text_en``; every ``emit`` call in the engine passes English text; every
``say`` call names a message of ``engine/messages.py`` and gives every argument its Russian and
English templates use; and an event rendered from the table keeps its message and arguments."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from judge_app.cards import default_pool
from judge_app.engine.kernel import messages
from judge_app.scenarios import loader, runner
from judge_app.scenarios.cli import collect

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "judge_app" / "engine"


def _calls(name: str):
    for f in sorted(ENGINE.rglob("*.py")):
        for n in ast.walk(ast.parse(f.read_text(encoding="utf-8"))):
            if isinstance(n, ast.Call) and (getattr(n.func, "attr", None) == name or getattr(n.func, "id", None) == name):
                yield f.relative_to(ROOT), n


def test_every_event_of_the_library_has_english():
    pool = default_pool()
    missing = []
    files = collect([ROOT / "scenarios"])
    assert len(files) > 600
    for f in files:
        for ev in runner.run(loader.load(f, pool)).game.events:
            if not ev.text_en.strip():
                missing.append(f"{f.relative_to(ROOT)} #{ev.index} {ev.kind}: {ev.text_ru[:80]}")
    assert not missing, f"{len(missing)} events without English, e.g. {missing[:5]}"


def test_every_emit_call_passes_english():
    bad = []
    for f, n in _calls("emit"):
        if not isinstance(n.func, ast.Attribute):
            continue
        en = n.args[2] if len(n.args) > 2 else next((k.value for k in n.keywords if k.arg == "text_en"), None)
        if en is None or (isinstance(en, ast.Constant) and not str(en.value).strip()):
            bad.append(f"{f}:{n.lineno}")
    assert not bad, f"emit without English: {bad}"


def test_say_calls_name_a_message_and_give_its_arguments():
    used, bad = set(), []
    for f, n in _calls("say"):
        if len(n.args) < 3 or not isinstance(n.args[2], ast.Constant):
            continue   # messages.say itself, called with a variable message
        msg = n.args[2].value
        used.add(msg)
        if msg not in messages.MESSAGES:
            bad.append(f"{f}:{n.lineno}: unknown message {msg!r}")
            continue
        given = {k.arg for k in n.keywords}
        need = set().union(*(messages.fields(t) for t in messages.MESSAGES[msg]))
        if need - given:
            bad.append(f"{f}:{n.lineno}: {msg} lacks {sorted(need - given)}")
    assert not bad, bad
    assert set(messages.MESSAGES) - used == set(), "messages no call uses"


@pytest.mark.parametrize("msg", sorted(messages.MESSAGES))
def test_each_message_has_both_languages(msg):
    ru, en = messages.MESSAGES[msg]
    assert ru.strip() and en.strip()
    assert not any(ch in en for ch in "абвгдеёжзийклмнопрстуфхцчшщъыьэюя"), en   # the English template is English


def test_an_event_keeps_its_message_and_arguments():
    game = runner.run(loader.load(ROOT / "scenarios" / "stack" / "deflection-onto-phantom-beast.yaml")).game
    retarget = next(e for e in game.events if e.message == "retarget")
    assert retarget.args["spell"] == "bolt"
    assert retarget.text_en == "Lightning Bolt (bolt) gets new targets, targeting Phantom Beast (beast)"
    assert retarget.text_ru == "«Молния» (bolt) получает новые цели, цель: «Призрачный Зверь» (beast)"


def test_no_message_id_is_written_twice():
    """A dict literal keeps the last of two equal keys without a word: the table must not have any."""
    tree = ast.parse((ENGINE / "kernel" / "messages.py").read_text(encoding="utf-8"))
    table = next(n.value for n in ast.walk(tree) if isinstance(n, (ast.Assign, ast.AnnAssign))
                 and "MESSAGES" in [getattr(t, "id", "") for t in (n.targets if isinstance(n, ast.Assign) else [n.target])])
    ids = [k.value for k in table.keys]
    assert len(ids) == len(set(ids)), sorted({i for i in ids if ids.count(i) > 1})


def test_a_delayed_ability_names_its_step_in_words():
    """The delayed ability's event says when it triggers in each language, never the vocabulary's
    step id (``end_of_combat``): 509.3f's example creates one for the end of combat step."""
    game = runner.run(loader.load(ROOT / "scenarios/releases/cr-2026-509-3f-blocked-by-white-creature.yaml")).game
    made = [ev for ev in game.events if ev.kind == "delayed"]
    assert made, "the scenario creates no delayed ability"
    for ev in made:
        assert "шаг конца боя" in ev.text_ru and "end of combat step" in ev.text_en, (ev.text_ru, ev.text_en)
        assert "end_of_combat" not in ev.text_ru + ev.text_en
