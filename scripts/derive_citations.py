"""Derive the engine's citation numbers for a newer CR release from the drift data.

``python scripts/derive_citations.py 2026-01-16 [--write] [--show-changed]``

Each key of ``judge_app/engine/citations*.json`` holds its 2020-01-24 number; the drift
chain (``corpus.drift``, the rule_changes the build stored between consecutive releases)
follows that number into the newer release. Same and renumbered rules take the new number;
changed rules take it too, once their new text has been read (the decision per key is in
docs/drift-2020-2026.md); removed rules take the replacement named in ``REPLACED`` below
(read in the newer text) or stay empty, which the engine treats as "this release has no such
rule" (``citations.rule`` raises, the board is refused with the playable releases).
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
BASE = "2020-01-24"

# Where the drift chain's answer is not the rule that now says what the key means (read in
# rules_corpus/sources/en/cr-en-2026-01-16.txt): the removed rules and a few restructured
# ones the chain followed to a neighbour. None: the newer rules have no such step at all.
DECIDED = {
    "2026-01-16": {
        "order_blockers": None,        # 509.2, the blockers' damage assignment order: gone since 2024-11-08
        "order_attackers": None,       # 509.3, the attackers' order for a blocker: gone too
        "mana_empties": "500.5",       # "... Then any unspent mana left in a player's mana pool empties."
        "resolve_permanent": "608.3a",  # "has no targets, it becomes a permanent and enters the battlefield"
        "aura_resolve": "608.3c",      # 608.3 split into a-e: the Aura is 608.3c (the chain said 608.3a)
        "layer1": "613.2a",            # layer 1 split: 1a is the copy effects
        "layer7d": "613.4c",           # counters joined 7c ("Effects and counters that modify ...")
        "timestamp_static": "613.7a",  # the same sentence, with one added about new timestamps
        "copy_linked_choice": "607.5a",  # the "undefined choice" sentence moved to linked abilities
        "damage_priority": "510.3",    # "Third, the active player gets priority" (the chain said 505.6)
    },
}

# What each changed rule (2020 number) means for the engine in the newer release: "text"
# where the engine's behaviour stands, "behaviour" where it plays differently (a release
# hook, engine/release_rules.json). Written after reading both texts; the test of the
# citations requires one for every key whose text does not align.
NOTES = {
    "2026-01-16": {
        "202.3": "text: converted mana cost renamed mana value (a release-wide rename)",
        "106.3": "text: adds what the source of mana from a spell or ability is",
        "611.2b": "text: a duration already over makes the effect do nothing, as before",
        "701.15a": "text: adds revealing when activating from a hidden zone",
        "705.1": "text: 705.2 adds flips that only care about heads or tails; winning a flip is unchanged",
        "113.6f": "text: adds 'can't be copied'",
        "119.4": "text: the note that 0 life can always be paid moved",
        "601.2b": "text: a reference number",
        "602.5d": "text: 'activate only as a sorcery' wording",
        "606.4": "text: the cost may be modified by effects",
        "606.5": "text: additional costs counted",
        "702.6a": "text: 'as a sorcery' wording",
        "113.7a": "text: the example card renamed",
        "614.13b": "text: one or more permanents entering",
        "614.1d": "text: 'enters' wording",
        "614.5": "text: 'that event'",
        "614.8": "text: 'its controller taps'",
        "614.9": "text: battles added",
        "616.1f": "text: the range of rules referred to",
        "701.14a": "text: 'its controller taps'; renumbered 701.19",
        "701.14b": "text: 'its controller taps'; renumbered 701.19",
        "702.14c": "text: land type wording",
        "116.2b": "text: a reference number",
        "305.7": "text: 'copiable' wording",
        "602.5b": "text: wording",
        "613.2": "text: references; layers 2-6",
        "613.6d": "text: wording",
        "613.7a": "text: references",
        "706.2": "text: renumbered 707; stickers added",
        "706.4": "text: renumbered 707; wording",
        "706.5": "text: renumbered 707; 'enters'",
        "706.9c": "text: renumbered 707; wording",
        "707.2": "text: renumbered 708; reference",
        "120.4a": "text: a new first step (excess damage dealt elsewhere) puts 'damage is dealt' second",
        "506.2": "text: battles added (the engine has none)",
        "506.3": "text: battles added",
        "506.4": "text: battles added",
        "506.4c": "text: battles added",
        "508.1": "text: a reference number",
        "508.1a": "text: battles added",
        "508.1b": "text: battles added",
        "508.3a": "text: battles added",
        "509.1": "text: a reference number",
        "509.1a": "text: battles added",
        "509.1i": "text: a reference number",
        "509.4": "text: 'Second' since 509.2-3 (the orders) are gone",
        "510.1c": "behaviour: divided as its controller chooses among the blockers, no damage assignment order "
                  "(release_rules: damage_assignment_order ends 2024-11-08)",
        "510.1d": "behaviour: a blocker divides its damage as its controller chooses (same hook)",
        "510.1e": "text: a reference number",
        "510.3": "text: unchanged ('Third, the active player gets priority')",
        "511.3": "text: battles added",
        "613.1f": "text: keyword counters named",
        "702.16j": "text: a player with protection from everything",
        "702.19b": "text: battles added; lethal to every blocker before the one attacked stands",
        "702.19c": "text: trample over planeswalkers added; damage to the one attacked as before",
        "702.19d": "text: 'without trample over planeswalkers' (the engine has no such creature)",
        "702.2c": "behaviour: deathtouch's lethal 1 now matters only for trample's excess (same hook)",
        "305.6": "text: wording",
        "400.7": "text: how the exceptions are counted",
        "502.2": "text: 'Third' (day/night inserted before)",
        "601.2a": "text: when effects on a spell being cast begin",
        "601.2e": "text: a reference number",
        "601.2h": "text: the order of paying costs with random elements",
        "602.2": "text: a reference number",
        "603.3b": "text: a two-part order for abilities that trigger on triggering (the engine has none)",
        "603.6a": "text: 'enters'",
        "608.2": "text: sub-letters moved",
        "608.3a": "text: 608.3 split into a-e; the Aura is 608.3c",
        "613.3c": "text: counters joined 7c; additions commute, so the result is the same",
        "613.3e": "text: switching is 7d now",
        "701.12b": "text: 'neither of them fights' = no damage, as before; renumbered 701.14b",
        "704.5g": "text: 'has damage marked on it'",
        "704.5j": "text: wording",
        "704.5p": "text: battles added",
        "406.3": "text: exiling face down after looking",
        "500.4": "text: the effects ending at a step's end joined the rule (500.5)",
        "608.3": "text: 608.3 split; a permanent without targets is 608.3a",
        "613.1a": "text: layer 1 split into 1a (copy) and 1b (face down)",
        "613.3d": "text: counters joined 7c (613.4c)",
        "613.6a": "text: a sentence added about new timestamps",
        "706.7a": "text: moved to 607.5a",
        "509.2": "behaviour: no damage assignment order from 2024-11-08 (the order decision is never asked)",
        "509.3": "behaviour: no damage assignment order from 2024-11-08",
    },
}


def load_files() -> dict[Path, dict]:
    return {p: json.loads(p.read_text(encoding="utf-8"))
            for p in sorted((ROOT / "judge_app" / "engine").glob("citations*.json"))}


def main(argv: list[str]) -> int:
    from judge_app import services
    from judge_app.corpus.drift import drift

    new = argv[0]
    files = load_files()
    numbers = sorted({e[BASE] for d in files.values() for e in d["rules"].values() if e.get(BASE)})
    corpus = services.corpus(progress=False)
    moved = {d.number: d for d in drift(corpus, BASE, new, numbers)}
    counts: dict[str, int] = {}
    for path, data in files.items():
        for key, entry in data["rules"].items():
            d = moved[entry[BASE]]
            counts[d.status] = counts.get(d.status, 0) + 1
            decided = DECIDED.get(new, {})
            number = decided[key] if key in decided else d.new_number
            if d.status == "removed" and key not in decided:
                print(f"UNDECIDED removed {key} {entry[BASE]}", file=sys.stderr)
                return 1
            note = NOTES.get(new, {}).get(entry[BASE])
            if d.status in ("changed", "removed") and not note:
                print(f"UNREAD changed {key} {entry[BASE]}", file=sys.stderr)
                return 1
            if "--show" in argv and d.status in ("changed", "removed"):
                print(f"{path.stem:26} {key:32} {entry[BASE]:8} -> {number} [{d.status}] {note}")
            rebuilt = {}
            for k, v in entry.items():
                if k == BASE:
                    rebuilt[new] = number
                    if note:
                        rebuilt[f"drift {new}"] = note
                if k not in (new, f"drift {new}"):
                    rebuilt[k] = v
            entry.clear()
            entry.update(rebuilt)
        if "versions" in data and new not in data["versions"]:
            data["versions"].insert(0, new)
    print(json.dumps(counts, sort_keys=True), file=sys.stderr)
    if "--write" in argv:
        for path, data in files.items():
            path.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
