"""Every example of the Comprehensive Rules in 614 (replacement), 615 (prevention), 616
(their order) and 701.14 (regenerate), as the 2020-01-24 English corpus stores them, is
reproduced by a scenario of the library that names it in ``source:``.

The convention (docs/scenario-format.md): ``CR <rule> example <k>`` when the rule has
several examples, ``CR <rule> example`` when it has one. The examples are read from the
built corpus (SQLite table ``examples``), so a new CR release or a parser change that
adds an example makes this test fail until a scenario reproduces it.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

import pytest
import yaml

from judge_app import services
from judge_app.scenarios.cli import collect

ROOT = Path(__file__).resolve().parents[2]
LIBRARY = ROOT / "scenarios"
VERSION = "2020-01-24"
RULES = re.compile(r"^(614|615|616)\.|^701\.14")
# "CR 614.12 example 2", "CR 615.10 example"; several may share one source line
SOURCE = re.compile(r"CR (\d{3}\.\d+[a-z]?) example(?: (\d+))?")


def corpus_examples() -> list[tuple[str, int, int]]:
    """(rule, position, how many examples the rule has) for every example of the four rules."""
    rows = services.corpus(progress=False).rows(
        "select rule_number, position from examples where version = ? and lang = 'en'", (VERSION,))
    found = [(r["rule_number"], r["position"]) for r in rows if RULES.match(r["rule_number"])]
    counts = {n: sum(1 for m, _ in found if m == n) for n, _ in found}
    return sorted((n, p, counts[n]) for n, p in found)


@lru_cache(maxsize=1)
def scenario_sources() -> dict[tuple[str, int | None], list[str]]:
    out: dict = {}
    for path in collect([LIBRARY]):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        for rule, k in SOURCE.findall(str(data.get("source") or "")):
            out.setdefault((rule, int(k) if k else None), []).append(str(path.relative_to(ROOT)))
    return out


EXAMPLES = corpus_examples()


def test_the_corpus_has_the_examples():
    # 14 in the 2020-01-24 text; fewer means the corpus or the query broke, not that all is done
    assert len(EXAMPLES) >= 14
    assert ("614.12", 3, 3) in EXAMPLES and ("616.1f", 1, 1) in EXAMPLES


@pytest.mark.parametrize("rule,k,of", EXAMPLES, ids=[f"{r}-ex{k}" for r, k, _ in EXAMPLES])
def test_example_has_a_scenario(rule, k, of):
    sources = scenario_sources()
    name = f"CR {rule} example" + (f" {k}" if of > 1 else "")
    assert (rule, k if of > 1 else None) in sources, f"no scenario has «source: {name}»"


def test_no_source_names_an_example_that_does_not_exist():
    known = {(r, k if of > 1 else None) for r, k, of in EXAMPLES}
    wrong = {key: paths for key, paths in scenario_sources().items()
             if RULES.match(key[0]) and key not in known}
    assert not wrong, f"sources naming no example of CR {VERSION} (or a bare 'example' of a rule with several): {wrong}"
