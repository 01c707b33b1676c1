"""Comparing two versions of the rules in one language, matched by content.

Numbers alone cannot align releases: 2020 inserted section 111 «Tokens» and 715
«Adventure», shifting 111–121 and 715–721 by one. So rules are matched in passes:
identical text first (a different number means *renumbered*), then the same number
with similar text (*changed*), then similar text under another number (renumbered
and changed), and what is left is *added* or *removed*. A changed rule gets a
word-level diff.
"""
from __future__ import annotations

import difflib
import re
from collections import defaultdict
from dataclasses import dataclass, field

from .numbering import sort_key

WORD = re.compile(r"\w+|[^\w\s]", re.UNICODE)
NUMBER_TOKEN = re.compile(r"^\d{1,3}(\.\d+[a-z]?)?$")


def normalise(text: str) -> str:
    """Text as compared: case, ё, dashes, quotes and spacing do not count as changes."""
    text = text.lower().replace("ё", "е").replace("—", "–").replace("-", "–")
    text = re.sub(r"[«»“”\"„]", '"', text)
    return re.sub(r"\s+", " ", text).strip()


def tokens(text: str) -> list[str]:
    return WORD.findall(normalise(text))


def content_tokens(text: str) -> set[str]:
    """Words that identify a rule's content: rule numbers are left out, since they shift."""
    return {t for t in tokens(text) if len(t) > 2 and not NUMBER_TOKEN.match(t)}


def similarity(a: str, b: str) -> float:
    ta, tb = content_tokens(a), content_tokens(b)
    if not ta and not tb:
        return 1.0 if normalise(a) == normalise(b) else 0.0
    return len(ta & tb) / max(1, len(ta | tb))


def word_diff(old: str, new: str) -> list[list[str]]:
    """[[op, text], …] with op in equal / delete / insert, on the original words."""
    a, b = re.findall(r"\S+", old), re.findall(r"\S+", new)
    out: list[list[str]] = []
    matcher = difflib.SequenceMatcher(a=[normalise(x) for x in a], b=[normalise(x) for x in b],
                                      autojunk=False)
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op == "equal":
            out.append(["equal", " ".join(b[j1:j2])])
        else:
            if i2 > i1:
                out.append(["delete", " ".join(a[i1:i2])])
            if j2 > j1:
                out.append(["insert", " ".join(b[j1:j2])])
    return out


@dataclass
class Change:
    status: str  # unchanged | changed | renamed | renumbered | added | removed
    old_number: str | None
    new_number: str | None
    similarity: float = 1.0
    diff: list[list[str]] = field(default_factory=list)
    renamed: bool = False  # the only change is the release's renames (``find_renames``)


def full_text(rule: dict) -> str:
    return " ".join(x for x in (rule.get("title") or "", rule.get("text") or "") if x)


def compare(old: list[dict], new: list[dict], changed_below: float = 0.999,
            fuzzy_min: float = 0.6, same_number_min: float = 0.3) -> list[Change]:
    """Match two rule lists (dicts with number, title, text) and classify every rule."""
    old_by = {r["number"]: r for r in old}
    new_by = {r["number"]: r for r in new}
    old_text = {n: full_text(r) for n, r in old_by.items()}
    new_text = {n: full_text(r) for n, r in new_by.items()}
    matched_old: dict[str, str] = {}
    matched_new: set[str] = set()

    def pair(o: str, n: str) -> None:
        matched_old[o] = n
        matched_new.add(n)

    # 1. identical content, the same number preferred, else the nearest number
    by_content: dict[str, list[str]] = defaultdict(list)
    for n, text in new_text.items():
        by_content[normalise(text)].append(n)
    old_count: dict[str, int] = defaultdict(int)
    for text in old_text.values():
        old_count[normalise(text)] += 1
    for o, text in old_text.items():
        candidates = [n for n in by_content.get(normalise(text), []) if n not in matched_new]
        if not candidates or not normalise(text):
            continue
        if o in candidates:
            pair(o, o)
        elif len(content_tokens(text)) >= 3 or (
                old_count[normalise(text)] == 1 and len(by_content[normalise(text)]) == 1):
            # a short title is evidence of a move only when it is unique on both sides
            pair(o, min(candidates, key=lambda n: distance(o, n)))
    # 2. the same number, similar enough
    for o in old_by:
        if o in matched_old or o not in new_by or o in matched_new:
            continue
        if similarity(old_text[o], new_text[o]) >= fuzzy_min:
            pair(o, o)
    # 3. similar content under another number (renumbered, perhaps reworded)
    index: dict[str, set[str]] = defaultdict(set)
    for n, text in new_text.items():
        if n not in matched_new:
            for t in content_tokens(text):
                index[t].add(n)
    for o in sorted(old_by, key=sort_key):
        if o in matched_old:
            continue
        toks = content_tokens(old_text[o])
        if len(toks) < 3:
            continue
        counts: dict[str, int] = defaultdict(int)
        for t in toks:
            for n in index.get(t, ()):
                if n not in matched_new:
                    counts[n] += 1
        best = sorted(counts, key=lambda n: (-counts[n], distance(o, n)))[:20]
        scored = [(similarity(old_text[o], new_text[n]), n) for n in best]
        scored = [s for s in scored if s[0] >= fuzzy_min]
        if scored:
            score, n = max(scored, key=lambda s: (s[0], -distance(o, s[1])))
            pair(o, n)
    # 4. what is left under the same number is a rewrite, if anything is shared at all
    for o in old_by:
        if o not in matched_old and o in new_by and o not in matched_new:
            if similarity(old_text[o], new_text[o]) >= same_number_min:
                pair(o, o)

    changes: list[Change] = []
    for o, n in matched_old.items():
        sim = 1.0 if normalise(old_text[o]) == normalise(new_text[n]) else similarity(old_text[o], new_text[n])
        same_text = normalise(old_text[o]) == normalise(new_text[n])
        if o == n:
            status = "unchanged" if same_text else "changed"
        else:
            status = "renumbered"
        diff = [] if same_text else word_diff(old_text[o], new_text[n])
        changes.append(Change(status, o, n, round(sim, 3), diff))
    changes += [Change("removed", o, None, 0.0) for o in old_by if o not in matched_old]
    changes += [Change("added", None, n, 0.0) for n in new_by if n not in matched_new]
    changes.sort(key=lambda c: sort_key(c.new_number or c.old_number))
    return changes


def distance(a: str, b: str) -> int:
    """How far apart two numbers are, for preferring the nearest candidate."""
    ka, kb = sort_key(a), sort_key(b)
    return sum(abs(x - y) * w for x, y, w in zip(ka, kb, (10_000, 100, 10, 1)))


def summary(changes: list[Change]) -> dict[str, int]:
    out: dict[str, int] = defaultdict(int)
    for c in changes:
        out[c.status] += 1
        if c.status == "renumbered" and c.diff:
            out["renumbered_and_changed"] += 1
    return dict(out)


# -- renames: one wording change made throughout a release --------------------------------
RENAME_MIN_RULES = 5  # a rename explains at least this many rules on its own
RENAME_MAX_WORDS = 6


@dataclass
class Rename:
    old: str  # normalised phrase, e.g. "converted mana cost"
    new: str  # "mana value"
    rules: int  # how many changed rules it alone explains


def _window(old: str, new: str) -> tuple[str, str] | None:
    """The one differing stretch of two texts, whole words: common prefix and suffix removed."""
    a, b = normalise(old).split(" "), normalise(new).split(" ")
    p = 0
    while p < min(len(a), len(b)) and a[p] == b[p]:
        p += 1
    s = 0
    while s < min(len(a), len(b)) - p and a[-1 - s] == b[-1 - s]:
        s += 1
    mid_a, mid_b = a[p:len(a) - s], b[p:len(b) - s]
    if not mid_a or not mid_b or len(mid_a) > RENAME_MAX_WORDS or len(mid_b) > RENAME_MAX_WORDS:
        return None
    phrase_a, phrase_b = " ".join(mid_a), " ".join(mid_b)
    if any(NUMBER_TOKEN.match(w.strip(",.;:()")) for w in mid_a + mid_b):
        return None  # a cross-reference renumbered, not a rename
    return phrase_a.strip(",.;:"), phrase_b.strip(",.;:")


def apply_renames(text: str, renames: list[Rename]) -> str:
    out = normalise(text)
    for r in sorted(renames, key=lambda r: -len(r.old)):
        out = out.replace(r.old, r.new)
    return out


def rename_only(old: str, new: str, renames: list[Rename]) -> bool:
    """Is ``new`` the text ``old`` with some of the renames' occurrences replaced, and no other
    change? Some, not all: 2024 wrote «enters» for «enters the battlefield» but kept the phrase
    where it names the event (603.6a: «trigger when a permanent enters the battlefield»).
    Both texts are walked together, character by character, branching at each occurrence of a
    rename (replaced or kept); the branches that disagree with ``new`` die at once."""
    a, b = normalise(old), normalise(new)
    if a == b:
        return True
    starts = {r.old[0] for r in renames if r.old}
    todo, seen = [(0, 0)], set()
    while todo:
        i, j = todo.pop()
        while i < len(a) and j < len(b) and a[i] == b[j] and a[i] not in starts:
            i, j = i + 1, j + 1  # the common run up to the next place a rename may start
        if (i, j) in seen:
            continue
        seen.add((i, j))
        if i == len(a) and j == len(b):
            return True
        if i < len(a) and j < len(b) and a[i] == b[j]:
            todo.append((i + 1, j + 1))
        todo += [(i + len(r.old), j + len(r.new)) for r in renames
                 if r.old and a.startswith(r.old, i) and b.startswith(r.new, j)]
    return False


def find_renames(pairs: list[tuple[str, str]]) -> list[Rename]:
    """Renames in (old text, new text) pairs of changed rules: a phrase replacement that on its
    own turns at least ``RENAME_MIN_RULES`` old texts into their new ones ("converted mana cost"
    → "mana value" in 2021). A rewording of one rule is never one."""
    candidates: dict[tuple[str, str], int] = defaultdict(int)
    for old, new in pairs:
        w = _window(old, new)
        if w and w[0] and w[1] and len(w[0]) > 2:
            candidates[w] += 1
    out = []
    for (a, b), seen in candidates.items():
        if seen < 2:
            continue
        rename = Rename(a, b, 0)
        rename.rules = sum(1 for old, new in pairs
                           if a in normalise(old) and apply_renames(old, [rename]) == normalise(new))
        if rename.rules >= RENAME_MIN_RULES:
            out.append(rename)
    # a rename inside a longer one ("cost" in "converted mana cost") is the longer one's part
    out = [r for r in out if not any(o is not r and r.old in o.old and r.new in o.new for o in out)]
    return sorted(out, key=lambda r: -r.rules)


def mark_renamed(changes: list[Change], old_text: dict[str, str], new_text: dict[str, str],
                 renames: list[Rename]) -> None:
    """A changed rule whose whole change is the release's renames becomes *renamed*; a moved
    one keeps *renumbered* but is flagged, so neither counts as a change of meaning."""
    if not renames:
        return
    for c in changes:
        if c.status in ("changed", "renumbered") and c.diff:
            if rename_only(old_text[c.old_number], new_text[c.new_number], renames):
                c.renamed = True
                if c.status == "changed":
                    c.status = "renamed"


def compare_releases(old: list[dict], new: list[dict]) -> tuple[list[Change], list[Rename]]:
    """``compare`` plus the renames it finds, with rename-only changes marked."""
    changes = compare(old, new)
    old_text = {r["number"]: full_text(r) for r in old}
    new_text = {r["number"]: full_text(r) for r in new}
    pairs = [(old_text[c.old_number], new_text[c.new_number]) for c in changes
             if c.status in ("changed", "renumbered") and c.diff]
    renames = find_renames(pairs)
    mark_renamed(changes, old_text, new_text, renames)
    return changes, renames
