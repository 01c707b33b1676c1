"""A query that names pool cards: the scenarios holding them and the rules that decide them.

Why: «смирение опалесценция» holds no rules word; the two cards are the question. The
scenario library already plays such boards, and each scenario cites the rules that decide
it (its ``source`` line, ``explains`` and ``fired`` expectations, ``sources.py``). So:

* the scenarios holding the named cards are found by the ``cards`` field (most named cards
  held first, then the smaller board); they show as one «Сценарии» block (the best one, the
  rest under «ещё N»): first when two or more named cards share a scenario, else after the
  first two rules;
* three lists of rules are ranked together (``_scored``): the rules found by the query's other
  words (``_run_words`` on the query without the card names), the rules the best scenarios cite
  (in the release the scenario is written for; another release's numbers are not borrowed; for
  one card, also its keyword abilities' rules, ``abilities.py``), and the rules of what the named
  cards do (``card_mechanisms.py``: the card model's features -> the engine's citations, saved
  with the index), a rule two named cards meet in weighing more;
* the card's FAQ entry (its card record and rulings) leads for one card (as before this
  module) and follows the first rules for two;
* a FAQ M2011 card outside the engine's pool is named in a note («… нет в пуле карт»), and
  the rest of the query is searched as usual.
"""
from __future__ import annotations

import html
from functools import lru_cache

from judge_app.search import card_mechanisms
from judge_app.search import query as Q
from judge_app.search.analysis import ru_stem
from judge_app.search.cardnames import MAX_CARDS, CardNames, Named

CARD_RULES = 4          # rules taken from the scenarios and the card's abilities
SCENARIOS_SHOWN = 5     # the scenario block: the best one and up to four more
SCENARIOS_READ = 3      # scenarios whose cited rules are taken
MECHANISM_RULES = 8     # rules of what the named cards do (``card_mechanisms``) weighed by ``_scored``
MECHANISMS = True        # rank the words', the scenarios' and the mechanisms' rules together (``_scored``)


@lru_cache(maxsize=1)
def _cards_by_key() -> dict:
    from judge_app.cards.model import default_pool

    from judge_app.search.cardnames import card_key

    return {card_key(c.name_en): c for c in default_pool().cards}


def _scenarios(o, named: list[Named]) -> list[dict]:
    """Stored fields of the scenarios holding any of the ``named`` cards, best first: the most
    of them held, then the most of them in the title (the scenario is about them), then the
    smallest board."""
    keys = [n.key for n in named]
    if not keys:
        return []
    rows = _holding(o, keys)
    wanted = set(keys)
    heads = [ru_stem(n.name.split()[0].strip(",«»").lower().replace("ё", "е")) for n in named]

    def rank(f):
        held = set((f.get("cards") or "").split())
        title = (f.get("title") or "").lower().replace("ё", "е")
        return (-len(held & wanted), -sum(h in title for h in heads), len(held), f.get("number") or "")

    return sorted(rows, key=rank)


def _holding(o, keys: list[str]) -> list[dict]:
    """Stored fields of the scenarios holding any of the card ``keys``, in the order of Whoosh's
    search of Or([Term("cards", key) ...]) (summed scores, the lower number first on a tie),
    from the postings saved with the index (``postings.py``) instead of Whoosh's searcher."""
    P = o.postings
    with o.lock:
        held = 0
        for k in keys:
            held |= P.term("cards", k)
        return [o.fields(d) for d, _ in P.top(P.accumulate([("cards", k, 1.0) for k in keys]), held, None)]


def _held(f: dict, keys: list[str]) -> int:
    return len(set((f.get("cards") or "").split()) & set(keys))


def _cited_numbers(scenarios: list[dict], versions: list[str]) -> list[str]:
    """The rule numbers the best scenarios cite, in order, in a release searched (or as written
    when none is asked for): as written when the scenario is numbered in it, else carried through
    the renumbering into the newest release (``moved_refs``, ``sources.with_moved_refs``)."""
    out: list[str] = []
    for f in scenarios[:SCENARIOS_READ]:
        moved = (f.get("moved_refs") or "").split()
        if not versions or (f.get("ref_version") or "") in versions:
            out += (f.get("refs") or "").split()
        elif moved and moved[0] in versions:
            out += moved[1:]
    return list(dict.fromkeys(out))


def _scenario_hits(o, scenarios: list[dict]) -> list[dict]:
    hits = [Q._hit(f, 0.0, set(), o.ru) for f in scenarios[:SCENARIOS_SHOWN]]
    if not hits:
        return []
    head = hits[0]
    head["more"] = hits[1:]
    for m in head["more"]:
        m["snippet"] = html.escape(Q._clip(m.get("title") or ""))
    return [head]


# the weights of ``_scored``: a rule's place in each list (1 / (1 + rank)), the mechanism two named
# cards share, and the share of the query's other words its own text holds. Chosen on the tuned
# set + dev9 (card, interaction and question rows) by a grid; dev10 agreed (0.701 vs 0.680 for
# the next best); placing the mechanisms' rules before, after or alternating with the scenarios'
# instead lost on dev9 (interactions 0.714-0.750 vs 0.893)
W_WORDS, W_SCENARIO, W_MECHANISM, W_SHARED, W_SPOKEN = 1.0, 1.0, 1.5, 0.5, 1.0
W_OWN = 2.0  # one card's own text: its keyword abilities' rules and the situations it describes (1.0: dev10 +0.016, but Sun Titan's 202.3, test_questions, fell out)


def _scored(o, word_rules: list[dict], cited: list[dict], own: list[dict], mech: list[dict],
            shared: set[str], terms) -> list[dict]:
    """The three lists of rules (found by the query's other words, cited by the cards' scenarios,
    brought by the cards' mechanisms) ranked together by a weighted sum of where each rule
    stands in each, whether two named cards meet in it, and how much of the query's other words
    it speaks of (``_spoken``)."""
    score: dict[str, float] = {}
    hit: dict[str, dict] = {}
    rule_of = {}  # a rule number shown -> its id: a mechanism's subrule (702.20b) adds to its rule (702.20)
    for hits, w in ((word_rules, W_WORDS), (cited, W_SCENARIO), (own, W_OWN), (mech, W_MECHANISM)):
        for i, h in enumerate(hits):
            key = h["id"]
            if hits is mech and key not in hit:
                key = rule_of.get(h.get("number", "").rstrip("abcdefghijklmnopqrstuvwxyz"), key)
            hit.setdefault(key, h)
            rule_of.setdefault(h.get("number", ""), key)
            score[key] = score.get(key, 0.0) + w / (1 + i)
    for i, h in hit.items():
        if h.get("number") in shared:
            score[i] += W_SHARED
        if terms and W_SPOKEN:
            score[i] += W_SPOKEN * _spoken(o, h, terms)
    order = {i: n for n, i in enumerate(hit)}
    return [hit[i] for i in sorted(hit, key=lambda i: (-score[i], order[i]))]


def _spoken(o, h: dict, terms) -> float:
    """The share of ``terms`` a rule's own title and text hold."""
    held = o.held_terms(h["id"])
    return sum(bool(held.intersection(alts)) for alts in terms) / len(terms)


def _merge(card_rules: list[dict], word_rules: list[dict]) -> list[dict]:
    """Rules both lists name (in the word order), then the two lists alternating."""
    card_ids = {h["id"] for h in card_rules}
    both = [h for h in word_rules if h["id"] in card_ids]
    taken = {h["id"] for h in both}
    rest_w = [h for h in word_rules if h["id"] not in taken]
    rest_c = [h for h in card_rules if h["id"] not in taken]
    out = list(both)
    for i in range(max(len(rest_w), len(rest_c))):
        out += rest_w[i:i + 1] + rest_c[i:i + 1]
    seen: set[str] = set()
    return [h for h in out if not (h["id"] in seen or seen.add(h["id"]))]


def _outside_note(outside: list[Named]) -> str | None:
    if not outside:
        return None
    names = ", ".join(f"«{n.name}»" for n in outside)
    return (f"{names}: нет в пуле карт движка, сценариев с "
            f"{'ней' if len(outside) == 1 else 'ними'} нет; остальные слова запроса найдены как обычно")


def cards_query(o, q: str, named: list[Named], version, lang, kind, limit: int) -> tuple[list[dict], list[str]]:
    """Hits and notes for a query naming cards (see the module docstring)."""
    pool = [n for n in named if n.in_pool]
    notes = [x for x in (_outside_note([n for n in named if not n.in_pool]),) if x]
    if len(named) >= MAX_CARDS:
        notes.append(f"учтены первые {MAX_CARDS} карт запроса")
    rest = CardNames.rest(q, named)
    u = o.understood(rest) if Q.query_terms(rest, o.ru) else None
    if not pool:  # only cards outside the pool: search the rest of the query as usual
        flt = Q._filter(version, lang, kind)
        hits = Q._run_understood(o, u, version, lang, kind, flt, limit) if u else []
        return hits, notes
    keys = [n.key for n in pool]
    scenarios = _scenarios(o, pool)
    if kind == "scenario":
        return [Q._hit(f, 0.0, set(), o.ru) for f in scenarios[:limit]], notes
    versions = Q._as_list(version)
    rule_flt = Q._filter(version, lang, "rule")
    word_rules = Q._run_words(o, u.search, rule_flt, limit, group=False, question=u.question) if u else []
    lang_first = "en" if (lang == "en" or not Q._CYRILLIC.search(q)) else "ru"
    with o.lock:
        allowed = o.docset(rule_flt)
        cited = Q._situation_rules(o, _cited_numbers(scenarios, versions), allowed, q if lang_first == "ru" else "x")
    card_rules = [Q._hit(f, 0.0, set(), o.ru) for f, _ in cited]
    mech, shared, own = [], set(), []
    if MECHANISMS:  # the rules of what the cards do (``card_mechanisms``)
        nums, shared = card_mechanisms.rules_of(o.card_rules, keys, versions, with_shared=True)
        with o.lock:
            mech = [Q._hit(f, 0.0, set(), o.ru) for f, _ in Q._situation_rules(
                o, nums[:MECHANISM_RULES], allowed, q if lang_first == "ru" else "x")]
    if len(pool) == 1:  # one card: its keyword abilities' rules too
        card = _cards_by_key().get(keys[0])
        if card is not None:
            shown = {h["id"] for h in card_rules}
            text = o.card_text(pool[0].name) or card.text_ru or ""
            with o.lock:  # the situations its text describes («мана-стоимостью» -> 202.3)
                described = Q._situation_rules(o, o.situations.rules(Q.query_terms(text, o.ru)), allowed, q)
            own = [Q._hit(f, 0.0, set(), o.ru) for f in o.abilities.rules(text, allowed, lang_first)
                   + [f for f, _ in described] if f["id"] not in shown]
            if not MECHANISMS:
                card_rules += own
    if MECHANISMS:
        rules = _scored(o, word_rules, card_rules[:CARD_RULES + 2], own, mech, shared,
                        Q.query_terms(u.search, o.ru, o.derivations) if u else [])
    else:
        rules = _merge(card_rules[:CARD_RULES + 2], word_rules)
    block = _scenario_hits(o, scenarios)
    # the card's FAQ entry: one hit of a word search of its name, the only one given a snippet
    faq = Q._snippets([h for h in Q._run_words(o, pool[0].name, Q._filter(version, lang, None), limit,
                                               snippets=False)
                       if h["kind"] in ("card", "ruling")][:1], Q._query_tset(o, pool[0].name), o.ru)
    together = len(pool) > 1 and scenarios and _held(scenarios[0], keys) > 1
    if together:  # the board of both cards, the rules deciding it, then the first card's FAQ
        hits = block + rules[:3] + faq + rules[3:]
    else:         # one card: its FAQ entry, the rules, its scenarios after the first two
        hits = faq + rules[:2] + block + rules[2:]
    return hits[:limit], notes


LIFTED = 2        # rules a scenario lends: the first it cites
LIFT_AT = 1       # where they go: right after the best match


SCENARIO_BLOCK_AT = 3  # a word query's scenario block goes after this many entries


def _scenarios_holding_all(o, words: str, limit: int = SCENARIOS_SHOWN) -> list[dict]:
    """Scenarios whose title, summary, cards and tags hold every word of ``words``, best first."""
    terms = Q.query_terms(words, o.ru, o.derivations)
    if not terms:
        return []
    P = o.postings
    held = P.every(terms, ("title", "text"), P.term("kind", "scenario"))
    if not held:
        return []
    # the scores of And([Term kind scenario] + the words in the title and text): summed parts
    leaves = [("kind", "scenario", 1.0)] + [x for a in terms for x in Q._leaves(a, ("title", "text"))]
    with o.lock:
        return [o.fields(d) for d, _ in P.top(P.accumulate(leaves), held, limit)]


LEND_SPOKEN = True


def _speaks_of(o, f: dict, terms) -> bool:
    """Does a rule's own text (title and text, not the words citing it) hold at least half of
    the query's words? The scenario holding every word of «проверяются действия вызванные
    состоянием» cites 615.5 and 608.2c for its game, which say nothing of state-based actions;
    «трампл с дезтачем»'s cites 702.2c, which speaks of deathtouch."""
    held: set[str] = set()
    for words, _, _ in Q._text_spans(" ".join(x for x in (f.get("title"), f.get("text")) if x), o.ru):
        held.update(words)
    return 2 * sum(bool(held.intersection(alts)) for alts in terms) >= len(terms)


def scenario_lift(o, hits: list[dict], version, lang, words: str, q: str, limit: int,
                  lend: bool = True) -> list[dict]:
    """The scenarios holding every word of a word query of two words or more (the library
    plays this situation) as one «Сценарии» block after the first ``SCENARIO_BLOCK_AT`` entries; with ``lend`` (a
    query of two words or more that is not a question), the first rules the best of them
    cites go right after the best match, unless they are already among the first three:
    «трампл с дезтачем» finds the scenario «Пробивной удар и смертельное касание», which
    cites 702.2c."""
    if len(Q.query_terms(words, o.ru)) < 2:  # one word («полёт») names a topic, not a situation
        return hits
    found = _scenarios_holding_all(o, words)
    if not found:
        return hits
    block = _scenario_hits(o, found)
    if lend:
        nums = _cited_numbers(found[:1], Q._as_list(version))[:LIFTED]
        top = {h.get("number") for h in hits[:3] if h.get("kind") == "rule"}
        nums = [n for n in nums if not any(t == n or (t or "").startswith(n) for t in top)]
        if nums:
            with o.lock:
                lent = Q._situation_rules(o, nums, o.docset(Q._filter(version, lang, "rule")), q)
            if LEND_SPOKEN:  # a rule the scenario cites lends itself only if it speaks of the query
                terms = Q.query_terms(words, o.ru, o.derivations)
                lent = [(f, sc) for f, sc in lent if _speaks_of(o, f, terms)]
            new = [Q._hit(f, 0.0, set(), o.ru) for f, _ in lent]
            ids = {h["id"] for h in new}
            hits = [h for h in hits if h["id"] not in ids]
            hits = hits[:LIFT_AT] + new + hits[LIFT_AT:]
    at = min(SCENARIO_BLOCK_AT, len(hits))
    return (hits[:at] + block + hits[at:])[:limit]
