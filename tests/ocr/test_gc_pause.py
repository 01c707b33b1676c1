"""The decode runs with the cyclic garbage collector paused (``gc_pause``), and the decoded
text is the same as with it running."""
from __future__ import annotations

import contextlib
import gc

import pytest

from judge_app.corpus import gc_pause, ocr_decode


def test_pause_restores_the_previous_state():
    assert gc.isenabled()
    with gc_pause.gc_paused():
        assert not gc.isenabled()
        with gc_pause.gc_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()  # an inner pause does not switch it on under an outer one
    assert gc.isenabled()
    gc.disable()
    try:
        with gc_pause.gc_paused():
            pass
        assert not gc.isenabled()  # off before, off after
    finally:
        gc.enable()


def test_decode_pauses_the_collector_and_reads_the_same(ocr_text, monkeypatch):
    head = "\n".join(ocr_text.split("\n")[:60])
    seen = []
    real = ocr_decode._decode_passes

    def spy(*args):
        seen.append(gc.isenabled())
        return real(*args)

    monkeypatch.setattr(ocr_decode, "_decode_passes", spy)
    paused = ocr_decode.decode_document(head, workers=1)
    monkeypatch.setattr(ocr_decode, "gc_paused", contextlib.nullcontext)
    running = ocr_decode.decode_document(head, workers=1)
    assert seen == [False, True]
    assert gc.isenabled()
    assert (paused.lines, paused.low_confidence, paused.tokens) == (running.lines, running.low_confidence, running.tokens)


@pytest.mark.parametrize("progress", [False, True])
def test_build_runs_its_steps_with_the_collector_paused(tmp_path, monkeypatch, capsys, progress):
    """Every step of a build (the decode, the other sources, the search index) runs paused,
    with the progress bar of a first run (``serve.sh``) as without it."""
    from judge_app.corpus import build, parse_all

    seen = {}
    monkeypatch.setattr(parse_all, "steps", lambda db, report: [("probe", lambda: seen.setdefault("step", gc.isenabled()))])
    monkeypatch.setattr(build, "build_search_index",
                        lambda db_file, index: (seen.setdefault("index", gc.isenabled()), index.mkdir()))
    monkeypatch.setattr(build.store, "create_indexes", lambda db: None)  # no tables in this empty build
    monkeypatch.setattr(build.health, "write_manifest", lambda db_file, index: None)
    build.build(tmp_path / "judge.db", tmp_path / "index", progress=progress)
    assert seen == {"step": False, "index": False}
    assert gc.isenabled()
    assert ("Сборка корпуса" in capsys.readouterr().err) == progress
