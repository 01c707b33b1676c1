"""Characteristics computed through the layers (613). Only layer 7 for now.

Nothing here is cached on the objects: power and toughness are recomputed from the
base card every time, and ``explain_pt`` returns the steps with the rules behind them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from judge_app.cards.model import COLORS
from judge_app.engine.state import Game, Obj


@dataclass
class PTComputation:
    power: int
    toughness: int
    steps: list = field(default_factory=list)   # (rule key, text)


def _creature_cards_in_graveyards(game: Game) -> int:
    n = 0
    for p in game.players:
        for oid in p.graveyard:
            o = game.objects[oid]
            if o.is_creature and not o.token:
                n += 1
    return n


def _static_modifiers(game: Game, obj: Obj) -> list:
    """Layer 7c effects from static abilities of permanents: (timestamp, p, t, text)."""
    out = []
    for sid in game.static_sources:
        src = game.objects[sid]
        for ab in src.abilities:
            kind = ab.get("static")
            if kind == "anthem":
                affects = ab.get("affects", "creatures_you_control")
                if affects == "creatures_you_control" and obj.controller != src.controller:
                    continue
                if affects == "other_creatures_you_control" and (obj.controller != src.controller or obj.id == src.id):
                    continue
                if affects.endswith("_creatures_you_control") and affects.split("_")[0] in COLORS:
                    if obj.controller != src.controller or affects.split("_")[0] not in obj.colors:
                        continue
                p, t = ab["pt"]
                out.append((src.timestamp, p, t, f"{p:+d}/{t:+d} от {src.label()} (статическая способность, метка времени {src.timestamp})"))
            elif kind == "enchanted" and src.attached_to == obj.id:
                p, t = ab["pt"]
                out.append((src.timestamp, p, t, f"{p:+d}/{t:+d} от {src.label()}, прикреплённой к нему (метка времени {src.timestamp})"))
    return out


def compute_pt(game: Game, obj: Obj, explain: bool = False) -> PTComputation | None:
    """Power and toughness after layer 7 (613.3), or None for a non-creature."""
    if not obj.is_creature:
        return None
    steps = [] if explain else None
    p = obj.power if obj.power is not None else 0
    t = obj.toughness if obj.toughness is not None else 0
    if explain:
        steps.append(("layer7", f"исходные значения: {p}/{t}"))
    on_bf = obj.zone == "battlefield"
    # 7a: characteristic-defining abilities
    for ab in obj.abilities:
        if ab.get("static") == "cda_lhurgoyf":
            n = _creature_cards_in_graveyards(game)
            p, t = n, n + 1
            if explain:
                steps.append(("layer7a", f"7a: определяющая характеристики способность — карт существ на кладбищах {n}, итого {p}/{t}"))
    mods, sets, switches = [], [], []
    for e in game.effects:
        if e["target"] != obj.id or e["incarnation"] != obj.incarnation:
            continue
        if e["kind"] == "set":
            sets.append(e)
        elif e["kind"] == "modify":
            mods.append((e["timestamp"], e["p"], e["t"], f"{e['p']:+d}/{e['t']:+d} до конца хода от «{e['source_name']}» (метка времени {e['timestamp']})"))
        elif e["kind"] == "switch":
            switches.append(e)
    # 7b: setting
    for e in sorted(sets, key=lambda e: e["timestamp"]):
        p, t = e["p"], e["t"]
        if explain:
            steps.append(("layer7b", f"7b: устанавливается {p}/{t} от «{e['source_name']}» (метка времени {e['timestamp']})"))
    # 7c: modifying, from resolved effects and static abilities, in timestamp order
    if on_bf:
        mods.extend(_static_modifiers(game, obj))
    for ts, dp, dt, text in sorted(mods, key=lambda m: m[0]):
        p += dp
        t += dt
        if explain:
            steps.append(("layer7c", f"7c: {text} → {p}/{t}"))
    # 7d: counters
    plus = obj.counters.get("+1/+1", 0)
    minus = obj.counters.get("-1/-1", 0)
    if plus or minus:
        p += plus - minus
        t += plus - minus
        if explain:
            steps.append(("layer7d", f"7d: жетоны +1/+1 ×{plus}, -1/-1 ×{minus} → {p}/{t}"))
    # 7e: switching
    for e in sorted(switches, key=lambda e: e["timestamp"]):
        p, t = t, p
        if explain:
            steps.append(("layer7e", f"7e: сила и выносливость меняются местами («{e['source_name']}», метка времени {e['timestamp']}) → {p}/{t}"))
    return PTComputation(p, t, steps or [])


def pt(game: Game, obj: Obj) -> tuple:
    c = compute_pt(game, obj)
    return (c.power, c.toughness) if c else (None, None)


def explain_pt(game: Game, obj: Obj) -> list:
    """[(rule number, text)] for the layer-7 computation of ``obj``."""
    c = compute_pt(game, obj, explain=True)
    if c is None:
        return []
    return [(game.cite(k), text) for k, text in c.steps]


def keyword_names(game: Game | None, obj) -> list:
    """The keywords ``obj`` has now (printed or ad-hoc, plus those gained and minus those
    lost until end of turn, 613.1f), in order, without arguments. The one place that
    decides: ``keywords.effective``; an LKI dict gives the keywords it recorded."""
    from judge_app.engine import keywords
    out = []
    for k in keywords.effective(game, obj):
        name = next(iter(k), "") if isinstance(k, dict) else str(k)
        if name not in out:
            out.append(name)
    return out


def has_keyword(game: Game | None, obj, kw: str) -> bool:
    return kw in keyword_names(game, obj)


def loyalty(obj: Obj) -> int:
    return obj.counters.get("loyalty", 0)
