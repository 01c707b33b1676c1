"""Draw questions at random from the training bank and print them as a trainee sees them.

    .venv/bin/python bench/training_review.py --seed 2611 [--n 40] [--out FILE]

The draw is seeded (``random.Random(seed).sample`` over the bank in its stable order), so a
review can be repeated and a reviewer can draw a different 40 with another seed. Each
question is printed with what its page shows (the prompt, what the players do, the position,
the options) and, set apart for the reviewer only, the answer the bank grades as right, the
explanation and the text of every card involved, so that a person can judge: is everything
needed shown, is the answer right, is the explanation convincing?
"""
from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from judge_app.training import questions  # noqa: E402


def _board_lines(pos: dict | None) -> list[str]:
    """The position as the question page shows it (``position.build``, rendered by ``_training_board.html``)."""
    from judge_app.training import position

    return position.lines(pos, "ru") if pos else ["(no board)"]


def draw(bank: questions.Bank, seed: int, n: int) -> list[questions.Question]:
    return random.Random(seed).sample(bank.questions, min(n, len(bank.questions)))


def render(bank: questions.Bank, q: questions.Question, number: int) -> str:
    board = questions.position_of(bank.scenarios[q.scenario_id], q.step, "ru", q.hide_pt)
    out = [f"### {number}. `{q.id}` ({q.kind}, level {q.level})", "", f"**{q.prompt('ru')}**", ""]
    if q.context("ru"):
        out += ["Что делают игроки:"] + [f"{i}. {line}" for i, line in enumerate(q.context("ru"), 1)] + [""]
    out += ["Позиция:", "```"] + _board_lines(board) + ["```", "Варианты:"]
    out += [f"- [{'x' if q.is_right(o.key) else ' '}] {o.text('ru')}" for o in q.options]
    out += ["", "Разбор: " + (q.explanation("ru") or "—"),
            "Правила (по нажатию, с текстом): " + ", ".join(q.rules), "", "Оценка: ", ""]
    return "\n".join(out)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--n", type=int, default=40)
    ap.add_argument("--out")
    args = ap.parse_args()
    bank = questions.build_bank(questions.scenario_files(ROOT / "scenarios"))
    drawn = draw(bank, args.seed, args.n)
    text = (f"# {len(drawn)} questions drawn with seed {args.seed} from a bank of {len(bank.questions)}\n\n"
            + "\n".join(render(bank, q, i) for i, q in enumerate(drawn, 1)))
    if args.out:
        Path(args.out).write_text(text, encoding="utf-8")
    else:
        print(text)


if __name__ == "__main__":
    main()
