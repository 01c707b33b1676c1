"""Parser for ``cr-en-fragment-201.txt``: English rule 201 scraped from mtg.ru.

Only lines that start with a rule number of section 201 (``201.1 …``, ``201.4a …``;
this older edition writes numbers *without* the trailing dot) are rules. Everything
else is site debris and is dropped: the page title, breadcrumb rows ``| … |``, the
navigation ``2. Parts of a Card << 200. General |`` (which looks like a chapter
heading but is not) and the footer table of users and cities.

The one exception is the example under 201.4b, which lost its start
(``Example: Quicksilver Elemental has "{U}``) and a ``{R}`` symbol with an image: what
is left are lines beginning with ``:``. They are kept, with ``…`` standing for each
lost symbol, as the example of 201.4b, and the rule gets a note saying so.
"""
from __future__ import annotations

import re

from judge_app.corpus.records import Rule

RULE_RE = re.compile(r"^(201)\.(\d+)([a-z]?)\.? (\S.*)$")
FRAGMENT_RE = re.compile(r"^: ")
TRUNCATION_NOTE = (
    "The example is truncated in the source: its opening (\"Example: Quicksilver "
    "Elemental has \"{U}\") and a mana symbol were lost with an image; only the "
    "fragments after them survive."
)


def parse_fragment(text: str, doc_id: str) -> list[Rule]:
    """Rules 201.1–201.5 with 201.4a–c, in document order."""
    rules: list[Rule] = []
    fragments: list[str] = []
    for no, raw in enumerate(text.split("\n"), 1):
        line = raw.strip()
        m = RULE_RE.match(line)
        if m:
            _close_example(rules, fragments)
            section, rule, letter, body = m.groups()
            number = f"{section}.{rule}{letter}"
            parent = f"{section}.{rule}" if letter else section
            rules.append(Rule(doc_id, number, "subrule" if letter else "rule", parent,
                              len(rules), text=body, line=no))
        elif FRAGMENT_RE.match(line) and rules:
            fragments.append(line)
        else:
            _close_example(rules, fragments)
    _close_example(rules, fragments)
    return rules


def _close_example(rules: list[Rule], fragments: list[str]) -> None:
    if fragments:
        rules[-1].examples.append("…" + "…".join(fragments))
        rules[-1].notes.append(TRUNCATION_NOTE)
        fragments.clear()
