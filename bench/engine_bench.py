"""Engine benchmark: prints the figures issue 3 asks for.

    .venv/bin/python bench/engine_bench.py

1. the whole scenario library's run time (target: under 5 s);
2. events per second on a synthetic large board: 100 creatures a side under static
   bonuses, a sweeper, and a full turn stepped through to the next one;
3. the p95 time to show the state after event N (replay to N, then render), over every
   N of every scenario in the library (target: under 50 ms);
4. (issue 15) a board with twenty layered effects across layers 1-7 (copies, control, type,
   colour and ability changes, anthems, counters, a CDA, pumps): the p95 time to show the
   state after event N, against the same script on a plain board measured in the same run,
   and how often the characteristics are computed per event (once per game state, not once
   per question: the questions asked per event are printed beside it). The replays of one
   scenario share its computed states (Scenario.layer_memo); the p95 without that sharing
   is printed too.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from judge_app.cards import default_pool  # noqa: E402
from judge_app.engine.rules import actions, setup, view
from judge_app.engine.kernel import layers  # noqa: E402
from judge_app.scenarios import loader, runner  # noqa: E402
from judge_app.scenarios.cli import collect  # noqa: E402


def bench_library() -> tuple:
    files = collect([ROOT / "scenarios"])
    t0 = time.perf_counter()
    results = [runner.run(loader.load(f)) for f in files]
    dt = time.perf_counter() - t0
    return len(files), sum(r.passed for r in results), dt, results


def big_board(n: int = 100) -> dict:
    def side(name):
        bf = [{"card": "Славный гимн"}]
        bf += [{"card": "Гора"}, {"card": "Гора"}]
        for i in range(n):
            if i % 2:
                bf.append({"card": "Медведи-гризли"})
            else:
                bf.append({"creature": {"name": f"Голем {i}", "power": 1, "toughness": 1 + i % 3},
                           "counters": {"+1/+1": i % 2}})
        return {"name": name, "battlefield": bf, "library": 20, "hand": ["Пирокластика"]}
    return {"players": [side("Алиса"), side("Боб")]}


def bench_big_board() -> tuple:
    spec = big_board()
    pool = default_pool()
    g = setup.new_game(spec["players"], {"number": 3, "active": "Алиса"}, pool, "2020-01-24")
    t0 = time.perf_counter()
    setup.start(g, "untap")
    while g.step != "main1":
        actions.pass_priority(g)
    actions.cast(g, g.player("Алиса"), "Пирокластика")
    turn = g.turn
    for _ in range(10_000):
        if g.turn != turn and g.step == "upkeep":
            break
        if g.decision:
            d = g.decision
            actions.choose(g, d.options[:d.count] if d.count > 1 else d.options[0])
            continue
        actions.pass_priority(g)
    dt = time.perf_counter() - t0
    return len(g.events), dt, len(g.battlefield), sum(1 for e in g.events if e.kind == "sba")


def bench_step(results) -> tuple:
    times = []
    for res in results:
        total = len(res.game.events)
        for n in range(0, total + 1):
            t0 = time.perf_counter()
            game, _ = runner.state_at(res.scenario, n)
            view.render(game)
            times.append(time.perf_counter() - t0)
    times.sort()
    p95 = times[int(0.95 * (len(times) - 1))]
    return len(times), statistics.median(times), p95, times[-1]


def bench_big_step(samples: int = 25) -> tuple:
    """Showing the state after event N when the board is the big one (replay cost at scale)."""
    data = big_board()
    data.update({"id": "big", "turn": {"number": 3, "active": "Алиса", "step": "main1"},
                 "script": [{"cast": "Пирокластика"}, {"pass_until": "end_of_turn"}]})
    sc = loader.from_data(data, "<big>", default_pool())
    total = len(runner.run(sc).game.events)
    times = []
    for i in range(samples):
        n = 1 + (i * total) // samples
        t0 = time.perf_counter()
        game, _ = runner.state_at(sc, n)
        view.render(game)
        times.append(time.perf_counter() - t0)
    times.sort()
    return total, times[int(0.95 * (len(times) - 1))]


def layered_board(plain: bool = False) -> dict:
    """Twenty layered effects (or, ``plain``, the same creatures and lands without them)."""
    lands = ([{"card": "Гора", "id": f"m{i}"} for i in range(3)] + [{"card": "Лес", "id": "f"}, {"card": "Остров", "id": "i"}]
             + [{"card": "Болото", "id": f"s{i}"} for i in range(3)])
    alice = lands + [{"card": "Медведи-гризли", "id": "bears", "counters": {"+1/+1": 1}},
                     {"card": "Тармогойф", "id": "goyf"}]
    bob = [{"card": "Медведи-гризли", "id": "bob-bears"}, {"card": "Эльфийская провидица", "id": "elf"},
           {"card": "Ллановарские эльфы", "id": "llanowar", "counters": {"-1/-1": 0, "+1/+1": 2}}]
    if not plain:
        alice += [{"card": "Славный гимн"}, {"card": "Славный гимн"}, {"card": "Благородство Непорочных"},
                  {"card": "Кровавая луна"}, {"card": "Урборг, Гробница Ягмота"}, {"card": "Зачарованный вечер"},
                  {"card": "Заговор", "chosen": {"type": "Advisor"}}, {"card": "Слуга художника", "chosen": {"color": "white"}},
                  {"card": "Смирение"}, {"card": "Клон", "id": "clone1", "chosen": {"copy": "goyf"}},
                  {"card": "Клон", "id": "clone2", "chosen": {"copy": "clone1"}},
                  {"card": "Святая сила", "attached_to": "bears"},
                  {"card": "Контроль Разума", "attached_to": "bob-bears"}, {"card": "Контроль Разума", "attached_to": "elf"}]
    hand = ["Акт Измены", "Исполинский Рост", "Уменьшение", "Внезапная порча"]
    script = [{"cast": {"card": "Акт Измены", "targets": ["llanowar"], "pay": ["m0", "m1", "m2"]}},
              {"pass_until": "stack_empty"},
              {"cast": {"card": "Исполинский Рост", "targets": ["bears"], "pay": ["f"]}}, {"pass_until": "stack_empty"},
              {"cast": {"card": "Уменьшение", "targets": ["goyf"], "pay": ["i"]}}, {"pass_until": "stack_empty"},
              {"cast": {"card": "Внезапная порча", "targets": ["Боб"], "pay": ["s0", "s1", "s2"]}},
              {"pass_until": "end_of_turn"}]
    return {"id": "layered", "players": [{"name": "Алиса", "battlefield": alice, "hand": hand, "library": 10,
                                          "graveyard": ["Молния", "Лес"]},
                                         {"name": "Боб", "battlefield": bob, "library": 10}],
            "turn": {"number": 3, "active": "Алиса", "step": "main1"}, "script": script}


def bench_layered(plain: bool) -> tuple:
    """(events, p95 of state after event N + render, the same p95 when no replay may reuse
    another's computed states, computations per event, questions per event)."""
    sc = loader.from_data(layered_board(plain), "<layered>", default_pool())
    before = dict(layers.COUNTS)
    res = runner.run(sc)
    total = len(res.game.events)
    computed = (layers.COUNTS["computed"] - before["computed"]) / max(total, 1)
    asked = (layers.COUNTS["asked"] - before["asked"]) / max(total, 1)
    p95 = {}
    for cold in (True, False):
        times = []
        for n in range(0, total + 1):
            if cold:
                sc.layer_memo.clear()   # as if each step were the scenario's first replay
            t0 = time.perf_counter()
            game, _ = runner.state_at(sc, n)
            view.render(game)
            times.append(time.perf_counter() - t0)
        times.sort()
        p95[cold] = times[int(0.95 * (len(times) - 1))]
    return total, p95[False], p95[True], computed, asked, res.passed


def bench_releases(repeats: int = 5) -> dict:
    """(issue 29) The library under each playable release: every board played in its own
    release (today's single-release run, the baseline) and, in the same run, the same boards
    loaded for each other release (those the release can load: an order of blockers can't be
    played in 2026). Each set is timed the same way, best of ``repeats``; the ratio against
    the baseline over the same boards is the figure (target: no more than 1.10)."""
    from judge_app.engine.kernel import release_rules
    files = collect([ROOT / "scenarios"])
    own = {f: loader.load(f) for f in files}
    out = {}
    for version in release_rules.playable():
        boards = []
        for f in files:
            data = loader.parse_text(f.read_text(encoding="utf-8"), str(f))
            data["rules_version"] = version
            try:
                boards.append((own[f], loader.from_data(data, str(f), default_pool(), f.stem)))
            except loader.ScenarioInvalid:
                continue

        base = there = float("inf")
        for _ in range(repeats):   # interleaved: a busy machine slows both sets alike
            for which in (0, 1):
                t0 = time.perf_counter()
                for pair in boards:
                    runner.run(pair[which])
                dt = time.perf_counter() - t0
                base, there = (min(base, dt), there) if which == 0 else (base, min(there, dt))
        out[version] = (len(boards), base, there)
    return out


def main() -> None:
    if "--releases" in sys.argv:   # only the issue-29 figure
        _print_releases()
        return
    n, ok, dt, results = bench_library()
    print(f"Библиотека сценариев: {n} сценариев, верно {ok}, время {dt:.3f} с (цель < 5 с)")
    runs = sorted((bench_big_board() for _ in range(5)), key=lambda r: r[1])
    ev, dt2, left, died = runs[len(runs) // 2]   # the median of 5 runs
    print(f"Большая доска (100 существ с каждой стороны, «Славный гимн» у каждого, «Пирокластика», полный ход): "
          f"{ev} событий за {dt2:.3f} с (медиана 5 прогонов) — {ev / dt2:,.0f} событий/с; умерло {died}, на поле осталось {left} перманентов")
    cnt, med, p95, worst = bench_step(results)
    print(f"Показ состояния после события N: {cnt} замеров, медиана {med * 1000:.1f} мс, "
          f"p95 {p95 * 1000:.1f} мс, максимум {worst * 1000:.1f} мс (цель p95 < 50 мс)")
    total, bp95 = bench_big_step()
    print(f"Показ состояния после события N на большой доске ({total} событий, 25 замеров): p95 {bp95 * 1000:.1f} мс")
    ev_p, p95_p, cold_p, comp_p, asked_p, _ = bench_layered(plain=True)
    ev_l, p95_l, cold_l, comp_l, asked_l, ok = bench_layered(plain=False)
    print(f"Доска с 20 эффектами слоёв 1–7 ({ev_l} событий{'' if ok else ', СЦЕНАРИЙ НЕ ВЫПОЛНЕН'}): показ состояния после "
          f"события N — p95 {p95_l * 1000:.1f} мс (цель < 50 мс); та же партия без эффектов ({ev_p} событий): p95 "
          f"{p95_p * 1000:.1f} мс; отношение {p95_l / p95_p:.2f}")
    print(f"  без общего кэша повторов (каждый показ считает свои состояния заново): p95 {cold_l * 1000:.1f} мс, "
          f"без эффектов {cold_p * 1000:.1f} мс; отношение {cold_l / cold_p:.2f}")
    print(f"Пересчёт характеристик: {comp_l:.2f} раза на событие при {asked_l:.1f} вопросах о характеристиках на событие "
          f"(без эффектов: {comp_p:.2f} пересчёта при {asked_p:.1f} вопросах) — один расчёт на состояние игры")
    _print_releases()


def _print_releases() -> None:
    for version, (n, base, there) in bench_releases().items():
        print(f"Библиотека по выпуску {version}: {n} досок, которые он может сыграть; по своему выпуску {base:.3f} с, "
              f"по {version} {there:.3f} с; отношение {there / base:.2f} (цель ≤ 1.10)")


if __name__ == "__main__":
    main()
