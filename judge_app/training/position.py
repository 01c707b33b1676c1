"""The position a question shows, as text lines: what a trainee reads before answering.

The question page and the review script (bench/training_review.py) show the same things,
so that a review judges what a trainee really sees.
"""
from __future__ import annotations

ZONES_RU = {"battlefield": "поле битвы", "hand": "рука", "graveyard": "кладбище", "exile": "изгнание"}


def _obj(o: dict) -> str:
    s = o.get("name_ru") or o.get("id", "")
    if o.get("pt"):
        s += f" {o['pt']}"
    if o.get("keywords"):
        s += " " + ", ".join(o["keywords"])
    if o.get("damage"):
        s += f" · повреждения {o['damage']}"
    if o.get("tapped"):
        s += " · повёрнут"
    if o.get("attacking"):
        s += f" · атакует {o['attacking']}"
    if o.get("blocking"):
        s += " · блокирует " + ", ".join(o["blocking"])
    return s


def lines(board: dict, lang: str = "ru") -> list[str]:
    out = [f"Ход {board.get('turn')} · {board.get('active')} · {board.get('step')}"]
    for p in board["players"]:
        out.append(f"{p['name']} ♥ {p['life']}" + (f" · яд {p['poison']}" if p.get("poison") else ""))
        for zone, name in ZONES_RU.items():
            if p.get(zone):
                out.append(f"  {name}: " + "; ".join(_obj(o) for o in p[zone]))
    if board.get("stack"):
        out.append("стек: " + "; ".join((o.get("name_ru") or o["id"]) + (f" → {', '.join(o['targets'])}"
                                                                           if o.get("targets") else "")
                                         for o in board["stack"]))
    return out
