"""Property: a card of the pool with one value replaced by junk either loads or is refused
with CardDataError (a message naming the card and key), never another exception — the card
validators in cards/model.py must check a value's type before they read it (a broken card
file is a clear message, exit 2 in the CLI, 503 in the web)."""

import copy

import yaml
from hypothesis import HealthCheck, given, settings, strategies as st

from judge_app.cards.model import POOL_DIR, CardDataError, card_from_dict
from tests.mutation import paths, set_at

RAW = [d for path in sorted(POOL_DIR.glob("*.yaml"))
       for d in yaml.safe_load(path.read_text(encoding="utf-8"))]

junk = st.one_of(st.none(), st.booleans(), st.integers(-3, 12), st.text(max_size=6),
                 st.sampled_from(["self", "target1", "you", "creature", "red", "+1/+1", "{T}", "end", "all"]),
                 st.lists(st.one_of(st.none(), st.integers(0, 3), st.text(max_size=3), st.just([]), st.just({})),
                          max_size=3),
                 st.dictionaries(st.sampled_from(["for", "at", "effects", "what", "to", "kind", "x"]),
                                 st.one_of(st.none(), st.integers(0, 3), st.just([]), st.just("self")), max_size=2))


def test_the_pool_is_not_empty():
    assert len(RAW) > 100


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(which=st.integers(0, len(RAW) - 1), where=st.integers(0, 10_000), value=junk)
def test_mutated_cards_load_or_are_refused(which, where, value):
    data = copy.deepcopy(RAW[which])
    where_to = [p for p in paths(data) if p]
    set_at(data, where_to[where % len(where_to)], value)
    try:
        card_from_dict(data, "<mutant>")
    except CardDataError as exc:
        assert "<mutant>" in str(exc)
