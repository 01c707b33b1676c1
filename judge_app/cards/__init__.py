"""Cards as data: the card model and the small ability vocabulary the engine understands.

The pool lives in ``rules_corpus/cards/*.yaml``; see ``rules_corpus/cards/README.md``
for the vocabulary.
"""

from judge_app.cards.model import CardDef, CardPool, ManaCost, parse_mana_cost, load_pool, default_pool

__all__ = ["CardDef", "CardPool", "ManaCost", "parse_mana_cost", "load_pool", "default_pool"]
