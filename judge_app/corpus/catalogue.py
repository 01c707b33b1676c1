"""The catalogue of source documents: which file is which release, language and kind.

A version is just another document. The Russian texts, the FAQ and the rulebook are
listed here by hand; every official English CR release is found by its file name,
``cr-en-YYYY-MM-DD.txt``, in ``rules_corpus/sources/en/`` (the releases shipped with the
project) and in the instance folder's ``sources/en/`` (releases a user imported into an
installed copy; ``judge import``). Adding a release therefore means dropping its file in.

A release newer than the newest Russian translation gets a *carried* Russian document
(``carried_from``): the 2020 Russian text wherever the English has not changed since
(``carry.py``). ``version`` is the key a rule is looked up by (the release date for the
CR); the FAQ and the rulebook carry their own version names.
"""
from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

from .. import paths
from .records import Document

CR_TITLE_RU = "Полные правила Magic: The Gathering"
CR_TITLE_EN = "Magic: The Gathering Comprehensive Rules"
EN_FILE = re.compile(r"^cr-en-(\d{4}-\d{2}-\d{2})\.txt$")
MONTHS_RU = ("января", "февраля", "марта", "апреля", "мая", "июня", "июля", "августа",
             "сентября", "октября", "ноября", "декабря")
# The Russian translations held: each English release of the same date has its twin.
RUSSIAN: dict[str, str] = {"2020-01-24": "cr-ru-2020-01-24.ocr.txt",
                           "2019-05-03": "cr-ru-2019-05-03.txt"}

OTHER_DOCUMENTS: list[Document] = [
    Document("faq-ru-m2011", "faq-ru-m2011.txt", "ru", "2010-06-09", "faq",
             "Часто задаваемые вопросы (FAQ) — базовый выпуск Magic 2011", version="m2011"),
    Document("rulebook-ru-1998", "rulebook-ru-1998-part2.txt", "ru", "1998-01-01", "rulebook",
             "Правила 1998 года, часть II «Новые знания»", historical=True, version="1998"),
    Document("cr-en-fragment-201", "cr-en-fragment-201.txt", "en", "", "fragment",
             "Fragment of English rule 201 (older edition)", historical=True, version="fragment"),
]


def imported_dir() -> Path:
    """Where ``judge import`` puts a release outside a checkout (the instance folder)."""
    return paths.instance_dir() / "sources" / "en"


def english_files() -> dict[str, Path]:
    """Every English CR release held: version -> file (the shipped one wins a tie)."""
    found: dict[str, Path] = {}
    for folder in (imported_dir(), paths.SOURCES_DIR / "en"):
        if folder.is_dir():
            for path in folder.iterdir():
                m = EN_FILE.match(path.name)
                if m:
                    found[m[1]] = path
    return found


def title_en(version: str) -> str:
    d = dt.date.fromisoformat(version)
    return f"{CR_TITLE_EN} (effective {d.strftime('%B')} {d.day}, {d.year})"


def title_ru(version: str) -> str:
    d = dt.date.fromisoformat(version)
    return f"{CR_TITLE_RU} (от {d.day} {MONTHS_RU[d.month - 1]} {d.year})"


def _cr_documents() -> list[Document]:
    files = english_files()
    newest_ru = max(RUSSIAN)
    docs: list[Document] = []
    for version in sorted(set(files) | set(RUSSIAN), reverse=True):
        if version in RUSSIAN:
            docs.append(Document(f"cr-ru-{version}", RUSSIAN[version], "ru", version, "cr",
                                 title_ru(version), version=version))
        elif version > newest_ru:
            docs.append(Document(f"cr-ru-{version}", "", "ru", version, "cr",
                                 title_ru(version) + " — перевод 2020 года, перенесённый",
                                 version=version, carried_from=newest_ru))
        if version in files:
            source = files[version]
            rel = (str(source.relative_to(paths.SOURCES_DIR)) if paths.SOURCES_DIR in source.parents
                   else str(source))
            docs.append(Document(f"cr-en-{version}", rel, "en", version, "cr", title_en(version),
                                 version=version))
    return docs


def load() -> None:
    """(Re)read the catalogue: after ``judge import`` adds a file, the next build sees it."""
    global DOCUMENTS, CR_VERSIONS, DEFAULT_VERSION
    DOCUMENTS = _cr_documents() + OTHER_DOCUMENTS
    CR_VERSIONS = sorted({d.version for d in DOCUMENTS if d.kind == "cr"}, reverse=True)
    DEFAULT_VERSION = CR_VERSIONS[0]


DOCUMENTS: list[Document] = []
CR_VERSIONS: list[str] = []
DEFAULT_VERSION = ""
load()


def cr_document(version: str, lang: str) -> Document | None:
    for doc in DOCUMENTS:
        if doc.kind == "cr" and doc.version == version and doc.lang == lang:
            return doc
    return None


def searched_versions() -> set[str]:
    """The CR releases the search index holds: the newest, and each with its own translation."""
    return {CR_VERSIONS[0], *RUSSIAN}


def native_russian(version: str) -> bool:
    """True for a release with its own Russian translation (2019, 2020)."""
    return version in RUSSIAN
