"""The reviewed corrections file: read and checked row by row, applied after decoding
(a corrected word loses its ⟦⟧ mark), recorded per rule, and part of the corpus hash."""
from __future__ import annotations

import shutil

import pytest

from judge_app.corpus import build, corrections as corr
from judge_app.corpus.records import GlossaryEntry, Rule

DOC = "cr-ru-2020-01-24"
HEAD = "\t".join(corr.HEADER)


def write(tmp_path, *rows: str, header: str = HEAD):
    path = tmp_path / f"{DOC}.tsv"
    path.write_text("\n".join([header, *rows]) + "\n", encoding="utf-8")
    return path


def row(*cells: str) -> str:
    cells = list(cells) + [""] * (len(corr.HEADER) - len(cells))
    if not cells[7]:
        cells[7] = "proofread"
    return "\t".join(cells)


GOOD = row("704.5f", "равна до", "равна 0", "paBHa O", "toughness 0", "равна 0", "", "proofread")


def test_a_good_file_is_read_with_its_lines(tmp_path):
    path = write(tmp_path, GOOD, "", row("glossary:Abandon", "отмена", "отказ", "oTKa3"))
    fixes, log = corr.load(DOC, tmp_path)
    assert [(c.rule, c.decoded, c.corrected, c.line) for c in fixes] == [
        ("704.5f", "равна до", "равна 0", 2), ("glossary:Abandon", "отмена", "отказ", 4)]
    assert fixes[1].glossary_term == "Abandon" and log == []
    assert fixes[0].where == f"{path.name}:2"


@pytest.mark.parametrize("bad, message", [
    (row("704.5f", "равна до", "равна 0", "paBHa O", "", "", "", "proofread") + "\textra", ":2: 9 полей"),
    (row("704.5", "", "x", "g"), ":2: decoded: пусто"),
    (row("704.5", "a", "a", "g"), ":2: corrected совпадает"),
    (row("7045", "a", "b", "g"), ":2: rule: «7045»"),
    (row("glossary:", "a", "b", "g"), ":2: rule: после «glossary:»"),
    (row("704.5", "a", "b", "g", "", "", "", "mentor"), ":2: source: «mentor»"),
    (row("704.5", "a", "b", "g", "", "", "", "report:"), ":2: source"),
    (row("704.5", "a", "b"), ":2: нет ни glyphs"),
    (row("704.5", "⟦a⟧", "b", "g"), ":2: decoded: знаки ⟦⟧"),
    (row("704.5", " a", "b", "g"), ":2: decoded: пробелы"),
    (row("704.5", "a", "b" * 3000, "g"), ":2: поле длиннее"),
])
def test_a_bad_row_is_named_by_file_and_line(tmp_path, bad, message):
    write(tmp_path, bad)
    with pytest.raises(corr.CorrectionsError) as exc:
        corr.load(DOC, tmp_path)
    assert f"{DOC}.tsv{message}" in str(exc.value)


def test_a_wrong_header_a_repeat_and_bad_bytes_are_refused(tmp_path):
    write(tmp_path, GOOD, header="rule\tdecoded\tcorrected")
    with pytest.raises(corr.CorrectionsError, match=r"\.tsv:1: заголовок"):
        corr.load(DOC, tmp_path)
    write(tmp_path, GOOD, GOOD)
    with pytest.raises(corr.CorrectionsError, match=r"\.tsv:3: «равна до» в 704.5f уже исправлено в строке 2"):
        corr.load(DOC, tmp_path)
    (tmp_path / f"{DOC}.tsv").write_bytes(HEAD.encode() + b"\n\xff\xfe\n")
    with pytest.raises(corr.CorrectionsError, match="не UTF-8"):
        corr.load(DOC, tmp_path)


def test_the_proofreading_log_is_checked(tmp_path):
    log = tmp_path / f"{DOC}.proofread.tsv"
    log.write_text("rule\tdate\treader\tnote\n704.5f\t27.11.2026\tx\t\n", encoding="utf-8")
    with pytest.raises(corr.CorrectionsError, match=r"proofread\.tsv:2: date"):
        corr.load(DOC, tmp_path)
    log.write_text("rule\tdate\treader\tnote\n704.5f\t2026-11-27\tcorrfix\t\n", encoding="utf-8")
    assert corr.load(DOC, tmp_path)[1][0].date == "2026-11-27"


def test_dump_sorts_rules_in_document_order_and_the_glossary_last():
    rows = [corr.Correction("glossary:Attack", "a", "b", "g"),
            corr.Correction("702.10", "a", "b", "g"), corr.Correction("702.9c", "a", "b", "g"),
            corr.Correction("glossary:abandon", "a", "b", "g"), corr.Correction("100.1", "a", "b", "g")]
    text = corr.dump(rows)
    assert [line.split("\t")[0] for line in text.splitlines()] == [
        "rule", "100.1", "702.9c", "702.10", "glossary:abandon", "glossary:Attack"]


def rule(text: str, examples=()) -> Rule:
    return Rule(DOC, "704.5f", "subrule", "704.5", 1, text=text, examples=list(examples))


def test_applied_to_the_marked_text_the_word_loses_its_mark():
    r = rule("существо с прочностью, ⟦равна⟧ ⟦до⟧ или меньше, ⟦кладётся⟧ на кладбище.")
    out = corr.apply([r], [], [corr.Correction("704.5f", "равна до", "равна 0", "paBHa O")])
    assert out.applied and not out.stale
    assert r.text == "существо с прочностью, равна 0 или меньше, ⟦кладётся⟧ на кладбище."


def test_only_whole_words_are_replaced_and_a_repeated_word_is_not_guessed():
    r = rule("до того, как «до» выйдет", ["Пример: вдоль"])
    out = corr.apply([r], [], [corr.Correction("704.5f", "до", "0", "O")])
    assert out.stale[0][1].startswith("встречается 2 раза") and r.text.startswith("до того")
    out = corr.apply([r], [], [corr.Correction("704.5f", "вдоль", "вдоль.", "g"),
                               corr.Correction("704.5f", "того", "этого", "g"),
                               corr.Correction("704.5f", "олд", "x", "g")])
    assert r.examples == ["Пример: вдоль."] and r.text == "до этого, как «до» выйдет"
    assert [why for _, why in out.stale] == ["не найдено в тексте"]


def test_a_mark_inside_a_phrase_and_a_partial_mark_are_both_dropped():
    r = rule("так ⟦Чтобы⟧ игрок ⟦битвыс⟧ мог")
    corr.apply([r], [], [corr.Correction("704.5f", "так Чтобы", "так, чтобы", "g"),
                         corr.Correction("704.5f", "битвыс", "битвы с", "g")])
    assert r.text == "так, чтобы игрок битвы с мог"


def test_glossary_entries_are_found_by_their_english_headword():
    entry = GlossaryEntry(DOC, 1, "Attacking Creature", "⟦Атакущее⟧ существо", "Существо, которое атакует.")
    out = corr.apply([], [entry], [corr.Correction("glossary:attacking creature", "Атакущее",
                                                   "Атакующее", "g"),
                                   corr.Correction("glossary:Nothing", "a", "b", "g")])
    assert entry.term_ru == "Атакующее существо"
    assert [why for _, why in out.stale] == ["нет такого термина"]


def test_proofread_rows_join_the_log_and_the_corrections():
    log = [corr.Proofread("704.5f", "2026-11-26", "a"), corr.Proofread("704.5f", "2026-11-27", "b"),
           corr.Proofread("100.1", "2026-11-27", "a")]
    fixes = [corr.Correction("704.5f", "x", "y", "g"), corr.Correction("704.5f", "z", "w", "g",
                                                                       source="report:7")]
    rows = {r["rule"]: r for r in corr.proofread_rows(DOC, fixes, log)}
    assert rows["704.5f"]["checked_on"] == "2026-11-27" and rows["704.5f"]["readers"] == "a, b"
    assert rows["704.5f"]["sources"] == "proofread, report:7" and rows["704.5f"]["corrections"] == 2
    assert rows["100.1"]["corrections"] == 0


def test_a_change_of_the_corrections_file_changes_the_corpus_hash(tmp_path, monkeypatch):
    folder = tmp_path / "corrections"
    shutil.copytree(corr.CORRECTIONS_DIR, folder)
    monkeypatch.setattr(corr, "CORRECTIONS_DIR", folder)
    before = build.corpus_hash()
    with open(folder / f"{DOC}.tsv", "a", encoding="utf-8") as f:
        f.write(GOOD + "\n")
    assert build.corpus_hash() != before


# -- the real file against the real build ---------------------------------------------------

def test_the_committed_file_is_valid_and_sorted():
    fixes, log = corr.load(DOC)
    assert corr.dump(fixes) == corr.path_for(DOC).read_text(encoding="utf-8")
    assert corr.dump_log(log) == corr.log_path_for(DOC).read_text(encoding="utf-8")


def test_every_correction_applies_in_the_build(corpus):
    stale = corpus.rows("select line, rule, decoded, why from text_corrections "
                        "where doc_id = ? and not applied", (DOC,)) if corpus.table_exists(
        "text_corrections") else []
    assert stale == []


def test_corrected_rules_read_the_fix_and_keep_no_mark_on_it(corpus):
    fixes, _ = corr.load(DOC)
    if not fixes:
        pytest.skip("no corrections yet")
    for c in fixes:
        if c.glossary_term is not None:
            row = corpus.one("select term_ru || ' ' || definition t from glossary where doc_id = ? "
                             "and lower(term_en) = lower(?)", (DOC, c.glossary_term))
            assert c.corrected in row["t"], c.where
            continue
        text = corpus.one("select title || ' ' || text t from rules where id = ?",
                          (f"{DOC}:{c.rule}",))["t"]
        examples = " ".join(r["text"] for r in corpus.rows(
            "select text from examples where doc_id = ? and rule_number = ?", (DOC, c.rule)))
        assert c.corrected in f"{text} {examples}", c.where
        marked = corpus.one("select marked_text from ocr_original where id = ?",
                            (f"{DOC}:{c.rule}",))
        if marked and marked["marked_text"]:
            assert f"⟦{c.corrected}⟧" not in marked["marked_text"], c.where
    checked = {r["rule"] for r in corpus.rows("select rule from proofread where doc_id = ?", (DOC,))}
    assert {c.rule for c in fixes} <= checked


def test_applied_to_decoded_lines_a_phrase_may_cross_a_line_break_and_keeps_it():
    lines = ["Правила", "1. Понятия игры", "100. Общие положения",
             "100.1. Эти правила игры ⟦их⟧ райшише", "маны и хода.", "100.2. Игрок играет."]
    lines = [corr.MARKS_RE.sub("", l) for l in lines]
    fixed, out = corr.apply_to_lines(lines, [corr.Correction("100.1", "райшише маны", "хранилище маны", "g"),
                                             corr.Correction("100.2", "маны", "x", "g")], DOC)
    assert fixed[3:5] == ["100.1. Эти правила игры их хранилище", "маны и хода."]
    assert [(c.rule, why) for c, why in out.stale] == [("100.2", "не найдено в тексте")]


@pytest.mark.parametrize("decoded, corrected, kind", [
    ("получает Приоритет", "получает приоритет", "case"),
    ("игре] при", "игре, при", "punctuation or spacing"),
    ("Следующие пересдачу", "Следующие пересдачи", "inflection"),
    ("У ничтожные", "Уничтожение", "word"),
    ("заметающий", "заменяющий", "word"),
])
def test_corrections_are_counted_by_kind(decoded, corrected, kind):
    assert corr.kind(corr.Correction("100.1", decoded, corrected, "g")) == kind


def test_the_rule_page_context_says_when_a_rule_was_proofread(corpus):
    fixes, log = corr.load(DOC)
    entry = next(e for e in log if not e.rule.startswith(corr.GLOSSARY))
    context = corpus.rule_context(entry.rule, "2020-01-24", "ru")
    assert context["proofread"]["checked_on"] >= entry.date
    assert entry.reader in context["proofread"]["readers"]
    fixed = {c.rule for c in fixes}
    untouched = next(r["number"] for r in corpus.rows(
        "select number from rules where doc_id = ? and level = 'subrule'", (DOC,))
        if r["number"] not in fixed and r["number"] not in {e.rule for e in log})
    assert corpus.rule_context(untouched, "2020-01-24", "ru")["proofread"] is None
