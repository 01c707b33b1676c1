"""A least-recently-used cache bounded in bytes, for rendered pages and serialised answers."""
from __future__ import annotations


class PageCache:
    """Rendered pages of the read-only corpus, least recently used first out, bounded in bytes.

    The corpus never changes under a running process (a rebuild makes a new ``Corpus``,
    whose id is part of the key), so a page rendered once is valid until evicted."""

    def __init__(self, max_bytes: int = 96 << 20):
        import threading
        from collections import OrderedDict

        self.max_bytes = max_bytes
        self.size = 0
        self.items: "OrderedDict[tuple, str]" = OrderedDict()
        self.lock = threading.Lock()

    def get(self, key):
        with self.lock:
            value = self.items.get(key)
            if value is not None:
                self.items.move_to_end(key)
            return value

    def put(self, key, value: str) -> None:
        n = len(value)
        if n > self.max_bytes // 8:
            return
        with self.lock:
            if key in self.items:
                return
            self.items[key] = value
            self.size += n
            while self.size > self.max_bytes and self.items:
                _, old = self.items.popitem(last=False)
                self.size -= len(old)
