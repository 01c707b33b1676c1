"""The rules engine: a board a judge builds, stepped through event by event.

Modules
-------
state            Game, Player, Obj, Event, Decision — the game is a copyable value (``Game.clone``)
citations        rule numbers as data (``citations.json``), per CR version, cited by meaning
layers           the one 613 computation of every object's characteristics (layers 1–7e,
                 CDAs, timestamps, dependency, 611.2c), once per game state, explained
continuous       the continuous effects of the card vocabulary, layer by layer
control_copy     control change, copies (706) and the choices made as a permanent enters
characteristics  questions about characteristics (P/T, keywords, the explanation), asked of ``layers``
events           primitive changes (zone moves, damage, life, draw, counters), each emitting an event
triggers         triggered abilities: detection, look-back, APNAP and per-player ordering (603)
sba              state-based actions, all found then performed together, repeated (704.3)
priority         priority, passing, resolving the top of the stack (117, 405, 608)
turn             steps and turn-based actions (500–514)
combat           combat (506-511): the decisions of the combat steps and their answers
actions          cast, activate, play a land, pass, answer a decision — refusals roll back
costs            costs and the choices made casting/activating: X, modes, sacrifice, discard, life,
                 additional/alternative costs, loyalty costs, divided damage (601.2b-h, 602.2b, 118)
loyalty          when an ability may be activated: loyalty abilities (606.3), equip, "only as a sorcery"
stack_fights     spells that target spells: counter (701.5), new targets (115.7d; "change the target", 115.7a — the new target becomes a target, 115.7), copies (706.10); attach
zone_actions     the library, graveyard and exile (search, scry, mill, shuffle, linked exile, exile until
                 the next end step) and "you may": the choices asked as a spell or ability resolves
event_triggers   trigger events: you draw, an opponent discards, becomes a target, a filtered "enters"
decisions        what is owed now, and the legal actions
effects          targets and the effects of the card vocabulary
group_effects    instructions about a group fixed as they resolve: "creatures you control get …" (611.2c)
untap_locks      "doesn't untap during its controller's next untap step", asked by the untap step (502.2)
mutual_damage    "it deals damage equal to its power to target creature, and that creature to it"
reveal           a card revealed at random from a hand (701.15a)
lasting_control  control changes and type additions with no duration (611.2a)
attack_requirements  "attacks you this turn if able" (508.1d)
block_requirements   "all creatures able to block it do so" (509.1c)
turn_history     what each player did this turn; Angelic Arbiter's restrictions (601.3, 508.1c)
enchanted_locks  an Aura that forbids its creature's activated abilities; "when enchanted creature
                 becomes the target" (602.5)
game_end_effects "the game is a draw" (104.4c)
extra_phases     an additional combat phase and main phase after this main phase (500.8, 505.1a);
                 "untap all creatures that attacked this turn"
opening_hand     the start of the game: the opening hands and the Leylines put onto the battlefield (103)
counter_amounts  "twice that many" / "that many plus one" counters (614.16), also those a permanent
                 enters with (122.6); two of them are ordered by its controller (616.1)
shield_split     which simultaneous combat damage a "prevent the next N" shield prevents: a choice (615.7)
two_headed_giant the Two-Headed Giant variant up to combat: team life and poison, team losses, team
                 turns and priority (810, 805)
setup / view     build a game from a board description; show it (Russian text or JSON)

Only ``errors.InvalidInput`` and ``errors.Refused`` (both ``EngineError``) are raised on bad
input; the property tests hold the engine to that.
"""

from judge_app.engine import modules as _modules  # noqa: E402  the one list of hooked modules, loaded with the package

_modules.load()
