"""The card model: a card definition is immutable data read from YAML."""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

from judge_app import safe_yaml

POOL_DIR = Path(__file__).resolve().parents[2] / "rules_corpus" / "cards"

COLORS = ("white", "blue", "black", "red", "green")
COLOR_OF_SYMBOL = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}
SYMBOL_OF_COLOR = {v: k for k, v in COLOR_OF_SYMBOL.items()}
CARD_TYPES = ("land", "creature", "instant", "sorcery", "enchantment", "artifact", "planeswalker")
TARGET_KINDS = ("any", "creature", "player", "creature_you_control", "creature_you_dont_control",
                "planeswalker", "permanent", "nonlegendary_creature",
                "spell", "instant_or_sorcery_spell", "land", "nonaura_enchantment",   # spells on the stack: engine/stack_fights.py
                "artifact", "enchantment", "artifact_or_enchantment", "white_or_blue_creature",
                "black_or_red_permanent", "creature_power_2_or_less", "merfolk", "forest")   # engine/target_kinds.py
STATIC_KINDS = ("anthem", "enchanted", "cda_lhurgoyf", "cda_tarmogoyf", "control_enchanted", "nonbasic_lands_are",
                "lands_are_also", "enchantments_are_creatures", "permanents_are_enchantments",
                "creatures_lose_abilities", "chosen_creature_type", "chosen_color_everything",
                "protection_from_chosen_color", "is_chosen_type", "anthem_chosen_type")
AS_ENTERS = ("copy_creature", "copy_artifact", "creature_type", "color")   # "as [this] enters, choose …" (614.12, 706.5)
BASIC_LAND_TYPES = ("Plains", "Island", "Swamp", "Mountain", "Forest")
TRIGGER_KINDS = ("etb", "dies", "another_creature_etb", "upkeep_yours", "each_upkeep", "attacks", "blocks")
ANTHEM_AFFECTS = ("creatures_you_control", "other_creatures_you_control") + tuple(
    f"{c}_creatures_you_control" for c in ("white", "blue", "black", "red", "green"))
KEYWORDS = ("flying", "reach", "first_strike", "double_strike", "deathtouch", "trample", "lifelink",
            "vigilance", "haste", "defender", "indestructible", "menace", "hexproof", "shroud",
            "intimidate", "fear", "protection", "cant_block", "cant_be_blocked", "cant_attack", "block_additional", "attacks_each_combat",
            "blocks_each_combat", "split_second", "cant_be_countered")
EFFECT_KEYS = ("damage", "pump", "switch", "set_pt", "draw", "gain_life", "lose_life", "destroy",
               "counters", "fight", "create_token", "untap", "tap", "gain_keyword", "lose_keyword", "remove_from_combat",
               "gain_control", "lose_abilities_base_pt", "become_copy", "set_color", "become_creature",
               "counter", "new_targets", "copy_spell", "attach",   # these four: engine/stack_fights.py
               "become_creature_counting", "change_text",
               "fade")   # fading's upkeep part: fade: self (702.31a)
COUNTING = ("creature_cards_in_your_graveyard",)   # what a become_creature_counting P/T may count
# The keys that may stand beside an effect key in one effect mapping, each with the effects it
# modifies (None: any effect). Any other key is refused with its line: a key meant inside the
# effect's own mapping (``count`` of create_token) would otherwise be dropped without a word.
EFFECT_MODIFIERS: dict = {
    "to": None, "who": None,                  # whom it affects (each effect reads its own)
    "if_won": None, "if_kicked": None,        # only after a won coin flip (705.1) / if kicked (702.33)
    "divided": ("damage",), "unpreventable": ("damage",),
    "no_regen": ("destroy",), "unless_pay": ("counter",), "change": ("new_targets",),
    "copy_colors": ("copy_spell",), "copy_except": ("become_copy",), "if_spent": ("gain_life",),
    "and_sharing_color": ("prevent",), "then_damage": ("prevent",),
    "colors": ("become_creature",), "subtypes": ("become_creature",), "for_as_long_as": ("become_creature",),
    # the sections at the end: replacement and prevention, untap locks, lasting control, removal, graveyard returns
    "from": ("redirect_next",), "color": ("prevent_next_from",), "duration": ("gain_control",),
    "during": ("no_untap_next",), "controller_gains_toughness": ("to_library_bottom",),
    "under": ("return_from_graveyard",), "add_colors": ("return_from_graveyard",),
    "add_subtypes": ("return_from_graveyard",),
}


class CardDataError(ValueError):
    """A card definition that does not fit the vocabulary."""


def key_line(mapping, key) -> str:
    """"строка N: " for a key of a mapping read with its lines (``LineDict``), else nothing."""
    line = (getattr(mapping, "key_lines", None) or {}).get(key)
    return f"строка {line}: " if line else ""


def _check_modifiers(e: dict, where: str) -> None:
    """Every key beside the effect key must modify that effect (EFFECT_MODIFIERS)."""
    effects = [k for k in e if k in EFFECT_KEYS]
    for k in e:
        if k in EFFECT_KEYS:
            continue
        allowed = EFFECT_MODIFIERS.get(k, ())
        if allowed is None or set(allowed) & set(effects):
            continue
        inside = f" — может быть, внутри {effects[0]}: {{…, {k}: …}}?" if effects and isinstance(e[effects[0]], dict) else ""
        raise CardDataError(f"{where}: {key_line(e, k)}неизвестный ключ {k!r} рядом с эффектом "
                            f"{', '.join(effects)}{inside}")


@dataclass(frozen=True)
class ManaCost:
    generic: int = 0
    colored: tuple[tuple[str, int], ...] = ()  # (symbol, count), e.g. (("R", 1),)
    x: int = 0                                 # how many {X} (107.3): 0 off the stack (107.3f)

    @property
    def mana_value(self) -> int:
        return self.generic + sum(n for _, n in self.colored)

    def __str__(self) -> str:
        s = "{X}" * self.x + (f"{{{self.generic}}}" if self.generic else "")
        for sym, n in self.colored:
            s += f"{{{sym}}}" * n
        return s or "{0}"


_SYM = re.compile(r"\{([^}]+)\}")


def parse_mana_cost(text: str | None) -> ManaCost | None:
    """Parse ``{2}{R}{R}``; ``None`` for no mana cost (lands)."""
    if text is None or text == "":
        return None
    text = str(text).strip()
    syms = _SYM.findall(text)
    if "".join("{%s}" % s for s in syms) != text:
        raise CardDataError(f"не разобрать мановую стоимость {text!r}")
    generic = 0
    xs = 0
    colored: dict[str, int] = {}
    for s in syms:
        if s == "X":
            xs += 1
        elif s.isdigit():
            generic += int(s)
        elif s in COLOR_OF_SYMBOL or _is_hybrid(s):
            colored[s] = colored.get(s, 0) + 1
        else:
            raise CardDataError(f"неизвестный символ маны {{{s}}} в {text!r}")
    return ManaCost(generic, tuple(sorted(colored.items(), key=lambda kv: ("/" in kv[0], "WUBRG".index(kv[0][0])))), xs)


def _is_hybrid(s: str) -> bool:
    """{W/B}: a hybrid symbol, paid with either colour (107.4e); it is both colours (202.2d)."""
    parts = s.split("/")
    return len(parts) == 2 and all(x in COLOR_OF_SYMBOL for x in parts) and parts[0] != parts[1]


def symbol_colors(sym: str) -> set:
    return {COLOR_OF_SYMBOL[x] for x in sym.split("/")}


@dataclass(frozen=True)
class CardDef:
    name_ru: str
    name_en: str
    cost: ManaCost | None
    types: tuple[str, ...]
    subtypes: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()
    power: int | None = None
    toughness: int | None = None
    loyalty: int | None = None
    colors: tuple[str, ...] = ()
    keywords: tuple[Any, ...] = ()
    text_ru: str = ""
    text_en: str = ""
    targets: tuple[str, ...] = ()          # targets of the spell itself
    effects: tuple[dict, ...] = ()         # what an instant/sorcery does on resolution
    abilities: tuple[dict, ...] = ()       # mana / static / trigger / activated
    enchant: str | None = None             # for Auras: what it can enchant
    ru_name_official: bool = True
    distinct_targets: bool = False      # "another target": no object or player twice
    aliases: tuple[str, ...] = ()        # other names a scenario may use (older or working translations)
    casting: dict | None = field(default=None, compare=False, hash=False)   # modes, extra costs (CASTING_KEYS)
    back_face: "CardDef | None" = field(default=None, compare=False, hash=False)   # a double-faced card's back face (712)
    meld: dict | None = field(default=None, compare=False, hash=False)   # a meld card: its partner, the melded face (712.4)

    @property
    def is_permanent_card(self) -> bool:
        return not ({"instant", "sorcery"} & set(self.types))


_INT_EFFECTS = ("damage", "draw", "gain_life", "lose_life")
AMOUNTS = ("X", "sacrificed_power")   # amounts known only once cast: X (107.3a), a sacrificed creature's power
_REFS = ("target1", "target2", "target3", "you", "self", "each_creature", "each_player", "each_opponent",
         "that_creature")   # "that creature": the one whose entering triggered the ability (another_creature_etb)
_GROUPS = ("creatures_of_target1", "each_other_creature")   # sets fixed when the effect begins (611.2c)


# The sections at the end of this module extend the vocabulary; each registers its own
# checks, which the core validators below run after theirs, in the order the sections appear.
EFFECT_CHECKS: list = []    # check(effects, where)
ABILITY_CHECKS: list = []   # check(abilities, where), after each ability passed the core checks
CASTING_CHECKS: list = []   # check(card dict, casting dict, where)
ENCHANT_CHECKS: list = []   # check(card dict, abilities, where)
COST_CHECKS: list = []      # check(cost dict, where)


def _registrar(checks: list):
    """A decorator that appends the function to ``checks`` and returns it unchanged."""
    def register(fn):
        checks.append(fn)
        return fn
    return register


effect_check = _registrar(EFFECT_CHECKS)
ability_check = _registrar(ABILITY_CHECKS)
casting_check = _registrar(CASTING_CHECKS)
enchant_check = _registrar(ENCHANT_CHECKS)
cost_check = _registrar(COST_CHECKS)


def _validate_effects(effects, where: str) -> None:
    if not isinstance(effects, list):
        raise CardDataError(f"{where}: эффекты — список")
    for e in effects:
        if not isinstance(e, dict) or not (set(e) & set(EFFECT_KEYS)):
            raise CardDataError(f"{where}: эффект {e!r} не из словаря ({', '.join(EFFECT_KEYS)})")
        _check_modifiers(e, where)
        for k in _INT_EFFECTS:
            if k in e and not isinstance(e[k], int) and not (k in ("damage", "gain_life") and e[k] in AMOUNTS):
                raise CardDataError(f"{where}: {k} — целое число, а не {e[k]!r}")
        if e.get("divided", "evenly") not in ("evenly", "as_chosen") or ("divided" in e and e.get("to") != "each_target"):
            raise CardDataError(f"{where}: divided — evenly или as_chosen, вместе с to: each_target")
        if "set_color" in e and not (isinstance(e["set_color"], list) and e["set_color"] and all(c in COLORS for c in e["set_color"])):
            raise CardDataError(f"{where}: set_color — список цветов из {', '.join(COLORS)}")
        for k in ("pump", "set_pt", "lose_abilities_base_pt", "become_creature"):
            if k in e and not (isinstance(e[k], list) and len(e[k]) == 2 and all(isinstance(x, int) for x in e[k])):
                raise CardDataError(f"{where}: {k} — [P, T]")
        for k in ("to", "who", "destroy", "tap", "untap", "remove_from_combat", "gain_control", "become_copy", "fade",
                  "counter", "new_targets", "copy_spell", "attach"):
            if k in e and e[k] not in _REFS + (_GROUPS + ("each_target",) if k == "to" else ()):
                raise CardDataError(f"{where}: {k} — одно из {', '.join(_REFS)}, а не {e[k]!r}")
        for k in ("gain_keyword", "lose_keyword"):   # until end of turn (combat issue)
            if k in e:
                validate_keywords([e[k]], f"{where}: {k}")
        if "if_spent" in e and not ("gain_life" in e and e["if_spent"] in tuple(COLOR_OF_SYMBOL)):
            raise CardDataError(f"{where}: if_spent — символ маны W U B R G у gain_life (Dawnglow Infusion)")
        if "copy_colors" in e and not ("copy_spell" in e and isinstance(e["copy_colors"], list) and e["copy_colors"]
                                       and all(c in COLORS for c in e["copy_colors"])):
            raise CardDataError(f"{where}: copy_colors — список цветов копии у copy_spell (Fork: [red], 706.9c)")
        if "copy_except" in e and not ("become_copy" in e and _copy_except_ok(e["copy_except"], where, True)):
            raise CardDataError(f"{where}: copy_except у become_copy — словарь из {', '.join(COPY_EXCEPT)} (706.9)")
        if "change_text" in e:
            _validate_change_text(e["change_text"], f"{where}: change_text")
        if "become_creature_counting" in e:
            _validate_counting(e["become_creature_counting"], f"{where}: become_creature_counting")
        if "fight" in e and not (isinstance(e["fight"], list) and len(e["fight"]) == 2 and all(x in _REFS for x in e["fight"])):
            raise CardDataError(f"{where}: fight — [target1, target2]")
        if "counters" in e and not (isinstance(e["counters"], dict) and all(isinstance(n, int) or n == "X" for n in e["counters"].values())):
            raise CardDataError(f"{where}: counters — {{ВИД: число или X}}")
        if "create_token" in e:
            tok = e["create_token"]
            if not (isinstance(tok, dict) and ("name_ru" in tok and isinstance(tok.get("power"), int) and isinstance(tok.get("toughness"), int)
                                               or tok.get("copy_of") in _REFS)):
                raise CardDataError(f"{where}: create_token — {{name_ru, power, toughness, ...}} или {{copy_of: target1}}")
            if not (isinstance(tok.get("count", 1), int) and 1 <= tok.get("count", 1) <= 20):
                raise CardDataError(f"{where}: create_token — count от 1 до 20")
    for check in EFFECT_CHECKS:
        check(effects, where)


def _validate_change_text(spec, where: str) -> None:
    """{from: WORD, to: WORD}: one colour word for another or one basic land type for another
    (Mind Bend, Magical Hack: layer 3, 613.1c)."""
    if not isinstance(spec, dict) or set(spec) != {"from", "to"}:
        raise CardDataError(f"{where}: словарь {{from, to}}")
    words = (spec["from"], spec["to"])
    if not (all(w in COLORS for w in words) or all(w in BASIC_LAND_TYPES for w in words)) or words[0] == words[1]:
        raise CardDataError(f"{where}: from и to — два разных цвета ({', '.join(COLORS)}) или два базовых типа земли "
                            f"({', '.join(BASIC_LAND_TYPES)}), а не {words[0]!r} и {words[1]!r}")


def _validate_counting(spec, where: str) -> None:
    """{subtypes: [...], colors: [...], count: ...}: becomes a creature of those subtypes and
    exactly those colours whose power and toughness are each what it counts (Svogthos)."""
    if not isinstance(spec, dict) or set(spec) - {"subtypes", "colors", "count"}:
        raise CardDataError(f"{where}: словарь {{subtypes, colors, count}}")
    if spec.get("count") not in COUNTING:
        raise CardDataError(f"{where}: count — одно из {', '.join(COUNTING)}, а не {spec.get('count')!r}")
    if not (isinstance(spec.get("colors", []), list) and all(c in COLORS for c in spec.get("colors", []))):
        raise CardDataError(f"{where}: colors — цвета из {', '.join(COLORS)}")
    if not (isinstance(spec.get("subtypes", []), list) and all(isinstance(t, str) and t for t in spec.get("subtypes", []))):
        raise CardDataError(f"{where}: subtypes — список слов")


def _validate_targets(targets, where: str) -> None:
    if not isinstance(targets, list):
        raise CardDataError(f"{where}: цели — список")
    for t in targets:
        if t not in TARGET_KINDS:
            raise CardDataError(f"{where}: неизвестный вид цели {t!r}")


CDA_KEYWORDS = {"changeling": "static: changeling"}   # keywords that are characteristic-defining abilities (604.3)


def validate_keywords(keywords, where: str, cda_ok: bool = False, lines=None) -> None:
    """A list of keywords of the vocabulary. Changeling is a characteristic-defining ability
    (702.73a), written ``{static: changeling}`` in ``abilities`` (engine/mechanisms/changeling.py):
    as a keyword it would be a word that does nothing, so it is refused with the line (``lines``:
    the mapping holding ``keywords``) — except where ``cda_ok`` says the reader maps it itself
    (Moritte's ``copy_except.if_creature``, control_copy)."""
    if not isinstance(keywords, list):
        raise CardDataError(f"{where}: ключевые слова — список")
    for k in keywords:
        name = k if isinstance(k, str) else (next(iter(k)) if isinstance(k, dict) and len(k) == 1 else None)
        if name in CDA_KEYWORDS and not cda_ok:
            raise CardDataError(f"{where}: {key_line(lines, 'keywords')}{name} — способность, определяющая "
                                f"характеристики (702.73a), а не ключевое слово: пишется в abilities как "
                                f"{{{CDA_KEYWORDS[name]}}}")
        if name not in KEYWORDS:
            m = difflib.get_close_matches(str(name if name is not None else k), KEYWORDS, n=1)
            raise CardDataError(f"{where}: неизвестное ключевое слово {k!r}" + (f" — возможно, «{m[0]}»?" if m else ""))
        if name in NUMBERED_KEYWORDS and not (isinstance(k, dict) and isinstance(k[name], int)
                                              and not isinstance(k[name], bool) and k[name] > 0):
            raise CardDataError(f"{where}: {name} — {{{name}: N}}, N — целое число больше 0, а не {k!r}")


NUMBERED_KEYWORDS = ("devour",)   # keywords written {KEYWORD: N} (702.81a)


COPY_AS_ENTERS = ("copy_creature", "copy_artifact")   # the "enter as a copy" choices (706.5)
COPY_EXCEPT = ("pt", "add_types", "keep_color", "gain_ability", "gain_this",
               "enters_with_x_counters",   # Altered Ego: X additional counters of that kind (706.9e)
               "add_subtypes")   # Glasspool Mimic: "a Shapeshifter Rogue in addition to its other types" (707.9d)


def _copy_except_ok(ex, where: str, in_effect: bool = False) -> bool:
    """706.9a-d: the exceptions a copy effect may carry — its P/T, card types added, the
    colour not copied, an ability gained (``gain_ability`` as it enters, ``gain_this`` — the
    ability doing the copying — for a copy made by an ability, Vesuvan Doppelganger)."""
    if not isinstance(ex, dict) or not ex or set(ex) - set(COPY_EXCEPT) or ("gain_this" in ex and not in_effect):
        return False
    if "pt" in ex and not (isinstance(ex["pt"], list) and len(ex["pt"]) == 2 and all(isinstance(x, int) for x in ex["pt"])):
        return False
    if "add_types" in ex and not (isinstance(ex["add_types"], list) and ex["add_types"]
                                  and all(t in CARD_TYPES for t in ex["add_types"])):
        return False
    if "add_subtypes" in ex and not (isinstance(ex["add_subtypes"], list) and ex["add_subtypes"]
                                     and all(isinstance(t, str) and t[:1].isupper() for t in ex["add_subtypes"])):
        return False
    if any(k in ex and ex[k] is not True for k in ("keep_color", "gain_this")):
        return False
    if "enters_with_x_counters" in ex and (in_effect or not (isinstance(ex["enters_with_x_counters"], str)
                                                             and ex["enters_with_x_counters"])):
        return False
    if "gain_ability" in ex:
        validate_abilities([ex["gain_ability"]], f"{where}: copy_except.gain_ability")
    return True


def validate_abilities(abilities, where: str) -> list:
    """Check abilities against the vocabulary; returns them as a list."""
    if not isinstance(abilities, list):
        raise CardDataError(f"{where}: способности — список")
    out = []
    for a in abilities:
        if not isinstance(a, dict):
            raise CardDataError(f"{where}: способность {a!r} должна быть словарём")
        if not ({"mana", "static", "trigger", "activated", "as_enters", "morph"} & set(a)):
            raise CardDataError(f"{where}: способность {a!r} не из словаря")
        if "mana" in a and a["mana"] not in tuple(COLOR_OF_SYMBOL) and a["mana"] not in ("chosen", "C"):
            raise CardDataError(f"{where}: способность маны добавляет один из W U B R G, C (бесцветная) "
                                f"или chosen (ману выбранного цвета), а не {a['mana']!r}")
        if "copy_except" in a and not (a.get("as_enters") in COPY_AS_ENTERS
                                       and _copy_except_ok(a["copy_except"], where)):
            raise CardDataError(f"{where}: copy_except — словарь из {', '.join(COPY_EXCEPT[:4])}, add_subtypes (pt: [P, T], "
                                f"add_types: [ТИП, …], add_subtypes: [Подтип, …], keep_color: true, gain_ability: {{…}}) у as_enters: "
                                f"copy_creature / copy_artifact (706.9)")
        if "morph" in a and (not isinstance(a["morph"], str) or parse_mana_cost(a["morph"]) is None):
            raise CardDataError(f"{where}: morph — мана-стоимость морфа, например \"{{2}}{{B}}{{B}}\" (702.36)")
        if "as_enters" in a and a["as_enters"] not in AS_ENTERS:
            raise CardDataError(f"{where}: движок не умеет выбор при выходе на поле битвы {a['as_enters']!r} "
                                f"(умеет: {', '.join(AS_ENTERS)})")
        if "static" in a:
            if a["static"] not in STATIC_KINDS:
                raise CardDataError(f"{where}: движок не реализует статическую способность {a['static']!r} "
                                    f"(реализованы: {', '.join(STATIC_KINDS)})")
            if a["static"] in ("nonbasic_lands_are", "lands_are_also") and a.get("subtype") not in BASIC_LAND_TYPES:
                raise CardDataError(f"{where}: subtype — базовый тип земли ({', '.join(BASIC_LAND_TYPES)})")
            if a["static"] == "creatures_lose_abilities" and not (isinstance(a.get("pt"), list) and len(a["pt"]) == 2):
                raise CardDataError(f"{where}: у статической способности нужно pt: [P, T]")
            if a["static"] == "anthem" and a.get("affects", "creatures_you_control") not in ANTHEM_AFFECTS:
                raise CardDataError(f"{where}: affects — одно из {', '.join(ANTHEM_AFFECTS)}")
            if a["static"] in ("anthem", "enchanted", "anthem_chosen_type"):
                pt = a.get("pt")
                if not (isinstance(pt, list) and len(pt) == 2 and all(isinstance(x, int) for x in pt)):
                    raise CardDataError(f"{where}: у статической способности нужно pt: [P, T]")
        if "trigger" in a:
            if a["trigger"] not in TRIGGER_KINDS:
                raise CardDataError(f"{where}: неизвестное условие срабатывания {a['trigger']!r}")
            _validate_targets(a.get("targets", []), where)
            _validate_effects(a.get("effects", []), where)
        if "activated" in a:
            spec = a["activated"]
            if not isinstance(spec, dict):
                raise CardDataError(f"{where}: activated — словарь {{cost, targets, effects}}")
            cost = spec.get("cost", {})
            if not isinstance(cost, dict):
                raise CardDataError(f"{where}: cost — словарь {{tap, mana}}")
            parse_mana_cost(cost.get("mana"))
            validate_cost(cost, where)
            for k in set(spec) - {"cost", "targets", "effects", "timing", "equip", "text_ru", "text_en", "once_each_turn",
                                  "distinct_targets"}:   # "two target lands": two different ones (601.2c)
                raise CardDataError(f"{where}: неизвестный ключ способности {k!r}")
            if spec.get("timing", "sorcery") != "sorcery":
                raise CardDataError(f"{where}: timing — только sorcery («только как волшебство»)")
            _validate_targets(spec.get("targets", []), where)
            _validate_effects(spec.get("effects", []), where)
        out.append(a)
    for check in ABILITY_CHECKS:
        check(out, where)
    return out


COST_KEYS = ("tap", "mana", "sacrifice", "discard", "life", "tap_untapped", "remove_counters", "loyalty")
SACRIFICE_WHAT = ("self", "creature", "black_creature", "artifact", "land", "permanent")


def validate_cost(cost: dict, where: str) -> None:
    """A cost beyond {T} and mana (118, 601.2f): what engine/costs.py can pay."""
    for k in cost:
        if k not in COST_KEYS:
            raise CardDataError(f"{where}: неизвестная часть стоимости {k!r} (есть: {', '.join(COST_KEYS)})")
    for k in ("sacrifice", "tap_untapped"):
        if k in cost:
            v = cost[k]
            what, n = (v, 1) if isinstance(v, str) else ((v.get("what"), v.get("count", 1)) if isinstance(v, dict) else (None, 0))
            if what not in SACRIFICE_WHAT or not isinstance(n, int) or n < 1 or (k == "tap_untapped" and what == "self"):
                raise CardDataError(f"{where}: {k} — одно из {', '.join(SACRIFICE_WHAT)} или {{what, count}}")
    for k in ("discard", "life"):
        if k in cost and (not isinstance(cost[k], int) or isinstance(cost[k], bool) or cost[k] < 1):
            raise CardDataError(f"{where}: {k} — целое число от 1")
    if "remove_counters" in cost and not (isinstance(cost["remove_counters"], dict) and all(
            isinstance(n, int) and n > 0 for n in cost["remove_counters"].values())):
        raise CardDataError(f"{where}: remove_counters — {{ВИД: число}}")
    if "loyalty" in cost and not (cost["loyalty"] == "-X" or (isinstance(cost["loyalty"], int) and not isinstance(cost["loyalty"], bool))):
        raise CardDataError(f"{where}: loyalty — целое число (+1, 0, -3) или \"-X\"")
    for check in COST_CHECKS:
        check(cost, where)


MODE_KEYS = ("text_ru", "text_en", "targets", "effects")   # what one mode of a modal spell says (700.2)
CASTING_KEYS = ("modes", "additional_cost", "alternative_cost", "any_number_of_targets", "max_targets", "extra_target_cost")


def _validate_casting(d: dict, where: str) -> dict | None:
    out = {k: d[k] for k in CASTING_KEYS if k in d}
    modes = out.get("modes", [])
    if not isinstance(modes, list) or len(modes) == 1:
        raise CardDataError(f"{where}: modes — список из двух и более режимов (700.2)")
    for m in modes:
        if not isinstance(m, dict) or "effects" not in m:
            raise CardDataError(f"{where}: modes — список {{text_ru, targets, effects}} (700.2)")
        unknown = sorted(str(k) for k in m if k not in MODE_KEYS)
        if unknown:   # a bare comma in a flow-style text_ru splits it into a stray key (YAML)
            raise CardDataError(f"{where}: modes — неизвестные ключи режима {unknown}; "
                                f"допустимы {list(MODE_KEYS)} (текст с запятой — в кавычках)")
        _validate_targets(m.get("targets", []), where)
        _validate_effects(m["effects"], where)
    for k in ("additional_cost", "alternative_cost"):
        if k in out:
            if not isinstance(out[k], dict):
                raise CardDataError(f"{where}: {k} — словарь стоимости")
            parse_mana_cost(out[k].get("mana"))
            validate_cost(out[k], where)
    if "max_targets" in out and not (isinstance(out["max_targets"], int) and out["max_targets"] >= 1
                                     and out.get("any_number_of_targets")):
        raise CardDataError(f"{where}: max_targets — целое число от 1, вместе с any_number_of_targets")
    if "extra_target_cost" in out:
        parse_mana_cost(out["extra_target_cost"])
    for check in CASTING_CHECKS:
        check(d, out, where)
    return out or None


ENCHANT_KINDS = ("creature", "permanent")   # what the engine checks an Aura against (303.4, 704.5m)


def _validate_enchant(d: dict, abilities: list, where: str) -> None:
    """An Aura's ``enchant`` must be one the engine checks (an "Enchant land" would be attached
    anywhere), and an ability about "enchanted" needs an Aura to be attached."""
    enchant = d.get("enchant")
    if enchant is not None and enchant not in ENCHANT_KINDS:
        raise CardDataError(f"{where}: движок не умеет «зачаровать» {enchant!r} (умеет: {', '.join(ENCHANT_KINDS)})")
    equipment = "Equipment" in (d.get("subtypes") or ()) and all(a.get("static") != "control_enchanted" for a in abilities)
    if enchant is None and not equipment and any(a.get("static") in ("enchanted", "control_enchanted") for a in abilities):   # "equipped creature"
        raise CardDataError(f"{where}: способность о зачарованном перманенте — только у Ауры с enchant: "
                            f"{' / '.join(ENCHANT_KINDS)}")
    for check in ENCHANT_CHECKS:
        check(d, abilities, where)


CARD_KEYS = {"name_ru", "name_en", "aliases", "ru_name_official", "ru_name_source", "cost", "types", "supertypes",
             "subtypes", "power", "toughness", "loyalty", "colors", "keywords", "text_en", "text_ru", "targets",
             "distinct_targets", "effects", "enchant", "abilities", *CASTING_KEYS}


_LIST_KEYS = ("aliases", "types", "supertypes", "subtypes", "colors", "keywords", "targets", "effects", "abilities")
_TEXT_KEYS = ("name_ru", "name_en", "text_ru", "text_en", "ru_name_source", "cost", "enchant")
_NUMBER_KEYS = ("power", "toughness", "loyalty")   # None: a characteristic-defining ability sets it (604.3)
_FLAG_KEYS = ("ru_name_official", "distinct_targets")


def _check_field_types(d: dict, where: str) -> None:
    """Each top-level key holds the kind of value its readers expect, so a broken card file is
    refused with the key named rather than failing later in a validator or the engine."""
    for k in _LIST_KEYS:
        if k in d and not isinstance(d[k], list):
            raise CardDataError(f"{where}: {k} — список, а не {d[k]!r}")
    for k in ("aliases", "types", "supertypes", "subtypes", "colors"):
        bad = [x for x in d.get(k, []) if not isinstance(x, str)]
        if bad:
            raise CardDataError(f"{where}: {k} — список строк, а не {bad[0]!r}")
    for k in _TEXT_KEYS:
        if k in d and d[k] is not None and not isinstance(d[k], str):
            raise CardDataError(f"{where}: {k} — строка, а не {d[k]!r}")
    for k in _NUMBER_KEYS:
        if k in d and d[k] is not None and (not isinstance(d[k], int) or isinstance(d[k], bool)):
            raise CardDataError(f"{where}: {k} — целое число, а не {d[k]!r}")
    for k in _FLAG_KEYS:
        if k in d and not isinstance(d[k], bool):
            raise CardDataError(f"{where}: {k} — true или false, а не {d[k]!r}")


def card_from_dict(d: dict, where: str = "") -> CardDef:
    """A card of the pool from its YAML mapping; CardDataError names the card and what is wrong."""
    try:
        return _card_from_dict(d, where)
    except CardDataError as exc:
        if where and not str(exc).startswith(where):   # a parser deep down that does not know the card
            name = d.get("name_ru", "") if isinstance(d, dict) else ""
            raise CardDataError(f"{where} {name}: {exc}") from None
        raise


def _card_from_dict(d: dict, where: str) -> CardDef:
    if not isinstance(d, dict):
        raise CardDataError(f"{where}: карта — словарь ключей (rules_corpus/cards/README.md), а не {d!r}")
    unknown = set(d) - CARD_KEYS
    if unknown:
        raise CardDataError(f"{where}: неизвестные ключи {sorted(unknown)}")
    try:
        name_ru, name_en = d["name_ru"], d["name_en"]
    except KeyError as exc:
        raise CardDataError(f"{where}: нет ключа {exc.args[0]}") from None
    _check_field_types(d, where)
    types = tuple(d.get("types", []))
    for t in types:
        if t not in CARD_TYPES:
            raise CardDataError(f"{where} {name_ru}: неизвестный тип {t!r}")
    cost = parse_mana_cost(d.get("cost"))
    colors = tuple(d.get("colors") or (sorted({c for s, _ in cost.colored for c in symbol_colors(s)},
                                               key=COLORS.index) if cost else ()))
    for t in d.get("targets", []):
        if t not in TARGET_KINDS:
            raise CardDataError(f"{where} {name_ru}: неизвестный вид цели {t!r}")
    _validate_effects(d.get("effects", []), f"{where} {name_ru}")
    abilities = validate_abilities(d.get("abilities", []), f"{where} {name_ru}")
    _validate_enchant(d, abilities, f"{where} {name_ru}")
    validate_keywords(list(d.get("keywords", [])), f"{where} {name_ru}", lines=d)
    return CardDef(
        name_ru=name_ru, name_en=name_en, cost=cost, types=types,
        subtypes=tuple(d.get("subtypes", [])), supertypes=tuple(d.get("supertypes", [])),
        power=d.get("power"), toughness=d.get("toughness"), loyalty=d.get("loyalty"),
        colors=colors, keywords=tuple(d.get("keywords", [])),
        text_ru=d.get("text_ru", ""), text_en=d.get("text_en", ""),
        targets=tuple(d.get("targets", [])), effects=tuple(d.get("effects", [])),
        abilities=tuple(abilities), enchant=d.get("enchant"),
        ru_name_official=bool(d.get("ru_name_official", True)),
        distinct_targets=bool(d.get("distinct_targets", False)),
        aliases=tuple(d.get("aliases", [])),
        casting=_validate_casting(d, f"{where} {name_ru}"),
        back_face=back_face_of(d, f"{where} {name_ru}"),
        meld=meld_of(d, f"{where} {name_ru}"),
    )


class CardPool:
    """Cards by Russian or English name (case-insensitive)."""

    def __init__(self, cards: list[CardDef]):
        self.cards = cards
        self._by_name: dict[str, CardDef] = {}
        for c in cards:
            for n in (c.name_ru, c.name_en) + c.aliases:
                if n.casefold() in self._by_name and self._by_name[n.casefold()] is not c:
                    raise CardDataError(f"имя «{n}» у двух карт")
                self._by_name[n.casefold()] = c

    def get(self, name: str) -> CardDef | None:
        return self._by_name.get(str(name).casefold())

    def suggest(self, name: str) -> str | None:
        names = [n for c in self.cards for n in (c.name_ru, c.name_en) + c.aliases]
        low = {n.casefold(): n for n in names}
        m = difflib.get_close_matches(str(name).casefold(), list(low), n=1, cutoff=0.5)
        return low[m[0]] if m else None

    def __len__(self) -> int:
        return len(self.cards)


class LineDict(dict):
    """A mapping that remembers its own line and the line of each key (``key_line``), for
    messages; the scenario loader builds its mappings with it too."""
    line = 0
    key_lines: dict = {}


def line_mapping(loader, node) -> LineDict:
    """A YAML constructor for mappings: a ``LineDict`` with the lines of the node and its keys."""
    loader.flatten_mapping(node)
    d = LineDict()
    d.line = node.start_mark.line + 1
    d.key_lines = {}
    for kn, vn in node.value:
        k = loader.construct_object(kn, deep=True)
        d[k] = loader.construct_object(vn, deep=True)
        d.key_lines[k] = kn.start_mark.line + 1
    return d


class _LineLoader(yaml.SafeLoader):
    pass


_LineLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, line_mapping)


def load_pool(directory: Path = POOL_DIR) -> CardPool:
    cards: list[CardDef] = []
    for path in sorted(Path(directory).glob("*.yaml")):
        try:
            data = safe_yaml.load_file(path, _LineLoader) or []
        except safe_yaml.YamlRefused as exc:
            raise CardDataError(f"{path.name}: {exc}") from None
        except yaml.YAMLError as exc:
            mark = getattr(exc, "problem_mark", None)
            raise CardDataError(f"{path.name}: строка {mark.line + 1 if mark else '?'}: ошибка YAML: "
                                f"{getattr(exc, 'problem', exc)}") from None
        if not isinstance(data, list):
            raise CardDataError(f"{path.name}: ожидается список карт")
        for i, d in enumerate(data):
            cards.append(card_from_dict(d, f"{path.name}[{i}]"))
    return CardPool(cards)


@lru_cache(maxsize=1)
def default_pool() -> CardPool:
    return load_pool()


# -- Replacement, prevention and regeneration (issue 16, part A) --------------------------
# The vocabulary the event pipeline adds (engine/replacement.py and its kinds). Kept in its
# own section so that the base vocabulary above stays as it was.

STATIC_KINDS = STATIC_KINDS + (
    "exile_instead_of_graveyard",   # Leyline of the Void (affects: opponents | all)
    "dies_shuffle_instead",         # "if this would die, shuffle it into its owner's library instead"
    "enters_tapped",                # "[this] enters the battlefield tapped" (614.1c)
    "permanents_enter_tapped",      # Orb of Dreams (614.1d, not itself: 614.12)
    "enters_with_counters",         # counters: {KIND: N} (614.1c)
    "gain_life_draw_instead", "draw_return_instead",   # CR 616.2's example
    "prevent_damage_to",            # Daunting Defender: amount, subtype (615.10)
    "double_damage",                # Fire Servant (from: red_instant_sorcery_you_control | creatures_you_control)
    "damage_cant_be_prevented",     # Leyline of Punishment (615.12)
    "players_cant_gain_life",       # Leyline of Punishment (119.7)
    "begin_game_on_battlefield",    # the Leylines: matters only before the game begins (103.5a)
    "skip_step",                    # "skip your [untap | upkeep | draw] step" (614.1b, 614.10): step: draw
    "cant_lose_game",               # Platinum Angel: you can't lose the game, opponents can't win (614.17)
    "creatures_enter_as_copy",      # Essence of the Wild (616.1c; engine/enter_replacements.py)
    "double_tokens_and_counters",   # Doubling Season (614.16)
    "cards_in_graveyards_lose_abilities",   # Yixlid Jailer (layer 6, engine/continuous.py)
    "cda_exiled_total",             # Sutured Ghoul's P/T: the cards exiled as it entered (layer 7a)
    "prevent_damage_remove_counters",   # Protean Hydra: prevent damage to it, remove that many +1/+1 (615.5)
    "counters_put_instead",         # Hardened Scales: amount, counter, affects (614.16; engine/counter_amounts.py)
)
COUNTERS_PUT_KEYS = {"amount": ("twice", "plus_one"),
                     "affects": ("permanents_you_control", "creatures_you_control", "permanents_your_team_controls")}
AS_ENTERS = AS_ENTERS + ("exile_creature_cards",)   # Sutured Ghoul: any number from your graveyard (614.13a)
TRIGGER_KINDS = TRIGGER_KINDS + (
    "another_creature_dies", "another_creature_leaves", "you_gain_life", "combat_damage_to_player",
    "becomes_blocked", "end_step_yours", "each_end_step", "player_casts", "you_cast", "state")
KEYWORDS = KEYWORDS + ("flash", "infect", "wither", "plainswalk", "islandwalk", "swampwalk", "mountainwalk",
                       "forestwalk", "cant_attack_alone", "devour")   # devour: {devour: N} (enter_replacements.py)
DELAYED_AT = ("end", "upkeep", "end_of_combat")   # the step at whose beginning it triggers (603.7; 511.2 "at end of combat")
EFFECT_KEYS = EFFECT_KEYS + ("regenerate", "prevent", "prevent_all_to_you_and_your_creatures", "delayed",
                             "return_creature_cards_from_graveyard",   # : you — all at once (enter_replacements.py)
                             "redirect_next",   # : target1, from: you (614.9)
                             "prevent_next_from",   # : target1 | chosen, to: you, color (615.8, 615.9)
                             "opponents_creatures_enter_under_your_control",   # : true — Gather Specimens (616.1b)
                             "skip_next")   # : turn | combat | untap | upkeep | draw, who: you | target1 (614.10)
TRIGGER_IF_KEYS = ("life_at_least", "life_at_most", "opponent_life_at_most")   # intervening "if" (603.4)
NAMED_IF_KEYS: tuple = ()   # the "if" keys whose value is not a number (their sections check them)


@effect_check
def _replacement_effects(effects: list, where: str) -> None:
    for e in effects:
        if "regenerate" in e and e["regenerate"] not in ("self", "target1", "target2"):
            raise CardDataError(f"{where}: regenerate — self или target1, а не {e['regenerate']!r}")
        if "prevent" in e and not (e["prevent"] in ("all", "X") or isinstance(e["prevent"], int) and e["prevent"] > 0):
            raise CardDataError(f"{where}: prevent — число больше 0, X или all, а не {e['prevent']!r}")
        if "unpreventable" in e and not ("damage" in e and isinstance(e["unpreventable"], bool)):
            raise CardDataError(f"{where}: unpreventable: true — только у damage")
        if "skip_next" in e and e["skip_next"] not in ("turn", "combat", "untap", "upkeep", "draw"):
            raise CardDataError(f"{where}: skip_next — turn, combat, untap, upkeep или draw")
        if "prevent_next_from" in e and e["prevent_next_from"] not in ("target1", "target2", "chosen"):
            raise CardDataError(f"{where}: prevent_next_from — target1, target2 или chosen, а не {e['prevent_next_from']!r}")
        if "redirect_next" in e and not (e["redirect_next"] in ("target1", "target2") and e.get("from", "you") == "you"):
            raise CardDataError(f"{where}: redirect_next — target1 или target2, from: you")
        if "then_damage" in e and not ("prevent" in e and e["then_damage"] in ("target1", "target2", "you")):
            raise CardDataError(f"{where}: then_damage — target1, target2 или you, только у prevent (615.5)")
        if "no_regen" in e and "destroy" not in e:
            raise CardDataError(f"{where}: no_regen: true — только у destroy")
        if "delayed" in e:
            d = e["delayed"]
            if not (isinstance(d, dict) and d.get("at") in DELAYED_AT and isinstance(d.get("effects"), list)
                    and d["effects"]):
                raise CardDataError(f"{where}: delayed — {{at: {' | '.join(DELAYED_AT)}, effects: [...]}}")
            _validate_effects(d["effects"], where)   # each entry is a mapping before its keys are read
            if any(v not in ("you", "self") for x in d["effects"] for k, v in x.items() if k in ("to", "who")):
                raise CardDataError(f"{where}: delayed — эффекты отложенной способности только для you или self")


@ability_check
def _replacement_abilities(out: list, where: str) -> None:
    for a in out:
        if "if" in a and not (isinstance(a["if"], dict) and a["if"] and set(a["if"]) <= set(TRIGGER_IF_KEYS)
                              and all(isinstance(v, int) or k in NAMED_IF_KEYS for k, v in a["if"].items())):
            raise CardDataError(f"{where}: if — словарь из {', '.join(TRIGGER_IF_KEYS)} с числами")
        if a.get("trigger") == "state" and "if" not in a:
            raise CardDataError(f"{where}: способности состояния (603.8) нужно условие if")
        st = a.get("static")
        if st == "enters_with_counters" and not (isinstance(a.get("counters"), dict) and a["counters"] and all(
                isinstance(n, int) and not isinstance(n, bool) and n > 0 for n in a["counters"].values())):
            raise CardDataError(f"{where}: enters_with_counters — нужно counters: {{ВИД: N}}")
        if st == "exile_instead_of_graveyard" and a.get("affects", "opponents") not in ("opponents", "all"):
            raise CardDataError(f"{where}: affects — opponents или all")
        if st == "double_damage" and a.get("from", "red_instant_sorcery_you_control") not in (
                "red_instant_sorcery_you_control", "creatures_you_control"):
            raise CardDataError(f"{where}: from — red_instant_sorcery_you_control или creatures_you_control")
        if st == "skip_step" and a.get("step") not in ("untap", "upkeep", "draw"):
            raise CardDataError(f"{where}: skip_step — step: untap, upkeep или draw")
        if st == "prevent_damage_to" and not isinstance(a.get("amount", 1), int):
            raise CardDataError(f"{where}: amount — число")
        if st == "counters_put_instead":
            _counters_put_ability(a, where)


def _counters_put_ability(a: dict, where: str) -> None:
    """``static: counters_put_instead``: amount twice | plus_one, optional affects and counter."""
    stray = sorted(set(a) - {"static", "amount", "affects", "counter"}, key=str)
    if stray:
        raise CardDataError(f"{where}: {key_line(a, stray[0])}counters_put_instead — неизвестный ключ {stray[0]!r} "
                            "(есть: amount, affects, counter)")
    for k, allowed in COUNTERS_PUT_KEYS.items():
        if a.get(k, allowed[0] if k == "affects" else None) not in allowed:
            raise CardDataError(f"{where}: counters_put_instead — {k}: одно из {', '.join(allowed)}")
    if "counter" in a and not (isinstance(a["counter"], str) and a["counter"]):
        raise CardDataError(f"{where}: counters_put_instead — counter: вид жетонов (\"+1/+1\")")


# -- Copies and the CR 706 examples (issue 15) ---------------------------------------------
# "that creature" exists only for the creature whose entering triggered the ability.

THAT_CREATURE_KEYS = ("become_copy", "destroy")   # the instructions that may name it (engine/effects.py ``ref``)


@ability_check
def _copies_abilities(out: list, where: str) -> None:
    for a in out:
        for e in a.get("effects", []) if isinstance(a.get("effects"), list) else []:
            named = [k for k, v in e.items() if v == "that_creature"]
            if named and (a.get("trigger") not in ("another_creature_etb", "becomes_blocked_by_creature")   # the blocker (509.3f)
                          or set(named) - set(THAT_CREATURE_KEYS)):
                raise CardDataError(f"{where}: that_creature — только в {', '.join(THAT_CREATURE_KEYS)} способности "
                                    f"trigger: another_creature_etb («то существо», что вышло на поле битвы)")
            if "fade" in e and e["fade"] != "self":
                raise CardDataError(f"{where}: fade — только self (угасание, 702.31a)")


# -- Cost changes, kicker and buyback (issue 16, part 2) ---------------------------------------
# engine/costs.py: a static "cost_change" (601.2f: increases and reductions of the generic
# part), and two optional additional costs, kicker (702.32) and buyback (702.26). An effect
# with ``if_kicked: true | false`` happens only if the spell was (was not) kicked.

STATIC_KINDS = STATIC_KINDS + ("cost_change",)
TARGET_KINDS = TARGET_KINDS + ("ability", "ability_you_control", "spell_one_target",   # Stifle, Deflection
                                "instant_or_sorcery_spell_you_control", "permanent_spell_you_control")   # Lithoform Engine
CASTING_KEYS = CASTING_KEYS + ("kicker", "buyback")
CARD_KEYS.update(("kicker", "buyback"))
COST_CHANGE_SPELLS = ("colors", "types", "controller")   # which spells a cost_change touches


@effect_check
def _costs_effects(effects: list, where: str) -> None:
    for e in effects:
        if "if_kicked" in e and not isinstance(e["if_kicked"], bool):
            raise CardDataError(f"{where}: if_kicked — true или false")
        if "change" in e and not ("new_targets" in e and e["change"] is True):   # 115.7a "change the target(s)"
            raise CardDataError(f"{where}: change: true — только у new_targets")


@casting_check
def _costs_casting(d: dict, out: dict, where: str) -> None:
    for k in ("kicker", "buyback"):
        if out and k in out:
            if not parse_mana_cost(out[k]):
                raise CardDataError(f"{where}: {k} — мановая стоимость, например \"{{4}}\"")


@ability_check
def _costs_abilities(out: list, where: str) -> None:
    for a in out:
        if a.get("static") == "cost_change":
            spells = a.get("spells", {})
            if not (isinstance(a.get("amount"), int) and a["amount"] and isinstance(spells, dict)
                    and set(spells) <= set(COST_CHANGE_SPELLS)
                    and spells.get("controller", "any") in ("you", "opponents", "any")):
                raise CardDataError(f"{where}: cost_change — amount: ±N (не 0) и spells: {{colors, types, "
                                    f"controller: you | opponents | any}}")


# -- Zones and the library; more trigger events --------------------------------------------
# engine/zone_actions.py (mill, search, scry, shuffle into the library, sacrifice as an effect,
# "you may") and engine/event_triggers.py (draw, discard, becoming a target, a filtered
# "another creature enters").

SEARCH_FOR = ("land", "basic_land", "artifact",
              "permanent")   # up to N permanent cards put onto the battlefield together: each sees the others enter (603.6a; Leyline of Vitality)
SEARCH_PUT = ("battlefield_tapped", "battlefield", "hand", "exile")
EFFECT_KEYS = EFFECT_KEYS + ("mill", "search", "scry", "shuffle_into_library", "sacrifice", "return_to_hand",
                             "linked_exiled_to_hand", "exile_until", "exile_graveyard_and_namesakes")
TARGET_KINDS = TARGET_KINDS + ("attacking_creature_opponent_controls",)
TRIGGER_KINDS = TRIGGER_KINDS + ("you_draw", "opponent_discards", "becomes_target")
ETB_FILTER_KEYS = ("yours", "power_at_least")   # another_creature_etb: "under your control", "with power N or greater"


@effect_check
def _zones_effects(effects: list, where: str) -> None:
    for e in effects:
        if "mill" in e and not (isinstance(e["mill"], int) and e["mill"] > 0 and e.get("who", "you") in _REFS + ("that_player",)):
            raise CardDataError(f"{where}: mill — число карт больше 0 (who: you / target1)")
        if "scry" in e and not (isinstance(e["scry"], int) and e["scry"] > 0):
            raise CardDataError(f"{where}: scry — число больше 0")
        if "search" in e:
            s = e["search"]
            if not (isinstance(s, dict) and s.get("for") in SEARCH_FOR and set(s) <= {"for", "up_to", "put", "remember"}
                    and s.get("remember", True) is True
                    and isinstance(s.get("up_to", 1), int) and s.get("up_to", 1) > 0
                    and isinstance(s.get("put", []), list) and all(x in SEARCH_PUT for x in s.get("put", []))):
                raise CardDataError(f"{where}: search — {{for: {' | '.join(SEARCH_FOR)}, up_to: N, "
                                    f"put: [{' | '.join(SEARCH_PUT)}, …]}}")
        if "shuffle_into_library" in e and not (isinstance(e["shuffle_into_library"], list) and e["shuffle_into_library"]
                                                and all(x in ("self", "graveyard") for x in e["shuffle_into_library"])):
            raise CardDataError(f"{where}: shuffle_into_library — список из self, graveyard")
        if "return_to_hand" in e and e["return_to_hand"] not in ("target1", "target2", "self"):
            raise CardDataError(f"{where}: return_to_hand — target1 или self")
        if "linked_exiled_to_hand" in e and e["linked_exiled_to_hand"] is not True:
            raise CardDataError(f"{where}: linked_exiled_to_hand: true")
        if "exile_graveyard_and_namesakes" in e and e["exile_graveyard_and_namesakes"] not in ("target1", "target2"):
            raise CardDataError(f"{where}: exile_graveyard_and_namesakes — target1 (целевой игрок)")
        if "exile_until" in e:
            x = e["exile_until"]
            if not (isinstance(x, dict) and x.get("what") in ("target1", "target2") and x.get("return_at") == "end"
                    and set(x) <= {"what", "return_at", "tapped"} and isinstance(x.get("tapped", False), bool)):
                raise CardDataError(f"{where}: exile_until — {{what: target1, return_at: end, tapped: true}}")
        if "sacrifice" in e and e["sacrifice"] != "self":
            raise CardDataError(f"{where}: sacrifice как эффект — только self")


@ability_check
def _zones_abilities(out: list, where: str) -> None:
    for a in out:
        if "optional" in a and not (a.get("trigger") and a["optional"] is True):
            raise CardDataError(f"{where}: optional: true («вы можете», 603.5) — только у срабатывающей способности")
        if "filter" in a:
            f = a["filter"]
            if not (a.get("trigger") == "another_creature_etb" and isinstance(f, dict) and f and set(f) <= set(ETB_FILTER_KEYS)
                    and all(isinstance(v, bool) if k == "yours" else isinstance(v, int) for k, v in f.items())):
                raise CardDataError(f"{where}: filter — у another_creature_etb: {{yours: true, power_at_least: N}}")
        refs = [v for e in a.get("effects", []) for k, v in e.items() if k in ("who", "to")]
        if "that_player" in refs and a.get("trigger") != "opponent_discards":
            raise CardDataError(f"{where}: that_player — только у trigger: opponent_discards")


_REFS = _REFS + ("that_player",)   # the player a trigger event names (opponent_discards: "that player")


# -- combat restrictions that are not keywords (engine/restrictions.py), lords ---------------
STATIC_KINDS = STATIC_KINDS + ("cant_attack_unless", "creatures_cant_attack_without", "cant_be_blocked_by",
                               "this_creature")   # "[this] gets +0/+1 for each Mountain you control"
EFFECT_KEYS = EFFECT_KEYS + ("cant_be_blocked_this_turn",)
_UNLESS = ("lands_on_battlefield", "opponent_dealt_damage_this_turn")


@ability_check
def _before_restrictions_abilities(out: list, where: str) -> None:
    for a in out:
        st = a.get("static")
        if st == "cant_attack_unless":
            conds = set(a) & set(_UNLESS)
            lands = a.get("lands_on_battlefield")
            if len(conds) != 1 or set(a) - {"static", *_UNLESS} or (lands is not None and not (
                    isinstance(lands, dict) and lands.get("subtype") in BASIC_LAND_TYPES
                    and isinstance(lands.get("count"), int) and set(lands) == {"subtype", "count"})) \
                    or a.get("opponent_dealt_damage_this_turn") not in (None, True):
                raise CardDataError(f"{where}: cant_attack_unless — одно условие: lands_on_battlefield: "
                                    f"{{subtype: ТИП ЗЕМЛИ, count: N}} или opponent_dealt_damage_this_turn: true")
        if st == "creatures_cant_attack_without" and not (
                isinstance(a.get("keywords"), list) and a["keywords"] and all(k in KEYWORDS for k in a["keywords"])):
            raise CardDataError(f"{where}: creatures_cant_attack_without — keywords: [КЛЮЧЕВОЕ СЛОВО, …]")
        if st == "cant_be_blocked_by" and not (isinstance(a.get("subtype"), str) and a["subtype"]):
            raise CardDataError(f"{where}: cant_be_blocked_by — subtype: ТИП СУЩЕСТВА")
        if st == "anthem" and ("subtype" in a and not (isinstance(a["subtype"], str) and a["subtype"])
                               or "keywords" in a and not (isinstance(a["keywords"], list) and a["keywords"]
                                                           and all(k in KEYWORDS for k in a["keywords"]))):
            raise CardDataError(f"{where}: anthem — subtype: ТИП СУЩЕСТВА (лорд), keywords: [КЛЮЧЕВОЕ СЛОВО, …]")
        if st in ("enchanted", "this_creature") and (
                "per_land_you_control" in a and a["per_land_you_control"] not in BASIC_LAND_TYPES
                or "keywords" in a and not (isinstance(a["keywords"], list) and a["keywords"]
                                            and all(k in KEYWORDS for k in a["keywords"]))
                or st == "this_creature" and not (a.get("per_land_you_control") and isinstance(a.get("pt"), list)
                                                  and len(a["pt"]) == 2 and all(isinstance(x, int) for x in a["pt"]))):
            raise CardDataError(f"{where}: {st} — pt: [P, T], per_land_you_control: БАЗОВЫЙ ТИП ЗЕМЛИ, "
                                f"keywords: [КЛЮЧЕВОЕ СЛОВО, …]")


# == The mechanisms of the Magic 2011 FAQ cards (rules_corpus/cards/m2011_*.yaml) ==============
# One section per mechanism, each naming the engine module that plays it and the rules. The
# sections keep the order in which their words joined the vocabulary: the tuples' order is the
# order the board builder lists them in and the refusals name them in.


def _int_above_0(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and v > 0


def _words(v, test) -> bool:
    return isinstance(v, list) and all(test(x) for x in v)


def _capitalised(x) -> bool:
    return isinstance(x, str) and x[:1].isupper()


def _effects_of(a: dict) -> list:
    """The effects of an ability (a trigger's or an activated one's), [] if not a list."""
    act = a.get("activated")
    effects = a.get("effects") if "effects" in a else (act.get("effects") if isinstance(act, dict) else None)
    return effects if isinstance(effects, list) else []


def _refuse_first(check, items: list, where: str) -> None:
    """Raise the first error ``check`` finds in ``items`` (effects or abilities)."""
    err = next(filter(None, map(check, items)), None)
    if err:
        raise CardDataError(f"{where}: {err}")


# -- Damage to the controller of a target --------------------------------------------------
# ``{damage: N, to: controller_of_target1}`` — "… and N damage to that creature's controller": the
# controller as the spell resolves (608.2g); nothing if the target is illegal (608.2b). Chandra's
# Outrage; engine/rules/effects.py.

_REFS = _REFS + ("controller_of_target1",)   # "the player who controls that creature" (Chandra's Outrage)


def _controller_of_target_error(e: dict) -> str | None:
    if any(v == "controller_of_target1" for k, v in e.items() if k != "to") or (
            e.get("to") == "controller_of_target1" and "damage" not in e):
        return "controller_of_target1 — только to: у damage (игрок, контролирующий цель)"
    return None


# -- Removal other than destroying one permanent -------------------------------------------
# engine/mechanisms/removal.py: ``{exile: target1}`` (406.2), ``{to_library_bottom: target1,
# controller_gains_toughness: true}`` (Condemn: the card's last known information, 608.2g),
# ``{destroy: each_creature}`` (one event for all, 611.2c), the cost ``exile: self`` (Brittle
# Effigy, 602.2); target kinds ``artifact_enchantment_or_land`` (Acidic Slime) and
# ``attacking_creature`` (Condemn, Infantry Veteran: 506.3).

TARGET_KINDS = TARGET_KINDS + ("artifact_enchantment_or_land", "attacking_creature")
EFFECT_KEYS = EFFECT_KEYS + ("exile", "to_library_bottom")
COST_KEYS = COST_KEYS + ("exile",)   # exile: self (Brittle Effigy)


def _removal_error(e: dict) -> str | None:
    for k in ("exile", "to_library_bottom"):
        if k in e and e[k] not in ("target1", "target2"):
            return f"{k} — target1 или target2, а не {e[k]!r}"
    if "controller_gains_toughness" in e and not ("to_library_bottom" in e and e["controller_gains_toughness"] is True):
        return "controller_gains_toughness: true — только у to_library_bottom"
    return None


def _exile_cost_error(a: dict) -> str | None:
    spec = a.get("activated")
    if isinstance(spec, dict) and isinstance(spec.get("cost"), dict) and "exile" in spec["cost"] and spec["cost"]["exile"] != "self":
        return "exile в стоимости — только self («изгоните этот перманент»)"
    return None


# -- Mana made by spells and by counting ---------------------------------------------------
# engine/rules/mana_effects.py: ``{add_mana: {R: 3}}`` — a spell that adds mana, not a mana
# ability (106.3; Pyretic Ritual); ``mana: G`` with ``for_each: Elf`` — a mana ability adding one
# mana per creature of that subtype, counted as it is activated (605.1a; Elvish Archdruid).

EFFECT_KEYS = EFFECT_KEYS + ("add_mana",)


def _add_mana_error(e: dict) -> str | None:
    if "add_mana" in e and not (isinstance(e["add_mana"], dict) and e["add_mana"] and all(
            s in (*COLOR_OF_SYMBOL, "C") and _int_above_0(n) for s, n in e["add_mana"].items())):
        return "add_mana — {СИМВОЛ: N}, символ из W U B R G C, N больше 0"
    return None


def _mana_for_each_error(a: dict) -> str | None:
    if "for_each" in a and not ("mana" in a and _capitalised(a["for_each"])):
        return "for_each — тип существа (Elf) у способности маны"
    return None


# -- A ban on casting spells ---------------------------------------------------------------
# engine/mechanisms/cast_bans.py: ``{opponents_cant_cast: this_turn}`` — a cast by an opponent is
# refused until the turn ends (601.3); spells already cast stay (614.17a). Silence.

EFFECT_KEYS = EFFECT_KEYS + ("opponents_cant_cast",)


def _cast_ban_error(e: dict) -> str | None:
    if "opponents_cant_cast" in e and e["opponents_cant_cast"] != "this_turn":
        return "opponents_cant_cast — this_turn"
    return None


# -- "For as long as [this] remains on the battlefield" ------------------------------------
# engine/mechanisms/source_durations.py: ``become_creature`` with ``for_as_long_as:
# source_on_battlefield``, ``subtypes`` and ``colors`` (611.2b; Awakener Druid).


def _source_duration_error(e: dict) -> str | None:
    extra = {"for_as_long_as", "subtypes", "colors"} & set(e)   # Awakener Druid (611.2b)
    if extra and not ("become_creature" in e and e.get("for_as_long_as") == "source_on_battlefield"
                      and _words(e.get("subtypes", []), _capitalised) and _words(e.get("colors", []), lambda c: c in COLORS)):
        return f"{', '.join(sorted(extra))} — у become_creature с for_as_long_as: source_on_battlefield " \
               f"(subtypes: [Тип], colors: [цвет])"
    return None


# -- The creature's own attack -------------------------------------------------------------
# engine/rules/while_attacking.py: ``only_while_attacking: true`` beside an ``activated:`` ability
# ("activate only if [this] is attacking", 602.5) and the target kind
# ``creature_defending_player_controls`` (Ancient Hellkite, Cyclops Gladiator).

TARGET_KINDS = TARGET_KINDS + ("creature_defending_player_controls",)


def _while_attacking_error(a: dict) -> str | None:
    if "only_while_attacking" in a and not ("activated" in a and a["only_while_attacking"] is True):
        return "only_while_attacking: true — только у activated (Ancient Hellkite)"
    return None


# -- Cards in a graveyard as targets; returning them ---------------------------------------
# engine/rules/graveyard_targets.py: target kinds ``creature_card_in_a_graveyard`` and
# ``permanent_card_mv3_in_your_graveyard`` (115.1, 400.7), ``{return_from_graveyard: target1,
# under: you | owner, add_colors, add_subtypes}`` (Rise from the Grave, Sun Titan).

TARGET_KINDS = TARGET_KINDS + ("creature_card_in_a_graveyard", "permanent_card_mv3_in_your_graveyard",
                               "card_in_a_graveyard")   # any card: {exile: target1} from a graveyard
EFFECT_KEYS = EFFECT_KEYS + ("return_from_graveyard",)


def _graveyard_return_error(e: dict) -> str | None:
    if "return_from_graveyard" not in e and ({"under", "add_colors", "add_subtypes"} & set(e)):
        return "under, add_colors, add_subtypes — только у return_from_graveyard"
    if "return_from_graveyard" in e and not (
            e["return_from_graveyard"] in ("target1", "target2") and e.get("under", "owner") in ("you", "owner")
            and _words(e.get("add_colors", []), lambda c: c in COLORS) and _words(e.get("add_subtypes", []), _capitalised)):
        return "return_from_graveyard — target1, under: you | owner, add_colors: [цвет], add_subtypes: [Тип]"
    return None


# -- Flipping a coin -----------------------------------------------------------------------
# engine/mechanisms/coin_flips.py: ``{flip_coin: true}``, then the effects marked ``if_won: true``
# happen only if the flip is won (705.1; Sorcerer's Strongbox).

EFFECT_KEYS = EFFECT_KEYS + ("flip_coin",)


def _if_won_errors(effects: list) -> str | None:
    """if_won: true only after flip_coin: true in the same list (705)."""
    if any("if_won" in e and (e["if_won"] is not True or "flip_coin" in e) for e in effects) or (
            any("if_won" in e for e in effects) and not any("flip_coin" in e for e in effects)):
        return "if_won: true — у эффектов после flip_coin: true в том же списке"
    return None


# -- Reveal until: exile your creatures, reveal as many creature cards ---------------------
# engine/mechanisms/reveal_until.py: ``{polymorph_creatures: you}`` (406, 609.3, 603.6a; Mass
# Polymorph).

EFFECT_KEYS = EFFECT_KEYS + ("polymorph_creatures",)


def _polymorph_error(e: dict) -> str | None:
    if "polymorph_creatures" in e and e["polymorph_creatures"] != "you":
        return "polymorph_creatures — you"
    return None


# -- Each player sacrifices ----------------------------------------------------------------
# engine/mechanisms/each_player_sacrifices.py: ``{each_player_sacrifices: {what: land, count: 5}}``
# — chosen in APNAP order, sacrificed at once (101.4, 701.16a; Destructive Force).

EFFECT_KEYS = EFFECT_KEYS + ("each_player_sacrifices",)


def _each_player_sacrifices_error(e: dict) -> str | None:
    sac = e.get("each_player_sacrifices")
    if "each_player_sacrifices" in e and not (isinstance(sac, dict) and set(sac) == {"what", "count"}
                                              and sac["what"] in CARD_TYPES and _int_above_0(sac["count"])):
        return "each_player_sacrifices — {what: ТИП КАРТЫ, count: N}"
    return None


# -- Naming a card -------------------------------------------------------------------------
# engine/mechanisms/naming.py: ``{each_player_names_and_reveals: true}`` — each player names a
# card, reveals the top card of their library, puts it into their hand if named (not a draw,
# 121.5), else on the bottom (Conundrum Sphinx).

EFFECT_KEYS = EFFECT_KEYS + ("each_player_names_and_reveals",)


def _true_flag_error(e: dict) -> str | None:
    for k in ("flip_coin", "each_player_names_and_reveals"):
        if k in e and e[k] is not True:
            return f"{k}: true"
    return None


# -- Check lands, and a creature that counts its namesakes --------------------------------
# engine/mechanisms/check_lands.py: ``static: enters_tapped_unless`` with ``subtypes: [Swamp,
# Mountain]`` — enters tapped unless its controller controls a land with one of those types
# (614.1c, 305.6). ``static: per_other_namesake`` with ``pt: [P, T]`` — +P/+T for each other
# creature with the same name (Relentless Rats; engine/kernel/continuous.py).

STATIC_KINDS = STATIC_KINDS + ("enters_tapped_unless", "per_other_namesake")


def _check_land_error(a: dict) -> str | None:
    if a.get("static") == "enters_tapped_unless" and not (
            isinstance(a.get("subtypes"), list) and a["subtypes"] and _words(a["subtypes"], lambda t: t in BASIC_LAND_TYPES)):
        return "enters_tapped_unless — subtypes: [БАЗОВЫЙ ТИП ЗЕМЛИ, …]"
    return None


def _namesake_error(a: dict) -> str | None:
    if a.get("static") == "per_other_namesake" and not (
            isinstance(a.get("pt"), list) and len(a["pt"]) == 2 and _words(a["pt"], lambda x: isinstance(x, int) and not isinstance(x, bool))):
        return "per_other_namesake — pt: [P, T]"
    return None


# -- A chosen discard, and a discard an opponent causes ------------------------------------
# engine/mechanisms/discard_effects.py: ``{discard: N, who: target1 | you}`` (701.8a) and
# ``static: opponent_discard_to_battlefield`` (Obstinate Baloth: put onto the battlefield
# instead, 614.1a; its owner orders it with Leyline of the Void, 616.1). The random discard is
# further down, where it joined the vocabulary.

EFFECT_KEYS = EFFECT_KEYS + ("discard",)
STATIC_KINDS = STATIC_KINDS + ("opponent_discard_to_battlefield",)


def _discard_error(e: dict) -> str | None:
    if "discard" in e and not (_int_above_0(e["discard"]) and e.get("who", "you") in ("you", "target1", "target2")):
        return "discard — число карт больше 0, who: you / target1"
    return None


# -- Hexproof from nongreen -----------------------------------------------------------------
# engine/mechanisms/nongreen_hexproof.py: the keyword ``untargetable_by_nongreen`` — it can't be
# the target of nongreen spells or abilities from nongreen sources (115, 113.7; Gaea's Revenge).

KEYWORDS = KEYWORDS + ("untargetable_by_nongreen",)


# -- A trigger on noncombat damage to an opponent ------------------------------------------
# engine/mechanisms/damage_triggers.py: ``trigger: opponent_dealt_noncombat_damage`` — once per
# damage event (603.2c, 120.2b; Chandra's Spitfire).

TRIGGER_KINDS = TRIGGER_KINDS + ("opponent_dealt_noncombat_damage",)


# -- A cast trigger for spells of one colour -----------------------------------------------
# ``trigger: player_casts`` / ``you_cast`` with ``spell_color: blue`` — only a spell of that
# colour triggers it (603.2; Kraken's Eye).


def _spell_color_error(a: dict) -> str | None:
    if "spell_color" in a and not (a.get("trigger") in ("player_casts", "you_cast") and a["spell_color"] in COLORS):
        return f"spell_color — цвет ({', '.join(COLORS)}) у trigger: player_casts / you_cast"
    return None


# The checks of the sections above, one effect (one ability) at a time, in this order.
_EFFECT_ERRORS = (_controller_of_target_error, _removal_error, _add_mana_error, _cast_ban_error,
                  _source_duration_error, _graveyard_return_error, _true_flag_error, _polymorph_error,
                  _each_player_sacrifices_error, _discard_error)
_ABILITY_ERRORS = (_spell_color_error, _mana_for_each_error, _check_land_error, _namesake_error,
                   _exile_cost_error, _while_attacking_error)


def _first_error(checks, item: dict) -> str | None:
    return next(filter(None, (check(item) for check in checks)), None)


@effect_check
def _m2011_effects(effects: list, where: str) -> None:
    _refuse_first(lambda e: _first_error(_EFFECT_ERRORS, e), effects, where)
    err = _if_won_errors(effects)
    if err:
        raise CardDataError(f"{where}: {err}")


@ability_check
def _m2011_abilities(out: list, where: str) -> None:
    _refuse_first(lambda a: _first_error(_ABILITY_ERRORS, a), out, where)


# -- Numbers and groups an instruction learns as it is carried out -------------------------
# engine/rules/resolution_amounts.py (608.2g): ``damage: swamps_you_control`` (the Swamps you
# control as it resolves) and ``gain_life: damage_dealt`` after a ``damage`` (the damage it dealt,
# after prevention; Corrupt); ``{reveal_top_to_hand_lose_life: you}`` (Dark Tutelage: reveal, put
# into hand, lose life equal to its mana value); ``counters`` given ``to:
# each_artifact_creature_you_control`` (Steel Overseer: the group fixed as the effect begins).

EFFECT_KEYS = EFFECT_KEYS + ("reveal_top_to_hand_lose_life",)   # Dark Tutelage: reveal, put into hand, lose life = its mana value
AMOUNTS = AMOUNTS + ("swamps_you_control",   # Corrupt's damage: the Swamps you control as it resolves (608.2g)
                     "damage_dealt")         # Corrupt's life: the damage its instruction dealt (after prevention)
COUNTERS_GROUPS = ("each_artifact_creature_you_control",)   # Steel Overseer: fixed as the effect begins (608.2g)


_GROUPS = _GROUPS + COUNTERS_GROUPS


@effect_check
def _resolution_amount_effects(effects: list, where: str) -> None:
    for e in effects:
        if e.get("to") in COUNTERS_GROUPS and set(e) != {"counters", "to"}:
            raise CardDataError(f"{where}: to: {e['to']} — только у counters")
        if e.get("damage") == "damage_dealt" or e.get("gain_life") == "swamps_you_control" \
                or e.get("gain_life") == "damage_dealt" and not any("damage" in x for x in effects[:effects.index(e)]):
            raise CardDataError(f"{where}: damage_dealt — у gain_life после damage; swamps_you_control — у damage")
        if "reveal_top_to_hand_lose_life" in e and not (e["reveal_top_to_hand_lose_life"] == "you" and len(e) == 1):
            raise CardDataError(f"{where}: reveal_top_to_hand_lose_life: you (Dark Tutelage)")


# -- An Aura's abilities about the enchanted creature --------------------------------------
# engine/rules/aura_abilities.py: ``to: enchanted`` for pump and counters (the creature the Aura
# enchants, or enchanted as it left, 608.2g; Shiv's Embrace) and ``trigger:
# enchanted_attacks_or_blocks`` (Primal Cocoon, 508.3a, 509.1i) — only on an Aura.

TRIGGER_KINDS = TRIGGER_KINDS + ("enchanted_attacks_or_blocks",)   # Primal Cocoon (508.3a, 509.1i)
_REFS = _REFS + ("enchanted",)   # the creature the Aura enchants (or enchanted as it left, 608.2g)


@effect_check
def _enchanted_effects(effects: list, where: str) -> None:
    for e in effects:
        if "enchanted" in (e.get("to"), e.get("who")) and not ({"pump", "counters"} & set(e)):
            raise CardDataError(f"{where}: to: enchanted — только у pump и counters")


@enchant_check
def _enchanted_enchant(d: dict, abilities: list, where: str) -> None:
    """``to: enchanted`` and ``trigger: enchanted_attacks_or_blocks`` speak of the creature an
    Aura enchants: only an Aura has one."""
    speaks = any(a.get("trigger") == "enchanted_attacks_or_blocks"
                 or any(isinstance(e, dict) and "enchanted" in (e.get("to"), e.get("who")) for e in _effects_of(a))
                 for a in abilities)
    if speaks and d.get("enchant") is None:
        raise CardDataError(f"{where}: «зачарованное существо» (to: enchanted, enchanted_attacks_or_blocks) — "
                            f"только у Ауры с enchant: creature")


# -- A static ability that applies while its controller's life is high enough -------------
# engine/mechanisms/conditional_statics.py: ``static: this_creature_while_life`` with
# ``life_at_least: N``, ``pt`` and ``keywords`` (611.3a: never locked in; Serra Ascendant).

STATIC_KINDS = STATIC_KINDS + ("this_creature_while_life",)   # Serra Ascendant: pt and keywords while life >= N


@ability_check
def _while_life_abilities(out: list, where: str) -> None:
    for a in out:
        if a.get("static") == "this_creature_while_life" and not (
                isinstance(a.get("life_at_least"), int) and not isinstance(a["life_at_least"], bool)
                and isinstance(a.get("pt"), list) and len(a["pt"]) == 2 and all(isinstance(x, int) for x in a["pt"])
                and isinstance(a.get("keywords", []), list) and all(k in KEYWORDS for k in a.get("keywords", []))):
            raise CardDataError(f"{where}: this_creature_while_life — life_at_least: N, pt: [P, T], keywords: [...]")


# -- Counters removed, and X counters as it enters -----------------------------------------
# engine/mechanisms/counter_triggers.py: ``trigger: counter_removed`` with ``counter: "+1/+1"`` —
# once for each counter removed (603.2c); ``static: enters_with_x_counters`` — "enters with X
# +1/+1 counters": X of the spell, else 0 (107.3f; Protean Hydra).

TRIGGER_KINDS = TRIGGER_KINDS + ("counter_removed",)   # Protean Hydra: once per counter (603.2c)
STATIC_KINDS = STATIC_KINDS + ("enters_with_x_counters",)   # Protean Hydra: "enters with X +1/+1 counters" (107.3k)


@ability_check
def _counter_abilities(out: list, where: str) -> None:
    for a in out:
        if a.get("static") == "enters_with_x_counters" and not (isinstance(a.get("counter"), str) and a["counter"]):
            raise CardDataError(f"{where}: enters_with_x_counters — counter: ВИД (\"+1/+1\")")
        if a.get("trigger") == "counter_removed" and not (isinstance(a.get("counter"), str) and a["counter"]):
            raise CardDataError(f"{where}: counter_removed — counter: ВИД (\"+1/+1\")")


# -- A trigger on any creature entering under your control ---------------------------------
# ``trigger: creature_etb_yours`` — any creature, itself too (603.6a; Leyline of Vitality).

TRIGGER_KINDS = TRIGGER_KINDS + ("creature_etb_yours",)             # Leyline of Vitality: any creature, itself too


# -- A counter put on another permanent as it enters; the sacrifice that follows it --------
# engine/mechanisms/phylactery.py: ``as_enters: counter_on_artifact`` with ``counter: phylactery``
# (614.1c, 614.12; not a target, 115.10a) and the state trigger's ``if:
# your_phylactery_permanents_at_most`` (603.8; Phylactery Lich).

AS_ENTERS = AS_ENTERS + ("counter_on_artifact",)   # Phylactery Lich: a counter on an artifact you control (phylactery.py)
TRIGGER_IF_KEYS = TRIGGER_IF_KEYS + ("your_phylactery_permanents_at_most",)   # its state trigger (603.8)


@ability_check
def _counter_on_artifact_abilities(out: list, where: str) -> None:
    for a in out:
        if a.get("as_enters") == "counter_on_artifact" and not (isinstance(a.get("counter"), str) and a["counter"]):
            raise CardDataError(f"{where}: as_enters: counter_on_artifact — counter: ВИД (phylactery)")


# -- Can't be countered or targeted by spells of some colours this turn --------------------
# engine/mechanisms/cant_by_color.py: ``{cant_by_color: [blue, black]}`` (611.2c; Autumn's Veil).

EFFECT_KEYS = EFFECT_KEYS + ("cant_by_color",)   # Autumn's Veil: [blue, black] (engine/cant_by_color.py)


@effect_check
def _cant_by_color_effects(effects: list, where: str) -> None:
    for e in effects:
        if "cant_by_color" in e and not (isinstance(e["cant_by_color"], list) and e["cant_by_color"]
                                         and all(c in COLORS for c in e["cant_by_color"]) and len(e) == 1):
            raise CardDataError(f"{where}: cant_by_color — список цветов ({', '.join(COLORS)}), одно в эффекте")


# -- An ability an Aura grants, and the Aura's return --------------------------------------
# engine/rules/aura_abilities.py (Necrotic Plague): an ability granted to the enchanted creature
# (layer 6), the Aura's "when enchanted creature dies" whose target another player chooses, the
# Aura's return attached to that creature.
STATIC_KINDS = STATIC_KINDS + ("enchanted_has",)   # ability: {...} — "enchanted creature has '…'" (layer 6)
TRIGGER_KINDS = TRIGGER_KINDS + ("enchanted_dies",)   # chooser: enchanted_controller — who chooses its targets
TARGET_KINDS = TARGET_KINDS + ("creature_chooser_opponent_controls",)   # "target creature one of their opponents controls"
EFFECT_KEYS = EFFECT_KEYS + ("return_attached",)   # : target1 — this Aura from its owner's graveyard, attached to it


@effect_check
def _granted_by_aura_effects(effects: list, where: str) -> None:
    for e in effects:
        if "return_attached" in e and e["return_attached"] not in ("target1", "target2"):
            raise CardDataError(f"{where}: return_attached — target1 (существо, к которому прикрепляется Аура)")


@ability_check
def _granted_by_aura_abilities(out: list, where: str) -> None:
    for a in out:
        if a.get("static") == "enchanted_has":
            kws = a.get("keywords")
            if isinstance(a.get("ability"), dict) == (kws is not None) or not (
                    kws is None or (isinstance(kws, list) and kws and all(k in KEYWORDS for k in kws))) or not (
                    a.get("while") is None or _words([a["while"]], lambda w: w in CARD_TYPES or _capitalised(w))):
                raise CardDataError(f"{where}: enchanted_has — ability: {{…}} (способность зачарованного существа) "
                                    f"или keywords: [КЛЮЧЕВОЕ СЛОВО], с необязательным while: тип карты / подтип")
            if "ability" in a:
                validate_abilities([a["ability"]], f"{where}: enchanted_has.ability")
        if "chooser" in a and not (a.get("trigger") == "enchanted_dies" and a["chooser"] == "enchanted_controller"):
            raise CardDataError(f"{where}: chooser: enchanted_controller — только у trigger: enchanted_dies")
        refs = [e.get("return_attached") for e in _effects_of(a) if isinstance(e, dict)]
        if any(refs) and a.get("trigger") != "enchanted_dies":
            raise CardDataError(f"{where}: return_attached — только у trigger: enchanted_dies")


@enchant_check
def _granted_by_aura_enchant(d: dict, abilities: list, where: str) -> None:
    if d.get("enchant") is None and any(a.get("static") == "enchanted_has" or a.get("trigger") == "enchanted_dies"
                                        for a in abilities):
        raise CardDataError(f"{where}: enchanted_has, enchanted_dies — только у Ауры с enchant: creature")


# -- Life totals: set, a draw replaced by life, a cost an opponent gains -------------------
# engine/mechanisms/life_effects.py: ``set_life: N`` ("life total becomes N", 119.5),
# ``next_draw_gain_life_instead: N`` (Words of Worship's draw replaced by life), the cost
# ``opponent_gains_life: N`` (Invigorate: it can't be paid where life can't be gained, 614.17b).
EFFECT_KEYS = EFFECT_KEYS + ("set_life", "next_draw_gain_life_instead")


@effect_check
def _life_effects(effects: list, where: str) -> None:
    for e in effects:
        for k in ("set_life", "next_draw_gain_life_instead"):
            if k in e and (not isinstance(e[k], int) or isinstance(e[k], bool) or e[k] < (0 if k == "set_life" else 1)):
                raise CardDataError(f"{where}: {k} — целое число (жизни)")
        if "next_draw_gain_life_instead" in e and len(e) != 1:
            raise CardDataError(f"{where}: next_draw_gain_life_instead — для «вас», без других ключей")


COST_KEYS = COST_KEYS + ("opponent_gains_life",)   # Invigorate's cost: an opponent gains N life (life_effects.py)


@cost_check
def _opponent_gains_life_cost(cost: dict, where: str) -> None:
    n = cost.get("opponent_gains_life", 1)
    if not isinstance(n, int) or isinstance(n, bool) or n < 1:
        raise CardDataError(f"{where}: opponent_gains_life — целое число от 1")


# -- Damage dealt by a target creature to another target -----------------------------------
# engine/rules/resolution_amounts.py: ``{damage_by: target1, to: target2}`` — the first target
# deals damage equal to its power to the second (120.2b; Soul's Fire).
EFFECT_KEYS = EFFECT_KEYS + ("damage_by",)   # Soul's Fire: {damage_by: target1, to: target2} (resolution_amounts.py)


@effect_check
def _damage_by_effects(effects: list, where: str) -> None:
    for e in effects:
        if "damage_by" in e and not (e["damage_by"] in ("target1", "target2") and e.get("to") in ("target1", "target2")
                                     and e["damage_by"] != e["to"] and set(e) == {"damage_by", "to"}):
            raise CardDataError(f"{where}: damage_by — {{damage_by: target1, to: target2}} (существо наносит повреждения)")


# -- Instructions about a group ------------------------------------------------------------
# engine/rules/group_effects.py: an instruction about a group fixed as it resolves (611.2c) —
# ``to: creatures_you_control | creatures_of_target1`` for pump / pump_by / gain_keyword /
# counters / damage, ``who: each_player`` for draw; ``pump_by: greatest_power_you_control``
# (+X/+X, X counted once, 608.2g; Inspired Charge, Overwhelming Stampede).

INSTRUCTION_GROUPS = ("creatures_you_control", "creatures_of_target1")
GROUP_INSTRUCTION_KEYS = ("pump", "pump_by", "gain_keyword", "counters", "damage")
PUMP_BY = ("greatest_power_you_control",)
EFFECT_KEYS = EFFECT_KEYS + ("pump_by",)
_GROUPS = _GROUPS + ("creatures_you_control",)


def _group_ok(e: dict) -> bool:
    """A group is named only where engine/group_effects.py follows it."""
    if e.get("to") in INSTRUCTION_GROUPS and not (set(e) & set(GROUP_INSTRUCTION_KEYS)) and "lose_abilities_base_pt" not in e:
        return False
    if e.get("to") == "creatures_you_control" and "lose_abilities_base_pt" in e:
        return False
    if e.get("who") == "each_player" and set(e) - {"draw", "who"}:
        return False
    return True


@effect_check
def _group_effects(effects: list, where: str) -> None:
    for e in effects:
        if not _group_ok(e):
            raise CardDataError(f"{where}: to: {' | '.join(INSTRUCTION_GROUPS)} — только у {', '.join(GROUP_INSTRUCTION_KEYS)}; "
                                f"who: each_player — только у draw")
        if "pump_by" in e and not (e["pump_by"] in PUMP_BY and e.get("to") in INSTRUCTION_GROUPS):
            raise CardDataError(f"{where}: pump_by — {' | '.join(PUMP_BY)}, с to: {' | '.join(INSTRUCTION_GROUPS)}")


# -- Tapped and kept tapped ----------------------------------------------------------------
# engine/rules/untap_locks.py: ``no_untap_next: target1 | creatures_of_target1 | blocked_creature``
# ("doesn't untap during its controller's next untap step", 502.2), ``during: target1`` ("that
# player's", Sleep); ``tap_all: creatures_of_target1`` (Sleep); trigger ``blocks_a_creature`` —
# once for each creature it blocks, whose "that creature" is ``blocked_creature`` (Wall of Frost).

EFFECT_KEYS = EFFECT_KEYS + ("no_untap_next", "tap_all")
TRIGGER_KINDS = TRIGGER_KINDS + ("blocks_a_creature",)


@effect_check
def _untap_lock_effects(effects: list, where: str) -> None:
    for e in effects:
        if "tap_all" in e and e["tap_all"] not in INSTRUCTION_GROUPS:
            raise CardDataError(f"{where}: tap_all — {' | '.join(INSTRUCTION_GROUPS)}")
        if "no_untap_next" in e:
            if e["no_untap_next"] not in ("target1", "target2", "self", "creatures_of_target1", "blocked_creature"):
                raise CardDataError(f"{where}: no_untap_next — target1, self, creatures_of_target1 или blocked_creature")
            if e.get("during", "target1") not in ("target1", "target2") or set(e) - {"no_untap_next", "during"}:
                raise CardDataError(f"{where}: no_untap_next — с необязательным during: target1 (игрок)")
        elif "during" in e:
            raise CardDataError(f"{where}: during — только у no_untap_next")


@ability_check
def _untap_lock_abilities(out: list, where: str) -> None:
    for a in out:
        effects = a.get("effects") if isinstance(a.get("effects"), list) else []
        uses_blocked = any(isinstance(e, dict) and "blocked_creature" in e.values() for e in effects)
        if uses_blocked and a.get("trigger") != "blocks_a_creature":
            raise CardDataError(f"{where}: blocked_creature — только у trigger: blocks_a_creature")


# -- Countering the spell that targets it --------------------------------------------------
# trigger ``becomes_target_by_opponent`` — an opponent's spell or ability targets it; its effects
# may name ``that_spell``: ``{counter: that_spell, unless_pay: "{2}"}`` (Frost Titan;
# engine/kernel/event_triggers.py, engine/rules/stack_fights.py).

TRIGGER_KINDS = TRIGGER_KINDS + ("becomes_target_by_opponent",)   # Frost Titan: its effects may name that_spell
_REFS = _REFS + ("that_spell",)   # the spell or ability that targeted it: only {counter: that_spell} (stack_fights.py)


@ability_check
def _that_spell_abilities(out: list, where: str) -> None:
    for a in out:
        effects = a.get("effects") if isinstance(a.get("effects"), list) else []
        named = [k for e in effects if isinstance(e, dict) for k, v in e.items() if v == "that_spell"]
        if named and not (set(named) == {"counter"} and a.get("trigger") == "becomes_target_by_opponent"
                          or set(named) == {"copy_spell"} and a.get("trigger") in ("you_cast", "player_casts")):
            raise CardDataError(f"{where}: that_spell — только counter: that_spell у trigger: becomes_target_by_opponent "
                                f"или copy_spell: that_spell у trigger: you_cast / player_casts")


# -- Planeswalkers as targets; an ability's different targets ------------------------------
# engine/rules/target_kinds.py: ``player_or_planeswalker`` (Chandra Nalaar), and
# ``distinct_targets: true`` on an activated ability — its targets are different (601.2c). A
# planeswalker card enters with its loyalty (306.5b, events.enters).

TARGET_KINDS = TARGET_KINDS + ("player_or_planeswalker",   # Chandra Nalaar (Oracle): engine/target_kinds.py
                                "creature_defending_player_controls")   # Cyclops Gladiator


@ability_check
def _distinct_targets_abilities(out: list, where: str) -> None:
    for a in out:
        spec = a.get("activated") if isinstance(a.get("activated"), dict) else {}
        if "distinct_targets" in spec and spec["distinct_targets"] is not True:
            raise CardDataError(f"{where}: distinct_targets: true — цели способности разные (601.2c)")


# -- Control changes and type additions with no duration -----------------------------------
# engine/mechanisms/lasting_control.py (611.2a): ``give_control_of_self: target1`` (target kind
# ``opponent``), ``gain_control: target1, duration: indefinite``, ``add_subtype: Vampire, to:
# target1``; cost ``tap_untapped: {what: vampire, count: 5}`` (Captivating Vampire, Jinxed Idol).

SACRIFICE_WHAT = SACRIFICE_WHAT + ("vampire",)   # tap_untapped: {what: vampire, count: 5} (Captivating Vampire)
TARGET_KINDS = TARGET_KINDS + ("opponent",)   # a player, an opponent of the one choosing (effects.player_fits)
EFFECT_KEYS = EFFECT_KEYS + ("give_control_of_self", "add_subtype")   # engine/lasting_control.py


@effect_check
def _lasting_control_effects(effects: list, where: str) -> None:
    for e in effects:
        if "give_control_of_self" in e and e["give_control_of_self"] not in ("target1", "target2"):
            raise CardDataError(f"{where}: give_control_of_self — target1 (целевой оппонент)")
        if "duration" in e and not ("gain_control" in e and e["duration"] == "indefinite"):
            raise CardDataError(f"{where}: duration: indefinite — только у gain_control (без срока, 611.2a)")
        if "add_subtype" in e and not (isinstance(e["add_subtype"], str) and e["add_subtype"][:1].isupper()
                                       and e.get("to", "target1") in ("target1", "target2")):
            raise CardDataError(f"{where}: add_subtype — подтип с заглавной буквы (Vampire), to: target1")


# -- An attack requirement an effect creates -----------------------------------------------
# engine/rules/attack_requirements.py: ``attacks_you_this_turn: target1`` — that creature attacks
# you this turn if able (508.1d; Alluring Siren).

EFFECT_KEYS = EFFECT_KEYS + ("attacks_you_this_turn",)   # : target1 — engine/attack_requirements.py (508.1d)


@effect_check
def _attack_requirement_effects(effects: list, where: str) -> None:
    for e in effects:
        if "attacks_you_this_turn" in e and e["attacks_you_this_turn"] not in ("target1", "target2"):
            raise CardDataError(f"{where}: attacks_you_this_turn — target1 (целевое существо)")


# -- The game is a draw --------------------------------------------------------------------
# engine/mechanisms/game_end_effects.py: ``game_draw: true`` (104.4c; Divine Intervention).

EFFECT_KEYS = EFFECT_KEYS + ("game_draw",)   # : true — "the game is a draw" (104.4c; engine/game_end_effects.py)


@effect_check
def _game_draw_effects(effects: list, where: str) -> None:
    for e in effects:
        if "game_draw" in e and e["game_draw"] is not True:
            raise CardDataError(f"{where}: game_draw: true")


# -- Two creatures deal each other damage --------------------------------------------------
# engine/mechanisms/mutual_damage.py: ``exchange_damage: target1`` — it and that creature deal
# each other damage equal to their power, the source by its last known information.

EFFECT_KEYS = EFFECT_KEYS + ("exchange_damage",)   # : target1 — engine/mutual_damage.py


@effect_check
def _exchange_damage_effects(effects: list, where: str) -> None:
    for e in effects:
        if "exchange_damage" in e and e["exchange_damage"] not in ("target1", "target2"):
            raise CardDataError(f"{where}: exchange_damage — target1 (целевое существо)")


# -- A card revealed at random from a hand -------------------------------------------------
# engine/rules/reveal.py: ``reveal_random_from_hand: that_player`` in a ``combat_damage_to_player``
# trigger (701.15; Merfolk Spy).

EFFECT_KEYS = EFFECT_KEYS + ("reveal_random_from_hand",)   # : that_player — engine/reveal.py (Merfolk Spy)


@effect_check
def _reveal_random_effects(effects: list, where: str) -> None:
    for e in effects:
        if "reveal_random_from_hand" in e and e["reveal_random_from_hand"] != "that_player":
            raise CardDataError(f"{where}: reveal_random_from_hand — that_player (у trigger: combat_damage_to_player)")


@ability_check
def _reveal_random_abilities(out: list, where: str) -> None:
    for a in out:
        effects = a.get("effects") if isinstance(a.get("effects"), list) else []
        for e in effects:
            if isinstance(e, dict) and "reveal_random_from_hand" in e and not (
                    e["reveal_random_from_hand"] == "that_player" and a.get("trigger") == "combat_damage_to_player"):
                raise CardDataError(f"{where}: reveal_random_from_hand: that_player — у trigger: combat_damage_to_player")


# -- Power and toughness equal to your life total ------------------------------------------
# ``static: cda_life_total`` — "power and toughness are each equal to your life total" (604.3,
# layer 7a), also as ``create_token: {…, abilities: [{static: cda_life_total}]}`` (Ajani
# Goldmane's Avatar).

STATIC_KINDS = STATIC_KINDS + ("cda_life_total",)   # P and T each equal to your life total (604.3, layer 7a)
TOKEN_ABILITIES = ({"static": "cda_life_total"},)   # what a created token may have (Ajani Goldmane's Avatar)


@effect_check
def _token_ability_effects(effects: list, where: str) -> None:
    for e in effects:
        tok = e.get("create_token")
        if isinstance(tok, dict) and "abilities" in tok and not (
                isinstance(tok["abilities"], list) and tok["abilities"] and all(a in TOKEN_ABILITIES for a in tok["abilities"])):
            raise CardDataError(f"{where}: create_token.abilities — только [{{static: cda_life_total}}]")


# -- A blocking requirement; casting and attacking that exclude each other -----------------
# ``static: all_able_must_block`` — all creatures able to block it do so (509.1c;
# engine/rules/block_requirements.py, Prized Unicorn). ``static: opponents_cast_or_attack`` — an
# opponent who cast a spell this turn can't attack with creatures, one who attacked with a
# creature this turn can't cast spells (601.3, 508.1c; engine/kernel/turn_history.py, Angelic
# Arbiter).

STATIC_KINDS = STATIC_KINDS + ("all_able_must_block",   # Prized Unicorn (509.1c, engine/block_requirements.py)
                               "opponents_cast_or_attack")   # Angelic Arbiter (601.3, 508.1c; engine/turn_history.py)


# -- An Aura that locks the creature it enchants -------------------------------------------
# engine/mechanisms/enchanted_locks.py: ``static: enchanted_cant_activate`` (602.5) and ``trigger:
# enchanted_becomes_target`` (Ice Cage) — only on an Aura.

STATIC_KINDS = STATIC_KINDS + ("enchanted_cant_activate",)   # Ice Cage (602.5; engine/enchanted_locks.py)
TRIGGER_KINDS = TRIGGER_KINDS + ("enchanted_becomes_target",)   # Ice Cage: the creature it enchants is targeted


@enchant_check
def _enchanted_lock_enchant(d: dict, abilities: list, where: str) -> None:
    """Ice Cage's pieces speak of "enchanted creature": only an Aura may have them."""
    if d.get("enchant") is None and any(a.get("static") == "enchanted_cant_activate"
                                        or a.get("trigger") == "enchanted_becomes_target" for a in abilities):
        raise CardDataError(f"{where}: enchanted_cant_activate / enchanted_becomes_target — только у Ауры с enchant")


# -- Damage divided among the targets of a triggered ability -------------------------------
# engine/mechanisms/trigger_division.py — a triggered ability ``{targets: [KIND], max_targets:
# N, effects: [{damage: D, to: each_target, divided: as_chosen}]}`` chooses one to N different
# targets and the division as it is put on the stack (603.3d, 601.2d; Inferno Titan).


def _trigger_division_error(a: dict) -> str | None:
    """A trigger's division is asked only where trigger_division.py asks it: with max_targets,
    one target kind, and one divided damage (else the damage would be dealt to nobody)."""
    effects = a.get("effects") if isinstance(a.get("effects"), list) else []
    divided = [e for e in effects if isinstance(e, dict) and e.get("divided") == "as_chosen"]
    if "max_targets" not in a:
        return "divided: as_chosen у срабатывающей способности — только с max_targets" \
            if "trigger" in a and divided else None
    n, targets = a["max_targets"], a.get("targets")
    if not ("trigger" in a and isinstance(n, int) and not isinstance(n, bool) and n >= 2
            and isinstance(targets, list) and len(targets) == 1 and len(divided) == 1
            and _int_above_0(divided[0].get("damage"))):
        return "max_targets — целое число от 2 у срабатывающей способности с одним видом цели (targets: [ВИД]) " \
               "и одним эффектом {damage: N, to: each_target, divided: as_chosen}"
    return None


@ability_check
def _trigger_division_abilities(out: list, where: str) -> None:
    _refuse_first(_trigger_division_error, out, where)


# -- A card revealed at random, then played or cast while the ability resolves -------------
# engine/mechanisms/revealed_cast.py: ``{reveal_random_and_cast: active_player}`` in ``trigger:
# each_upkeep`` — the player whose upkeep it is reveals a card at random from their hand, puts a
# land onto the battlefield, or casts the card without paying its mana cost if able (608.2f;
# Wild Evocation).
EFFECT_KEYS = EFFECT_KEYS + ("reveal_random_and_cast",)


@ability_check
def _revealed_cast_abilities(out: list, where: str) -> None:
    for a in out:
        for e in _effects_of(a):
            if isinstance(e, dict) and "reveal_random_and_cast" in e and not (
                    e == {"reveal_random_and_cast": "active_player"} and a.get("trigger") == "each_upkeep"):
                raise CardDataError(f"{where}: reveal_random_and_cast: active_player — одно в эффекте, "
                                    f"у trigger: each_upkeep (игрок, чей это шаг поддержки)")


@enchant_check
def _revealed_cast_spell(d: dict, abilities: list, where: str) -> None:
    """A spell's own effects (or its modes') have no upkeep whose player they could name."""
    modes = d.get("modes") if isinstance(d.get("modes"), list) else []
    lists = [d.get("effects")] + [m.get("effects") for m in modes if isinstance(m, dict)]
    if any(isinstance(e, dict) and "reveal_random_and_cast" in e for lst in lists if isinstance(lst, list) for e in lst):
        raise CardDataError(f"{where}: reveal_random_and_cast — только у trigger: each_upkeep")


# -- A random discard ----------------------------------------------------------------------
# ``{discard_at_random: N, who: target1 | you}`` — "target player discards N cards at random"
# (701.8b; Hymn to Tourach): engine/mechanisms/random_discard.py, the first mechanism added
# through the engine's hooks (issue 24). The chosen discard is further up.

EFFECT_KEYS = EFFECT_KEYS + ("discard_at_random",)


@effect_check
def _random_discard_effects(effects: list, where: str) -> None:
    for e in effects:
        if "discard_at_random" in e and not (_int_above_0(e["discard_at_random"])
                                             and e.get("who", "you") in ("you", "target1", "target2")):
            raise CardDataError(f"{where}: {key_line(e, 'discard_at_random')}discard_at_random — число карт больше 0, "
                                f"who: you / target1")


# -- Additional combat and main phases -----------------------------------------------------
# engine/rules/extra_phases.py: ``additional_combat_phase: true`` — "after this main phase, there
# is an additional combat phase followed by an additional main phase" (500.8, 505.1a);
# ``untap_attacked_this_turn: true`` — "untap all creatures that attacked this turn" (Relentless
# Assault).

EFFECT_KEYS = EFFECT_KEYS + ("additional_combat_phase", "untap_attacked_this_turn")


@effect_check
def _extra_phase_effects(effects: list, where: str) -> None:
    for e in effects:
        for key in ("additional_combat_phase", "untap_attacked_this_turn"):
            if key in e and (e[key] is not True or set(e) != {key}):
                raise CardDataError(f"{where}: {key}: true — инструкция без других ключей")


# -- Casting as though spells had flash ----------------------------------------------------
# ``static: cast_as_though_flash`` — "you may cast spells as though they had flash" (702.8a;
# Leyline of Anticipation, actions.can_cast_now). ``static: begin_game_on_battlefield`` (the
# Leylines) is played before the first turn by engine/variants/opening_hand.py (103.5a).

STATIC_KINDS = STATIC_KINDS + ("cast_as_though_flash",)


# -- Shadow ----------------------------------------------------------------------------------
# engine/mechanisms/shadow.py: the keyword ``shadow`` — a creature with shadow and a creature
# without it can't block each other (702.28b; 509.1b: evasion abilities are cumulative).

KEYWORDS = KEYWORDS + ("shadow",)


# -- "Whenever [this] becomes blocked by a [white] creature" -------------------------------------
# engine/mechanisms/blocked_by_triggers.py: ``trigger: becomes_blocked_by_creature`` with an optional
# ``blocker_color`` — once for each blocker of that colour at the point it becomes a blocking
# creature (509.3f); its effects (or a ``delayed: {at: end_of_combat, …}`` among them) may name that
# blocker ``that_creature`` with ``destroy``.

TRIGGER_KINDS = TRIGGER_KINDS + ("becomes_blocked_by_creature",)


def _blocked_by_error(a: dict) -> str | None:
    if "blocker_color" in a and not (a.get("trigger") == "becomes_blocked_by_creature" and a["blocker_color"] in COLORS):
        return f"{key_line(a, 'blocker_color')}blocker_color — цвет ({', '.join(COLORS)}) у trigger: becomes_blocked_by_creature"
    if a.get("trigger") != "becomes_blocked_by_creature":
        return None
    effects = _effects_of(a)
    inner = [x for e in effects if isinstance(e, dict) and isinstance(e.get("delayed"), dict)
             for x in e["delayed"].get("effects", []) if isinstance(x, dict)]
    named = [k for e in effects + inner if isinstance(e, dict) for k, v in e.items() if v == "that_creature"]
    if set(named) - {"destroy"}:
        return (f"{key_line(a, 'effects')}that_creature — только в destroy (блокирующее существо) "
                f"у trigger: becomes_blocked_by_creature")
    return None


@ability_check
def _blocked_by_abilities(out: list, where: str) -> None:
    _refuse_first(_blocked_by_error, out, where)


# -- Changeling ------------------------------------------------------------------------------
# engine/mechanisms/changeling.py: ``static: changeling`` — a characteristic-defining ability, "this
# object is every creature type" (702.73a; the types of 205.3m in the game's release, layer 4 first,
# 613.3). A copy "in addition to its other types" (``copy_except: {add_subtypes: [...]}``) copies it (707.9d).

STATIC_KINDS = STATIC_KINDS + ("changeling",)


# -- Cards kept revealed; a reveal as a cost -----------------------------------------------------
# engine/mechanisms/revealed_cards.py: ``static: opponents_hands_revealed`` — "your opponents play
# with their hands revealed" (Telepathy); ``additional_cost: {reveal_or_pay: {subtype: Merfolk, mana:
# "{3}"}}`` — "reveal a Merfolk card from your hand or pay {3}" (Silvergill Adept), chosen with the
# cast's ``reveal: ID | none``; a card already revealed may be revealed again (701.20c).

STATIC_KINDS = STATIC_KINDS + ("opponents_hands_revealed",)
COST_KEYS = COST_KEYS + ("reveal_or_pay",)


@cost_check
def _reveal_or_pay_cost(cost: dict, where: str) -> None:
    if "reveal_or_pay" not in cost:
        return
    v = cost["reveal_or_pay"]
    if not (isinstance(v, dict) and set(v) == {"subtype", "mana"} and _capitalised(v["subtype"])
            and isinstance(v["mana"], str) and parse_mana_cost(v["mana"]) is not None):
        raise CardDataError(f"{where}: {key_line(cost, 'reveal_or_pay')}reveal_or_pay — "
                            f"{{subtype: Тип, mana: \"{{3}}\"}} («покажите карту этого типа из руки или заплатите»)")


@ability_check
def _reveal_or_pay_only_for_spells(out: list, where: str) -> None:
    for a in out:
        cost = a.get("activated", {}).get("cost") if isinstance(a.get("activated"), dict) else None
        if isinstance(cost, dict) and "reveal_or_pay" in cost:
            raise CardDataError(f"{where}: reveal_or_pay — только в additional_cost заклинания")


# -- Colossus Hammer, Rune of Flight (613.7a) ------------------------------------------------------
# ``static: enchanted`` with ``lose_keywords: [flying]`` — "equipped creature … loses flying" (layer 6);
# ``static: enchanted_has`` with ``while: Equipment`` and ``ability: {static: enchanted, …}`` grants
# the Equipment a static ability whose effect the layers apply with the later timestamp (613.7a;
# engine/rules/aura_abilities.py, engine/kernel/layers.py).


@ability_check
def _lose_keywords_abilities(out: list, where: str) -> None:
    for a in out:
        if "lose_keywords" in a and not (a.get("static") == "enchanted" and isinstance(a["lose_keywords"], list)
                                         and a["lose_keywords"] and all(k in KEYWORDS for k in a["lose_keywords"])):
            raise CardDataError(f"{where}: lose_keywords — список ключевых слов у static: enchanted")


# -- A plane card; a cast trigger that gives the spell a keyword (614.13b) -------------------------
# A plane card (card type ``plane``, 309) in a player's command zone: its abilities work there (113.6n),
# controlled by the active player (901.6; engine/kernel/triggers.py). ``trigger: player_casts`` with
# ``spell_colors: [black, red, green]`` and ``spell_type: creature``; ``{spell_gains_keyword: {devour: 5}}``
# — "it gains devour 5", with no duration, kept by the permanent the spell becomes (400.7a;
# engine/mechanisms/spell_keywords.py). Jund.

CARD_TYPES = CARD_TYPES + ("plane",)
EFFECT_KEYS = EFFECT_KEYS + ("spell_gains_keyword",)


def _cast_filter_error(a: dict) -> str | None:
    cast = a.get("trigger") in ("player_casts", "you_cast")
    if "spell_colors" in a and not (cast and _words(a["spell_colors"], lambda c: c in COLORS) and a["spell_colors"]):
        return f"{key_line(a, 'spell_colors')}spell_colors — список цветов ({', '.join(COLORS)}) у trigger: player_casts / you_cast"
    if "spell_type" in a and not (cast and a["spell_type"] in CARD_TYPES):
        return f"{key_line(a, 'spell_type')}spell_type — тип карты у trigger: player_casts / you_cast"
    for e in _effects_of(a):
        if isinstance(e, dict) and KEY_SPELL_GAINS in e:
            kw = e[KEY_SPELL_GAINS]
            name = next(iter(kw)) if isinstance(kw, dict) and len(kw) == 1 else kw
            if not (cast and set(e) == {KEY_SPELL_GAINS} and isinstance(name, str) and name in KEYWORDS):
                return (f"{key_line(e, KEY_SPELL_GAINS)}spell_gains_keyword — одно ключевое слово (devour: 5), "
                        f"одно в эффекте, у trigger: player_casts / you_cast")
    return None


KEY_SPELL_GAINS = "spell_gains_keyword"


@ability_check
def _cast_filter_abilities(out: list, where: str) -> None:
    _refuse_first(_cast_filter_error, out, where)


# -- Paying life as a land enters; exiling cards instead (614.13c) -----------------------------------
# engine/mechanisms/life_payments.py: ``as_enters: pay_life_or_tapped`` with ``life: N`` (Breeding Pool:
# "you may pay 2 life; if you don't, it enters tapped"); ``static: pay_life_exile_instead`` (Ashiok,
# Wicked Manipulator); ``static: play_lands_from_library_top`` ("you may play lands from the top of
# your library").

AS_ENTERS = AS_ENTERS + ("pay_life_or_tapped",)
STATIC_KINDS = STATIC_KINDS + ("pay_life_exile_instead", "play_lands_from_library_top")


@ability_check
def _pay_life_as_enters(out: list, where: str) -> None:
    for a in out:
        pays = a.get("as_enters") == "pay_life_or_tapped"
        if pays != ("life" in a) or (pays and not _int_above_0(a["life"])):
            raise CardDataError(f"{where}: {key_line(a, 'life')}as_enters: pay_life_or_tapped — с life: N (число от 1), "
                                f"и life — только у неё")


# -- Exchange of control -------------------------------------------------------------------
# engine/mechanisms/exchange_control.py: ``{exchange_control: [target1, target2]}`` — "exchange
# control of two target creatures" (701.12a-b; Switcheroo): all or nothing.

EFFECT_KEYS = EFFECT_KEYS + ("exchange_control",)


@effect_check
def _exchange_control_effects(effects: list, where: str) -> None:
    for e in effects:
        if "exchange_control" in e and e["exchange_control"] != ["target1", "target2"]:
            raise CardDataError(f"{where}: {key_line(e, 'exchange_control')}exchange_control — [target1, target2]: "
                                f"две цели, которые обмениваются контролем")


# -- Shuffling into a library; a card put at a position ------------------------------------
# engine/mechanisms/library_shuffles.py: ``trigger: put_into_graveyard`` — "when [this card] is
# put into a graveyard from anywhere" (Guile); ``{shuffle_self_into_library: true}`` — "shuffle
# [this card] into its owner's library", the library shuffled even if the card has moved
# (701.24c); ``static: graveyard_shuffle_instead`` (Darksteel Colossus) and ``static:
# dies_to_library_top_instead`` (Gravebane Zombie), shuffled at once keeping the card on top
# (701.24g).

TRIGGER_KINDS = TRIGGER_KINDS + ("put_into_graveyard",)
EFFECT_KEYS = EFFECT_KEYS + ("shuffle_self_into_library",)
STATIC_KINDS = STATIC_KINDS + ("graveyard_shuffle_instead", "dies_to_library_top_instead")


@effect_check
def _library_shuffle_effects(effects: list, where: str) -> None:
    for e in effects:
        if "shuffle_self_into_library" in e and e["shuffle_self_into_library"] is not True:
            raise CardDataError(f"{where}: {key_line(e, 'shuffle_self_into_library')}shuffle_self_into_library: true "
                                f"— «втасуйте [эту карту] в библиотеку владельца»")


# -- A player and any number of cards from their graveyard as targets ----------------------
# engine/mechanisms/graveyard_shuffle_targets.py: ``any_number_of: card_in_target1_graveyard``
# beside ``targets: [player]`` of a triggered ability, and ``{shuffle_targets_into_library:
# target1}`` — "target player shuffles any number of target cards from their graveyard into
# their library" (701.24d; Loaming Shaman).

EFFECT_KEYS = EFFECT_KEYS + ("shuffle_targets_into_library",)


@ability_check
def _graveyard_shuffle_target_abilities(out: list, where: str) -> None:
    for a in out:
        shuffles = any(isinstance(e, dict) and "shuffle_targets_into_library" in e for e in _effects_of(a))
        if "any_number_of" in a or shuffles:
            if not (a.get("any_number_of") == "card_in_target1_graveyard" and "trigger" in a
                    and a.get("targets") == ["player"] and shuffles
                    and all(e.get("shuffle_targets_into_library", "target1") == "target1" for e in _effects_of(a))):
                raise CardDataError(f"{where}: any_number_of: card_in_target1_graveyard — у срабатывающей способности "
                                    f"с targets: [player] и эффектом {{shuffle_targets_into_library: target1}}")


# -- Exiling every card with a name from a player's graveyard, hand and library -------------
# engine/mechanisms/namesake_exile.py: ``{exile_with_namesakes: target1}`` (Splinter: the target
# artifact and the cards named like it), ``{exile_namesakes_of_chosen: target1}`` (Lobotomy: the
# cards named like the one chosen from the target player's revealed hand); then that player
# shuffles (701.23a-c).

EFFECT_KEYS = EFFECT_KEYS + ("exile_with_namesakes", "exile_namesakes_of_chosen")


@effect_check
def _namesake_exile_effects(effects: list, where: str) -> None:
    for e in effects:
        for key in ("exile_with_namesakes", "exile_namesakes_of_chosen"):
            if key in e and e[key] != "target1":
                raise CardDataError(f"{where}: {key_line(e, key)}{key}: target1 — первая цель заклинания")


# -- Each player may search; a search of the top of a library instead ----------------------
# engine/mechanisms/each_player_searches.py: ``{each_player_may_search: {for: basic_land, up_to:
# 2}}`` — "each player may search their library for up to two basic land cards, put them onto
# the battlefield, then shuffle" (Veteran Explorer); ``static: search_top_four_instead`` — "if an
# opponent would search a library, that player searches the top four cards of that library
# instead" (Aven Mindcensor; 701.23f).

EFFECT_KEYS = EFFECT_KEYS + ("each_player_may_search",)
STATIC_KINDS = STATIC_KINDS + ("search_top_four_instead",)


@effect_check
def _each_player_search_effects(effects: list, where: str) -> None:
    for e in effects:
        spec = e.get("each_player_may_search")
        if "each_player_may_search" in e and not (
                isinstance(spec, dict) and set(spec) <= {"for", "up_to"} and spec.get("for") in ("land", "basic_land", "artifact", "permanent")
                and _int_above_0(spec.get("up_to", 1))):
            raise CardDataError(f"{where}: {key_line(e, 'each_player_may_search')}each_player_may_search — "
                                f"{{for: basic_land | land | artifact | permanent, up_to: N}}")


# -- Waterbend (701.67, from the 2026 rules) -----------------------------------------------
# engine/mechanisms/waterbend.py: the card key ``waterbend: "{6}"`` — "as an additional cost to
# cast this spell, you may waterbend {6}" (an optional additional cost, asked like kicker; the
# cast choice ``waterbend_tap: [ids]`` taps untapped artifacts and creatures for its generic mana
# only, 701.67a-b); the effect flag ``if_waterbent: true | false``. With it, Spirit Water
# Revival's ``{no_max_hand_size: you}`` (engine/mechanisms/hand_size.py, 402.2) and ``{exile_this_spell:
# true}`` (engine/mechanisms/spell_self_exile.py).

CASTING_KEYS = CASTING_KEYS + ("waterbend",)
CARD_KEYS.update(("waterbend",))
EFFECT_MODIFIERS["if_waterbent"] = None
EFFECT_KEYS = EFFECT_KEYS + ("no_max_hand_size", "exile_this_spell")


@casting_check
def _waterbend_casting(d: dict, out: dict, where: str) -> None:
    if out and "waterbend" in out:
        cost = parse_mana_cost(out["waterbend"]) if isinstance(out["waterbend"], str) else None
        if cost is None or not cost.generic or cost.colored or cost.x:
            raise CardDataError(f"{where}: waterbend — стоимость из неопределённой маны, например \"{{6}}\" (701.67a)")


@effect_check
def _waterbend_effects(effects: list, where: str) -> None:
    for e in effects:
        if "if_waterbent" in e and not isinstance(e["if_waterbent"], bool):
            raise CardDataError(f"{where}: {key_line(e, 'if_waterbent')}if_waterbent — true или false")
        if "no_max_hand_size" in e and e["no_max_hand_size"] != "you":
            raise CardDataError(f"{where}: {key_line(e, 'no_max_hand_size')}no_max_hand_size: you")
        if "exile_this_spell" in e and e["exile_this_spell"] is not True:
            raise CardDataError(f"{where}: {key_line(e, 'exile_this_spell')}exile_this_spell: true")


# -- Double-faced cards (712) --------------------------------------------------------------
# ``back_face: {name_ru, name_en, types, subtypes, colors, power, toughness, keywords, abilities,
# text_en, text_ru}`` — the other face of a double-faced card (712.2), checked with the words of a
# card; it has no mana cost (its colour is its colour indicator, ``colors``). ``{transform: REF}``
# turns a double-faced permanent over (701.27a); engine/mechanisms/double_faced.py.

CARD_KEYS.add("back_face")
BACK_FACE_KEYS = ("name_ru", "name_en", "types", "subtypes", "supertypes", "colors", "power", "toughness",
                  "loyalty", "keywords", "abilities", "text_en", "text_ru")
EFFECT_KEYS = EFFECT_KEYS + ("transform",)
TRIGGER_IF_KEYS = TRIGGER_IF_KEYS + ("spells_cast_last_turn_at_most",   # "if no spells were cast last turn": 0
                                     "a_player_cast_last_turn_at_least")   # "if a player cast two or more …": 2


def back_face_of(d: dict, where: str) -> CardDef | None:
    """The back face of a double-faced card as a card of its own (no mana cost, 712.8e), or None."""
    face = d.get("back_face")
    if face is None:
        return None
    if not isinstance(face, dict):
        raise CardDataError(f"{where}: {key_line(d, 'back_face')}back_face — словарь оборотной грани "
                            f"({', '.join(BACK_FACE_KEYS)})")
    unknown = sorted(str(k) for k in face if k not in BACK_FACE_KEYS)
    if unknown:
        raise CardDataError(f"{where}: {key_line(face, unknown[0])}back_face — неизвестный ключ {unknown[0]!r}; "
                            f"допустимы {', '.join(BACK_FACE_KEYS)} (у оборотной грани нет мановой стоимости, 712.8e)")
    return _card_from_dict(face, f"{where}: back_face")


@effect_check
def _double_faced_effects(effects: list, where: str) -> None:
    for e in effects:
        if "transform" in e and (e["transform"] not in _REFS or set(e) != {"transform"}):
            raise CardDataError(f"{where}: {key_line(e, 'transform')}transform — одно из {', '.join(_REFS)}, "
                                f"без других ключей (701.27a)")


# -- Copy exceptions that depend on what the copy is (707.9f) ---------------------------------
# Moritte of the Frost: ``as_enters: copy_permanent_you_control`` — "enter as a copy of a permanent
# you control" — with ``copy_except: {add_supertypes: [legendary, snow], if_creature: {counters:
# {"+1/+1": 2}, keywords: [changeling]}}``: supertypes added as copiable values, and exceptions
# that apply only if the copy, with its other exceptions and without these, would be a creature
# (707.9f): it enters with those additional counters and has those keywords. engine/rules/control_copy.py.

AS_ENTERS = AS_ENTERS + ("copy_permanent_you_control", "copy_creature_you_control")
COPY_AS_ENTERS = COPY_AS_ENTERS + ("copy_permanent_you_control", "copy_creature_you_control")   # Glasspool Mimic: a creature you control
COPY_EXCEPT = COPY_EXCEPT + ("add_supertypes", "if_creature")
KEYWORDS = KEYWORDS + tuple(k for k in ("changeling",) if k not in KEYWORDS)   # every creature type (702.73a)
IF_CREATURE_KEYS = ("counters", "keywords")


def _conditional_copy_except_error(ex) -> str | None:
    if not isinstance(ex, dict):
        return None
    sup = ex.get("add_supertypes")
    if sup is not None and not (isinstance(sup, list) and sup and all(isinstance(t, str) and t.islower() for t in sup)):
        return "add_supertypes — список супертипов строчными: [legendary, snow]"
    cond = ex.get("if_creature")
    if cond is None:
        return None
    if not (isinstance(cond, dict) and cond and set(cond) <= set(IF_CREATURE_KEYS)):
        return f"if_creature — словарь из {', '.join(IF_CREATURE_KEYS)} (707.9f)"
    if "counters" in cond and not (isinstance(cond["counters"], dict) and cond["counters"] and all(
            isinstance(n, int) and not isinstance(n, bool) and n > 0 for n in cond["counters"].values())):
        return "if_creature.counters — {ВИД: число больше 0}"
    if "keywords" in cond:
        validate_keywords(cond["keywords"], "if_creature.keywords", cda_ok=True)   # control_copy maps changeling
    return None


@ability_check
def _conditional_copy_abilities(out: list, where: str) -> None:
    for a in out:
        err = _conditional_copy_except_error(a.get("copy_except"))
        if err:
            raise CardDataError(f"{where}: {key_line(a, 'copy_except')}copy_except: {err}")


@effect_check
def _conditional_copy_effects(effects: list, where: str) -> None:
    for e in effects:
        ex = e.get("copy_except")
        if isinstance(ex, dict) and ({"add_supertypes", "if_creature"} & set(ex)):
            raise CardDataError(f"{where}: {key_line(e, 'copy_except')}add_supertypes / if_creature — только у "
                                f"as_enters (выход копией, 707.9f), не у become_copy")


# -- A spell copy whose target the effect specifies (707.10e) ---------------------------------
# ``{copy_spell: that_spell, new_target: created_token}`` in a ``you_cast`` trigger: copy the spell
# cast; the copy targets the token the ability created just before (one of them, chosen, if a
# replacement effect made more). ``spell_targets: single_creature_you_control`` beside ``trigger:
# you_cast / player_casts`` — "a spell that targets only a single creature you control". ``static:
# double_tokens`` — "if an effect would create one or more tokens under your control, it creates
# twice that many of those tokens instead" (Anointed Procession, 614.1a). engine/mechanisms/copy_new_target.py.

EFFECT_MODIFIERS["new_target"] = ("copy_spell",)
STATIC_KINDS = STATIC_KINDS + ("double_tokens",)
SPELL_TARGETS = ("single_creature_you_control",)


@effect_check
def _new_target_effects(effects: list, where: str) -> None:
    for e in effects:
        if "new_target" in e and (e["new_target"] != "created_token" or e.get("copy_spell") != "that_spell"):
            raise CardDataError(f"{where}: {key_line(e, 'new_target')}new_target — created_token, у copy_spell: that_spell")


@ability_check
def _spell_targets_abilities(out: list, where: str) -> None:
    for a in out:
        if "spell_targets" in a and not (a.get("trigger") in ("you_cast", "player_casts")
                                         and a["spell_targets"] in SPELL_TARGETS):
            raise CardDataError(f"{where}: {key_line(a, 'spell_targets')}spell_targets — одно из "
                                f"{', '.join(SPELL_TARGETS)} у trigger: you_cast / player_casts")


# -- Meld (701.42, 712.4) ------------------------------------------------------------------------
# ``meld: {partner: NAME_EN, into: {…}}`` on the card of a meld pair whose ability melds them (its
# ``into`` the combined back face, a card without mana cost), ``meld: {partner: NAME_EN}`` on the
# other; ``{exile_and_meld: NAME_EN}`` — "exile [this] and a creature named NAME you own and control,
# then meld them" (a token or a card of no pair stays exiled, 701.42c); ``trigger: combat_yours`` —
# "at the beginning of combat on your turn"; ``if: {you_own_and_control_named: [NAME, NAME]}`` —
# "if you both own and control [this] and a creature named …". engine/mechanisms/meld.py.

CARD_KEYS.add("meld")
EFFECT_KEYS = EFFECT_KEYS + ("exile_and_meld",)
TRIGGER_KINDS = TRIGGER_KINDS + ("combat_yours", "each_combat")
TRIGGER_IF_KEYS = TRIGGER_IF_KEYS + ("you_own_and_control_named",)
NAMED_IF_KEYS = NAMED_IF_KEYS + ("you_own_and_control_named",)


def meld_of(d: dict, where: str) -> dict | None:
    """A meld card's pair data, its ``into`` read as a card (no mana cost), or None."""
    m = d.get("meld")
    if m is None:
        return None
    if not (isinstance(m, dict) and isinstance(m.get("partner"), str) and m["partner"] and set(m) <= {"partner", "into"}):
        raise CardDataError(f"{where}: {key_line(d, 'meld')}meld — {{partner: ИМЯ пары по-английски, into: {{…}}}} "
                            f"(into — только у карты со способностью слияния)")
    if "into" not in m:
        return {"partner": m["partner"]}
    into = m["into"]
    if not isinstance(into, dict) or "cost" in into:
        raise CardDataError(f"{where}: meld.into — словарь объединённой оборотной грани, без мановой стоимости (712.8g)")
    return {"partner": m["partner"], "into": _card_from_dict(into, f"{where}: meld.into")}


@effect_check
def _meld_effects(effects: list, where: str) -> None:
    for e in effects:
        if "exile_and_meld" in e and not (isinstance(e["exile_and_meld"], str) and e["exile_and_meld"]
                                          and set(e) == {"exile_and_meld"}):
            raise CardDataError(f"{where}: {key_line(e, 'exile_and_meld')}exile_and_meld — английское имя пары, "
                                f"без других ключей (701.42a)")


@ability_check
def _meld_abilities(out: list, where: str) -> None:
    for a in out:
        v = (a.get("if") or {}).get("you_own_and_control_named") if isinstance(a.get("if"), dict) else None
        if v is not None and not (isinstance(v, list) and len(v) == 2 and all(isinstance(n, str) and n for n in v)):
            raise CardDataError(f"{where}: you_own_and_control_named — [имя этого перманента, имя существа]")
