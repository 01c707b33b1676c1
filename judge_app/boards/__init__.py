"""The board builder: a judge's own board, played out through the engine.

A board is a scenario (the YAML of ``docs/scenario-format.md``); the moves a judge
makes on the play page are more script actions ("decisions") appended to its script.
Nothing is kept in memory between requests: every answer replays board + decisions.

- ``replay``: parse and validate (with the scenario loader, so the messages are the
  files' own), run through the engine, report events, states, expectations;
- ``moves``: what is owed now and the legal actions, as script actions a page can send;
- ``store``: saved boards and their revisions in the user-data file (``userdb``).
"""
