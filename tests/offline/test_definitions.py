"""A definition question on the phone (``search.js`` in Node, on the pack built from the real test
corpus) leads with the rule the server's definition step puts first (``search/defining.py``,
``query._definition_first``): the pack carries the server's pattern, marker words and glossary
and heading terms, each term's rule resolved at pack time."""
from __future__ import annotations

import json
import re
import subprocess

import pytest

from judge_app.offline import pack, search_docs

VERSION = "2020-01-24"

# written for this test (not rows of bench/judge_queries*.tsv): each one spells a glossary or
# heading term whole, so the server's step answers it
DEFINITION_QUESTIONS = [
    "что такое полёт", "что считается перманентом", "что такое бдительность", "что значит смертельное касание",
    "что такое кладбище", "что называется заклинанием", "а что такое стек", "что означает неразрушимость",
    "что такое фишка", "что такое ускорение",
    "what is trample", "what counts as a permanent", "what is the stack", "what does hexproof mean",
    "what is a token", "what is vigilance", "what is the battlefield", "what does deathtouch mean",
    "what is first strike", "what is an emblem",
]
# no definition asked, or no term spelled whole («карты» is left over beside «владелец»)
OTHER_QUESTIONS = ["что будет если две легенды", "можно ли атаковать мироходца существом с полётом",
                   "what happens when a creature with deathtouch blocks", "кто такой владелец карты",
                   "что такое полёт у дракона"]

NODE = """
const MiniSearch=require('minisearch'), snowball=require('snowball-stemmers'), fs=require('fs');
const JS=require('./judge_app/web/static/offline/search.js');
const dir=process.argv[1], job=JSON.parse(fs.readFileSync(0,'utf8'));
const tables=JSON.parse(fs.readFileSync(dir+'/query.json','utf8'));
const question=new RegExp(tables.definitions.question.source, tables.definitions.question.flags);
if (job.without) delete tables.definitions;
const e=JS.create(MiniSearch, snowball, fs.readFileSync(dir+'/search-index.json','utf8'), tables, {});
console.log(JSON.stringify(job.patterns ? job.patterns.map(q=>question.test(q))
  : job.queries.map(q=>e.search(q, Object.assign({version: job.version, limit: 10}, job.opts || {}))
                          .hits.map(h=>[h.kind, h.number, h.lang]))));
"""


@pytest.fixture(scope="module")
def folder(offline_instance):
    return offline_instance["folder"] / "offline" / offline_instance["pack"]["id"]


def phone(folder, job: dict):
    out = subprocess.run(["node", "-e", NODE, str(folder)], input=json.dumps(job, ensure_ascii=False),
                         capture_output=True, text=True, check=True, cwd=pack.ROOT)
    return json.loads(out.stdout)


def server(queries, version, **opts):
    from judge_app import paths
    from judge_app.search.query import search

    return [[[h["kind"], h.get("number") or "", h.get("lang") or ""]
             for h in search(paths.index_dir(), q, version=version, limit=10, **opts).hits] for q in queries]


def test_the_pack_holds_the_servers_definition_step(folder):
    """The pattern, marker words and slack are the server's constants; every release and language
    holds the server's terms in the server's order, each with the rule its glossary entry or heading
    names, or that heading's first rule («Permanent» -> 110 -> 110.1, «Flying» -> 702.9 -> 702.9a)."""
    from judge_app import paths
    from judge_app.search import defining
    from judge_app.search.query import open_index
    from judge_app.search.translation import inside

    table = json.loads((folder / "query.json").read_text(encoding="utf-8"))["definitions"]
    assert table["question"] == {"source": defining.DEFINITION.pattern, "flags": "i"}
    glossary = open_index(paths.index_dir()).glossary
    assert table["markers"] == sorted(glossary.markers) and table["slack"] == defining.SLACK
    assert defining.MARKER_WORDS < glossary.markers and "defin" in glossary.markers  # «define», as a query reads it
    terms = glossary.terms
    versions = json.loads((folder / "meta.json").read_text())["versions"]
    assert set(table["entries"]) == {f"{v}|{lang}" for v in versions for lang in ("ru", "en")}
    to_subrule = 0
    for key, rows in table["entries"].items():
        want = terms[tuple(key.split("|"))]
        assert [[{table["terms"][i] for i in word} for word in term] for term, _ in rows] == \
               [[set(alts) for alts in words] for words, _ in want], key
        for (_, rule), (_, ref) in zip(rows, want):
            assert rule == ref or inside(rule, [ref]), (key, ref, rule)
            to_subrule += rule != ref
    assert to_subrule > 300  # the headings: keywords, sections
    named = {tuple(table["terms"][w[0]] for w in term): rule for term, rule in table["entries"][f"{VERSION}|en"]}
    assert named[("perman",)] == "110.1" and named[("fli",)] == "702.9a"


def test_the_phone_reads_a_definition_question_as_the_server_does(folder):
    """The server's regex, run by JavaScript, says what Python says: Cyrillic in any case, the
    words that open a definition question and the ones that only look like it."""
    from judge_app.search import defining

    texts = DEFINITION_QUESTIONS + OTHER_QUESTIONS + [
        "ЧТО ТАКОЕ ПОЛЁТ", "Что считается перманентом, а что нет?", "ну что значит «миг»", "Кто такой мироходец",
        "what's a token", "What Counts As a permanent", "definition of haste", "meaning of ward", "стек что такое",
        "что-то такое", "whatever is trample", "что такоеполёт", "  и что есть мана", "what\tis the stack"]
    got = phone(folder, {"patterns": texts})
    assert got == [defining.asks_definition(q) for q in texts]
    assert sum(got) >= len(DEFINITION_QUESTIONS) + 8 and not all(got)


def test_js_regex_refuses_what_javascript_reads_otherwise():
    assert search_docs.js_regex(re.compile(r"^что\s+такое", re.I)) == {"source": r"^что\s+такое", "flags": "i"}
    for bad in (r"(?P<term>\w+)", r"(?i)what", r"\Awhat"):
        with pytest.raises(ValueError):
            search_docs.js_regex(re.compile(bad))


@pytest.mark.parametrize("version", [VERSION, "2026-01-16"])
def test_a_definition_question_leads_with_the_servers_rule(folder, version):
    """For each question the phone's first hit is the server's (the rule, its release and language),
    and it is the step that puts it there: without the pack's table the phone leads otherwise for
    many of them."""
    versions = json.loads((folder / "meta.json").read_text())["versions"]
    if version not in versions:
        pytest.skip(f"{version} is not an offline release of this build")
    online = server(DEFINITION_QUESTIONS, version)
    offline = phone(folder, {"queries": DEFINITION_QUESTIONS, "version": version})
    without = phone(folder, {"queries": DEFINITION_QUESTIONS, "version": version, "without": True})
    lang = lambda q: "ru" if re.search("[а-я]", q) else "en"  # noqa: E731
    for q, on, off in zip(DEFINITION_QUESTIONS, online, offline):
        assert on[0][0] == "rule" and on[0][2] == lang(q), (q, on[:3])
        assert off[0] == on[0], (q, on[:3], off[:3])
    moved = [q for q, off, wo in zip(DEFINITION_QUESTIONS, offline, without) if off[0] != wo[0]]
    assert len(moved) >= 8, moved


def test_other_questions_and_filtered_searches_are_unchanged(folder):
    """A question that asks no definition, or whose words spell no term whole, has the same hits with
    and without the step; so has a definition question searched for one kind, or in the other
    language (the server leaves those too)."""
    for job in ({"queries": OTHER_QUESTIONS}, {"queries": ["что считается перманентом"], "opts": {"kind": "rule"}},
                {"queries": ["что считается перманентом"], "opts": {"lang": "en"}},
                {"queries": ["what is trample"], "opts": {"lang": "ru"}}):
        job["version"] = VERSION
        assert phone(folder, job) == phone(folder, {**job, "without": True}), job
    # where the step moves a rule up, a search for rules alone leaves it where the words put it
    q = "что считается перманентом"
    step = phone(folder, {"queries": [q], "version": VERSION})[0][0]
    assert step[:2] == ["rule", "110.1"]
    assert phone(folder, {"queries": [q], "version": VERSION, "opts": {"kind": "rule"}})[0][0] != step


def test_a_slang_noun_reads_as_on_the_server(folder):
    """«етбшка», «пвшку»: a short slang word made a noun with «-шка» reads as the slang on the
    phone as online (``understand._inflected``, the pack's ``slang_noun``); «кошка» does not."""
    queries = ["етбшка", "пвшку"]
    got = phone(folder, {"queries": queries, "version": VERSION})
    # the same rule leads (its language may differ: «planeswalker» is an English word)
    assert all(got) and [g[0][:2] for g in got] == [s[0][:2] for s in server(queries, VERSION)]
    assert any(h[1].startswith("603.6") for h in got[0][:5]) and any(h[1].startswith("306") for h in got[1][:5])
