"""A cast trigger that gives the spell that triggered it a keyword, with no duration: "whenever a
player casts a black, red, or green creature spell, it gains devour 5" (Jund, a plane card).
Written for the example of 614.13b (CR 2026-01-16): Thunder-Thrash Elder with devour 3 gains
devour 5, and as it enters Runeclaw Bear can be sacrificed for one of the two, not both.

``{spell_gains_keyword: {devour: 5}}`` in a ``player_casts`` / ``you_cast`` ability: the spell is
the one that triggered it (``_that_spell``), while it is still that object on the stack (400.7).
The keyword is a layer-6 effect (613.1f) on the spell that goes on applying to the permanent it
becomes (400.7a, ``events.move``); a plane card's abilities work from the command zone (113.6n,
``triggers.on_cast``).
"""

from __future__ import annotations

from judge_app.engine.kernel import hooks
from judge_app.engine.kernel.messages import say
from judge_app.engine.rules import stack_fights
from judge_app.engine.rules.keywords import KW_RU

KEY = "spell_gains_keyword"


def run(game, so, e: dict, at) -> None:
    spell = stack_fights.that_spell(game, so)
    if spell is None:   # countered, or already resolved: "it" is gone (400.7)
        return
    kw = e[KEY]
    name = next(iter(kw)) if isinstance(kw, dict) else kw
    ts = game.next_ts()
    game.effects.append({"kind": "gain_keyword", "keyword": kw, "target": spell.id, "incarnation": spell.incarnation,
                         "timestamp": ts, "until": None, "source_name": at.info.get("name_ru", "")})
    what = f"{KW_RU.get(name, name)} {kw[name]}" if isinstance(kw, dict) else KW_RU.get(name, name)
    say(game, "effect", "spell_keywords.run.gains", [spell.id], ["layer6_abilities", "timestamp_effect", "spell_effects_carry"],
        spell=spell, what=what, what_en=f"{name} {kw[name]}" if isinstance(kw, dict) else name, ts=ts)


hooks.register(hooks.INSTRUCTION, run, keys=(KEY,))
