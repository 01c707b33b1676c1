"""The Two-Headed Giant variant (810, 805): teams with a shared life total, shared turns and
priority, as far as the engine plays it. Written for FAQ M2011 r64 and r223.

Why a module: in this variant players are not the unit the rules count — teams are. What it
changes, and where:

- two teams of two players (810.1), seated together (805.1): ``game.teams``, the players listed
  team by team;
- a shared life total, 30 at the start (810.4), and shared poison counters (810.10): each member is
  a ``TeamPlayer`` whose ``life`` and ``poison`` are the team's (a ``TeamPool``). Damage, life loss
  and life gain happen to a player and the result is applied to the team's total (810.9), and
  anything that reads a player's life total reads the team's (810.9a: Serra Ascendant);
- losing (810.8): a team with 0 or less life loses (704.5t), one with fifteen poison counters loses
  (704.5u), and a player who loses — drawing from an empty library (704.5b) — takes the team with
  them (810.8a); "you can't lose the game" keeps the whole team in it (810.8a: Platinum Angel), and
  when one team is left it wins;
- shared team turns (810.2, 805): the team takes the turn (805.4a) — the turn passes to the next
  team —, each player on it draws in its draw step (805.4b) but the starting team skips its first
  draw (810.6), and priority belongs to a team (805.5): any member of the team with priority may
  act, the team passes once, and the stack resolves when all teams have passed in succession.

What it does not play — combat with shared team turns (805.10, 810.7) — the engine refuses
(``refuse_combat``) and the scenario loader refuses before a game starts.
"""

from __future__ import annotations

from dataclasses import dataclass
import sys

from judge_app.engine.kernel import events as ev
from judge_app.engine.kernel import hooks
from judge_app.engine.kernel.errors import InvalidInput
from judge_app.engine.kernel.messages import say
from judge_app.engine.kernel.state import Game, Player

NAME = "two_headed_giant"
START_LIFE = 30        # 810.4
POISON_TO_LOSE = 15    # 810.8d


@dataclass
class TeamPool:
    """What a team shares: its life total (810.4) and its poison counters (810.10)."""
    life: int = START_LIFE
    poison: int = 0


def _shared(name: str) -> property:
    """A player attribute that reads and writes the team's (``TeamPool``) attribute of that name."""
    return property(lambda self: getattr(self.team, name), lambda self, value: setattr(self.team, name, value))


class TeamPlayer(Player):
    """A player whose life total and poison counters are the team's (810.9, 810.10)."""
    team: TeamPool
    life = _shared("life")
    poison = _shared("poison")


def setup(game: Game, teams: list) -> None:
    """``teams``: [{players: [name, name], life: N, poison: N}] — makes the players team members."""
    game.teams = tuple(tuple(t["players"]) for t in teams)
    for t in teams:
        pool = TeamPool(life=t.get("life", START_LIFE), poison=t.get("poison", 0))
        for name in t["players"]:
            p = game.player(name)
            p.__dict__.pop("life", None)
            p.__dict__.pop("poison", None)
            p.__class__ = TeamPlayer
            p.team = pool


def relink(game: Game) -> None:
    """After ``Game.clone`` copied the players one by one: teammates share one copy of their pool
    (a no-op outside Two-Headed Giant: ``game.teams`` is empty)."""
    for names in game.teams:
        pool = TeamPool(**vars(game.player(names[0]).team))
        for name in names:
            game.player(name).team = pool


def team_of(game: Game, name: str) -> tuple:
    return next((t for t in game.teams if name in t), (name,))


def same_team(game: Game, a: str, b: str) -> bool:
    return a == b or (bool(game.teams) and b in team_of(game, a))


def next_seat(game: Game, idx: int) -> int:
    """The first player after seat ``idx``, in turn order, on another team and still in the game."""
    n = len(game.players)
    nxt = (idx + 1) % n
    while game.players[nxt].lost or same_team(game, game.players[idx].name, game.players[nxt].name):
        nxt = (nxt + 1) % n
        if nxt == idx:
            break
    return nxt


def live_teams(game: Game) -> list:
    return [t for t in game.teams if any(not game.player(n).lost for n in t)]


def losses(game: Game, p: Player) -> list:
    """The state-based actions that make ``p``'s team lose (704.5t, 704.5u) or ``p`` lose (704.5b)."""
    team = ", ".join(team_of(game, p.name))
    return [(key, why) for key, why, holds in (
        (("sba_team_life", "team_loses_together"), f"у команды ({team}) {p.life} жизней", p.life <= 0),
        ("sba_draw_empty", "пытался взять карту из пустой библиотеки", p.drew_from_empty),
        (("sba_team_poison", "team_loses_together"), f"у команды ({team}) {p.poison} жетонов яда",
         p.poison >= POISON_TO_LOSE)) if holds]


def with_teammates(game: Game, acts: list) -> list:
    """810.8a: a player who loses takes their team with them — each teammate loses too."""
    losing = {a[1] for a in acts if a[0] == "lose"}
    out = list(acts)
    for a in acts:
        if a[0] != "lose":
            continue
        for mate in team_of(game, a[1]):
            if mate not in losing and not game.player(mate).lost:
                losing.add(mate)
                out.append(("lose", mate, "team_loses_together", f"проигрывает его команда: {a[1]} — {a[3]}"))
    return out


def game_over(game: Game) -> bool:
    """The game ends when one team is left (it wins, 810.8a) or none (a draw). True if handled."""
    if not game.teams:
        return False
    alive = live_teams(game)
    if not alive:
        game.result = {"draw": True}
        say(game, "game_over", "two_headed_giant.game_over.game_over", [p.name for p in game.players],
            ["game_all_lose_draw", "team_loses_together"])
    elif len(alive) == 1:
        game.result = {"winner": alive[0][0], "team": list(alive[0])}
        say(game, "game_over", "two_headed_giant.game_over.game_over.2", list(alive[0]),
            ["game_win", "team_loses_together"], list=' и '.join(alive[0]), list2=' and '.join(alive[0]))
    return True


def refuse_combat(game: Game) -> None:
    if game.teams:
        raise InvalidInput("«Двухголовый гигант»: бой с общими ходами команд (805.10, 810.7) движок пока не играет — "
                           "сценарий должен закончиться до шага начала боя")


def draw_step(game: Game) -> None:
    """805.4b: each player on the active team draws; the starting team skips its first draw (810.6)."""
    team = team_of(game, game.ap.name)
    if game.turn == 1:
        say(game, "skip_draw", "two_headed_giant.draw_step.skip_draw", list(team), ["team_first_draw_skip"],
            list=' и '.join(team))
        return
    for name in team:   # the active team's players, in the order the team likes (805.6a): as listed
        p = game.player(name)
        if not p.lost:
            ev.draw(game, p, 1, keys=("draw_step", "draw", "team_draw"))


hooks.register(hooks.CLONE, relink)


hooks.register(hooks.TEAMS, sys.modules[__name__])   # the team rules the kernel and the rules ask (hooks.team_rules)
hooks.register(hooks.VARIANT, setup, keys=(NAME,))
