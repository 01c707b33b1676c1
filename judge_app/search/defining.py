"""A definition question is answered by the rule that defines its term.

«что считается перманентом», «что такое полёт», «what counts as a permanent»: the judge asks
what a word of the rules means, and the answer is the rule that defines it, which the words
alone rank below the many rules that merely use the term (110.1 «Перманент — это карта или
фишка на поле битвы» under 114.5, 205.4g and 506.3a, which mention permanents). The glossary
of the same release names that rule («Перманент … Смотрите правило 110 «Перманенты»»), and a
heading's first rule defines its title (110 -> 110.1, 702.9 «Полёт» -> 702.9a). So for a
query that opens as a definition question (``DEFINITION``) and whose other words are a
glossary term or a heading's title, the rule it names leads the hits — or, where that rule is
a heading, its first rule. A chapter («Zone: See chapter 4») defines nothing by its number:
the entry's first reference to a rule is taken, and an entry naming only chapters is left out.

Data: the glossary entries of the index (``kind="glossary"``: a Russian entry's title is
«English / Русский», an English one's the English term; ``refs`` the rules it names) and the
titles of its heading rules (``is_title_rule``: sections, keywords, keyword actions), read
once per opened index (``Glossary``). No word list of its own.
"""
from __future__ import annotations

import re
from collections import defaultdict

# a question that asks what a term is; the query must open with it (after an optional «а», «и»,
# «так» or «ну»)
DEFINITION = re.compile(
    r"^\s*(?:(?:а|и|так|ну)\s+)?(?:"
    r"что\s+(?:же\s+)?(?:такое|значит|означает|считается|называется|понимается\s+под|это\s+за|есть)"
    r"|кто\s+(?:такой|такая|такие|считается|является|называется)"
    r"|what\s+(?:is|are|was|'s|does|do|counts?\s+as)|what's|define|definition\s+of|meaning\s+of"
    r")(?:\s|$|[,:?«\"])",
    re.I)
# the words a definition question keeps besides its term («считается», «…, а что нет», «means»)
MARKER_WORDS = frozenset("""считаться называться являться понимать понимаемый означать значить
    такой это есть же нет what mean meant count counts define definition meaning not s""".split())
SLACK = 0  # query words besides the term that a match may leave over («что такое командная
#            зона» is not a question about «зона»)


def asks_definition(q: str) -> bool:
    return bool(DEFINITION.search(q or ""))


class Glossary:
    """The glossary terms of each release and language, as index terms, with the first rule
    each entry names."""

    def __init__(self, entries, words):
        """``entries``: (version, lang, title, refs) of the index's glossary documents, then
        of its heading rules (``refs`` the heading's own number), in that order (a glossary
        term wins a tie); ``words``: text -> its words, each a tuple of alternative index
        terms (``query.query_terms`` with the index's analyser: «полёт» is «полет» or «полоть»)."""
        # the marker words as the index reads a query («define» -> «defin»), beside their own forms
        self.markers = MARKER_WORDS | {t for alts in words(" ".join(sorted(MARKER_WORDS))) for t in alts}
        self.terms: dict[tuple[str, str], list[tuple[tuple[frozenset[str], ...], str]]] = defaultdict(list)
        for version, lang, title, refs in entries:
            # the first rule named: a chapter («4») is no rule that defines a term
            first = [r for r in (refs or "").split() if len(r.split(".")[0]) == 3][:1]
            if not first or not title:
                continue
            term = title.split(" / ", 1)[1] if lang == "ru" and " / " in title else title
            term = re.sub(r"\((?:obsolete|устарело)\)", " ", term, flags=re.I)
            alts = tuple(frozenset(a) for a in words(term) if a and not set(a) & self.markers)
            if alts:
                self.terms[version, lang].append((alts, first[0]))

    def defined(self, words, version: str, lang: str) -> str | None:
        """The rule named by the glossary term that the query's ``words`` (each a tuple of
        alternative index terms) spell: every word of the term among them, at most ``SLACK``
        query words left over; the term of the most words wins, then the first entry."""
        query = [set(alts) for alts in words if not set(alts) & self.markers]
        if not query:
            return None
        best, best_n = None, 0
        for term, ref in self.terms.get((version, lang), ()):
            if len(term) <= best_n or len(term) > len(query):
                continue
            if not all(any(word & alts for alts in query) for word in term):
                continue  # a word of the term the query does not hold
            left = sum(1 for alts in query if not any(word & alts for word in term))
            if left <= SLACK:
                best, best_n = ref, len(term)
        return best
