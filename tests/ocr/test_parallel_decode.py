"""The decode is the same, line for line and mark for mark, in one process or in several.

The build decodes the 2020 text in forked workers (``ocr_decode._fork_map``, as many as
``JUDGE_BUILD_WORKERS`` or the cores); the result must not depend on their number, on
how the document is cut into batches, or on which worker ends first. Checked on the
real text's first 692 lines (the preface and rules 100–107.3): most keep their 2019
English (the 2019 re-check decodes some lines again, always in this process), 106.12a–b
are new in 2020 (the second pass decodes them again with their section's own words);
both forking passes are made to fork, small as they are here."""
from __future__ import annotations

import pytest

from judge_app.corpus import build_workers, ocr_decode

FIRST, END = 0, 692  # 0-based lines of the OCR text: up to rule 107.4a


def _as_data(doc) -> tuple:
    return doc.lines, doc.low_confidence, [[tuple(vars(t).values()) for t in toks] for toks in doc.tokens]


@pytest.fixture(scope="module")
def piece(ocr_text) -> str:
    lines = ocr_text.split("\n")
    assert lines[END].startswith("107.4a ")
    return "\n".join(lines[FIRST:END])


@pytest.fixture(scope="module")
def serial(piece):
    return _as_data(ocr_decode.decode_document(piece, workers=1))


@pytest.mark.parametrize("workers, chunks", [(2, 6), (3, 1)])
def test_parallel_decode_is_the_serial_one(piece, serial, workers, chunks, monkeypatch):
    batches: list = []
    real = ocr_decode._batches

    def spy(weights, k):
        batches.append(real(weights, k))
        return batches[-1]

    monkeypatch.setattr(ocr_decode, "SERIAL_BELOW", 0)  # fork for every pass, however small
    monkeypatch.setattr(ocr_decode, "CHUNKS_PER_WORKER", chunks)
    monkeypatch.setattr(ocr_decode, "_batches", spy)
    parallel = _as_data(ocr_decode.decode_document(piece, workers=workers))
    # the first pass and the second pass (106.12) forked
    assert len(batches) == 2 and all(len(b) > 1 for b in batches), batches
    assert parallel[0] == serial[0]
    assert parallel == serial


def test_small_passes_are_not_forked(ocr_text, monkeypatch):
    """Under ``SERIAL_BELOW`` lines a pass is decoded in this process (no pool at all)."""
    head = "\n".join(ocr_text.split("\n")[:60])
    alone = _as_data(ocr_decode.decode_document(head, workers=1))
    monkeypatch.setattr(ocr_decode, "SERIAL_BELOW", 10_000)
    monkeypatch.setattr(ocr_decode, "_batches", lambda *a: pytest.fail("a pool was started"))
    assert _as_data(ocr_decode.decode_document(head, workers=2)) == alone


def test_batches_cover_the_items_in_order():
    for weights, k in [([1] * 12, 12), ([5, 1, 1, 1, 1, 1], 2), ([1] * 7, 3), ([3], 4), (list(range(1, 40)), 6)]:
        cuts = ocr_decode._batches(weights, k)
        assert cuts[0][0] == 0 and cuts[-1][1] == len(weights)
        assert all(a < b for a, b in cuts) and all(b == a2 for (_, b), (a2, _) in zip(cuts, cuts[1:]))
        assert len(cuts) <= k
    assert ocr_decode._batches([1] * 12, 12) == [(i, i + 1) for i in range(12)]
    assert ocr_decode._batches([5, 1, 1, 1, 1, 1], 2) == [(0, 1), (1, 6)]
    sums = [sum(range(a + 1, b + 1)) for a, b in ocr_decode._batches(list(range(1, 40)), 6)]
    assert max(sums) < 2.2 * sum(range(1, 40)) / 6, sums  # about equal work, not equal counts


@pytest.mark.parametrize("raw, expected", [("3", 3), (" 1 ", 1), ("64", 64)])
def test_workers_setting(raw, expected, monkeypatch):
    monkeypatch.setenv("JUDGE_BUILD_WORKERS", raw)
    assert build_workers.build_workers() == expected


@pytest.mark.parametrize("raw", ["0", "two", "-1", "65", "1.5"])
def test_wrong_workers_setting_is_said_and_the_cores_taken(raw, monkeypatch, capsys):
    monkeypatch.setenv("JUDGE_BUILD_WORKERS", raw)
    assert build_workers.build_workers() == build_workers.default_workers()
    err = capsys.readouterr().err
    assert "JUDGE_BUILD_WORKERS" in err and raw in err


def test_workers_default_is_the_cores(monkeypatch, capsys):
    monkeypatch.delenv("JUDGE_BUILD_WORKERS", raising=False)
    assert build_workers.build_workers() == min(build_workers.available_cores(), build_workers.MAX_DEFAULT) >= 1
    assert capsys.readouterr().err == ""
    monkeypatch.setattr(build_workers, "available_cores", lambda: 48)
    assert build_workers.build_workers() == build_workers.MAX_DEFAULT
