"""The 1998 rulebook split against tests/data/gold/rulebook_1998_topics.tsv."""
from __future__ import annotations


import pytest

from judge_app.corpus.rulebook import parse_rulebook

from gold import SOURCES, read_tsv

SOURCE = SOURCES / "rulebook-ru-1998-part2.txt"


@pytest.fixture(scope="module")
def topics():
    return parse_rulebook(SOURCE.read_text(encoding="utf-8"), "rulebook-ru-1998")


@pytest.fixture(scope="module")
def gold():
    return read_tsv("rulebook_1998_topics.tsv")


def _base(title: str) -> str:
    """Gold titles carry glosses «Фишки (tokens)»; ours only when the text's label has one."""
    return title.split(" (")[0]


def test_every_gold_topic_starts_one_of_ours(topics, gold):
    by_start = {t.line_start: t for t in topics}
    assert len(gold) == 32
    for row in gold:
        start = int(row["start_line"])
        assert start in by_start, row
        topic = by_start[start]
        assert _base(topic.title) == _base(row["topic_ru"]), row
        assert topic.title_en == row["topic_en"], row
        assert topic.parent == "", row
        assert topic.text.startswith(row["first_line"][:30]), row


def test_gold_topic_ends_and_example_counts(topics, gold):
    for row in gold:
        start, end = int(row["start_line"]), int(row["end_line"])
        inside = [t for t in topics if start <= t.line_start <= end]
        assert inside[-1].line_end == end, row
        assert sum(len(t.examples) for t in inside) == int(row["examples"]), row
        # finer topics inside a gold topic are its sub-topics
        assert all(t.parent == inside[0].title for t in inside[1:]), row


def test_finer_split_is_the_run_in_labels(topics):
    subs = [(t.parent, t.title) for t in topics if t.parent]
    assert subs == [
        ("Подробнее о фазах", "Разворот"), ("Подробнее о фазах", "Подсчет"),
        ("Подробнее о фазах", "Взятие карты"), ("Подробнее о фазах", "Главная"),
        ("Подробнее о фазах", "Сброс"), ("Подробнее о фазах", "Завершение"),
        ("Сражение", "Объявление нападающих"),
        ("Сражение", "Применение быстрых эффектов перед блокированием"),
        ("Сражение", "Объявление блокирующих"), ("Сражение", "Обходные способности"),
        ("Сражение", "Применение быстрых эффектов после блокирования"),
        ("Сражение", "Нанесение повреждений первого удара и нанесение нормальных повреждений"),
        ("Сражение", "Конец сражения"),
    ]
    assert len(topics) == 32 + len(subs)


def test_labels_give_title_and_english(topics):
    by_title = {t.title: t for t in topics}
    assert by_title["Ярость (rampage)"].title_en == "rampage"
    assert by_title["Защита (protection)"].title_en == "protection"
    banding = by_title["Объединение в группу (banding)"]
    # the heading was broken over two lines («Объединение в» / «группу (banding): …»)
    assert banding.text.startswith("Объединение в группу (banding): способность объединения открывает")
    attack = by_title["Объявление нападающих"]
    assert attack.text.startswith("Объявление нападающих: Существо может нападать")


def test_examples_total_and_text(topics):
    assert sum(len(t.examples) for t in topics) == 25
    colour = topics[0]
    assert colour.examples == [
        "Заклинание Thoughtlace изменяет цвет постоянной карты или заклинания на синий. "
        "Поскольку это заклинание не зависит от предыдущего цвета карты, бесцветная карта "
        "превращается в цветную (синюю), а многоцветная карта превращается в одноцветную (синюю)."
    ]
    assert all("ПРИМЕР" not in t.text for t in topics)


def test_lone_full_stops_rejoined(topics):
    effects = next(t for t in topics if t.title == "Как действуют эффекты")
    assert effects.examples[-1].endswith("каждая ярость будет действовать отдельно.")
    interrupts = next(t for t in topics if t.title == "Прерывания")
    assert interrupts.examples[0].endswith("потому что заклинание Fireball перестал быть красным.")
    assert all("\n." not in t.text and " ." not in t.text for t in topics)


def test_paragraphs_and_lists(topics):
    colour = topics[0]
    assert colour.text == (
        "Каждая карта в Magic может обладать одним или несколькими из пяти цветов: белому, "
        "синему, черному, красному и зеленому (или вообще не обладать никаким цветом)."
        # line 6 is an overlong (merged) line after a sentence end: taken as a new paragraph
        "\n\nКарты, относящиеся сразу к нескольким цветам, называются многоцветными. Карты, не "
        "относящиеся ни к одному цвету, называются бесцветными. Базовый цвет карты "
        "определяется по символам маны, входящим в ее цену. К бесцветным картам относятся "
        "земли (у них вообще нет цены) и артефакты, в цену которых не входят цветные символы "
        "маны. Любой эффект, изменяющий цвет карты, переводит карту в новый цвет."
    )
    power = topics[1]
    assert power.text.count("\n\n") == 1
    # a sentence that merely ends at a line end (line 246) does not split the paragraph
    cost = next(t for t in topics if t.title == "Цена")
    assert "заранее, а не во время применения заклинания. Некоторые способности заставляют" in cost.text
    phases = next(t for t in topics if t.title == "Фазы")
    items = [p for p in phases.text.split("\n") if p[:2] in {"1.", "2.", "3.", "4.", "5."}]
    assert len(items) == 5
    protection = next(t for t in topics if t.title == "Защита (protection)")
    assert protection.text.count("\n- ") == 3


def test_positions_and_coverage(topics):
    assert [t.position for t in topics] == list(range(len(topics)))
    assert topics[0].line_start == 3 and topics[-1].line_end == 844
    for a, b in zip(topics, topics[1:]):
        assert b.line_start == a.line_end + 1
