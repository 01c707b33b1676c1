"""Training new judges: questions generated from the scenario library and graded by the
engine, spaced-repetition review, exams, mentor groups and progress.

- ``questions``: the question bank (outcome, legality, which rule, what next);
- ``grading``: checking an answer against the bank;
- ``store``: accounts, groups, answers, review cards and exams in ``instance/users.db``;
- ``schedule``: the FSRS review schedule; ``exam``: the Level 1-style exam;
- ``progress``: accuracy per topic over time and the chart of it.
"""
