"""``judge corrections export`` as a real subprocess: accepted reports merged into the
corrections file through its own loader — sorted, each once, conflicts named."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

from judge_app.corpus import corrections as corr
from judge_app.error_reports import store

DOC = "cr-ru-2020-01-24"
EXISTING = corr.Correction("500.1", "хода", "хода.", "xona.", "", "", "", "proofread")


def judge(*args, users_db):
    env = {**os.environ, "JUDGE_USERS_DB": str(users_db)}
    return subprocess.run([sys.executable, "-m", "judge_app.cli", "corrections", *args], capture_output=True,
                          text=True, env=env, timeout=120)


@pytest.fixture()
def setup(tmp_path):
    folder, users_db = tmp_path / "corrections", tmp_path / "users.db"
    folder.mkdir()
    corr.path_for(DOC, folder).write_text(corr.dump([EXISTING]), encoding="utf-8")
    conn = store.connect(users_db)
    for rule, words, fix, glyphs in [("704.5f", "равна до", "равна 0", "paBHa O"),
                                     ("100.2a", "по крайней", "по крайней", ""),   # edited below
                                     ("704.5f", "помещается", "кладётся", "")]:
        store.submit(conn, "2020-01-24", rule, words, fix + "?")
    store.accept(conn, 1, "m", "равна до", "равна 0", evidence={"glyphs": "paBHa O", "english": "toughness 0",
                                                                 "ru_2019": "равна 0"})
    store.accept(conn, 2, "m", "по крайней", "по крайней мере", reason="слово потеряно при распознавании")
    store.reject(conn, 3, "m", "не ошибка")
    return folder, users_db


def test_accepted_reports_become_sorted_rows_once(setup):
    folder, users_db = setup
    out = judge("export", "--dir", str(folder), users_db=users_db)
    assert out.returncode == 0, out.stderr
    assert "добавлено строк 2, уже были 0, всего 3" in out.stdout
    path = corr.path_for(DOC, folder)
    text = path.read_text(encoding="utf-8")
    fixes, _ = corr.load(DOC, folder)                      # the build's own loader reads it
    assert [(c.rule, c.decoded, c.corrected, c.source) for c in fixes] == [
        ("100.2a", "по крайней", "по крайней мере", "report:2"),
        ("500.1", "хода", "хода.", "proofread"),
        ("704.5f", "равна до", "равна 0", "report:1")]
    assert (fixes[2].glyphs, fixes[2].english, fixes[2].ru_2019) == ("paBHa O", "toughness 0", "равна 0")
    assert fixes[0].reason == "слово потеряно при распознавании"
    assert "помещается" not in text                        # the rejected report is not there
    assert text == corr.dump(fixes)                        # the file's own order and form

    again = judge("export", "--dir", str(folder), users_db=users_db)
    assert again.returncode == 0 and "добавлено строк 0, уже были 2, всего 3" in again.stdout
    assert path.read_text(encoding="utf-8") == text        # nothing twice


def test_a_report_on_words_the_file_corrects_otherwise_is_named_and_not_written(setup):
    folder, users_db = setup
    conn = store.connect(users_db)
    rid = store.submit(conn, "2020-01-24", "500.1", "хода", "ходы")
    store.accept(conn, rid, "m", "хода", "ходы", evidence={"glyphs": "xona."})
    out = judge("export", "--dir", str(folder), users_db=users_db)
    assert out.returncode == 1
    assert f"не записано: report:{rid}, 500.1: «хода» → «ходы» — в файле уже «хода.» (proofread, строка 2)" in out.stderr
    fixes, _ = corr.load(DOC, folder)
    assert [c.corrected for c in fixes if c.rule == "500.1"] == ["хода."]
    assert len(fixes) == 3                                 # the two others were written


def test_a_broken_file_is_named_by_line_and_left_alone(setup):
    folder, users_db = setup
    path = corr.path_for(DOC, folder)
    broken = "\t".join(corr.HEADER) + "\n704.5f\tтолько\tтри\n"
    path.write_text(broken, encoding="utf-8")
    out = judge("export", "--dir", str(folder), users_db=users_db)
    assert out.returncode == 2 and f"{DOC}.tsv:2: 3 полей" in out.stderr and "Traceback" not in out.stderr
    assert path.read_text(encoding="utf-8") == broken
    bad = judge("reports", "--status", "closed", users_db=users_db)
    assert bad.returncode == 2 and "состояние «closed» неизвестно" in bad.stderr
