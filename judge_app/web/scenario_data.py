"""The scenario library and its runs, as the pages need them.

The engine (``judge_app.engine``, ``judge_app.scenarios``) belongs to another part of
the project and is still growing, so everything here is defensive: a file that does
not load, an engine that is missing or raises, a step out of range — each becomes
something the page can show, never an exception. Runs are cached by file and mtime.
"""
from __future__ import annotations

import re
import threading
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from .. import paths

ID_RE = re.compile(r"[A-Za-z0-9_\-.]{1,120}")
_lock = threading.RLock()


@dataclass
class Item:
    id: str
    path: Path
    title: str = ""
    summary: str = ""
    source: str = ""
    rules_version: str = ""
    tags: list = field(default_factory=list)
    issues: list = field(default_factory=list)  # strings: why the file does not load
    scenario: object = None  # the loader's Scenario, when it loaded
    raw: dict | None = None  # the YAML as read, when the loader could not


def scenario_dir() -> Path:
    return paths.SCENARIOS_DIR


def _files() -> list[Path]:
    root = scenario_dir()
    if not root.is_dir():
        return []
    return sorted(p for p in root.rglob("*") if p.suffix in (".yaml", ".yml") and p.is_file())


def _load(path: Path) -> Item:
    stat = path.stat()
    return _load_cached(str(path), stat.st_mtime_ns, stat.st_size)


@lru_cache(maxsize=512)
def _load_cached(path_str: str, mtime: int, size: int) -> Item:
    path = Path(path_str)
    item = Item(id=path.stem, path=path)
    try:
        from ..scenarios import loader
    except Exception as exc:  # the engine is not there: read the YAML for the list
        return _load_raw(item, f"движок недоступен: {exc}")
    try:
        sc = loader.load(path)
    except Exception as exc:
        issues = getattr(exc, "issues", None)
        item.issues = [str(i) for i in issues] if issues else [f"{type(exc).__name__}: {exc}"]
        return _load_raw(item, None)
    item.scenario = sc
    item.id = str(sc.id)
    item.title = str(sc.title or sc.id)
    item.summary = str(sc.summary or "")
    item.source = str(sc.source or "")
    item.rules_version = str(sc.rules_version or "")
    item.tags = [str(t) for t in (sc.tags or [])]
    return item


def _load_raw(item: Item, issue: str | None) -> Item:
    from .. import safe_yaml

    if issue:
        item.issues.append(issue)
    try:
        data = safe_yaml.load_file(item.path)
    except Exception as exc:
        item.issues.append(f"YAML: {exc}")
        return item
    if isinstance(data, dict):
        item.id = str(data.get("id") or item.id)
        item.title = str(data.get("title") or item.id)
        item.summary = str(data.get("summary") or "")
        item.source = str(data.get("source") or "")
        item.rules_version = str(data.get("rules_version") or "")
        tags = data.get("tags") or []
        item.tags = [str(t) for t in tags] if isinstance(tags, list) else []
        item.raw = data
    return item


def library() -> list[Item]:
    """Every scenario file as an Item; the list is kept while the files do not change (the
    search page asks for it on every query)."""
    stamp = _stamp()
    return list(_library(stamp)) if stamp is not None else _read_library()


@lru_cache(maxsize=2)
def _library(stamp: tuple) -> tuple[Item, ...]:
    return tuple(_read_library())


def haystack(item: Item) -> str:
    """What a library query is looked for in: id, title, summary, source and tags, lower case, ё as е."""
    return " ".join([item.id, item.title, item.summary, item.source, " ".join(item.tags)]).lower().replace("ё", "е")


def library_texts() -> tuple[tuple[Item, str], ...]:
    """Every scenario with its ``haystack``, made once per change of the files (the search page
    matches every scenario against every query)."""
    stamp = _stamp()
    return _library_texts(stamp) if stamp is not None else tuple((it, haystack(it)) for it in _read_library())


@lru_cache(maxsize=2)
def _library_texts(stamp: tuple) -> tuple[tuple[Item, str], ...]:
    return tuple((it, haystack(it)) for it in _library(stamp))


def clear_caches() -> None:
    """Forget every loaded scenario, run and board (tests that swap the engine out)."""
    for cached in (_library, _library_texts, _load_cached, _run_cached, _board_cached):
        cached.cache_clear()


def _read_library() -> list[Item]:
    items = []
    for path in _files():
        try:
            items.append(_load(path))
        except Exception as exc:
            items.append(Item(id=path.stem, path=path, title=path.stem, issues=[str(exc)]))
    return items


def find(sid: str) -> Item | None:
    for item in library():
        if item.id == sid:
            return item
    return None


# -- runs --------------------------------------------------------------------------
@dataclass
class Run:
    events: list = field(default_factory=list)  # dicts: index, kind, text_ru, text_en, objects, rules
    failures: list = field(default_factory=list)  # dicts: line, message
    passed: bool | None = None
    stopped: str = ""
    waiting: dict | None = None
    result: dict | None = None
    error: str = ""  # the engine raised: the page says so
    final_board: dict | None = None


def run(item: Item) -> Run:
    stat = item.path.stat()
    with _lock:
        return _run_cached(str(item.path), stat.st_mtime_ns, item.id)


@lru_cache(maxsize=256)
def _run_cached(path_str: str, mtime: int, sid: str) -> Run:
    item = _load(Path(path_str))
    out = Run()
    if item.scenario is None:
        out.error = "; ".join(item.issues) or "сценарий не загружен"
        return out
    try:
        from judge_app.engine.rules import view
        from ..scenarios import runner

        res = runner.run(item.scenario)
        out.events = [e.to_dict() for e in res.game.events]
        out.failures = [{"line": ln, "message": str(m)} for ln, m in res.failures]
        out.passed = bool(res.passed)
        out.stopped = str(res.stopped or "")
        out.waiting = res.game.decision.to_dict() if res.game.decision else None
        out.result = res.game.result
        out.final_board = board_dict(res.game)
    except Exception as exc:
        out.error = f"{type(exc).__name__}: {exc}"
    return out


def board_at(item: Item, n: int, total: int) -> tuple[dict | None, str]:
    """The board after event ``n`` (0: as described, before the first step)."""
    stat = item.path.stat()
    with _lock:
        return _board_cached(str(item.path), stat.st_mtime_ns, n, total)


@lru_cache(maxsize=2048)
def _board_cached(path_str: str, mtime: int, n: int, total: int) -> tuple[dict | None, str]:
    item = _load(Path(path_str))
    if item.scenario is None:
        return None, "; ".join(item.issues)
    try:
        from judge_app.engine.rules import view
        from ..scenarios import runner

        if n >= total and total > 0:
            full = _run_cached(path_str, mtime, item.id)
            if full.final_board is not None:
                return full.final_board, ""
        game, _stopped = runner.state_at(item.scenario, n)
        return board_dict(game), ""
    except Exception as exc:
        return None, f"{type(exc).__name__}: {exc}"


def board_dict(game) -> dict:
    """The engine's board, with who attacks and blocks whom named for people (from the
    engine's ``combat`` role where its view gives one, else read from the combat state)."""
    from judge_app.engine.rules import view

    board = view.board_dict(game)
    _add_why(game, board)
    names = {}
    for p in board["players"]:
        names[p["name"]] = p["name"]
        for o in p["battlefield"]:
            names[o["id"]] = o.get("name_ru") or o["id"]
    for p in board["players"]:
        for o in p["battlefield"]:
            role = o.get("combat")
            if isinstance(role, dict):
                if "attacking" in role:
                    o["attacking"] = names.get(role["attacking"], str(role["attacking"] or ""))
                    o["blocked"] = bool(role.get("blocked"))
                if "blocking" in role:
                    o["blocking"] = [names.get(a, a) for a in role.get("blocking") or []]
    if any("combat" in o for p in board["players"] for o in p["battlefield"]):
        return board
    try:  # an engine whose view does not say: read its combat state
        from judge_app.engine.rules import combat

        attackers = set(combat.attacking(game))
        blockers = set(combat.blocking(game))
        state = game.combat or {}
        for p in board["players"]:
            for o in p["battlefield"]:
                oid = o["id"]
                if oid in attackers:
                    target = state["attackers"][oid].get("target")
                    o["attacking"] = names.get(target, str(target))
                    o["blocked"] = bool(state.get("blocked", {}).get(oid))
                if oid in blockers:
                    o["blocking"] = [names.get(a, a) for a in combat.blocked_by(game, oid)]
    except Exception:  # no combat module, or a combat state of another shape
        pass
    return board


def _add_why(game, board: dict) -> None:
    """Each object's «почему так» (boards.explain: layers, what it lost, attack, block,
    targets), drawn by templates/_why.html as in the builder's popup."""
    from ..boards import explain

    for o in [o for p in board["players"] for z in ("battlefield", "hand", "graveyard", "exile", "command")
              for o in p.get(z) or []] + board["stack"]:
        x = explain.of(game, o["id"])
        if x is not None:
            o["why"] = x
    board["why_order"] = explain.timestamps(game)


def initial_board_from_yaml(item: Item) -> dict | None:
    """Without the engine: the board as the file describes it."""
    data = item.raw
    if data is None and item.scenario is not None:
        data = getattr(item.scenario, "raw", None)
    if not isinstance(data, dict):
        return None
    players = []
    for p in data.get("players") or []:
        if not isinstance(p, dict):
            continue
        pl = {"name": str(p.get("name", "?")), "life": p.get("life", 20), "poison": p.get("poison", 0),
              "library": p.get("library") if isinstance(p.get("library"), int) else len(p.get("library") or [])}
        for zone in ("battlefield", "hand", "graveyard", "exile"):
            objs = []
            for e in p.get(zone) or []:
                objs.append(_raw_obj(e))
            pl[zone] = objs
        players.append(pl)
    turn = data.get("turn") if isinstance(data.get("turn"), dict) else {}
    return {"players": players, "stack": [], "turn": turn.get("number"), "active": turn.get("active"),
            "step": turn.get("step"), "priority": None, "decision": None, "result": None}


def _raw_obj(e) -> dict:
    if isinstance(e, str):
        return {"id": "", "name_ru": e}
    if not isinstance(e, dict):
        return {"id": "", "name_ru": str(e)}
    o = {"id": str(e.get("id", "")), "tapped": bool(e.get("tapped")), "damage": e.get("damage", 0),
         "counters": e.get("counters") if isinstance(e.get("counters"), dict) else {},
         "attached_to": e.get("attached_to")}
    for kind in ("creature", "planeswalker", "permanent", "artifact", "enchantment", "land"):
        spec = e.get(kind)
        if isinstance(spec, dict):
            o["name_ru"] = str(spec.get("name", kind))
            if "power" in spec and "toughness" in spec:
                o["pt"] = f"{spec['power']}/{spec['toughness']}"
            if "loyalty" in spec:
                o["loyalty"] = spec["loyalty"]
            break
    else:
        o["name_ru"] = str(e.get("card", o["id"] or "?"))
    return o


# -- rules -> scenarios -------------------------------------------------------------
def citing(number: str, version: str) -> list[Item]:
    """The scenarios of ``version`` whose trace cites ``number`` or a rule under it."""
    stamp = _stamp()
    if stamp is None:
        return []
    index = _citations(stamp)
    out, seen = [], set()
    for cited, items in index.get(version, {}).items():
        if cited == number or (cited.startswith(number) and _under(cited, number)):
            for item in items:
                if item.id not in seen:
                    seen.add(item.id)
                    out.append(item)
    return sorted(out, key=lambda i: i.title)


_STAMP_TTL = 5.0
_stamp_cache: dict = {}


def _stamp() -> tuple | None:
    """The library's files and mtimes, looked at no more than every few seconds."""
    import time

    root = str(scenario_dir())
    now = time.monotonic()
    cached = _stamp_cache.get(root)
    if cached and now - cached[0] < _STAMP_TTL:
        return cached[1]
    try:
        stamp = tuple((str(p), p.stat().st_mtime_ns) for p in _files())
    except OSError:
        return None
    _stamp_cache[root] = (now, stamp)
    return stamp


def library_stamp() -> tuple | None:
    """What the library page depends on: the scenario files and their mtimes."""
    return _stamp()


def _under(cited: str, number: str) -> bool:
    rest = cited[len(number):]
    if len(number) == 1:  # a chapter: 7 -> 704.5k
        return rest[:2].isdigit()
    if "." not in number:  # a section: 704 -> 704.5k
        return rest.startswith(".")
    return rest.isalpha()  # a rule: 704.5 -> 704.5k


@lru_cache(maxsize=4)
def _citations(stamp: tuple) -> dict[str, dict[str, list[Item]]]:
    index: dict[str, dict[str, list[Item]]] = {}
    for path_str, _mtime in stamp:
        try:
            item = _load(Path(path_str))
            if item.scenario is None:
                continue
            result = run(item)
        except Exception:
            continue
        numbers = {str(n) for e in result.events for n in (e.get("rules") or [])}
        by_version = index.setdefault(item.rules_version, {})
        for n in numbers:
            by_version.setdefault(n, []).append(item)
    return index
