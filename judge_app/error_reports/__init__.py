"""Judges report errors in the 2020 Russian text (issue 27, part 2).

A judge selects words on a Russian rule page and proposes the fix (``store.submit``, no
account needed); a mentor accepts, edits or rejects it in the app (``store.decide``), with
the evidence of the source glyphs, the English twin and the 2019 text beside it
(``evidence``); ``judge corrections export`` (``export``) writes the accepted reports into
``rules_corpus/corrections/cr-ru-2020-01-24.tsv``, which the corpus build applies.

The reports live in ``users.db`` (feature «text_reports»), never in the corpus.
"""
