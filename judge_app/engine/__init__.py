"""The rules engine: a board a judge builds, stepped through event by event.

Four layers, imports one way (kernel < rules < mechanisms < variants; docs/engine.md is the map).
Importing the package loads ``modules.MODULES``, the one list of the modules that plug into the
kernel's hooks (``kernel/hooks.py``).

kernel/
  state            Game, Player, Obj, Event, Decision — the game is a copyable value (``Game.clone``)
  hooks            the registry the higher layers plug into, asked by kind of hook
  events           primitive changes (zone moves, damage, life, draw, counters), each emitting an event
  replacement      replacement and prevention effects (614–616): the pipeline every event passes
  triggers         triggered abilities: detection, look-back, delayed triggers (603)
  event_triggers   trigger events: you draw, an opponent discards, becomes a target, a filtered "enters"
  layers           the one 613 computation of every object's characteristics, once per game state
  continuous       the continuous effects of the card vocabulary, layer by layer
  characteristics  questions about characteristics (P/T, keywords, the explanation), asked of ``layers``
  sba              state-based actions, all found then performed together, repeated (704.3)
  turn_history     what each player did this turn (601.3, 508.1c)
  messages         the message table: every event's Russian and English
  citations        rule numbers as data (``judge_app/engine/citations*.json``), per CR version
  errors, ru       the engine's two errors; Russian number forms
rules/
  priority, turn   priority, passing, resolving the top of the stack (117, 405, 608); steps (500–514)
  trigger_stack    triggered abilities onto the stack, APNAP, their targets (603.3)
  actions          cast, activate, play a land, pass, answer a decision — refusals roll back
  decisions        what is owed now, and the legal actions
  setup, view      build a game from a board description; show it (Russian text or JSON)
  effects          targets and the instructions of the card vocabulary (the primitives; the rest by hook)
  costs            costs and the choices made casting/activating (601.2b-h, 602.2b, 118)
  combat           combat (506-511): the decisions of the combat steps and their answers
  keywords/        keyword abilities (702): evasion, protection, strike
  stack_fights     spells that target spells: counter, new targets, copies (701.5, 115.7, 706.10); attach
  zone_actions     the library, graveyard and exile (search, scry, mill, shuffle) and "you may"
  prevention, regeneration, enter_replacements, zone_replacements   the replacement kinds of the rules
  control_copy     control change, copies (706) and the choices made as a permanent enters
  …                target kinds, Auras, restrictions and requirements, loyalty, groups, discard, reveal
mechanisms/        one verb or one kind of effect each (coin flips, naming, a random discard, …)
variants/          Two-Headed Giant (810, 805); the opening hands and the Leylines (103)

Only ``errors.InvalidInput`` and ``errors.Refused`` (both ``EngineError``) are raised on bad
input; the property tests hold the engine to that.
"""

from judge_app.engine import modules as _modules  # noqa: E402  the one list of hooked modules, loaded with the package

_modules.load()
