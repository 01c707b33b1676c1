"""Text to safe HTML: rule mentions become links, ⟦low-confidence⟧ words are marked,
Markdown is rendered and sanitised. Nothing from the corpus, a scenario or a query
reaches a page without going through ``escape`` or nh3.
"""
from __future__ import annotations

import re
from functools import lru_cache

import markdown as md
import nh3
from markupsafe import Markup, escape

LOW_OPEN, LOW_CLOSE = "⟦", "⟧"
_LOW = re.compile(r"⟦([^⟦⟧]*)⟧")
_STRAY_MARKS = re.compile(r"[⟦⟧]")
PREVIEW_CHARS = 300


def _mentions(text: str):
    try:
        from ..corpus.crossrefs import find_mentions
    except ImportError:  # the cross-reference finder is another module's; degrade to plain text
        return []
    try:
        return list(find_mentions(text))
    except Exception:
        return []


def rule_href(number: str, version: str | None) -> str:
    from .pages import fast_url_for

    args = {"number": number}
    if version:
        args["version"] = version
    return fast_url_for("reference.rule", **args)


def ref_link(number: str, version: str | None, lang: str, label: str | None = None,
             css: str = "ref") -> Markup:
    """A link to a rule whose text shows on hover (title) and in the popover (data-preview)."""
    preview = rule_preview(number, version, lang)
    cls = css if preview else css + " unresolved"
    return Markup('<a class="{cls}" href="{href}" data-n="{n}" title="{p}">{label}</a>').format(
        cls=cls, href=rule_href(number, version), n=number, p=preview or "", label=label or number)


def rule_preview(number: str, version: str | None, lang: str) -> str:
    from .queries import corpus, frame

    c = corpus()
    return _preview(id(c), number, version or frame()["default_version"], lang)


@lru_cache(maxsize=8192)
def _preview(corpus_key: int, number: str, version: str, lang: str) -> str:
    from .queries import corpus

    c = corpus()
    sql = "select title, text from rules where id = ?"  # the primary key: doc_id:number
    row = c.one(sql, (f"{c.doc_id(version, lang)}:{number}",)) or \
        c.one(sql, (f"{c.doc_id(version, 'ru' if lang == 'en' else 'en')}:{number}",))
    if not row:
        return ""
    text = " ".join(x for x in (row.get("title") or "", row.get("text") or "") if x).strip()
    text = _STRAY_MARKS.sub("", text)
    if len(text) > PREVIEW_CHARS:
        text = text[:PREVIEW_CHARS].rsplit(" ", 1)[0] + "…"
    return f"{number}. {text}"


def moved_note(number: str, version: str | None) -> Markup:
    """Beside an engine citation of an older release: where that rule stands in the newest
    one, «в правилах от 16.01.2026 — правило 613.7» (or «… изменено», «… удалено»), so a judge
    reading today's rules finds it. Empty when the rule is the same under the same number."""
    from .queries import corpus, frame
    from .ui import ui_lang

    newest = frame()["default_version"]
    if not version or version == newest:
        return Markup("")
    where, status = _newest_number(id(corpus()), number, version, newest)
    if where == number and status == "same":
        return Markup("")
    y, m, d = newest.split("-")
    if ui_lang() == "en":
        text = (f"removed by the rules of {newest}" if where is None else
                f"in the rules of {newest}: rule {where}" + (", changed" if status == "changed" else ""))
    else:
        text = (f"в правилах от {d}.{m}.{y} удалено" if where is None else
                f"в правилах от {d}.{m}.{y} — правило {where}" + (", изменено" if status == "changed" else ""))
    href = rule_href(where, newest) if where else ""
    if href:
        return Markup(' <a class="moved" href="{h}">({t})</a>').format(h=href, t=text)
    return Markup(' <span class="moved">({t})</span>').format(t=text)


@lru_cache(maxsize=4096)
def _newest_number(corpus_key: int, number: str, version: str, newest: str) -> tuple[str | None, str]:
    """``VersionHistory.where_now``, kept per corpus (``corpus_key``) for the pages."""
    from ..corpus.lookup import VersionHistory
    from .queries import corpus

    return VersionHistory(corpus()).where_now(number, version, newest)


def linkify(text: str | None, version: str | None, lang: str = "ru", low_conf: bool = False,
            breaks: bool = True) -> Markup:
    """Escape ``text``; turn every rule mention into a link; mark ⟦low-confidence⟧ words;
    keep paragraph breaks."""
    text = text or ""
    out: list[str] = []
    pos = 0
    for m in _mentions(text):
        if m.start < pos or m.end > len(text) or not m.numbers:
            continue
        out.append(str(escape(text[pos:m.start])))
        out.append(str(ref_link(m.numbers[0], version, lang, label=text[m.start:m.end])))
        pos = m.end
    out.append(str(escape(text[pos:])))
    html = "".join(out)
    if low_conf:
        html = _LOW.sub(lambda m: f'<mark class="low-conf" title="OCR">{m.group(1)}</mark>', html)
    html = _STRAY_MARKS.sub("", html)
    if not breaks:
        return Markup(html.replace("\n", " ") if html.strip() else html)
    paragraphs = [p for p in re.split(r"\n\s*\n|\n", html) if p.strip()]
    if len(paragraphs) <= 1:
        return Markup(html)
    return Markup("<br>".join(paragraphs))


def plain(text: str | None) -> Markup:
    """Escape and keep line breaks."""
    lines = str(escape(text or "")).split("\n")
    return Markup("<br>".join(lines))


_MD_TAGS = {"p", "br", "em", "strong", "b", "i", "ul", "ol", "li", "code", "pre", "blockquote",
            "a", "h3", "h4", "h5", "h6", "hr", "table", "thead", "tbody", "tr", "th", "td", "del"}


def markdown_html(text: str | None, version: str | None = None, lang: str = "ru") -> Markup:
    """Markdown rendered, then sanitised by nh3 (no raw HTML survives), then rule mentions linked."""
    raw = md.markdown(text or "", extensions=["tables"], output_format="html")
    clean = nh3.clean(raw, tags=_MD_TAGS, attributes={"a": {"href", "title"}},
                      url_schemes={"http", "https", "mailto"}, link_rel="noopener noreferrer nofollow")
    return Markup(_link_mentions_in_html(clean, version, lang))


_TAG_SPLIT = re.compile(r"""(<(?:[^>"']|"[^"]*"|'[^']*')*>)""")  # quote-aware: a '>' may sit in an href


def _link_mentions_in_html(html: str, version: str | None, lang: str) -> str:
    """Link rule mentions in the text nodes of sanitised HTML (not inside existing links)."""
    parts = _TAG_SPLIT.split(html)
    in_link = 0
    out = []
    import html as htmllib
    for part in parts:
        if part.startswith("<"):
            low = part.lower()
            if low.startswith("<a"):
                in_link += 1
            elif low.startswith("</a"):
                in_link = max(0, in_link - 1)
            out.append(part)
        elif part and not in_link:
            out.append(str(linkify(htmllib.unescape(part), version, lang, breaks=False)))
        else:
            out.append(part)
    return "".join(out)
