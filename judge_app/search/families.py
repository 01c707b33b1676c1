"""Verb families: the forms of one Russian verb that pymorphy3 keeps apart as separate lemmas.

A judge asks in one form and the rule answers in another: «когда заканчиваются эффекты»
(заканчиваться) is answered by 514.2 «заканчивают своё действие эффекты» (заканчивать);
«когда можно разыграть волшебство» (разыграть) by 307.1 «может разыгрывать карту
волшебства» (разыгрывать); «когда проверяются действия…» by 704.3 «игра проверяет…».
pymorphy3 joins the inflections of each of these words, not the words (aspect pairs and
reflexive verbs are separate lemmas), and their Snowball stems differ too (разыгрыва / разыгра).

``family_key`` reduces a verb lemma to a key its aspect and reflexive relatives share, by rules
of Russian word formation, not a word list:

* the reflexive ending goes (заканчиваться -> заканчивать);
* the infinitive suffix goes, with the imperfective -ыва-/-ива- (разыгрывать, разыграть ->
  разыгр; срабатывать, сработать -> срабат);
* the root vowel о/а alternation of aspect pairs is folded (сбросить / сбрасывать,
  закончить / заканчивать), and so are л after a labial (объявлять / объявить) and жд/д;
* за- of a borrowed verb in -ировать/-овать is only aspect (заблокировать / блокировать).

Verbal nouns (разрешение -> разрешаться, показывание -> показать) were tried as members too
and left out: on the judges' rows they lost as many answers as they found (разрешение
«resolving» joined разрешать «allow»; «срабатывание» every rule about triggering).

``VerbFamilies(lemmas)`` groups the index's own lemmas by key (only verbs, by pymorphy3's tag);
``relatives(lemma)`` gives the other members. A key shorter than
``MIN_KEY`` letters or a family larger than ``MAX_FAMILY`` links nothing: short keys join
unrelated verbs.
"""
from __future__ import annotations

from judge_app.search.analysis import morph

MIN_KEY = 4
MAX_FAMILY = 6
_VERB_SUFFIXES = ("ывать", "ивать", "ать", "ять", "ить", "еть", "оть", "уть", "ыть", "ти", "ть")
_LABIAL_L = ("бл", "пл", "вл", "мл", "фл")
_INFINITIVE = ("ть", "ти", "ться", "тись")  # the endings of the infinitives a family is made of


def _fold(key: str) -> str:
    key = key.replace("о", "а")
    if key.endswith(_LABIAL_L):
        key = key[:-1]
    if key.endswith("жд"):
        key = key[:-2] + "д"
    return key


def family_key(lemma: str, pos: str | None) -> str | None:
    """The key of a verb (``pos`` "INFN", pymorphy3's tag of an infinitive), else None."""
    if pos != "INFN":
        return None
    w = lemma.lower().replace("ё", "е")
    borrowed = w.endswith(("ировать", "овать", "ироваться", "оваться"))
    if w.endswith(("ся", "сь")):
        w = w[:-2]
    for suf in _VERB_SUFFIXES:
        if w.endswith(suf) and len(w) > len(suf) + 1:
            w = w[:-len(suf)]
            break
    if borrowed and w.startswith("за") and len(w) - 2 >= MIN_KEY:
        w = w[2:]
    w = _fold(w)
    return w if len(w) >= MIN_KEY else None


def _pos(lemma: str) -> str | None:
    """pymorphy3's part of speech of a lemma read as its own normal form."""
    for p in morph().parse(lemma):
        if p.normal_form.replace("ё", "е") == lemma:
            return p.tag.POS
    return None


class VerbFamilies:
    """The index's lemmas grouped into verb families (see the module docstring)."""

    def __init__(self, lemmas):
        groups: dict[str, set[str]] = {}
        self.key: dict[str, str] = {}
        for lemma in lemmas:
            if not lemma or not ("а" <= lemma[0] <= "я" or lemma[0] == "ё"):
                continue
            if not lemma.endswith(_INFINITIVE):
                continue  # only an infinitive can have a key: skip the parse
            k = family_key(lemma, _pos(lemma))
            if k:
                self.key[lemma] = k
                groups.setdefault(k, set()).add(lemma)
        self.groups = {k: v for k, v in groups.items() if 1 < len(v) <= MAX_FAMILY}

    def relatives(self, lemma: str) -> tuple[str, ...]:
        """The other lemmas of the family of ``lemma`` (sorted), or (); a lemma the index does
        not hold («заканчиваться» when the rules say «заканчивают») is keyed as it comes."""
        k = self.key.get(lemma)
        if k is None and lemma not in self.key:
            # as in ``__init__``: only an infinitive the groups could hold has a family, so a
            # noun or an adjective of the query is not parsed (a pymorphy3 parse per new word)
            k = self.key[lemma] = family_key(lemma, _pos(lemma)) if lemma.endswith(_INFINITIVE) else None
        members = self.groups.get(k) if k else None
        return tuple(sorted(m for m in members if m != lemma)) if members else ()
