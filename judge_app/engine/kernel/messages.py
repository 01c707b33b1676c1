"""Events as data: a message id, its arguments and the rules it cites; the Russian and the
English text are rendered from one table (``MESSAGES``), so no event is left without English.

``say(game, kind, msg, objects, keys, **args)`` renders the message ``msg`` in both languages
and emits the event (``Game.emit``), which keeps the message id and its arguments as data
(``Event.message``, ``Event.args``). An argument is rendered by what it is: an object by its
label (``Obj.label`` / ``Obj.label_en``), a player by name, ``Text(ru, en)`` by language, a list
as its items joined with ", ", anything else as ``str``. A template is ``str.format`` text: a
literal brace is doubled (``{{T}}``).

Every event goes through here except a zone move (``events.move``), whose two texts its callers
write; ``tests/engine/test_event_messages.py`` holds every event of the scenario library and every
``emit`` call to having English. Ids written ``module.function.kind`` were made mechanically from
the f-strings they replaced (issue 24); the others were named by hand.
"""

from __future__ import annotations

from dataclasses import dataclass
import string

from judge_app.engine.kernel.state import Event, Game, Obj, Player


@dataclass(frozen=True)
class Text:
    """A value that reads differently in Russian and in English."""
    ru: str
    en: str


def _form(v, lang: str) -> str:
    if type(v) is str:   # the common case first: an event is rendered each time it happens
        return v
    if isinstance(v, Obj):
        return v.label() if lang == "ru" else v.label_en()
    if isinstance(v, Text):
        return v.ru if lang == "ru" else v.en
    if isinstance(v, Player):   # a Two-Headed Giant player is a subclass
        return v.name
    if isinstance(v, (list, tuple)):
        return ", ".join(_form(x, lang) for x in v)
    return str(v)


def _data(v):
    """An argument as plain data, kept on the event: an object's id, a player's name."""
    if type(v) in (str, int):
        return v
    if isinstance(v, Obj):
        return v.id
    if isinstance(v, Player):
        return v.name
    if isinstance(v, Text):
        return {"ru": v.ru, "en": v.en}
    if isinstance(v, (list, tuple)):
        return [_data(x) for x in v]
    return v


def _render(msg: str, args: dict) -> tuple:
    """(Russian, English, the arguments as data) of message ``msg``: one pass over the arguments,
    since every event of a run goes through here."""
    ru, en = MESSAGES[msg]
    ru_args, en_args, data = {}, {}, {}
    for k, v in args.items():
        if type(v) in (str, int):
            ru_args[k] = en_args[k] = data[k] = v
        else:
            ru_args[k], en_args[k], data[k] = _form(v, "ru"), _form(v, "en"), _data(v)
    return ru.format_map(ru_args), en.format_map(en_args), data


def render(msg: str, args: dict) -> tuple:
    """(Russian, English) of message ``msg`` with ``args``."""
    return _render(msg, args)[:2]


def fields(template: str) -> set:
    return {f for _, f, _, _ in string.Formatter().parse(template) if f}


def say(game: Game, kind: str, msg: str, objects, keys, /, **args) -> Event:
    ru, en, data = _render(msg, args)
    return game.emit(kind, ru, en, objects, keys, message=msg, args=data)


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
    'damage_divided_freely': ('{obj} {how}: порядка распределения повреждений нет (его отменил выпуск правил 2024-11-08), '
                              'повреждения делятся между ними так, как решит контролёр',
        '{obj} {how_en}: there is no damage assignment order (gone since the 2024-11-08 rules release); '
        'its controller divides its damage among them as they choose'),
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
    "prevent_all_to": ("До конца хода предотвращаются все повреждения, которые должны быть нанесены: {label}",
                       "A prevention shield on {name}"),
    "prevent_next": ("{label}: щит предотвращает следующие {amount} повреждений в этом ходу", "A prevention shield on {name}"),
    # written from the emit calls they replaced (ids: module.function.kind)
    "enter_replacements._copy_apply.replace": ('«{source_name}» ({source}): {o} выходит на поле битвы копией «{name_ru}»',
        '{o} enters the battlefield as a copy of {src}'),
    "enter_replacements._steal_apply.replace": ('«{source_name}»: {o} выходит на поле битвы под контролем игрока {target}, а не {old}',
        "{o} enters the battlefield under {target}'s control"),
    "enter_replacements._as_enters_apply.replace": ('{controller} выбирает для {o} цвет: {col} (выбор при выходе на поле битвы)',
        '{controller} chooses {col} for {o} as it enters'),
    "enter_replacements._exile_cards_apply.replace": ('При выходе {o} изгнано карт существ: {len}{note}',
        '{len} creature cards exiled as {o} enters'),
    "enter_replacements._devour_apply.replace": ('Поглощение {n}: {o} выходит на поле битвы с жетонами +1/+1: {counters}',
        'Devour {n}: {o} enters with {counters} +1/+1 counters'),
    "enter_replacements._tokens_apply.replace": ('«{source_name}» ({source}): вместо {n} фишек создаётся {doubled}',
        '{doubled} tokens are created instead of {n}'),
    "enter_replacements._counters_apply.replace": ('«{source_name}» ({source}): на {o} кладётся {what}',
        'Twice that many counters are put on {o}'),
    "enter_replacements.create_tokens.token": ('{controller} создаёт фишку {tok}{copy}{token_pt}',
        '{controller} creates a {name_en} token'),
    "enter_replacements.put_onto_battlefield.zone_change": ('{c}: {zone} → поле битвы{note}',
        '{c} is put onto the battlefield'),
    "zone_replacements._exile_apply.replace": ('«{source_name}» ({source}): {o} изгоняется вместо того, чтобы попасть на кладбище',
        '{o} is exiled instead'),
    "zone_replacements._shuffle_apply.replace": ('{o} замешивается в библиотеку владельца вместо того, чтобы умереть',
        "{o} is shuffled into its owner's library instead"),
    "zone_replacements._tapped_apply.replace": ('{o} выходит на поле битвы повёрнутым{note}',
        '{o} enters the battlefield tapped'),
    "zone_replacements._counters_apply.replace": ('{o} выходит на поле битвы с жетонами: {list}',
        '{o} enters the battlefield with counters'),
    "zone_replacements._life_to_draw.replace": ('«{source_name}»: вместо того чтобы получить {n} жизни, {name} берёт {n} карт(ы)',
        '{name} draws {n} instead of gaining life'),
    "zone_replacements._draw_to_return.replace": ('«{source_name}»: вместо того чтобы взять карту, {name} возвращает карту со своего кладбища в руку',
        '{name} returns a card from their graveyard instead of drawing'),
    "zone_replacements._skip_apply.replace": ('«{source_name}» ({source}): {player} пропускает {step_ru}',
        '{player} skips their {step} step'),
    "zone_replacements._skip_next_apply.replace": ('«{source_name}»: {player} пропускает {what}',
        '{player} skips {step}'),
    "prevention._shrink.prevent": ('{what}: предотвращается {dmg} от «{name_ru}» — {to_label}{note}',
        '{n} damage from {name_en} is prevented'),
    "prevention._extra_damage.prevent_extra": ('Повреждения предотвращены — поэтому «{name_ru}» наносит {dmg} игроку {name} (дополнительный эффект того же эффекта предотвращения)',
        '{name_en} deals {n} damage'),
    "prevention._double_apply.replace": ('«{source_name}» ({source}): вместо {dmg} «{name_ru}» наносит {dmg2} — {to_label}',
        '{name_en} deals double damage instead'),
    "prevention._remove_counters.prevent_extra": ('{o}: снимается жетонов +1/+1: {k}{note}',
        '{k} +1/+1 counters are removed from {o}'),
    "prevention._redirect_apply.replace": ('«{source_name}»: {dmg} от «{name_ru}» наносятся не {to_label}, а {to_label2}',
        'The damage is redirected'),
    "prevention._extra_damage.prevent_extra.2": ('Повреждения предотвращены, но игрок {name} уже вышел из игры: «{name_ru}» ему ничего не наносит',
        '{name} has left the game: no damage is dealt'),
    "prevention._redirect_apply.replace.2": ('«{source_name}»: повреждения некуда перенаправить — эффект ничего не делает',
        'The redirection does nothing'),
    "attack_requirements.run.effect": ('{what} в этом ходу атакует игрока {controller}, если может',
        '{what} attacks {controller} this turn if able'),
    "aura_abilities.enchanted.lki": ('{so}: Аура уже не на поле битвы — «зачарованное существо» по её последней известной информации: {host}',
        'The Aura has left: the creature it enchanted is {host}'),
    "cant_by_color.add.effect": ('До конца хода заклинания под контролем игрока {controller} не могут быть отменены, а существа под его контролем не могут быть целями заклинаний, если те заклинания — {ru}',
        "{controller}'s spells and creatures are protected from {list} spells this turn"),
    "cast_bans.run.effect": ('Оппоненты игрока {controller} не могут разыгрывать заклинания до конца хода (уже разыгранные остаются в стеке)',
        "{controller}'s opponents can't cast spells this turn"),
    "check_lands._apply.replace": ('{o} выходит на поле битвы повёрнутым: под контролем {controller} нет земли с типом {types} (важен тип земли, а не имя)',
        '{o} enters tapped: its controller controls no {types}'),
    "coin_flips.run.coin": ('{controller} {note} бросок монеты{note2}',
        '{controller} {note3} the flip'),
    "control_copy.run.effect": ('{controller} получает контроль над {r} до конца хода (метка времени {ts})',
        '{controller} gains control of {r} until end of turn'),
    "control_copy.run.effect.2": ('В тексте {r} слово «{frm}» заменяется на «{to}» (метка времени {ts})',
        "{r}: the text's {frm} becomes {to}"),
    "counter_amounts._apply.replace": ('«{source_name}» ({source}): {amount} жетонов — {note}{what}',
        '{src_en}: {amount_en} counters — {o} {note2}{what_en}'),
    "counter_triggers._x_apply.replace": ('{o} выходит на поле битвы с X жетонами {kind2}: X = {x}{note}',
        '{o} enters with {x} {kind2} counters'),
    "discard_effects._apply.replace": ('{o} сбрасывается из-за способности оппонента — и выходит на поле битвы вместо кладбища',
        '{o} is put onto the battlefield instead'),
    "each_player_sacrifices.answer.choice": ('{by} выбирает: {list}',
        '{by} chooses'),
    "extra_phases._add_pair.effect": ('{name_ru}: после этой главной фазы будут дополнительная фаза боя и дополнительная главная фаза',
        'After this main phase, there is an additional combat phase followed by an additional main phase'),
    "extra_phases._add_pair.effect.2": ('{name_ru}: сейчас не главная фаза — дополнительных фаз нет',
        'Not a main phase: no phases are added'),
    "extra_phases._untap_attackers.untap": ('Разворачиваются существа, атаковавшие в этом ходу: {list}',
        'Creatures that attacked this turn untap'),
    "extra_phases.next_step.extra_phase": ('Начинается дополнительная главная фаза (это послебоевая главная фаза)',
        'An additional main phase begins (a postcombat main phase)'),
    "extra_phases.next_step.extra_phase.2": ('Начинается дополнительная фаза боя',
        'An additional combat phase begins'),
    "face_down.turn_face_up.turn_face_up": ('{name} платит стоимость морфа {cost} и переворачивает ({oid}) лицом вверх: это {obj} (эффекты, действовавшие на него, продолжают действовать)',
        '{name} pays {cost} and turns {obj} face up'),
    "game_end_effects.run.game_over": ('{so}: партия заканчивается вничью — это не проигрыш, и «не можете проиграть» этому не мешает',
        'The game is a draw'),
    "graveyard_targets.run.effect": ('{card} — {what} в дополнение к своим другим цветам и типам (слои 4 и 5, метка времени {ts})',
        '{card} is {what} in addition to its other colors and types'),
    "group_effects.run.group_fixed": ('{so}: затронуты существа на момент разрешения — {names}; существа, которые появятся позже, не затрагиваются',
        '{so}: the affected creatures are fixed as it resolves'),
    "group_effects.run.count": ('X — наибольшая сила среди существ под контролем {ctl} сейчас: {x}',
        'X is the greatest power among creatures {ctl} controls: {x}'),
    "group_effects._run_on_values.tap": ('Поворачиваются: {value}',
        'Tapped: {list}'),
    "keywords.__init__.grant.effect": ('{target} {verb} {what} до конца хода (метка времени {ts})',
        '{target} {note} {kw_name} until end of turn'),
    "keywords.protection.prevented.prevent": ('Повреждения ({n}) от «{name}» {recipient} предотвращаются: защита от {list}',
        'Damage to {recipient} is prevented (protection)'),
    "each_player_searches.decision": ('{player} может искать в своей библиотеке: видно карт — {n} из {of}',
        '{player} may search their library: {n} of its {of} cards are looked at'),
    "each_player_searches.top_four": ('«{source}»: {player} — оппонент, и вместо поиска во всей библиотеке ищет только в четырёх верхних картах',
        '{source}: {player} is an opponent and searches the top four cards of the library instead'),
    "exchange_control.incomplete": ('{so}: обмен контролем совершить нельзя — одного из перманентов уже нет или он недопустимая цель; не происходит никакая часть обмена, {kept} остаётся у прежнего контролёра',
        '{so}: the exchange of control cannot be completed, so no part of it happens; {kept} stays with its controller'),
    "exchange_control.same_controller": ('{a} и {b} оба под контролем игрока {who}: обмен ничего не делает',
        '{a} and {b} are both controlled by {who}: the exchange does nothing'),
    "exchange_control.done": ('Обмен контролем: {to_a} получает {a}, {to_b} получает {b} — одновременно, без срока (метка времени {ts})',
        'Control is exchanged: {to_a} gains control of {a}, {to_b} gains control of {b}'),
    "lasting_control._control.effect": ('{controller} получает контроль над {what} — без срока: пока он на поле битвы или другой эффект не передаст контроль (метка времени {ts})',
        '{controller} gains control of {what} with no duration'),
    "lasting_control.run.effect": ('{what} становится {add_subtype} в дополнение к другим типам — без срока (метка времени {ts})',
        '{what} becomes a {add_subtype} in addition to its other types'),
    "library_shuffles.gone": ('{so}: этой карты уже нет там, куда она попала (это новый объект): втасовывать нечего, но библиотека всё равно тасуется',
        '{so}: that card is no longer where it went (it is a new object): nothing is shuffled in, but the library is shuffled all the same'),
    "library_shuffles.shuffle_instead": ('{o} показывается и замешивается в библиотеку владельца вместо кладбища',
        '{o} is revealed and shuffled into its owner\'s library instead'),
    "library_shuffles.top_instead": ('{o} кладётся на верх библиотеки владельца вместо того, чтобы умереть',
        '{o} is put on top of its owner\'s library instead'),
    "library_shuffles.keeping": ('{name} перетасовывает свою библиотеку, кроме положенного наверх в то же время: {kept} остаётся сверху',
        '{name} shuffles their library, except {kept}, which stays on top where it was put at the same time'),
    "flashback.exile": ('{o} разыграно с помощью воспоминания: уходя со стека, оно изгоняется (а не уходит в зону: {to})',
        '{o} was cast with flashback: it is exiled instead of leaving the stack anywhere else'),
    "graveyard_shuffle_targets.decision": ('{chooser} выбирает цели способности «{source}»: игрока и сколько угодно карт с его кладбища',
        '{chooser} chooses the targets of {source_en}: a player and any number of cards from their graveyard'),
    "graveyard_shuffle_targets.choice": ('{by} выбирает целью игрока {player} и карт с его кладбища: {n}',
        '{by} targets {player} and {n} card(s) from their graveyard'),
    "graveyard_shuffle_targets.none": ('Ни одной целевой карты с кладбища игрока {player} нет — библиотека всё равно тасуется',
        'No targeted card from {player}\'s graveyard is there: the library is shuffled all the same'),
    "namesake_exile.reveal_hand": ('{player} показывает руку: {cards}',
        '{player} reveals their hand: {cards}'),
    "namesake_exile.card_decision": ('{by} выбирает карту из руки игрока {player}, кроме карты базовой земли',
        '{by} chooses a card other than a basic land card from {player}\'s hand'),
    "namesake_exile.search_decision": ('{by} ищет в руке и библиотеке игрока {player} карты с именем «{name}»: найти можно любые из них или ни одной',
        '{by} searches {player}\'s hand and library for cards named {name}: any of them, or none, may be found'),
    "namesake_exile.undefined": ('Карта не выбрана — название не определено: кладбище, рука и библиотека игрока {player} обыскиваются, но найти ничего нельзя',
        'No card was chosen, so the name is undefined: {player}\'s zones are searched, but nothing can be found'),
    "hand_size.none": ('У игрока {player} больше нет максимального размера руки до конца игры',
        '{player} has no maximum hand size for the rest of the game'),
    "life_effects.run.set_life": ('Количество жизней игрока {name} становится {set_life}: для этого {note}',
        "{name}'s life total becomes {set_life}"),
    "life_effects._apply.replace": ('«{source_name}»: вместо того чтобы взять карту, {name} получает {amount} жизней',
        '{name} gains {amount} life instead of drawing'),
    "life_effects.run.shield": ('Следующее взятие карты игроком {controller} в этом ходу заменяется получением {next_draw_gain_life_instead} жизней',
        'The next draw this turn is replaced'),
    "mana_effects.run.mana": ('{so} разрешается: {name} добавляет {added} в пул маны (заклинание, не способность маны)',
        '{so} resolves: {name} adds {added}'),
    "mana_effects.amount.mana_count": ('{obj}: существ {sub} под контролем {controller} — {n}, включая его самого',
        '{obj}: {n} {sub} creature(s)'),
    "mutual_damage.run.lki": ('«{name_ru}» уже нет на поле битвы: повреждения по последней известной информации (сила {power})',
        '{get} left: last known power {power}'),
    "naming.answer.choice": ('{by} называет «{strip}»',
        '{by} names {strip}'),
    "naming.run.reveal": ('{pname} показывает верхнюю карту библиотеки: {card} — {note}',
        '{pname} reveals {card}'),
    "opening_hand.begin.start_of_game": ('Партия начинается: пересдачи закончены, карты в руках — начальные руки игроков',
        'The game begins: the mulligans are over, the cards in hand are the opening hands'),
    "opening_hand._ask.decision": ('Решение: {name} выбирает, с какими картами из начальной руки начать партию на поле битвы',
        '{name} chooses which cards to begin the game with on the battlefield'),
    "opening_hand._first_turn.turn": ('Все игроки получили возможность действовать с начальной рукой: начинается ход 1, активный игрок — {name}',
        'Turn 1 begins ({name})'),
    "opening_hand.answer.choice": ('{by} не кладёт на поле битвы ни одной карты из начальной руки',
        '{by} begins the game with none of them on the battlefield'),
    "phylactery._apply.replace": ('{o} выходит на поле битвы: {controller} выбирает {obj} (это не цель)',
        '{controller} chooses {obj}'),
    "phylactery._apply.replace.2": ('{o} выходит на поле битвы, но под контролем игрока {controller} нет артефакта на поле битвы: жетон {kind2} положить не на что{note}',
        'No artifact for the {kind2} counter'),
    "priority._enter_permanent.enter": ('{so} выходит на поле битвы под контролем игрока {controller}{describe_copy}{note}{note2}',
        '{so} enters the battlefield'),
    "priority.resolve_top.fizzle": ('Все цели {so} стали недопустимыми: оно не разрешается и убирается со стека',
        "{so} doesn't resolve: all its targets are illegal"),
    "regeneration._apply.regenerate": ('{o} регенерирует вместо уничтожения: с него снимаются повреждения ({had}), оно поворачивается',
        '{o} regenerates instead of being destroyed'),
    "regeneration.add_shield.shield": ('{obj} получает регенерационный щит до конца хода',
        '{obj} gets a regeneration shield'),
    "regeneration.blocked_note.regenerate_none": ('{obj} не может быть регенерировано: регенерационный щит не применяется',
        "{obj} can't be regenerated"),
    "removal.run.effect": ('Выносливость {name_ru} — по последней известной информации: {n} (карта ушла в скрытую зону, её контролировал {name})',
        "{name_en}'s last known toughness is {n}"),
    "removal.destroy_all_creatures.effect": ('{o} неразрушимо в момент уничтожения — остаётся на поле битвы',
        '{o} is indestructible as the effect applies'),
    "replacement._choose.replace_order": ('{by} выбирает, какой эффект применить первым к событию ({describe}): {label}',
        '{by} chooses which effect applies first'),
    "replacement.run.replace_order": ('Сначала применяется {label}: такой эффект выбирается раньше остальных',
        'This effect must be applied first'),
    "replacement.run.prevent_none": ('Повреждения не могут быть предотвращены: {label} ничего не предотвращает',
        "The damage can't be prevented"),
    "replacement_effects.redirect_shield.shield": ('Следующие повреждения, которые должны быть нанесены {name} в этом ходу, будут нанесены {new_label}',
        'The next damage to {name} this turn is redirected'),
    "replacement_effects.source_shield.shield": ('В следующий раз, когда {src} должен нанести повреждения {name} в этом ходу, они предотвращаются',
        'The next damage {src} would deal to {name} this turn is prevented'),
    "replacement_effects.run.shield": ('{name} пропустит {get}{note}',
        '{name} will skip their next {skip_next}'),
    "replacement_effects.run.shield.2": ('До конца хода существа, которые должны выйти на поле битвы под контролем оппонентов игрока {controller}, выходят под его контролем',
        "Creatures enter under {controller}'s control this turn"),
    "replacement_effects.run.shield.3": ('До конца хода предотвращаются все повреждения, которые должны быть нанесены игроку {controller} и существам под его контролем',
        'Damage to {controller} and their creatures is prevented this turn'),
    "resolution_amounts._reveal_top_to_hand.reveal": ('{name} показывает верхнюю карту библиотеки: {card} (конвертированная мана-стоимость {mv})',
        '{name} reveals {card}'),
    "resolution_amounts._damage_by.damage_source": ('{so}: повреждения наносит {source} (сила {power}), а не само заклинание',
        '{source} is the source of the damage'),
    "resolution_amounts.fill.count": ('{so}: Болот под контролем игрока {controller} сейчас {n}',
        '{controller} controls {n} Swamps'),
    "restrictions.make_unblockable.effect": ('{target} не может быть заблокировано в этом ходу (это не способность существа, а эффект)',
        "{target} can't be blocked this turn"),
    "random_discard.picked": ('{name} сбрасывает карты из руки наугад ({n}): выпали {cards}',
        '{name} discards {n} card(s) at random: {cards}'),
    "random_discard.none": ('У игрока {name} нет карт в руке: сбрасывать нечего',
        '{name} has no cards in hand to discard'),
    "reveal.run.reveal": ('{name} показывает случайную карту из руки: {card} — она остаётся в руке и перестаёт быть показанной, когда способность разрешилась',
        '{name} reveals {card} at random from their hand'),
    "reveal.pick.reveal": ('У игрока {name} нет карт в руке: показывать нечего',
        '{name} has no cards in hand'),
    "reveal_until.run.reveal": ('{name} показывает карты с верха библиотеки, пока не покажет карт существ: {n}: {names}{note}',
        '{name} reveals {len} card(s)'),
    "life_payments.pay.yes": ('{player} решает заплатить {n} жизни при выходе {o}: земля выходит на поле битвы не в повёрнутом положении',
        '{player} chooses to pay {n} life as {o} enters; it enters untapped'),
    "life_payments.pay.no": ('{player} не платит {n} жизни: {o} выходит на поле битвы в повёрнутом положении',
        "{player} doesn't pay {n} life: {o} enters tapped"),
    "life_payments.exile_instead": ('{source}: вместо оплаты {n} жизни {player} изгоняет столько же карт с верха своей библиотеки: {cards}{note}',
        '{source}: instead of paying {n} life, {player} exiles that many cards from the top of their library: {cards}'),
    "spell_keywords.run.gains": ('Заклинание {spell} получает {what} — без срока, и перманент, которым оно станет, сохранит это (метка времени {ts})',
        '{spell} gains {what_en}, with no duration; the permanent it becomes keeps it'),
    "revealed_cards.pay.again": ('{player} показывает {card} из руки (оплата стоимости {by}) — карта уже показана из-за {keeper}, и её можно показать снова',
        '{player} reveals {card} from their hand to pay for {by}: it is already revealed because of {keeper}, and may be revealed again'),
    "revealed_cards.pay.reveal": ('{player} показывает {card} из руки (оплата стоимости {by})',
        '{player} reveals {card} from their hand to pay for {by}'),
    "revealed_cast.answer.choice": ('{by} выбирает: {note}',
        '{by} chooses'),
    "revealed_cast.run.not_cast": ('{name} не может разыграть {card}{note}: карта остаётся в руке',
        "{name} can't cast {card}: it stays in hand"),
    "revealed_cast.run.not_cast.2": ('{name} не активирует способности маны: заплатить обязательную ману нечем, {card} не разыгрывается и остаётся в руке',
        '{name} activates no mana ability'),
    "revealed_cast.ask.reveal": ('{so} начинает разрешаться: {name} показывает случайную карту из руки — {card}',
        '{name} reveals {card} at random'),
    "setup.start.stack_given": ('С начала сценария {place}: {what}{so} под контролем игрока {controller}{describe_targets}',
        '{so} is on the stack, controlled by {controller}'),
    "shield_split.plan.prevent_choice": ('{by} распределяет щит «{get}»: {list}',
        '{by} chooses which damage the shield prevents'),
    "shield_split.plan.prevent_choice.2": ('Щит «{get}»: способов распределить его слишком много ({value}) — движок не спрашивает и применяет его к повреждениям в порядке их обработки',
        'Too many ways to split the shield: applied in processing order'),
    "source_durations.run.effect": ('{r} становится существом {p}/{t} ({what}), оставаясь и землёй, пока {src} на поле битвы (метка времени {ts})',
        '{r} becomes a {p}/{t} creature'),
    "source_durations.run.effect.2": ('«{name_ru}» уже не на поле битвы: «пока он остаётся на поле битвы» закончилось до начала эффекта — {r} не становится существом',
        'The duration ended before the effect began: it does nothing'),
    "stack_fights.cease.cease": ('{copy} — копия заклинания: покинув стек, она перестаёт существовать',
        '{copy} is a copy of a spell: it ceases to exist'),
    "stack_fights._copy_spell.copy": ('{controller} кладёт на стек копию {t} — {c}: она копирует всё решённое {note}',
        '{controller} puts a copy of {t} on the stack'),
    "stack_fights._attach.attach": ('{eq} прикрепляется к {creature}',
        '{eq} becomes attached to {creature}'),
    "stack_fights.counter.counter": ('{by} отменяет {t}',
        '{by} counters {t}'),
    "trigger_division.answer.choice": ('{by} выбирает: {label}',
        '{by} chooses {k}'),
    "trigger_division.announce.divide": ('{ab}: повреждения делятся при помещении способности в стек: {list}',
        '{ab}: damage divided as it is put on the stack'),
    "triggers.create_delayed.delayed": ('Создаётся отложенная срабатывающая способность: {text}',
        'A delayed triggered ability is created: {text}'),
    "triggers.on_step_begin.trigger": ('Срабатывает отложенная способность «{source_name}»: {text_ru}',
        "{source_name_en}'s delayed ability triggers"),
    "triggers.put_pending_on_stack.trigger_put": ('{controller} кладёт на стек {ab}{tgt}',
        '{controller} puts {ab} on the stack'),
    "triggers.on_leave.trigger": ('Срабатывает способность «{name_ru}» ({id}) «когда умирает» — она «смотрит назад во времени»',
        "{name_en}'s dies ability triggers"),
    "turn.advance_step.turn": ('Начинается ход {turn}: активный игрок — {name}',
        'Turn {turn} begins ({name})'),
    "turn.cleanup.cleanup": ('Одновременно снимаются повреждения и заканчиваются эффекты «до конца хода» ({list})',
        'Damage wears off; "until end of turn" effects end'),
    "turn.empty_pools.mana_empty": ('Неиспользованная мана {left} исчезает из пула игрока {name}',
        "Unused mana empties from {name}'s mana pool"),
    "turn.begin_step.untap": ('{name} разворачивает свои перманенты: {list}',
        '{name} untaps their permanents'),
    "two_headed_giant.game_over.game_over": ('Все команды проиграли одновременно — ничья',
        'The game is a draw'),
    "two_headed_giant.draw_step.skip_draw": ('Команда {list} ходит первой и пропускает шаг взятия карты своего первого хода',
        'The starting team skips its first draw'),
    "two_headed_giant.game_over.game_over.2": ('Команда {list} побеждает',
        'Team {list2} wins the game'),
    "untap_locks.lock.effect": ('{obj} не развернётся во время следующего шага разворота {whose}',
        "{obj} doesn't untap during its controller's next untap step"),
    "untap_locks.untap_step.no_untap": ('Не разворачиваются из-за эффектов: {names}',
        'Kept tapped by effects: {list}'),
    "waterbend.tapped": ('{player} покоряет воду {bend} для {so}: поворачивает {objs} — каждый платит {{1}} неопределённой маны этой стоимости (всего {n})',
        '{player} waterbends {bend} for {so}, tapping {objs}: each pays {{1}} of its generic mana'),
    "zone_actions.answer.choice": ('{by} выбирает: {said}',
        '{by} chooses'),
    "zone_actions.shuffle.shuffle": ('{name} перетасовывает свою библиотеку',
        '{name} shuffles their library'),
    "zone_actions._search.search": ('{name} ничего не находит (искать карту с заданным качеством не обязательно находить)',
        '{name} finds nothing'),
    "zone_actions._search.search.2": ('{name} находит в библиотеке {obj}',
        '{name} finds {obj}'),
    "zone_actions.run.scry": ('{name} предсказывает {scry}: наверх — {len}, вниз — {len2}',
        '{name} scries {scry}'),
}


MESSAGES.update({   # double-faced permanents (mechanisms/double_faced.py); entering as a copy (entering_copies.py, control_copy.py)
    "copy_new_target.targets": ("Копия {spell} нацелена на {tok} — цель, которую указал эффект; других созданных фишек "
                                "({others}) она не касается",
                                "The copy {spell} targets {tok}, the target the effect specified; not the other tokens"),
    "copy_new_target.none": ("Указанная эффектом цель не может быть целью {spell}: копия не создаётся",
                             "The object the effect specifies isn't a legal target for {spell}: no copy is created"),
    "meld.cant": ("{objs} нельзя слить{why}: они остаются в изгнании",
                  "{objs} can't be melded{why}; they stay in exile"),
    "meld.melded": ("{host} и {part} сливаются в «{a}»: одна карта на другой, один перманент оборотными сторонами вверх",
                    "{host} and {part} meld into {a_en}: one permanent represented by two cards"),
    "meld.leaves": ("Слитый перманент {obj} покидает поле битвы одним перманентом; обе его карты — и {part} — "
                    "кладутся в зону «{zone}»",
                    "The melded permanent {obj} leaves the battlefield; both its cards, {part} too, go to the {zone}"),
    "control_copy.type_cda": ("{obj} — копия с исключением «в дополнение к своим другим типам»: {verdict}",
                              "{obj} is a copy with an \"in addition to its other types\" exception: {verdict}"),
    "control_copy.conditional_exception": ("{obj} выходит копией с типами: {types} — {verdict}",
                                           "{obj} enters as a copy with the types {types}: {verdict}"),
    "entering_copies.chosen": ("{controller} выбирает при выходе {o} на поле битвы, копией чего он выйдет: {orig}",
                               "{controller} chooses what {o} enters as a copy of: {orig}"),
    "double_faced.transformed": ("{before} трансформируется: теперь он {side} гранью вверх — {obj}; это тот же объект, "
                                 "эффекты, что к нему применялись, продолжают применяться",
                                 "{before} transforms: its {side} face is up now, {obj}; it is the same object"),
    "double_faced.not_double_faced": ("{obj} не двусторонний перманент: трансформироваться он не может, ничего не "
                                      "происходит{why}",
                                      "{obj} is not a double-faced permanent: it can't transform, nothing happens{why}"),
    "double_faced.token_both_faces": ("{tok} — двусторонняя фишка, как и {orig}: у неё обе грани («{front}» и «{back}»), "
                                      "и она выходит {side} гранью вверх, как оригинал",
                                      "{tok} is a double-faced token like {orig}: it has both faces ({front_en} and "
                                      "{back_en}) and enters with its {side} face up, like the original"),
    "double_faced.token_one_face": ("{tok} копирует только грань {orig}, которая вверху: это не двусторонняя фишка, "
                                    "трансформироваться она не сможет",
                                    "{tok} copies only the face of {orig} that is up: it is not a double-faced token "
                                    "and can't transform"),
})
