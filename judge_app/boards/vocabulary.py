"""What the builder's ability picker offers: the card vocabulary, labelled for a judge.

The lists come from the card model (``cards.model``: the keywords, target kinds, trigger
and static kinds the engine implements), so the picker never offers what the loader would
refuse, and a kind added to the model shows up here (with its code as the label until it
gets one). Only the labels live here, in Russian and English. Effects are the subset a
form can fill with a number or a keyword; anything else is written in the YAML tab.
"""
from __future__ import annotations

from functools import lru_cache

from judge_app.cards import model
from judge_app.engine.rules import target_kinds
from judge_app.engine.rules.control_copy import CHOICE_KEY
from judge_app.engine.rules.keywords import KW_RU

KEYWORD_EN = {"first_strike": "first strike", "double_strike": "double strike", "cant_block": "can't block",
              "cant_be_blocked": "can't be blocked", "cant_attack": "can't attack",
              "block_additional": "can block an additional creature", "attacks_each_combat": "attacks each combat if able",
              "blocks_each_combat": "blocks each combat if able", "split_second": "split second",
              "cant_attack_alone": "can't attack alone", "cant_be_countered": "can't be countered"}
KEYWORD_RU_MORE = {"block_additional": "«может блокировать ещё одно существо»", "split_second": "скорость мысли"}
ARGUMENT_KEYWORDS = ("protection",)   # take an argument: not a checkbox (protection has its own editor, PROTECTION)

TARGETS = {"any": ("любая цель", "any target"), "creature": ("существо", "creature"),
           "player": ("игрок", "player"), "creature_you_control": ("ваше существо", "creature you control"),
           "creature_you_dont_control": ("существо соперника", "creature you don't control"),
           "planeswalker": ("мироходец", "planeswalker"), "permanent": ("перманент", "permanent"),
           "nonlegendary_creature": ("нелегендарное существо", "nonlegendary creature"),
           "spell": ("заклинание", "spell"), "instant_or_sorcery_spell": ("заклинание мгновенное или волшебство",
                                                                      "instant or sorcery spell"),
           "land": ("земля", "land"), "nonaura_enchantment": ("чары, не Аура", "non-Aura enchantment"),
           "spell_one_target": ("заклинание с единственной целью", "spell with a single target"),
           "ability": ("способность на стеке", "activated or triggered ability"),
           "ability_you_control": ("ваша способность на стеке", "activated or triggered ability you control"),
           "instant_or_sorcery_spell_you_control": ("ваше мгновенное заклинание или волшебство",
                                                    "instant or sorcery spell you control"),
           "permanent_spell_you_control": ("ваше заклинание перманента", "permanent spell you control"),
           "attacking_creature_opponent_controls": ("атакующее существо под контролем оппонента",
                                                    "attacking creature an opponent controls"),
           **{k: (v[0], v[1]) for k, v in target_kinds.KINDS.items()}}
TRIGGERS = {"etb": ("когда выходит на поле битвы", "when it enters the battlefield"),
            "dies": ("когда умирает", "when it dies"),
            "another_creature_etb": ("когда другое существо выходит на поле битвы", "whenever another creature enters"),
            "upkeep_yours": ("в начале вашего шага поддержки", "at the beginning of your upkeep"),
            "each_upkeep": ("в начале каждого шага поддержки", "at the beginning of each upkeep"),
            "attacks": ("когда атакует", "whenever it attacks"),
            "blocks": ("когда блокирует", "whenever it blocks"),
            "another_creature_dies": ("когда другое существо умирает", "whenever another creature dies"),
            "another_creature_leaves": ("когда другое существо покидает поле битвы",
                                        "whenever another creature leaves the battlefield"),
            "you_gain_life": ("когда вы получаете жизнь", "whenever you gain life"),
            "combat_damage_to_player": ("когда наносит боевые повреждения игроку",
                                        "whenever it deals combat damage to a player"),
            "becomes_blocked": ("когда становится заблокированным", "whenever it becomes blocked"),
            "end_step_yours": ("в начале вашего заключительного шага", "at the beginning of your end step"),
            "each_end_step": ("в начале каждого заключительного шага", "at the beginning of each end step"),
            "player_casts": ("когда игрок разыгрывает заклинание", "whenever a player casts a spell"),
            "you_draw": ("когда вы берёте карту", "whenever you draw a card"),
            "opponent_discards": ("когда оппонент сбрасывает карту", "whenever an opponent discards a card"),
            "becomes_target": ("когда становится целью заклинания или способности",
                               "whenever it becomes the target of a spell or ability"),
            "you_cast": ("когда вы разыгрываете заклинание", "whenever you cast a spell")}
# "as [this] enters, choose …" (614.12, 706.5) an ad-hoc permanent may have; the choice made is its
# ``chosen:`` on the board. Sutured Ghoul's exiled cards are YAML-only: a board can't state them.
AS_ENTERS = {"color": ("выбрать цвет", "choose a colour"),
             "creature_type": ("выбрать тип существ", "choose a creature type"),
             "copy_creature": ("выйти копией существа (Клон)", "enter as a copy of a creature (Clone)"),
             "copy_artifact": ("выйти копией артефакта", "enter as a copy of an artifact")}
YAML_ONLY_AS_ENTERS = ("exile_creature_cards",   # Sutured Ghoul
                       "counter_on_artifact")    # Phylactery Lich: its counter kind is written in the YAML tab
# FAQ group faqc (issue 11)
TARGETS["opponent"] = ("оппонент", "opponent")
TRIGGERS.update({"blocks_a_creature": ("когда блокирует существо", "whenever it blocks a creature"),
                 "becomes_target_by_opponent": ("когда становится целью заклинания или способности оппонента",
                                                "whenever it becomes the target of a spell or ability an opponent controls"),
                 "enchanted_becomes_target": ("когда зачарованное существо становится целью",
                                              "when enchanted creature becomes the target of a spell or ability")})
YAML_ONLY_TRIGGERS = ("state",   # a state trigger needs its "if" condition (603.8): written in the YAML tab
                      "counter_removed",   # needs its counter kind
                      "enchanted_attacks_or_blocks", "enchanted_dies", "enchanted_becomes_target")   # an Aura's
# FAQ groups faqd and faqe (issue 11)
TRIGGERS.update({"opponent_dealt_noncombat_damage": ("когда оппоненту наносятся небоевые повреждения",
                                                     "whenever an opponent is dealt noncombat damage"),
                 "creature_etb_yours": ("когда существо выходит на поле битвы под вашим контролем",
                                        "whenever a creature enters the battlefield under your control")})
TARGETS.update({"creature_card_in_a_graveyard": ("карта существа на кладбище", "creature card in a graveyard"),
                "permanent_card_mv3_in_your_graveyard": ("карта перманента с общей мана-стоимостью 3 или меньше "
                                                         "на вашем кладбище",
                                                         "permanent card with mana value 3 or less from your graveyard"),
                "creature_chooser_opponent_controls": ("существо под контролем оппонента выбирающего игрока",
                                                       "creature an opponent of the choosing player controls")})
# the 2026 examples on zones (issue 29): mechanisms/library_shuffles.py, removal.py
TRIGGERS["put_into_graveyard"] = ("когда попадает на кладбище откуда угодно", "when it is put into a graveyard from anywhere")
TARGETS["card_in_a_graveyard"] = ("карта на кладбище", "card in a graveyard")
# static kinds a form can fill: (label ru, label en, the fields it needs)
STATICS = {"anthem": ("ваши существа получают +P/+T", "creatures you control get +P/+T", ["pt", "affects"]),
           "enchanted": ("зачарованный перманент получает +P/+T", "the enchanted permanent gets +P/+T", ["pt"]),
           "cda_lhurgoyf": ("сила — число карт существ на кладбищах (Лхургойф)", "power = creature cards in graveyards (Lhurgoyf)", []),
           "cda_tarmogoyf": ("сила — число типов карт на кладбищах (Тармогойф)", "power = card types in graveyards (Tarmogoyf)", []),
           "control_enchanted": ("вы контролируете зачарованное существо", "you control the enchanted creature", []),
           "nonbasic_lands_are": ("небазовые земли — это базовый тип", "nonbasic lands are a basic type", ["subtype"]),
           "lands_are_also": ("каждая земля — ещё и базовый тип", "each land is also a basic type", ["subtype"]),
           "enchantments_are_creatures": ("чары — существа (Опалесценция)", "enchantments are creatures (Opalescence)", []),
           "permanents_are_enchantments": ("перманенты — чары", "permanents are enchantments", []),
           "creatures_lose_abilities": ("существа теряют способности и становятся P/T (Смирение)",
                                        "creatures lose abilities and are P/T (Humility)", ["pt"]),
           # linked to an "as it enters" choice (706.7a, AS_ENTERS): they read what was chosen
           "chosen_color_everything": ("всё — ещё и выбранного цвета (Слуга художника; нужен выбор цвета)",
                                       "everything is also the chosen colour (Painter's Servant; needs a colour choice)", []),
           "protection_from_chosen_color": ("защита от выбранного цвета (нужен выбор цвета)",
                                            "protection from the chosen colour (needs a colour choice)", []),
           "chosen_creature_type": ("существа — выбранного типа (Заговор; нужен выбор типа)",
                                    "creatures are the chosen type (Conspiracy; needs a type choice)", []),
           "is_chosen_type": ("он ещё и выбранного типа (нужен выбор типа)",
                              "it is also the chosen type (needs a type choice)", []),
           "anthem_chosen_type": ("другие ваши существа выбранного типа получают +P/+T (нужен выбор типа)",
                                  "other creatures you control of the chosen type get +P/+T (needs a type choice)",
                                  ["pt"])}
# effects: (label ru, label en, the numbers or keyword it takes, where it may go)
EFFECTS = {"damage": ("повреждения", "damage", ["n"], ["target1", "each_creature", "each_player", "each_opponent"]),
           "pump": ("+P/+T до конца хода", "+P/+T until end of turn", ["p", "t"], ["target1", "self"]),
           "draw": ("взять карты", "draw cards", ["n"], ["you", "target1"]),
           "gain_life": ("получить жизнь", "gain life", ["n"], ["you", "target1"]),
           "lose_life": ("потерять жизнь", "lose life", ["n"], ["you", "target1", "each_opponent"]),
           "counters": ("счётчики +1/+1", "+1/+1 counters", ["n"], ["target1", "self"]),
           "destroy": ("уничтожить", "destroy", [], ["target1"]),
           "tap": ("повернуть", "tap", [], ["target1"]),
           "untap": ("развернуть", "untap", [], ["target1"]),
           "gain_keyword": ("получает ключевое слово до конца хода", "gains a keyword until end of turn", ["keyword"],
                            ["target1", "self"])}
REFS = {"target1": ("цель", "the target"), "self": ("он сам", "itself"), "you": ("вы", "you"),
        "each_creature": ("каждое существо", "each creature"), "each_player": ("каждый игрок", "each player"),
        "each_opponent": ("каждый соперник", "each opponent")}
AFFECTS = {"creatures_you_control": ("ваши существа", "creatures you control"),
           "other_creatures_you_control": ("другие ваши существа", "other creatures you control")}
COLORS = {"white": ("белый", "white"), "blue": ("синий", "blue"), "black": ("чёрный", "black"),
          "red": ("красный", "red"), "green": ("зелёный", "green")}
MANA = {"W": ("{W} белая", "{W} white"), "U": ("{U} синяя", "{U} blue"), "B": ("{B} чёрная", "{B} black"),
        "R": ("{R} красная", "{R} red"), "G": ("{G} зелёная", "{G} green")}
PERMANENT_TYPES = ("artifact", "enchantment", "land", "creature", "planeswalker")
SUPERTYPES = {"legendary": ("легендарный", "legendary"), "basic": ("базовый", "basic")}
TYPES = {"artifact": ("артефакт", "artifact"), "enchantment": ("чары", "enchantment"), "land": ("земля", "land"),
         "creature": ("существо", "creature"), "planeswalker": ("мироходец", "planeswalker")}


# protection from (702.16, engine/keywords/protection.py): a colour, a card type, multicolored, monocolored, everything
PROTECTION = {"white": ("белого", "white"), "blue": ("синего", "blue"), "black": ("чёрного", "black"),
              "red": ("красного", "red"), "green": ("зелёного", "green"),
              "creature": ("существ", "creatures"), "artifact": ("артефактов", "artifacts"),
              "enchantment": ("чар", "enchantments"), "land": ("земель", "lands"),
              "planeswalker": ("мироходцев", "planeswalkers"), "instant": ("мгновенных заклинаний", "instants"),
              "sorcery": ("волшебств", "sorceries"), "multicolored": ("многоцветного", "multicolored"),
              "monocolored": ("одноцветного", "monocolored"), "everything": ("всего", "everything")}
PROTECTION_FROM = tuple(model.COLORS) + tuple(t for t in model.CARD_TYPES if t in PROTECTION) + (
    "multicolored", "monocolored", "everything")


def _pairs(codes, labels: dict, en: bool) -> list[list[str]]:
    """[[code, label], …] in the model's order; a code without a label shows as itself."""
    return [[c, labels[c][1 if en else 0] if c in labels else c] for c in codes]


def _keyword_label(k: str, en: bool) -> str:
    if en:
        return KEYWORD_EN.get(k, k.replace("_", " "))
    return KW_RU.get(k) or KEYWORD_RU_MORE.get(k, k)


# the copy examples of the 2026 rules (engine/mechanisms/double_faced.py, meld.py, control_copy.py)
TRIGGERS.update({"combat_yours": ("в начале боя в ваш ход", "at the beginning of combat on your turn"),
                 "each_combat": ("в начале каждого боя", "at the beginning of each combat")})
AS_ENTERS.setdefault("copy_permanent_you_control", ("выйти копией своего перманента (Моритте)",
                                                    "enter as a copy of a permanent you control (Moritte)"))
AS_ENTERS.setdefault("copy_creature_you_control", ("выйти копией своего существа (Зеркальный подражатель)",
                                                   "enter as a copy of a creature you control (Glasspool Mimic)"))
KEYWORD_RU_MORE.setdefault("changeling", "перевёртыш")

@lru_cache(maxsize=2)
def for_page(en: bool) -> dict:
    """The picker's vocabulary, for ``boards.js`` (a data attribute of the page)."""
    from judge_app.engine.kernel import release_rules

    statics = [s for s in model.STATIC_KINDS if s in STATICS]
    return {
        "keywords": [[k, _keyword_label(k, en)] for k in model.KEYWORDS if k not in ARGUMENT_KEYWORDS],
        "targets": _pairs(model.TARGET_KINDS, TARGETS, en),
        "triggers": _pairs([t for t in model.TRIGGER_KINDS if t not in YAML_ONLY_TRIGGERS], TRIGGERS, en),
        "statics": [[s, STATICS[s][1 if en else 0], STATICS[s][2]] for s in statics],
        "effects": [[e, v[1 if en else 0], v[2], v[3]] for e, v in EFFECTS.items() if e in model.EFFECT_KEYS],
        "refs": _pairs(REFS, REFS, en),
        "affects": _pairs([a for a in model.ANTHEM_AFFECTS if a in AFFECTS], AFFECTS, en),
        "land_types": [[t, t] for t in model.BASIC_LAND_TYPES],
        "releases": release_rules.playable(),   # the rules releases a board may name, newest first
        "colors": _pairs(model.COLORS, COLORS, en),
        "mana": _pairs(model.COLOR_OF_SYMBOL, MANA, en),
        "types": _pairs(PERMANENT_TYPES, TYPES, en),
        "supertypes": _pairs(SUPERTYPES, SUPERTYPES, en),
        "protection": _pairs(PROTECTION_FROM, PROTECTION, en),
        # [code, label, the key of ``chosen:`` that states it on the board]
        "as_enters": [p + [CHOICE_KEY[p[0]]] for p in _pairs([k for k in model.AS_ENTERS if k not in YAML_ONLY_AS_ENTERS],
                                                              AS_ENTERS, en)],
    }
# the 2026 examples (issue 29): "becomes blocked by a white creature" needs its blocker filter and
# "that creature" (509.3f), written in the YAML tab
YAML_ONLY_TRIGGERS = YAML_ONLY_TRIGGERS + ("becomes_blocked_by_creature",)
YAML_ONLY_AS_ENTERS = YAML_ONLY_AS_ENTERS + ("pay_life_or_tapped",)   # Breeding Pool: its life is written in the YAML tab
