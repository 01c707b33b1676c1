"""A broken card file of the pool (rules_corpus/cards) is bad input like any other: the CLI
says which file and line and exits 2, the web answers 503 with the same message — never a
traceback or a 500."""
from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from judge_app import cli
from judge_app.cards import model

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture()
def broken_pool(tmp_path, monkeypatch):
    (tmp_path / "white.yaml").write_text("- {name_ru: Ангел\n  name_en: [broken\n", encoding="utf-8")
    monkeypatch.setattr(model.load_pool, "__defaults__", (tmp_path,))
    model.default_pool.cache_clear()
    yield
    model.default_pool.cache_clear()


def _all_output(result) -> str:
    return result.output + (getattr(result, "stderr", "") if not result.output else "")


def test_the_cli_names_the_broken_card_file_and_exits_2(broken_pool):
    r = CliRunner().invoke(cli.main, ["scenario", "run", str(ROOT / "scenarios" / "basics")])
    out = _all_output(r)
    assert r.exit_code == 2, out
    assert "white.yaml: строка 2" in out and "ошибка YAML" in out
    assert "Traceback" not in out and r.exc_info[0] is SystemExit


def test_the_web_answers_503_naming_the_broken_card_file(broken_pool, client):
    r = client.get("/api/cards?q=анг", headers={"Accept": "application/json"})
    assert r.status_code == 503
    assert "white.yaml: строка 2" in r.get_json()["error"]
    page = client.get("/api/cards?q=анг")
    assert page.status_code == 503 and "white.yaml" in page.get_data(as_text=True)


def test_a_card_with_an_unknown_key_is_named_with_its_file_entry_and_key(tmp_path):
    (tmp_path / "red.yaml").write_text("- {name_ru: Тест, name_en: Test, types: [creature], power: 1, toughness: 1, "
                                       "flavour: x}\n", encoding="utf-8")
    with pytest.raises(model.CardDataError) as e:
        model.load_pool(tmp_path)
    assert "red.yaml[0]" in str(e.value) and "flavour" in str(e.value)
