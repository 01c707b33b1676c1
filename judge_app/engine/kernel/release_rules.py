"""Which rules release a game plays, and what holds in that release.

The engine plays every release it has citation numbers for (``citations.versions()``: the
*playable* releases). A board names its release (``rules_version``); one without a name
plays the newest playable. Rules that differ between releases in *behaviour*, not only in
wording, are listed in ``release_rules.json`` with the release that changed them, so the
code asks ``has(game.rules_version, "damage_assignment_order")`` instead of comparing dates
where it plays (the decision per changed rule is in the citations' ``drift`` notes).
"""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from judge_app.engine.kernel import citations

DATA_FILE = Path(__file__).with_name("release_rules.json")


class UnplayableRelease(ValueError):
    """A ``rules_version`` the engine cannot play; the message lists the ones it can."""

    def __init__(self, version: str, held: bool | None = None):
        self.version = version
        where = {True: " (в корпусе он есть, но номеров правил движка для него нет)",
                 False: " (такого выпуска в корпусе нет)", None: ""}[held]
        where_en = {True: " (the corpus holds it, but the engine has no rule numbers for it)",
                    False: " (the corpus does not hold it)", None: ""}[held]
        self.message_ru = (f"движок не играет по выпуску правил «{version}»{where}; "
                           f"можно: {', '.join(playable())}")
        self.message_en = (f"the engine cannot play rules release '{version}'{where_en}; "
                           f"it plays: {', '.join(playable())}")
        super().__init__(self.message_ru)


def playable() -> list[str]:
    """The releases the engine plays, newest first."""
    return sorted(citations.versions(), reverse=True)


def newest() -> str:
    return playable()[0]


def check(version, held: bool | None = None) -> str:
    """``version`` as the engine plays it (None or "" → the newest), or ``UnplayableRelease``."""
    if version is None or version == "":
        return newest()
    version = str(version)
    if version not in playable():
        raise UnplayableRelease(version, held)
    return version


@lru_cache(maxsize=1)
def _features() -> dict:
    return json.loads(DATA_FILE.read_text(encoding="utf-8"))["features"]


def has(version: str, feature: str) -> bool:
    """Does ``feature`` (a key of release_rules.json) hold in the release ``version``?"""
    f = _features()[feature]
    return f.get("since", "") <= version < f.get("until", "9999-99-99")


def feature(name: str) -> dict:
    return dict(_features()[name])


def no_feature_ru(version: str, name: str) -> str:
    """Why a board of ``version`` cannot use ``name`` (an order of blockers in 2026, say)."""
    f = _features()[name]
    rules = ", ".join(citations.rule(k, version) for k in f["cites_new"])
    return f"в выпуске правил {version} этого нет. {f['ended_ru']} ({rules})"


def missing_for_card(version: str, casting: dict | None) -> list[str]:
    """The features a card uses (``card_key`` in its casting keys: waterbend) that the release
    ``version`` does not have, each as the message the loader gives."""
    out = []
    for name, f in _features().items():
        if f.get("card_key") and f["card_key"] in (casting or {}) and not has(version, name):
            rules = ", ".join(citations.rule(k, f["since"]) for k in f["cites_new"])
            out.append(f"в выпуске правил {version} этого нет: {f['began_ru']} ({rules} в выпуске {f['since']})")
    return out
