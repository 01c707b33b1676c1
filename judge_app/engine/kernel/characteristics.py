"""Questions about characteristics, answered by the one computation of the layers
(``layers.py``, 613): power and toughness, keywords, the explanation of each layer."""

from __future__ import annotations

from dataclasses import dataclass, field

from judge_app.engine.kernel import layers
from judge_app.engine.kernel.state import Game, Obj


@dataclass
class PTComputation:
    power: int
    toughness: int
    steps: list = field(default_factory=list)   # (rule key, text)


def of(game: Game, obj: Obj):
    """The computed characteristics of ``obj`` (layers.Chars), or None for an object the
    layers do not cover (an ability on the stack, a hidden library card)."""
    return layers.chars_of(game, obj)


def compute_pt(game: Game, obj: Obj, explain: bool = False) -> PTComputation | None:
    """Power and toughness after all layers (613.3), or None for a non-creature.
    ``steps`` are the layer-7 steps [(citation key, text)], written only when ``explain``
    asks for them (most callers want the numbers alone)."""
    comp = layers.computed_of(game, obj)
    if comp is None or "creature" not in comp.chars.types:
        return None
    known = comp.asked.get(("pt", explain))   # one answer per state: SBA ask it of every creature each check
    if known is None:
        known = comp.asked[("pt", explain)] = _compute_pt(obj, comp, explain)
    return known


def _compute_pt(obj: Obj, comp, explain: bool) -> PTComputation:
    c = comp.chars
    steps = []
    if explain:
        base = obj.base
        steps = [("layer7", f"исходные значения: {_pt_text(base['power'], base['toughness'])}")]
        steps.extend((st.keys[0], st.text) for st in comp.steps if st.layer.startswith("7"))
    return PTComputation(c.power if c.power is not None else 0, c.toughness if c.toughness is not None else 0, steps)


def _pt_text(p, t) -> str:
    return f"{'*' if p is None else p}/{'*' if t is None else t}"


def pt(game: Game, obj: Obj) -> tuple:
    c = compute_pt(game, obj)
    return (c.power, c.toughness) if c else (None, None)


def explain_pt(game: Game, obj: Obj) -> list:
    """[(rule number, text)] for the layer-7 computation of ``obj``."""
    c = compute_pt(game, obj, explain=True)
    if c is None:
        return []
    return [(game.cite(k), text) for k, text in c.steps]


def explain(game: Game, obj: Obj) -> list:
    """Every layer that changed ``obj``: [{layer, rules: [numbers], text}] in the order applied."""
    return [{"layer": st.layer, "rules": [game.cite(k) for k in st.keys], "text": st.text}
            for st in layers.steps_of(game, obj)]


def explained_rules(game: Game, obj: Obj) -> list:
    """Every rule number the explanation of ``obj`` cites (613.1x for each layer it went through)."""
    out = [game.cite("layers")]
    for st in layers.steps_of(game, obj):
        out.extend(game.cite(k) for k in st.keys)
    if compute_pt(game, obj):
        out.append(game.cite("layer7"))
    return list(dict.fromkeys(out))


def keyword_name(k) -> str:
    """A keyword's name: ``flying``, or ``protection`` for ``{protection: {from: [red]}}``."""
    return next(iter(k)) if isinstance(k, dict) else str(k)


def effective_keywords(game, obj) -> tuple:
    """The keywords an object has now, as the layers computed them (layer 6, 613.1f): its own,
    plus those gained and minus those lost, in timestamp order; none under Humility. Same
    format as ``Obj.keywords``. Accepts an LKI dict too. The one place that decides: the
    keyword rules (rules/keywords) and everything else ask here."""
    if isinstance(obj, dict):
        return tuple(obj.get("keywords", ()))
    if game is None:
        return tuple(obj.keywords)
    c = of(game, obj)
    return tuple(c.keywords) if c is not None else tuple(obj.keywords)


def keyword_set(game, obj) -> set:
    """Keyword names of an object (an Obj or an LKI dict)."""
    return {keyword_name(k) for k in effective_keywords(game, obj)}


def keyword_names(game: Game | None, obj) -> list:
    """The keywords ``obj`` has now (printed or ad-hoc, plus those gained and minus those
    lost until end of turn, 613.1f), in order, without arguments (``effective_keywords``);
    an LKI dict gives the keywords it recorded."""
    out = []
    for k in effective_keywords(game, obj):
        name = next(iter(k), "") if isinstance(k, dict) else str(k)
        if name not in out:
            out.append(name)
    return out


def has_keyword(game: Game | None, obj, kw: str) -> bool:
    return kw in keyword_names(game, obj)


def loyalty(obj: Obj) -> int:
    return obj.counters.get("loyalty", 0)
