"""The catalogue of source documents: which file is which release, language and kind.

A version is just another document: adding a release means adding a line here.
``version`` is the key a rule is looked up by (the release date for the CR); the
FAQ and the rulebook carry their own version names.
"""
from __future__ import annotations

from .records import Document

CR_TITLE_RU = "Полные правила Magic: The Gathering"
CR_TITLE_EN = "Magic: The Gathering Comprehensive Rules"

DOCUMENTS: list[Document] = [
    Document("cr-ru-2020-01-24", "cr-ru-2020-01-24.ocr.txt", "ru", "2020-01-24", "cr",
             CR_TITLE_RU + " (от 24 января 2020)", version="2020-01-24"),
    Document("cr-en-2020-01-24", "en/cr-en-2020-01-24.txt", "en", "2020-01-24", "cr",
             CR_TITLE_EN + " (effective January 24, 2020)", version="2020-01-24"),
    Document("cr-ru-2019-05-03", "cr-ru-2019-05-03.txt", "ru", "2019-05-03", "cr",
             CR_TITLE_RU + " (от 3 мая 2019)", version="2019-05-03"),
    Document("cr-en-2019-05-03", "en/cr-en-2019-05-03.txt", "en", "2019-05-03", "cr",
             CR_TITLE_EN + " (effective May 3, 2019)", version="2019-05-03"),
    Document("faq-ru-m2011", "faq-ru-m2011.txt", "ru", "2010-06-09", "faq",
             "Часто задаваемые вопросы (FAQ) — базовый выпуск Magic 2011", version="m2011"),
    Document("rulebook-ru-1998", "rulebook-ru-1998-part2.txt", "ru", "1998-01-01", "rulebook",
             "Правила 1998 года, часть II «Новые знания»", historical=True, version="1998"),
    Document("cr-en-fragment-201", "cr-en-fragment-201.txt", "en", "", "fragment",
             "Fragment of English rule 201 (older edition)", historical=True, version="fragment"),
]

CR_VERSIONS = sorted({d.version for d in DOCUMENTS if d.kind == "cr"}, reverse=True)
DEFAULT_VERSION = CR_VERSIONS[0]


def cr_document(version: str, lang: str) -> Document | None:
    for doc in DOCUMENTS:
        if doc.kind == "cr" and doc.version == version and doc.lang == lang:
            return doc
    return None
