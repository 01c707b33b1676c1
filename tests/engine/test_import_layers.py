"""The engine's imports run one way (issue 24): kernel < rules < mechanisms < variants.

Read from the source with ``ast``, imports inside functions too: a module of a lower layer never
imports one of a higher layer. ``judge_app/engine/__init__.py`` and ``modules.py`` (the one list
of modules to load) sit above every layer. An import inside a function is allowed only with a
comment on its line saying why (start-up cost).

What the move has not yet removed is listed below, by name, and may only shrink: the test fails
on a new upward import, on a new uncommented import inside a function, and on an entry of these
lists that no longer exists (so the list is lowered as the debt is paid).
"""

from __future__ import annotations

import ast
from collections import Counter
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "judge_app" / "engine"
PKG = "judge_app.engine"
RANK = {"kernel": 0, "rules": 1, "mechanisms": 2, "variants": 3, "top": 4}

# upward imports still in the code: (importer, imported), each a place a hook is still missing
KNOWN_UPWARD = {
    ("kernel.characteristics", "rules.keywords"),
    ("kernel.continuous", "mechanisms.conditional_statics"),
    ("kernel.event_triggers", "mechanisms.enchanted_locks"),
    ("kernel.events", "rules.enter_replacements"),
    ("kernel.events", "rules.keywords"),
    ("kernel.events", "rules.keywords.protection"),
    ("kernel.events", "rules.prevention"),
    ("kernel.events", "rules.regeneration"),
    ("kernel.layers", "mechanisms.source_durations"),
    ("kernel.sba", "mechanisms.counter_triggers"),
    ("kernel.sba", "rules.keywords"),
    ("kernel.sba", "variants.two_headed_giant"),
    ("kernel.triggers", "mechanisms.trigger_division"),
    ("kernel.triggers", "rules.aura_abilities"),
    ("kernel.triggers", "rules.effects"),
    ("kernel.triggers", "rules.keywords"),
    ("mechanisms.counter_amounts", "variants.two_headed_giant"),
    ("rules.actions", "mechanisms.cast_bans"),
    ("rules.actions", "mechanisms.enchanted_locks"),
    ("rules.costs", "mechanisms.coin_flips"),
    ("rules.costs", "mechanisms.counter_triggers"),
    ("rules.costs", "mechanisms.life_effects"),
    ("rules.costs", "mechanisms.removal"),
    ("rules.group_effects", "mechanisms.untap_locks"),
    ("rules.prevention", "mechanisms.counter_triggers"),
    ("rules.priority", "variants.two_headed_giant"),
    ("rules.setup", "variants.opening_hand"),
    ("rules.setup", "variants.two_headed_giant"),
    ("rules.stack_fights", "mechanisms.cant_by_color"),
    ("rules.turn", "mechanisms.untap_locks"),
    ("rules.turn", "variants.two_headed_giant"),
}
# imports inside functions without a comment, per module (hoisting them is the next step)
UNCOMMENTED_IN_FUNCTION = {
    "kernel.characteristics": 1,
    "kernel.event_triggers": 3,
    "kernel.events": 6,
    "kernel.layers": 1,
    "kernel.replacement": 1,
    "kernel.state": 1,
    "kernel.triggers": 3,
    "mechanisms.check_lands": 1,
    "mechanisms.conditional_statics": 2,
    "mechanisms.counter_triggers": 1,
    "mechanisms.enchanted_locks": 1,
    "mechanisms.entering_choices": 2,
    "mechanisms.lasting_control": 1,
    "mechanisms.life_effects": 1,
    "mechanisms.mutual_damage": 1,
    "mechanisms.nongreen_hexproof": 1,
    "mechanisms.phylactery": 2,
    "mechanisms.removal": 1,
    "mechanisms.replacement_effects": 4,
    "mechanisms.reveal_until": 1,
    "mechanisms.revealed_cast": 4,
    "mechanisms.source_durations": 1,
    "mechanisms.trigger_division": 2,
    "mechanisms.untap_locks": 1,
    "rules.actions": 9,
    "rules.aura_abilities": 4,
    "rules.combat": 7,
    "rules.control_copy": 1,
    "rules.costs": 7,
    "rules.effects": 14,
    "rules.enter_replacements": 10,
    "rules.group_effects": 2,
    "rules.keywords.evasion": 5,
    "rules.loyalty": 1,
    "rules.prevention": 2,
    "rules.priority": 4,
    "rules.regeneration": 1,
    "rules.resolution_amounts": 1,
    "rules.resolution_choices": 1,
    "rules.setup": 5,
    "rules.stack_fights": 11,
    "rules.target_kinds": 3,
    "rules.turn": 7,
    "rules.while_attacking": 2,
    "rules.zone_actions": 6,
    "rules.zone_replacements": 2,
    "variants.opening_hand": 1,
    "variants.two_headed_giant": 1,
}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ENGINE).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts) or "__init__"


def layer(mod: str) -> str:
    head = mod.split(".")[0]
    return head if head in RANK and head != "top" else "top"


def _targets(node, names: set) -> list:
    """The engine modules an import statement names ("rules.combat", "kernel.hooks")."""
    found = []
    if isinstance(node, ast.Import):
        found = [a.name[len(PKG) + 1:] for a in node.names if a.name.startswith(PKG + ".")]
    elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
        if node.module == PKG:
            found = [a.name for a in node.names]
        elif node.module.startswith(PKG + "."):
            base = node.module[len(PKG) + 1:]
            # "from judge_app.engine.rules import combat" names a module; "from ….rules.keywords import has" a function
            found = [f"{base}.{a.name}" if f"{base}.{a.name}" in names or base in RANK else base for a in node.names]
    return [f for f in found if f in names or f.split(".")[0] in RANK]


def import_statements(root: Path = ENGINE) -> list:
    """(module, [targets], line, inside a function, commented) for every import statement."""
    files = sorted(root.rglob("*.py"))
    names = {module_name(p) for p in files} if root == ENGINE else set()
    out = []
    for p in files:
        mod = module_name(p) if root == ENGINE else p.stem
        src = p.read_text(encoding="utf-8")
        lines = src.splitlines()
        tree = ast.parse(src)
        inner = {id(n) for fn in ast.walk(tree) if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef))
                 for n in ast.walk(fn) if isinstance(n, (ast.Import, ast.ImportFrom))}
        for n in ast.walk(tree):
            if isinstance(n, (ast.Import, ast.ImportFrom)):
                targets = [t for t in _targets(n, names) if t != mod]
                if targets:
                    out.append((mod, targets, n.lineno, id(n) in inner, "#" in lines[n.end_lineno - 1]))
    return out


def imports() -> list:
    return [(m, t, line, infn, c) for m, ts, line, infn, c in import_statements() for t in ts]


def upward(importer: str, imported: str) -> bool:
    return RANK[layer(imported)] > RANK[layer(importer)]


def test_every_engine_module_sits_in_a_layer():
    loose = [module_name(p) for p in ENGINE.glob("*.py") if p.stem not in ("__init__", "modules")]
    assert not loose, f"modules outside kernel/, rules/, mechanisms/, variants/: {loose}"


def test_no_new_upward_import():
    found = {(m, t) for m, t, *_ in imports() if upward(m, t)}
    new = sorted(found - KNOWN_UPWARD)
    assert not new, f"imports against the layer order kernel < rules < mechanisms < variants: {new}"
    gone = sorted(KNOWN_UPWARD - found)
    assert not gone, f"no longer imported upward, remove from KNOWN_UPWARD: {gone}"


def test_no_new_uncommented_import_inside_a_function():
    found = Counter(m for m, _, _, infn, commented in import_statements() if infn and not commented)
    over = {m: (n, UNCOMMENTED_IN_FUNCTION.get(m, 0)) for m, n in found.items() if n > UNCOMMENTED_IN_FUNCTION.get(m, 0)}
    assert not over, f"imports inside functions with no comment saying why (found, allowed): {over}"
    under = {m: (found.get(m, 0), n) for m, n in UNCOMMENTED_IN_FUNCTION.items() if found.get(m, 0) < n}
    assert not under, f"fewer uncommented imports inside functions than listed, lower the list: {under}"


def test_the_check_reads_imports_inside_functions(tmp_path):
    (tmp_path / "m.py").write_text("import os\n\ndef f():\n    from judge_app.engine.variants import two_headed_giant\n"
                                   "    from judge_app.engine.rules import combat  # start-up cost\n", encoding="utf-8")
    found = import_statements(tmp_path)
    assert [(t, infn, c) for _, t, _, infn, c in found] == [(["variants.two_headed_giant"], True, False),
                                                          (["rules.combat"], True, True)]
    assert upward("kernel.events", "variants.two_headed_giant") and not upward("mechanisms.naming", "kernel.state")
    assert not upward("modules", "variants.two_headed_giant")
