"""Import-layer audit of judge_app/engine: the groundwork for the package move of issue 24.

    .venv/bin/python bench/import_audit.py            # the summary
    .venv/bin/python bench/import_audit.py --list     # also every import inside a function

Reports, reading the source only (nothing is imported):

1. imports written inside functions — per module, and how many carry a comment saying why
   (the issue allows one only for start-up cost, never to dodge a circle);
2. the module-level import graph's cycles: its strongly connected components (Tarjan), the
   biggest first — what hides behind the imports inside functions;
3. the same graph with the imports inside functions added (the real dependencies);
4. against the planned layers (``layer`` below: variants → mechanisms → rules → kernel), each
   import that runs upward, and each import between two mechanisms.

It reports and never fails (tests/engine/test_import_layers.py is the test). A module's layer is
its subpackage: judge_app/engine/kernel, rules, mechanisms, variants.
"""

from __future__ import annotations

import ast
import sys
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ENGINE = ROOT / "judge_app" / "engine"
PKG = "judge_app.engine"

RANK = {"kernel": 0, "rules": 1, "mechanisms": 2, "variants": 3, "top": 4}


def layer(mod: str) -> str:
    """The layer a module sits in: its subpackage (kernel/, rules/, mechanisms/, variants/);
    the package's own ``__init__`` and ``modules`` (the one list of modules to load) sit on top."""
    head = mod.split(".")[0]
    return head if head in RANK else "top"


def modules() -> dict:
    out = {}
    for p in sorted(ENGINE.rglob("*.py")):
        rel = p.relative_to(ENGINE).with_suffix("")
        name = ".".join(rel.parts)
        if name.endswith("__init__"):
            name = name[: -len("__init__")].rstrip(".") or "__init__"
        out[name] = p
    return out


def _targets(node: ast.AST, mods: set) -> list:
    """The engine modules an import statement names."""
    found = []
    if isinstance(node, ast.Import):
        for a in node.names:
            if a.name.startswith(PKG + "."):
                found.append(a.name[len(PKG) + 1:])
    elif isinstance(node, ast.ImportFrom) and node.module:
        if node.module == PKG:
            found += [a.name for a in node.names]
        elif node.module.startswith(PKG + "."):
            base = node.module[len(PKG) + 1:]
            sub = [f"{base}.{a.name}" for a in node.names if f"{base}.{a.name}" in mods]
            found += sub or [base]
    return [m for m in found if m in mods]


def scan() -> tuple:
    """(top-level edges, in-function edges, [(module, line, targets, commented)] — one per import
    statement inside a function)"""
    mods = modules()
    names = set(mods)
    top, inner, listed = defaultdict(set), defaultdict(set), []
    for mod, path in mods.items():
        src = path.read_text(encoding="utf-8")
        lines = src.splitlines()
        tree = ast.parse(src)
        in_function = set()
        for fn in ast.walk(tree):
            if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                for n in ast.walk(fn):
                    if isinstance(n, (ast.Import, ast.ImportFrom)):
                        in_function.add(id(n))
        for n in ast.walk(tree):
            if not isinstance(n, (ast.Import, ast.ImportFrom)):
                continue
            targets = [t for t in _targets(n, names) if t != mod]
            if id(n) in in_function:
                inner[mod].update(targets)
                if targets:
                    listed.append((mod, n.lineno, targets, "#" in lines[n.lineno - 1]))
            else:
                top[mod].update(targets)
    return top, inner, listed


def sccs(graph: dict) -> list:
    """Strongly connected components of more than one module (Tarjan, iterative)."""
    index, low, on, stack, out, counter = {}, {}, set(), [], [], [0]
    nodes = set(graph) | {t for ts in graph.values() for t in ts}
    for root in sorted(nodes):
        if root in index:
            continue
        work = [(root, iter(sorted(graph.get(root, ()))))]
        index[root] = low[root] = counter[0]
        counter[0] += 1
        stack.append(root)
        on.add(root)
        while work:
            v, it = work[-1]
            for w in it:
                if w not in index:
                    index[w] = low[w] = counter[0]
                    counter[0] += 1
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(graph.get(w, ())))))
                    break
                if w in on:
                    low[v] = min(low[v], index[w])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[v])
                if low[v] == index[v]:
                    comp = []
                    while True:
                        w = stack.pop()
                        on.discard(w)
                        comp.append(w)
                        if w == v:
                            break
                    if len(comp) > 1:
                        out.append(sorted(comp))
    return sorted(out, key=len, reverse=True)


def main(argv: list) -> int:
    top, inner, listed = scan()
    n_mods = len(modules())
    print(f"engine modules: {n_mods}")
    commented = sum(1 for *_, c in listed if c)
    print(f"import statements inside functions: {len(listed)} ({commented} with a comment on the line), naming "
          f"{sum(len(t) for _, _, t, _ in listed)} modules, in {len({m for m, *_ in listed})} modules")
    for mod, k in Counter(m for m, *_ in listed).most_common(10):
        print(f"  {mod}: {k}")
    if "--list" in argv:
        for mod, line, t, c in sorted(listed):
            print(f"    {mod}:{line} -> {', '.join(t)}{'  (commented)' if c else ''}")
    for title, graph in (("module-level graph", top),
                         ("with the imports inside functions", {m: top[m] | inner[m] for m in set(top) | set(inner)})):
        comps = sccs(graph)
        print(f"cycles of the {title}: {len(comps)} strongly connected component(s); sizes "
              f"{[len(c) for c in comps]}")
        for c in comps[:3]:
            print(f"  {len(c)} modules: {', '.join(c) if len(c) <= 12 else ', '.join(c[:12]) + ', …'}")
    edges = [(m, t, "top") for m, ts in top.items() for t in ts] + [(m, t, "in function") for m, ts in inner.items() for t in ts]
    upward = [(m, t, w) for m, t, w in edges if RANK[layer(t)] > RANK[layer(m)]]
    sideways = [(m, t, w) for m, t, w in edges if layer(m) == layer(t) == "mechanisms"]
    print(f"against the planned layers (variants → mechanisms → rules → kernel): {len(upward)} upward imports "
          f"({sum(1 for *_, w in upward if w == 'top')} at module level), {len(sideways)} between mechanisms")
    for (a, b), k in Counter((layer(m), layer(t)) for m, t, _ in upward).most_common():
        print(f"  {a} → {b}: {k}")
    print(f"modules per planned layer: {dict(Counter(layer(m) for m in modules()))}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
