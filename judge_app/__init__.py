"""judge_app: a rules reference and adjudication engine for Magic: The Gathering judges."""

__version__ = "0.1.0"
