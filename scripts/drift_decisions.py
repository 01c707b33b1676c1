"""Print the drift decisions as Markdown: every engine citation whose rule changed between
2020-01-24 and a newer release, its numbers and what reading both texts decided (text only,
or behaviour with its release hook). ``python scripts/drift_decisions.py 2026-01-16``.

Reads only the citations' data (``drift NEW`` notes written by scripts/derive_citations.py),
so docs/releases-2020-2026.md can be regenerated and compared."""
from __future__ import annotations

import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def main(new: str) -> None:
    from judge_app.engine.kernel import citations, release_rules

    rows = [(citations.rule(k, "2020-01-24"), citations.all_numbers(new).get(k) or "—", k, citations.drift_note(k, new))
            for k in citations.keys() if citations.drift_note(k, new)]
    rows.sort(key=lambda r: (re.sub(r"\d+", lambda m: m[0].zfill(4), r[0]), r[2]))
    behaviour = [r for r in rows if r[3].startswith("behaviour")]
    print(f"| 2020-01-24 | {new} | key | decision |\n|---|---|---|---|")
    for old, num, key, note in rows:
        print(f"| {old} | {num} | `{key}` | {note} |")
    print(f"\n{len(rows)} keys: {len(rows) - len(behaviour)} text only, {len(behaviour)} behaviour "
          f"(release hooks: {', '.join(release_rules._features())}).")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "2026-01-16")
