"""The engine's imports run one way (issue 24): kernel < rules < mechanisms < variants.

Read from the source with ``ast``, imports inside functions too: a module of a lower layer never
imports one of a higher layer, and a mechanism never imports another mechanism (one verb each;
what two share belongs to the rules). ``judge_app/engine/__init__.py`` and ``modules.py`` (the one
list of modules to load) sit above every layer. An import inside a function is allowed only with
a comment on its line saying it is there for the start-up cost, never to dodge a circle.
"""

from __future__ import annotations

import ast
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "judge_app" / "engine"
PKG = "judge_app.engine"
RANK = {"kernel": 0, "rules": 1, "mechanisms": 2, "variants": 3, "top": 4}

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


def function_imports(root: Path = ENGINE) -> list:
    """(module, line, says why) for every import statement inside a function, of anything: the
    comment on its last line must name the start-up cost."""
    out = []
    for p in sorted(root.rglob("*.py")):
        src = p.read_text(encoding="utf-8")
        lines = src.splitlines()
        for fn in ast.walk(ast.parse(src)):
            if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                for n in ast.walk(fn):
                    if isinstance(n, (ast.Import, ast.ImportFrom)):
                        comment = lines[n.end_lineno - 1].partition("#")[2].lower()
                        out.append((module_name(p) if root == ENGINE else p.stem, n.lineno,
                                    "start-up" in comment or "startup" in comment))
    return sorted(set(out))


def imports() -> list:
    return [(m, t, line, infn, c) for m, ts, line, infn, c in import_statements() for t in ts]


def upward(importer: str, imported: str) -> bool:
    return RANK[layer(imported)] > RANK[layer(importer)]


def test_every_engine_module_sits_in_a_layer():
    loose = [module_name(p) for p in ENGINE.glob("*.py") if p.stem not in ("__init__", "modules")]
    assert not loose, f"modules outside kernel/, rules/, mechanisms/, variants/: {loose}"


def test_no_upward_import():
    found = sorted({(m, t) for m, t, *_ in imports() if upward(m, t)})
    assert not found, f"imports against the layer order kernel < rules < mechanisms < variants: {found}"


def test_no_mechanism_imports_another():
    found = sorted({(m, t) for m, t, *_ in imports() if layer(m) == layer(t) == "mechanisms"})
    assert not found, f"mechanisms importing one another (move what they share to the rules): {found}"


def test_an_import_inside_a_function_says_why():
    found = [(m, line) for m, line, commented in function_imports() if not commented]
    assert not found, f"imports inside functions with no comment about start-up cost on their line: {found}"


def test_the_check_reads_imports_inside_functions(tmp_path):
    (tmp_path / "m.py").write_text("import os\n\ndef f():\n    from judge_app.engine.variants import two_headed_giant\n"
                                   "    from judge_app.engine.rules import combat  # start-up cost\n", encoding="utf-8")
    found = import_statements(tmp_path)
    assert [(t, infn, c) for _, t, _, infn, c in found] == [(["variants.two_headed_giant"], True, False),
                                                          (["rules.combat"], True, True)]
    assert upward("kernel.events", "variants.two_headed_giant") and not upward("mechanisms.naming", "kernel.state")
    assert not upward("modules", "variants.two_headed_giant")
    (tmp_path / "n.py").write_text("def f():\n    import json  # start-up cost: only the export needs it\n"
                                   "def g():\n    import csv  # a circle\n", encoding="utf-8")
    assert [(line, why) for m, line, why in function_imports(tmp_path) if m == "n"] == [(2, True), (4, False)]
