"""Game state: a value that can be copied (``Game.clone``).

Characteristics are stored only as the base values of the object; anything that
continuous effects change (power/toughness) is computed in ``characteristics``.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from judge_app.cards.model import ManaCost
from judge_app.engine.kernel import citations, hooks, layers

STEPS = ("untap", "upkeep", "draw", "main1", "beginning_of_combat", "declare_attackers",
         "declare_blockers", "first_strike_damage", "combat_damage", "end_of_combat", "main2",
         "end", "cleanup")
STEP_RU = {
    "untap": "шаг разворота", "upkeep": "шаг поддержки", "draw": "шаг взятия карты",
    "main1": "первая главная фаза", "beginning_of_combat": "шаг начала боя",
    "declare_attackers": "шаг объявления атакующих", "declare_blockers": "шаг объявления блокирующих",
    "first_strike_damage": "шаг боевых повреждений первого удара",
    "combat_damage": "шаг боевых повреждений", "end_of_combat": "шаг конца боя",
    "main2": "вторая главная фаза", "end": "заключительный шаг", "cleanup": "шаг очистки",
    "start_of_game": "начало партии (до первого хода)",   # not a step: engine/opening_hand.py (103.5)
}
STEP_EN = {   # the trace's English text and the builder's ?ui=en
    "untap": "untap step", "upkeep": "upkeep step", "draw": "draw step", "main1": "precombat main phase",
    "beginning_of_combat": "beginning of combat step", "declare_attackers": "declare attackers step",
    "declare_blockers": "declare blockers step", "first_strike_damage": "first-strike combat damage step",
    "combat_damage": "combat damage step", "end_of_combat": "end of combat step",
    "main2": "postcombat main phase", "end": "end step", "cleanup": "cleanup step",
    "start_of_game": "start of the game (before the first turn)",
}
ZONES = ("library", "hand", "battlefield", "graveyard", "exile", "stack", "command")
ZONE_RU = {"library": "библиотека", "hand": "рука", "battlefield": "поле битвы",
           "graveyard": "кладбище", "exile": "изгнание", "stack": "стек", "command": "командная зона"}
PLAYER_ZONES = ("library", "hand", "graveyard", "exile", "command")


BASE_FIELDS = ("name_ru", "name_en", "cost", "colors", "types", "subtypes", "supertypes", "abilities", "keywords",
               "power", "toughness", "loyalty", "text_en", "controller", "flip")


@dataclass
class Obj:
    """A card, token, ad-hoc object or ability on the stack."""
    id: str
    owner: str
    controller: str
    zone: str
    name_ru: str
    name_en: str = ""
    cost: ManaCost | None = None
    colors: tuple = ()
    types: tuple = ()
    subtypes: tuple = ()
    supertypes: tuple = ()
    power: int | None = None
    toughness: int | None = None
    loyalty: int | None = None
    keywords: tuple = ()
    abilities: tuple = ()
    spell_targets: tuple = ()
    effects: tuple = ()
    enchant: str | None = None
    distinct_targets: bool = False
    text_ru: str = ""
    text_en: str = ""
    token: bool = False
    anonymous: bool = False
    face_down: bool = False       # a face-down permanent (707): layers.py gives it the 707.2a values
    flip: dict | None = None      # a flip card's flipped half (709); ``flipped``: it has been flipped
    flipped: bool = False
    back_face: Any = None         # a double-faced card's back face (a CardDef, 712.2); None: one face
    transformed: bool = False     # its back face is up (701.27, 712.8e; mechanisms/double_faced.py)
    meld: Any = None              # a meld card's pair data (712.4; cards.model.meld_of)
    melded_with: str | None = None   # a melded permanent: the id of its other card (701.42a; mechanisms/meld.py)
    tapped: bool = False
    sick: bool = False            # True: not under its controller's control since their turn began (302.6)
    counters: dict = field(default_factory=dict)
    damage: int = 0
    deathtouch_damage: bool = False
    attached_to: str | None = None
    timestamp: int = 0
    incarnation: int = 0          # bumps on every zone change: a new object (400.7)
    # on the stack
    stack_kind: str | None = None  # "spell" or "ability"
    source: str | None = None      # source object id of an ability
    source_lki: dict | None = None
    targets: list = field(default_factory=list)   # [(kind, ref, incarnation)]
    # the layers (613, layers.py): the characteristics above are the computed ones;
    # ``base`` keeps the actual object's values (613.1) they are computed from
    base: dict | None = None
    chosen: dict = field(default_factory=dict)    # "as [this] enters" choices: {type|color|copy: value}
    seen_controller: tuple | None = None          # (incarnation, controller) at the last computation
    casting: dict | None = None                   # the card's modes and extra costs (cards.model.CASTING_KEYS), never changed
    choices: dict = field(default_factory=dict)   # made casting/activating (x, mode, costs paid; engine/costs.py)

    def __post_init__(self):
        if self.base is None:
            self.base = {k: getattr(self, k) for k in BASE_FIELDS}

    def set_base_controller(self, who: str) -> None:
        self.controller = who
        self.base = {**self.base, "controller": who}

    def is_type(self, t: str) -> bool:
        return t in self.types

    @property
    def is_creature(self) -> bool:
        return "creature" in self.types

    def label(self) -> str:
        if self.stack_kind == "ability":
            return f"{self.name_ru} ({self.id})"
        return f"«{self.name_ru}» ({self.id})" if self.name_ru else f"перманент лицом вниз ({self.id})"   # 707.2a

    def label_en(self) -> str:
        return f"{self.name_en or self.name_ru or 'face-down permanent'} ({self.id})"

    def copy(self) -> "Obj":
        o = Obj.__new__(Obj)   # a plain field copy: copy.copy's reduce protocol costs 3x (Game.clone)
        o.__dict__.update(self.__dict__)
        o.counters = dict(self.counters)
        o.targets = list(self.targets)
        o.chosen = dict(self.chosen)
        o.choices = dict(self.choices)
        return o


@dataclass
class Player:
    name: str
    life: int = 20
    poison: int = 0
    pool: dict = field(default_factory=dict)     # symbol -> amount
    library: list = field(default_factory=list)  # top first
    hand: list = field(default_factory=list)
    graveyard: list = field(default_factory=list)  # top last
    exile: list = field(default_factory=list)
    command: list = field(default_factory=list)
    lost: bool = False
    drew_from_empty: bool = False
    lands_played: int = 0
    max_hand: int = 7
    damaged_this_turn: bool = False   # has been dealt damage this turn (Bloodcrazed Goblin, restrictions.py)

    def zone(self, z: str) -> list:
        return getattr(self, z)

    def copy(self) -> "Player":
        p = copy.copy(self)
        p.pool = dict(self.pool)
        for z in PLAYER_ZONES:
            setattr(p, z, list(getattr(self, z)))
        return p


@dataclass(frozen=True)
class Event:
    """One change to the game: what happened, to what, and the rules behind it. ``message`` and
    ``args``: the message of ``engine/messages.py`` its texts were rendered from, with its
    arguments as data (empty for an event whose texts were written where it happens)."""
    index: int
    kind: str
    text_ru: str
    text_en: str
    objects: tuple
    rule_keys: tuple
    rules: tuple
    message: str = ""
    args: dict | None = field(default=None, compare=False)

    def to_dict(self) -> dict:
        return {"index": self.index, "kind": self.kind, "text_ru": self.text_ru,
                "text_en": self.text_en, "objects": list(self.objects), "rules": list(self.rules)}


@dataclass
class Decision:
    """What a player owes: ``kind`` and the legal ``options``."""
    by: str
    kind: str           # targets | legend_rule | order_triggers | discard
    options: list
    text_ru: str
    count: int = 1
    resume: str = "settle"
    context: dict = field(default_factory=dict)

    def to_dict(self) -> dict:
        return {"by": self.by, "decision": self.kind, "options": list(self.options),
                "count": self.count, "text_ru": self.text_ru}


class StopAtEvent(Exception):
    """Raised by ``Game.emit`` when a run was asked to stop after event N."""

    def __init__(self, game: "Game"):
        super().__init__(f"stopped after event {len(game.events)}")
        self.game = game


@dataclass
class Game:
    players: list
    objects: dict = field(default_factory=dict)
    battlefield: list = field(default_factory=list)
    stack: list = field(default_factory=list)      # bottom first
    turn: int = 1
    active: int = 0
    step: str = "main1"
    priority: int | None = None
    passes: int = 0
    effects: list = field(default_factory=list)    # continuous effects from resolution
    static_sources: list = field(default_factory=list)  # battlefield ids with static abilities
    ts: int = 0
    pending_triggers: list = field(default_factory=list)
    trigger_queue: list = field(default_factory=list)
    decision: Decision | None = None
    sba_choices: dict = field(default_factory=dict)
    result: dict | None = None
    rules_version: str = citations.default_version()
    events: list = field(default_factory=list)
    seq: int = 0
    stop_at: int | None = None
    cleanup_again: bool = False
    attackers: bool = False
    combat: dict | None = None    # the combat phase's state (combat.py); None outside combat
    layer_cache: tuple | None = field(default=None, repr=False, compare=False)   # (state key, computed) — layers.py
    layer_cache_applied: bool = False
    layer_memo: dict = field(default_factory=dict, repr=False, compare=False)   # state key -> computed, shared with clones
    auto_answers: list = field(default_factory=list)   # (by, kind, answer) the engine made alone: the only legal one
    version: int = 0   # bumped by ``touch`` on changes that move no timestamp (counters, attachments)
    teams: tuple = ()   # Two-Headed Giant (810): the teams' player names; empty in other games (two_headed_giant.py)
    # fn(game, event) called after each event of this game, not of its copies (the offline pack
    # keeps the board at every event: offline/steps.py); a clone starts with none, a restore keeps them
    observers: list = field(default_factory=list, repr=False, compare=False)

    # -- values -------------------------------------------------------------------
    def clone(self) -> "Game":
        g = copy.copy(self)
        g.players = [p.copy() for p in self.players]
        g.objects = {k: o.copy() for k, o in self.objects.items()}
        g.battlefield = list(self.battlefield)
        g.stack = list(self.stack)
        g.effects = [dict(e) for e in self.effects]
        g.static_sources = list(self.static_sources)
        g.pending_triggers = list(self.pending_triggers)
        g.trigger_queue = list(self.trigger_queue)
        g.decision = copy.deepcopy(self.decision)
        g.sba_choices = dict(self.sba_choices)
        g.result = dict(self.result) if self.result else None
        g.events = list(self.events)
        g.combat = copy.deepcopy(self.combat)
        g.auto_answers = list(self.auto_answers)
        g.observers = []
        for hook in hooks.hooks(hooks.CLONE):   # a variant relinks what it shares (810.4: one team life total)
            hook.fn(g)
        return g

    def restore(self, other: "Game") -> None:
        observers = self.observers
        self.__dict__.update(other.__dict__)
        self.observers = observers

    # -- lookups ------------------------------------------------------------------
    def player(self, name: str) -> Player:
        for p in self.players:
            if p.name == name:
                return p
        raise KeyError(name)

    def has_player(self, name: str) -> bool:
        return any(p.name == name for p in self.players)

    def pidx(self, name: str) -> int:
        for i, p in enumerate(self.players):
            if p.name == name:
                return i
        raise KeyError(name)

    @property
    def ap(self) -> Player:
        return self.players[self.active]

    @property
    def priority_player(self) -> Player | None:
        return None if self.priority is None else self.players[self.priority]

    def has_priority(self, name: str) -> bool:
        """Whether ``name`` may act now: they hold priority — or, with shared team turns, their
        team does (805.5a)."""
        pp = self.priority_player
        return pp is not None and (pp.name == name or (bool(self.teams) and _teammates(self, pp.name, name)))

    def is_active(self, name: str) -> bool:
        """The active player — or, with shared team turns, a player of the active team (805.4a)."""
        return self.ap.name == name or (bool(self.teams) and _teammates(self, self.ap.name, name))

    def apnap(self) -> list:
        """Players in APNAP order (101.4), skipping those who lost."""
        n = len(self.players)
        return [self.players[(self.active + i) % n] for i in range(n)
                if not self.players[(self.active + i) % n].lost]

    def live_players(self) -> list:
        return [p for p in self.players if not p.lost]

    def zone_list(self, obj: Obj) -> list:
        if obj.zone == "battlefield":
            return self.battlefield
        if obj.zone == "stack":
            return self.stack
        return self.player(obj.owner).zone(obj.zone)

    def touch(self) -> None:
        """Say that something a characteristic depends on changed without a new timestamp
        (counters, an attachment): the layers (``layers.state_key``) compute again."""
        self.version += 1

    def next_ts(self) -> int:
        self.ts += 1
        return self.ts

    def numbered_id(self, base: str) -> str:
        """``base-1``, ``base-2``, …: the first free one. An object on the stack made from a
        permanent (``ID-ab-1``, ``ID-trig-1``) so gets a name a script can write in advance."""
        k = 1
        while f"{base}-{k}" in self.objects:
            k += 1
        return f"{base}-{k}"

    def new_id(self, base: str) -> str:
        self.seq += 1
        cand = f"{base}-{self.seq}"
        while cand in self.objects:
            self.seq += 1
            cand = f"{base}-{self.seq}"
        return cand

    # -- the trace ----------------------------------------------------------------
    def emit(self, kind: str, text_ru: str, text_en: str = "", objects=(), keys=(), message: str = "",
             args: dict | None = None) -> Event:
        if not keys:
            raise ValueError(f"event {kind} cites no rule")
        if self.teams and "life_change" in keys:   # Two-Headed Giant: the result is the team's (810.9)
            keys = (*keys, "team_life_shared")
            text_ru += " — итог жизней команды"
        layers.refresh(self)   # each event shows a state whose characteristics are computed (613.4)
        rules = tuple(citations.rule(k, self.rules_version) for k in keys)
        ev = Event(len(self.events) + 1, kind, text_ru, text_en, tuple(objects), tuple(keys), rules, message, args)
        self.events.append(ev)
        for fn in self.observers:
            fn(self, ev)
        if self.stop_at is not None and len(self.events) >= self.stop_at:
            snap = self.clone()
            snap.stop_at = None
            raise StopAtEvent(snap)
        return ev

    def answered_alone(self, by: str, kind: str, answer) -> None:
        """Record a decision the engine made itself because only one answer was legal, so that a
        script that gives that same answer anyway is accepted (not "no decision is owed")."""
        self.auto_answers.append((by, kind, sorted(map(str, answer if isinstance(answer, list) else [answer]))))

    def cite(self, key: str) -> str:
        return citations.rule(key, self.rules_version)


def _teammates(game: "Game", a: str, b: str) -> bool:
    return any(a in t and b in t for t in game.teams)
