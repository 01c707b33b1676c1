"""The reviewed classification of the M2011 FAQ rulings (``rules_corpus/faq_rulings/*.yaml``).

Each of the FAQ's 312 rulings is linked, by hand, to the card(s) it is about and to the rule
numbers it relies on in the 2020-01-24 numbering, and given a status:

* ``shown``   — a scenario under ``scenarios/faq-m2011/`` plays it and passes (``scenario:``);
* ``holds``   — it still holds but is not a board question (``why:`` deck building, definition…);
* ``changed`` — a later rule overturned it (``changed: {rule, release, since, what_ru, what_en}``; ``since``
  left out where the corpus cannot date the change, and ``release`` says why);
* ``pending`` — a board question whose scenario needs an engine piece not there yet (``missing:``).

A ``shown`` or ``changed`` ruling may add ``later:`` — the ruling against a release after 2020:
``{release, rule, what_ru, what_en, scenario}`` when its outcome is different from ``release`` on
(``rule``: the rule of that release that makes it so), or ``{release, rule, holds: true, …}`` when
the outcome holds and only the board's script (a damage assignment order, say) has no
counterpart there. ``scenario`` plays the board under that release or a later one.

This module reads and validates the files on their own (:func:`load`), then against the parsed
FAQ and the 2020 rules (:func:`check_against`), and turns them into rows for the store
(:func:`rows`). Every error names the file, the line and the key, so a bad entry is found at once.
Rule numbers stay strings: the YAML loader here does not read ``706.10`` as the float ``706.1``.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from .lookup import CorpusError

STATUSES = ("shown", "holds", "changed", "pending")
TARGET_VERSION = "2020-01-24"
SOURCE_RE = re.compile(r"^FAQ M2011, (?P<subject>.+), ruling (?P<n>\d+)$")
NUMBER_RE = re.compile(r"^\d{3}(\.\d+[a-z]?)?$")
ENTRY_KEYS = {"ruling", "card", "cards", "quoted", "rules", "status", "scenario", "missing", "why",
              "changed", "note", "later"}
CHANGED_KEYS = {"rule", "release", "since", "what_ru", "what_en", "scenario"}
LATER_KEYS = {"release", "rule", "holds", "what_ru", "what_en", "scenario"}
RELEASE_RE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
SCENARIO_ID_RE = re.compile(r"^id:\s*[\"']?([^\s\"'#]+)", re.M)
SCENARIO_RELEASE_RE = re.compile(r"^rules_version:\s*[\"']?(\d{4}-\d{2}-\d{2})", re.M)
MAX_FILE_BYTES = 1 << 20


class FaqLinkError(CorpusError):
    """A classification entry that is malformed or disagrees with the corpus: ``judge build``
    prints the message (file, line, key) and exits 2, never a traceback."""

    def __init__(self, message: str):
        super().__init__(message, status=400)


@dataclass
class Link:
    ruling: int
    status: str
    rules: list[str]
    file: str
    line: int
    card: str | None = None
    cards: list[str] = field(default_factory=list)
    quoted: list[str] = field(default_factory=list)
    scenario: str | None = None
    missing: str | None = None
    why: str | None = None
    changed: dict | None = None
    note: str | None = None
    later: dict | None = None

    @property
    def where(self) -> str:
        return f"{self.file}:{self.line}"


@dataclass
class Classification:
    links: dict[int, Link]
    quoted: dict[str, dict[str, str]]  # M2011 number -> {"2019": n, "2020": n}
    names: dict[str, str] = field(default_factory=dict)  # FAQ card name (Russian) -> English name


class _Loader(yaml.SafeLoader):
    """Safe YAML without implicit floats, recording each mapping's line as ``__line__``."""


_Loader.yaml_implicit_resolvers = {
    k: [(tag, rx) for tag, rx in v if tag != "tag:yaml.org,2002:float"]
    for k, v in yaml.SafeLoader.yaml_implicit_resolvers.items()}


def _mapping_with_line(loader, node, deep=False):
    mapping = yaml.SafeLoader.construct_mapping(loader, node, deep=True)
    mapping["__line__"] = node.start_mark.line + 1
    return mapping


_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _mapping_with_line)


def default_dir() -> Path:
    from .. import paths

    return paths.CORPUS_DIR / "faq_rulings"


def files(directory: Path | None = None) -> list[Path]:
    return sorted(Path(directory or default_dir()).glob("*.yaml"))


def _fail(where: str, key: str, message: str) -> FaqLinkError:
    return FaqLinkError(f"{where}: {key}: {message}")


def _text(value, where: str, key: str, required: bool = True) -> str | None:
    if value is None and not required:
        return None
    if not isinstance(value, str) or not value.strip():
        raise _fail(where, key, "нужна непустая строка")
    return value.strip()


def _numbers(value, where: str, key: str) -> list[str]:
    if not isinstance(value, list):
        raise _fail(where, key, "нужен список номеров правил")
    out = []
    for n in value:
        n = str(n)
        if not NUMBER_RE.match(n):
            raise _fail(where, key, f"«{n}» — не номер правила")
        out.append(n)
    return out


def _entry(raw, file: str) -> Link:
    line = raw.get("__line__", 0) if isinstance(raw, dict) else 0
    where = f"{file}:{line}"
    if not isinstance(raw, dict):
        raise _fail(where, "rulings", "каждый элемент — словарь")
    unknown = sorted(set(raw) - ENTRY_KEYS - {"__line__"})
    if unknown:
        raise _fail(where, unknown[0], f"неизвестный ключ (допустимы: {', '.join(sorted(ENTRY_KEYS))})")
    ruling = raw.get("ruling")
    if not isinstance(ruling, int) or isinstance(ruling, bool) or ruling < 0:
        raise _fail(where, "ruling", "нужен номер разъяснения в корпусе (целое ≥ 0)")
    status = raw.get("status")
    if status not in STATUSES:
        raise _fail(where, "status", f"одно из {', '.join(STATUSES)}, а не {status!r}")
    rules = _numbers(raw.get("rules"), where, "rules")
    if not rules:
        raise _fail(where, "rules", "хотя бы одно правило")
    cards = raw.get("cards", [])
    if not (isinstance(cards, list) and all(isinstance(c, str) and c.strip() for c in cards)):
        raise _fail(where, "cards", "нужен список названий карт")
    link = Link(ruling=ruling, status=status, rules=rules, file=file, line=line,
                card=_text(raw.get("card"), where, "card", required=False), cards=list(cards),
                quoted=_numbers(raw.get("quoted", []), where, "quoted"),
                note=_text(raw.get("note"), where, "note", required=False))
    if "later" in raw:
        if status not in ("shown", "changed"):
            raise _fail(where, "later", "только при status: shown или changed (разъяснение, которое играет доска)")
        link.later = _later(raw["later"], where, ruling)
    needs = {"shown": "scenario", "pending": "missing", "changed": "changed"}
    for st, key in needs.items():
        if key in raw and status != st:
            raise _fail(where, key, f"только при status: {st}")
    if status == "shown":
        link.scenario = _text(raw.get("scenario"), where, "scenario")
    elif status == "pending":
        link.missing = _text(raw.get("missing"), where, "missing")
    elif status == "holds":
        link.why = _text(raw.get("why"), where, "why", required=False)
    elif status == "changed":
        link.changed = _changed(raw.get("changed"), where)
        if link.changed["rule"] not in rules:
            raise _fail(where, "changed.rule", f"{link.changed['rule']} должно быть и в rules")
    return link


def _changed(raw, where: str) -> dict:
    if not isinstance(raw, dict):
        raise _fail(where, "changed", "нужен словарь {rule, release, since, what_ru, what_en}")
    where = f"{where.rsplit(':', 1)[0]}:{raw.get('__line__', where.rsplit(':', 1)[-1])}"
    unknown = sorted(set(raw) - CHANGED_KEYS - {"__line__"})
    if unknown:
        raise _fail(where, f"changed.{unknown[0]}", "неизвестный ключ")
    out = {"rule": _numbers([raw.get("rule")], where, "changed.rule")[0]}
    for key in ("release", "what_ru"):
        out[key] = _text(raw.get(key), where, f"changed.{key}")
    for key in ("since", "what_en", "scenario"):   # since: left out where the corpus can't date the change
        out[key] = _text(raw.get(key), where, f"changed.{key}", required=False)
    if out["since"] is not None and not re.match(r"^\d{4}-\d{2}$", out["since"]):
        raise _fail(where, "changed.since", "год и месяц, ГГГГ-ММ")
    return out


def _later(raw, where: str, ruling: int) -> dict:
    """``later:`` read on its own: the release after 2020, its rule, holds or not, the scenario."""
    if not isinstance(raw, dict):
        raise _fail(where, "later", f"разъяснение {ruling}: нужен словарь {{release, rule, what_ru, scenario}}")
    where = f"{where.rsplit(':', 1)[0]}:{raw.get('__line__', where.rsplit(':', 1)[-1])}"
    unknown = sorted(set(raw) - LATER_KEYS - {"__line__"})
    if unknown:
        raise _fail(where, f"later.{unknown[0]}", f"разъяснение {ruling}: неизвестный ключ "
                    f"(допустимы: {', '.join(sorted(LATER_KEYS))})")
    release = raw.get("release")
    release = release.isoformat() if hasattr(release, "isoformat") else release  # YAML reads 2024-11-08 as a date
    if not (isinstance(release, str) and RELEASE_RE.match(release)):
        raise _fail(where, "later.release", f"разъяснение {ruling}: дата выпуска правил ГГГГ-ММ-ДД, а не {release!r}")
    if release <= TARGET_VERSION:
        raise _fail(where, "later.release", f"разъяснение {ruling}: выпуск {release} не позже {TARGET_VERSION}, "
                    "по которому классифицированы разъяснения")
    holds = raw.get("holds", False)
    if not isinstance(holds, bool):
        raise _fail(where, "later.holds", f"разъяснение {ruling}: true или false")
    rule = str(raw.get("rule"))
    if not NUMBER_RE.match(rule):
        raise _fail(where, "later.rule", f"разъяснение {ruling}: «{rule}» — не номер правила")
    out = {"release": release, "holds": holds, "rule": rule}
    for key in ("what_ru", "what_en", "scenario"):
        value = raw.get(key)
        if value is None and key == "what_en":
            out[key] = None
        elif isinstance(value, str) and value.strip():
            out[key] = value.strip()
        else:
            raise _fail(where, f"later.{key}", f"разъяснение {ruling}: нужна непустая строка")
    return out


def scenario_releases(directory: Path | None = None) -> dict[str, str] | None:
    """Every library scenario's id -> the release it plays (``rules_version``; none: the newest,
    given as ""); None when there is no scenario library (an installed copy without it). Read by
    two line patterns, not the scenario loader: the corpus build only needs to know that a
    ``later.scenario`` exists and which release it plays."""
    from .. import paths

    directory = Path(directory or paths.SCENARIOS_DIR)
    if not directory.is_dir():
        return None
    out: dict[str, str] = {}
    for path in sorted(directory.rglob("*.yaml")):
        if path.stat().st_size > MAX_FILE_BYTES:
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        sid = SCENARIO_ID_RE.search(text)
        if sid:
            rel = SCENARIO_RELEASE_RE.search(text)
            out[sid[1]] = rel[1] if rel else ""
    return out


def check_later(cls: Classification, releases: dict[str, set[str]], scenarios: dict[str, str] | None,
                newest: str, unheld_ok: bool = False) -> list[int]:
    """Check each ``later:`` against the corpus: its release an English CR release held (after
    2020), its rule a rule of that release, its scenario a library board that plays that release
    or a later one (``scenarios``: id -> rules_version, "" for the newest, ``newest``; None:
    no library to check against).

    ``unheld_ok``: a build from another sources folder (``JUDGE_SOURCES``) may not hold the
    release; such entries are dropped (returned) instead of refused."""
    dropped = []
    for link in sorted(cls.links.values(), key=lambda x: x.ruling):
        later = link.later
        if not later:
            continue
        head = f"разъяснение {link.ruling}"
        if later["release"] not in releases:
            if unheld_ok:
                link.later = None
                dropped.append(link.ruling)
                continue
            raise _fail(link.where, "later.release", f"{head}: выпуска {later['release']} нет среди английских "
                        f"выпусков корпуса после {TARGET_VERSION} ({', '.join(sorted(releases)) or 'ни одного'})")
        if later["rule"] not in releases[later["release"]]:
            raise _fail(link.where, "later.rule", f"{head}: правила {later['rule']} нет в выпуске {later['release']}")
        if scenarios is None:
            continue
        if later["scenario"] not in scenarios:
            raise _fail(link.where, "later.scenario", f"{head}: сценария {later['scenario']} нет в библиотеке")
        plays = scenarios[later["scenario"]] or newest
        if plays < later["release"]:
            raise _fail(link.where, "later.scenario", f"{head}: сценарий {later['scenario']} играет выпуск {plays}, "
                        f"а не {later['release']} или более поздний")
    return dropped


def load(directory: Path | None = None) -> Classification:
    """Read and validate every file; the corpus is not needed for this part."""
    links: dict[int, Link] = {}
    quoted: dict[str, dict[str, str]] = {}
    names: dict[str, str] = {}
    for path in files(directory):
        name = path.name
        if path.stat().st_size > MAX_FILE_BYTES:
            raise FaqLinkError(f"{name}: файл больше {MAX_FILE_BYTES} байт")
        try:
            data = yaml.load(path.read_text(encoding="utf-8"), Loader=_Loader) or {}
        except yaml.YAMLError as exc:
            mark = getattr(exc, "problem_mark", None)
            raise FaqLinkError(f"{name}:{mark.line + 1 if mark else 0}: YAML: {exc}") from None
        if not isinstance(data, dict) or not isinstance(data.get("rulings", []), list):
            raise FaqLinkError(f"{name}:1: rulings: ожидается словарь с ключом rulings (список)")
        unknown = sorted(set(data) - {"rulings", "quoted", "names", "__line__"})
        if unknown:
            raise _fail(f"{name}:1", unknown[0], "неизвестный ключ верхнего уровня (rulings, quoted, names)")
        for ru, en in (data.get("names") or {}).items():
            if ru != "__line__":
                names[ru] = _text(en, f"{name}:{data['names'].get('__line__', 1)}", f"names.{ru}")
        for old, step in (data.get("quoted") or {}).items():
            if old == "__line__":
                continue
            where = f"{name}:{data['quoted'].get('__line__', 1)}"
            if not (isinstance(step, dict) and {"2019", "2020"} <= set(step)):
                raise _fail(where, f"quoted.{old}", "нужен словарь {\"2019\": номер, \"2020\": номер}")
            quoted[str(old)] = {v: _numbers([step[v]], where, f"quoted.{old}.{v}")[0] for v in ("2019", "2020")}
        for raw in data.get("rulings") or []:
            link = _entry(raw, name)
            if link.ruling in links:
                raise _fail(link.where, "ruling", f"разъяснение {link.ruling} уже описано в {links[link.ruling].where}")
            links[link.ruling] = link
    for link in links.values():
        for old in link.quoted:
            if old not in quoted:
                raise _fail(link.where, "quoted", f"{old} нет в таблице quoted")
            if quoted[old]["2020"] not in link.rules:
                raise _fail(link.where, "rules", f"цитируемое {old} соответствует {quoted[old]['2020']}, его нет в rules")
    return Classification(links, quoted, names)


def check_against(cls: Classification, rulings: list, cards: list, known_2020: set[str],
                  renumbering: dict[str, str] | None = None) -> None:
    """Check the classification against the parsed FAQ and the 2020 rule numbers.

    ``rulings``/``cards``: the FAQ parser's records; ``renumbering``: 2019 → 2020 numbers from
    the version history, to check the second step of each quoted mapping.
    """
    by_pos = {c.position: c for c in cards}
    for link in cls.links.values():
        if link.ruling >= len(rulings):
            raise _fail(link.where, "ruling", f"в FAQ нет разъяснения {link.ruling} (всего {len(rulings)})")
        ruling = rulings[link.ruling]
        card = by_pos.get(ruling.card_position) if ruling.card_position is not None else None
        if card is None and link.card:
            raise _fail(link.where, "card", f"разъяснение {link.ruling} — общее («{ruling.topic}»), не о карте")
        if card is not None and link.card != card.name:
            raise _fail(link.where, "card", f"разъяснение {link.ruling} — о карте «{card.name}», а не «{link.card}»")
        numbers = list(link.rules) + ([link.changed["rule"]] if link.changed else [])
        for n in numbers:
            if n not in known_2020:
                raise _fail(link.where, "rules", f"правила {n} нет в правилах {TARGET_VERSION}")
    for old, step in cls.quoted.items():
        if step["2020"] not in known_2020:
            raise FaqLinkError(f"quoted.{old}: правила {step['2020']} нет в правилах {TARGET_VERSION}")
        if renumbering is not None and renumbering.get(step["2019"], step["2019"]) != step["2020"]:
            raise FaqLinkError(f"quoted.{old}: по истории версий 2019 {step['2019']} → "
                               f"2020 {renumbering.get(step['2019'])}, а не {step['2020']}")
    faq_names = {c.name for c in cards}
    if cls.names and faq_names != set(cls.names):
        lacking, extra = sorted(faq_names - set(cls.names)), sorted(set(cls.names) - faq_names)
        raise FaqLinkError(f"names: нет английского имени для {lacking[:5]}; лишние {extra[:5]}")
    missing = sorted(set(range(len(rulings))) - set(cls.links))
    if missing:
        raise FaqLinkError(f"не классифицированы разъяснения: {', '.join(map(str, missing[:20]))}"
                           + (" …" if len(missing) > 20 else ""))


def subject(link: Link, rulings: list) -> str:
    """What a scenario's ``source:`` names: the card, or the general topic in «»."""
    return link.card or f"«{rulings[link.ruling].topic}»"


def source_line(link: Link, rulings: list) -> str:
    return f"FAQ M2011, {subject(link, rulings)}, ruling {link.ruling}"


def rows(cls: Classification, doc_id: str, rulings: list) -> tuple[list[dict], list[dict], list[dict]]:
    """Rows for ``ruling_links`` (one per ruling), ``ruling_rules`` (one per ruling × rule) and
    ``card_names`` (the English name of each FAQ card)."""
    links, refs = [], []
    names = [{"name": ru, "name_en": en} for ru, en in sorted(cls.names.items())]
    for link in sorted(cls.links.values(), key=lambda x: x.ruling):
        ruling = rulings[link.ruling]
        rid = f"{doc_id}:r{link.ruling}"
        links.append({
            "ruling_id": rid, "position": link.ruling,
            "card_id": f"{doc_id}:c{ruling.card_position}" if ruling.card_position is not None else None,
            "card": link.card, "topic": ruling.topic, "status": link.status,
            "rules": json.dumps(link.rules), "cards": json.dumps(link.cards, ensure_ascii=False),
            "quoted": json.dumps({q: cls.quoted[q]["2020"] for q in link.quoted}),
            "scenario": link.scenario or (link.changed or {}).get("scenario"),
            "missing": link.missing, "why": link.why,
            "changed": json.dumps(link.changed, ensure_ascii=False) if link.changed else None,
            "note": link.note, "file": link.file, "line": link.line,
            "later": json.dumps(link.later, ensure_ascii=False) if link.later else None,
        })
        for n in dict.fromkeys(link.rules):
            refs.append({"ruling_id": rid, "position": link.ruling, "number": n,
                         "version": TARGET_VERSION, "status": link.status})
    return links, refs, names
