"""The decoded OCR text is kept between builds under a key of exactly what the decode reads."""
from __future__ import annotations

import json

from judge_app import paths
from judge_app.corpus import decode_cache


def test_the_key_covers_the_decoder_and_the_earlier_sources_only():
    files = {p.name for p in decode_cache.inputs("2020-01-24")}
    assert {"ocr_decode.py", "ocr_channel.py", "ocr_model.json.gz", "cr-en-2020-01-24.txt",
            "cr-en-2019-05-03.txt"} <= files
    # published later, or run after the decode: changing them must not decode again
    assert not files & {"cr-en-2021-04-22.txt", "cr-en-2026-01-16.txt", "carry.py", "store.py",
                        "corrections.py", "parse_all.py"}
    assert "cr-en-2026-01-16.txt" in {p.name for p in decode_cache.inputs("2026-01-16")}


def test_a_second_decode_of_the_same_text_comes_from_the_cache(tmp_path, monkeypatch):
    monkeypatch.setenv(decode_cache.ENV, str(tmp_path))
    calls = []

    def decode(text):
        calls.append(text)
        return [text.upper(), "строка"], [(0, 0, 3, "CBO", "сво", 0.25)]

    first = decode_cache.decoded("doc", "2020-01-24", "сво текст", decode)
    again = decode_cache.decoded("doc", "2020-01-24", "сво текст", decode)
    assert again == first == (["СВО ТЕКСТ", "строка"], [(0, 0, 3, "CBO", "сво", 0.25)])
    assert calls == ["сво текст"]
    decode_cache.decoded("doc", "2020-01-24", "другой текст", decode)  # another input: decoded
    assert calls == ["сво текст", "другой текст"]


def test_a_damaged_or_foreign_cache_file_is_never_trusted(tmp_path, monkeypatch):
    monkeypatch.setenv(decode_cache.ENV, str(tmp_path))
    calls = []

    def decode(text):
        calls.append(text)
        return ["ok"], []

    (tmp_path / "doc.json").write_text("{not json", encoding="utf-8")
    assert decode_cache.decoded("doc", "2020-01-24", "x", decode) == (["ok"], [])
    stored = json.loads((tmp_path / "doc.json").read_text(encoding="utf-8"))
    stored["key"] = "0" * 64  # written by another decoder
    stored["lines"] = ["stale"]
    (tmp_path / "doc.json").write_text(json.dumps(stored), encoding="utf-8")
    assert decode_cache.decoded("doc", "2020-01-24", "x", decode) == (["ok"], [])
    assert len(calls) == 2


def test_the_cache_lives_in_the_instance_folder_by_default(monkeypatch):
    monkeypatch.delenv(decode_cache.ENV, raising=False)
    assert decode_cache.cache_dir() == paths.instance_dir() / "build-cache"
