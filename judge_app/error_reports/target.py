"""What a report points at: a rule of the corrected Russian text and words in it.

Reports correct the document the corrections file corrects (``DOC_ID``, the decoded 2020
Russian text; later releases carry its wording). A report names a rule by its number and
quotes the words as the page shows them; they must be in the rule (title, text or an
example) exactly once as whole words — else the build could not apply the correction
(``corrections.apply`` refuses the same). A selection that starts or ends inside a word is
widened to the whole words, as a reader meant it.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from ..corpus import corrections as corr
from ..corpus.lookup import Corpus
from .store import ReportError

VERSION = "2020-01-24"
DOC_ID = f"cr-ru-{VERSION}"
MAX_RULE = 20


@dataclass
class Rule:
    number: str
    title: str
    text: str
    examples: list[str]

    @property
    def fields(self) -> list[str]:
        return [self.title or "", self.text or "", *self.examples]


def reportable(version: str | None) -> bool:
    """Whether a rule page of ``version`` shows the corrected Russian text (the 2020 text
    itself, and the later releases that carry it)."""
    return bool(version) and version >= VERSION


def rule(corpus: Corpus, number) -> Rule:
    """The rule of the corrected text; 404 naming the nearest numbers when it does not exist."""
    if not isinstance(number, str) or not number.strip():
        raise ReportError("поле «правило» не заполнено: укажите номер правила, например 704.5f")
    raw = number.strip()
    if len(raw) > MAX_RULE:
        raise ReportError(f"поле «правило» слишком длинное: {len(raw)} символов, максимум {MAX_RULE}")
    found = corpus.find_number(raw, VERSION, "ru")
    row = corpus.rule_row(found, VERSION, "ru") if found else None
    if row is None or row["missing_translation"]:
        near = ", ".join(corpus.suggest(raw, VERSION, "ru")) or "—"
        raise ReportError(f"правила «{raw}» нет в русском тексте {VERSION}, к которому относятся исправления "
                          f"(ближайшие номера: {near})", 404)
    examples = [e["text"] for e in corpus.rows(
        "select text from examples where doc_id = ? and rule_number = ? order by position", (row["doc_id"], found))]
    return Rule(found, row["title"] or "", row["text"] or "", examples)


def locate(r: Rule, phrase: str) -> str:
    """The phrase as the build will find it in the rule: whole words, exactly once."""
    hits = _whole_words(r, phrase)
    if not hits:   # a selection cut inside a word: the words it touches, if that is one place
        widened = {text[a:b] for text in r.fields
                   for a, b in (_widen(text, m.span()) for m in re.finditer(re.escape(phrase), text))}
        if len(widened) == 1:
            phrase = widened.pop()
            hits = _whole_words(r, phrase)
    if not hits:
        raise ReportError(f"поле «фрагмент»: «{phrase[:80]}» нет в тексте правила {r.number}; "
                          "выделите слова на странице правила")
    if len(hits) > 1:
        raise ReportError(f"поле «фрагмент»: «{phrase[:80]}» встречается в правиле {r.number} "
                          f"{len(hits)} раза; выделите больше слов, чтобы место было одно")
    text, (start, end) = hits[0]
    return text[start:end]


def _whole_words(r: Rule, phrase: str) -> list[tuple[str, tuple[int, int]]]:
    return [(text, span) for text in r.fields for span in corr.find(text, phrase)]


def _widen(text: str, span: tuple[int, int]) -> tuple[int, int]:
    start, end = span
    while start > 0 and text[start - 1].isalnum() and text[start].isalnum():
        start -= 1
    while end < len(text) and text[end].isalnum() and text[end - 1].isalnum():
        end += 1
    return start, end
