"""``judge scenario run`` / ``step``: exit codes, JSON, Russian output."""

import json
from pathlib import Path

from click.testing import CliRunner

from judge_app.scenarios.cli import scenario

LIB = Path(__file__).resolve().parents[2] / "scenarios"


def invoke(*args):
    return CliRunner().invoke(scenario, list(map(str, args)))


def test_run_library_exit_0():
    r = invoke("run", LIB)
    assert r.exit_code == 0, r.output
    assert "Итого: верно" in r.output


def test_run_json_objects():
    r = invoke("run", LIB / "basics" / "bolt-face.yaml", LIB / "sba" / "legend-rule-waiting.yaml", "--json")
    assert r.exit_code == 0
    objs = [json.loads(line) for line in r.output.splitlines()]
    assert [o["id"] for o in objs] == ["bolt-face", "legend-rule-waiting"]
    for o in objs:
        assert {"id", "passed", "failures", "events"} <= set(o)
        assert all(e["rules"] for e in o["events"])
    assert objs[1]["waiting"]["decision"] == "legend_rule"


def test_failing_expectation_exit_1(tmp_path):
    text = (LIB / "basics" / "bolt-face.yaml").read_text(encoding="utf-8").replace("Боб: 17", "Боб: 16")
    p = tmp_path / "bad.yaml"
    p.write_text(text, encoding="utf-8")
    r = invoke("run", p)
    assert r.exit_code == 1
    assert "ожидалось 16, а на деле 17" in r.output
    assert "ход событий до этого места" in r.output and "120.3a" in r.output


def test_invalid_file_exit_2(tmp_path):
    p = tmp_path / "inv.yaml"
    p.write_text("players:\n  - name: A\n    hand: [Мolния]\n", encoding="utf-8")
    r = invoke("run", p)
    assert r.exit_code == 2
    assert "возможно, «Молния»?" in r.output and ":3:" in r.output


def test_step_forward_and_back():
    f = LIB / "basics" / "bolt-face.yaml"
    r0 = invoke("step", f, "--at", "0", "--json")
    r_end = invoke("step", f, "--at", "11", "--json")
    r_mid = invoke("step", f, "--at", "2", "--json")
    lives = [[p["life"] for p in json.loads(r.output)["players"]] for r in (r0, r_end, r_mid)]
    assert lives == [[20, 20], [20, 17], [20, 20]]
    mid = json.loads(r_mid.output)
    assert mid["stack"][0]["name_ru"] == "Молния"
    assert mid["event"]["index"] == 2
    text = invoke("step", f, "--at", "10")
    assert text.exit_code == 0 and "Боб: жизнь 17" in text.output


def test_step_ignores_events_of_refused_attempts():
    from judge_app.scenarios import loader, runner
    sc = loader.load(LIB / "basics" / "not-enough-mana.yaml")
    full = runner.run(sc)
    total = len(full.game.events)
    game, stopped = runner.state_at(sc, total + 1)
    assert stopped is None and not game.stack and len(game.player("Алиса").hand) == 1
    for n in range(1, total + 1):
        g, stopped = runner.state_at(sc, n)
        assert [e.to_dict() for e in g.events] == [e.to_dict() for e in full.game.events[:n]]


def test_every_step_of_library_matches_the_full_trace():
    from judge_app.scenarios import loader, runner
    from judge_app.scenarios.cli import collect
    for f in collect([LIB]):
        sc = loader.load(f)
        full = runner.run(sc)
        for n in range(1, len(full.game.events) + 1):
            g, stopped = runner.state_at(sc, n)
            assert stopped == n, (sc.id, n)
            assert g.events[-1].to_dict() == full.game.events[n - 1].to_dict(), (sc.id, n)


def test_step_shows_every_layer():
    """`judge scenario step` lists, under each permanent, every layer that changed it with its rules."""
    f = LIB / "control" / "act-of-treason-counter.yaml"
    text = invoke("step", f, "--at", "0").output
    assert "613.1b" not in text   # nothing has changed the bears yet
    full = invoke("run", f, "--json").output
    total = len(json.loads(full)["events"])
    end = invoke("step", f, "--at", total)
    assert end.exit_code == 0
    bears = end.output.split("(bears)", 1)[1].split("\n  •", 1)[0]
    for n in ("613.1b", "613.1f", "613.3d"):
        assert n in bears, n
    data = json.loads(invoke("step", f, "--at", total, "--json").output)
    obj = next(o for p in data["players"] for o in p["battlefield"] if o["id"] == "bears")
    assert {st["layer"] for st in obj["layers_explained"]} >= {"2", "6", "7d"}
    assert obj["controller"] == "Алиса"


def test_run_under_another_release_lists_the_boards_that_end_otherwise(tmp_path):
    """--rules plays each board in its own release and in the one asked: the 2020 boards that
    order blockers can't be played in 2026 (a line-numbered reason); their 2026 twins can."""
    r = invoke("run", LIB / "releases", "--rules", "2026-01-16")
    assert r.exit_code == 1, r.output
    assert "≠ dao-2020-three-blockers (2020-01-24 → 2026-01-16)" in r.output
    assert "dao-2020-three-blockers.yaml:25: script[2].order_blockers: в выпуске правил 2026-01-16 этого нет" in r.output
    # the folder's 2026 boards and examples play their own release, so they end the same; only the
    # two 2020 boards that order blockers differ, and the 2020 half of 707.9d's pair (the copy takes
    # changeling from 2021 on: release_rules copy_in_addition_keeps_type_cdas)
    boards = len(list((LIB / "releases").glob("*.yaml")))
    assert f"так же, как по своему, {boards - 3}; иначе 3" in r.output
    assert "≠ cda-2020-glasspool-mimic-changeling (2020-01-24 → 2026-01-16)" in r.output
    # a board that loads in both but ends otherwise: in 2020 the order is owed, in 2026 nothing
    text = (LIB / "releases" / "dao-2020-three-blockers.yaml").read_text(encoding="utf-8")
    p = tmp_path / "stops.yaml"
    p.write_text(text.split("  - order_blockers")[0] + "expect:\n  - waiting: {decision: order_blockers}\n",
                 encoding="utf-8")
    r = invoke("run", p, "--rules", "2026-01-16", "--json")
    [row] = [json.loads(line) for line in r.output.splitlines()]
    assert row["differs"] and "decision: order_blockers → None" in row["reasons"]   # 2026: priority after the blocks
    assert r.exit_code == 1


def test_run_under_a_release_the_engine_cannot_play_exit_2():
    r = invoke("run", LIB / "releases", "--rules", "2021-04-22")
    assert r.exit_code == 2
    assert "«2021-04-22» (в корпусе он есть, но номеров правил движка для него нет); " \
           "можно: 2026-01-16, 2020-01-24, 2019-05-03" in r.output
