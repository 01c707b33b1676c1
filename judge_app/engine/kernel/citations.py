"""Rule numbers as data.

Every number the engine can cite lives in ``judge_app/engine/citations*.json`` (beside the package), keyed
by meaning, one number per corpus version. Code never writes a rule number: it cites a
key, and the key is resolved for the rules version the scenario names. ``citations.json`` holds
the versions and the core keys; the other files group the keys by mechanism
(``citations_combat.json``, ``citations_zones.json`` …), each key in one file
(tests/engine/test_engine_layout_names.py).
"""

from __future__ import annotations

from functools import lru_cache
import json
from pathlib import Path

DATA_FILE = Path(__file__).resolve().parents[1] / "citations.json"   # the data stays beside the package: judge_app/engine/citations*.json


@lru_cache(maxsize=1)
def _data() -> dict:
    data = json.loads(DATA_FILE.read_text(encoding="utf-8"))
    for extra in sorted(DATA_FILE.parent.glob("citations_*.json")):   # e.g. citations_combat.json
        data["rules"].update(json.loads(extra.read_text(encoding="utf-8"))["rules"])
    return data


def versions() -> list[str]:
    return list(_data()["versions"])


def default_version() -> str:
    return _data()["default_version"]


def keys() -> list[str]:
    return list(_data()["rules"])


def about(key: str) -> str:
    return _data()["rules"][key]["about"]


def reworded(key: str) -> str | None:
    """Why a key's rule reads differently between versions though it is the same rule."""
    return _data()["rules"][key].get("reworded")


def drift_note(key: str, version: str) -> str:
    """What reading ``version``'s text decided for a key whose rule changed since 2020:
    "text: ..." (the engine plays it as before) or "behaviour: ..." (a release hook,
    ``release_rules``); "" where the rule did not change (scripts/derive_citations.py)."""
    return _data()["rules"][key].get(f"drift {version}") or ""


class UnknownCitation(KeyError):
    pass


def rule(key: str, version: str | None = None) -> str:
    """The rule number meaning ``key`` in the CR of ``version``."""
    version = version or default_version()
    try:
        entry = _data()["rules"][key]
    except KeyError:
        raise UnknownCitation(key) from None
    num = entry.get(version)
    if not num and entry.get("older_releases_cite"):   # a rule new in a later release: before it, the one
        return rule(entry["older_releases_cite"], version)   # that covered the case (701.20c -> 701.15a)
    if not num:
        raise UnknownCitation(f"{key} @ {version}")
    return num


def since(key: str) -> str:
    """The first release a key's rule exists in, for a rule added after the oldest playable one
    (701.24g, waterbend's 701.67): "" for the others. Before it the key has no number."""
    return _data()["rules"][key].get("since", "")


def exists(key: str, version: str) -> bool:
    """Whether the release ``version`` has a rule for ``key`` (a key with ``since`` may not)."""
    return bool(_data()["rules"].get(key, {}).get(version))


def all_numbers(version: str) -> dict[str, str]:
    return {k: v[version] for k, v in _data()["rules"].items() if v.get(version)}
