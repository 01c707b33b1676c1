"""Progress: accuracy per topic over time, weak topics, a group's most common wrong answers.

The chart is SVG drawn on the server (no script, no chart library to ship): one line
per topic, one point per day with answers, accuracy 0-100 % on the vertical axis.
"""
from __future__ import annotations

from collections import Counter, defaultdict

from markupsafe import Markup, escape

from . import questions, rulebook

CHART_TOPICS = 6
PALETTE = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf")
MIN_FOR_WEAK = 3


def per_topic(answers: list[dict]) -> dict[str, dict]:
    """{topic: {"right": n, "total": n, "days": {day: [right, total]}}}."""
    out: dict[str, dict] = {}
    for a in answers:
        day = a["answered_at"][:10]
        for t in filter(None, (a.get("topics") or "").split(",")):
            s = out.setdefault(t, {"right": 0, "total": 0, "days": defaultdict(lambda: [0, 0])})
            s["right"] += a["correct"]
            s["total"] += 1
            s["days"][day][0] += a["correct"]
            s["days"][day][1] += 1
    return out


def summary(answers: list[dict], lang: str = "ru") -> list[dict]:
    """Per topic: title, answers, accuracy %, most answered first."""
    rows = []
    for t, s in per_topic(answers).items():
        rows.append({"topic": t, "title": rulebook.section_title(t, lang), "right": s["right"], "total": s["total"],
                     "accuracy": round(100 * s["right"] / s["total"])})
    return sorted(rows, key=lambda r: (-r["total"], r["topic"]))


def weak_topics(answers: list[dict], lang: str = "ru", n: int = 3) -> list[dict]:
    rows = [r for r in summary(answers, lang) if r["total"] >= MIN_FOR_WEAK and r["accuracy"] < 100]
    return sorted(rows, key=lambda r: (r["accuracy"], -r["total"]))[:n]


def chart(answers: list[dict], lang: str = "ru", width: int = 340, height: int = 180) -> Markup:
    """An SVG line chart of accuracy per topic per day (the most answered topics)."""
    stats = per_topic(answers)
    if not stats:
        return Markup("")
    top = sorted(stats, key=lambda t: -stats[t]["total"])[:CHART_TOPICS]
    days = sorted({d for t in top for d in stats[t]["days"]})
    left, right, top_pad, bottom = 34, 8, 8, 22
    w, h = width - left - right, height - top_pad - bottom

    def x(i: int) -> float:
        return left + (w * i / (len(days) - 1) if len(days) > 1 else w / 2)

    def y(acc: float) -> float:
        return top_pad + h * (1 - acc)

    title = "Точность по темам" if lang != "en" else "Accuracy per topic"
    parts = [f'<svg class="progress-chart" viewBox="0 0 {width} {height}" role="img" aria-label="{escape(title)}" '
             f'xmlns="http://www.w3.org/2000/svg">', f"<title>{escape(title)}</title>"]
    for pct in (0, 50, 100):
        parts.append(f'<line x1="{left}" x2="{width - right}" y1="{y(pct / 100):.1f}" y2="{y(pct / 100):.1f}" '
                     f'stroke="#ccc" stroke-width="0.5"/><text x="{left - 4}" y="{y(pct / 100) + 4:.1f}" '
                     f'font-size="10" text-anchor="end">{pct}%</text>')
    for label_i in sorted({0, len(days) - 1}):
        parts.append(f'<text x="{x(label_i):.1f}" y="{height - 6}" font-size="10" text-anchor="middle">'
                     f'{escape(days[label_i][5:])}</text>')
    for colour, t in zip(PALETTE, top):
        by_day = stats[t]["days"]
        pts = [(x(i), y(by_day[d][0] / by_day[d][1])) for i, d in enumerate(days) if d in by_day]
        coords = " ".join(f"{px:.1f},{py:.1f}" for px, py in pts)
        parts.append(f'<g class="topic-line" data-topic="{escape(t)}"><polyline fill="none" stroke="{colour}" '
                     f'stroke-width="2" points="{coords}"/>')
        parts.extend(f'<circle cx="{px:.1f}" cy="{py:.1f}" r="3" fill="{colour}"/>' for px, py in pts)
        parts.append("</g>")
    parts.append("</svg>")
    legend = "".join(f'<li><svg class="swatch" width="10" height="10" aria-hidden="true"><rect width="10" height="10" '
                     f'fill="{c}"/></svg> {escape(t)} '
                     f'{escape(rulebook.section_title(t, lang))}</li>' for c, t in zip(PALETTE, top))
    return Markup("".join(parts) + f'<ul class="chart-legend">{legend}</ul>')


def common_wrong_answers(answers: list[dict], bank: questions.Bank, lang: str = "ru", n: int = 10) -> list[dict]:
    """The wrong answers given most often across a group, with the question and the right answer."""
    wrong = Counter((a["question_id"], a["answer"]) for a in answers if not a["correct"])
    asked = Counter(a["question_id"] for a in answers)
    who = defaultdict(set)
    for a in answers:
        if not a["correct"]:
            who[(a["question_id"], a["answer"])].add(a["user_id"])
    out = []
    for (qid, given), count in wrong.most_common():
        q = bank.get(qid)
        if q is None:
            continue
        given_opt, right_opt = q.option(given), q.option(q.answer)
        out.append({"question": q, "given": given_opt.text(lang) if given_opt else given,
                    "right": right_opt.text(lang) if right_opt else q.answer, "count": count,
                    "asked": asked[qid], "trainees": len(who[(qid, given)])})
        if len(out) == n:
            break
    return out
