"""Grading an answer: the bank holds the engine's answer; anything else is refused by name."""
from __future__ import annotations

from dataclasses import dataclass

from . import questions


class TrainingError(Exception):
    """Bad input from a trainee's request: a clear message and the HTTP status to answer with.

    ``field`` names the form field at fault (a page shows ``short`` next to it, in Russian);
    ``message`` names the field too, for the CLI and for an error page."""

    def __init__(self, message: str, status: int = 400, field: str | None = None, short: str | None = None):
        super().__init__(message)
        self.message = message
        self.status = status
        self.field = field
        self.short = short or message


# The training forms' fields, as a page names them.
FIELD_LABELS = {"username": "Имя пользователя", "password": "Пароль", "code": "Код приглашения",
                "name": "Название группы", "answer": "Ответ"}


def field_error(name: str, text: str, status: int = 400) -> TrainingError:
    """«Код приглашения» (code): <text> — for the CLI and error pages; ``short`` = text, for the page's field."""
    label = FIELD_LABELS.get(name, name)
    return TrainingError(f"«{label}» ({name}): {text}", status, field=name, short=text)


@dataclass
class Graded:
    question: questions.Question
    answer: str
    correct: bool


def find(bank: questions.Bank, qid: str) -> questions.Question:
    if not isinstance(qid, str) or not questions.QUESTION_ID_RE.fullmatch(qid):
        raise TrainingError(f"недопустимый идентификатор вопроса «{str(qid)[:80]}»", 404)
    q = bank.get(qid)
    if q is None:
        raise TrainingError(f"вопроса «{qid}» нет в банке (сценарий изменился или удалён?)", 404)
    return q


def grade(bank: questions.Bank, qid: str, answer) -> Graded:
    """The answer must be one of the question's options; a tampered one is refused, not graded."""
    q = find(bank, qid)
    if not isinstance(answer, str) or not answer:
        raise TrainingError("поле «answer»: ответ не выбран")
    if len(answer) > 40 or q.option(answer) is None:
        raise TrainingError(f"поле «answer»: «{answer[:40]}» — не один из вариантов этого вопроса")
    return Graded(q, answer, q.is_right(answer))
