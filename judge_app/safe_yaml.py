"""Reading a YAML file someone else wrote (scenarios, the card pool) without trusting it.

PyYAML's safe loader refuses code, but not size: an alias bomb (``a: &a [x, x]``,
``b: &b [*a, *a]``, …) builds a structure that any message quoting it expands without
bound; a file of 50 MB, or ``/dev/zero``, is read whole; a duplicate key silently
replaces the first (so ``expect: []`` appended to a scenario would check nothing);
a bad date such as ``2020-13-45``, an integer of thousands of digits or a list used as a
key ends in a traceback. ``load_file`` checks all of that *before* building anything,
walking the parser's events (no recursion, constant memory per level), and refuses with
a :class:`YamlRefused` that names the line. Well-formed files load exactly as before,
with the caller's own ``Loader`` class.
"""
from __future__ import annotations

import yaml

from . import input_files
from .input_files import InputRefused

MAX_BYTES = 1 << 20          # a scenario is ~2 KB, a card file ~3 KB
MAX_DEPTH = 40               # nesting of mappings and lists
MAX_NODES = 50_000           # scalars and collections, counting what every alias repeats
MAX_EXPANDED_CHARS = 2 * MAX_BYTES  # characters of every scalar, aliases counted each time
MAX_INT_DIGITS = 30
MAX_KEY_CHARS = 200

_CHECKED_TAGS = {"tag:yaml.org,2002:int", "tag:yaml.org,2002:float", "tag:yaml.org,2002:timestamp",
                 "tag:yaml.org,2002:bool", "tag:yaml.org,2002:binary", "tag:yaml.org,2002:null"}


YamlRefused = InputRefused  # the name the loaders catch


def read_text(path, max_bytes: int = MAX_BYTES) -> str:
    """The file as UTF-8 text, never more than ``max_bytes`` read (``/dev/zero`` included)."""
    return input_files.read_text(path, max_bytes, "файл YAML")


def load_file(path, loader_cls=yaml.SafeLoader, max_bytes: int = MAX_BYTES):
    """``yaml.load`` of a file with every limit checked first. Raises ``YamlRefused`` for what
    this module refuses and ``yaml.YAMLError`` for a syntax error (with its mark)."""
    return load_text(read_text(path, max_bytes), loader_cls)


def load_text(text: str, loader_cls=yaml.SafeLoader):
    check(text, loader_cls)
    return yaml.load(text, Loader=loader_cls)


class _Collection:
    """One open mapping or list while the events are walked."""
    __slots__ = ("is_mapping", "anchor", "start_nodes", "start_chars", "at_key", "keys")

    def __init__(self, is_mapping: bool, anchor, start_nodes: int, start_chars: int):
        self.is_mapping = is_mapping
        self.anchor = anchor
        self.start_nodes = start_nodes
        self.start_chars = start_chars
        self.at_key = True
        self.keys: dict[str, int] = {}


def check(text: str, loader_cls=yaml.SafeLoader) -> None:
    """Walk the parser's events and refuse what ``yaml.load`` must never see (see the module
    docstring). Syntax errors are left to ``yaml.load``, which reports them with their mark."""
    loader = loader_cls(text)
    stack: list[_Collection] = []
    sizes: dict[str, tuple[int, int]] = {}  # anchor -> (nodes, chars) it stands for
    nodes = chars = 0
    try:
        while True:
            try:
                event = loader.get_event()
            except yaml.YAMLError:
                return  # yaml.load reports it with its line
            if event is None or isinstance(event, yaml.StreamEndEvent):
                return
            line = event.start_mark.line + 1 if event.start_mark else 0
            if isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
                done = stack.pop()
                if done.anchor is not None:
                    sizes[done.anchor] = (nodes - done.start_nodes, chars - done.start_chars)
                _advance(stack)
                continue
            if not isinstance(event, yaml.NodeEvent):
                continue
            parent = stack[-1] if stack else None
            is_key = parent is not None and parent.is_mapping and parent.at_key
            if isinstance(event, yaml.AliasEvent):
                if is_key:
                    raise YamlRefused(line, f"ссылка *{event.anchor} не может быть ключом")
                if event.anchor not in sizes:
                    if any(c.anchor == event.anchor for c in stack):
                        raise YamlRefused(line, f"ссылка *{event.anchor} указывает внутрь самой себя")
                    raise YamlRefused(line, f"ссылка *{event.anchor} на неизвестную метку &{event.anchor}")
                n, c = sizes[event.anchor]
                nodes, chars = nodes + n, chars + c
            elif isinstance(event, yaml.ScalarEvent):
                nodes, chars = nodes + 1, chars + len(event.value)
                _check_scalar(loader, event, line)
                if is_key:
                    _check_key(parent, event, line)
                if event.anchor is not None:
                    sizes[event.anchor] = (1, len(event.value))
            else:  # a mapping or a list starts
                if is_key:
                    raise YamlRefused(line, "ключ должен быть строкой или числом, а не списком или словарём")
                if len(stack) >= MAX_DEPTH:
                    raise YamlRefused(line, f"вложенность глубже {MAX_DEPTH} уровней")
                stack.append(_Collection(isinstance(event, yaml.MappingStartEvent), event.anchor, nodes, chars))
                nodes += 1
                if nodes > MAX_NODES:
                    raise YamlRefused(line, f"больше {MAX_NODES} элементов")
                continue  # the parent advances when this collection ends
            if nodes > MAX_NODES:
                raise YamlRefused(line, f"больше {MAX_NODES} элементов с учётом ссылок (*{getattr(event, 'anchor', '')}) — "
                                        "ссылки на метки повторяют слишком много")
            if chars > MAX_EXPANDED_CHARS:
                raise YamlRefused(line, f"больше {MAX_EXPANDED_CHARS // 1024} КБ текста с учётом ссылок на метки")
            _advance(stack)
    finally:
        loader.dispose()


def _advance(stack: list[_Collection]) -> None:
    if stack and stack[-1].is_mapping:
        stack[-1].at_key = not stack[-1].at_key


def _check_key(mapping: _Collection, event, line: int) -> None:
    key = event.value
    if len(key) > MAX_KEY_CHARS:
        raise YamlRefused(line, f"ключ длиннее {MAX_KEY_CHARS} символов")
    if key == "<<" and event.implicit[0]:
        return  # a merge key, which YAML allows more than once
    first = mapping.keys.get(key)
    if first is not None:
        raise YamlRefused(line, f"ключ «{key}» повторяется (первый раз в строке {first}); "
                                "второй заменил бы первый — оставьте один")
    mapping.keys[key] = line


def _check_scalar(loader, event, line: int) -> None:
    """A value whose type YAML guesses (numbers, dates) must build without an exception."""
    tag = event.tag
    if tag in (None, "!"):
        tag = loader.resolve(yaml.ScalarNode, event.value, event.implicit)
    if tag not in _CHECKED_TAGS:
        return
    value = event.value
    shown = value if len(value) <= 40 else value[:40] + "…"
    if tag == "tag:yaml.org,2002:int" and sum(ch.isdigit() for ch in value) > MAX_INT_DIGITS:
        raise YamlRefused(line, f"число из {sum(ch.isdigit() for ch in value)} цифр — слишком длинное "
                                f"(не больше {MAX_INT_DIGITS}); если это текст, возьмите его в кавычки")
    node = yaml.ScalarNode(tag, value, event.start_mark, event.end_mark, style=event.style)
    try:
        loader.construct_object(node)
    except (ValueError, OverflowError, TypeError, yaml.YAMLError) as exc:
        what = "дата" if tag.endswith("timestamp") else "значение"
        reason = getattr(exc, "problem", None) or str(exc)
        raise YamlRefused(line, f"{what} «{shown}» не читается: {reason}; "
                                "если это текст, возьмите его в кавычки") from None
