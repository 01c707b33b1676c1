"""Is a correction a reading of its glyphs, or a re-translation?

A correction may only fix what the OCR broke: its corrected text must be something the
OCR could have garbled into the glyphs it cites. This scores the corrected text against
the glyphs with the decoder's own noisy channel (``ocr_channel.Scorer``, both styles,
upright and italic, the better one counts) and applies the decoder's own gate for a word
it keeps against the odds, ``ocr_decode.OLD_GATE`` nats per glyph (the 2019 word wins over
any reading when it explains the glyphs at least that well). A correction that fails it
must say why in its ``reason`` column.

The channel knows Cyrillic letters and punctuation only. Characters it does not know
(digits, Latin letters: the variable X, a rule reference) are allowed to be printed as
themselves or as the letter of the same shape (``O`` for 0, the OCR's own confusion in
704.5f). Spaces are not compared: the OCR splits and joins words (``3 ¢ekT``).
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from . import ocr_channel
from .corrections import Correction

SAME_SHAPE = {"0": "OoО", "1": "lI|", "3": "З", "5": "S", "6": "б", "8": "B", "X": "xХх", "x": "XХх"}
KEEP_LP = math.log(0.9)
SHAPE_LP = math.log(0.05)


@dataclass(frozen=True)
class Verdict:
    plausible: bool
    per_glyph: float  # best log P(glyphs | corrected) per glyph over the two styles
    style: str


def _channel_with(logE: dict, text: str) -> dict:
    """The letter table, plus "as printed" and same-shape emissions for the characters the
    channel was never trained on."""
    extra = {}
    for ch in set(text):
        if ch in logE:
            continue
        table = {ch: KEEP_LP}
        for look in SAME_SHAPE.get(ch, ""):
            table[look] = SHAPE_LP
        extra[ch] = table
    return {**logE, **extra} if extra else logE


def score(corrected: str, glyphs: str, model=None) -> Verdict:
    from .ocr_decode import OLD_GATE, get_model

    model = model or get_model()
    src, out = corrected.replace(" ", ""), glyphs.replace(" ", "")
    best = (-math.inf, "u")
    for style in ("u", "i"):
        logE, _inv, _dele, ins = model.styles[style]
        lp = ocr_channel.Scorer(out, _channel_with(logE, src), ins)(src)
        if lp / max(len(out), 1) > best[0]:
            best = (lp / max(len(out), 1), style)
    return Verdict(best[0] >= OLD_GATE, best[0], best[1])


def check(correction: Correction, model=None) -> Verdict | None:
    """The verdict on a row, or None where it has no glyphs (then its reason must say why)."""
    if not correction.glyphs:
        return None
    return score(correction.corrected, correction.glyphs, model)


def unjustified(corrections: list[Correction], model=None) -> list[tuple[Correction, Verdict | None]]:
    """The rows that are no plausible reading of their glyphs and give no reason."""
    out = []
    for c in corrections:
        verdict = check(c, model)
        if (verdict is None or not verdict.plausible) and not c.reason.strip():
            out.append((c, verdict))
    return out
