"""The ``judge`` command as a user runs it: real process, real exit codes, JSON out."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

JUDGE = [sys.executable, "-m", "judge_app.cli"]


def judge(*args, env, input_text=None):
    return subprocess.run([*JUDGE, *args], capture_output=True, text=True, env=env,
                          input=input_text, timeout=120)


@pytest.fixture(scope="module")
def env(corpus, judge_env):  # corpus: make sure the data is built before the processes start
    return judge_env


def test_rule_json(env):
    out = judge("rule", "704.5k", "--version", "2019-05-03", "--json", env=env)
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["number"] == "704.5k" and data["other"]["lang"] == "en"


def test_rule_text_output_is_russian(env):
    out = judge("rule", "704.5", "--version", "2019-05-03", env=env)
    assert out.returncode == 0
    assert "Действиями вызванными состоянием являются" in out.stdout and "704.5k" in out.stdout
    out = judge("rule", "704.5c", "--version", "2019-05-03", env=env)
    assert "Ссылается на: 704.5u" in out.stdout


def test_unknown_rule_exits_1_with_suggestions(env):
    out = judge("rule", "704.5z", "--version", "2019-05-03", env=env)
    assert out.returncode == 1
    assert "возможно, вы имели в виду" in out.stderr
    assert "Traceback" not in out.stderr


@pytest.mark.parametrize("args,needle", [
    (["search", ""], "пустой запрос"),
    (["search", "x" * 10_000], "слишком длинный"),
    (["search", "смерть\x07"], "управляющий символ"),
    (["rule", "704.5k", "--version", "2077-01-01"], "неизвестная версия"),
    (["search", "касание", "--kind", "spell"], "неизвестный вид"),
])
def test_bad_input_gets_a_message_and_a_nonzero_exit(env, args, needle):
    out = judge(*args, env=env)
    assert out.returncode in (1, 2)
    assert needle in out.stderr
    assert "Traceback" not in out.stderr


def test_search_json_shape(env):
    out = judge("search", "смертельное касание", "--json", "--limit", "5", env=env)
    assert out.returncode == 0, out.stderr
    hits = json.loads(out.stdout)
    assert hits and len(hits) <= 5
    assert set(hits[0]) >= {"kind", "number", "version", "lang", "title", "snippet", "score"}


def test_search_batch(env, tmp_path: Path):
    queries = tmp_path / "q.txt"
    queries.write_text("704.5k\ndeathtouch\nлегендарное правило\n", encoding="utf-8")
    out = judge("search", "--batch", str(queries), "--json", "--limit", "3", env=env)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.strip().split("\n")
    assert len(lines) == 3
    first = json.loads(lines[0])
    assert first[0]["number"] == "704.5k"


def test_glossary_and_versions(env):
    out = judge("glossary", "deathtouch", "--json", env=env)
    assert out.returncode == 0, out.stderr
    entries = json.loads(out.stdout)
    assert entries[0]["term_en"] == "Deathtouch" and "702.2" in entries[0]["refs"]
    out = judge("versions", "--json", env=env)
    versions = json.loads(out.stdout)
    assert any(v["version"] == "2019-05-03" and v["lang"] == "ru" for v in versions)


def test_export_jsonl(env):
    out = judge("export", "--version", "2019-05-03", "--lang", "ru", "--format", "jsonl", env=env)
    assert out.returncode == 0, out.stderr
    rows = [json.loads(line) for line in out.stdout.splitlines()]
    assert any(r["number"] == "704.5k" for r in rows)
    assert all(r["version"] == "2019-05-03" and r["lang"] == "ru" for r in rows)


def test_search_batch_dev_zero_refused(env):
    out = subprocess.run([*JUDGE, "search", "--batch", "/dev/zero", "--json"], capture_output=True, text=True,
                         env=env, timeout=120, preexec_fn=_limit_memory)
    assert out.returncode == 2, out.stderr
    assert "файл запросов больше 1024 КБ" in out.stderr and "Traceback" not in out.stderr


def test_search_batch_invalid_utf8_names_the_line(env, tmp_path: Path):
    queries = tmp_path / "q.txt"
    queries.write_bytes("смертельное касание\n".encode() + b"\xd0\n")
    out = judge("search", "--batch", str(queries), "--json", env=env)
    assert out.returncode == 2
    assert "строка 2: файл не в UTF-8: байт 0xd0" in out.stderr and "Traceback" not in out.stderr


def test_search_batch_missing_file(env, tmp_path: Path):
    out = judge("search", "--batch", str(tmp_path / "nope.txt"), env=env)
    assert out.returncode == 2 and "не прочитать файл запросов" in out.stderr


def _limit_memory():
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))
