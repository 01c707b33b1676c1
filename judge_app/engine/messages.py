"""Events as data: a message id, its arguments and the rules it cites; the Russian and the
English text are rendered from one table (``MESSAGES``), so no event is left without English.

``say(game, kind, msg, objects, keys, **args)`` renders the message ``msg`` in both languages
and emits the event (``Game.emit``), which keeps the message id and its arguments as data
(``Event.message``, ``Event.args``). An argument is rendered by what it is: an object by its
label (``Obj.label`` / ``Obj.label_en``), a player by name, ``Text(ru, en)`` by language, a list
as its items joined with ", ", anything else as ``str``. A template is ``str.format`` text: a
literal brace is doubled (``{{T}}``).

Older code still passes both texts to ``Game.emit`` itself; ``tests/engine/test_event_messages.py``
holds every event of the scenario library and every ``emit`` call to having English.
"""

from __future__ import annotations

import string
from dataclasses import dataclass

from judge_app.engine.state import Event, Game, Obj, Player


@dataclass(frozen=True)
class Text:
    """A value that reads differently in Russian and in English."""
    ru: str
    en: str


def _form(v, lang: str) -> str:
    if isinstance(v, Obj):
        return v.label() if lang == "ru" else v.label_en()
    if isinstance(v, Player):
        return v.name
    if isinstance(v, Text):
        return v.ru if lang == "ru" else v.en
    if isinstance(v, (list, tuple)):
        return ", ".join(_form(x, lang) for x in v)
    return str(v)


def _data(v):
    """An argument as plain data, kept on the event: an object's id, a player's name."""
    if isinstance(v, Obj):
        return v.id
    if isinstance(v, Player):
        return v.name
    if isinstance(v, Text):
        return {"ru": v.ru, "en": v.en}
    if isinstance(v, (list, tuple)):
        return [_data(x) for x in v]
    return v


def render(msg: str, args: dict) -> tuple:
    """(Russian, English) of message ``msg`` with ``args``."""
    ru, en = MESSAGES[msg]
    return (ru.format(**{k: _form(v, "ru") for k, v in args.items()}),
            en.format(**{k: _form(v, "en") for k, v in args.items()}))


def fields(template: str) -> set:
    return {f for _, f, _, _ in string.Formatter().parse(template) if f}


def say(game: Game, kind: str, msg: str, objects, keys, /, **args) -> Event:
    ru, en = render(msg, args)
    return game.emit(kind, ru, en, objects, keys, message=msg, args={k: _data(v) for k, v in args.items()})


# -- pieces of text used by several messages ---------------------------------------------------

def targets_text(game: Game, targets: list) -> Text:
    """", цель: …" — the targets chosen (``effects.describe_targets`` in both languages)."""
    if not targets:
        return Text("", "")
    objs = [ref if kind == "player" else game.objects[ref] for kind, ref, _ in targets]
    return Text(", цель: " + _form(objs, "ru"), ", targeting " + _form(objs, "en"))


DECISION_EN = {   # what the player owes, for the trace's English (Decision.text_ru is the full Russian)
    "legend_rule": "chooses which legendary permanent to keep", "order_triggers": "orders their triggered abilities",
    "targets": "chooses targets", "discard": "chooses cards to discard", "may": "decides whether to use an optional ability",
    "search": "searches their library", "scry": "scries", "coin_flip": "flips a coin",
    "sacrifice_choice": "chooses permanents to sacrifice", "name_card": "names a card",
    "discard_choice": "chooses cards to discard", "polymorph_as_enters": "makes the choices of a card entering the battlefield",
    "returning_as_enters": "makes the choices of a card entering the battlefield",
    "divide_targets": "chooses targets and divides damage", "cast_revealed": "chooses how to cast the revealed card",
    "as_enters": "makes a choice as the permanent enters the battlefield",
    "replacement_order": "chooses which replacement or prevention effect applies first",
    "replacement_card": "chooses a card for a replacement effect",
    "replacement_choice": "makes a choice while a replacement effect applies",
    "prevention_split": "chooses which damage a prevention shield prevents",
    "unless_pay": "decides whether to pay", "new_targets": "chooses new targets",
}


def decision_en(by: str, kind: str) -> str:
    return f"Decision: {by} {DECISION_EN.get(kind, 'decides (' + kind.replace('_', ' ') + ')')}"


MESSAGES: dict = {
    # casting and activating (actions.py, costs.py)
    "alt_cost": ("{player} разыгрывает {spell} за альтернативную стоимость вместо мановой",
                 "{player} casts {spell} for its alternative cost instead of its mana cost"),
    "targets": ("{so}{targets}", "{so}{targets}"),
    "pay_tap": ("{player} поворачивает {obj} (оплата {{T}}){haste}", "{player} taps {obj} to pay {{T}}{haste}"),
    "pay_loyalty": ("{player} {verb} {obj} {n} жетон(ов) верности (стоимость {sign}{n}; теперь {now})",
                    "{player} {verb} {n} loyalty counter(s) {on} {obj} (cost {sign}{n}; now {now})"),
    "pay_counters": ("{player} снимает с {obj} {n} жетон(ов) {kind}", "{player} removes {n} {kind} counter(s) from {obj}"),
    "pay_tap_untapped": ("{player} поворачивает {obj} (оплата стоимости {by})", "{player} taps {obj} to pay a cost"),
    "cast_divide": ("{so}: повреждения делятся так: {shares}", "{so}: the damage is divided: {shares}"),
    "decision_cost": ("{player}: {text}", "Decision: {player} announces {what}"),
    # the turn and priority (turn.py, priority.py, combat.py)
    "step_begins": ("Начинается {step}", "The {step} begins"),
    "pass_all": ("{who} пасует", "{who} passes"),
    "pass_to": ("{who} пасует; приоритет переходит к {to}", "{who} passes"),
    "resolve": ("{everyone} пасовали подряд: разрешается {so}", "{so} resolves"),
    "attackers_declared_priority": ("Атакующие объявлены: {ap} получает приоритет", "{ap} gets priority"),
    "blockers_declared_priority": ("Блокирующие объявлены: {ap} получает приоритет", "{ap} gets priority"),
    "combat_damage_priority": ("После боевых повреждений {ap} получит приоритет — сначала действия, определяемые состоянием",
                               "{ap} will get priority after state-based actions"),
    "mana_ability": ("{player} поворачивает {source} и добавляет {mana} в пул маны", "{player} taps {source} for {mana}"),
    "cast_done": ("{obj} разыграно{resolving}", "{obj} is cast"),
    "pay_total": ("{player} оплачивает {total}", "{player} pays {total}"),
    "activate": ("{player} активирует способность {obj}", "{player} activates {obj}"),
    "chooses": ("{player} выбирает: {values}", "{player} chooses {values}"),
    "trigger": ("Срабатывает способность «{source}» ({id}): {what}", "{source_en}'s ability triggers"),
    # damage (events.py): the source by its last known name
    "damage_player": ("«{src}» наносит {dmg} игроку {player}: {player} теряет {lost} (жизнь: {now})",
                      "{src} deals {n} damage to {player}"),
    "damage_infect_player": ("«{src}» с заражением наносит {dmg} игроку {player}: он получает {n} жетонов яда (всего {poison})",
                             "{src} deals {n} damage to {player} (infect)"),
    "damage_creature": ("«{src}» наносит {dmg} {obj} ({marked})", "{src} deals {n} damage to {obj}"),
    "damage_planeswalker": ("«{src}» наносит {dmg} {obj}: снимается {removed} жетонов верности (осталось {left})",
                            "{src} deals {n} damage to {obj}"),
    # combat (combat.py)
    'declare_attackers_decision': ('Решение: {player} объявляет атакующих',
        '{player} declares attackers'),
    'no_attackers': ('{player} не объявляет атакующих: шаги объявления блокирующих и боевых повреждений пропускаются',
        'No attackers are declared'),
    'attackers_declared': ('{player} объявляет атакующих: {parts}',
        '{player} declares attackers'),
    'removed_from_combat': ('{obj} выводится из боя и больше не атакует и не блокирует',
        '{obj} is removed from combat'),
    'combat_end': ('Шаг конца боя заканчивается: все существа выводятся из боя',
        'All creatures are removed from combat'),
    'no_blockers_able': ('{player} не объявляет блокирующих: у него нет существ, которые могли бы блокировать',
        '{player} declares no blockers'),
    'blockers_declared': ('{player} объявляет блокирующих: {parts}',
        '{player} declares blockers'),
    'no_blockers': ('{player} не объявляет блокирующих',
        '{player} declares no blockers'),
    'blocked_status': ('Итог блокирования — {parts}',
        'Blocked: {blocked}; unblocked: {unblocked}'),
    'damage_order_decision': ('Решение: {player} объявляет порядок распределения повреждений {obj}',
        '{player} announces the damage assignment order of {obj}'),
    'damage_order': ('{player} объявляет порядок распределения повреждений {obj}: {order}',
        'Damage assignment order: {order}'),
    'assign_no_power': ('{obj} с силой {power} не распределяет боевых повреждений',
        '{obj} assigns no combat damage'),
    'assign': ('{player} распределяет повреждения {obj}: {shares}',
        '{obj} assigns {shares}'),
    'combat_damage': ('{which} наносятся одновременно',
        'Combat damage is dealt simultaneously'),
    'attacked_planeswalker_removed': ('Атакованный planeswalker {pw} выведен из боя: {obj} остаётся атакующим, но ничего не атакует',
        '{obj} keeps attacking, but attacks nothing'),
    'vigilance': ('{obj} с бдительностью атакует, не поворачиваясь',
        '{obj} attacks without tapping'),
    'attack_tap': ('{obj} поворачивается при атаке (это не стоимость)',
        '{obj} becomes tapped as it attacks'),
    'declare_blockers_decision': ('Решение: {player} объявляет блокирующих',
        '{player} declares blockers'),
    'assign_decision': ('Решение: {player} распределяет боевые повреждения ({needing})',
        '{player} assigns combat damage'),
    'assign_none': ('{obj} не наносит боевых повреждений: {why}',
        '{obj} assigns no combat damage'),
    'assign_only': ('{obj} распределяет {dmg}: {shares} (единственное законное распределение)',
        '{obj} assigns {shares} (the only legal assignment)'),
    'protection_prevents': ('Повреждения от {src} ({dmg}) {obj} предотвращаются: защита',
        'Damage from {src} to {obj} is prevented'),
    'indestructible_lethal': ('{obj} неразрушимо: смертельные повреждения ({n}) его не уничтожают; они остаются отмеченными',
        "{obj} is indestructible and isn't destroyed"),
    'pruned_from_combat': ('{obj} выводится из боя (покинуло поле битвы, сменило контролёра или перестало быть существом)',
        '{obj} is removed from combat'),
    # events, state-based actions, casting, effects (events.py, sba.py, actions.py, effects.py)
    'life_loss': ('{player} теряет {amount}{why} (жизнь: {now})',
        '{player} loses {n} life'),
    'life_gain': ('{player} получает {amount}{why} (жизнь: {now})',
        '{player} gains {n} life'),
    'draw': ('{player} берёт {what}',
        '{player} draws a card'),
    'counters_put': ('На {obj} кладётся жетонов {kind}: {n}',
        '{n} {kind} counter(s) put on {obj}'),
    'player_loses': ('{player} проигрывает: {why}',
        '{player} loses the game'),
    'loyalty_enters': ('{obj} выходит на поле битвы с {n} жетонами верности',
        '{obj} enters with {n} loyalty counters'),
    'indestructible': ('{obj} неразрушимо: не уничтожается',
        '{obj} is indestructible'),
    'life_cant_gain': ('{player} не получает {amount}{why}: «{blocker}» — игроки не могут получать жизни',
        "{player} can't gain life"),
    'draw_empty': ('{player} пытается взять карту из пустой библиотеки',
        '{player} attempts to draw from an empty library'),
    'sba_leaves': ('{obj} {verb} ({why})',
        '{obj} is {verb}'),
    'all_lose_draw': ('Все оставшиеся игроки проиграли одновременно — ничья',
        'The game is a draw'),
    'cant_lose': ('{player} не проигрывает, хотя {why}: {angel} — «Вы не можете проиграть партию», и действие, определяемое состоянием, не выполняется',
        "{player} can't lose the game ({angel})"),
    'sba_unattached': ('{obj} открепляется от {host} ({why}) и остаётся на поле битвы',
        '{obj} becomes unattached'),
    'token_ceases': ('Фишка {obj} перестаёт существовать',
        '{obj} ceases to exist'),
    'wins': ('{player} побеждает',
        '{player} wins the game'),
    'mode': ('{player} выбирает режим {n} {so}: {text}',
        '{player} chooses mode {n}: {text}'),
    'x_value': ('{player} объявляет X = {x} для {so}',
        '{player} announces X = {x}'),
    'total_cost': ('Итоговая стоимость {so}: {total}{why}{floor}',
        'Total cost: {total}'),
    'cast_free': ('{player} разыгрывает {obj} без уплаты мана-стоимости — это альтернативная стоимость, другую применить нельзя{x0}',
        '{player} casts {obj} without paying its mana cost'),
    'chooses_for': ('{player} выбирает для {obj}: {values}',
        '{player} chooses {values}'),
    'mana_no_colour': ('{player} поворачивает {obj}, но для этой способности маны цвет не выбирался: мана не добавляется',
        '{obj}: no colour was chosen for it, no mana'),
    'optional_cost': ('{player} объявляет, что заплатит {cost} за {so}',
        '{player} announces {cost} for {so}'),
    'controller_now': ('{obj} сейчас под контролем игрока {player}: повреждения — ему',
        '{obj} is controlled by {player} now'),
    'fade_removed': ('С {obj} убирается жетон угасания (осталось {left})',
        'A fade counter is removed from {obj}'),
    'intervening_if_false': ('Условие «если» способности {so} больше не выполняется: она ничего не делает',
        "{so}: the intervening 'if' condition is false"),
    'may_no': ('{player} решает не использовать способность {so}: она ничего не делает',
        '{so}: its controller chooses not to'),
    'mana_not_spent': ('{mana} не тратилась на розыгрыш {so}: жизни не получены{copy}',
        '{mana} was not spent to cast it'),
    'fight': ('{a} ({pa}) и {b} ({pb}) дерутся: каждое наносит другому повреждения, равные своей силе',
        '{a} fights {b}'),
    # resolving (priority.py)
    "step_end": ("{everyone} пасовали подряд при пустом стеке: шаг заканчивается",
                 "{everyone} passed in succession with an empty stack: the step ends"),
    "partial": ("Недопустимыми стали не все цели {so}: оно разрешается, но не воздействует на {names}",
                "Not all targets of {so} are illegal: it resolves but doesn't affect {names}"),
    "resolved_ability": ("{so} покидает стек", "{so} leaves the stack"),
    "priority_after_resolve_sba": ("После разрешения приоритет получит активный игрок {ap} — сначала выполняются действия, "
                                   "определяемые состоянием, и сработавшие способности кладутся на стек",
                                   "After it resolves the active player {ap} receives priority — state-based actions "
                                   "and triggered abilities first"),
    "priority_after_resolve": ("После разрешения приоритет получит активный игрок {ap}",
                               "After it resolves the active player {ap} receives priority"),
    "aura_fizzle": ("Цель {so} стала недопустимой: Аура не разрешается",
                    "The target of {so} is illegal: the Aura doesn't resolve"),
    # decisions
    "decision": ("Решение: {text}", "{text_en}"),
    "decision_plain": ("{text}", "{text_en}"),
    # combat (combat.py)
    "strike_gained_late": ("{obj} получило первый удар уже после шага повреждений первого удара — "
                           "оно всё равно наносит повреждения в обычном шаге",
                           "{obj} gained first strike after the first-strike damage step: it still deals damage in "
                           "the regular step"),
    "double_strike_gained": ("{obj} получило двойной удар после шага первого удара — наносит повреждения и во втором шаге",
                             "{obj} gained double strike after the first-strike damage step: it deals damage in the "
                             "second step too"),
    "strike_had": ("{obj} имело {which} удар, когда начался шаг первого удара: во втором шаге повреждений оно не наносит",
                   "{obj} had {which} strike as the first-strike damage step began: it deals no damage in the second step"),
    # effects (effects.py, control_copy.py, aura_abilities.py, resolution_amounts.py)
    "aura_return_none": ("{so}: Ауру нельзя вернуть (её нет на кладбище владельца или нет существа)",
                         "{so}: the Aura can't be returned (it isn't in its owner's graveyard, or there's no creature)"),
    "timestamped": ("{what} ({now}метка времени {ts})", "{what} ({now}timestamp {ts})"),
    "fight_none": ("Одно из существ больше не является допустимой целью — повреждения в драке не наносятся",
                   "One of the creatures is no longer a legal target: no fight damage is dealt"),
    "tap_untap": ("{obj} {verb}", "{obj} {verb}"),
    "lose_abilities_group": ("Существа под контролем игрока {who} ({hit}) теряют все способности и имеют базовые силу и "
                             "выносливость {p}/{t} до конца хода; множество существ определено сейчас",
                             "Creatures {who} controls ({hit}) lose all abilities and have base power and toughness "
                             "{p}/{t} until end of turn; the set of creatures is fixed now"),
    "become_creature_counting": ("{obj} до конца хода становится существом ({subtypes}), сила и выносливость которого равны "
                                 "числу карт существ на кладбище игрока {controller} (метка времени {ts})",
                                 "{obj} becomes a {subtypes} creature until end of turn with power and toughness each "
                                 "equal to the number of creature cards in {controller}'s graveyard (timestamp {ts})"),
    "become_copy": ("{hit} становится копией {orig}{until} (копируются только копируемые значения; жетоны, Ауры и прочие "
                    "эффекты остаются{exception})",
                    "{hit} becomes a copy of {orig}{until} (only copiable values are copied; counters, Auras and "
                    "other effects stay{exception})"),
    "artifact_creatures_now": ("{so}: артефактные существа под контролем игрока {who} сейчас — {group}",
                               "{so}: artifact creatures {who} controls now: {group}"),
    "reveal_empty": ("Библиотека игрока {player} пуста: показывать нечего", "{player}'s library is empty: nothing to reveal"),
    "library_bottom": ("{player} кладёт {card} в низ своей библиотеки", "{player} puts {card} on the bottom of their library"),
    "sba_counters_cancel": ("С {obj} снимается по {n} жетонов +1/+1 и -1/-1",
                            "{n} +1/+1 and {n} -1/-1 counters are removed from {obj}"),
    # the stack's fights (stack_fights.py, cant_by_color.py)
    "not_countered_color": ("{spell} не может быть отменено заклинанием, которое {colors}, в этом ходу: {by} его не "
                            "отменяет (остальные его указания выполняются)",
                            "{spell} can't be countered by {colors} spells this turn: {by} doesn't counter it (its "
                            "other instructions still happen)"),
    "unless_cant_pay": ("{player} не может заплатить {cost} за {spell}", "{player} can't pay {cost} for {spell}"),
    "unless_pays": ("{player} платит {cost}: {spell} не отменяется", "{player} pays {cost}: {spell} isn't countered"),
    "unless_decision": ("{player} решает, платить ли {cost} за {spell}", "Decision: {player} decides whether to pay {cost} for {spell}"),
    "new_targets_decision": ("{player} выбирает новые цели {what}{spell}", "Decision: {player} chooses new targets for {what_en}{spell}"),
    "change_targets_none": ("{so}: цель {spell} нельзя заменить другой допустимой — цели не меняются",
                            "{so}: no target of {spell} can be changed to another legal one — the targets stay"),
    "counter_ability": ("{by} отменяет {spell}: способность убирается со стека и ничего не делает; оплаченные стоимости не возвращаются",
                        "{by} counters {spell}: the ability is removed from the stack and does nothing; costs paid aren't refunded"),
    "cant_be_countered": ("{spell} не может быть отменено: {so} его не отменяет", "{spell} can't be countered: {so} doesn't counter it"),
    "retarget": ("{spell} получает новые цели{targets}", "{spell} gets new targets{targets}"),
    "retarget_copy": ("{spell}: новые цели{targets}", "{spell}: new targets{targets}"),
    "divide_evenly": ("{so}: {n} повреждений делятся поровну между допустимыми целями ({count}: {names}), с округлением вниз — по {share}",
                      "{so}: {n} damage is divided evenly among the legal targets ({count}: {names}), rounded down — {share} each"),
    # triggers (triggers.py, trigger_division.py)
    "trigger_no_targets": ("Способность «{source}» не имеет допустимых целей и удаляется",
                           "{source_en}'s ability has no legal targets and is removed"),
    "order_triggers": ("Решение: {player} упорядочивает свои сработавшие способности",
                       "Decision: {player} orders their triggered abilities"),
    "trigger_target_decision": ("Решение: {chooser} выбирает цель способности «{source}»",
                                "Decision: {chooser} chooses the target of {source_en}'s ability"),
    "divide_targets_decision": ("Решение: {chooser} выбирает цели и деление повреждений способности «{source}» сейчас, "
                                "когда она кладётся на стек, а не при разрешении",
                                "Decision: {chooser} chooses the targets and the division of damage of {source_en}'s "
                                "ability now, as it is put on the stack, not as it resolves"),
    # turn (turn.py)
    "cleanup_again": ("В шаге очистки есть действия, определяемые состоянием, или сработавшие способности: игроки получат "
                      "приоритет, затем будет ещё один шаг очистки",
                      "State-based actions or triggered abilities in the cleanup step: players receive priority, then "
                      "there is another cleanup step"),
    "skip_first_draw": ("{player} начинает игру и пропускает взятие карты в первый ход",
                        "{player} plays first and skips the draw of their first turn"),
    "cleanup_discard_decision": ("Решение: {player} выбирает {n} карт(ы) для сброса",
                                 "Decision: {player} chooses {n} card(s) to discard"),
    # zones (zone_actions.py)
    "may_decision": ("{player} решает, использовать ли необязательную способность {so}",
                     "Decision: {player} decides whether to use the optional ability {so}"),
    "scry_decision": ("{player} смотрит верхние карты библиотеки: {top}", "Decision: {player} looks at the top cards of their library: {top}"),
    "search_decision": ("{player} ищет в {where}", "Decision: {player} searches {where}"),
    "exiled_card_gone": ("{card} уже не та карта в изгнании (400.7): возвращать нечего",
                         "{card} is no longer the card in exile (400.7): nothing to return"),
    "linked_none": ("{so}: изгнанной связанной способностью карты нет — способность ничего не делает",
                    "{so}: no card was exiled by the linked ability — the ability does nothing"),
    "sacrifice_gone": ("Перманента уже нет на поле битвы: принести его в жертву нельзя",
                       "The permanent is no longer on the battlefield: it can't be sacrificed"),
    "mill_partial": ("В библиотеке {player} только {k} карт(ы) из {n}: на кладбище идут все",
                     "{player}'s library has only {k} of {n} cards: all of them go to the graveyard"),
    "shuffle_source_gone": ("Источника нет на поле битвы (это новый объект или он в другой зоне): в библиотеку идёт только кладбище",
                            "The source is not on the battlefield (a new object, or in another zone): only the graveyard "
                            "is shuffled into the library"),
    "search_none": ("В библиотеке игрока {player} не найдено ни одной карты (находить все не обязательно)",
                    "No card is found in {player}'s library (finding all of them is not required)"),
}
