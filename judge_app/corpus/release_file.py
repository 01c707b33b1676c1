"""One official English Comprehensive Rules file: read it whatever its encoding, check it is one.

Wizards publish the rules as a text file whose encoding and line endings change from
release to release (UTF-8 with a BOM and CRLF in 2021, UTF-16 big-endian in 2022, bare CR
in 2026). The build and ``judge import`` both read through ``decode``: the BOM decides the
encoding and ``cr_text.split_lines`` accepts any line ending. ``validate`` is what
``judge import`` asks before a file becomes a release: every failure names what was
expected and what was found, so a user handed the wrong download knows which one it was.
"""
from __future__ import annotations

import codecs
import datetime as dt
import re
from dataclasses import dataclass, field

MAX_BYTES = 8 * 1024 * 1024  # the largest release so far (UTF-16, 2022) is 1.7 MB
MIN_RULES = 1500  # every release since 2009 has more than 2,000 numbered rules

_DATE = re.compile(r"effective as of (?P<month>[A-Z][a-z]+) (?P<day>\d{1,2}), (?P<year>\d{4})")
_MONTHS = {m: i for i, m in enumerate(
    ("January", "February", "March", "April", "May", "June", "July", "August", "September",
     "October", "November", "December"), 1)}
_CONTENTS_SECTION = re.compile(r"^(\d{3})\. (\S.*)$")


class ReleaseError(ValueError):
    """The file is not an official English CR release (or not one we can take)."""


@dataclass
class Release:
    """What a release file holds, as the import preview and the build need it."""

    date: str  # ISO effective date from the header
    text: str
    rules: list = field(default_factory=list)
    glossary: list = field(default_factory=list)
    contents: list[str] = field(default_factory=list)  # section numbers the contents list


def decode(data: bytes, name: str = "файл") -> str:
    """Text from bytes: the BOM decides (UTF-8, UTF-16 BE/LE); without one, strict UTF-8."""
    if data.startswith(codecs.BOM_UTF16_BE) or data.startswith(codecs.BOM_UTF16_LE):
        encoding = "utf-16"
    else:
        encoding = "utf-8-sig"
    try:
        return data.decode(encoding)
    except UnicodeDecodeError as exc:
        raise ReleaseError(
            f"{name}: ожидался текст в UTF-8 или UTF-16 с BOM, найдены байты, которые не читаются "
            f"как {encoding} (позиция {exc.start})") from exc


def effective_date(text: str) -> str | None:
    m = _DATE.search(text[:3000])
    if not m or m["month"] not in _MONTHS:
        return None
    try:
        return dt.date(int(m["year"]), _MONTHS[m["month"]], int(m["day"])).isoformat()
    except ValueError:
        return None


def contents_sections(lines: list[str]) -> list[str]:
    """Section numbers listed in the contents: between «Contents» and the body's first chapter
    heading, which repeats the contents' first line («1. Game Concepts»)."""
    try:
        start = next(i for i, line in enumerate(lines[:400]) if line.strip() == "Contents")
    except StopIteration:
        return []
    first = None
    out: list[str] = []
    for line in lines[start + 1:start + 600]:
        s = line.strip()
        if not s:
            continue
        if first is None:
            first = s
        elif s == first:  # the body begins
            break
        m = _CONTENTS_SECTION.match(s)
        if m:
            out.append(m[1])
    return out


def sniff(data: bytes, name: str) -> None:
    """Refuse the usual wrong downloads before decoding, each by name."""
    if not data.strip():
        raise ReleaseError(f"{name}: файл пуст; ожидался текст Comprehensive Rules")
    if len(data) > MAX_BYTES:
        raise ReleaseError(f"{name}: файл слишком большой ({len(data) // 1024} КБ); "
                           f"предел {MAX_BYTES // 1024 // 1024} МБ для текста правил")
    head = data[:1024].lstrip()
    if head.startswith(b"%PDF"):
        raise ReleaseError(f"{name}: это PDF; ожидался текстовый файл правил (.txt с сайта Wizards)")
    lowered = head.lower()
    if lowered.startswith((b"<!doctype", b"<html", b"<?xml")) or b"<html" in lowered:
        raise ReleaseError(f"{name}: это страница HTML; ожидался текстовый файл правил (.txt), "
                           "а не сохранённая страница сайта")


def read(data: bytes, name: str = "файл") -> Release:
    """Decode and validate a release file; ``ReleaseError`` says what is wrong."""
    from .cr_text import parse_cr, split_lines

    sniff(data, name)
    text = decode(data, name)
    head = text[:3000]
    if "Comprehensive Rules" not in head:
        if re.search(r"[А-Яа-яЁё]{4,}", head):
            raise ReleaseError(f"{name}: текст на русском; импорт принимает официальный английский "
                               "текст Comprehensive Rules (русский перевод строится из 2020 года)")
        raise ReleaseError(f"{name}: в начале файла нет заголовка «Magic: The Gathering Comprehensive "
                           "Rules»; это не текст правил на английском")
    date = effective_date(text)
    if date is None:
        raise ReleaseError(f"{name}: в заголовке нет даты вида «These rules are effective as of "
                           "January 16, 2026.»")
    parsed = parse_cr(text, f"cr-en-{date}", "en")
    if parsed.rejected:
        line, seen = parsed.rejected[0]
        raise ReleaseError(f"{name}, строка {line}: номер правила не по порядку: «{seen[:60]}»")
    contents = contents_sections(split_lines(text))
    body = {r.number for r in parsed.rules if r.level == "section"}
    missing = [n for n in contents if n not in body]
    if not contents:
        raise ReleaseError(f"{name}: нет оглавления («Contents») со списком разделов")
    if missing:
        raise ReleaseError(f"{name}: оглавление называет разделы, которых нет в тексте: "
                           f"{', '.join(missing[:8])}{' …' if len(missing) > 8 else ''} "
                           "(файл обрезан?)")
    numbered = [r for r in parsed.rules if r.level in ("rule", "subrule")]
    if len(numbered) < MIN_RULES:
        raise ReleaseError(f"{name}: найдено {len(numbered)} правил, ожидалось больше {MIN_RULES}; "
                           "файл обрезан или это не полный текст правил")
    if len(parsed.glossary) < 100:
        raise ReleaseError(f"{name}: в глоссарии {len(parsed.glossary)} статей, ожидалось несколько "
                           "сотен; файл обрезан?")
    return Release(date, text, parsed.rules, parsed.glossary, contents)
