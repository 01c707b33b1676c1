"""Replacement effects that change how many counters are put on a permanent (614.16).

Card vocabulary ``static: counters_put_instead`` with

- ``amount: twice`` ("twice that many", Corpsejack Menace; Doubling Season's counter half) or
  ``plus_one`` ("that many plus one", Hardened Scales, Pir);
- ``counter: "+1/+1"``: only counters of that kind (without it, every kind: "one or more
  counters ... that many plus one of each of those kinds");
- ``affects: permanents_you_control`` (the default), ``creatures_you_control`` or
  ``permanents_your_team_controls`` (Pir; in a game without teams "your team" is you, 102.4).

Counters "put" on a permanent are also those it enters the battlefield with (122.6), whatever
replacement effect gives them — a planeswalker's own loyalty counters (306.5b) included —, so the
effect modifies both the ``counters`` event (an effect puts counters) and the ``enter`` event
(614.16: "also if another replacement ... effect does so"). With two such effects the affected
permanent's controller chooses which applies first, then the other applies to the result
(616.1, 616.1e) — the replacement pipeline asks (``replacement.run``); each applies once (614.5).
A cost that puts counters (a loyalty ability's +N, 606.4) is not an effect and never gets here.
"""

from __future__ import annotations

from judge_app.engine.kernel import hooks, replacement
from judge_app.engine.kernel.messages import say
from judge_app.engine.kernel.replacement import Kind, register, src_en
from judge_app.engine.kernel.state import Game

STATIC = "counters_put_instead"
AMOUNTS = {"twice": lambda n: 2 * n, "plus_one": lambda n: n + 1}
AMOUNT_RU = {"twice": "вдвое больше", "plus_one": "на один больше"}
AMOUNT_EN = {"twice": "twice that many", "plus_one": "that many plus one"}
AFFECTS = ("permanents_you_control", "creatures_you_control", "permanents_your_team_controls")


def _covers(game: Game, e: dict, obj) -> bool:
    """Whether the effect's permanent quality fits ``obj``, on the battlefield (as it enters too)."""
    affects = e["ability"].get("affects", AFFECTS[0])
    if obj.zone != "battlefield" or (affects == "creatures_you_control" and not obj.is_creature):
        return False
    if affects == "permanents_your_team_controls":
        return hooks.team_rules().same_team(game, e["controller"], obj.controller)
    return obj.controller == e["controller"]


def _kinds(e: dict, counters: dict) -> list:
    """The kinds of counters among ``counters`` the effect changes."""
    only = e["ability"].get("counter")
    return [k for k, n in counters.items() if n > 0 and only in (None, k)]


def _applies(game: Game, e: dict, ev: dict) -> bool:
    if not _covers(game, e, ev["obj"]):
        return False
    if ev["kind"] == "counters":
        return bool(_kinds(e, {ev["counter"]: ev["amount"]}))
    return bool(_kinds(e, ev.get("counters") or {}))


def _apply(game: Game, e: dict, ev: dict):
    o, how = ev["obj"], e["ability"]["amount"]
    more = AMOUNTS[how]
    entering = ev["kind"] == "enter"
    if entering:
        counters = dict(ev["counters"])
        changed = _kinds(e, counters)
        for k in changed:
            counters[k] = more(counters[k])
        out = {**ev, "counters": counters}
        what = ", ".join(f"{k} × {counters[k]} вместо {ev['counters'][k]}" for k in changed)
        what_en = ", ".join(f"{counters[k]} {k} instead of {ev['counters'][k]}" for k in changed)
    else:
        out = {**ev, "amount": more(ev["amount"])}
        what = f"{ev['counter']} × {out['amount']} вместо {ev['amount']}"
        what_en = f"{out['amount']} {ev['counter']} instead of {ev['amount']}"
    say(game, "replace", "counter_amounts._apply.replace", [e["source"], o.id],
        replacement.keys(ev, ["replace_instead", "replace_tokens_counters"] + (["counters_put_entering"] if entering else [])),
        source_name=e['source_name'], source=e['source'], amount=AMOUNT_RU[how],
        note=f"{o.label()} выходит на поле битвы с жетонами: " if entering else f"на {o.label()} кладётся: ",
        what=what, src_en=src_en(game, e), amount_en=AMOUNT_EN[how], o=o, note2="enters with " if entering else "gets ",
        what_en=what_en)
    return out


register(Kind(STATIC, ("counters", "enter"), _applies, _apply,
              lambda g, e: f"«{e['source_name']}» ({e['source']}): {AMOUNT_RU[e['ability']['amount']]} жетонов",
              label_en=lambda g, e: f"{src_en(g, e)} ({e['source']}): {AMOUNT_EN[e['ability']['amount']]} counters"),
         statics=(STATIC,))
