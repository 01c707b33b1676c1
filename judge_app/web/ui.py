"""The interface language (Russian by default, English on request) and its strings.

The language is chosen by ``?ui=ru|en`` (remembered in a cookie) or the ``ui`` cookie.
Only the interface changes: the rules are shown in the languages the judge picks on
the rule page itself.
"""
from __future__ import annotations

from flask import g, request

UI_LANGS = ("ru", "en")
COOKIE = "ui"

STRINGS: dict[str, tuple[str, str]] = {
    "app_name": ("Справочник судьи MTG", "MTG Judge Reference"),
    "nav_search": ("Поиск", "Search"),
    "nav_toc": ("Правила", "Rules"),
    "nav_glossary": ("Словарь", "Glossary"),
    "nav_faq": ("FAQ M2011", "FAQ M2011"),
    "nav_rulebook": ("Правила 1998", "1998 rulebook"),
    "nav_scenarios": ("Сценарии", "Scenarios"),
    "nav_builder": ("Конструктор доски", "Board builder"),
    "builder_tile": ("соберите спорную позицию и разыграйте её", "build a disputed board and play it out"),
    "nav_versions": ("Версии", "Versions"),
    "version": ("Версия правил", "Rules version"),
    "switch": ("Сменить", "Switch"),
    "version_short": ("Версия", "Version"),
    "search_placeholder": ("Номер правила или слова: 704.5k, смертельное касание…",
                           "Rule number or words: 704.5k, deathtouch…"),
    "search_button": ("Найти", "Search"),
    "search_hint": ("«/» — к поиску; ← и → листают правила.",
                    "“/” jumps to the search box; ← and → turn the pages of rules."),
    "language": ("Язык", "Language"),
    "scenarios_citing": ("Сценарии, где применяется это правило", "Scenarios that apply this rule"),
    "token": ("фишка", "token"),
    "summoning_sick": ("недавно под контролем", "summoning sick"),
    "layers": ("слои", "layers"),
    "mana_pool": ("мана", "mana pool"),
    "attacks": ("атакует", "attacks"),
    "blocks": ("блокирует", "blocks"),
    "blocked": ("заблокирован", "blocked"),
    "diff_title": ("Что изменилось между версиями", "What changed between releases"),
    "status_changed": ("изменено", "changed"),
    "status_renumbered": ("перенумеровано", "renumbered"),
    "status_added": ("новое", "added"),
    "status_removed": ("удалено", "removed"),
    "status_unchanged": ("без изменений", "unchanged"),
    "all": ("все", "all"),
    "what_changed": ("что изменилось", "what changed"),
    "english_unchanged": ("английский текст не менялся: вероятно, ошибки распознавания",
                          "the English text did not change: probably OCR decoding errors"),
    "kind": ("Вид", "Kind"),
    "all_langs": ("оба языка", "both languages"),
    "all_kinds": ("всё", "everything"),
    "kind_rule": ("правила", "rules"),
    "kind_example": ("примеры", "examples"),
    "kind_glossary": ("словарь", "glossary"),
    "kind_ruling": ("разъяснения FAQ", "FAQ rulings"),
    "kind_card": ("карты FAQ", "FAQ cards"),
    "kind_rulebook": ("правила 1998", "1998 rulebook"),
    "kind_scenario": ("Сценарии", "Scenarios"),
    "open_stepper": ("пошагово", "step by step"),
    "open_builder": ("в конструкторе", "in the builder"),
    "lang_ru": ("русский", "Russian"),
    "lang_en": ("английский", "English"),
    "no_hits": ("Ничего не найдено.", "Nothing found."),
    "more_hits": ("ещё", "more"),
    "shown_for": ("показаны результаты для", "showing results for"),
    "results": ("Результаты", "Results"),
    "toc": ("Оглавление", "Contents"),
    "chapter": ("Глава", "Chapter"),
    "section": ("Раздел", "Section"),
    "rule": ("Правило", "Rule"),
    "prev": ("Предыдущее", "Previous"),
    "next": ("Следующее", "Next"),
    "refs_out": ("Ссылается на", "Refers to"),
    "refs_in": ("На него ссылаются", "Referred to by"),
    "no_refs": ("нет", "none"),
    "example": ("Пример", "Example"),
    "missing_translation": ("Перевода этого правила нет в русском тексте этой версии: показан английский текст.",
                            "This rule is missing from the Russian text of this release: the English text is shown."),
    "missing_translation_beside": ("Перевода этого правила нет в русском тексте этой версии: английский текст — рядом.",
                                   "This rule is missing from the Russian text of this release: the English text is beside it."),
    "carried_same": ("Перевод 2020 года; английский текст с тех пор не менялся.",
                     "The 2020 translation; the English text has not changed since."),
    "carried_was": ("В 2020 году это правило", "In 2020 this rule was"),
    "carried_rename": ("в английском только переименование:", "in English only a rename:"),
    "carried_changed": ("Перевод 2020 года — правило с тех пор изменилось: английский текст действующий, "
                        "русский ниже — перевод прежней редакции.",
                        "The 2020 translation — the rule has changed since: the English text is in force, the "
                        "Russian below translates the earlier wording."),
    "carried_none": ("Перевода нет: правило появилось после 2020 года, показан английский текст.",
                     "No translation: the rule is newer than 2020; the English text is shown."),
    "carried_predecessor": ("Перевод 2020 года, правило", "2020 translation of rule"),
    "carried_diff": ("Что изменилось в английском тексте", "What changed in the English text"),
    "timeline": ("История правила по выпускам", "The rule across releases"),
    "permalink": ("Постоянная ссылка", "Permalink"),
    "show": ("Показать", "Show"),
    "show_both": ("рядом", "side by side"),
    "show_ru": ("только русский", "Russian only"),
    "show_en": ("только английский", "English only"),
    "low_conf_note": ("Текст 2020 года восстановлен из OCR: слова, в которых распознавание не уверено, выделены.",
                      "The 2020 Russian text is decoded from OCR: words the decoder is unsure of are highlighted."),
    "ocr_original": ("Исходный текст OCR", "Original OCR text"),
    "unresolved": ("ссылка на несуществующее правило", "reference to a rule that does not exist"),
    "glossary": ("Словарь терминов", "Glossary"),
    "filter": ("Фильтр", "Filter"),
    "term": ("Термин", "Term"),
    "definition_ru": ("Определение", "Definition (Russian)"),
    "definition_en": ("Definition (англ.)", "Definition"),
    "see_rules": ("Правила", "Rules"),
    "faq_title": ("FAQ базового выпуска Magic 2011", "Magic 2011 core set FAQ"),
    "faq_note": ("Разъяснения 2010 года: номера правил в них указаны по правилам того времени; ссылки ведут в правила от 3 мая 2019.",
                 "Rulings from 2010: rule numbers are those of the time; links go to the 3 May 2019 rules."),
    "general_notes": ("Общие разъяснения", "General notes"),
    "cards": ("Карты", "Cards"),
    "rulings": ("Разъяснения", "Rulings"),
    "cited_rules": ("Упомянутые правила", "Rules cited"),
    "historical": ("Исторический документ", "Historical document"),
    "rulebook_note": ("Правила 1998 года (часть II «Новые знания»). Они давно устарели и приведены для истории: судите по действующим Полным правилам.",
                      "The 1998 rulebook (part II). Long obsolete and kept for history: judge by the current Comprehensive Rules."),
    "versions_title": ("Документы и версии", "Documents and versions"),
    "default": ("по умолчанию", "default"),
    "scenarios_title": ("Сценарии спорных ситуаций", "Disputed scenarios"),
    "all_tags": ("все теги", "all tags"),
    "filter_scenarios": ("Искать сценарий…", "Find a scenario…"),
    "no_scenarios": ("Сценариев не найдено.", "No scenarios found."),
    "engine_missing": ("Движок правил ещё не подключён: показана начальная позиция и сценарий без пошагового разбора.",
                       "The rules engine is not available: the starting board and the script are shown without stepping."),
    "run_error": ("Сценарий не удалось проиграть", "The scenario could not be run"),
    "step": ("Шаг", "Step"),
    "of": ("из", "of"),
    "first": ("В начало", "First"),
    "last": ("В конец", "Last"),
    "start_position": ("Начальная позиция", "Starting position"),
    "board": ("Поле", "Board"),
    "stack": ("Стек", "Stack"),
    "empty": ("пусто", "empty"),
    "life": ("Жизнь", "Life"),
    "poison": ("Яд", "Poison"),
    "expectations": ("Ожидания", "Expectations"),
    "failed": ("не выполнено", "failed"),
    "passed": ("выполнено", "passed"),
    "events": ("События", "Events"),
    "script": ("Сценарий действий", "Script"),
    "source": ("Источник", "Source"),
    "keys_hint": ("← и → листают шаги.", "← and → step through."),
    "tapped": ("повёрнут", "tapped"),
    "damage": ("повреждения", "damage"),
    "counters": ("счётчики", "counters"),
    "attached_to": ("прикреплён к", "attached to"),
    "waiting": ("Ожидается решение", "Waiting for a decision"),
    "not_found": ("Не найдено", "Not found"),
    "bad_request": ("Неверный запрос", "Bad request"),
    "error": ("Ошибка", "Error"),
    "did_you_mean": ("возможно, вы имели в виду", "did you mean"),
    "home": ("На главную", "Home"),
    "open": ("открыть", "open"),
    "historical_short": ("исторический", "historical"),
    "revealed_to": ("открыта игроку", "revealed to"),   # a hand kept revealed (Telepathy, 701.20b)
}

ZONE_NAMES = {
    "battlefield": ("Поле битвы", "Battlefield"),
    "hand": ("Рука", "Hand"),
    "library": ("Библиотека", "Library"),
    "graveyard": ("Кладбище", "Graveyard"),
    "exile": ("Изгнание", "Exile"),
    "command": ("Командная зона", "Command zone"),
    "stack": ("Стек", "Stack"),
}


def ui_lang() -> str:
    cached = getattr(g, "ui_lang", None)
    if cached:
        return cached
    lang = request.args.get("ui")
    if lang not in UI_LANGS:
        lang = request.cookies.get(COOKIE)
    if lang not in UI_LANGS:
        lang = "ru"
    g.ui_lang = lang
    return lang


def t(key: str) -> str:
    pair = STRINGS.get(key)
    if pair is None:
        return key
    return pair[1] if ui_lang() == "en" else pair[0]


def zone_name(zone: str) -> str:
    pair = ZONE_NAMES.get(zone)
    if not pair:
        return zone
    return pair[1] if ui_lang() == "en" else pair[0]


def remember_ui(response):
    """Store ``?ui=`` in a cookie so the choice sticks."""
    lang = request.args.get("ui")
    if lang in UI_LANGS and request.cookies.get(COOKIE) != lang:
        response.set_cookie(COOKIE, lang, max_age=365 * 24 * 3600, samesite="Lax")
    return response
