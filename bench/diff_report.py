"""The English pair as the check on the Russian comparison.

Rules whose English text did not change between 2019-05-03 and 2020-01-24 should mostly
come out unchanged in Russian too. This prints how many do not, and sorts them by why:
OCR damage in the decoded 2020 text (a few words differ, the decoder flagged or not),
a real change of the translation (many words differ), or a fault of the 2019 source
(the rule is missing from it, or carries another rule's text).

    .venv/bin/python bench/diff_report.py
"""
from __future__ import annotations

import json
import sys
from collections import Counter


def main() -> None:
    from judge_app import services

    corpus = services.corpus()
    rows = corpus.rows("select * from rule_changes where old_version = '2019-05-03' "
                       "and new_version = '2020-01-24'")
    en = {(r["old_number"], r["new_number"]): r for r in rows if r["lang"] == "en"}
    ru = {}
    for r in rows:
        if r["lang"] == "ru":
            if r["old_number"]:
                ru[("old", r["old_number"])] = r
            if r["new_number"]:
                ru[("new", r["new_number"])] = r
    missing_2019 = {r["number"] for r in corpus.rows(
        "select number from rules where doc_id = 'cr-ru-2019-05-03' and missing_translation = 1")}
    same_en = [k for k, r in en.items() if r["status"] == "unchanged" or
               (r["status"] == "renumbered" and json.loads(r["diff"]) == [])]
    reasons: Counter = Counter()
    examples: dict[str, list[str]] = {}
    for old, new in same_en:
        r = ru.get(("new", new))
        if r and r["status"] in ("unchanged",) or (r and r["status"] == "renumbered" and not json.loads(r["diff"])):
            reasons["unchanged in Russian too"] += 1
            continue
        if old in missing_2019 or new in missing_2019:
            why = "missing from the 2019 Russian source"
        elif r is None or r["status"] == "added":
            why = "not matched (decoded text too far from 2019)"
        else:
            diff = json.loads(r["diff"])
            changed_words = sum(len(t.split()) for op, t in diff if op != "equal")
            total = sum(len(t.split()) for op, t in diff if op != "insert") or 1
            why = ("OCR decoding differences (≤ 3 words)" if changed_words <= 6
                   else "reworded translation or heavy OCR damage (> 3 words)")
        reasons[why] += 1
        examples.setdefault(why, []).append(new)
    total = len(same_en)
    print(f"Rules whose English text is identical in 2019-05-03 and 2020-01-24: {total}")
    for why, n in reasons.most_common():
        print(f"  {n:5d} ({n / total:6.1%})  {why}")
        if why in examples:
            print("         e.g. " + ", ".join(examples[why][:12]))


if __name__ == "__main__":
    sys.exit(main())
