"""Damage "divided as you choose among one, two, or three targets" in a TRIGGERED ability: the
targets and the division are chosen as it is put on the stack (603.3d, 601.2c–d). Written for
Inferno Titan (FAQ M2011 r283, issue 11).

Why a module: for a spell the division is announced while it is cast (601.2d, costs.py); a
triggered ability has no casting, but 603.3d makes putting it on the stack follow 601.2c–d,
so its controller chooses how many targets, which ones and the division right then — not as it
resolves. ``triggers.put_pending_on_stack`` asks here for an ability written
``{targets: [KIND], max_targets: N}`` with a ``{damage: D, to: each_target, divided: as_chosen}``
effect. The choice is ONE decision, ``divide_targets``, whose options are every legal answer
(one to N different legal targets, each given at least 1 of D): ``"elves:2,Боб:1"``. A script
may also answer with a mapping ``{elves: 2, Боб: 1}``. With no legal target the ability is
removed (603.3d); with one legal answer the engine makes it alone. The shares are kept on the
stack object (``choices["divide"]``) and dealt as for a spell (stack_fights._divided_as_chosen:
a target illegal on resolution gets nothing, 608.2b).
"""

from __future__ import annotations

from itertools import combinations
from types import SimpleNamespace

from judge_app.engine.kernel import hooks
from judge_app.engine.kernel.errors import InvalidInput, refuse
from judge_app.engine.kernel.messages import say
from judge_app.engine.kernel.state import Decision, Game
from judge_app.engine.rules import costs, effects, priority

DECISIONS = ("divide_targets",)


def handles(ability: dict) -> bool:
    return bool(ability.get("max_targets"))


def _total(ability: dict) -> int:
    return next(e["damage"] for e in ability.get("effects", ()) if e.get("divided") == "as_chosen")


def key(refs, shares) -> str:
    return ",".join(f"{r}:{n}" for r, n in zip(refs, shares))


def legal_answers(game: Game, ability: dict, chooser: str, source) -> dict:
    """{key: (refs, shares)}: every legal choice of targets and division, targets in the order
    the legal list gives them (a division is the same whatever order its targets are named in)."""
    legal = effects.legal_targets(game, ability["targets"][0], chooser, source)
    total = _total(ability)
    out = {}
    for n in range(1, min(ability["max_targets"], total, len(legal)) + 1):
        for refs in combinations(legal, n):
            for shares in costs.divisions(total, n):
                out[key(refs, shares)] = (list(refs), list(shares))
    return out


def _name(game: Game, ref: str) -> str:
    return ref if game.has_player(ref) else game.objects[ref].label()


def _source(game: Game, t: dict):
    """The permanent whose ability it is, while on the battlefield: protection from it counts (702.16b)."""
    o = game.objects.get(t["source"])
    return o if o is not None and o.zone == "battlefield" else None


def choose(game: Game, t: dict):
    """(targets as refs, shares) for the waiting trigger ``t``; None when the decision is owed
    now; False when nothing can be chosen (the ability is removed, 603.3d)."""
    pre = game.sba_choices.pop(("divide", id(t)), None)
    if pre is not None:
        return pre
    chooser = t.get("chooser", t["controller"])
    answers = legal_answers(game, t["ability"], chooser, _source(game, t))
    if not answers:
        return False
    if len(answers) == 1:
        only = next(iter(answers))
        game.answered_alone(chooser, "divide_targets", only)
        return answers[only]
    labels = {k: ", ".join(f"{_name(game, r)} — {n}" for r, n in zip(*v)) for k, v in answers.items()}
    total = _total(t["ability"])
    game.decision = Decision(
        by=chooser, kind="divide_targets", options=list(answers),
        text_ru=f"{chooser} выбирает цели способности «{t['source_name']}» ({t['source']}) — от одной до "
                f"{t['ability']['max_targets']} — и делит между ними {total} повреждения, каждой хотя бы 1",
        context={"trigger": id(t), "labels": labels, "answers": answers})
    say(game, "decision", "divide_targets_decision", [t["source"]], ["trigger_targets", "cast_divide"],
        chooser=chooser, source=t["source_name"], source_en=t.get("source_name_en") or t["source_name"])
    return None


def _as_key(d: Decision, value) -> str:
    if isinstance(value, list) and len(value) == 1:
        value = value[0]
    if isinstance(value, dict):
        given = {str(k): v for k, v in value.items()}
        match = [k for k, (refs, shares) in d.context["answers"].items() if dict(zip(refs, shares)) == given]
        value = match[0] if match else str(value)
    return str(value)


def answer(game: Game, value) -> None:
    d = game.decision
    k = _as_key(d, value)
    if k not in d.context["answers"]:
        if not isinstance(value, (dict, str, list)):
            raise InvalidInput(f"«{value}» — недопустимый ответ; нужно {{ЦЕЛЬ: число, …}} или один из: "
                               f"{', '.join(d.options)}")
        raise refuse(game, f"«{value}» — недопустимое деление: от одной до нескольких разных допустимых целей, "
                     f"каждой хотя бы 1, всего столько, сколько делится; допустимые: {', '.join(d.options)}",
                     "cast_divide", "trigger_targets")
    refs, shares = d.context["answers"][k]
    game.sba_choices[("divide", d.context["trigger"])] = (refs, shares)
    say(game, "choice", "trigger_division.answer.choice", [d.by] + refs, ["trigger_targets", "cast_divide"], by=d.by,
        label=d.context['labels'][k], k=k)
    game.decision = None
    priority.settle(game)


def announce(game: Game, ab, shares: list) -> None:
    """Keep the division on the stack object and say it (601.2d through 603.3d)."""
    ab.choices["divide"] = list(shares)
    ab.choices["target_kinds"] = list(ab.spell_targets[:1]) * len(shares)
    say(game, "divide", "trigger_division.announce.divide", [ab.id] + [t[1] for t in ab.targets],
        ["trigger_targets", "cast_divide"], ab=ab,
        list=", ".join(f"{_name(game, t[1])} — {n}" for t, n in zip(ab.targets, shares)))


hooks.register(hooks.DECISION, answer, keys=DECISIONS)


hooks.register(hooks.TRIGGER_TARGETS, SimpleNamespace(choose=choose, announce=announce), when=handles)
