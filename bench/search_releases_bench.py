"""Search under each default release (issue 25): the judges' queries on 2020-01-24 and on 2026-01-16.

The judges' query sets name the rules that answer in the 2020 numbering. Under the newest
release each expected rule is mapped through the renumbering of every release between
(``corpus.drift.forward``): a query answers when a rule among the first five results is the
mapped rule or one of its subrules. Both figures come from the built corpus and its real
index (``services.search``), per kind, in the same run:

    .venv/bin/python bench/search_releases_bench.py [--old 2020-01-24] [--new 2026-01-16]
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

SETS = [ROOT / "bench" / "judge_queries.tsv", ROOT / "bench" / "judge_queries_dev9.tsv",
        ROOT / "bench" / "judge_queries_unseen.tsv"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--old", default="2020-01-24")
    parser.add_argument("--new", default=None, help="default: the newest release held")
    args = parser.parse_args()
    from search_bench import _is_hit, judge_queries

    from judge_app import services
    from judge_app.corpus.drift import forward

    corpus = services.corpus(progress=False)
    new = args.new or corpus.default_version()
    moved = {old: number for old, (number, _) in forward(corpus, args.old, new).items()}
    for path in SETS:
        if not path.exists():
            continue
        rows = judge_queries(path)
        print(f"\n{path.name}: {len(rows)} queries, hit@5 (rules)")
        print(f"{'kind':10} {'n':>4}  {args.old:>10}  {new:>10}  (unmapped in {new})")
        by_kind: dict[str, list[tuple[int, int]]] = {}
        unmapped = 0
        for kind, query, expected in rows:
            mapped = {moved[e] for e in expected if e in moved}
            unmapped += not mapped
            hits = []
            for version, want in ((args.old, expected), (new, mapped)):
                try:
                    found = services.search(query, version=version, limit=10)["hits"]
                except Exception:
                    found = []
                numbers = [h.get("number") for h in found if h.get("kind") == "rule"][:5]
                hits.append(int(bool(want) and any(_is_hit(n or "", want) for n in numbers)))
            by_kind.setdefault(kind, []).append(tuple(hits))
        total = [h for hs in by_kind.values() for h in hs]
        for kind, hs in sorted(by_kind.items()) + [("all", total)]:
            a = sum(h[0] for h in hs) / len(hs)
            b = sum(h[1] for h in hs) / len(hs)
            print(f"{kind:10} {len(hs):4}  {a:10.3f}  {b:10.3f}")
        print(f"expected rules with no successor in {new}: {unmapped} queries")


if __name__ == "__main__":
    main()
