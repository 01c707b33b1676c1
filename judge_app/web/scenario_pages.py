"""Scenario pages: the library (searchable, filtered by tag) and the stepper.

``/scenarios/<id>?step=N`` shows the board after event N with the event's text and its
rules one hover away; the stepper's links, slider and ← → keys move N. Every failure of
the engine or of a scenario file is shown on the page, never as a 500.
"""
from __future__ import annotations

from flask import Blueprint, render_template, request, url_for

from .. import services
from ..corpus.lookup import CorpusError
from . import boards_strings, render, scenario_data, ui
from .capacity import expensive
from .pages import cached_page

scenarios = Blueprint("scenarios", __name__)


def _param(name: str, max_len: int = 200) -> str:
    value = request.args.get(name, "")
    if len(value) > max_len:
        raise CorpusError(f"параметр «{name}» слишком длинный: {len(value)} символов, максимум {max_len}")
    if "\x00" in value:
        raise CorpusError(f"в параметре «{name}» недопустимый нулевой символ")
    return value.strip()


def needle_words(needle: str) -> list[str]:
    """A library query's words as ``matching`` looks for them (lower case, ё as е)."""
    return needle.lower().replace("ё", "е").split()


def matching(needle: str, limit: int | None = None) -> list:
    """The scenarios whose id, title, summary, source or tags hold every word of ``needle``
    (substrings: «дезтач» finds «дезтача»), in library order, at most ``limit``."""
    words = needle_words(needle)
    out = []
    for item, hay in scenario_data.library_texts():
        if all(w in hay for w in words):
            out.append(item)
            if limit is not None and len(out) == limit:
                break
    return out


@scenarios.get("/scenarios/")
@scenarios.get("/scenarios")
@cached_page(vary=scenario_data.library_stamp)  # runs every scenario: once per change of the files
@expensive
def library():
    q = _param("q")
    tag = _param("tag", 60)
    items = scenario_data.library()
    all_tags = sorted({t for it in items for t in it.tags})
    if tag and tag not in all_tags:
        raise CorpusError(f"тега «{tag[:60]}» нет; есть: {', '.join(all_tags) or 'никаких'}")
    words = needle_words(q)
    shown = [it for it, hay in scenario_data.library_texts()
             if (not tag or tag in it.tags) and all(w in hay for w in words)]
    status = {}
    for it in shown:
        try:
            r = scenario_data.run(it)
            status[it.id] = "error" if r.error else ("pass" if r.passed else "fail")
        except Exception:
            status[it.id] = "error"
    return render_template("scenarios.html", items=shown, total=len(items), tags=all_tags, tag=tag, q=q,
                           status=status)


def step_name(step) -> str:
    try:
        from judge_app.engine.kernel.state import STEP_RU
    except Exception:
        return str(step or "")
    return str(step or "") if ui.ui_lang() == "en" else STEP_RU.get(step, str(step or ""))


def _rules_version(item) -> str | None:
    try:
        return services.corpus().check_version(item.rules_version or None)
    except CorpusError:
        return None


@scenarios.get("/scenarios/<path:sid>")
def scenario(sid: str):
    if not scenario_data.ID_RE.fullmatch(sid):
        raise CorpusError(f"недопустимый идентификатор сценария «{sid[:60]}»", status=404)
    item = scenario_data.find(sid)
    if item is None:
        import difflib
        ids = [it.id for it in scenario_data.library()]
        near = difflib.get_close_matches(sid, ids, n=5, cutoff=0.5)
        return render_template("error.html", status=404, message=f"сценарий «{sid}» не найден",
                               suggestions=[], links=[(url_for("scenarios.scenario", sid=n), n) for n in near],
                               sugg_version=None), 404
    raw_step = _param("step", 12)
    run = scenario_data.run(item)
    total = len(run.events)
    if raw_step == "":
        step = 0
    else:
        try:
            step = int(raw_step)
        except ValueError:
            raise CorpusError(f"step должен быть целым числом от 0 до {total}, а не «{raw_step[:12]}»") from None
        if not 0 <= step <= total:
            raise CorpusError(f"step должен быть от 0 до {total}, а не {step}")
    board, board_error = (None, "")
    if item.scenario is not None and not run.error:
        board, board_error = scenario_data.board_at(item, step, total)
    engine_missing = item.scenario is None and any("движок" in i for i in item.issues)
    if board is None:
        board = scenario_data.initial_board_from_yaml(item) if step == 0 or engine_missing else None
    version = _rules_version(item)
    event = run.events[step - 1] if step > 0 and step <= total else None
    changed = set(event.get("objects") or []) if event else set()
    return render_template(
        "scenario.html", item=item, run=run, step=step, total=total, board=board, event=event,
        changed=changed, board_error=board_error, engine_missing=engine_missing, rules_version=version,
        summary_html=render.markdown_html(item.summary, version),
        w=boards_strings.why_strings(), step_name=step_name, step_url=lambda n: url_for("scenarios.scenario", sid=item.id, step=n))
