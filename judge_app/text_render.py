"""Plain-text rendering of rules and hits for the terminal."""
from __future__ import annotations

import re
import textwrap

MARK = re.compile(r"</?mark>")


def wrap(text: str, indent: str = "") -> str:
    return "\n".join(textwrap.fill(p, 100, initial_indent=indent, subsequent_indent=indent)
                     for p in text.split("\n") if p.strip())


def render_rule(data: dict) -> str:
    lines = []
    if data["breadcrumbs"]:
        lines.append(" › ".join(f"{c['number']}. {c['title']}" for c in data["breadcrumbs"]))
    head = f"{data['number']}. {data['title']}".rstrip()
    lines.append(head)
    if data["missing_translation"]:
        lines.append("[перевод отсутствует: показан английский текст]")
    if data["text"]:
        lines.append(wrap(data["text"], "  "))
    for ex in data.get("examples", []):
        lines.append(wrap(ex, "    "))
    for child in data["children"]:
        lines.append(wrap(f"{child['number']} {child['title'] or ''} {child['text']}".replace("  ", " "), "  "))
        for ex in child.get("examples", []):
            lines.append(wrap(ex, "      "))
    if data["refs_out"]:
        lines.append("Ссылается на: " + ", ".join(r["number"] for r in data["refs_out"]))
    if data["refs_in"]:
        lines.append("На него ссылаются: " + ", ".join(r["number"] for r in data["refs_in"]))
    other = data.get("other")
    if other:
        lines.append(f"--- {other['lang']} ---")
        lines.append(wrap(f"{other['number']}. {other['title']} {other['text']}".strip(), "  "))
    return "\n".join(lines)


def render_hits(hits: list[dict]) -> str:
    if not hits:
        return "Ничего не найдено."
    out = []
    for h in hits:
        label = h.get("number") or h.get("title") or h["id"]
        out.append(f"[{h['kind']} {h['version']} {h['lang']}] {label} {h.get('title') or ''}".rstrip())
        out.append(wrap(MARK.sub("", h.get("snippet") or ""), "    "))
    return "\n".join(out)
