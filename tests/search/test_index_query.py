"""Index + query over a small real slice of the 2019 rules (sections 702 and 704, both
languages, and a few glossary entries), read straight from the source texts with simple
regexes so these tests do not depend on the corpus parsers."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from judge_app.search import layout
from judge_app.search.index import _bridge, build_index, load_en_vocab, numpath, split_terms
from judge_app.search.query import QueryError, clean_query, number_readings, search

SOURCES = Path(__file__).resolve().parents[2] / "rules_corpus" / "sources"
VERSION = "2019-05-03"
RULE = re.compile(r"^(70[24])\.(?:(\d+)\.|(\d+)([a-z])\.?)\s+(.*)$")
SECTION = re.compile(r"^(70[24])\.\s+(\S.*)$")


def _read_sections(lines: list[str], doc_id: str, lang: str) -> list[dict]:
    out: list[dict] = []
    cur = None
    inside = False
    for raw in lines:
        line = raw.strip()
        if re.match(r"^\d{3}\.\s+\D", line):
            inside = bool(SECTION.match(line))
        if not inside or not line:
            continue
        m, s = RULE.match(line), SECTION.match(line)
        if m or s:
            if m:
                num = f"{m.group(1)}.{m.group(2)}" if m.group(2) else f"{m.group(1)}.{m.group(3)}{m.group(4)}"
                body = m.group(5)
            else:
                num, body = s.group(1), s.group(2)
            if any(r["number"] == num for r in out):  # a wrapped cross-reference, not a rule
                cur["text"] += " " + line
                continue
            cur = {"id": f"{doc_id}:{num}", "kind": "rule", "doc_id": doc_id, "version": VERSION,
                   "lang": lang, "number": num, "title": "", "text": body, "refs": "",
                   "is_title_rule": False}
            out.append(cur)
        elif cur is not None:
            cur["text"] += " " + line
    for r in out:
        text = r["text"].strip()
        if "." not in r["number"] or (not r["number"][-1].isalpha() and len(text) < 60
                                      and not text.endswith(".")):
            r.update(title=text.rstrip("."), text="", is_title_rule=True)
        else:
            r["text"] = text
    return out


def _glossary(lines: list[str], headwords: list[str]) -> list[dict]:
    start = next(i for i, ln in enumerate(lines) if ln.strip() == "Словарь терминов")
    paras = [ln.strip() for ln in lines[start:] if ln.strip()]
    out = []
    for en in headwords:
        i = paras.index(en)
        ru = paras[i + 1].rstrip(".")
        body = []
        for p in paras[i + 2:]:
            body.append(p)
            if "Смотрите правил" in p or len(body) > 6:
                break
        text = " ".join(body)
        refs = re.findall(r"правил[оа]\s+(\d{3}(?:\.\d+[a-z]?)?)", text)
        out.append({"id": f"gloss:{en}", "kind": "glossary", "doc_id": "cr-ru-2019-05-03",
                    "version": VERSION, "lang": "ru", "number": "", "title": f"{en} / {ru}",
                    "text": text, "refs": " ".join(refs), "is_title_rule": False})
    return out


@pytest.fixture(scope="module")
def records() -> list[dict]:
    ru = (SOURCES / "cr-ru-2019-05-03.txt").read_text(encoding="utf-8").split("\n")
    en = (SOURCES / "en" / "cr-en-2019-05-03.txt").read_text(encoding="utf-8-sig")
    en = en.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    body_en = en[max(i for i, ln in enumerate(en) if ln.strip() == "1. Game Concepts"):]
    recs = _read_sections(ru, "cr-ru-2019-05-03", "ru") + _read_sections(body_en, "cr-en-2019-05-03", "en")
    recs += _glossary(ru, ["Deathtouch", "Trample", "Legend Rule"])
    # a rule of another version, to check the version filter
    recs.append({"id": "old:702.2", "kind": "rule", "doc_id": "old", "version": "2010-01-01",
                 "lang": "ru", "number": "702.2", "title": "Смертельное касание", "text": "",
                 "refs": "", "is_title_rule": True})
    # a FAQ ruling (no CR release): kept by a CR version filter
    recs.append({"id": "faq:1", "kind": "ruling", "doc_id": "faq-ru-m2011", "version": "m2011",
                 "lang": "ru", "number": "", "title": "Смертельное касание",
                 "text": "Любое количество повреждений от источника со смертельным касанием смертельно.",
                 "refs": "", "is_title_rule": False})
    return recs


@pytest.fixture(scope="module", params=["pymorphy", "snowball", "hybrid"])
def index_dir(request, records, tmp_path_factory):
    d = tmp_path_factory.mktemp(f"ix-{request.param}")
    build_index(d, records, ru=request.param)
    return d


def test_fixture_slice_is_real(records):
    nums = {(r["lang"], r["number"]) for r in records if r["kind"] == "rule"}
    for n in ("702", "702.2", "702.2a", "702.2f", "702.19", "702.19e", "704", "704.5", "704.5k", "704.5j"):
        assert ("ru", n) in nums and ("en", n) in nums, n
    by = {(r["lang"], r["number"]): r for r in records if r["kind"] == "rule" and r["version"] == VERSION}
    assert by[("ru", "702.2")]["title"] == "Смертельное касание"
    assert by[("en", "702.2")]["title"] == "Deathtouch"
    g = {r["id"]: r for r in records if r["kind"] == "glossary"}
    assert g["gloss:Deathtouch"]["refs"] == "702.2"
    assert g["gloss:Legend Rule"]["refs"].split()[0] == "704.5j"


def _top(res, n=1):
    return [(h["lang"], h["number"]) for h in res.hits[:n]]


@pytest.mark.parametrize("q", ["смертельное касание", "смертельным касанием", "Смертельного касания",
                               "смертёльное касание"])
def test_russian_forms_find_the_keyword_rule_first(index_dir, q):
    res = search(index_dir, q, version=VERSION, kind="rule")
    assert _top(res) == [("ru", "702.2")]
    assert res.corrected_query is None and res.note is None


def test_title_rule_ranks_above_passing_mentions(index_dir):
    res = search(index_dir, "пробивной удар", version=VERSION, lang="ru")
    assert res.hits[0]["number"] == "702.19"
    assert res.hits[0]["score"] > max(h["score"] for h in res.hits[1:])


def test_english_term_finds_russian_rule_through_glossary(index_dir):
    res = search(index_dir, "deathtouch", version=VERSION, lang="ru", kind="rule")
    assert _top(res) == [("ru", "702.2")]
    res = search(index_dir, "trample", version=VERSION, lang="ru", kind="rule")
    assert _top(res) == [("ru", "702.19")]


def test_russian_term_finds_english_rule_through_glossary(index_dir):
    res = search(index_dir, "смертельным касанием", version=VERSION, lang="en", kind="rule")
    assert _top(res) == [("en", "702.2")]


def test_bridge_can_be_switched_off(records, tmp_path):
    build_index(tmp_path, records, bridge=False)
    res = search(tmp_path, "deathtouch", version=VERSION, lang="ru", kind="rule")
    assert ("ru", "702.2") not in _top(res, 20)


def test_wrong_layout_is_corrected_with_note(index_dir):
    res = search(index_dir, "cvthntkmyjt rfcfybt", version=VERSION, kind="rule", lang="ru")
    assert res.corrected_query == "смертельное касание"
    assert res.note == "показаны результаты для «смертельное касание»"
    assert _top(res) == [("ru", "702.2")]
    res = search(index_dir, "вуферещгср", version=VERSION, kind="rule", lang="en")
    assert res.corrected_query == "deathtouch"
    assert _top(res) == [("en", "702.2")]


def test_english_query_is_not_corrected(index_dir):
    for q in ("deathtouch", "trample", "state-based actions"):
        res = search(index_dir, q, version=VERSION)
        assert res.corrected_query is None and res.note is None, q
        assert res.hits


def test_en_vocab_comes_from_the_english_text(index_dir):
    vocab = load_en_vocab(index_dir)
    assert {"deathtouch", "trample", "creature", "damage"} <= vocab
    assert not any(re.search(r"[а-я]", w) for w in vocab)
    assert layout.detect_wrong_layout("trample", vocab) is None


@pytest.mark.parametrize("q", ["704.5k", "704,5к", "704.5л", "704.5K", " 704.5k. "])
def test_rule_number_queries(index_dir, q):
    res = search(index_dir, q, version=VERSION)
    assert {(h["lang"], h["number"]) for h in res.hits} == {("ru", "704.5k"), ("en", "704.5k")}
    assert all(h["kind"] == "rule" for h in res.hits)


def test_rule_with_subrules_and_section(index_dir):
    res = search(index_dir, "702.2", version=VERSION, lang="ru")
    assert [h["number"] for h in res.hits] == ["702.2", "702.2a", "702.2b", "702.2c", "702.2d",
                                               "702.2e", "702.2f"]
    res = search(index_dir, "704", version=VERSION, lang="en", limit=500)
    nums = [h["number"] for h in res.hits]
    assert nums[:3] == ["704", "704.1", "704.1a"]
    assert "704.5k" in nums and "704.7" in nums
    assert all(n == "704" or n.startswith("704.") for n in nums)

    def key(n):
        m = re.fullmatch(r"(\d+)(?:\.(\d+)([a-z]?))?", n)
        return int(m.group(1)), int(m.group(2) or 0), m.group(3) or ""

    assert nums == sorted(nums, key=key)
    nums = [h["number"] for h in search(index_dir, "702", version=VERSION, lang="ru", limit=5000).hits]
    assert nums.index("702.2") < nums.index("702.10") < nums.index("702.100")
    assert nums == sorted(nums, key=key)  # document order, not string order
    # 704.5 must not pull in a 704.50-something
    res = search(index_dir, "704.5", version=VERSION, lang="en", limit=100)
    assert all(re.fullmatch(r"704\.5[a-z]?", h["number"]) for h in res.hits)
    assert len(res.hits) > 20


def test_rule_range(index_dir):
    res = search(index_dir, "704.5a-d", version=VERSION, lang="ru")
    assert [h["number"] for h in res.hits] == ["704.5a", "704.5b", "704.5c", "704.5d"]
    assert number_readings("704.5a–d") == [["704.5a", "704.5b", "704.5c", "704.5d"]]
    assert number_readings("смертельное касание") == []
    assert len(number_readings("100.1-100.999")[0]) == 500  # a silly range stays bounded
    assert number_readings("100.1-3") == [["100.1", "100.2", "100.3"]]


def test_version_lang_kind_filters(index_dir):
    res = search(index_dir, "смертельное касание", limit=50)
    versions = {h["version"] for h in res.hits}
    assert versions == {VERSION, "2010-01-01", "m2011"}
    res = search(index_dir, "смертельное касание", version="2010-01-01")
    assert sorted(h["id"] for h in res.hits) == ["faq:1", "old:702.2"]
    res = search(index_dir, "смертельное касание", version="2010-01-01", kind="rule")
    assert [h["id"] for h in res.hits] == ["old:702.2"]
    res = search(index_dir, "смертельное касание", version="m2011")
    assert [h["id"] for h in res.hits] == ["faq:1"]
    res = search(index_dir, "смертельное касание", version=VERSION, kind="ruling")
    assert [h["id"] for h in res.hits] == ["faq:1"]
    res = search(index_dir, "смертельное касание", version=VERSION, kind="glossary")
    assert [h["id"] for h in res.hits] == ["gloss:Deathtouch"]
    res = search(index_dir, "смертельное касание", version=VERSION, lang="en")
    assert res.hits and all(h["lang"] == "en" for h in res.hits)
    res = search(index_dir, "смертельное касание", version=VERSION, kind=["glossary", "rule"], limit=100)
    assert {h["kind"] for h in res.hits} == {"glossary", "rule"}


def test_hit_shape_and_snippet_is_html_safe(index_dir, records, tmp_path):
    res = search(index_dir, "смертельным касанием", version=VERSION, lang="ru", kind="rule")
    h = next(h for h in res.hits if h["number"] == "702.2d")
    assert set(h) == {"kind", "id", "doc_id", "number", "version", "lang", "title", "snippet", "score"}
    assert "<mark>смертельного</mark> <mark>касания</mark>" in h["snippet"]
    # markup in the source text is escaped, only <mark> is ours
    evil = [{"id": "x", "kind": "ruling", "doc_id": "faq", "version": "m2011", "lang": "ru", "number": "",
             "title": "t", "text": "<script>alert(1)</script> смертельное & касание \"q\"", "refs": "",
             "is_title_rule": False}]
    build_index(tmp_path, evil)
    snip = search(tmp_path, "касание").hits[0]["snippet"]
    assert "<script>" not in snip and "&lt;script&gt;" in snip and "&amp;" in snip
    assert re.sub(r"</?mark>", "", snip) == re.sub(r"</?mark>", "", snip).replace("<", "&lt;")
    assert "<mark>касание</mark>" in snip


def test_long_text_snippet_is_a_window_around_the_match(index_dir):
    res = search(index_dir, "регенерация", version=VERSION, lang="ru", kind="rule")
    assert res.hits
    for h in res.hits:
        assert len(re.sub(r"</?mark>", "", h["snippet"])) <= 240
        assert "<mark>" in h["snippet"] or h["snippet"] == ""


def test_query_validation():
    with pytest.raises(QueryError, match="пустой"):
        clean_query("   ")
    with pytest.raises(QueryError, match="пустой"):
        clean_query("\n\t\u200b")
    with pytest.raises(QueryError) as e:
        clean_query("а" * 501)
    assert e.value.message == "запрос слишком длинный: 501 символов, максимум 500"
    assert clean_query("а" * 500) == "а" * 500
    with pytest.raises(QueryError) as e:
        clean_query("касание\x00")
    assert e.value.message == "в запросе управляющий символ U+0000 в позиции 8"
    for bad in ("\x07", "\x1b[31m", "\x7f", "\x85"):
        with pytest.raises(QueryError, match="управляющий символ"):
            clean_query("смерть" + bad)
    # tabs and line breaks are spaces; invisible characters go; NFC (е + U+0308 -> ё)
    assert clean_query(" смертельное\tкасание\r\n") == "смертельное касание"
    assert clean_query("смер\u200bтельное\u00ad") == "смертельное"
    assert clean_query("е\u0308") == "ё"
    with pytest.raises(QueryError):
        clean_query(None)


def test_search_validates_too(index_dir):
    with pytest.raises(QueryError):
        search(index_dir, "")
    with pytest.raises(QueryError, match="слишком длинный: 600"):
        search(index_dir, "x" * 600)
    with pytest.raises(QueryError, match="управляющий"):
        search(index_dir, "смертельное\x00касание")
    res = search(index_dir, "смертельное\nкасание", version=VERSION, kind="rule", lang="ru")
    assert res.hits[0]["number"] == "702.2"
    res = search(index_dir, "сме\u200bртельное касание", version=VERSION, kind="rule", lang="ru")
    assert res.hits[0]["number"] == "702.2"


def test_missing_index_is_a_query_error(tmp_path):
    with pytest.raises(QueryError):
        search(tmp_path / "nope", "касание")


def test_only_stop_words_gives_no_hits(index_dir):
    assert search(index_dir, "и в на").hits == []


def test_reopens_after_rebuild(records, tmp_path):
    d = tmp_path / "ix"
    build_index(d, [r for r in records if r["number"] != "702.19"])
    assert search(d, "пробивной удар", version=VERSION, kind="rule").hits[0]["number"] != "702.19"
    build_index(d, records)
    assert search(d, "пробивной удар", version=VERSION, kind="rule").hits[0]["number"] == "702.19"


def test_duplicate_ids_are_refused(records, tmp_path):
    with pytest.raises(ValueError, match="duplicate"):
        build_index(tmp_path, records[:3] + records[:1])


def test_helpers():
    assert numpath("704.5k") == ["704", "704.5", "704.5k"]
    assert numpath("704.5") == ["704", "704.5"]
    assert numpath("704") == ["704"]
    assert numpath("") == []
    assert split_terms("Deathtouch / Смертельное касание") == ("Deathtouch", "Смертельное касание")


def test_documents_with_every_word_come_first(index_dir, records):
    from judge_app.search.analysis import analyse

    ru = next(r for r in ("pymorphy", "snowball", "hybrid") if r in str(index_dir))
    by_id = {r["id"]: r for r in records}
    want = set(analyse("смертельное касание регенерация", ru))
    res = search(index_dir, "смертельное касание регенерация", version=VERSION, lang="ru", limit=50)
    tiers = [want <= set(analyse(by_id[h["id"]]["title"] + " " + by_id[h["id"]]["text"], ru))
             for h in res.hits]
    assert tiers == sorted(tiers, reverse=True)  # every-word documents first
    assert any(tiers) and not all(tiers)


def test_bridge_borrows_the_other_language_from_another_release():
    docs = [
        {"id": "g1", "kind": "glossary", "version": "2019-05-03", "title": "Deathtouch / Смертельное касание",
         "term_en": "Deathtouch", "term_ru": "Смертельное касание", "refs": "702.2"},
        {"id": "g2", "kind": "glossary", "version": "2020-01-24", "title": "Deathtouch",
         "term_en": "Deathtouch", "term_ru": "", "refs": "702.2"},
        {"id": "g3", "kind": "glossary", "version": "2020-01-24", "title": "Flying", "refs": "702.9"},
        {"id": "g4", "kind": "glossary", "version": "2020-01-24", "title": "Nothing", "refs": ""},
    ]
    b = _bridge(docs)
    assert b[("2019-05-03", "702.2")] == (["Deathtouch"], ["Смертельное касание"])
    assert b[("2020-01-24", "702.2")] == (["Deathtouch"], ["Смертельное касание"])
    assert b[("2020-01-24", "702.9")] == (["Flying"], [])
    assert len(b) == 3


def test_concurrent_searches_share_the_cached_searcher(index_dir):
    from concurrent.futures import ThreadPoolExecutor

    qs = ["смертельное касание", "deathtouch", "704.5k", "пробивной удар"] * 10
    with ThreadPoolExecutor(4) as pool:
        results = list(pool.map(lambda q: search(index_dir, q, version=VERSION, lang="ru", kind="rule"), qs))
    tops = {q: r.hits[0]["number"] for q, r in zip(qs, results)}
    assert tops == {"смертельное касание": "702.2", "deathtouch": "702.2", "704.5k": "704.5k",
                    "пробивной удар": "702.19"}
