"""Hostile scenario and card files: every one refused with its line and exit 2, in bounded
time and memory (the real ``judge`` process under a memory limit for the ones that used to grow)."""
from __future__ import annotations

import resource
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from judge_app import safe_yaml
from judge_app.cards.model import CardDataError, load_pool
from judge_app.scenarios import loader
from judge_app.scenarios.cli import scenario

LIB = Path(__file__).resolve().parents[2] / "scenarios"
GOOD = (LIB / "basics" / "bolt-face.yaml").read_text(encoding="utf-8")
MEMORY_LIMIT = 1 << 30  # 1 GB of address space: the old loader passed 857 MB within 22 s


def bomb(levels: int = 9, width: int = 9) -> str:
    """The billion-laughs file: each anchor repeats the previous one ``width`` times."""
    lines = [f"x0: &x0 [{', '.join(['lol'] * width)}]"]
    for i in range(1, levels):
        lines.append(f"x{i}: &x{i} [{', '.join([f'*x{i - 1}'] * width)}]")
    return "\n".join(lines)


def run_judge(*args, timeout=60):
    """``judge`` in a real process with its address space limited."""
    def limit():
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))
    return subprocess.run([sys.executable, "-m", "judge_app.cli", *map(str, args)], capture_output=True,
                          text=True, timeout=timeout, preexec_fn=limit)


def invoke(*args):
    return CliRunner().invoke(scenario, list(map(str, args)))


def write(tmp_path, text: str, name="s.yaml") -> Path:
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


def refusal(tmp_path, text: str) -> str:
    """The output of ``judge scenario run`` on a file that must be refused (exit 2)."""
    r = invoke("run", write(tmp_path, text))
    assert r.exit_code == 2, r.output
    assert "Traceback" not in r.output and r.exception is None or isinstance(r.exception, SystemExit)
    return r.output


@pytest.mark.parametrize("where", ["hand", "script", "expect"])
def test_alias_bomb_refused_in_bounded_memory(tmp_path, where):
    target = {"hand": "    hand: *x8\n", "script": "", "expect": ""}
    text = bomb() + "\n" + GOOD.replace("    hand: [Молния]\n", "    hand: [Молния]\n" if where != "hand"
                                        else target["hand"])
    if where == "script":
        text = text.replace("script:\n", "script:\n  - cast: *x8\n")
    if where == "expect":
        text = text.replace("expect:\n", "expect:\n  - life: *x8\n")
    p = write(tmp_path, text)
    out = run_judge("scenario", "run", p)
    assert out.returncode == 2, out.stdout + out.stderr
    assert "с учётом ссылок" in out.stdout
    assert len(out.stdout) < 5000 and "Traceback" not in out.stderr


def test_alias_bomb_message_names_the_line(tmp_path):
    out = refusal(tmp_path, bomb() + "\n" + GOOD)
    assert "s.yaml:5: -: больше 50000 элементов с учётом ссылок (*x3)" in out  # 9**5 > 50,000


def test_a_small_alias_still_loads(tmp_path):
    text = GOOD.replace("    hand: [Молния]\n", "    hand: &h [Молния]\n").replace(
        "  - name: Боб\n", "  - name: Боб\n    hand: *h\n")
    sc = loader.load(write(tmp_path, text))
    assert sc.players[1]["hand"] == ["Молния"]


def test_recursive_alias_refused(tmp_path):
    out = refusal(tmp_path, "loop: &a [1, *a]\n" + GOOD)
    assert "s.yaml:1:" in out and "внутрь самой себя" in out


def test_duplicate_key_refused_with_both_lines(tmp_path):
    out = refusal(tmp_path, GOOD + "expect: []\n")
    last = len(GOOD.splitlines()) + 1
    first = GOOD.splitlines().index("expect:") + 1
    assert f"s.yaml:{last}: -: ключ «expect» повторяется (первый раз в строке {first})" in out


def test_duplicate_nested_key_refused(tmp_path):
    out = refusal(tmp_path, GOOD.replace("  - name: Боб\n", "  - name: Боб\n    name: Ева\n"))
    assert "ключ «name» повторяется" in out


def test_bad_date_is_a_clear_message(tmp_path):
    out = refusal(tmp_path, GOOD.replace("rules_version: 2020-01-24", "rules_version: 2020-13-45"))
    assert "s.yaml:4: -: дата «2020-13-45» не читается" in out


def test_huge_integer_is_a_clear_message(tmp_path):
    out = refusal(tmp_path, GOOD.replace("{Боб: 17}", "{Боб: " + "9" * 5000 + "}"))
    assert "число из 5000 цифр — слишком длинное" in out


def test_list_as_key_is_a_clear_message(tmp_path):
    out = refusal(tmp_path, GOOD + "? [a, b]\n: 1\n")
    assert "ключ должен быть строкой или числом" in out


def test_nesting_300_deep_is_a_clear_message(tmp_path):
    out = refusal(tmp_path, GOOD + "notes: " + "[" * 300 + "]" * 300 + "\n")
    assert f"вложенность глубже {safe_yaml.MAX_DEPTH} уровней" in out


def test_invalid_utf8_names_the_line(tmp_path):
    p = tmp_path / "s.yaml"
    p.write_bytes(GOOD.encode() + b"notes: \xff\xfe\n")
    r = invoke("run", p)
    assert r.exit_code == 2
    assert f"s.yaml:{len(GOOD.splitlines()) + 1}: -: файл не в UTF-8: байт 0xff" in r.output


def test_huge_script_refused_unread(tmp_path):
    step = "  - pass_until: stack_empty\n"
    text = GOOD.replace("script:\n", "script:\n" + step * (safe_yaml.MAX_BYTES // len(step) + 1))
    out = refusal(tmp_path, text)
    assert "файл YAML больше 1024 КБ" in out


def test_dev_zero_refused_in_bounded_memory():
    out = run_judge("scenario", "run", "/dev/zero")
    assert out.returncode == 2, out.stderr
    assert "файл YAML больше 1024 КБ" in out.stdout and "Traceback" not in out.stderr


def test_card_file_duplicate_key_refused(tmp_path):
    (tmp_path / "c.yaml").write_text("- name: Молния\n  name_en: Lightning Bolt\n  name: Шок\n", encoding="utf-8")
    with pytest.raises(CardDataError, match=r"c.yaml: строка 3: ключ «name» повторяется"):
        load_pool(tmp_path)


def test_card_file_alias_bomb_refused(tmp_path):
    (tmp_path / "c.yaml").write_text(bomb() + "\n", encoding="utf-8")
    with pytest.raises(CardDataError, match="с учётом ссылок"):
        load_pool(tmp_path)


def test_card_file_syntax_error_names_the_line(tmp_path):
    (tmp_path / "c.yaml").write_text("- name: [Молния\n", encoding="utf-8")
    with pytest.raises(CardDataError, match=r"c.yaml: строка \d+: ошибка YAML"):
        load_pool(tmp_path)
