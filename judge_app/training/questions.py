"""Questions generated from the scenario library; every answer is what the engine did.

Four kinds, each read off one run of the scenario (``trace.record``):

- ``outcome``: a life total, where an object ends up, a creature's P/T after all effects
  (the state when the script ends);
- ``legality``: is this attack / block / cast / activation legal, and if not, which rule
  forbids it (the engine's refusal and its citation);
- ``rule``: which rule decided event N, among real rules of the same parent;
- ``next``: what happens next from a position in the middle of the trace.

Nothing is hand-keyed: a question's right answer is the engine's, its distractors are
chosen by a seed made from the question id (the same bank on every run), its topics are
the CR sections cited by the events it is about, its level comes from the scenario
(decisions scripted, layers and replacement/prevention effects involved, tags).
"""
from __future__ import annotations

import hashlib
import random
import re
import threading
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from .. import paths
from judge_app.engine.variants import two_headed_giant
from ..scenarios import loader
from . import describe, explain, fairness, position, rulebook, trace

KINDS = ("outcome", "legality", "rule", "next")
KIND_NAMES = {"outcome": ("Итог", "Outcome"), "legality": ("Законность", "Legality"),
              "rule": ("Какое правило", "Which rule"), "next": ("Что дальше", "What next")}
LEVELS = (1, 2, 3)

# Events that are bookkeeping, not a rules decision worth a question.
ROUTINE_EVENTS = {"pass", "step", "priority", "step_end", "decision", "mana", "pay", "cast_begin", "cast",
                  "tap", "targets", "combat_damage", "turn", "cleanup_priority", "untap", "strike_note",
                  "stack_given", "choice"}
# Rules every trace cites that decide nothing in particular.
ROUTINE_RULES = {"117.3a", "117.3b", "117.3c", "117.3d", "117.4", "117.5", "400.7", "500.2", "405.1", "405.5",
                 "608.2k", "119.3"}
# Rules an event cites for the procedure it is part of rather than for what decided it: a
# «which rule» question asks for one of them only when the event cites nothing more specific
# (a Shock's damage is decided by 120.3e, not by 608.2c «follow the instructions»; a single
# trigger is put on the stack by 603.3, not ordered by 603.3b/101.4).
GENERIC_RULES = {"608.2c", "603.3b", "101.4", "601.2a", "601.2c", "601.2h", "601.2i", "602.2", "117.3c", "117.3d",
                 "117.4", "405.5", "115.1", "400.7", "405.1", "608.2k", "605.3b", "106.4", "704.3", "608.2f",
                 "121.1"}   # 121.1: what a draw is; an attempt on an empty library is 121.4
# Generic rules asked for only when the event cites nothing else at all: casting during a
# resolution (608.2f) is the frame, not why a cast could or could not happen (601.2c, 614.17a).
LAST_RESORT_RULES = {"608.2f"}
# Bookkeeping an event cites that never decides it: never the answer of a «which rule» question
# (a timestamp on entering a zone is not why a permanent entered: that is 608.3).
NEVER_ANSWER = {"613.6c"}
# «What happens next?» asks for what the rules make happen, never a player's free choice,
# and never past a choice the page does not show.
CHOICE_KINDS = {"cast_begin", "activate", "attack", "block", "play_land", "assign", "divide", "order", "choice",
                "decision", "mode", "x", "replace_order", "prevent_choice", "may_no", "alt_cost", "no_attackers",
                "no_blockers", "scry", "search", "unless", "coin", "shuffle", "reveal", "library", "total_cost",
                "targets", "pay", "mana"}
PASSING = ("priority", "pass", "step", "blocked")
# What keeps a creature on the battlefield, said first when explaining why it stays.
MOVE_KINDS = {"sba", "zone_change", "destroy", "sacrifice", "exile", "bounce", "cease", "replace", "discard", "return"}
SAVING_KINDS = {"prevent", "prevent_extra", "shield", "regenerate", "indestructible", "replace", "cant_lose"}   # a «what next» position follows one of these
MAX_PER_KIND = {"outcome": 4, "legality": 3, "rule": 3, "next": 2}
ZONES = ("battlefield", "graveyard", "exile", "hand", "library")
ZONE_NAMES = {"battlefield": ("поле битвы", "battlefield"), "graveyard": ("кладбище", "graveyard"),
              "exile": ("изгнание", "exile"), "hand": ("рука", "hand"), "library": ("библиотека", "library"),
              "stack": ("стек", "stack"), "command": ("командная зона", "command zone"),
              "none": ("перестанет существовать", "ceases to exist")}   # a token off the battlefield (704.5d)
QUESTION_ID_RE = re.compile(r"[A-Za-z0-9_.\-]{1,120}/(outcome|legality|rule|next)/[A-Za-z0-9_.\-]{1,60}")


@dataclass
class Option:
    key: str
    ru: str
    en: str

    def text(self, lang: str) -> str:
        return self.en if lang == "en" and self.en else self.ru


@dataclass
class Question:
    id: str                 # scenario/kind/slug: stable while the scenario is unchanged
    scenario_id: str
    kind: str
    prompt_ru: str
    prompt_en: str
    options: list           # [Option]
    answer: str             # the key of the right option
    step: int               # the board shown with the question: after this many events
    explain_step: int       # the stepper position that shows the answer
    rules: list             # the rules that decided it (cited in the explanation)
    topics: list            # CR sections, e.g. ["510", "702"]
    level: int
    rules_version: str
    context_ru: list = field(default_factory=list)   # what the players do, in words
    context_en: list = field(default_factory=list)
    accepted: list = field(default_factory=list)     # every option key graded right (the answer first)
    explanation_ru: str = ""                         # one or two sentences: what happened and the rule
    explanation_en: str = ""
    hide_pt: str | None = None                       # a P/T question: the object whose P/T the position hides

    def is_right(self, key: str) -> bool:
        return key == self.answer or key in self.accepted

    def explanation(self, lang: str) -> str:
        return self.explanation_en if lang == "en" and self.explanation_en else self.explanation_ru

    def prompt(self, lang: str) -> str:
        return self.prompt_en if lang == "en" and self.prompt_en else self.prompt_ru

    def context(self, lang: str) -> list:
        return self.context_en if lang == "en" and self.context_en else self.context_ru

    def option(self, key: str) -> Option | None:
        return next((o for o in self.options if o.key == key), None)


def _rng(qid: str) -> random.Random:
    return random.Random(int(hashlib.sha256(qid.encode()).hexdigest()[:16], 16))


def _shuffle(qid: str, options: list) -> list:
    out = list(options)
    _rng(qid).shuffle(out)
    return out


def _sections(rules) -> list[str]:
    """The question's topics: the CR sections of its rules, routine ones (priority, resolving) only
    when nothing else is cited, so that every answer counts towards some topic in the progress."""
    telling = [r for r in rules if r not in ROUTINE_RULES] or list(rules)
    counts = Counter(rulebook.section_of(r) for r in telling)
    return [s for s, _ in counts.most_common(3)]


def scenario_level(sc, events) -> int:
    """1-3 from the decisions scripted, layers (613) and replacement/prevention (614-616) cited, tags."""
    cited = {r for e in events for r in e.rules}
    score = sum(1 for _, a in sc.script if "refused" not in a)
    score += 2 * any(r.startswith("613") for r in cited)
    score += 2 * any(r.split(".")[0] in ("614", "615", "616") for r in cited)
    score += 2 * bool({"layers", "multiplayer", "apnap", "replacement"} & set(sc.tags))
    score += len(sc.players) > 2
    return 1 if score <= 3 else 2 if score <= 6 else 3


def _name(game, oid: str, lang: str) -> str:
    o = game.objects[oid]
    return (o.name_en or o.name_ru) if lang == "en" else (o.name_ru or o.name_en)


def _telling(rules, version: str) -> str | None:
    """The rule to quote in an explanation: the first one cited that is about the event's own
    matter (not routine, not the procedure it is part of); failing that, the first one cited."""
    real = [r for r in _dedupe(rules) if rulebook.exists(r, version)]
    telling = [r for r in real if r not in ROUTINE_RULES]
    specific = [r for r in telling if r not in GENERIC_RULES]
    return (specific or telling or real or [None])[0]


def _obj_events(events, oid: str) -> list:
    return [e for e in events if oid in e.objects]


# -- outcome -------------------------------------------------------------------------
def _numeric_options(qid: str, right: int, start: int) -> list[Option]:
    candidates = [right, start, right + 1, right - 1, right + 2, right - 2, 2 * right - start, right + 3]
    picked = []
    for c in candidates:
        if c not in picked:
            picked.append(c)
        if len(picked) == 4:
            break
    return [Option(str(c), str(c), str(c)) for c in sorted(picked)]


def _outcome(sc, tr: trace.Trace, start_board: dict, common: dict) -> list[Question]:
    game, events = tr.game, tr.events
    out = []
    start_life = {p["name"]: p["life"] for p in start_board["players"]}
    for i, p in enumerate(game.players, 1):
        if p.life == start_life.get(p.name):
            continue
        qid = f"{sc.id}/outcome/life-p{i}"
        who = two_headed_giant.team_of(game, p.name)   # Two-Headed Giant: the team's life (810.9)
        rules = [r for e in events if e.kind in ("damage", "life_gain", "life_loss", "lose")
                 and any(n in e.text_ru for n in who) for r in e.rules]
        changed = [e for e in events if any(n in e.text_ru for n in who)
                   and e.kind in ("damage", "life_gain", "life_loss", "set_life")]
        last = max((e.index for e in changed), default=len(events))
        q = Question(qid, sc.id, "outcome",
                     f"Сколько жизни будет у игрока {p.name}, когда всё это произойдёт?",
                     f"What will {p.name}'s life total be after all this?",
                     _numeric_options(qid, p.life, start_life[p.name]), str(p.life), 0, last,
                     _dedupe(rules), _sections(rules), **common)
        q.explanation_ru, q.explanation_en = explain.sentences(
            game, changed, _telling(rules, common["rules_version"]), common["rules_version"],
            {"ru": f"{p.name}: {start_life[p.name]} → {p.life}.", "en": f"{p.name}: {start_life[p.name]} → {p.life}."})
        out.append(q)
    start_pt, start_ids = {}, []
    for p in start_board["players"]:
        for o in p["battlefield"]:
            start_ids.append(o["id"])
            if o.get("pt"):
                start_pt[o["id"]] = o["pt"]
    for oid in start_ids:
        obj = game.objects.get(oid)
        if obj is None or "land" in [t.lower() for t in obj.types]:
            continue
        touched = _obj_events(events, oid)
        if obj.zone == "battlefield" and not any(e.kind in ("damage", "sba", "effect") for e in touched):
            continue
        qid = f"{sc.id}/outcome/zone-{_slug(oid)}"
        zones = [z for z in ZONES if z in ("battlefield", "graveyard", "exile", "hand") or z == obj.zone]
        if obj.token:
            zones.append("none")
        if obj.zone not in zones:
            zones.append(obj.zone)
        rules = [r for e in touched for r in e.rules]
        moved = [e for e in touched if e.index and e.kind not in ROUTINE_EVENTS
                 and (obj.zone != "battlefield" or e.kind in ("damage", "effect", "sba"))]
        q = Question(qid, sc.id, "outcome",
                     f"Где окажется «{_name(game, oid, 'ru')}», когда всё это произойдёт?",
                     f"Where will “{_name(game, oid, 'en')}” be after all this?",
                     [Option(z, *ZONE_NAMES[z]) for z in zones], obj.zone, 0,
                     moved[-1].index if moved else len(events), _dedupe(rules), _sections(rules), **common)
        saving = [e for e in touched if e.kind in SAVING_KINDS]
        received = [e for e in moved if e.objects and e.objects[0] != oid]   # done to it, not by it
        if obj.zone != "battlefield":   # the event that moved it there, and the one just before
            last = max((i for i, e in enumerate(moved) if e.kind in MOVE_KINDS), default=len(moved) - 1)
            key = moved[max(0, last - 1):last + 1]
        else:
            key = (saving or received)[:2]
        lead = ({"ru": f"«{_name(game, oid, 'ru')}» остаётся на поле битвы.",
                 "en": f"“{_name(game, oid, 'en')}” stays on the battlefield."} if obj.zone == "battlefield" else "")
        why = _telling([r for e in key for r in e.rules] or rules, common["rules_version"])
        if obj.zone == "battlefield" and not key:   # nothing was done to it: say so and what it did itself
            lead = {"ru": lead["ru"] + " Ни одно событие не нанесло ему смертельных повреждений и не убрало его:",
                    "en": lead["en"] + " Nothing dealt it lethal damage or removed it:"}
            key, why = moved[:2], None
        q.explanation_ru, q.explanation_en = explain.sentences(game, key, why, common["rules_version"], lead)
        out.append(q)
    from judge_app.engine.kernel import characteristics as ch
    for oid, before in start_pt.items():
        obj = game.objects.get(oid)
        if obj is None or obj.zone != "battlefield":
            continue
        c = ch.compute_pt(game, obj, explain=True)
        if c is None:
            continue
        now = f"{c.power}/{c.toughness}"
        layered = [game.cite(k) for k, _ in c.steps]
        if now == before:   # the position shows it already: no question (the answer would be in sight)
            continue
        qid = f"{sc.id}/outcome/pt-{_slug(oid)}"
        bp, bt = (int(x) for x in before.split("/"))
        cands = [now, before, f"{c.power + 1}/{c.toughness + 1}", f"{c.power - 1}/{c.toughness - 1}",
                 f"{c.toughness}/{c.power}", f"{c.power + bp}/{c.toughness + bt}", f"{c.power}/{c.toughness + 1}"]
        picked = []
        for x in cands:
            if x not in picked and (x == now or not x.startswith("-")):   # the answer may be negative (Water Servant)
                picked.append(x)
        rules = layered or [r for e in _obj_events(events, oid) for r in e.rules]
        q = Question(qid, sc.id, "outcome",
                     f"Какими будут сила и выносливость «{_name(game, oid, 'ru')}», когда всё это произойдёт?",
                     f"What will “{_name(game, oid, 'en')}”'s power and toughness be after all this?",
                     _shuffle(qid, [Option(x, x, x) for x in picked[:4]]), now, 0, len(events),
                     _dedupe(rules), _sections(rules) or ["613"], **common)
        q.hide_pt = oid
        steps = "; ".join(position.clean(game, t) for _, t in c.steps)
        q.explanation_ru, q.explanation_en = explain.sentences(
            game, [], _telling(layered[::-1] or rules, common["rules_version"]), common["rules_version"],
            {"ru": f"«{_name(game, oid, 'ru')}»: {steps} — итого {now}.",
             "en": f"“{_name(game, oid, 'en')}”: {steps} — {now} in all."})
        out.append(q)
    return out


# -- legality ------------------------------------------------------------------------
LEGAL = "legal"


def _rule_options(qid: str, right: str, version: str, avoid: set, n: int = 3) -> list[str]:
    sibs = [s for s in rulebook.siblings(right, version) if s not in avoid]
    picked = sorted(_rng(qid).sample(sibs, min(n, len(sibs))), key=lambda s: sibs.index(s))
    return picked


def _rule_option(number: str, version: str) -> Option:
    return Option(number, rulebook.label(number, version, "ru"), rulebook.label(number, version, "en"))


def _forbidding_rule(cited: list, version: str, procedure: set) -> str | None:
    """The rule that forbids a refused action: the first cited rule that is not part of the
    action's own procedure (what the engine cites when it accepts such an action, 508.1 for an
    attack); failing that, the most specific one cited (508.1a rather than 508.1)."""
    real = [r for r in cited if rulebook.exists(r, version)]
    own = [r for r in real if r not in procedure]
    if own:
        return own[0]
    specific = [r for r in real if not any(o != r and o.startswith(r) for o in real)]
    return (specific or real or [None])[0]


def _forbidding(qid: str, act: str, version: str, refusals: dict, avoid: set, base: str | None, n: int) -> list[str]:
    """Distractors for a legality question: rules the engine cites when it refuses the same
    kind of action elsewhere in the library, then the right rule's siblings."""
    pool = sorted({r for r in refusals.get(act, ()) if r not in avoid and rulebook.exists(r, version)})
    picked = _rng(qid).sample(pool, min(n, len(pool)))
    if len(picked) < n and base:
        picked += [r for r in _rule_options(qid, base, version, avoid | set(picked), n - len(picked))]
    return picked


def _legality(sc, tr: trace.Trace, common: dict, version: str, refusals: dict, pool: dict) -> list[Question]:
    out = []
    refused = [a for a in tr.attempts if a.refused]
    accepted = [a for a in tr.attempts if not a.refused and (a.act in ("attack", "block")
                or (isinstance(a.value, dict) and a.value.get("targets")))]
    for a in refused + accepted[:max(0, 1 - len(refused)) + (1 if refused else 0)]:
        procedure = {r for e in pool.get(trace.FIRST_EVENT[a.act], ()) for r in e.rules}
        right = _forbidding_rule(a.refused_rules, version, procedure) if a.refused else None
        if a.refused and right is None:
            continue
        qid = f"{sc.id}/legality/l{a.line}"
        if a.refused:
            rules = [right] + _forbidding(qid, a.act, version, refusals, set(a.refused_rules), right, 2)
            answer, cited = right, a.refused_rules
        else:
            ev = next((e for e in tr.events if e.index == a.at + 1), None)
            cited = list(ev.rules) if ev else []
            base = next((r for r in cited if rulebook.exists(r, version) and rulebook.siblings(r, version)), None)
            if base is None:
                continue
            rules = _forbidding(qid, a.act, version, refusals, set(cited), base, 3)
            answer = LEGAL
        if len(rules) < 2:
            continue
        options = [Option(LEGAL, "Законно", "Legal")] + [
            Option(r, f"Незаконно: {rulebook.label(r, version, 'ru')}", f"Illegal: {rulebook.label(r, version, 'en')}")
            for r in sorted(rules)]
        by = a.by or tr.actors.get(a.line)
        what_ru = describe.action(tr.game, a.act, a.value, by, "ru")
        what_en = describe.action(tr.game, a.act, a.value, by, "en")
        q = Question(qid, sc.id, "legality",
                     f"{what_ru}. Законно ли это в показанной позиции? Если нет — какое правило запрещает?",
                     f"{what_en}. Is this legal in the position shown? If not, which rule forbids it?",
                     options, answer, a.at, a.at, _dedupe(cited), _sections(cited), **common)
        q.context_ru = describe.script(sc, tr.game, "ru", a.line, tr)
        q.context_en = describe.script(sc, tr.game, "en", a.line, tr)
        if a.refused:
            said = position.clean(tr.game, a.refused_message).rstrip(".")
            q.explanation_ru, q.explanation_en = explain.sentences(
                tr.game, [], right, version, {"ru": f"Незаконно: {said}.", "en": "Illegal: the engine refused it."})
        else:
            q.explanation_ru, q.explanation_en = explain.sentences(
                tr.game, [ev] if ev else [], _telling(cited, version), version,
                {"ru": "Законно: ни одно правило этого не запрещает, и движок выполнил действие:",
                 "en": "Legal: no rule forbids it, and the engine carried it out:"})
        out.append(q)
    return out


# -- which rule ----------------------------------------------------------------------
def deciding_rule(event, version: str) -> str | None:
    """The most specific rule an event cites that has siblings to confuse it with: a rule of
    the event's own matter before one of the procedure it is part of (GENERIC_RULES)."""
    candidates = [r for r in event.rules if r not in ROUTINE_RULES and r not in NEVER_ANSWER
                  and rulebook.exists(r, version) and len(rulebook.siblings(r, version)) >= 3]
    if not candidates:
        return None
    return min(candidates, key=lambda r: (r in GENERIC_RULES, r in LAST_RESORT_RULES, not r[-1].isalpha(),
                                          candidates.index(r)))


def _which_rule(sc, tr: trace.Trace, common: dict, version: str) -> list[Question]:
    out, used = [], set()
    for e in tr.events:
        if e.kind in ROUTINE_EVENTS:
            continue
        right = deciding_rule(e, version)
        if right is None or right in used:
            continue
        used.add(right)
        qid = f"{sc.id}/rule/e{e.index}"
        distract = _rule_options(qid, right, version, set(e.rules), 3)
        options = _shuffle(qid, [_rule_option(r, version) for r in [right] + distract])
        text_ru = position.clean(tr.game, e.text_ru).rstrip(".")
        text_en = position.clean(tr.game, e.text_en or e.text_ru).rstrip(".")
        q = Question(qid, sc.id, "rule",
                     f"Событие {e.index} — {text_ru}. Какое правило это определило?",
                     f"Event {e.index} — {text_en}. Which rule decided it?",
                     options, right, e.index, e.index, list(e.rules), _sections([right]), **common)
        # every rule the event cites that is offered is graded right (only the answer is, as
        # distractors are drawn from rules the event does not cite)
        q.accepted = [o.key for o in options if o.key in e.rules]
        q.explanation_ru, q.explanation_en = explain.sentences(tr.game, [e], right, version)
        out.append(q)
    return _spread(out, MAX_PER_KIND["rule"])


# -- what next -----------------------------------------------------------------------
def _what_next(sc, tr: trace.Trace, common: dict, pool: dict) -> list[Question]:
    """«The position after event N: what happens next?» — what the rules make happen.

    The answer is never a player's free choice (CHOICE_KINDS; a damage assignment only when it
    is the one legal split); the announcement «разрешается X» is passed over, so the answer is
    what the resolution does; the position is taken just after players passed priority (no
    choice in between that the page would not show). Options never include another event of
    the same moment (simultaneous state-based actions, the rest of a resolution): only earlier
    events, events after the next pass of priority, or events of the same kind elsewhere."""
    out = []
    events = tr.events
    version = common["rules_version"]
    for e in events[1:]:
        if e.kind in ROUTINE_EVENTS or e.kind == "resolve" or (e.kind in CHOICE_KINDS and not (
                e.kind == "assign" and "единственное законное" in e.text_ru)):
            continue
        j = e.index - 1                       # the position: after event j
        while j >= 1 and events[j - 1].kind == "resolve":
            j -= 1
        if j < 1 or events[j - 1].kind not in PASSING or e.index - j > 2:
            continue
        # the same moment runs to the next pass of priority: a resolution, the state-based actions
        # and triggers right after it are never offered as «wrong» next events
        burst_end = next((x.index for x in events[e.index:] if x.kind in ("pass", "step")), len(events) + 1)
        qid = f"{sc.id}/next/e{e.index}"
        others = ([x for x in events[burst_end:] if x.kind not in ROUTINE_EVENTS]
                  + [x for x in events[:j] if x.kind not in ROUTINE_EVENTS])
        if len(others) < 3:
            others += [x for x in pool.get(e.kind, []) if x.text_ru != e.text_ru]
        clean = {id(x): position.clean(tr.game, x.text_ru) for x in [e] + others}
        seen, distract = {clean[id(e)]}, []
        for x in others:
            if clean[id(x)] not in seen and x.kind != "resolve":
                seen.add(clean[id(x)])
                distract.append(x)
            if len(distract) == 3:
                break
        if len(distract) < 2:
            continue
        options = _shuffle(qid, [Option(f"e{x.index}" if x in events else f"x{i}", clean[id(x)],
                                        position.clean(tr.game, x.text_en or x.text_ru))
                                 for i, x in enumerate([e] + distract)])
        q = Question(qid, sc.id, "next",
                     f"Позиция после события {j}. Что произойдёт дальше?",
                     f"The position after event {j}. What happens next?",
                     options, f"e{e.index}", j, e.index, list(e.rules), _sections(e.rules), **common)
        q.explanation_ru, q.explanation_en = explain.sentences(tr.game, [e], _telling(e.rules, version), version)
        out.append(q)
    return _spread(out, MAX_PER_KIND["next"])


def _spread(items: list, n: int) -> list:
    """At most ``n`` items, taken evenly through the trace (first, middle, last …)."""
    if len(items) <= n:
        return items
    step = (len(items) - 1) / (n - 1) if n > 1 else 0
    return [items[round(i * step)] for i in range(n)]


def _slug(s: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.\-]", "_", s)[:60]


def _dedupe(items) -> list:
    return list(dict.fromkeys(items))


# -- the bank ------------------------------------------------------------------------
def position_of(sc, step: int, lang: str = "ru", hide_pt: str | None = None, cache: dict | None = None) -> dict:
    """The position a question shows: the game after ``step`` events (``position.build``)."""
    from ..scenarios import runner

    key = (sc.id, step)
    game = cache.get(key) if cache is not None else None
    if game is None:
        game = runner.state_at(sc, step)[0]
        if cache is not None:
            cache[key] = game
    return position.build(game, lang, hide_pt)


def _events_about(q: Question, events: list) -> list:
    if q.kind == "rule":
        return [e for e in events if e.index == q.step]
    return events[:max(q.step, q.explain_step)] if q.kind != "outcome" else events


def candidates(sc, pool: dict | None = None, tr: trace.Trace | None = None,
               refusals: dict | None = None) -> tuple[trace.Trace, list[Question]]:
    """Every question the scenario's run suggests, before the fairness checks."""
    from judge_app.engine.rules import view
    from ..scenarios import runner

    tr = tr or trace.record(sc)
    if not tr.passed:
        return tr, []
    version = rulebook.version_or_default(sc.rules_version)
    start = view.board_dict(runner.build(sc))
    level = scenario_level(sc, tr.events)
    common = {"level": level, "rules_version": version}
    script_ru = describe.script(sc, tr.game, "ru", None, tr)
    script_en = describe.script(sc, tr.game, "en", None, tr)
    outcome = _outcome(sc, tr, start, common)
    for q in outcome:
        q.context_ru, q.context_en = script_ru, script_en
    return tr, (outcome + _legality(sc, tr, common, version, refusals or {}, pool or {})
                + _which_rule(sc, tr, common, version) + _what_next(sc, tr, common, pool or {}))


def for_scenario(sc, pool: dict | None = None, tr: trace.Trace | None = None,
                 refusals: dict | None = None, dropped: list | None = None) -> list[Question]:
    """All fair questions one scenario yields (none if its run fails its expectations).

    Each candidate is checked (``fairness.problems``) against the position it would show; an
    unfair one is left out (and noted in ``dropped`` as (question, problems) when given)."""
    tr, found = candidates(sc, pool, tr, refusals)
    games: dict = {}
    kept, per_kind = [], Counter()
    for q in found:
        if q.kind in ("outcome", "legality") and per_kind[q.kind] >= MAX_PER_KIND[q.kind]:
            continue
        wrong = fairness.problems(q, position_of(sc, q.step, "ru", q.hide_pt, games), _events_about(q, tr.events))
        if wrong:
            if dropped is not None:
                dropped.append((q, wrong))
            continue
        per_kind[q.kind] += 1
        kept.append(q)
    return kept


def scenario_files(root: Path | None = None) -> list[Path]:
    root = root or paths.SCENARIOS_DIR
    return sorted(p for p in Path(root).rglob("*") if p.suffix in (".yaml", ".yml") and p.is_file())


class Bank:
    """Every question of the library, by id, with the scenario each came from."""

    def __init__(self, questions: list[Question], scenarios: dict, dropped: list | None = None):
        self.questions = questions
        self.by_id = {q.id: q for q in questions}
        self.scenarios = scenarios
        self.dropped = dropped or []     # [(question, [problem, …])]: generated, found unfair, left out

    def get(self, qid: str) -> Question | None:
        return self.by_id.get(qid)

    def select(self, kind: str | None = None, topic: str | None = None, level: int | None = None) -> list[Question]:
        return [q for q in self.questions if (not kind or q.kind == kind) and (not topic or topic in q.topics)
                and (not level or q.level == level)]

    def topics(self) -> list[str]:
        return sorted({t for q in self.questions for t in q.topics}, key=lambda s: (len(s), s))

    def counts(self) -> dict:
        """{"kind": {...}, "topic": {...}, "level": {...}, "total": N}: what the closing note quotes."""
        return {"total": len(self.questions),
                "scenarios": len(self.scenarios),
                "kind": dict(Counter(q.kind for q in self.questions)),
                "level": {str(k): v for k, v in sorted(Counter(q.level for q in self.questions).items())},
                "topic": dict(sorted(Counter(t for q in self.questions for t in q.topics).items(),
                                     key=lambda kv: (-kv[1], kv[0])))}


def build_bank(files: list[Path] | None = None) -> Bank:
    files = scenario_files() if files is None else files
    traces = []
    for f in files:
        try:
            traces.append(trace.record(loader.load(f)))
        except Exception:   # a broken file is reported by `judge scenario run`, not quizzed
            continue
    pool: dict = {}
    refusals: dict = {}
    for tr in traces:   # events by kind and refusals by action: distractors drawn from the library
        for e in tr.events:
            if e.kind not in ROUTINE_EVENTS:
                pool.setdefault(e.kind, []).append(e)
        for a in tr.attempts:
            refusals.setdefault(a.act, set()).update(a.refused_rules)
    questions, scenarios, dropped = [], {}, []
    for tr in traces:
        sc = tr.scenario
        try:
            qs = for_scenario(sc, pool, tr, refusals, dropped)
        except Exception:
            continue
        scenarios[sc.id] = sc
        questions.extend(qs)
    return Bank(questions, scenarios, dropped)


_bank_cache: dict = {}
_bank_lock = threading.Lock()


def bank() -> Bank:
    """The library's bank, rebuilt when a scenario file changes (one build at a time)."""
    files = scenario_files()
    stamp = tuple((str(f), f.stat().st_mtime_ns) for f in files)
    with _bank_lock:
        cached = _bank_cache.get("bank")
        if cached is None or cached[0] != stamp:
            _bank_cache["bank"] = (stamp, build_bank(files))
        return _bank_cache["bank"][1]
