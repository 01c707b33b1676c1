"""Reading a file a user names (a scenario, a card list, a ``--batch`` of queries) with a size
limit and a strict encoding, so that ``/dev/zero``, a 50 MB file or stray bytes end in a clear
message naming the line, never in a traceback or an exhausted memory."""
from __future__ import annotations

import sys


class InputRefused(ValueError):
    """The file is refused: ``line`` (1-based, 0 when not about a line) and a Russian message."""

    def __init__(self, line: int, message: str):
        super().__init__(f"строка {line}: {message}" if line else message)
        self.line = line
        self.message = message


def read_bytes(path, max_bytes: int, what: str = "файл") -> bytes:
    """At most ``max_bytes`` of the file (``-`` is standard input); more is refused unread."""
    try:
        if str(path) == "-":
            data = sys.stdin.buffer.read(max_bytes + 1)
        else:
            with open(path, "rb") as handle:
                data = handle.read(max_bytes + 1)
    except OSError as exc:
        raise InputRefused(0, f"не прочитать {what}: {exc.strerror or exc}") from None
    if len(data) > max_bytes:
        raise InputRefused(0, f"{what} больше {max_bytes // 1024} КБ")
    return data


def decode_utf8(data: bytes) -> str:
    """UTF-8 (a BOM allowed); an invalid byte is refused with its line and column."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[:exc.start].count(b"\n") + 1
        column = exc.start - data.rfind(b"\n", 0, exc.start)
        raise InputRefused(line, f"файл не в UTF-8: байт 0x{data[exc.start]:02x} в позиции {column}") from None


def read_text(path, max_bytes: int, what: str = "файл") -> str:
    return decode_utf8(read_bytes(path, max_bytes, what))
