"""The build's list of unresolved rule mentions is pinned, each entry explained in the data file."""
from __future__ import annotations

from pathlib import Path

PINNED = Path(__file__).parent.parent / "data" / "build_unresolved_refs.tsv"


def pinned() -> set[tuple[str, str, str]]:
    out = set()
    for line in PINNED.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            doc_id, source, number, why = line.split("\t")
            assert why.strip(), f"unexplained entry: {line}"
            out.add((doc_id, source, number))
    return out


def test_unresolved_mentions_are_exactly_the_pinned_ones(corpus):
    rows = corpus.rows(
        "select r.doc_id, r.src_kind, r.src_number, g.term_en, r.target_number from refs r "
        "left join glossary g on g.id = r.src_id where r.resolved = 0")
    found = {(r["doc_id"], f"glossary:{r['term_en']}" if r["src_kind"] == "glossary" else r["src_number"],
              r["target_number"]) for r in rows}
    assert found == pinned()


def test_most_mentions_resolve(corpus):
    total = corpus.one("select count(*) n from refs")["n"]
    assert total > 5_000  # ~900 in the rules and ~600 in the glossary of each CR document
    assert len(pinned()) < total / 100
