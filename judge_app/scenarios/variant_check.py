"""The scenario header ``variant:`` — a game that is not a plain one-on-one or free-for-all game.

Why a module: the loader must refuse a variant game with anything the engine can't play in that
variant, before the game starts, naming the line and the key. The only variant is the Two-Headed
Giant (810; ``engine/two_headed_giant.py``)::

    variant:
      name: two_headed_giant
      teams:
        - {players: [Алиса, Вика], life: 30}   # life: the team's shared life total (810.4: 30)
        - {players: [Боб, Гена], poison: 0}    # poison: the team's shared poison counters (810.10)

Refused: other than two teams of two (810.1); a player in no team or in two; players not listed team
by team (teammates sit together, 805.1); a player's own ``life`` or ``poison`` (the team's are
shared); a turn that starts outside the upkeep, the draw step or the precombat main phase, and any
combat action or ``pass_until`` beyond that main phase — combat with shared team turns (805.10)
and the turn's later steps are not played; a card or an object without a card whose abilities speak
of opponents — the engine's "opponent" is every other player, but a teammate is no opponent (102.3)
— or trigger at the beginning of each player's upkeep or end step (such a trigger may trigger once
for each player of the active team, 805.4d).
"""

from __future__ import annotations

from judge_app.engine.rules.combat import COMBAT_ACTIONS
from judge_app.engine.variants.two_headed_giant import NAME

KEYS = {"name", "teams"}
TEAM_KEYS = {"players", "life", "poison"}
STEPS = ("upkeep", "draw", "main1")                 # where a Two-Headed Giant scenario may start and go
PASS_UNTIL = ("stack_empty",) + STEPS
NOT_PLAYED = {"opponent": "оппонентов (товарищ по команде — не оппонент, 102.3; движок этого не различает)",
              "each_upkeep": "«в начале шага поддержки каждого игрока» (805.4d)",
              "each_end_step": "«в начале каждого заключительного шага» (805.4d)"}
ZONES = ("battlefield", "hand", "library", "graveyard", "exile", "command")


def _int(v, low: int) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and v >= low


def check(c, data: dict, players: list, turn: dict, script: list, line) -> dict:
    """The checked ``variant`` ({} when there is none); problems go to ``c.err`` (the loader's checker)."""
    v = data.get("variant")
    if v is None:
        return {}
    where = line(data, "variant")
    if not isinstance(v, dict):
        c.err(where, "variant", "ожидается словарь {name: two_headed_giant, teams: […]}")
        return {}
    for k in v:
        if k not in KEYS:
            c.err(line(v, k), f"variant.{k}", f"неизвестный ключ; есть: {', '.join(sorted(KEYS))}")
    if v.get("name") != NAME:
        c.err(line(v, "name"), "variant.name", f"движок играет только вариант {NAME} («Двухголовый гигант», 810)")
        return {}
    teams = v.get("teams")
    if not (isinstance(teams, list) and len(teams) == 2 and all(isinstance(t, dict) for t in teams)):
        c.err(line(v, "teams"), "variant.teams", "две команды (810.1): [{players: [ИГРОК, ИГРОК]}, {players: [ИГРОК, ИГРОК]}]")
        return {}
    seen: list = []
    for i, t in enumerate(teams):
        key = f"variant.teams[{i}]"
        for k in t:
            if k not in TEAM_KEYS:
                c.err(line(t, k), f"{key}.{k}", f"неизвестный ключ; есть: {', '.join(sorted(TEAM_KEYS))}")
        names = t.get("players")
        if not (isinstance(names, list) and len(names) == 2 and all(isinstance(n, str) for n in names)):
            c.err(line(t, "players"), f"{key}.players", "в команде два игрока (810.1): [ИГРОК, ИГРОК]")
            return {}
        for n in names:
            c.player(n, line(t, "players"), f"{key}.players")
            if n in seen:
                c.err(line(t, "players"), f"{key}.players", f"игрок «{n}» уже в команде")
            seen.append(n)
        if "life" in t and not _int(t["life"], 0):
            c.err(line(t, "life"), f"{key}.life", "общий итог жизней команды — целое число (810.4: в начале 30)")
        if "poison" in t and not _int(t["poison"], 0):
            c.err(line(t, "poison"), f"{key}.poison", "жетоны яда команды — целое число от 0")
    listed = list(c.players)   # the names the loader accepted, in the order listed
    if sorted(listed) != sorted(seen):
        c.err(line(v, "teams"), "variant.teams", f"каждый игрок — ровно в одной команде: игроки {listed}, в командах {seen}")
    elif listed != seen:
        c.err(line(data, "players"), "players", "игроки перечисляются по командам: товарищи по команде сидят рядом (805.1) — "
              f"{', '.join(seen)}")
    for i, p in enumerate(players):
        for k in ("life", "poison"):
            if isinstance(p, dict) and k in p:
                c.err(line(p, k), f"players[{i}].{k}", f"в «Двухголовом гиганте» {k} — общий для команды (810.4, 810.10): "
                      f"задайте его в variant.teams")
    if isinstance(turn, dict) and turn.get("step", "main1") not in STEPS:
        c.err(line(turn, "step"), "turn.step", f"«Двухголовый гигант»: ход начинается только в {', '.join(STEPS)} — "
              "бой с общими ходами команд (805.10) и дальнейшие шаги движок не играет")
    for i, a in enumerate(script if isinstance(script, list) else []):
        if not isinstance(a, dict):
            continue
        for act in COMBAT_ACTIONS:
            if act in a:
                c.err(line(a, act), f"script[{i}].{act}", "«Двухголовый гигант»: бой с общими ходами команд (805.10) "
                      "движок не играет")
        if "pass_until" in a and a["pass_until"] not in PASS_UNTIL:
            c.err(line(a, "pass_until"), f"script[{i}].pass_until", f"«Двухголовый гигант»: только до {', '.join(PASS_UNTIL)} — "
                  "бой (805.10) и дальнейшие шаги движок не играет")
    _objects_not_played(c, data, players, line)
    return {"name": NAME, "teams": [{"players": list(t["players"]), **{k: t[k] for k in ("life", "poison") if k in t}}
                                    for t in teams]}


def _what_it_does(c, item) -> str:
    """The ability data of a scenario object — a pool card's, or an object's without a card — as text."""
    name = item if isinstance(item, str) else item.get("card", item.get("spell")) if isinstance(item, dict) else None
    card = c.pool.get(name) if isinstance(name, str) else None
    if card is not None:
        return repr((card.abilities, card.effects, card.targets, card.casting))
    return repr(item) if isinstance(item, dict) else ""


def _objects_not_played(c, data: dict, players: list, line) -> None:
    found = []
    for i, p in enumerate(players):
        for zone in ZONES:
            items = p.get(zone) if isinstance(p, dict) else None
            for j, e in enumerate(items if isinstance(items, list) else []):
                found.append((line(p, zone), f"players[{i}].{zone}[{j}]", e))
    stack = data.get("stack")
    for j, it in enumerate(stack if isinstance(stack, list) else []):
        found.append((line(data, "stack"), f"stack[{j}]", it))
    for ln, key, item in found:
        text = _what_it_does(c, item)
        for word, why in NOT_PLAYED.items():
            if word in text:
                c.err(ln, key, f"«Двухголовый гигант»: способности, говорящие об {why}, движок в этом варианте не играет")
                break
