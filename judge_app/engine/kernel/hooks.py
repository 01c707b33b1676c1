"""The hook registry: the one place a module of a higher layer says what it handles.

The kernel and the rules never import a mechanism or a variant: they ask this registry by the
kind of hook, and the modules that plug in register themselves when they are loaded. Which
modules are loaded, and in what order, is the one explicit list in ``judge_app/engine/modules.py``
(loaded with the package), so nothing depends on which module happened to be imported first.

Kinds of hook (``register(kind, ...)``):

- ``INSTRUCTION``: an instruction of the card vocabulary (``{flip_coin: true}``), carried out as
  a spell or ability resolves (608.2c). Declared by the vocabulary ``keys`` it handles, with an
  optional ``when(e)`` for an instruction whose key is shared (``destroy: each_creature``);
  ``effects.run_one`` calls the first, by ``order``, that takes the instruction:
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
- ``CLONE``: called on every ``Game.clone`` copy, ``fn(copy)``, to relink what a variant keeps.

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
KINDS = (INSTRUCTION, DECISION, ASK, CONDITION, DAMAGE_TO_PLAYER, CLONE, TARGET_BAN)


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


def instruction_for(e: dict) -> Hook | None:
    """The first instruction hook, by order, that carries out ``e``."""
    return next((h for h in _HOOKS[INSTRUCTION] if h.takes(e)), None)
