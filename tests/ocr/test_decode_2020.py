"""The decoded 2020 Russian CR (real file, whole document)."""
from __future__ import annotations

import re

from judge_app.corpus import ocr_decode

CYR = re.compile(r"[А-Яа-яЁё]")


def test_line_structure_preserved(ocr_text, decoded):
    src = ocr_text.split("\n")
    assert len(decoded.lines) == len(src)
    assert len(decoded.tokens) == len(src)
    for g, d in zip(src, decoded.lines):
        m = re.match(r"^\d{3}\.\d+(?:\.|[a-z])?(?=\s)", g)
        if m:
            assert d.startswith(m.group(0)), (g, d)
        assert bool(g.strip()) == bool(d.strip())


def test_escape_702_137(blocks):
    assert blocks["702.137#rule"] == "Побег"
    assert "«Побег [стоимость]» означает" in blocks["702.137a#rule"]
    assert "Побег" in blocks["702.137b#rule"]


def test_chapter_and_section_titles(decoded):
    text = decoded.text
    assert "1. Основы игры\n" in text
    for title in ("2. Части карты", "3. Типы карт", "4. Зоны", "5. Структура хода",
                  "7. Дополнительные правила", "9. Нетурнирные варианты игры"):
        assert f"\n{title}\n" in text, title
    assert "\n100. Общие понятия\n" in text


def test_new_sections_decoded(blocks):
    assert "фишки на поле битвы" in blocks["111.1#rule"]
    assert blocks["715#title"].startswith("Карты с Прикл")
    assert "альтернативные характеристики" in blocks["715.2#rule"]


def test_changed_103_4c_is_2020_text_not_2019(blocks):
    """London mulligan: 2020 wording must come out, not the 2019 (Vancouver) text."""
    t = blocks["103.4c#rule"]
    assert "первая пересдача не учитывается" in t
    assert "низ библиотеки" in t
    # 2019 wording of 103.4c that the 2020 rule no longer has
    assert "предыдущей руке" not in t
    assert "решает пересдать" not in t


def test_changed_107_1c_is_shorter_in_2020(blocks):
    t = blocks["107.1c#rule"]
    assert t.endswith("любое положительное число или ноль.")
    assert "ненулевое" not in t  # the 2019 rule's extra sentence is gone in 2020


def test_latin_words_kept(decoded):
    assert decoded.lines[0].endswith("Magic: The Gathering")
    line = next(l for l in decoded.lines if l.startswith("100.1. "))
    assert line.count("Magic") == 2
    assert any("planeswalker" in l for l in decoded.lines)


def test_mostly_cyrillic(decoded):
    words = [t for ts in decoded.tokens for t in ts if any(ch.isalpha() for ch in t.decoded)]
    cyr = sum(1 for t in words if CYR.search(t.decoded))
    assert cyr / len(words) > 0.95


def test_confidences_and_low_confidence_marks(decoded):
    confs = [t.conf for ts in decoded.tokens for t in ts]
    assert all(0.0 <= c <= 1.0 for c in confs)
    assert decoded.low_confidence
    for ln, start, end, garbled, dec, conf in decoded.low_confidence[:200]:
        assert decoded.lines[ln][start:end] == dec
        assert conf < ocr_decode.LOW_CONF
    # low-confidence words are a small minority
    assert len(decoded.low_confidence) < 0.05 * len(confs)


def test_short_text_api():
    doc = ocr_decode.decode_document("100.1a Urpa BaBoeM — 3TO UTpa, B KOTOPOH y4acTBYIOT TOJIBKO J1Ba UTPOKA.", workers=1)
    assert doc.lines == ["100.1a Игра вдвоем — это игра, в которой участвуют только два игрока."]
