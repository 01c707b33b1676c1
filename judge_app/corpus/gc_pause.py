"""The cyclic garbage collector paused while the build decodes and indexes (``build.build``,
``ocr_decode.decode_document``).

The decoder keeps what every token's glyphs give for the whole document (``Decoder.cache``:
hundreds of thousands of lists and tuples, all alive until the end) and allocates far more
short-lived ones. CPython's collector counts the allocations and, every so often, walks
every live container of the oldest generation: on the first 3,000 lines of the 2020 text
those full collections took nearly a third of the decode's CPU time (17.2 s with them, 12.1 s
without, 2026-11-26), for nothing: the decode leaves no reference cycles behind (the peak
memory is the same, 342 MB). Reference counting still frees everything as before; the
first collection after the block picks up whatever cycles there are (one collection right
at its end would walk the decoder's caches once more, still alive there). The decoded
text does not depend on it (``tests/ocr/test_gc_pause.py``). The Whoosh writer gains too:
the search index took 6.7 s of CPU instead of 7.9 s, with the same peak memory.
"""
from __future__ import annotations

import contextlib
import gc


@contextlib.contextmanager
def gc_paused():
    """No automatic cyclic collection inside the block (forked workers inherit the pause);
    the previous state is restored after it."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()
