"""The production server runs on the main dependencies alone: ``./serve.sh`` installs the project
without the test extras, so a module gunicorn's gevent worker imports must come from a
distribution the main dependencies pull in (gunicorn 27.0.1 imports ``packaging`` without
declaring it; only pytest brought it into the test environment, and a fresh ``./serve.sh`` failed)."""
from __future__ import annotations

import ast
import importlib.util
import re
import tomllib
from importlib.metadata import PackageNotFoundError, packages_distributions, requires
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
NAME = re.compile(r"[A-Za-z0-9._-]+")


def _norm(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def main_closure() -> set[str]:
    """The distributions the project's main dependencies pull in, transitively (extras left out)."""
    deps = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["dependencies"]
    todo = [NAME.match(d).group(0) for d in deps]
    seen: set[str] = set()
    while todo:
        name = _norm(todo.pop())
        if name in seen:
            continue
        seen.add(name)
        try:
            reqs = requires(name) or []
        except PackageNotFoundError:
            continue
        todo += [NAME.match(r).group(0) for r in reqs if "extra ==" not in r]
    return seen


def imported_top_level(module: str) -> set[str]:
    tree = ast.parse(Path(importlib.util.find_spec(module).origin).read_text(encoding="utf-8"))
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            out.add(node.module.split(".")[0])
    return out


def test_the_gevent_worker_imports_only_what_the_main_dependencies_install():
    closure = main_closure()
    assert {"gunicorn", "gevent", "flask"} <= closure
    owners = packages_distributions()   # top-level module -> the distributions that provide it
    needed = {m: owners[m] for m in imported_top_level("gunicorn.workers.ggevent") if m in owners}
    assert "packaging" in needed   # what this test is about: the worker imports it
    missing = {m: d for m, d in needed.items() if not any(_norm(x) in closure for x in d)}
    assert not missing, f"gunicorn's gevent worker imports {sorted(missing)}, which the main dependencies do not install"
