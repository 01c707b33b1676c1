"""Why an object is what it is now: the answer a judge wants when they tap a card.

For one object of a game: its characteristics layer by layer (the engine's own breakdown,
``characteristics.explain``: effects in the order applied, their timestamps, dependencies and
rules), what it lost against its printed values, and why it can or can't attack, block or be
targeted (the engine's own checks: ``keywords.evasion``, ``effects.object_fits``). Plus the
timestamp order of the battlefield (613.6), which decides effects of one layer that don't
depend on each other (613.7).

Nothing here decides a rule: every reason is the engine's, every rule number a citation key
resolved for the game's rules version. Every line and what was lost come in Russian (``text``)
and English (``text_en``), rendered from the engine's reason table (``engine.reasons.REASONS``). The builder's play view asks for one object
(``service.explain``); the scenario stepper shows it for each object on the board
(``web.scenario_data.board_dict``); both draw it with ``templates/_why.html``.
"""
from __future__ import annotations

from judge_app.engine.kernel import characteristics as ch
from judge_app.engine.rules import effects
from judge_app.engine.kernel import layers
from judge_app.engine.rules.keywords import KW_RU, evasion, protection
from judge_app.engine.kernel.state import Game, Obj
from judge_app.engine.kernel.reasons import both, qualities, reason

from .vocabulary import KEYWORD_EN, STATICS, TRIGGERS

TARGET_WORDS = {"shroud": "target.shroud", "hexproof": "target.hexproof",   # why a permanent can't be
                "protection_target": "target.protection"}                    # targeted, by the engine's rule key


def _line(game: Game, keys, why) -> dict:
    ru, en = both(why)
    return {"rules": list(dict.fromkeys(game.cite(k) for k in keys)), "text": ru, "text_en": en}


def _kw_name(k) -> str:
    return next(iter(k), "") if isinstance(k, dict) else str(k)


ABILITY_WORDS = {"mana": ("мана-способность {{T}}: {{{mana}}}", "mana ability {{T}}: add {{{mana}}}"),
                 "activated": ("активируемая способность", "an activated ability"),
                 "as_enters": ("выбор при выходе на поле битвы", "a choice as it enters the battlefield")}


def _ability_words(a) -> tuple[str, str]:
    """A printed ability in words (the builder's vocabulary), for «what it lost»: (Russian, English)."""
    if not isinstance(a, dict):
        return str(a), str(a)
    if a.get("static") in STATICS:
        return STATICS[a["static"]][0], STATICS[a["static"]][1]
    if a.get("trigger") in TRIGGERS:
        ru, en = TRIGGERS[a["trigger"]][:2]
        return "«" + ru + ", …»", "“" + en[0].upper() + en[1:] + ", …”"
    for kind in ("mana", "activated", "as_enters"):
        if a.get(kind) is not None and a.get(kind) is not False:
            ru, en = ABILITY_WORDS[kind]
            return ru.format(mana=a.get("mana")), en.format(mana=a.get("mana"))
    said = ", ".join(str(k).replace("_", " ") for k in a)
    return said, said


def lost(game: Game, o: Obj) -> dict | None:
    """Printed keywords and abilities it doesn't have now, and the layer-6 effects that took
    them (613.1f); None when it lost nothing."""
    comp = layers.computed_of(game, o)
    if comp is None:
        return None
    base = layers.base_chars(o)
    now_kw = set(ch.keyword_names(game, o))
    gone = [n for n in dict.fromkeys(_kw_name(k) for k in base.keywords) if n and n not in now_kw]
    abilities = [_ability_words(a) for a in base.abilities if a not in comp.chars.abilities]
    if not gone and not abilities:
        return None
    by = [{"layer": s["layer"], "rules": s["rules"], "text": s["text"]} for s in ch.explain(game, o) if s["layer"] == "6"]
    return {"keywords": [KW_RU.get(n, n) for n in gone], "keywords_en": [KEYWORD_EN.get(n, n.replace("_", " ")) for n in gone],
            "abilities": [ru for ru, _en in abilities], "abilities_en": [en for _ru, en in abilities], "by": by}


def _opponents_creatures(game: Game, o: Obj) -> list[Obj]:
    return [game.objects[i] for i in game.battlefield
            if game.objects[i].controller != o.controller and game.objects[i].is_creature]


def attack(game: Game, o: Obj) -> dict:
    """Can it attack now (508.1a, 302.6, 702.3…), and who can't block it (509.1b)."""
    problems = evasion.attack_problems(game, o)
    lines = [_line(game, keys, why) for keys, why in problems]
    if not problems:
        lines.append(_line(game, ["attack_choose"], reason("attack.can")))
    for b in _opponents_creatures(game, o):
        for keys, why in evasion.pair_problems(game, b, o):
            lines.append(_line(game, keys, reason("block.they_cant", blocker=b, why=why)))
    return {"can": not problems, "lines": lines}


def block(game: Game, o: Obj) -> dict:
    """Can it block (509.1a), and whom it can't (509.1b: flying, protection…)."""
    problems = evasion.blocker_problems(game, o)
    lines = [_line(game, keys, why) for keys, why in problems]
    if not problems:
        lines.append(_line(game, ["block_choose"], reason("block.can")))
        for a in _opponents_creatures(game, o):
            for keys, why in evasion.pair_problems(game, o, a):
                lines.append(_line(game, keys, reason("block.it_cant", attacker=a, why=why)))
    return {"can": not problems, "lines": lines}


def target(game: Game, o: Obj) -> dict:
    """Can a player's spell or ability target it (115, 702.11 hexproof, 702.18 shroud, 702.16b)."""
    lines, can = [], True
    for p in game.players:
        ok, keys = effects.object_fits(game, "permanent", p.name, o, None)
        if not ok:
            can = False
            why = reason(next((TARGET_WORDS[k] for k in keys if k in TARGET_WORDS), "target.unfit"))
            lines.append(_line(game, keys, reason("target.for", player=p, why=why)))
    quals = protection.qualities(game, o)
    if quals:
        lines.append(_line(game, ["protection_target"], reason("target.protection_from", qualities=qualities(quals))))
    if can and not quals:
        lines.append(_line(game, ["targets"], reason("target.can")))
    return {"can": can, "lines": lines}


def of(game: Game, oid: str) -> dict | None:
    """Everything the popup shows for object ``oid`` now; None when the game has no such object."""
    o = game.objects.get(oid)
    if o is None or o.anonymous:
        return None
    out = {"id": oid, "name_ru": o.name_ru, "name_en": o.name_en or o.name_ru, "zone": o.zone,
           "timestamp": o.timestamp, "layers": [], "pt_steps": []}
    if o.stack_kind != "ability":
        out["layers"] = ch.explain(game, o)
    if o.zone != "battlefield":
        return out
    c = ch.compute_pt(game, o, explain=True)
    if c:
        out["pt"] = f"{c.power}/{c.toughness}"
        out["pt_steps"] = [{"rule": game.cite(k), "text": t} for k, t in c.steps]
        last = [s for s in out["layers"] if s["layer"].startswith("7")]
        if last:   # the answer: the effect that set or changed P/T last, with its place in the order
            out["verdict"] = last[-1]
    out["lost"] = lost(game, o)
    if o.is_creature:
        out["attack"], out["block"] = attack(game, o), block(game, o)
    else:
        out["combat"] = _line(game, ["combat_only_creatures"], reason("combat.not_creature"))
    out["target"] = target(game, o)
    return out


def order_rules(game: Game) -> list[str]:
    """The rules behind the order of entering: timestamps (613.6, 613.6c, 613.6d) and dependency (613.7a)."""
    return [game.cite("timestamp"), game.cite("timestamp_object"), game.cite("timestamp_attach"), game.cite("dependency")]


def timestamps(game: Game) -> dict:
    """The battlefield in timestamp order (613.6c: when it entered; 613.6d: an Aura when it
    became attached), with the rule line that says why the order matters."""
    objs = sorted((game.objects[i] for i in game.battlefield), key=lambda o: o.timestamp)
    return {"order": [{"id": o.id, "name_ru": o.name_ru, "name_en": o.name_en or o.name_ru,
                       "controller": o.controller, "timestamp": o.timestamp} for o in objs],
            "rules": order_rules(game)}
