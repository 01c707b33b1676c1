"""The corpus hash covers the code that shapes the built corpus and index, not the search's
query-time code: a change to the ranking must not rebuild the corpus (tests and servers paid
minutes for every such change), a change to the analyser must."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from judge_app.corpus import build

PACKAGE = Path(build.__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def copy(tmp_path_factory):
    """A copy of judge_app/corpus and judge_app/search to edit, with the two files outside them that
    the card rules are read with (the card vocabulary and the citations' reader)."""
    root = tmp_path_factory.mktemp("code") / PACKAGE.name
    for sub in ("corpus", "search"):
        shutil.copytree(PACKAGE / sub, root / sub, ignore=shutil.ignore_patterns("__pycache__"))
    for rel in ("cards/model.py", "engine/kernel/citations.py"):
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(PACKAGE / rel, root / rel)
    return root


def _touch(path: Path, line: str = "\n# changed\n") -> None:
    path.write_text(path.read_text(encoding="utf-8") + line, encoding="utf-8")


def test_the_index_builder_and_its_imports_are_hashed_the_query_side_is_not(copy):
    names = {p.name for p in build.index_builder_modules(copy)}
    assert {"index.py", "analysis.py"} <= names
    assert not names & {"query.py", "understand.py", "arrange.py", "situations.py", "derive.py"}


def test_a_query_time_change_keeps_the_hash_an_index_time_change_does_not(copy):
    before = build.corpus_hash(copy)
    assert before == build.corpus_hash(copy)
    for name in ("query.py", "understand.py", "arrange.py", "data/situations.tsv"):
        _touch(copy / "search" / name)
        assert build.corpus_hash(copy) == before, name
    _touch(copy / "search" / "analysis.py")
    after_analysis = build.corpus_hash(copy)
    assert after_analysis != before
    _touch(copy / "corpus" / "store.py")
    assert build.corpus_hash(copy) != after_analysis


def test_a_module_the_index_builder_starts_importing_joins_the_hash(copy):
    derive = copy / "search" / "derive.py"
    assert derive not in build.index_builder_modules(copy)
    _touch(copy / "search" / "index.py", "\nfrom .derive import Derivations  # noqa\n")
    assert derive in build.index_builder_modules(copy)
    before = build.corpus_hash(copy)
    _touch(derive)
    assert build.corpus_hash(copy) != before


def test_a_scenario_file_joins_the_hash(copy):
    """The index reads the scenario library (``search/sources.py``): editing a scenario rebuilds."""
    scen = copy.parent / "scenarios" / "basics"
    scen.mkdir(parents=True, exist_ok=True)
    (scen / "a.yaml").write_text("id: a\ntitle: A\n", encoding="utf-8")
    before = build.corpus_hash(copy)
    (scen / "a.yaml").write_text("id: a\ntitle: B\n", encoding="utf-8")
    assert build.corpus_hash(copy) != before


def test_the_card_mechanisms_table_and_the_engine_citations_join_the_hash(copy):
    """card_rules.json (``search/card_mechanisms.py``) is built from the table and the engine's
    citations: editing either rebuilds the index."""
    before = build.corpus_hash(copy)
    _touch(copy / "search" / "data" / "card_mechanisms.tsv", "# changed\n")
    after_table = build.corpus_hash(copy)
    assert after_table != before
    engine = copy / "engine"
    engine.mkdir(exist_ok=True)
    (engine / "citations_test.json").write_text("{}", encoding="utf-8")
    after_citations = build.corpus_hash(copy)
    assert after_citations != after_table
    # the vocabulary the card features are read with, and the citations' reader (since, older_releases_cite)
    _touch(copy / "cards" / "model.py")
    after_model = build.corpus_hash(copy)
    assert after_model != after_citations
    _touch(copy / "engine" / "kernel" / "citations.py")
    assert build.corpus_hash(copy) != after_model
