"""The examples of 509, 510, 613, 614-616, 701 and 707 (copying; 706 in 2020) in the
2026-01-16 English CR, played under 2026 (issue 29).

An example is reproduced for 2026 in one of two ways:

- a scenario that plays 2026-01-16 names it in its ``source:`` (``CR 2026-01-16 <rule>
  example <n>``) and passes;
- it is a 2020 example reworded: the same position under the 2020 rule the drift chain
  carries to its rule, its words at least 75 % the same (2026 writes "this creature enters"
  for "Unstable Shapeshifter enters the battlefield"), reproduced by a 2020 scenario
  (``CR <rule> example <n>``) that plays the same under 2026 (``release_compare``: same final
  position, its expectations hold with their numbers carried into 2026) — the same board is
  not copied.

The examples neither way covers are printed (the work left); the count covered may only grow.
"""
from __future__ import annotations

import difflib
import re

import pytest

from judge_app.scenarios import loader, release_compare, runner

from test_cr_example_coverage import reproducing

VERSION = "2026-01-16"
RULES = ("509", "510", "613", "614", "615", "616", "701", "707")
NAMED = re.compile(r"\bCR 2026-01-16 (\d{3}\.\d+[a-z]?) example (\d+)\b")
COVERED_AT_LEAST = 65   # 35 when this test was written (2 + 33 of 65); 44 with nine more 2026 scenarios (11 + 33); 65 in session 10: +7 combat and layers (509.1b, 509.3f, 707.9d ex. 2, 701.20c, 613.7a, 614.13b, 614.13c), +9 zones (701.12a, 701.23b-c-f, 701.24c ex. 1-2, 701.24d-g, 701.67b), +5 copies and faces (707.8a ex. 1-2, 707.9f, 707.10e, 701.42c): every example


SIMILAR = 0.75


def _similar(a: str, b: str) -> bool:
    words = [re.findall(r"[a-z]+", t.lower()) for t in (a, b)]
    return difflib.SequenceMatcher(None, *words).ratio() >= SIMILAR


def _examples(corpus, version: str) -> dict:
    rows = corpus.rows("select rule_number, position, text from examples where version = ? and lang = 'en'", (version,))
    return {(r["rule_number"], r["position"]): r["text"] for r in rows
            if r["rule_number"].split(".")[0] in (RULES if version == VERSION else RULES + ("706",))}


def named_2026() -> dict:
    return reproducing(NAMED)


@pytest.fixture(scope="module")
def coverage(corpus):
    new, old = _examples(corpus, VERSION), _examples(corpus, "2020-01-24")
    to_new = release_compare.number_map("2020-01-24", VERSION)
    found_2020 = reproducing()
    own, carried, missing = named_2026(), {}, []
    for key, text in sorted(new.items()):
        if key in own:
            continue
        twin = next(((r, n) for (r, n), t in old.items() if n == key[1] and to_new.get(r) == key[0]
                     and _similar(t, text)), None)
        if twin and twin in found_2020:
            carried[key] = (twin, found_2020[twin])
        else:
            missing.append(f"CR {VERSION} {key[0]} example {key[1]}: {text[:90]}…")
    return new, own, carried, missing


def test_named_2026_examples_exist_and_pass(coverage):
    new, own, _carried, _missing = coverage
    assert own, "no scenario names a 2026 example"
    for (rule, n), paths in own.items():
        assert (rule, n) in new, f"CR {VERSION} {rule} example {n} is not in the corpus"
        for p in paths:
            sc = loader.load(p)
            assert sc.rules_version == VERSION, p
            res = runner.run(sc)
            assert res.passed, f"{p}: " + "; ".join(m for _, m in res.failures)


def test_unchanged_examples_play_the_same_under_2026(coverage, capsys):
    new, own, carried, missing = coverage
    maps: dict = {}
    for key, (twin, paths) in carried.items():
        for p in paths:
            cmp = release_compare.compare(p, VERSION, maps)
            assert not cmp.differs, (key, twin, str(p), cmp.reasons)
    covered = len(own) + len(carried)
    with capsys.disabled():
        print(f"\n2026 examples of {', '.join(RULES)}: {len(new)}; as 2026 scenarios {len(own)}, "
              f"as 2020 scenarios playing the same {len(carried)}; not yet {len(missing)}:")
        for m in missing:
            print("  " + m)
    assert covered >= COVERED_AT_LEAST
