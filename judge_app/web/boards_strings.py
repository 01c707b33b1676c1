"""The board builder's interface strings (Russian, English on ``?ui=en``).

Kept beside the page rather than in ``ui.STRINGS``: ``boards.js`` gets them all at once
(``for_page``) in a data attribute, since the page is drawn in the browser.
"""
from __future__ import annotations

from . import ui

STRINGS: dict[str, tuple[str, str]] = {
    "title_new": ("Конструктор доски", "Board builder"),
    "intro": ("Соберите спорную позицию: игроки, их жизни и зоны, карты из пула или свои существа, стек, ход и шаг. "
              "Затем разыграйте её: движок правил покажет, чьё решение и какие действия допустимы, и сошлётся на правила.",
              "Build the disputed board: players, life and zones, cards from the pool or your own creatures, the stack, "
              "the turn and the step. Then play it out: the rules engine shows whose decision it is, the legal actions "
              "and the rules behind each event."),
    "build": ("Доска", "Board"),
    "play": ("Розыгрыш", "Play"),
    "yaml": ("YAML", "YAML"),
    "players": ("Игроки", "Players"),
    "add_player": ("+ игрок", "+ player"),
    "remove": ("убрать", "remove"),
    "name": ("Имя", "Name"),
    "life": ("Жизнь", "Life"),
    "poison": ("Яд", "Poison"),
    "lands_played": ("Земель сыграно за ход", "Lands played this turn"),
    "library": ("Библиотека (карт)", "Library (cards)"),
    "battlefield": ("Поле битвы", "Battlefield"),
    "hand": ("Рука", "Hand"),
    "graveyard": ("Кладбище", "Graveyard"),
    "exile": ("Изгнание", "Exile"),
    "command": ("Командная зона", "Command zone"),
    "library_list": ("Библиотека (сверху вниз)", "Library (top first)"),
    "library_hint": ("Верхняя карта — первая. Карты из пула кладутся наверх (выберите «Библиотека (наверх)» в поиске), "
                     "стрелки меняют порядок; «неизвестные карты» — карты, которых никто не знает.",
                     "The top card comes first. Cards from the pool go on top (pick «Library (on top)» in the search); "
                     "the arrows reorder; «unknown cards» are cards nobody knows."),
    "zone_for_card": ("Куда положить карту", "Where the card goes"),
    "library_top": ("Библиотека (наверх)", "Library (on top)"),
    "unknown_cards": ("Неизвестных карт", "Unknown cards"),
    "add_unknown": ("+ неизвестные карты", "+ unknown cards"),
    "up": ("выше", "up"),
    "down": ("ниже", "down"),
    "id_hint": ("id — короткое имя объекта: по нему решения, цели и прикрепления называют объект. Конструктор даёт id сам; "
                "его можно поменять.",
                "id is the object's short name: decisions, targets and attachments name it by its id. The builder gives "
                "every object one; you can change it."),
    "counters_minus": ("Счётчики −1/−1", "−1/−1 counters"),
    "counters_of": ("Счётчики", "Counters"),
    "counter_kind": ("Другой вид счётчиков (англ., например charge)", "Another kind of counter (e.g. charge)"),
    "add_counter": ("+ счётчики", "+ counters"),
    "entry_rare": ("Ещё: другие счётчики, выбор при выходе (Клон, Заговор)",
                   "More: other counters, the choice made as it entered (Clone, Conspiracy)"),
    "max_hand": ("Макс. размер руки", "Maximum hand size"),
    "protection": ("Защита от", "Protection from"),
    "protection_kw": ("защита", "protection"),
    "chosen": ("Выбор при выходе на поле", "Chosen as it entered"),
    "chosen_none": ("нет выбора", "no choice"),
    "chosen_copy": ("копия (Клон): чего", "copy (Clone): of what"),
    "chosen_type": ("тип существ (Заговор)", "creature type (Conspiracy)"),
    "chosen_color": ("цвет (Слуга художника)", "colour (Painter's Servant)"),
    "chosen_nothing": ("ничего (копия ничего)", "nothing (a copy of nothing)"),
    "chosen_hint": ("Нужен картам, которые выбирают при выходе; другим — нельзя (движок скажет).",
                    "Needed by cards that choose as they enter; others can't have it (the engine says which)."),
    "as_enters": ("При выходе на поле битвы", "As it enters the battlefield"),
    "as_enters_none": ("ничего не выбирает", "chooses nothing"),
    "as_enters_hint": ("Движок спросит выбор, когда перманент будет выходить на поле битвы (614.12).",
                       "The engine asks for the choice as the permanent enters the battlefield (614.12)."),
    "as_enters_hint_bf": ("Он уже на поле битвы: укажите сделанный выбор ниже, в «Ещё» → «Выбор при выходе на поле». "
                          "Способности, что читают выбор, — в «+ способность» → «статическая».",
                          "It is already on the battlefield: state the choice made below, under «More» → «Chosen as it "
                          "entered». Abilities that read the choice are under «+ ability» → «static»."),
    "library_known": ("известные сверху:", "known on top:"),
    "revealed_to": ("открыта игроку", "revealed to"),   # a hand kept revealed (Telepathy, 701.20b)
    "loyalty_counters": ("Счётчики верности", "Loyalty counters"),
    "in_yaml": ("меняется во вкладке YAML", "edit it in the YAML tab"),
    "abilities": ("Способности", "Abilities"),
    "add_ability": ("+ способность", "+ ability"),
    "ability_hint": ("Выберите вид способности, затем цель и эффект из словаря движка; чего нет в списках, "
                     "можно написать во вкладке YAML (словарь — в rules_corpus/cards/README.md).",
                     "Pick the kind of ability, then its target and effect from the engine's vocabulary; anything "
                     "the lists lack can be written in the YAML tab (the vocabulary: rules_corpus/cards/README.md)."),
    "ability_kind": ("Вид способности", "Kind of ability"),
    "ab_activated": ("активируемая: «стоимость: эффект»", "activated: «cost: effect»"),
    "ab_trigger": ("срабатывающая: «когда…, …»", "triggered: «when …, …»"),
    "ab_static": ("статическая", "static"),
    "ab_mana": ("мана: «{T}: добавьте …»", "mana: «{T}: add …»"),
    "ab_when": ("Когда", "When"),
    "ab_cost": ("Мана в стоимости", "Mana in the cost"),
    "target": ("Цель", "Target"),
    "no_target": ("без цели", "no target"),
    "effect": ("Эффект", "Effect"),
    "effect_to": ("Кому / чему", "To"),
    "affects": ("Чьи существа", "Which creatures"),
    "add_stack_ability": ("+ способность на стеке", "+ ability on the stack"),
    "ab_activated_short": ("активируемая способность", "activated ability"),
    "ab_trigger_short": ("срабатывающая способность", "triggered ability"),
    "source": ("Источник (id)", "Source (id)"),
    "add_this_ability": ("Добавить способность", "Add the ability"),
    "card": ("Карта", "Card"),
    "add_card": ("Карта из пула (по-русски или по-английски)", "Card from the pool (Russian or English name)"),
    "add_creature": ("+ своё существо", "+ custom creature"),
    "add_planeswalker": ("+ мироходец", "+ planeswalker"),
    "loyalty": ("Верность", "Loyalty"),
    "mana_pool": ("Мана в пуле", "Mana in the pool"),
    "add_permanent": ("+ свой перманент", "+ custom permanent"),
    "power": ("Сила", "Power"),
    "toughness": ("Выносливость", "Toughness"),
    "keywords": ("Ключевые слова", "Keywords"),
    "colors": ("Цвета", "Colours"),
    "types": ("Типы", "Types"),
    "subtypes": ("Подтипы", "Subtypes"),
    "supertypes": ("Супертипы", "Supertypes"),
    "tapped": ("повёрнут", "tapped"),
    "sick": ("недавно под контролем", "summoning sick"),
    "token": ("фишка", "token"),
    "damage": ("Повреждения", "Damage"),
    "counters": ("Счётчики +1/+1", "+1/+1 counters"),
    "attached_to": ("Прикреплён к (id)", "Attached to (id)"),
    "controller": ("Контролёр", "Controller"),
    "turn": ("Ход", "Turn"),
    "turn_number": ("Номер хода", "Turn number"),
    "active": ("Активный игрок", "Active player"),
    "step": ("Шаг", "Step"),
    "stack": ("Стек (сверху вниз)", "Stack (top first)"),
    "add_stack": ("+ заклинание на стеке", "+ spell on the stack"),
    "spell": ("Заклинание", "Spell"),
    "by": ("Чьё", "Controller"),
    "targets": ("Цели (id или игроки через запятую)", "Targets (ids or players, comma-separated)"),
    "check": ("Проверить и разыграть", "Check and play"),
    "valid": ("Доска в порядке.", "The board is valid."),
    "invalid": ("В доске ошибки — они показаны рядом с полями.", "The board has errors, shown beside the fields."),
    "priority": ("Приоритет", "Priority"),
    "rules_release": ("Правила выпуска", "Rules release"),
    "owed": ("Ожидается решение", "Decision owed"),
    "legal": ("Допустимые действия", "Legal actions"),
    "no_actions": ("Действий нет: игра окончена или ждёт решения.", "No actions: the game is over or waits for a decision."),
    "submit": ("Подтвердить", "Submit"),
    "none": ("нет", "none"),
    "no_attack": ("не атакует", "doesn't attack"),
    "no_block": ("не блокирует", "doesn't block"),
    "play_hint": ("Отвечайте на решение или выбирайте действие — движок проверит его по правилам. "
                  "«Пас» передаёт приоритет: когда все пасуют подряд, разрешается верхний объект стека, а при пустом "
                  "стеке игра переходит к следующему шагу. "
                  "Нажмите на событие, чтобы увидеть поле после него; «Назад» отменяет решение.",
                  "Answer the decision or pick an action: the engine checks it against the rules. "
                  "«Pass» passes priority: when all players pass in a row, the top of the stack resolves, or with an "
                  "empty stack the game moves to the next step. "
                  "Tap an event to see the board after it; «Back» takes a decision back."),
    "trace": ("События", "Trace"),
    "back": ("◀ Назад", "◀ Back"),
    "forward": ("Вперёд ▶", "Forward ▶"),
    "start": ("|◀ К началу", "|◀ Start"),
    "line": ("Варианты", "Lines"),
    "variation_hint": ("Вернитесь назад и выберите другое действие — обе линии сохранятся, как варианты на доске анализа.",
                       "Go back and choose differently: both lines are kept, like variations on an analysis board."),
    "board_after": ("Поле после события", "Board after event"),
    "current": ("текущая позиция", "current position"),
    "refused": ("Действие отклонено", "Action refused"),
    "game_over": ("Игра окончена", "Game over"),
    "winner": ("победил", "winner"),
    "save": ("Сохранить", "Save"),
    "save_copy": ("Сохранить копию", "Save a copy"),
    "reload": ("Загрузить последнюю", "Reload the latest"),
    "saved": ("Сохранено: ревизия", "Saved: revision"),
    "conflict": ("Эту доску уже изменили (ревизия {n}). Загрузить последнюю версию или сохранить свою как копию?",
                 "Someone saved this board since (revision {n}). Reload the latest or save yours as a copy?"),
    "permalink": ("Постоянная ссылка", "Permalink"),
    "not_author": ("Это чужая доска: её можно смотреть, разыгрывать и ветвить, а «Сохранить копию» создаст вашу — "
                   "по постоянной ссылке доску меняет только её автор.",
                   "This board is someone else's: you can view it, play it and branch it, and «Save a copy» makes "
                   "one of your own — only its author edits the board at its permalink."),
    "forbidden": ("Эту доску может менять только её автор. Сохранить вашу версию как копию?",
                  "Only this board's author can change it. Save your version as a copy?"),
    "export": ("Скачать YAML", "Download YAML"),
    "import": ("Загрузить YAML", "Import YAML"),
    "yaml_hint": ("Та же доска как файл сценария (формат — docs/scenario-format.md). Поправьте текст и нажмите «Применить YAML»; "
                  "«Скачать YAML» сохраняет доску вместе с сыгранной линией, «Загрузить YAML» открывает файл сценария.",
                  "The same board as a scenario file (format: docs/scenario-format.md). Edit the text and press «Apply YAML»; "
                  "«Download YAML» saves the board with the line played, «Import YAML» opens a scenario file."),
    "apply_yaml": ("Применить YAML", "Apply YAML"),
    "expectations": ("Ожидания", "Expectations"),
    "mana": ("мана", "mana"),
    "empty": ("пусто", "empty"),
    "from_library": ("Открыто из библиотеки сценариев:", "Opened from the scenario library:"),
    "open_in_builder": ("открыть в конструкторе", "open in the builder"),
    "loading": ("Движок думает…", "The engine is thinking…"),
    "revision": ("ревизия", "revision"),
    "attacks": ("атакует", "attacks"),
    "blocks": ("блокирует", "blocks"),
    "subtypes_hint": ("по-английски, через запятую: Elf, Warrior", "comma-separated: Elf, Warrior"),
    "spell_hint": ("имя карты из пула: Молния, Lightning Bolt…", "a card of the pool: Lightning Bolt…"),
    "pick_targets": ("или отметьте:", "or tick:"),
    "line_start": ("⌂ начало", "⌂ start"),
    "share": ("Поделиться", "Share"),
    "copied": ("Ссылка скопирована", "Link copied"),
    "assigned": ("распределено {n} из {p}", "assigned {n} of {p}"),
    "from_library_line": ("Его решения стали основной линией во вкладке «Розыгрыш»: там можно шагать назад и ветвить.",
                          "Its decisions became the main line in the «Play» tab: step back and branch there."),
    "find_card": ("Найти карту: Молния, Lightning…", "Find a card: Lightning…"),
    "draft_restored": ("Восстановлен несохранённый черновик от {t}.", "Restored the unsaved draft of {t}."),
    "draft_discard": ("Отбросить черновик", "Discard the draft"),
    "draft_saved": ("черновик сохранён на этом устройстве", "draft kept on this device"),
    "tap_hint": ("Нажмите на карту, чтобы узнать, почему она такая: слои, что потеряла, может ли атаковать, блокировать, "
                 "быть целью.", "Tap a card to see why it is what it is: layers, what it lost, whether it can attack, "
                 "block or be targeted."),
    "order_empty": ("На поле битвы пока ничего нет.", "Nothing is on the battlefield yet."),
    "attached_later": ("прикреплён: метка при прикреплении, после остальных", "attached: timestamped as it attaches, after the rest"),
    "bad_number": ("{f}: целое число от {min} до {max}", "{f}: a whole number from {min} to {max}"),
    "too_long": ("{f}: не длиннее {n} символов", "{f}: at most {n} characters"),
    "local_errors": ("В доске ошибки — они показаны рядом с полями.", "The board has errors, shown beside the fields."),
    "needs_id": ("Чтобы назвать объект в решении, дайте ему id в конструкторе",
                 "To name an object in a decision, give it an id in the builder"),
}


# the «почему так» popup (templates/_why.html): the builder's play view and the scenario stepper
WHY_STRINGS: dict[str, tuple[str, str]] = {
    "why": ("почему так", "why"),
    "timestamp": ("метка времени", "timestamp"),
    "verdict": ("Итог:", "Result:"),
    "verdict_by": ("последним в слое 7 применяется", "the last layer-7 effect applied is"),
    "layers": ("Характеристики по слоям (эффекты в порядке применения)", "Characteristics layer by layer (effects in the order applied)"),
    "no_layers": ("Ни один эффект не меняет его характеристики: они напечатаны на карте.",
                  "No effect changes its characteristics: they are as printed."),
    "lost": ("Что потерял (по сравнению с напечатанным)", "What it lost (against the printed card)"),
    "lost_by": ("отнял:", "taken by:"),
    "attack_can": ("Может атаковать", "Can attack"),
    "attack_cant": ("Не может атаковать", "Can't attack"),
    "block_can": ("Может блокировать", "Can block"),
    "block_cant": ("Не может блокировать", "Can't block"),
    "target_can": ("Может быть целью", "Can be targeted"),
    "target_cant": ("Не всякий может выбрать его целью", "Not everyone can target it"),
    "order": ("Порядок выхода на поле битвы (метки времени)", "Order of entering the battlefield (timestamps)"),
    "order_line": ("Порядок важен: эффекты одного слоя применяются по меткам времени — раньше вошедший объект раньше, "
                   "а эффект, зависящий от другого, ждёт его. Поменяйте порядок стрелками ↑ ↓ — ответ может измениться.",
                   "The order matters: effects in one layer apply in timestamp order (the object that entered earlier "
                   "first), and an effect that depends on another waits for it. Reorder with ↑ ↓: the answer may change."),
    "close": ("Закрыть", "Close"),
}


def why_strings() -> dict[str, str]:
    en = ui.ui_lang() == "en"
    return {k: v[1] if en else v[0] for k, v in WHY_STRINGS.items()}


# an expectation of a library scenario in words (the loader's EXPECT_KEYS): «✓ жизнь: Боб → 15», not JSON
EXPECT_WORDS: dict[str, tuple[str, str]] = {
    "life": ("жизнь", "life"), "poison": ("яд", "poison"), "zone": ("зона", "zone"), "tapped": ("повёрнут", "tapped"),
    "pt": ("сила/выносливость", "power/toughness"), "damage": ("повреждения", "damage"),
    "counters": ("счётчики", "counters"), "controller": ("контролёр", "controller"),
    "abilities": ("способности", "abilities"), "stack": ("стек", "stack"),
    "fired": ("применены правила", "rules applied"), "not_fired": ("не применены правила", "rules not applied"),
    "result": ("итог игры", "result"), "waiting": ("ожидается решение", "decision owed"),
    "hand_size": ("карт в руке", "cards in hand"), "library_size": ("карт в библиотеке", "cards in library"),
    "explains": ("объяснение", "explanation"), "types": ("типы", "types"), "subtypes": ("подтипы", "subtypes"),
    "supertypes": ("супертипы", "supertypes"), "colors": ("цвета", "colours"), "lacks": ("не имеет", "lacks")}
# the words a decision or an expectation holds (zones, pass_until's targets, scry's top/bottom), by code
VALUE_WORDS: dict[str, tuple[str, str]] = {
    "battlefield": ("поле битвы", "battlefield"), "graveyard": ("кладбище", "graveyard"), "hand": ("рука", "hand"),
    "exile": ("изгнание", "exile"), "library": ("библиотека", "library"), "stack": ("стек", "stack"),
    "command": ("командная зона", "command zone"), "stack_empty": ("пустого стека", "the stack is empty"),
    "end_of_turn": ("конца хода", "the end of the turn"), "top": ("наверх", "top"), "bottom": ("вниз", "bottom"),
    "none": ("нет", "none"), "true": ("да", "yes"), "false": ("нет", "no")}


def for_page() -> dict[str, str]:
    """Every string for ``boards.js`` in the page's language; expectation and value words
    under ``expect_CODE`` and ``w_CODE``."""
    en = ui.ui_lang() == "en"
    out = {k: v[1] if en else v[0] for k, v in STRINGS.items()}
    out.update({f"expect_{k}": v[1] if en else v[0] for k, v in EXPECT_WORDS.items()})
    out.update({f"w_{k}": v[1] if en else v[0] for k, v in VALUE_WORDS.items()})
    out.update({f"why_{k}": v for k, v in why_strings().items()})
    return out
