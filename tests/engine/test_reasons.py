"""Why a creature can't attack, block or be blocked, in both languages (issue 26): every reason the
engine's checks give is rendered from ``engine/reasons.py``'s table, every ``reason`` call names
a reason of it with all the arguments its templates use, every reason is used, and each has an
English template with no Russian in it; the checks return ``Reason`` values, never bare text."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from judge_app.engine.kernel import messages, reasons

ROOT = Path(__file__).resolve().parents[2]
CODE = [ROOT / "judge_app" / "engine", ROOT / "judge_app" / "boards"]
CYRILLIC = set("абвгдеёжзийклмнопрстуфхцчшщъыьэюя")


def _reason_calls():
    for top in CODE:
        for f in sorted(top.rglob("*.py")):
            for n in ast.walk(ast.parse(f.read_text(encoding="utf-8"))):
                if isinstance(n, ast.Call) and getattr(n.func, "id", None) == "reason":
                    yield f.relative_to(ROOT), n


def test_every_reason_call_names_a_reason_and_gives_its_arguments():
    used, bad = set(), []
    for f, n in _reason_calls():
        if not n.args or not isinstance(n.args[0], ast.Constant):
            continue   # boards.explain picks a target reason by the engine's rule key (TARGET_WORDS)
        msg = n.args[0].value
        used.add(msg)
        if msg not in reasons.REASONS:
            bad.append(f"{f}:{n.lineno}: unknown reason {msg!r}")
            continue
        need = set().union(*(messages.fields(t) for t in reasons.REASONS[msg]))
        if need - {k.arg for k in n.keywords}:
            bad.append(f"{f}:{n.lineno}: {msg} lacks {sorted(need - {k.arg for k in n.keywords})}")
    assert not bad, bad
    from judge_app.boards.explain import TARGET_WORDS
    assert set(reasons.REASONS) - used - set(TARGET_WORDS.values()) - {"target.unfit"} == set(), "reasons no call uses"


@pytest.mark.parametrize("msg", sorted(reasons.REASONS))
def test_each_reason_has_both_languages(msg):
    ru, en = reasons.REASONS[msg]
    assert ru.strip() and en.strip()
    assert messages.fields(ru) == messages.fields(en), msg
    assert not CYRILLIC & set(en.lower()), en


def test_a_reason_reads_as_its_russian_and_carries_its_english():
    from judge_app.engine.kernel.state import Obj

    bird = Obj(id="bird", owner="Алиса", controller="Алиса", zone="battlefield", name_ru="Птица", name_en="Bird")
    bear = Obj(id="bear", owner="Боб", controller="Боб", zone="battlefield", name_ru="Медведь", name_en="Bear")
    r = reasons.reason("block.flying", attacker=bird, blocker=bear)
    assert f"{r}" == "«Птица» (bird) с полётом, а у «Медведь» (bear) нет ни полёта, ни захвата"
    assert r.en == "Bird (bird) has flying, and Bear (bear) has neither flying nor reach"
    nested = reasons.reason("block.it_cant", attacker=bird, why=r)   # a reason inside a reason keeps its language
    assert nested.en.endswith(": " + r.en) and nested.endswith(": " + r)
    assert reasons.reason("block.protection", attacker=bird, qualities=reasons.qualities(["red", "creature"])).en \
        == "Bird (bird) has protection from red, creatures"
