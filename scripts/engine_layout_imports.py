"""Rewrite imports of the flat engine (before issue 24) to its layer packages.

    .venv/bin/python scripts/engine_layout_imports.py [PATH ...]     # default: judge_app tests bench

For code written against ``judge_app.engine`` before the package move (a branch merged later):
``from judge_app.engine import combat, events`` becomes ``from judge_app.engine.rules import combat``
and ``from judge_app.engine.kernel import events``; ``judge_app.engine.state`` (an import or a string,
e.g. a monkeypatch target) becomes ``judge_app.engine.kernel.state``; relative ``..engine`` imports in
the packages beside it become absolute. Where each module lives is read from the tree
(judge_app/engine/{kernel,rules,mechanisms,variants}/). Prints each file it rewrote; a file already
on the new layout is left alone. A module left in judge_app/engine/ itself (a new one from another
branch) is reported: move it into its layer (tests/engine/test_import_layers.py fails until then).
"""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ENGINE = ROOT / "judge_app" / "engine"
PKG = "judge_app.engine"
LAYERS = ("kernel", "rules", "mechanisms", "variants")


def layer_map() -> dict:
    """module or package name -> its layer, read from the tree."""
    out = {}
    for lay in LAYERS:
        for p in (ENGINE / lay).iterdir():
            if p.suffix == ".py" and p.stem != "__init__":
                out[p.stem] = lay
            elif p.is_dir() and (p / "__init__.py").exists():
                out[p.name] = lay
    return out


def rewrite(text: str, where: dict) -> str:
    text = re.sub(r"^(\s*)from \.\.engine\b", rf"\1from {PKG}", text, flags=re.M)
    tree = ast.parse(text)
    lines = text.splitlines(keepends=True)
    edits = []
    for n in ast.walk(tree):
        if isinstance(n, ast.ImportFrom) and n.module == PKG and n.level == 0:
            groups: dict = {}
            for a in n.names:
                mod = f"{PKG}.{where[a.name]}" if a.name in where else PKG
                groups.setdefault(mod, []).append(a.name + (f" as {a.asname}" if a.asname else ""))
            if set(groups) == {PKG}:
                continue
            new = ("\n" + " " * n.col_offset).join(f"from {m} import {', '.join(ns)}" for m, ns in groups.items())
            edits.append((n.lineno, n.col_offset, n.end_lineno, n.end_col_offset, new))
    for l1, c1, l2, c2, new in sorted(edits, reverse=True):
        text = "".join(lines[:l1 - 1]) + lines[l1 - 1][:c1] + new + lines[l2 - 1][c2:] + "".join(lines[l2:])
        lines = text.splitlines(keepends=True)
    names = "|".join(sorted(where, key=len, reverse=True))
    return re.sub(rf"\b{re.escape(PKG)}\.({names})\b", lambda m: f"{PKG}.{where[m.group(1)]}.{m.group(1)}", text)


def main(argv: list) -> int:
    where = layer_map()
    loose = sorted(p.name for p in ENGINE.glob("*.py") if p.stem not in ("__init__", "modules"))
    for name in loose:
        print(f"judge_app/engine/{name}: outside the layers — move it into kernel/, rules/, mechanisms/ or variants/")
    for top in (argv or ["judge_app", "tests", "bench"]):
        for p in sorted((ROOT / top).rglob("*.py")) if (ROOT / top).is_dir() else [ROOT / top]:
            old = p.read_text(encoding="utf-8")
            if "engine" not in old:
                continue
            new = rewrite(old, where)
            if new != old:
                p.write_text(new, encoding="utf-8")
                print(f"rewrote {p.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
