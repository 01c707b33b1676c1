"""Continuous effects as the layer system sees them (611, 613): what each static ability
of the card vocabulary and each effect left by a resolved spell does, in which layers,
to which objects, with which timestamp.

``layers.compute`` asks this module for the effects in play (``gather``) and applies
their parts layer by layer. An effect is a ``CEffect``:

* ``parts`` — {layer: function(chars, ctx)} changing one object's characteristics;
* ``select`` — which objects a static ability affects, asked with the characteristics
  as they stand when the effect first applies (613.5: the same set in later layers);
  ``locked`` instead for an effect from a resolved spell (611.2c: fixed at creation);
* ``ability`` — the static ability that generates it: if its source no longer has that
  ability when the effect would first apply, the effect does not exist (613.7a);
* ``reads`` / ``writes`` — the characteristics that decide its existence, its set or
  what it does, and those it changes: only a pair where one writes what the other reads
  can be dependent (613.7a), and only such a pair is tried both ways;
* ``looks_around`` — what it does depends on objects other than the one it changes
  (Mind Control gives control to whoever controls the Aura): only then is "what it does"
  tried.
"""

from __future__ import annotations

from dataclasses import dataclass, field
import re
from typing import Callable

from judge_app.cards.model import COLORS
from judge_app.engine.kernel import hooks

LAYERS = ("1", "2", "3", "4", "5", "6", "7a", "7b", "7c", "7d", "7e")
LAYER_KEY = {"1": "layer1", "2": "layer2", "3": "layer3", "4": "layer4", "5": "layer5", "6": "layer6_abilities",
             "7a": "layer7a", "7b": "layer7b", "7c": "layer7c", "7d": "layer7d", "7e": "layer7e"}
BASIC_MANA = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}
LAND_TYPES_RU = {"Plains": "Равнина", "Island": "Остров", "Swamp": "Болото", "Mountain": "Гора", "Forest": "Лес"}
COLOR_RU = {"white": "белый", "blue": "синий", "black": "чёрный", "red": "красный", "green": "зелёный"}
TYPE_RU = {"creature": "существо", "enchantment": "чары", "land": "земля", "artifact": "артефакт",
           "planeswalker": "planeswalker", "instant": "мгновенное заклинание", "sorcery": "волшебство"}


@dataclass
class Chars:
    """The values of an object's characteristics (109.3) and its controller, while the
    layers are applied to them."""
    name_ru: str
    name_en: str
    cost: object
    colors: tuple
    types: tuple
    subtypes: tuple
    supertypes: tuple
    abilities: tuple
    keywords: tuple
    power: int | None
    toughness: int | None
    loyalty: int | None
    text_en: str
    controller: str
    flip: dict | None = None   # a flip card's other half (709.2): copied with it (706.3)
    front_mana_value: int | None = None   # a back face up: its front face's mana value (712.8e); not copiable

    def copy(self) -> "Chars":
        return Chars(**self.__dict__)

    @property
    def mana_value(self) -> int:
        """202.3: the mana in its mana cost; with no mana cost 0 (202.3a), except the back face of a
        double-faced permanent, whose mana value is its front face's (202.3b, 712.8e)."""
        if self.cost is not None:
            return self.cost.mana_value
        return self.front_mana_value or 0


COPIABLE = ("name_ru", "name_en", "cost", "colors", "types", "subtypes", "supertypes", "abilities", "keywords",
            "power", "toughness", "loyalty", "text_en", "flip")


def flipped_chars(c: Chars) -> Chars:
    """709.2: a flipped flip card has the name, type line, text and P/T of its flipped half;
    its mana cost and colour stay. Applied to the copiable values after copy effects, so a
    flipped permanent that copies an unflipped flip card is that card's flipped half (706.3)."""
    f = c.flip
    out = c.copy()
    out.name_ru = f["name"]
    out.name_en = f.get("name_en", "")
    for k in ("types", "subtypes", "supertypes", "keywords", "abilities"):
        if k in f:
            setattr(out, k, tuple(f[k]))
    out.power, out.toughness = f.get("power", c.power), f.get("toughness", c.toughness)
    out.text_en = f.get("text", "")
    return out


def face_down_chars(c: Chars) -> Chars:
    """707.2a: a 2/2 face-down creature with no text, no name, no subtypes and no mana cost
    (so colourless); it keeps its controller."""
    return Chars(name_ru="", name_en="", cost=None, colors=(), types=("creature",), subtypes=(), supertypes=(),
                 abilities=(), keywords=(), power=2, toughness=2, loyalty=None, text_en="", controller=c.controller)


def copiable_values(c: Chars) -> dict:
    """706.2: the values a copy acquires (after layer 1 only, so copies of copies work, 706.3)."""
    return {k: getattr(c, k) for k in COPIABLE}


@dataclass
class CEffect:
    key: str
    source: str | None
    source_name: str
    timestamp: int
    ts_rule: str                     # the citation key saying where the timestamp comes from
    parts: dict                      # layer -> fn(chars, ctx)
    text: str                        # Russian, for the explanation
    select: Callable | None = None   # (ctx, oid, chars) -> bool, for static abilities
    locked: frozenset | None = None  # 611.2c
    ability: dict | None = None
    cda: bool = False
    reads: frozenset = frozenset()
    writes: frozenset = frozenset()
    keys: tuple = ()                 # extra citation keys for the explanation (305.7, 611.2c, ...)
    ts_rank: int = 0                 # after the effects of the same timestamp: a granted ability's (613.7a)
    everywhere: bool = False         # may affect objects off the battlefield (Conspiracy, Painter's Servant)
    looks_around: bool = False       # what it does reads other objects (Mind Control: who controls the Aura):
                                     # only such an effect can depend on another for "what it does" (613.7a)
    extra: dict = field(default_factory=dict)


@dataclass
class Ctx:
    """What an effect may look at while it applies: the game and everybody's characteristics."""
    game: object
    chars: dict

    def on_battlefield(self, oid: str) -> bool:
        return self.game.objects[oid].zone == "battlefield"


def _kw_name(k) -> str:
    return next(iter(k)) if isinstance(k, dict) else str(k)


# -- the parts ------------------------------------------------------------------------

def _pt_mod(p, t):
    def fn(c: Chars, ctx):
        if c.power is not None:
            c.power += p
            c.toughness += t
    return fn


def _pt_set(p, t):
    def fn(c: Chars, ctx):
        c.power, c.toughness = p, t
    return fn


def _switch(c: Chars, ctx):
    if c.power is not None:
        c.power, c.toughness = c.toughness, c.power


def _lose_all(c: Chars, ctx):
    c.abilities, c.keywords = (), ()


def _add_types(*types):
    def fn(c: Chars, ctx):
        c.types = c.types + tuple(t for t in types if t not in c.types)
    return fn


def _add_subtype(st):
    def fn(c: Chars, ctx):
        if st not in c.subtypes:
            c.subtypes = c.subtypes + (st,)
    return fn


def _set_land_type(st):
    """305.7: a land whose subtype is set to a basic land type loses its other land types
    and the abilities from its rules text, and gains that type's mana ability."""
    def fn(c: Chars, ctx):
        c.subtypes = (st,)
        c.abilities = ({"mana": BASIC_MANA[st]},)
        c.keywords = ()
    return fn


def _gain_land_type(st):
    """305.7, last sentence: a land that gains a land type keeps its own and gains the mana ability."""
    def fn(c: Chars, ctx):
        if st not in c.subtypes:
            c.subtypes = c.subtypes + (st,)
        if {"mana": BASIC_MANA[st]} not in c.abilities:
            c.abilities = c.abilities + ({"mana": BASIC_MANA[st]},)
    return fn


def _set_creature_type(st):
    """Conspiracy: the creature types become the chosen one (other subtypes stay)."""
    def fn(c: Chars, ctx):
        others = tuple(s for s in c.subtypes if s in BASIC_MANA or s in ("Aura", "Equipment"))
        c.subtypes = others + (st,)
    return fn


def _add_color(col):
    def fn(c: Chars, ctx):
        if col not in c.colors:
            c.colors = tuple(x for x in COLORS if x in c.colors or x == col)
    return fn


def _set_controller(who):
    def fn(c: Chars, ctx):
        c.controller = who
    return fn


def _gain_kw(kw):
    def fn(c: Chars, ctx):
        c.keywords = c.keywords + (kw,)
    return fn


def _gain_kws(kws: tuple):
    def fn(c: Chars, ctx):
        c.keywords = c.keywords + kws
    return fn


def _lose_kw(kw):
    def fn(c: Chars, ctx):
        c.keywords = tuple(k for k in c.keywords if _kw_name(k) != _kw_name(kw))
    return fn


def _base_pt_mana_value(c: Chars, ctx):
    c.power = c.toughness = c.mana_value


def _copy(values: dict):
    def fn(c: Chars, ctx):
        for k, v in values.items():
            setattr(c, k, v)
        c.front_mana_value = None   # a copy of a back face has mana value 0 (712.8e): not a copiable value
    return fn


def _cda_count(counter):
    def fn(c: Chars, ctx):
        n = counter(ctx)
        c.power, c.toughness = n, n + 1
    return fn


def _cda_life_total(c: Chars, ctx):
    """"This creature's power and toughness are each equal to your life total": its controller's,
    counted anew in every state (611.3a; layers.state_key holds the life totals)."""
    c.power = c.toughness = ctx.game.player(c.controller).life


def _graveyard_cards(ctx):
    for p in ctx.game.players:
        for oid in p.graveyard:
            o = ctx.game.objects[oid]
            if not o.token:
                yield ctx.chars.get(oid)


def _creature_cards_in_graveyard_of(player: str):
    def count(ctx) -> int:
        gy = ctx.game.player(player).graveyard
        return sum(1 for oid in gy if not ctx.game.objects[oid].token and (c := ctx.chars.get(oid)) is not None
                   and "creature" in c.types)
    return count


def _set_colors(cols):
    cols = tuple(x for x in COLORS if x in cols)

    def fn(c: Chars, ctx):
        c.colors = cols
    return fn


def _swap_word(value, frm: str, to: str):
    """``value`` (an ability, a keyword, a word) with the word ``frm`` replaced by ``to``: whole
    words only, also inside names like ``white_creatures_you_control``; the same object when
    nothing changed."""
    if isinstance(value, str):
        if value == frm:
            return to
        parts = value.split("_")
        return "_".join(to if p == frm else p for p in parts) if frm in parts else value
    if isinstance(value, dict):
        new = {k: _swap_word(v, frm, to) for k, v in value.items()}
        return value if all(new[k] is value[k] for k in value) else new
    if isinstance(value, (list, tuple)):
        new = [_swap_word(v, frm, to) for v in value]
        return value if all(a is b for a, b in zip(new, value)) else type(value)(new)
    return value


def _change_text(frm: str, to: str):
    """Layer 3 (613.1c): the object's rules text with one colour word or basic land type
    replaced — the abilities made from that text change with it; its types don't (they
    are not rules text), nor does a basic land's intrinsic mana ability (305.6)."""
    pattern = re.compile(rf"\b{re.escape(frm)}(s?)\b", re.IGNORECASE)

    def fn(c: Chars, ctx):
        c.abilities = tuple(a if "mana" in a else _swap_word(a, frm, to) for a in c.abilities)
        c.keywords = tuple(_swap_word(k, frm, to) for k in c.keywords)
        c.text_en = pattern.sub(lambda m: (to if m.group(0)[0].isupper() else to.lower()) + m.group(1), c.text_en)
    return fn


def _pt_counted(counter):
    def fn(c: Chars, ctx):
        c.power = c.toughness = counter(ctx)
    return fn


def _creature_cards_in_graveyards(ctx) -> int:
    return sum(1 for c in _graveyard_cards(ctx) if c is not None and "creature" in c.types)


def _card_types_in_graveyards(ctx) -> int:
    return len({t for c in _graveyard_cards(ctx) if c is not None for t in c.types})


# -- static abilities of permanents ----------------------------------------------------

def _anthem_select(ab):
    affects = ab.get("affects", "creatures_you_control")

    def sel(ctx, oid, c, src_id):
        src = ctx.chars[src_id]
        if not ctx.on_battlefield(oid) or "creature" not in c.types or c.controller != src.controller:
            return False
        if affects == "other_creatures_you_control" and oid == src_id:
            return False
        col = affects.split("_")[0]
        if col in COLORS and col not in c.colors:
            return False
        if ab.get("subtype") and ab["subtype"] not in c.subtypes:   # a lord: "other Merfolk you control"
            return False
        return True
    return sel


def choice_linked(game, obj) -> bool:
    """706.7a, 607.2: the choices ``obj`` made as it entered belong to the "as it enters"
    abilities it had then. A copy effect that began after it entered (Unstable Shapeshifter's
    trigger, Vesuvan Doppelganger's upkeep) gave it other abilities, for which nothing was
    chosen: while such an effect applies, its chosen colour or type counts for nothing."""
    return not any(e.get("kind") == "copy" and e["target"] == obj.id and e["incarnation"] == obj.incarnation
                   and e["timestamp"] > obj.timestamp for e in game.effects)


def chosen_of(game, obj) -> dict:
    """The choices of ``obj`` that its present abilities are linked to (``choice_linked``)."""
    return {k: v for k, v in obj.chosen.items() if k == "copy" or choice_linked(game, obj)}
def _lands_of_controller(ctx, src_id: str, subtype: str) -> int:
    """Lands of ``subtype`` (305.6: the type, not the name) controlled by the controller of
    ``src_id`` as the layers have it now (Quag Sickness counts its own controller's Swamps, 109.5)."""
    who = ctx.chars[src_id].controller
    return sum(1 for oid in ctx.game.battlefield if oid in ctx.chars and ctx.chars[oid].controller == who
               and "land" in ctx.chars[oid].types and subtype in ctx.chars[oid].subtypes)


def _pt_per_land(src, ab: dict, common: dict) -> CEffect:
    """"Enchanted creature gets -1/-1 for each Swamp you control" (Quag Sickness, Armored
    Ascension with its keywords), "[this] gets +0/+1 for each Mountain you control" (Earth
    Servant): layer 7c, counted anew in every state (611.3a)."""
    p, t = ab["pt"]
    st = ab["per_land_you_control"]
    kws = tuple(ab.get("keywords", ()))

    def per(c: Chars, ctx):
        n = _lands_of_controller(ctx, src.id, st)
        _pt_mod(p * n, t * n)(c, ctx)
    host = src.attached_to if ab["static"] == "enchanted" else src.id
    who = "зачарованному существу" if ab["static"] == "enchanted" else "этому существу"
    return CEffect(parts=({"6": _gain_kws(kws)} if kws else {}) | {"7c": per}, looks_around=True,
                   text=f"{p:+d}/{t:+d} {who} за каждую землю {st} под контролем его контролёра"
                        + "".join(f", {k}" for k in kws),
                   select=lambda ctx, oid, c, s: oid == host, **common)


def _pt_per_namesake(src, ab: dict, common: dict) -> CEffect:
    """"[This] gets +1/+1 for each other creature on the battlefield named [this]" (Relentless
    Rats): layer 7c, counted anew in every state (611.3a), by the names as the layers have them
    now (a copy has the copied name, 706.2)."""
    p, t = ab["pt"]

    def per(c: Chars, ctx):
        me = ctx.chars[src.id]
        n = sum(1 for oid in ctx.game.battlefield if oid != src.id and oid in ctx.chars
                and "creature" in ctx.chars[oid].types and ctx.chars[oid].name_en == me.name_en)
        _pt_mod(p * n, t * n)(c, ctx)
    return CEffect(parts={"7c": per}, looks_around=True,
                   text=f"{p:+d}/{t:+d} за каждое другое существо на поле битвы с тем же именем",
                   select=lambda ctx, oid, c, s: oid == src.id, **common)


GRANTED_TS = "_granted_ts"   # in a static ability another effect granted (layer 6): that effect's timestamp


def static_effect(game, src, ab: dict, n: int) -> CEffect | None:
    """The continuous effect a static ability ``ab`` (the n-th ability) of permanent ``src`` generates."""
    kind = ab.get("static")
    key = f"{src.id}#{n}"
    common = dict(key=key, source=src.id, source_name=src.name_ru, timestamp=src.timestamp, ability=ab,
                  ts_rule="timestamp_attach" if src.attached_to else "timestamp_static")
    if ab.get(GRANTED_TS) is not None:   # an ability another effect granted: the later of the two timestamps,
        common.update(key=f"{src.id}#granted-{ab[GRANTED_TS]}-{n}", timestamp=max(src.timestamp, ab[GRANTED_TS]),
                      ts_rule="timestamp_static", ts_rank=1)   # and after the object's own effects (613.7a)
    chosen = chosen_of(game, src)
    if kind == "anthem":
        p, t = ab["pt"]
        kws = tuple(ab.get("keywords", ()))   # "… get +1/+1 and have indestructible": layer 6 too (613.1f)
        parts = ({"6": _gain_kws(kws)} if kws else {}) | {"7c": _pt_mod(p, t)}
        return CEffect(parts=parts, text=f"{p:+d}/{t:+d}" + "".join(f", {k}" for k in ab.get("keywords", ())),
                       select=_anthem_select(ab), reads=frozenset({"types", "subtypes", "colors", "controller"}), **common)
    if kind in ("enchanted", "this_creature") and ab.get("per_land_you_control"):
        return _pt_per_land(src, ab, common)
    if kind == "per_other_namesake":   # Relentless Rats
        return _pt_per_namesake(src, ab, common)
    if kind == "enchanted":
        p, t = ab["pt"]
        host = src.attached_to
        kws = tuple(ab.get("keywords", ()))
        lose = tuple(ab.get("lose_keywords", ()))   # Colossus Hammer: "… and loses flying"
        six = ([_gain_kws(kws)] if kws else []) + [_lose_kw(k) for k in lose]
        return CEffect(parts=({"6": lambda c, ctx: [f(c, ctx) for f in six]} if six else {}) | {"7c": _pt_mod(p, t)},
                       text=f"{p:+d}/{t:+d} зачарованному существу" + "".join(f", {k}" for k in kws)
                       + "".join(f", теряет {k}" for k in lose),
                       select=lambda ctx, oid, c, s: oid == host, **common)
    if kind == "control_enchanted":   # Mind Control (layer 2)
        host = src.attached_to
        return CEffect(parts={"2": lambda c, ctx: _set_controller(ctx.chars[src.id].controller)(c, ctx)},
                       text=f"контроль над зачарованным {'существом' if src.enchant == 'creature' else 'перманентом'} "
                            "переходит к контролёру Ауры",
                       select=lambda ctx, oid, c, s: oid == host, reads=frozenset({"controller"}),
                       writes=frozenset({"controller"}), looks_around=True, **common)
    if kind == "cda_lhurgoyf":
        return CEffect(parts={"7a": _cda_count(_creature_cards_in_graveyards)}, cda=True, looks_around=True,
                       text="сила — число карт существ на всех кладбищах, выносливость — на 1 больше",
                       select=lambda ctx, oid, c, s: oid == s, **common)
    if kind == "cda_life_total":   # Ajani Goldmane's Avatar: P and T each equal to your life total (604.3)
        return CEffect(parts={"7a": _cda_life_total}, cda=True, looks_around=True,
                       text="сила и выносливость равны количеству жизней контролирующего игрока",
                       select=lambda ctx, oid, c, s: oid == s, **common)
    if kind == "cda_tarmogoyf":
        return CEffect(parts={"7a": _cda_count(_card_types_in_graveyards)}, cda=True, looks_around=True,
                       text="сила — число типов карт среди карт на всех кладбищах, выносливость — на 1 больше",
                       select=lambda ctx, oid, c, s: oid == s, **common)
    if kind == "nonbasic_lands_are":   # Blood Moon
        st = ab["subtype"]
        return CEffect(parts={"4": _set_land_type(st)}, keys=("land_type_set",),
                       text=f"небазовые земли — {LAND_TYPES_RU.get(st, st)} (теряют прочие типы земель и способности из текста, получают способность маны)",
                       select=lambda ctx, oid, c, s: ctx.on_battlefield(oid) and "land" in c.types and "basic" not in c.supertypes,
                       reads=frozenset({"types", "supertypes"}), writes=frozenset({"subtypes", "abilities"}), **common)
    if kind == "lands_are_also":   # Urborg, Tomb of Yawgmoth
        st = ab["subtype"]
        return CEffect(parts={"4": _gain_land_type(st)}, keys=("land_type_set",),
                       text=f"каждая земля — ещё и {LAND_TYPES_RU.get(st, st)} (с её способностью маны)",
                       select=lambda ctx, oid, c, s: ctx.on_battlefield(oid) and "land" in c.types,
                       reads=frozenset({"types"}), writes=frozenset({"subtypes", "abilities"}), **common)
    if kind == "enchantments_are_creatures":   # Opalescence
        return CEffect(parts={"4": _add_types("creature"), "7b": _base_pt_mana_value},
                       text="каждые другие чары, не Аура, — ещё и существо с базовыми силой и выносливостью, равными мана-стоимости",
                       select=lambda ctx, oid, c, s: (ctx.on_battlefield(oid) and oid != s and "enchantment" in c.types
                                                      and "Aura" not in c.subtypes),
                       reads=frozenset({"types", "subtypes"}), writes=frozenset({"types"}), **common)
    if kind == "permanents_are_enchantments":   # Enchanted Evening
        return CEffect(parts={"4": _add_types("enchantment")}, text="все перманенты — ещё и чары",
                       select=lambda ctx, oid, c, s: ctx.on_battlefield(oid), writes=frozenset({"types"}), **common)
    if kind == "creatures_lose_abilities":   # Humility
        p, t = ab["pt"]
        return CEffect(parts={"6": _lose_all, "7b": _pt_set(p, t)},
                       text=f"все существа теряют все способности и имеют базовые силу и выносливость {p}/{t}",
                       select=lambda ctx, oid, c, s: ctx.on_battlefield(oid) and "creature" in c.types,
                       reads=frozenset({"types"}), writes=frozenset({"abilities"}), **common)
    if kind == "cda_exiled_total":   # Sutured Ghoul: the total P/T of the cards exiled as it entered (614.13a)
        p, t = chosen.get("exiled_pt") or (0, 0)
        return CEffect(parts={"7a": _pt_set(p, t)}, cda=True, text=f"сила и выносливость — сумма изгнанных карт ({p}/{t})",
                       select=lambda ctx, oid, c, s: oid == s, **common)
    if kind == "cards_in_graveyards_lose_abilities":   # Yixlid Jailer (CR 614.12 example 2; issue 16)
        return CEffect(parts={"6": _lose_all}, text="карты на кладбищах теряют все способности",
                       select=lambda ctx, oid, c, s: ctx.game.objects[oid].zone == "graveyard",
                       writes=frozenset({"abilities"}), everywhere=True, **common)
    if kind == "chosen_creature_type":   # Conspiracy
        st = chosen.get("type")
        if not st:
            return None

        def sel(ctx, oid, c, s):
            o = ctx.game.objects[oid]
            if "creature" not in c.types:
                return False
            if o.zone == "battlefield" or o.zone == "stack":
                return c.controller == ctx.chars[s].controller
            return o.owner == ctx.chars[s].controller
        return CEffect(parts={"4": _set_creature_type(st)},
                       text=f"существа, заклинания существ и карты существ вне поля битвы — выбранного типа {st}",
                       select=sel, reads=frozenset({"types", "controller"}), writes=frozenset({"subtypes"}),
                       everywhere=True, **common)
    if kind == "is_chosen_type":   # Adaptive Automaton: "is the chosen type in addition to its other types"
        st = chosen.get("type")
        if not st:
            return None
        return CEffect(parts={"4": _add_subtype(st)}, text=f"ещё и выбранного типа {st}",
                       select=lambda ctx, oid, c, s: oid == s, writes=frozenset({"subtypes"}), **common)
    if kind == "anthem_chosen_type":   # Adaptive Automaton: "other creatures you control of the chosen type get +1/+1"
        st = chosen.get("type")
        if not st:
            return None
        p, t = ab["pt"]
        mine = _anthem_select({"affects": "other_creatures_you_control"})
        return CEffect(parts={"7c": _pt_mod(p, t)}, text=f"{p:+d}/{t:+d} другим вашим существам типа {st}",
                       select=lambda ctx, oid, c, s: mine(ctx, oid, c, s) and st in c.subtypes,
                       reads=frozenset({"types", "subtypes", "controller"}), **common)
    if kind == "protection_from_chosen_color":   # Voice of All: nothing chosen, protection from nothing (706.7a)
        col = chosen.get("color")
        if not col:
            return None
        return CEffect(parts={"6": _gain_kw({"protection": {"from": [col]}})},
                       text=f"защита от выбранного цвета ({COLOR_RU.get(col, col)})",
                       select=lambda ctx, oid, c, s: oid == s, **common)
    if kind == "chosen_color_everything":   # Painter's Servant
        col = chosen.get("color")
        if not col:
            return None
        return CEffect(parts={"5": _add_color(col)},
                       text=f"все карты вне поля битвы, заклинания и перманенты — ещё и {COLOR_RU.get(col, col)} цвета",
                       select=lambda ctx, oid, c, s: True, writes=frozenset({"colors"}), everywhere=True, **common)
    hook = hooks.by_key(hooks.STATIC, ab.get("static"))   # "as long as you have 30 or more life" (conditional_statics.py)
    return hook.fn(src, ab, common) if hook is not None else None


# -- effects left by resolved spells and abilities (game.effects) --------------------

def resolved_effect(e: dict) -> CEffect | None:
    """An entry of ``game.effects`` as a layer effect. Its object is fixed (611.2c)."""
    kind = e["kind"]
    base = dict(key=f"eff-{e['timestamp']}-{kind}-{e['target']}" + (f"-{e['level']}" if e.get("level", 1) > 1 else ""), source=e.get("source"), source_name=e.get("source_name", ""),
                timestamp=e["timestamp"], ts_rule="timestamp_effect", locked=frozenset({e["target"]}),
                keys=("locked_set",))
    if kind == "modify":
        return CEffect(parts={"7c": _pt_mod(e["p"], e["t"])}, text=f"{e['p']:+d}/{e['t']:+d} до конца хода", **base)
    if kind == "set":
        return CEffect(parts={"7b": _pt_set(e["p"], e["t"])}, text=f"базовые сила и выносливость {e['p']}/{e['t']}", **base)
    if kind == "switch":
        return CEffect(parts={"7e": _switch}, text="сила и выносливость меняются местами", **base)
    if kind == "gain_keyword":
        return CEffect(parts={"6": _gain_kw(e["keyword"])}, text=f"получает {_kw_name(e['keyword'])}", **base)
    if kind == "lose_keyword":
        return CEffect(parts={"6": _lose_kw(e["keyword"])}, text=f"теряет {_kw_name(e['keyword'])}", **base)
    if kind == "control":
        return CEffect(parts={"2": _set_controller(e["controller"])}, text=f"под контролем игрока {e['controller']}",
                       writes=frozenset({"controller"}), **base)
    if kind == "lose_all_set_pt":
        return CEffect(parts={"6": _lose_all, "7b": _pt_set(e["p"], e["t"])},
                       text=f"теряет все способности, базовые сила и выносливость {e['p']}/{e['t']}", **base)
    if kind == "color":
        cols = tuple(x for x in COLORS if x in e["colors"])
        return CEffect(parts={"5": _set_colors(cols)}, text="становится " + ", ".join(COLOR_RU.get(x, x) for x in cols), **base)
    if kind == "text":
        return CEffect(parts={"3": _change_text(e["from"], e["to"])}, writes=frozenset({"abilities"}),
                       text=f"в тексте «{e['from']}» заменено на «{e['to']}»", **base)
    if kind == "animate_counting":   # Svogthos (613.5 example 4): one effect in layers 4, 5 and 7b
        add_subtypes = [_add_subtype(st) for st in e["subtypes"]]

        def types(c: Chars, ctx):
            _add_types("creature")(c, ctx)
            for f in add_subtypes:
                f(c, ctx)
        cols = ", ".join(COLOR_RU.get(x, x) for x in e["colors"])
        return CEffect(parts={"4": types, "5": _set_colors(e["colors"]),
                              "7b": _pt_counted(_creature_cards_in_graveyard_of(e["controller"]))}, looks_around=True,
                       text=f"существо {' '.join(e['subtypes'])} ({cols}) с силой и выносливостью, равными числу карт "
                            f"существ на кладбище игрока {e['controller']}", **base)
    if kind == "add_subtype":   # "becomes a Vampire in addition to its other types", no duration (lasting_control.py)
        return CEffect(parts={"4": _add_subtype(e["subtype"])}, text=f"ещё и {e['subtype']} (без срока)", **base)
    if kind == "animate":
        subs = tuple(e.get("subtypes") or ())   # "a 4/5 green Treefolk creature" (Awakener Druid, source_durations.py)

        def types(c: Chars, ctx):
            _add_types("creature")(c, ctx)
            for st in subs:
                _add_subtype(st)(c, ctx)
        parts = {"4": types, "7b": _pt_set(e["p"], e["t"])} | ({"5": _set_colors(e["colors"])} if e.get("colors") else {})
        return CEffect(parts=parts, text=f"становится существом {e['p']}/{e['t']} (ещё и своих прежних типов)", **base)
    if kind == "also":   # "a black Zombie in addition to its other colors and types" (graveyard_targets.py)
        def also_types(c: Chars, ctx):
            for st in e.get("subtypes") or ():
                _add_subtype(st)(c, ctx)

        def also_colors(c: Chars, ctx):
            for col in e.get("colors") or ():
                _add_color(col)(c, ctx)
        return CEffect(parts={"4": also_types, "5": also_colors},
                       text="ещё и " + " ".join([*e.get("colors", []), *e.get("subtypes", [])]), **base)
    if kind == "copy":   # copiable values only (706.2); from a copy, what it copied (706.3)
        base["keys"] = (("copy_values", "copy_of_copy") if e.get("until") is None else ("copy_values", "locked_set")) \
            + (("copy_exception",) if e.get("exception") else ())
        return CEffect(parts={"1": _copy(e["values"])}, text=f"копия «{e['values'].get('name_ru', '')}»", **base)
    return None
