"""What the FAQ and rule pages need from the ruling classification (``judge_app.faq_rulings``).

Kept apart from ``pages.py`` so those views gain one line each; the interface strings for the
classification live here too and join ``ui.STRINGS`` when this module is imported.
"""
from __future__ import annotations

from .. import faq_rulings
from . import queries, ui

RULES_VERSION = faq_rulings.RULES_VERSION

ui.STRINGS.update({
    "faq_lang": ("ru", "en"),  # the language rule previews and the changed note are shown in
    "faq_status_shown": ("показано сценарием", "shown by a scenario"),
    "faq_status_holds": ("в силе, не вопрос о столе", "holds, not a board question"),
    "faq_status_changed": ("изменилось", "changed"),
    "faq_status_pending": ("ждёт движка", "needs the engine"),
    "faq_rules_2020": ("Правила (2020)", "Rules (2020)"),
    "faq_play": ("проиграть", "play"),
    "faq_changed_since": ("Изменилось с выпуска", "Changed since"),
    "faq_changed_undated": ("Изменилось; выпуск", "Changed; release"),
    "faq_missing": ("Не хватает в движке", "Missing in the engine"),
    "faq_show_2020": ("как теперь (2020)", "how it is now (2020)"),
    "faq_later_changed": ("Исход другой с выпуска", "The outcome differs from the release of"),
    "faq_later_holds": ("В силе и по выпуску", "Holds under the release of"),
    "faq_show_later": ("по правилам с выпуска", "under the rules from"),
    "faq_rulings_citing": ("Разъяснения FAQ M2011, опирающиеся на это правило",
                           "FAQ M2011 rulings that rely on this rule"),
    "faq_general": ("общие замечания", "general notes"),
})


def links() -> dict[int, dict]:
    """The classification of every ruling, by its position (``/faq/ruling/N``)."""
    try:
        return faq_rulings.links_by_position(queries.corpus())
    except Exception:  # an old database without the table: the pages still work
        return {}


def for_rule(number: str, version: str) -> list[dict]:
    try:
        return faq_rulings.rulings_for_rule(queries.corpus(), number, version)
    except Exception:
        return []
