"""The hook registry: the one place a module of a higher layer says what it handles.

The kernel and the rules never import a mechanism or a variant: they ask this registry by the
kind of hook, and the modules that plug in register themselves when they are loaded. Which
modules are loaded, and in what order, is the one explicit list in ``judge_app/engine/modules.py``
(loaded with the package), so nothing depends on which module happened to be imported first.

Kinds of hook (``register(kind, ...)``):

- ``INSTRUCTION``: an instruction of the card vocabulary (``{flip_coin: true}``), carried out as
  a spell or ability resolves (608.2c). Declared by the vocabulary ``keys`` it handles, with an
  optional ``when(e)`` for an instruction whose key is shared (``destroy: each_creature``);
  ``effects._run_one`` calls the first, by ``order``, that takes the instruction:
  ``fn(game, so, e, at)``, ``at`` the ``effects.Resolving`` context.
- ``DECISION``: the answer to a decision the engine owes (``keys``: decision kinds);
  ``actions.choose`` calls ``fn(game, value)``.
- ``ASK``: a choice asked before a spell or ability resolves; ``priority.resolve_top`` calls every
  ``fn(game, so)`` by ``order`` and stops at the first that returns True (a decision is owed).
- ``CONDITION``: a condition word of an intervening "if" or a static's "as long as"
  (``keys``: the condition keys); ``fn(game, controller, value)`` returns whether it holds.
- ``DAMAGE_TO_PLAYER``: listeners told of noncombat damage dealt to a player (120.2b):
  ``fn(game, player)``, by ``order``.
- ``TARGET_BAN``: "can't be the target of" (115.1, 702.16b): ``fn(game, obj, source, keywords)``
  returns the rule keys why ``obj`` can't be a target of ``source``, or nothing; every one is
  asked, by ``order``, after shroud and hexproof.
- ``BLOCK_BAN``: a blocking restriction between one blocker and one attacker that a mechanism owns
  (509.1b; shadow, 702.28b): ``fn(game, blocker, attacker)`` returns [(rule keys, reason)], or [];
  its ``keys`` are the keyword it owns, which is also its citation key (cited when a block obeys it).
- ``BLOCKED``: listeners ``fn(game, attacker, blockers)`` as an attacker becomes blocked (509.1h), with
  the creatures blocking it: a trigger that reads the blockers ("becomes blocked by a white creature", 509.3f).
- ``CLONE``: called on every ``Game.clone`` copy, ``fn(copy)``, to relink what a variant keeps.
- ``COUNTER_BAN``: "can't be countered by …" (``stack_fights``): ``fn(game, spell, by)`` → True protects.
- ``ATTACH_BAN``: keyed ``Aura`` / ``Equipment`` (704.5m-n with 702.16c-d): ``fn(game, host, attachment)``
  → truthy when it can't stay attached.
- ``ACTIVATION_BAN``: ``fn(game, obj)`` → (message, rule key) when its abilities can't be activated (602.5).
- ``CAST_CHECK``: ``fn(game, player)`` raises ``Refused`` when the player can't cast spells now (601.3).
- ``COST_CHECK`` / ``COST_PAY``: keyed by a cost word (``opponent_gains_life``, ``exile``): check before
  anything is paid (118.3) ``fn(game, player)``; pay (601.2h) ``fn(game, player, obj, value, by_ref, keys)``.
- ``COST_CHOICE``: keyed by an additional-cost word that offers a choice of how it is paid ("reveal a
  Merfolk card from your hand or pay {3}"): ``fn`` an object with ``complete(game, player, obj, value, out,
  ask)`` (the choice filled in or asked: False when a decision is owed), ``mana(value, choices)`` (the mana
  it adds to the total cost, 601.2f, or None) and ``pay(game, player, obj, value, choices, by_ref, keys)`` (601.2h).
- ``PLAY_LAND_FROM``: ``fn(game, player)`` → ids of cards outside the hand that ``player`` may play as a
  land now ("you may play lands from the top of your library", 305.1, 601.3); ``actions.play_land``.
- ``EFFECT_FILTER``: keyed by an effect modifier (``if_won``): ``fn(so, e)`` → whether the effect happens;
  the modifier is removed from the effects that stay.
- ``BEFORE_EVENT`` / ``AFTER_EVENT``: keyed by an event kind (``damage``, ``destroy``, ``enter``), one each:
  ``fn(game, event)`` before the replacement pipeline (True: the event does not happen) / after it happened.
- ``COUNTERS_REMOVED``: listeners ``fn(game, obj, kind, n)`` (a cost, an SBA, a prevention removed counters).
- ``TARGETED``: listeners ``fn(game, obj)`` when a permanent becomes a target (603.2).
- ``DIES``: listeners ``fn(game, creature, info, together)`` when a creature goes to a graveyard from the battlefield.
- ``IN_FORCE``: ``fn(game, effect)`` → whether a continuous effect of ``game.effects`` still applies (611.2b);
  every one must hold.
- ``STATIC``: keyed by a static ability kind the layers don't know: ``fn(src, ability, common)`` → its CEffect.
- ``TRIGGER_TARGETS``: a trigger whose targets are chosen another way (603.3d divided): ``when(ability)``,
  ``fn`` an object with ``choose(game, t)`` and ``announce(game, ability_obj, shares)``.
- ``TEAMS``: the team rules (810), one object asked for teams, seats, team losses (``team_rules()``).
- ``VARIANT``: keyed by a board's variant name: ``fn(game, spec)`` sets the game up.
- ``TRIGGER``: a declaration, keyed by the vocabulary's ``trigger:`` words: ``fn`` is the function
  that detects the word where its event happens (``triggers.on_enter`` for ``etb``, ``combat`` for
  ``attacks``); a word has one detector (tests/engine/test_hook_registry.py).
- ``START_STEP``: keyed by a board's starting step that is not a step of the turn: ``fn(game)`` begins there (103).
- ``MANA_HELP``: keyed by an optional additional cost (``waterbend``) whose generic mana permanents may pay instead
  (701.67a): ``fn`` an object with ``units(game, player, obj, cost)`` — how much of the generic mana ``cost`` they can pay
  now — and ``pay(game, player, so, choices, total)`` → the total left to pay in mana, after tapping them.
- ``FACE_UP``: ``fn(obj, chars)`` → the characteristics of the face of a double-faced permanent that is up
  (712.8d-e), asked by ``layers.base_chars`` for a permanent with its back face up.
- ``LEAVES_BATTLEFIELD``: ``fn(game, obj, zone)`` as a permanent leaves the battlefield for ``zone``, before
  it becomes a new object (``events.move``): a melded permanent's other card goes with it (712.21).
- ``CAST_FILTER``: keyed by a ``you_cast`` / ``player_casts`` trigger's filter word: ``fn(game, spell, source, value)``
  → whether the spell cast makes that ability trigger (``triggers.on_cast``).
- ``REVEALED``: ``fn(game, card)`` → the permanent that keeps a card in a hand revealed now, or None
  ("your opponents play with their hands revealed", Telepathy); ``view.board_dict`` asks it to show
  a hand revealed to that permanent's controller.
- ``TOKEN_COPY``: ``fn(game, original, token)`` after a token that's a copy of ``original`` is made and before it
  enters: what the copy takes besides the copiable values (707.8a: the other face of a double-faced object).

The replacement and prevention effects (614–616) keep their own typed registry,
``replacement.register(Kind(...))``, filled by the same loaded modules.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

INSTRUCTION = "instruction"
DECISION = "decision"
ASK = "ask"
CONDITION = "condition"
DAMAGE_TO_PLAYER = "damage_to_player"
CLONE = "clone"
TARGET_BAN = "target_ban"
BLOCK_BAN = "block_ban"
BLOCKED = "blocked"
COUNTER_BAN = "counter_ban"
ATTACH_BAN = "attach_ban"
ACTIVATION_BAN = "activation_ban"
CAST_CHECK = "cast_check"
COST_CHECK = "cost_check"
COST_PAY = "cost_pay"
COST_CHOICE = "cost_choice"
PLAY_LAND_FROM = "play_land_from"
EFFECT_FILTER = "effect_filter"
BEFORE_EVENT = "before_event"
AFTER_EVENT = "after_event"
COUNTERS_REMOVED = "counters_removed"
TARGETED = "targeted"
DIES = "dies"
IN_FORCE = "in_force"
STATIC = "static"
TRIGGER_TARGETS = "trigger_targets"
TEAMS = "teams"
VARIANT = "variant"
START_STEP = "start_step"
TRIGGER = "trigger"
MANA_HELP = "mana_help"
FACE_UP = "face_up"
TOKEN_COPY = "token_copy"
CAST_FILTER = "cast_filter"
LEAVES_BATTLEFIELD = "leaves_battlefield"
REVEALED = "revealed"
KINDS = (MANA_HELP, TRIGGER, INSTRUCTION, DECISION, ASK, CONDITION, DAMAGE_TO_PLAYER, CLONE, TARGET_BAN, BLOCK_BAN, BLOCKED, COUNTER_BAN, ATTACH_BAN,
         ACTIVATION_BAN, CAST_CHECK, COST_CHECK, COST_PAY, COST_CHOICE, PLAY_LAND_FROM, EFFECT_FILTER, BEFORE_EVENT, AFTER_EVENT, COUNTERS_REMOVED,
         TARGETED, DIES, IN_FORCE, STATIC, TRIGGER_TARGETS, TEAMS, VARIANT, START_STEP,
         FACE_UP, TOKEN_COPY, CAST_FILTER, LEAVES_BATTLEFIELD, REVEALED)


@dataclass(frozen=True)
class Hook:
    kind: str
    fn: Callable
    module: str
    keys: tuple = ()
    order: int = 0
    when: Callable | None = field(default=None, compare=False)

    def takes(self, e: dict) -> bool:
        """Whether this instruction hook carries out ``e``: its own test, else one of its keys."""
        return self.when(e) if self.when is not None else any(k in e for k in self.keys)


_HOOKS: dict = {k: [] for k in KINDS}
_BY_KEY: dict = {k: {} for k in KINDS}


def register(kind: str, fn: Callable, keys: tuple = (), order: int = 0, when: Callable | None = None) -> Hook:
    """Declare ``fn`` the handler of ``keys`` for hooks of ``kind``. A key has one handler: a
    second registration of the same key is a programming error and fails at load time."""
    if kind not in _HOOKS:
        raise ValueError(f"unknown hook kind {kind!r}")
    hook = Hook(kind, fn, getattr(fn, "__module__", ""), tuple(keys), order, when)
    for k in hook.keys:
        if k in _BY_KEY[kind]:
            raise ValueError(f"{kind} {k!r} has two handlers: {_BY_KEY[kind][k].module} and {hook.module}")
        _BY_KEY[kind][k] = hook
    hooks = _HOOKS[kind]
    hooks.append(hook)
    hooks.sort(key=lambda h: h.order)   # stable: equal orders keep the load order
    return hook


def hooks(kind: str) -> list:
    """Every hook of ``kind``, by order."""
    return _HOOKS[kind]


def by_key(kind: str, key: str) -> Hook | None:
    """The one hook of ``kind`` that declared ``key``, or None."""
    return _BY_KEY[kind].get(key)


def team_rules():
    """The team rules object (TEAMS): who is on whose team, the next seat, team losses (810)."""
    return _HOOKS[TEAMS][0].fn


def instruction_for(e: dict) -> Hook | None:
    """The first instruction hook, by order, that carries out ``e``."""
    return next((h for h in _HOOKS[INSTRUCTION] if h.takes(e)), None)
