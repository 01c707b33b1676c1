"""A library board played under another rules release, compared with its own run.

``judge scenario run scenarios --rules 2026-01-16`` plays each board twice: in the release
it names and in the one asked for. The rule numbers the board expects (``refused: {rule}``,
``fired``, ``not_fired``, ``explains``) are carried into the other release first: the
engine's citation keys where the engine cites the rule (curated, scripts/derive_citations.py),
else the corpus drift chain; a rule the other release no longer has can't be expected there.
A board differs when its final position (life, zones, damage, counters, result, the decision
owed) or whether its expectations hold differs; a board the other release cannot even load
(an order of blockers in 2026) differs too, with the loader's line-numbered reason.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from pathlib import Path

from judge_app import safe_yaml
from judge_app.cards.model import default_pool
from judge_app.engine.kernel import citations
from judge_app.scenarios import loader, runner

RULE_LISTS = ("fired", "not_fired")


@dataclass
class Comparison:
    id: str
    file: str
    own: str
    other: str
    differs: bool
    reasons: list = field(default_factory=list)

    def to_dict(self) -> dict:
        return {"id": self.id, "file": self.file, "rules_version": self.own, "compared_with": self.other,
                "differs": self.differs, "reasons": self.reasons}


def number_map(own: str, other: str) -> dict:
    """Rule number in ``own`` -> its number in ``other`` (None: ``other`` has no such rule)."""
    out: dict = {}
    if own < other:
        from judge_app import services
        from judge_app.corpus.drift import forward, texts

        corpus = services.corpus(progress=False)
        out = dict.fromkeys(texts(corpus, own))   # a rule of ``own`` the chain loses: None
        out.update({old: new for old, (new, _origin) in forward(corpus, own, other).items()})
    for key in citations.keys():   # the engine's own citations win: their numbers were read, not followed
        a, b = citations.all_numbers(own).get(key), citations.all_numbers(other).get(key)
        if a:
            out[a] = b
    return out


def _carry(number, nmap: dict):
    """A number of the board's release in the other one; one the board's release does not
    have (a 2019 board saying a 2020 number is not cited) stays a number nothing cites."""
    n = str(number)
    if n in nmap:
        return nmap[n] if nmap[n] else f"(нет в этом выпуске: {n})"
    return f"(нет в выпуске доски: {n})" if nmap and re.fullmatch(r"\d{3}\.\d+[a-z]?", n) else n


def carried(sc: loader.Scenario, nmap: dict) -> loader.Scenario:
    """``sc`` with the rule numbers of its script and expectations carried by ``nmap``."""
    script = []
    for line, a in sc.script:
        if "refused" in a and isinstance(a["refused"], dict):
            a = dict(a, refused=dict(a["refused"], rule=_carry(a["refused"]["rule"], nmap)))
        script.append((line, a))
    expect = []
    for line, e in sc.expect:
        e = dict(e)
        for k in RULE_LISTS:
            if k in e:
                e[k] = [_carry(r, nmap) for r in e[k]]
        if isinstance(e.get("explains"), dict):
            e["explains"] = {ref: [_carry(r, nmap) for r in (w if isinstance(w, list) else [w])]
                             for ref, w in e["explains"].items()}
        expect.append((line, e))
    return replace(sc, script=script, expect=expect, layer_memo={})


def outcome(game) -> dict:
    """What a run ends in, without its trace (which cites each release's numbers)."""
    return {"result": game.result,
            "decision": game.decision.kind if game.decision else None,
            "players": {p.name: (p.life, p.poison, sorted(p.hand), sorted(p.graveyard), sorted(p.exile))
                        for p in game.players},
            "objects": {oid: (o.zone, o.controller, o.damage, o.tapped, sorted(o.counters.items()))
                        for oid, o in game.objects.items() if o.zone != "stack"}}


def _differences(a: dict, b: dict) -> list:
    out = []
    for k in ("result", "decision"):
        if a[k] != b[k]:
            out.append(f"{k}: {a[k]} → {b[k]}")
    for name in a["players"]:
        if a["players"][name] != b["players"].get(name):
            out.append(f"{name}: {a['players'][name]} → {b['players'].get(name)}")
    for oid in sorted(set(a["objects"]) | set(b["objects"])):
        if a["objects"].get(oid) != b["objects"].get(oid):
            out.append(f"{oid}: {a['objects'].get(oid)} → {b['objects'].get(oid)}")
    return out


def compare(path: Path, other: str, maps: dict) -> Comparison:
    """Play the board at ``path`` in its own release and in ``other``; ``maps`` caches number maps."""
    own_sc = loader.load(path)
    text = safe_yaml.read_text(Path(path))
    cmp = Comparison(own_sc.id, str(path), own_sc.rules_version, other, False)
    if own_sc.rules_version == other:
        return cmp
    data = loader.parse_text(text, str(path))
    data["rules_version"] = other
    try:
        other_sc = loader.from_data(data, str(path), default_pool(), Path(path).stem)
    except loader.ScenarioInvalid as exc:
        cmp.differs = True
        cmp.reasons = [f"не играется по {other}: {i}" for i in exc.issues]
        return cmp
    key = (own_sc.rules_version, other)
    if key not in maps:
        maps[key] = number_map(*key)
    mine, theirs = runner.run(own_sc), runner.run(carried(other_sc, maps[key]))
    cmp.reasons = _differences(outcome(mine.game), outcome(theirs.game))
    if mine.passed != theirs.passed:
        cmp.reasons += [f"{other}: строка {ln}: {m}" for ln, m in theirs.failures] or \
                       [f"{own_sc.rules_version}: строка {ln}: {m}" for ln, m in mine.failures]
    cmp.differs = bool(cmp.reasons)
    return cmp
