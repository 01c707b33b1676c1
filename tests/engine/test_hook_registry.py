"""The hook registry (kernel/hooks.py) against the card vocabulary (issue 24).

Every instruction key of the vocabulary (cards/model.py EFFECT_KEYS) has exactly one handler (a
registered instruction hook; effects.PRIMITIVES are the rules' own, registered last); every
registered instruction hook is reachable from the vocabulary (its keys are vocabulary words, and
a card of the real pool or a scenario of the library uses it); every decision kind a module
declares (DECISIONS) is answered by exactly one hook; every ``trigger:`` word of the vocabulary
(TRIGGER_KINDS) has exactly one declared detector, which names it.
"""

from __future__ import annotations

import importlib
import pkgutil
from pathlib import Path

import pytest
import yaml

import judge_app.engine as engine
from judge_app.cards import default_pool
from judge_app.cards.model import EFFECT_KEYS, EFFECT_MODIFIERS, TRIGGER_KINDS
from judge_app.engine import modules
from judge_app.engine.kernel import hooks

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"


def _instructions(value):
    """Every instruction mapping inside a card definition (spell effects, abilities, modes, delayed)."""
    if isinstance(value, dict):
        if set(value) & set(EFFECT_KEYS):
            yield value
        for v in value.values():
            yield from _instructions(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from _instructions(v)


def _pool_instructions() -> list:
    """The instructions of the card pool and of the scenario library (cards and abilities a
    scenario defines for itself: an artifact that sets life, a trigger that ends the game)."""
    found = [e for c in default_pool().cards for e in _instructions([c.effects, c.abilities, c.casting])]
    for f in sorted(SCENARIOS.rglob("*.yaml")):
        found += list(_instructions(yaml.safe_load(f.read_text(encoding="utf-8"))))
    return found


def test_every_instruction_key_has_exactly_one_handler():
    owners = {k: [] for k in EFFECT_KEYS}
    for h in hooks.hooks(hooks.INSTRUCTION):
        for k in h.keys:
            owners.setdefault(k, []).append(h.module)
    wrong = {k: v for k, v in owners.items() if k in EFFECT_KEYS and len(v) != 1}
    assert not wrong, f"vocabulary keys without exactly one handler: {wrong}"


def test_every_instruction_hook_is_reachable_from_the_vocabulary():
    words = set(EFFECT_KEYS) | set(EFFECT_MODIFIERS)
    stray = {h.module: [k for k in h.keys if k not in words] for h in hooks.hooks(hooks.INSTRUCTION)
             if set(h.keys) - words}
    assert not stray, f"hooks declaring keys the vocabulary does not have: {stray}"
    used = _pool_instructions()
    assert len(used) > 300
    unused = [h.module for h in hooks.hooks(hooks.INSTRUCTION) if not any(h.takes(e) for e in used)]
    assert not unused, f"instruction hooks no card of the pool reaches: {unused}"
    unhandled = [e for e in used if hooks.instruction_for(e) is None]
    assert not unhandled, f"instructions of the pool nothing carries out: {unhandled[:5]}"


def _engine_modules() -> list:
    return [importlib.import_module(m.name) for m in pkgutil.walk_packages(engine.__path__, engine.__name__ + ".")]


# decision kinds answered inside the pipeline that raised them rather than by actions.choose
ANSWERED_IN_PLACE = {"prevention_split": "kernel/replacement.py replays the event with the split (shield_split.py)"}


def test_every_declared_decision_kind_has_one_answer():
    declared = {(m.__name__, k) for m in _engine_modules() for k in getattr(m, "DECISIONS", ())}
    assert len(declared) > 15
    missing = [(m, k) for m, k in declared if k not in ANSWERED_IN_PLACE and
               (hooks.by_key(hooks.DECISION, k) is None or hooks.by_key(hooks.DECISION, k).module != m)]
    assert not missing, f"decision kinds with no answer hook in the module that declares them: {missing}"


def test_every_trigger_word_has_one_detector_that_names_it():
    declared = {k: h for h in hooks.hooks(hooks.TRIGGER) for k in h.keys}
    assert sorted(set(TRIGGER_KINDS) - set(declared)) == [], "trigger words nothing detects"
    assert sorted(set(declared) - set(TRIGGER_KINDS)) == [], "detectors of words the vocabulary does not have"
    for word, hook in declared.items():
        source = Path(importlib.import_module(hook.module).__file__).read_text(encoding="utf-8")
        assert f'"{word}"' in source, f"{hook.module} declares {word!r} but never names it"


def test_a_key_registered_twice_is_refused():
    taken = hooks.hooks(hooks.DECISION)[0].keys[0]
    with pytest.raises(ValueError, match="two handlers"):
        hooks.register(hooks.DECISION, lambda game, value: None, keys=(taken,))


def test_every_listed_module_registers_something():
    registered = {h.module for kind in hooks.KINDS for h in hooks.hooks(kind)}
    from judge_app.engine.kernel import replacement
    kinds_by = {getattr(k.applies, "__module__", "") for k in replacement.KINDS.values()}
    idle = [m for m in modules.MODULES if f"judge_app.engine.{m}" not in registered | kinds_by]
    assert not idle, f"modules.py loads modules that plug into no hook: {idle}"


def test_every_mechanism_and_variant_is_loaded_by_the_list():
    """Nothing imports a mechanism or a variant: a module missing from modules.py would never load."""
    found = sorted(f"{p.parent.name}.{p.stem}" for d in ("mechanisms", "variants")
                   for p in (Path(engine.__file__).parent / d).glob("*.py") if p.stem != "__init__")
    assert len(found) > 20
    assert [m for m in found if m not in modules.MODULES] == []
