"""The M2011 FAQ parse against tests/data/gold/faq_cards.tsv and hand-checked rulings."""
from __future__ import annotations

from collections import Counter

import pytest

from judge_app.corpus.faq import cited_numbers, normalise_cost, parse_faq, regex_numbers

from gold import SOURCES, read_tsv

SOURCE = SOURCES / "faq-ru-m2011.txt"


@pytest.fixture(scope="module")
def faq():
    return parse_faq(SOURCE.read_text(encoding="utf-8"), "faq-ru-m2011")


@pytest.fixture(scope="module")
def gold():
    return read_tsv("faq_cards.tsv")


def _ruling_counts(faq):
    return Counter(r.card_position for r in faq.rulings)


def test_card_blocks_match_gold_field_by_field(faq, gold):
    counts = _ruling_counts(faq)
    assert len(faq.cards) == len(gold) == 115
    for card, row in zip(faq.cards, gold):
        mine = {
            "name": card.name,
            "mana_cost": card.mana_cost,
            "type_line": card.type_line,
            "pt_or_loyalty": card.pt or card.loyalty,
            "rulings": str(counts.get(card.position, 0)),
        }
        assert mine == row, card.line


def test_ruling_totals(faq):
    counts = _ruling_counts(faq)
    assert len(faq.rulings) == 312
    assert counts[None] == 13  # mechanic rulings of the general notes
    mech = Counter(r.topic for r in faq.rulings if r.card_position is None)
    assert mech == {"Предсказать": 3, "Смертельное касание": 10}
    general = {c.position for c in faq.cards if c.section == "general"}
    assert sum(n for p, n in counts.items() if p in general) == 20
    assert sum(n for p, n in counts.items() if p is not None and p not in general) == 279


def test_sections_and_distinct_cards(faq):
    sections = Counter(c.section for c in faq.cards)
    assert sections == {"general": 7, "cards": 108}
    assert len({c.name for c in faq.cards}) == 112
    assert [c.name for c in faq.cards if c.section == "general"] == [
        "Вещая Сова", "Кислотная Слизь", "Златогривый Аджани", "Первобытный Титан",
        "Лучи Наказания", "Пик Драконьего Черепа", "Глаз Кракена",
    ]


def test_v_for_black_kept_raw_and_normalised(faq):
    demon = next(c for c in faq.cards if c.name == "Демон Врат Смерти")
    assert demon.mana_cost == "{6}{V}{V}{V}"
    assert demon.mana_cost_norm == "{6}{B}{B}{B}"
    with_v = [c.name for c in faq.cards if "{V}" in c.mana_cost]
    assert len(with_v) == 5
    assert all("{V}" not in c.mana_cost_norm for c in faq.cards)
    assert normalise_cost("{2}{U}") == "{2}{U}"


def test_lands_have_no_cost_and_planeswalkers_loyalty(faq):
    peak = next(c for c in faq.cards if c.name == "Пик Драконьего Черепа")
    assert (peak.mana_cost, peak.type_line, peak.pt, peak.loyalty) == ("", "Земля", "", "")
    assert peak.rules_text.startswith("Пик Драконьего Черепа выходит на поле битвы повернутым")
    assert peak.rules_text.endswith("{T}: Добавьте {B} или {R} в ваше хранилище маны.")
    walkers = [c for c in faq.cards if c.type_line.startswith("Planeswalker")]
    assert [c.loyalty for c in walkers] == ["4", "3", "3", "4", "6"]
    assert all(c.pt == "" for c in walkers)


def test_rules_text_paragraphs(faq):
    ajani = next(c for c in faq.cards if c.name == "Златогривый Аджани")
    parts = ajani.rules_text.split("\n\n")
    assert [p[:5] for p in parts] == ["[+1]:", "[-1]:", "[-6]:"]
    owl = faq.cards[0]
    # the note «Официальные правила … звучат так:» is not rules text
    assert owl.rules_text.split("\n\n")[0] == "Полет"
    assert "Официальные правила" not in owl.rules_text
    assert all(1 <= c.rules_text.count("\n\n") + 1 <= 3 for c in faq.cards)


def test_angel_sub_bullets_joined(faq):
    angel = next(c for c in faq.cards if c.name == "Ангел, Истребитель Зла")
    (ruling,) = [r for r in faq.rulings if r.card_position == angel.position]
    lines = ruling.text.split("\n")
    assert lines[0] == "«Защита от Демонов и от Драконов» означает следующее:"
    assert len(lines) == 5
    assert all(line.startswith("– Ангел, Истребитель Зла") or line.startswith("– Все повреждения")
               for line in lines[1:])


def test_worked_examples_belong_to_rulings(faq):
    deathtouch = [r for r in faq.rulings if r.topic == "Смертельное касание"]
    with_example = [r for r in deathtouch if "\nРассмотрим пример" in r.text]
    assert len(with_example) == 3
    lich = next(c for c in faq.cards if c.name == "Лич с Филактерией")
    lich_rulings = [r for r in faq.rulings if r.card_position == lich.position]
    assert len(lich_rulings) == 8
    (example,) = [r for r in lich_rulings if "Рассмотрим пример" in r.text]
    assert example.line == 916
    assert example.text.startswith("Последняя способность Лича с Филактерией проверяет наличие")
    # «Например:» as its own paragraph continues the ruling before it (Темное Наставничество)
    nap = next(r for r in faq.rulings if r.line == 1690)
    assert nap.text.endswith("\nНапример: конвертированная мана-стоимость карты с мана-стоимостью {3}{U}{U} равняется 5.")


def test_broken_paragraphs_joined(faq):
    by_line = {r.line: r for r in faq.rulings}
    judge = by_line[292]
    assert "Он может выполнять другие действия, например, активировать способности" in judge.text
    assert "\n" not in judge.text
    for line in (384, 910, 1076, 1264, 1678):
        assert "\n" not in by_line[line].text and by_line[line].text[-1] == "."
    # the one inside a worked example (source line 100)
    third = [r for r in faq.rulings if r.topic == "Смертельное касание"][2]
    assert "(существо 6/4 с Пробивным ударом) одновременно блокируются" in third.text
    # no paragraph anywhere starts in lower case
    assert not [r for r in faq.rulings if r.text[0].islower()]
    assert not [n for n in faq.notes if n.text[0].islower()]


def test_footer_and_italics_are_not_rulings(faq):
    assert faq.footer.startswith("Все торговые марки являются собственностью Wizards")
    assert not [r for r in faq.rulings if "торговые марки" in r.text]
    assert not [r for r in faq.rulings if r.text.startswith("Magic")]
    release = [n for n in faq.notes if n.topic == "Информация о релизе"]
    assert release[0].text.startswith("Базовый выпуск *Magic 2011* содержит 249 карт")


def test_quoted_rules_kept_as_notes_with_old_numbers(faq):
    numbers = [q.number for q in faq.quoted_rules]
    assert numbers == ["701.17", "701.17a", "702.2", "702.2a", "702.2b", "702.2c",
                       "702.2d", "702.2e", "702.2f"]
    assert all(q.era == "M2011" for q in faq.quoted_rules)
    first = faq.quoted_rules[0]
    assert first.text == "Предсказать" and first.topic == "Предсказать"
    note = faq.notes[faq.quoted_rules[3].note_position]
    assert note.number == "702.2a"
    assert note.text == "702.2a Смертельное касание — это статическая способность."
    assert note.topic == "Смертельное касание"


def test_topics_title_and_date(faq):
    assert faq.title == "Часто задаваемые вопросы (FAQ) – базовый выпуск Magic 2011"
    assert faq.date == "2010-06-09"
    topics = list(dict.fromkeys(n.topic for n in faq.notes))
    assert topics == ["Введение", "Информация о релизе", "Предсказать", "Смертельное касание",
                      "Planeswalker", "Титаны", "Лучи", "«земли с поворотом»", "«Талисманы удачи»"]
    ajani = faq.cards[2]
    assert {r.topic for r in faq.rulings if r.card_position == ajani.position} == {"Planeswalker"}


def test_cited_numbers():
    assert regex_numbers("см. правила 702.2b и 701.17a, а также 702.2b") == ["702.2b", "701.17a"]
    assert regex_numbers("цена 2010.5 и 1.5") == []
    # whichever implementation is active (regex, or crossrefs.find_mentions once it exists)
    assert cited_numbers("(см. правило 702.2b)") == ["702.2b"]


def test_quoted_rule_notes_cite_their_number(faq):
    quoted = [n for n in faq.notes if n.number]
    assert [n.cited[0] for n in quoted] == [n.number for n in quoted]
    b = next(n for n in quoted if n.number == "702.2b")
    assert b.cited == ["702.2b", "510.1c", "510.1d"]  # M2011 numbers, as the FAQ prints them
    assert not [r for r in faq.rulings if r.cited]  # the M2011 rulings cite no rule numbers
