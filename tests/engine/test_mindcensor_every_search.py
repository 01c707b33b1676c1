"""Aven Mindcensor limits every library search by an opponent of its controller (701.23f), not only
Veteran Explorer's: here Splinter (namesake_exile) — the board of 701.23b's example with Боб's
Mindcensor added. Алиса, Боб's opponent, may find only a Howling Mine among the top four cards of
Боб's library; the graveyard and hand are not limited, and the whole library is still shuffled."""
from __future__ import annotations

from pathlib import Path

from judge_app.scenarios import loader, runner

BOARD = Path(__file__).resolve().parents[2] / "scenarios" / "releases" / "cr-2026-701-23b-splinter-howling-mines.yaml"


def _run(tmp_path, answer: str, censor_of: str = "Боб"):
    text = BOARD.read_text(encoding="utf-8")
    text = text.replace("  - name: Боб\n    battlefield:\n",
                        "  - name: Боб\n    battlefield:\n      - {card: Aven Mindcensor, id: censor}\n")
    if censor_of == "Алиса":   # the same card on Алиса's side: her own search is whole
        text = text.replace("      - {card: Aven Mindcensor, id: censor}\n", "").replace(
            "      - {card: Лес, id: f4}\n", "      - {card: Лес, id: f4}\n      - {card: Aven Mindcensor, id: censor}\n")
    text = text.replace("  - choose: [mine-lib2] ", f"  - choose: [{answer}] ").split("expect:")[0] + "expect: []\n"
    p = tmp_path / "s.yaml"
    p.write_text(text, encoding="utf-8")
    return runner.run(loader.load(p))


def test_an_opponents_splinter_finds_only_among_the_top_four(tmp_path):
    res = _run(tmp_path, "mine-lib2")   # seventh from the top: not searched
    assert any("mine-lib2" in m and "недопустимый" in m for _, m in res.failures), res.failures
    res = _run(tmp_path, "mine-lib1")   # third: found
    game = res.game
    assert game.objects["mine-lib1"].zone == "exile" and game.objects["mine-gy"].zone == "exile"
    assert game.objects["mine-lib2"].zone == "library"
    replaced = [e for e in game.events if e.message == "each_player_searches.top_four"]
    assert len(replaced) == 1 and "701.23f" in replaced[0].rules
    shuffles = [e for e in game.events if e.message == "zone_actions.shuffle.shuffle"]
    assert shuffles and "701.23f" in shuffles[-1].rules   # the whole library is still shuffled (701.23f)


def test_its_controllers_own_search_is_whole(tmp_path):
    res = _run(tmp_path, "mine-lib2", censor_of="Алиса")
    assert not res.failures, res.failures
    assert res.game.objects["mine-lib2"].zone == "exile"
    assert not [e for e in res.game.events if e.message == "each_player_searches.top_four"]
