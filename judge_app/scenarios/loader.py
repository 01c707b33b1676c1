"""YAML → Scenario, with errors that name the file, the line and the key."""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from judge_app import safe_yaml
from judge_app.cards.model import (CARD_TYPES, COLORS, CardDataError, CardPool, LineDict, _validate_effects, _validate_targets,
                                   default_pool, line_mapping, parse_mana_cost, validate_abilities, validate_keywords)
from judge_app.engine.rules.costs import CHOICE_KEYS
from judge_app.engine.rules.control_copy import CHOICE_KEY, MAX_COPY_CHAIN, copy_key
from judge_app.engine.rules.setup import AD_HOC_KINDS
from judge_app.engine.variants.opening_hand import START as START_OF_GAME
from judge_app.engine.kernel.state import STEPS, ZONES
from judge_app.engine.kernel import release_rules
from judge_app.scenarios import combat_script, variant_check

TOP_KEYS = {"id", "title", "summary", "source", "rules_version", "tags", "players", "turn", "script",
            "expect", "notes", "stack", "variant"}
STACK_ITEM_KEYS = {"spell", "ability", "trigger", "id", "by", "targets", "x", "mode", "flashback"}
STACK_ABILITY_KEYS = {"name", "name_en", "source", "targets", "effects", "text", "colors"}
PLAYER_KEYS = {"name", "life", "poison", "library", "hand", "battlefield", "graveyard", "exile", "command",
               "mana_pool", "max_hand", "lands_played"}
MAX_ENTERED = 10000   # `entered: N` of a battlefield entry
ENTRY_KEYS = {"card", "id", "tapped", "damage", "counters", "summoning_sick", "attached_to", "controller",
              "token", "chosen", "face_down", "flipped", "transformed", "entered"} | set(AD_HOC_KINDS)
CHOICES = CHOICE_KEYS + ("now",)   # engine/costs.py; now: no waiting
CAST_KEYS = ("card", "targets", "pay", "by") + CHOICES
ACTIVATE_KEYS = ("object", "ability", "targets", "pay", "by") + CHOICES
ACTIONS = {"cast", "activate", "play_land", "turn_face_up", "attack", "block", "order_blockers", "assign_damage", "choose",
           "pass", "pass_until", "refused"}
PASS_UNTIL_EXTRA = ("stack_empty", "end_of_turn")
SET_EXPECTS = ("types", "subtypes", "supertypes", "colors", "lacks")   # exact sets of English words; lacks: none of these
EXPECT_KEYS = {"life", "poison", "zone", "tapped", "pt", "damage", "counters", "controller", "abilities",
               "stack", "fired", "not_fired", "result", "waiting", "hand_size", "library_size", "explains",
               "library_top", "mana_value"} | set(SET_EXPECTS)
ID_EXPECTS = {"zone", "tapped", "pt", "damage", "counters", "controller", "abilities", "explains",
              "mana_value"} | set(SET_EXPECTS)
PLAYER_EXPECTS = {"life", "poison", "hand_size", "library_size"}


class _Loader(yaml.SafeLoader):
    """SafeLoader that keeps line numbers and never reads 702.10 as the float 702.1."""


_Loader.yaml_implicit_resolvers = {
    k: [(tag, rx) for tag, rx in v if tag != "tag:yaml.org,2002:float"]
    for k, v in yaml.SafeLoader.yaml_implicit_resolvers.items()
}


LDict = LineDict   # a mapping with its lines (cards.model: the card files are read the same way)


class LList(list):
    line = 0
    item_lines: list


def _sequence(loader, node):
    lst = LList(loader.construct_object(n, deep=True) for n in node.value)
    lst.line = node.start_mark.line + 1
    lst.item_lines = [n.start_mark.line + 1 for n in node.value]
    return lst


_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, line_mapping)
_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _sequence)


@dataclass
class ScenarioIssue:
    file: str
    line: int
    key: str
    message: str

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {self.key}: {self.message}"


class ScenarioInvalid(Exception):
    def __init__(self, issues: list):
        self.issues = issues
        super().__init__("\n".join(map(str, issues)))


@dataclass
class Scenario:
    id: str
    path: str
    title: str
    summary: str
    source: str
    rules_version: str
    tags: list
    players: list
    turn: dict
    script: list          # [(line, action dict)]
    expect: list          # [(line, dict)]
    raw: dict = field(default_factory=dict)
    stack: list = field(default_factory=list)   # the initial stack, top first (setup.put_initial_stack)
    variant: dict = field(default_factory=dict)  # {name: two_headed_giant, teams: […]} (variant_check.py)
    # computed characteristics of this scenario's states (layers.compute), shared by its replays:
    # stepping to event N replays the same game, so its states are computed once, not once per step
    layer_memo: dict = field(default_factory=dict, repr=False, compare=False)


def _line(node, key=None) -> int:
    if isinstance(node, LDict):
        return node.key_lines.get(key, node.line) if key is not None else node.line
    return getattr(node, "line", 0)


class _Checker:
    def __init__(self, path: str, pool: CardPool):
        self.path = path
        self.pool = pool
        self.issues: list = []
        self.ids: set = set()
        self.entered: set = set()
        self.players: list = []

    def err(self, line: int, key: str, msg: str) -> None:
        self.issues.append(ScenarioIssue(self.path, line, key, msg))

    def card(self, name, line: int, key: str) -> None:
        if not isinstance(name, str):
            self.err(line, key, f"имя карты должно быть строкой, а не {name!r}")
        elif self.pool.get(name) is None:
            s = self.pool.suggest(name)
            self.err(line, key, f"неизвестная карта «{name}»" + (f" — возможно, «{s}»?" if s else ""))
        else:   # a card whose mechanism the board's release does not have yet (waterbend before 2026)
            for msg in release_rules.missing_for_card(getattr(self, "version", "") or release_rules.newest(),
                                                      self.pool.get(name).casting):
                self.err(line, key, f"«{name}»: {msg}")

    def _double_faced(self, e: dict) -> bool:
        card = self.pool.get(e["card"]) if isinstance(e.get("card"), str) else None
        return card is not None and card.back_face is not None

    def entry(self, e, line: int, key: str, battlefield: bool) -> None:
        if isinstance(e, str):
            self.card(e, line, key)
            return
        if not isinstance(e, dict):
            self.err(line, key, f"ожидается имя карты или словарь, а не {e!r}")
            return
        for k in e:
            if k not in ENTRY_KEYS:
                self.err(_line(e, k), f"{key}.{k}", "неизвестный ключ" + _maybe(k, ENTRY_KEYS))
        kinds = [k for k in ("card",) + AD_HOC_KINDS if k in e]
        if len(kinds) != 1:
            self.err(_line(e), key, "нужен ровно один из ключей card / creature / planeswalker / permanent")
        elif kinds[0] == "card":
            self.card(e["card"], _line(e, "card"), f"{key}.card")
        else:
            spec = e[kinds[0]]
            k0 = f"{key}.{kinds[0]}"
            ln = _line(e, kinds[0])
            if not isinstance(spec, dict) or "name" not in spec:
                self.err(ln, k0, "у объекта без карты нужно имя (name)")
            else:
                if kinds[0] == "creature" and ("power" not in spec or "toughness" not in spec):
                    self.err(ln, k0, "у существа нужны power и toughness")
                self.adhoc(spec, ln, k0)
        if battlefield:
            for k, typ, what in (("tapped", bool, "true/false"), ("summoning_sick", bool, "true/false"),
                                 ("token", bool, "true/false"), ("damage", int, "целое число"),
                                 ("face_down", bool, "true/false"), ("flipped", bool, "true/false"),
                                 ("transformed", bool, "true/false")):
                if k in e and (not isinstance(e[k], typ) or (typ is int and (isinstance(e[k], bool) or e[k] < 0))):
                    self.err(_line(e, k), f"{key}.{k}", f"ожидается {what}")
            if e.get("transformed") is True and not self._double_faced(e):
                self.err(_line(e, "transformed"), f"{key}.transformed",
                         "оборотной гранью вверх лежит только двусторонняя карта (с back_face в пуле, 712.8e)")
            if "entered" in e:   # the order of entering across players (setup.entering_order, 613.6c)
                n = e["entered"]
                if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= MAX_ENTERED:
                    self.err(_line(e, "entered"), f"{key}.entered", f"ожидается номер от 1 до {MAX_ENTERED}")
                elif n in self.entered:
                    self.err(_line(e, "entered"), f"{key}.entered", f"номер {n} уже у другого объекта")
                self.entered.add(n)
            if "counters" in e and not (isinstance(e["counters"], dict) and all(
                    isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in e["counters"].values())):
                self.err(_line(e, "counters"), f"{key}.counters", "ожидается {ВИД: число}, например {\"+1/+1\": 1}")
        elif any(k in e for k in ("tapped", "damage", "counters", "attached_to", "summoning_sick", "chosen", "face_down", "flipped",
                                   "transformed", "entered")):
            self.err(_line(e), key, "tapped/damage/counters/attached_to/chosen/face_down/flipped/transformed/entered бывают только у "
                                    "объектов на поле битвы")
        if "id" in e:
            if not isinstance(e["id"], (str, int)) or isinstance(e["id"], bool) or str(e["id"]) in self.players:
                self.err(_line(e, "id"), f"{key}.id", "id — строка (и не имя игрока)")
                return
            if str(e["id"]) in self.ids:
                self.err(_line(e, "id"), f"{key}.id", f"id «{e['id']}» уже использован")
            self.ids.add(str(e["id"]))

    def adhoc(self, spec: dict, line: int, key: str) -> None:
        for k in ("power", "toughness", "loyalty"):
            if k in spec and spec[k] is not None and (not isinstance(spec[k], int) or isinstance(spec[k], bool)):
                self.err(line, f"{key}.{k}", "ожидается целое число")
        for k in ("keywords", "colors", "subtypes", "supertypes", "types"):
            if k in spec and not isinstance(spec[k], list):
                self.err(line, f"{key}.{k}", "ожидается список")
            elif k in spec and k != "keywords" and not all(isinstance(x, str) for x in spec[k]):
                self.err(line, f"{key}.{k}", "ожидается список строк")
        for c in spec.get("colors") or [] if isinstance(spec.get("colors"), list) else []:
            if c not in COLORS:
                self.err(line, f"{key}.colors", f"неизвестный цвет «{c}»" + _maybe(c, COLORS))
        for t in spec.get("types") or [] if isinstance(spec.get("types"), list) else []:
            if t not in CARD_TYPES:
                self.err(line, f"{key}.types", f"неизвестный тип «{t}»" + _maybe(t, CARD_TYPES))
        if isinstance(spec.get("keywords"), list):
            try:
                validate_keywords(spec["keywords"], f"{key}.keywords")
            except CardDataError as exc:
                self.err(line, f"{key}.keywords", str(exc))
        if not isinstance(spec.get("name"), str):
            self.err(line, f"{key}.name", "имя — строка")
        if "flip" in spec:   # a flip card's other half (709): name, types, P/T, abilities
            flip = spec["flip"]
            if not isinstance(flip, dict) or set(flip) - {"name", "name_en", "types", "subtypes", "supertypes", "power",
                                                           "toughness", "keywords", "abilities", "text"}:
                self.err(line, f"{key}.flip", "ожидается {name, types, subtypes, supertypes, power, toughness, "
                                              "keywords, abilities, text}")
            else:
                self.adhoc(flip, line, f"{key}.flip")
        try:
            parse_mana_cost(spec.get("cost"))
            validate_abilities(spec.get("abilities", []), key)
        except CardDataError as exc:
            self.err(line, key, str(exc))

    def ref(self, r, line: int, key: str, players_ok: bool = True) -> None:
        r = str(r)
        if r in self.ids or (players_ok and r in self.players):
            return
        if stack_ref_base(r) in self.ids:
            return
        if r.startswith("token-") and r[6:].isdigit():   # a token the run creates (engine/enter_replacements.py)
            return
        known = sorted(self.ids) + (self.players if players_ok else [])
        m = difflib.get_close_matches(r, known, n=1)
        self.err(line, key, f"неизвестный объект или игрок «{r}»" + (f" — возможно, «{m[0]}»?" if m else ""))

    def player(self, r, line: int, key: str) -> None:
        if str(r) not in self.players:
            m = difflib.get_close_matches(str(r), self.players, n=1)
            self.err(line, key, f"неизвестный игрок «{r}»" + (f" — возможно, «{m[0]}»?" if m else ""))


def _check_unknown(c, e: dict, line: int, key: str) -> None:
    """``{unknown: N}`` in a library list: N cards nobody knows, at that place in the order."""
    n = e["unknown"]
    if set(e) != {"unknown"}:
        c.err(line, key, "у {unknown: N} нет других ключей (неизвестные карты не называют и не получают id)")
    if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= 10000:
        c.err(line, f"{key}.unknown", "число неизвестных карт от 1 до 10000")


def _maybe(k, options) -> str:
    m = difflib.get_close_matches(str(k), sorted(options), n=1)
    return f" — возможно, «{m[0]}»?" if m else ""


_YAML_HINTS = {
    "mapping values are not allowed here": "в строке двоеточие с пробелом после него; возьмите значение в кавычки или замените двоеточие тире",
    "found character '\\t' that cannot start any token": "в отступе табуляция; используйте пробелы",
    "expected ',' or ']'": "не закрыта квадратная скобка списка или внутри элемента запятая — возьмите его в кавычки",
    "expected ',' or '}'": "не закрыта фигурная скобка или внутри значения запятая — возьмите его в кавычки",
}


def _yaml_hint(problem: str) -> str:
    for k, hint in _YAML_HINTS.items():
        if k in problem:
            return f" — {hint}"
    return ""


def stack_ref_base(ref: str) -> str | None:
    """The declared id an engine-made stack object is named after: ``X-copy`` (the copy of a
    spell, engine/stack_fights.py), ``X-ab-N`` / ``X-trig-N`` (an ability activated from, or
    triggered by, permanent X; its copy ``X-ab-N-copy``). None for any other name."""
    m = re.fullmatch(r"(.+?)(-(?:ab|trig)-\d+)?(-copy)?", ref)
    return m.group(1) if m and (m.group(2) or m.group(3)) else None


def load(path, pool: CardPool | None = None) -> Scenario:
    path = Path(path)
    pool = pool or default_pool()
    name = str(path)
    try:  # size and encoding are checked before anything is read whole
        text = safe_yaml.read_text(path)
    except safe_yaml.YamlRefused as exc:
        raise ScenarioInvalid([ScenarioIssue(name, exc.line, "-", exc.message)])
    return from_data(parse_text(text, name), name, pool, default_id=path.stem)


def parse_text(text: str, name: str = "-"):
    """YAML text → data with line numbers (LDict/LList), or ScenarioInvalid naming the line.
    Size, depth, aliases, duplicate keys and odd values are checked before building (safe_yaml).
    The board builder parses what the browser sends with this, so its messages are the files'."""
    try:
        return safe_yaml.load_text(text, _Loader)
    except safe_yaml.YamlRefused as exc:
        raise ScenarioInvalid([ScenarioIssue(name, exc.line, "-", exc.message)])
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        problem = str(getattr(exc, "problem", exc))
        raise ScenarioInvalid([ScenarioIssue(name, mark.line + 1 if mark else 0, "-",
                                             f"ошибка YAML: {problem}{_yaml_hint(problem)}")])


def _release(c, data: dict) -> str:
    """The release the board plays: its ``rules_version``, or the newest the engine plays."""
    try:
        return release_rules.check(data.get("rules_version"), held=_held(data.get("rules_version")))
    except release_rules.UnplayableRelease as exc:
        c.err(_line(data, "rules_version"), "rules_version", exc.message_ru)
        return release_rules.newest()


def _held(version) -> bool | None:
    from judge_app.corpus import catalogue
    return None if version in (None, "") else str(version) in catalogue.CR_VERSIONS


def from_data(data, name: str, pool: CardPool, default_id: str = "scenario") -> Scenario:
    c = _Checker(name, pool)
    if not isinstance(data, dict):
        raise ScenarioInvalid([ScenarioIssue(name, 1, "-", "сценарий должен быть словарём")])
    for k in data:
        if k not in TOP_KEYS:
            c.err(_line(data, k), str(k), "неизвестный ключ" + _maybe(k, TOP_KEYS))
    version = c.version = _release(c, data)
    tags = data.get("tags", [])
    if not isinstance(tags, list) or not all(isinstance(t, str) for t in tags):
        c.err(_line(data, "tags"), "tags", "ожидается список меток-строк")
    for k in ("id", "title", "summary", "source"):
        if k in data and not isinstance(data[k], (str, int)) or isinstance(data.get(k), bool):
            c.err(_line(data, k), k, "ожидается строка")
    players = data.get("players")
    if not isinstance(players, list) or not players:
        c.err(_line(data, "players"), "players", "нужен непустой список игроков")
        players = []
    for i, p in enumerate(players):
        if not isinstance(p, dict) or not isinstance(p.get("name"), str) or not p.get("name"):
            c.err(_line(players) if not isinstance(p, dict) else _line(p), f"players[{i}]", "у игрока нужно имя (name) — строка")
            continue
        if p["name"] in c.players:
            c.err(_line(p, "name"), f"players[{i}].name", f"игрок «{p['name']}» уже есть")
        c.players.append(str(p["name"]))
    for i, p in enumerate(players):
        if not isinstance(p, dict):
            continue
        for k in p:
            if k not in PLAYER_KEYS:
                c.err(_line(p, k), f"players[{i}].{k}", "неизвестный ключ" + _maybe(k, PLAYER_KEYS))
        for k in ("life", "poison", "max_hand", "lands_played"):
            if k in p and (not isinstance(p[k], int) or isinstance(p[k], bool)):
                c.err(_line(p, k), f"players[{i}].{k}", "ожидается целое число")
        for k in ("poison", "max_hand", "lands_played"):
            if isinstance(p.get(k), int) and p[k] < 0:
                c.err(_line(p, k), f"players[{i}].{k}", "не может быть отрицательным")
        if "library" in p and isinstance(p["library"], int) and (isinstance(p["library"], bool) or not 0 <= p["library"] <= 10000):
            c.err(_line(p, "library"), f"players[{i}].library", "число карт от 0 до 10000")
        if "mana_pool" in p and not (isinstance(p["mana_pool"], dict) and all(
                k in ("W", "U", "B", "R", "G") and isinstance(n, int) and not isinstance(n, bool) and n >= 0
                for k, n in p["mana_pool"].items())):
            c.err(_line(p, "mana_pool"), f"players[{i}].mana_pool", "ожидается {W/U/B/R/G: число}")
        for zone in ("hand", "battlefield", "graveyard", "exile", "command", "library"):
            v = p.get(zone)
            if v is None or (zone == "library" and isinstance(v, int)):
                continue
            if not isinstance(v, list):
                c.err(_line(p, zone), f"players[{i}].{zone}", "ожидается список")
                continue
            lines = getattr(v, "item_lines", [_line(p, zone)] * len(v))
            for j, e in enumerate(v):
                if zone == "library" and isinstance(e, dict) and "unknown" in e:
                    _check_unknown(c, e, lines[j], f"players[{i}].library[{j}]")
                    continue
                c.entry(e, lines[j], f"players[{i}].{zone}[{j}]", zone == "battlefield")
    for i, p in enumerate(players):
        if isinstance(p, dict):
            bf = p.get("battlefield") if isinstance(p.get("battlefield"), list) else []
            for j, e in enumerate(bf):
                if isinstance(e, dict) and "attached_to" in e:
                    c.ref(e["attached_to"], _line(e, "attached_to"), f"players[{i}].battlefield[{j}].attached_to", False)
                if isinstance(e, dict) and "controller" in e:
                    c.player(e["controller"], _line(e, "controller"), f"players[{i}].battlefield[{j}].controller")
                _check_chosen(c, e, f"players[{i}].battlefield[{j}]")
    turn = data.get("turn") or {}
    if not isinstance(turn, dict):
        c.err(_line(data, "turn"), "turn", "ожидается словарь {number, active, step}")
        turn = {}
    for k in turn:
        if k not in ("number", "active", "step"):
            c.err(_line(turn, k), f"turn.{k}", "неизвестный ключ")
    if "active" in turn:
        c.player(turn["active"], _line(turn, "active"), "turn.active")
    if "number" in turn and (not isinstance(turn["number"], int) or isinstance(turn["number"], bool) or turn["number"] < 1):
        c.err(_line(turn, "number"), "turn.number", "номер хода — целое число от 1")
    if turn.get("step", "main1") == START_OF_GAME:
        _check_start_of_game(c, data, turn)
    elif turn.get("step", "main1") not in STEPS:
        c.err(_line(turn, "step"), "turn.step", f"неизвестный шаг «{turn.get('step')}»"
              + _maybe(turn.get("step"), STEPS + (START_OF_GAME,)))
    _check_stack(c, data, turn)
    script = data.get("script") or []
    if not isinstance(script, list):
        c.err(_line(data, "script"), "script", "ожидается список действий")
        script = []
    lines = getattr(script, "item_lines", [0] * len(script))
    out_script = []
    for i, a in enumerate(script):
        ln = lines[i]
        key = f"script[{i}]"
        if a == "pass":
            a = {"pass": True}
        if not isinstance(a, dict):
            c.err(ln, key, f"ожидается действие, а не {a!r}")
            continue
        acts = [k for k in a if k in ACTIONS]
        for k in a:
            if k not in ACTIONS and k != "by":
                c.err(_line(a, k), f"{key}.{k}", "неизвестное действие" + _maybe(k, ACTIONS))
        if len(acts) != 1:
            c.err(ln, key, "в каждом пункте сценария ровно одно действие")
            continue
        act = acts[0]
        v = a[act]
        if "by" in a:
            c.player(a["by"], _line(a, "by"), f"{key}.by")
        if act == "cast":
            if isinstance(v, str):
                v = {"card": v}
            if not isinstance(v, dict) or "card" not in v:
                c.err(ln, f"{key}.cast", "нужно {card: ...}")
            else:
                for k in v:
                    if k not in CAST_KEYS:
                        c.err(_line(v, k), f"{key}.cast.{k}", "неизвестный ключ" + _maybe(k, CAST_KEYS))
                if "by" in v:
                    c.player(v["by"], _line(v, "by"), f"{key}.cast.by")
                if str(v["card"]) not in c.ids:
                    c.card(v["card"], _line(v, "card"), f"{key}.cast.card")
                _check_targets_and_pay(c, v, f"{key}.cast")
        elif act == "activate":
            if isinstance(v, str):
                v = {"object": v}
            if not isinstance(v, dict) or "object" not in v:
                c.err(ln, f"{key}.activate", "нужно {object: ID, ability: N}")
            else:
                for k in v:
                    if k not in ACTIVATE_KEYS:
                        c.err(_line(v, k), f"{key}.activate.{k}", "неизвестный ключ" + _maybe(k, ACTIVATE_KEYS))
                if "ability" in v and (not isinstance(v["ability"], int) or v["ability"] < 1):
                    c.err(_line(v, "ability"), f"{key}.activate.ability", "номер способности — целое число от 1")
                c.ref(v["object"], _line(v, "object"), f"{key}.activate.object", False)
                _check_targets_and_pay(c, v, f"{key}.activate")
        elif act == "turn_face_up":
            spec = {"object": v} if isinstance(v, (str, int)) and not isinstance(v, bool) else v
            if not isinstance(spec, dict) or "object" not in spec or set(spec) - {"object", "pay", "by"}:
                c.err(ln, f"{key}.turn_face_up", "нужно ID или {object: ID, pay: [ID, …]}")
            else:
                c.ref(spec["object"], _line(spec, "object"), f"{key}.turn_face_up.object", False)
                _check_targets_and_pay(c, spec, f"{key}.turn_face_up")
        elif act == "play_land":
            if str(v) not in c.ids:
                c.card(v, ln, f"{key}.play_land")
        elif act == "pass_until":
            if v not in STEPS and v not in PASS_UNTIL_EXTRA:
                c.err(ln, f"{key}.pass_until", f"неизвестный шаг «{v}»" + _maybe(v, STEPS + PASS_UNTIL_EXTRA))
        elif act in ("attack", "block", "order_blockers", "assign_damage"):
            combat_script.check_script_action(c, act, v, ln, key)
        elif act == "refused":
            if not isinstance(v, dict) or "rule" not in v:
                c.err(ln, f"{key}.refused", "нужно {rule: НОМЕР}")
        a = dict(a)
        a[act] = v
        out_script.append((ln, a))
    expect = data.get("expect") or []
    if not isinstance(expect, list):
        c.err(_line(data, "expect"), "expect", "ожидается список")
        expect = []
    elines = getattr(expect, "item_lines", [0] * len(expect))
    out_expect = []
    for i, e in enumerate(expect):
        key = f"expect[{i}]"
        if not isinstance(e, dict):
            c.err(elines[i], key, "ожидается словарь")
            continue
        for k, v in e.items():
            ln = _line(e, k)
            if k not in EXPECT_KEYS:
                c.err(ln, f"{key}.{k}", "неизвестное ожидание" + _maybe(k, EXPECT_KEYS))
            elif k in ID_EXPECTS:
                if not isinstance(v, dict):
                    c.err(ln, f"{key}.{k}", "ожидается словарь {ID: значение}")
                    continue
                for r, val in v.items():
                    c.ref(r, _line(v, r), f"{key}.{k}.{r}", k == "controller" and False)
                    bad = {
                        "tapped": not isinstance(val, bool),
                        "damage": not isinstance(val, int) or isinstance(val, bool),
                        "mana_value": not isinstance(val, int) or isinstance(val, bool) or val < 0,
                        "pt": not (isinstance(val, str) and re.fullmatch(r"-?\d+/-?\d+", val)),
                        "counters": not (isinstance(val, dict) and all(isinstance(n, int) for n in val.values())),
                        "abilities": not (isinstance(val, list) and all(
                            isinstance(x, str) or isinstance(x, dict) and len(x) == 1 for x in val)),
                        **{sk: not (isinstance(val, list) and all(isinstance(x, str) for x in val)) for sk in SET_EXPECTS},
                        "explains": not isinstance(val, (list, str)),
                        "zone": not isinstance(val, str),
                        "controller": not isinstance(val, str),
                    }.get(k, False)
                    if bad:
                        c.err(_line(v, r), f"{key}.{k}.{r}", f"недопустимое значение {val!r}")
                        continue
                    if k == "zone" and val not in ZONES and val != "none":
                        c.err(_line(v, r), f"{key}.{k}.{r}", f"неизвестная зона «{val}»" + _maybe(val, ZONES))
                    if k == "controller":
                        c.player(val, _line(v, r), f"{key}.{k}.{r}")
            elif k in PLAYER_EXPECTS:
                if not isinstance(v, dict):
                    c.err(ln, f"{key}.{k}", "ожидается словарь {ИГРОК: число}")
                    continue
                for r, val in v.items():
                    c.player(r, _line(v, r), f"{key}.{k}.{r}")
                    if not isinstance(val, int) or isinstance(val, bool):
                        c.err(_line(v, r), f"{key}.{k}.{r}", "ожидается целое число")
            elif k == "library_top":   # {PLAYER: [ids, top first]}: the library begins with these cards
                if not isinstance(v, dict):
                    c.err(ln, f"{key}.{k}", "ожидается словарь {ИГРОК: [id, ...] — верхние карты библиотеки, сверху вниз}")
                    continue
                for r, val in v.items():
                    c.player(r, _line(v, r), f"{key}.{k}.{r}")
                    if not (isinstance(val, list) and val and all(isinstance(x, str) for x in val)):
                        c.err(_line(v, r), f"{key}.{k}.{r}", "ожидается непустой список id карт, сверху вниз")
                        continue
                    for x in val:
                        c.ref(x, _line(v, r), f"{key}.{k}.{r}", False)
            elif k in ("fired", "not_fired"):
                if not isinstance(v, list):
                    c.err(ln, f"{key}.{k}", "ожидается список номеров правил")
            elif k == "result":
                if not isinstance(v, dict) or not ({"winner", "draw"} & set(v)):
                    c.err(ln, f"{key}.result", "ожидается {winner: ИГРОК} или {draw: true}")
                elif "winner" in v:
                    c.player(v["winner"], ln, f"{key}.result.winner")
            elif k == "stack":
                if not isinstance(v, list):
                    c.err(ln, f"{key}.stack", "ожидается список (сверху вниз)")
            elif k == "waiting":
                if not isinstance(v, dict):
                    c.err(ln, f"{key}.waiting", "ожидается {by: ИГРОК, decision: ВИД}")
        out_expect.append((elines[i], e))
    variant = variant_check.check(c, data, players, turn, data.get("script") or [], _line)
    if c.issues:
        raise ScenarioInvalid(c.issues)
    return Scenario(id=str(data.get("id") or default_id), path=name, title=str(data.get("title", "")),
                    summary=str(data.get("summary", "")), source=str(data.get("source", "")),
                    rules_version=version, tags=list(data.get("tags") or []), players=players,
                    turn=turn, script=out_script, expect=out_expect, raw=data,
                    stack=list(data.get("stack") or []), variant=variant)


def _check_targets_and_pay(c: _Checker, v: dict, key: str) -> None:
    """targets and pay of a cast, an activation or turning face up: lists of known ids
    (targets may also name players; pay names the permanents tapped for mana)."""
    for lk, players_ok in (("targets", True), ("pay", False)):
        if lk not in v:
            continue
        if not isinstance(v[lk], list):
            c.err(_line(v, lk), f"{key}.{lk}", "ожидается список")
            continue
        for t in v[lk]:
            c.ref(t, _line(v, lk), f"{key}.{lk}", players_ok)


CHOICE_WORDS = {"copy": "копией чего выходит", "type": "тип существ", "color": "цвет"}   # what chosen: states


def _entering_abilities(c: _Checker, e) -> tuple[str, list]:
    """The name and abilities of a board entry: a pool card's, or an ad-hoc object's own
    (``creature: {abilities: [{as_enters: color}, …]}``), so both state their choice alike."""
    name = e if isinstance(e, str) else e.get("card") if isinstance(e, dict) else None
    card = c.pool.get(name) if isinstance(name, str) else None
    if card is not None:
        return card.name_ru, list(card.abilities)
    spec = next((e[k] for k in AD_HOC_KINDS if k in e), None) if isinstance(e, dict) else None
    if isinstance(spec, dict) and isinstance(spec.get("abilities"), list):
        return str(spec.get("name", "")), spec["abilities"]
    return "", []


def _check_chosen(c: _Checker, e, key: str) -> None:
    """``chosen:`` — the choice a permanent on the board made as it entered (Clone's copy,
    Conspiracy's creature type, Painter's Servant's colour); a card that makes such a
    choice needs it, and a card that makes none can't have one."""
    name, abilities = _entering_abilities(c, e)
    # a choice the board can state (Sutured Ghoul's exiled cards can't: it is on the board as 0/0)
    need = next((a["as_enters"] for a in abilities if isinstance(a, dict) and a.get("as_enters") in CHOICE_KEY), None)

    chosen = e.get("chosen") if isinstance(e, dict) else None
    ln = _line(e, "chosen") if isinstance(e, dict) else 0
    if chosen is None:
        if need:
            c.err(ln or getattr(e, "line", 0), key, f"«{name}» делает выбор при выходе на поле битвы "
                  f"({CHOICE_WORDS[CHOICE_KEY[need]]}): нужно chosen: {{{CHOICE_KEY[need]}: …}}")
        return
    if not isinstance(chosen, dict):
        c.err(ln, f"{key}.chosen", "ожидается словарь {copy: ID | type: ТИП | color: ЦВЕТ}")
        return
    want = CHOICE_KEY.get(need)
    copies = [copy_key(n) for n in range(1, MAX_COPY_CHAIN + 1)]   # copy2, …: 706.9e, a copy that chooses again
    for k, v in chosen.items():
        if k != want and not (want == "copy" and k in ("type", "color", *copies)):   # 706.6: the copy's own choice
            c.err(_line(chosen, k), f"{key}.chosen.{k}", f"эта карта не делает выбора «{k}» при выходе"
                  + (f" (её выбор — {want})" if want else ""))
        elif k in copies and str(v).casefold() != "none":
            c.ref(v, _line(chosen, k), f"{key}.chosen.{k}", False)
        elif k == "color" and v not in COLORS:
            c.err(_line(chosen, k), f"{key}.chosen.color", f"неизвестный цвет «{v}»" + _maybe(str(v), COLORS))
        elif k == "type" and not (isinstance(v, str) and v.isalpha() and len(v) <= 40):
            c.err(_line(chosen, k), f"{key}.chosen.type", "тип существ — одно слово")


def _check_start_of_game(c: _Checker, data: dict, turn: dict) -> None:
    """``turn: {step: start_of_game}`` — before the first turn (engine/opening_hand.py): turn 1, the
    hands are the opening hands, nothing is on the battlefield or the stack yet."""
    if turn.get("number", 1) != 1:
        c.err(_line(turn, "number"), "turn.number", "start_of_game — до первого хода: номер хода 1 (103.7) или не указан")
    players = data.get("players") if isinstance(data.get("players"), list) else []
    for i, p in enumerate(players):
        if isinstance(p, dict) and p.get("battlefield"):
            c.err(_line(p, "battlefield"), f"players[{i}].battlefield",
                  "start_of_game — до начала партии поле битвы пусто; карты начальной руки перечислите в hand")
    if data.get("stack"):
        c.err(_line(data, "stack"), "stack", "start_of_game — до начала партии стек пуст")


def _check_stack(c: _Checker, data: dict, turn: dict) -> None:
    """``stack:`` — spells and abilities already on the stack at the start, top first."""
    stack = data.get("stack")
    if stack is None:
        return
    if not isinstance(stack, list):
        c.err(_line(data, "stack"), "stack", "ожидается список объектов на стеке (сверху вниз)")
        return
    if stack and turn.get("step", "main1") in ("untap", "cleanup"):
        c.err(_line(data, "stack"), "stack", "в шагах разворота и очистки игроки не получают приоритет (502.3, 514.3): "
              "начните сценарий в другом шаге")
    lines = getattr(stack, "item_lines", [_line(data, "stack")] * len(stack))
    below = {str(it["id"]) for it in stack if isinstance(it, dict) and isinstance(it.get("id"), str)}
    for j, it in enumerate(stack):
        key, ln = f"stack[{j}]", lines[j]
        lower = {str(x["id"]) for x in stack[j + 1:] if isinstance(x, dict) and isinstance(x.get("id"), str)}
        if not isinstance(it, dict):
            c.err(ln, key, f"ожидается {{spell: КАРТА, by: ИГРОК, targets: [...]}} или {{ability: {{...}}}}, а не {it!r}")
            continue
        for k in it:
            if k not in STACK_ITEM_KEYS:
                c.err(_line(it, k), f"{key}.{k}", "неизвестный ключ" + _maybe(k, STACK_ITEM_KEYS))
        kinds = [k for k in ("spell", "ability", "trigger") if k in it]
        if len(kinds) != 1:
            c.err(_line(it), key, "нужен ровно один из ключей spell / ability / trigger")
            continue
        kind = kinds[0]
        if "by" in it:
            c.player(it["by"], _line(it, "by"), f"{key}.by")
        kinds_of_targets: list | None = None   # None: unknown, the count is not checked
        if kind == "spell":
            if "by" not in it:
                c.err(_line(it), f"{key}.by", "укажите, кто разыграл заклинание (by: ИГРОК)")
            c.card(it["spell"], _line(it, "spell"), f"{key}.spell")
            card = c.pool.get(it["spell"]) if isinstance(it["spell"], str) else None
            if card is not None:
                if "land" in card.types:
                    c.err(_line(it, "spell"), f"{key}.spell", f"«{card.name_ru}» — земля: она не бывает на стеке (305.1)")
                kinds_of_targets = list(card.targets)
                modes = (card.casting or {}).get("modes")
                m = it.get("mode")
                if modes or "mode" in it:
                    if not modes or not isinstance(m, int) or isinstance(m, bool) or not 1 <= m <= len(modes):
                        c.err(_line(it, "mode") if "mode" in it else _line(it), f"{key}.mode",
                              f"режим — число от 1 до {len(modes)} (700.2a)" if modes else "заклинание не модальное")
                        kinds_of_targets = None
                    else:
                        kinds_of_targets = list(modes[m - 1].get("targets", []))
                if (card.casting or {}).get("any_number_of_targets"):
                    kinds_of_targets = None   # as many targets as were chosen (601.2c)
                if "x" in it and (not isinstance(it["x"], int) or isinstance(it["x"], bool) or it["x"] < 0
                                  or not (card.cost and card.cost.x)):
                    c.err(_line(it, "x"), f"{key}.x", "X — целое число от 0, у заклинания с {X} в стоимости (107.3a)")
                if "flashback" in it and not (it["flashback"] is True and set(card.types) & {"instant", "sorcery"}):
                    c.err(_line(it, "flashback"), f"{key}.flashback",
                          "flashback: true — мгновенное заклинание или волшебство, разыгранное с кладбища с помощью воспоминания")
        elif "flashback" in it:
            c.err(_line(it, "flashback"), f"{key}.flashback", "flashback — только у заклинания (spell)")
        if kind != "spell":
            spec = it[kind]
            k0 = f"{key}.{kind}"
            if not isinstance(spec, dict):
                c.err(_line(it, kind), k0, "ожидается {name, source, targets, effects}")
                continue
            for k in spec:
                if k not in STACK_ABILITY_KEYS:
                    c.err(_line(spec, k), f"{k0}.{k}", "неизвестный ключ" + _maybe(k, STACK_ABILITY_KEYS))
            if "source" in spec:
                c.ref(spec["source"], _line(spec, "source"), f"{k0}.source", False)
            elif "by" not in it:
                c.err(_line(it), f"{key}.by", "у способности без источника (source) укажите контролёра (by: ИГРОК)")
            if "name" not in spec and "source" not in spec:
                c.err(_line(spec), f"{k0}.name", "у способности без источника нужно имя (name)")
            if "effects" not in spec:
                c.err(_line(spec), f"{k0}.effects", "нужны эффекты способности (словарь карт: rules_corpus/cards/README.md)")
            if "colors" in spec and not (isinstance(spec["colors"], list) and all(x in COLORS for x in spec["colors"])):
                c.err(_line(spec, "colors"), f"{k0}.colors", f"ожидается список цветов из {', '.join(COLORS)}")
            try:
                _validate_effects(spec.get("effects", []), k0)
                _validate_targets(spec.get("targets", []), k0)
                kinds_of_targets = list(spec.get("targets") or [])
            except CardDataError as exc:
                c.err(_line(spec), k0, str(exc))
                kinds_of_targets = None
        given = it.get("targets", [])
        if not isinstance(given, list):
            c.err(_line(it, "targets"), f"{key}.targets", "ожидается список целей (id или имена игроков)")
            given = []
        for t in given:
            if str(t) in below - lower:   # a spell may target only what is below it on the stack
                c.err(_line(it, "targets"), f"{key}.targets", f"«{t}» не ниже на стеке: целью может быть только "
                      "то, что было на стеке, когда выбирались цели (601.2c)")
            elif str(t) not in lower:
                c.ref(t, _line(it, "targets"), f"{key}.targets")
        if kinds_of_targets is not None and len(given) != len(kinds_of_targets):
            c.err(_line(it, "targets") if "targets" in it else _line(it), f"{key}.targets",
                  f"целей должно быть {len(kinds_of_targets)} ({', '.join(kinds_of_targets) or 'нет целей'}), а указано {len(given)}: "
                  "цели объекта на стеке уже выбраны (601.2c)")
        if "id" in it:
            if not isinstance(it["id"], str) or it["id"] in c.players:
                c.err(_line(it, "id"), f"{key}.id", "id — строка (и не имя игрока)")
            elif it["id"] in c.ids:
                c.err(_line(it, "id"), f"{key}.id", f"id «{it['id']}» уже использован")
            else:
                c.ids.add(it["id"])
