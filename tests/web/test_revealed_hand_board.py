"""A hand kept revealed by Telepathy ("your opponents play with their hands revealed", 701.20b)
shows as revealed to Telepathy's controller in the board data — the engine's view, the stepper's
board (scenario_data.board_dict) and the builder's (boards.replay.board_dict) — and on the
stepper's page in both languages."""
from __future__ import annotations

import html as htmllib

from judge_app.boards import replay
from judge_app.scenarios import runner
from judge_app.web import scenario_data

BOARD_ID = "cr-2026-701-20c-telepathy-silvergill-adept"


def _item():
    return next(it for it in scenario_data.library() if it.id == BOARD_ID)


def test_the_board_dicts_show_alices_hand_revealed_to_bob():
    game = runner.build(_item().scenario)
    for board in (scenario_data.board_dict(game), replay.board_dict(game)):
        alice, bob = board["players"]
        shown = alice["hand_revealed"]
        assert shown["to"] == ["Боб"] and [k["id"] for k in shown["by"]] == ["telepathy"]
        assert shown["by"][0]["name_en"] == "Telepathy"
        assert alice["hand"] and all(c["revealed_to"] == ["Боб"] for c in alice["hand"])
        assert bob["hand_revealed"] is None   # Telepathy reveals its controller's opponents' hands only


def test_without_telepathy_nothing_is_revealed():
    game = runner.build(_item().scenario)
    game.objects["telepathy"].abilities = ()   # the same board, the ability gone
    game.touch()
    board = scenario_data.board_dict(game)
    assert all(p["hand_revealed"] is None for p in board["players"])
    assert not any("revealed_to" in c for c in board["players"][0]["hand"])


def test_the_stepper_page_says_it_in_both_languages(client):
    for lang, words in (("ru", "открыта игроку Боб (Телепатия)"), ("en", "revealed to Боб (Telepathy)")):
        page = htmllib.unescape(client.get(f"/scenarios/{BOARD_ID}", query_string={"step": 0, "ui": lang}).get_data(as_text=True))
        assert words in page, lang
