"""The offline pack built from the real test corpus, and the routes that serve it (issue 28)."""
from __future__ import annotations

import gzip
import json
import subprocess

import pytest

from judge_app.offline import pack


@pytest.fixture(scope="module")
def built(offline_instance):
    meta = offline_instance["pack"]
    return meta, offline_instance["folder"] / "offline" / meta["id"]


def read(folder, name):
    return json.loads((folder / name).read_text(encoding="utf-8"))


def test_the_pack_holds_the_default_release_and_the_engines(built, corpus):
    from judge_app.corpus import catalogue
    from judge_app.faq_rulings import RULES_VERSION
    from judge_app.web import queries

    meta, folder = built
    assert meta["default_version"] == catalogue.DEFAULT_VERSION
    assert set(meta["versions"]) == {catalogue.DEFAULT_VERSION, RULES_VERSION} & set(corpus.cr_versions())
    for v in meta["versions"]:
        rules = {r["n"]: r for r in read(folder, f"rules-{v}.json")["rules"]}
        row = corpus.rule_row("704.5k", v, "en")
        assert rules["704.5k"]["en"]["x"] == row["text"]
        assert rules["704.5k"]["ru"]["x"] == corpus.rule_row("704.5k", v, "ru")["text"]
        assert rules["704.5k"]["p"] == "704.5" and rules["704"]["l"] == "s"
        glossary = read(folder, f"glossary-{v}.json")
        assert [(e["en"], e["ru"]) for e in glossary] == [(e["term_en"], e["term_ru"]) for e in queries.glossary_both(v)]
        # every rule of the release, in both languages, as the corpus holds it
        for lang in ("ru", "en"):
            held = corpus.rows("select number, text, carry_status, carried_text from rules where version = ? and lang = ?",
                               (v, lang))
            assert {r["number"] for r in held} == {n for n, r in rules.items() if lang in r}, (v, lang)
            for r in held:
                cell = rules[r["number"]][lang]
                assert cell["x"] == (r["text"] or ""), (v, lang, r["number"])
                # a release without its own translation carries the 2020 Russian, as the online page says
                assert (cell.get("c") or {}).get("s") == r["carry_status"], (v, r["number"])
                if r["carry_status"] == "changed":
                    assert cell["c"]["x"] == r["carried_text"] and cell["c"]["n"]
    carried = {r["n"]: r["ru"]["c"] for r in read(folder, f"rules-{catalogue.DEFAULT_VERSION}.json")["rules"]
               if "c" in r.get("ru", {})}
    if carried:  # the default release is the newest, its Russian carried from 2020
        assert {c["s"] for c in carried.values()} == {"unchanged", "changed", "new"}
        assert any(c.get("d") for c in carried.values() if c["s"] == "changed")
    faq = read(folder, "faq.json")
    assert len(faq["cards"]) == len(corpus.cards()) and any(c["rulings"] for c in faq["cards"])
    assert len(read(folder, "rulebook.json")["topics"]) == len(corpus.topics())
    scenarios = read(folder, "scenarios.json")
    assert scenarios and all(s["events"] or s["error"] for s in scenarios)
    steps = read(folder, "steps.json")
    assert set(steps["boards"]) == {s["id"] for s in scenarios}
    for s in scenarios:  # a board at every step, 0 (as described) to the last event
        if not s["error"]:
            assert len(steps["boards"][s["id"]]) == len(s["events"]) + 1, s["id"]
            assert all(ref is not None for ref in steps["boards"][s["id"]]), s["id"]
    for f in meta["files"]:  # every file has its gzipped copy, and they are the same bytes
        assert gzip.decompress((folder / (f["name"] + ".gz")).read_bytes()) == (folder / f["name"]).read_bytes()


def test_the_stepper_boards_are_the_engines_at_every_step(built):
    """The boards the phone draws are the ones the online stepper draws (``scenario_data.board_at``),
    cut to what the offline page shows: checked at every step of a few scenarios (the first, the
    longest and one with combat), the rest by count above."""
    from judge_app.offline import steps
    from judge_app.web import scenario_data

    _, folder = built
    data = read(folder, "steps.json")
    played = [(item, scenario_data.run(item)) for item in scenario_data.library()]
    played = [(i, r) for i, r in played if i.scenario is not None and not r.error and r.events]
    longest = max(played, key=lambda p: len(p[1].events))
    combat = next(p for p in played if "combat" in p[0].path.parts)
    for item, run in {p[0].id: p for p in (played[0], longest, combat)}.values():
        total = len(run.events)
        refs = data["boards"][item.id]
        for n in range(total + 1):
            want = steps.slim(scenario_data.board_at(item, n, total)[0])
            assert steps.expand(data["nodes"], data["nodes"][refs[n]]) == want, (item.id, n)
        assert refs[0] != refs[-1], item.id   # the game moved


def test_one_run_keeps_the_boards_the_replays_stop_at():
    """The build plays a scenario once and keeps the board as each event is emitted
    (``steps.played_boards``); online, ``board_at`` replays the scenario up to event N. They agree at
    every step where the one run takes a path the replays do not: an action the engine refuses (its
    events emitted, then undone) and a choice owed mid-event (events before it undone, replayed after
    the answer)."""
    from judge_app.offline import steps
    from judge_app.web import scenario_data

    items = [i for i in scenario_data.library() if i.scenario is not None]
    refused = [i for i in items if "refused" in i.path.name][:2]
    chosen = [i for i in items if i.path.parent.name == "replacement" and "choose" in i.path.read_text(encoding="utf-8")][:2]
    picked = refused + chosen
    assert len(refused) == 2 and len(chosen) == 2
    for item in picked:
        total = len(scenario_data.run(item).events)
        assert total > 0, item.id
        want = [steps.slim(scenario_data.board_at(item, n, total)[0]) for n in range(total + 1)]
        assert steps.played_boards(item, total) == want, item.id


def test_the_offline_index_holds_the_online_bridge_fields(built, corpus):
    """A rule's document in the phone's index has the words of the texts citing it (``c``) and the
    glossary headwords pointing to it (``b``) exactly where the online index has them (the same
    functions over the same documents: ``index.cited_texts``, ``index._bridge``)."""
    from judge_app.offline import search_docs

    _, folder = built
    index = read(folder, "search-index.json")
    assert index["fieldIds"] == {"t": 0, "x": 1, "b": 2, "c": 3}
    headwords, cited = search_docs.bridges(corpus)
    has_c, has_b, rules = set(), set(), set()
    for short, stored in index["storedFields"].items():
        if stored["k"] != "rule":
            continue
        lengths = index["fieldLength"][short] + [0, 0]
        key = (stored["v"], stored["n"], stored["g"])
        rules.add(key)
        if lengths[3]:
            has_c.add(key)
        if lengths[2]:
            has_b.add(key[:2])
    # (a text may cite a number its release does not have: online too it lends its words to nothing)
    want_c = {k for k, text in cited.items() if k in rules and search_docs.terms(text)}
    assert has_c == want_c and len(has_c) > 500
    numbered = {r[:2] for r in rules}
    assert has_b == {k for k, (en, ru) in headwords.items() if k in numbered and search_docs.terms(" ".join([*en, *ru]))}
    from judge_app.search.query import CITED_WEIGHT

    assert read(folder, "query.json")["cited_weight"] == CITED_WEIGHT   # the server's weight, not a copy


def test_a_rebuilt_corpus_is_a_new_pack(built, corpus, monkeypatch):
    from judge_app.corpus import store

    meta, _ = built
    assert pack.pack_id(corpus) == meta["id"]
    real = store.read_meta
    monkeypatch.setattr(store, "read_meta", lambda db: {**real(db), "built_at": "another build"})
    assert pack.pack_id(corpus) != meta["id"]


def test_a_changed_reading_of_words_is_a_new_pack(built, corpus, monkeypatch, tmp_path):
    """The pack copies the server's reading of words (slang, derivations, related words...): a
    change of those files is a new pack even when the corpus is not rebuilt."""
    import shutil

    meta, _ = built
    copy = tmp_path / "search"
    shutil.copytree(pack.SEARCH, copy, ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(pack, "SEARCH", copy)
    assert pack.pack_id(corpus) == meta["id"]
    with open(copy / "data" / "related.tsv", "a", encoding="utf-8") as f:
        f.write("\n")
    assert pack.pack_id(corpus) != meta["id"]


def test_python_and_javascript_snowball_stem_alike(built):
    """The phone's table of stems (``stems``: a word outside the vocabulary) is keyed by PyStemmer's
    stems, and the phone stems with the JavaScript port: they must agree."""
    from judge_app.search.analysis import en_stem, ru_stem

    words = ("смертельное касание полётом бдительностью уничтоженного регенерация жетонов яда "
             "deathtouch vigilance trample flying creatures destroyed counters поворачивается").split()
    script = ("const s=require('snowball-stemmers');const ru=s.newStemmer('russian'),en=s.newStemmer('english');"
              "const w=JSON.parse(process.argv[1]);console.log(JSON.stringify(w.map(x=>/[а-я]/.test(x)?ru.stem(x):en.stem(x))))")
    folded = [w.replace("ё", "е") for w in words]
    out = subprocess.run(["node", "-e", script, json.dumps(folded)], capture_output=True, text=True, check=True, cwd=pack.ROOT)
    assert json.loads(out.stdout) == [ru_stem(w) if "а" <= w[0] <= "я" else en_stem(w) for w in folded]


READ_WORDS = """
const MiniSearch=require('minisearch'), snowball=require('snowball-stemmers'), fs=require('fs');
const JS=require('./judge_app/web/static/offline/search.js');
const dir=process.argv[1], words=JSON.parse(process.argv[2]);
const e=JS.create(MiniSearch, snowball, fs.readFileSync(dir+'/search-index.json','utf8'),
                  JSON.parse(fs.readFileSync(dir+'/query.json','utf8')), {});
console.log(JSON.stringify(words.map(w=>e.analyse(w))));
"""


def test_the_phone_reads_words_as_the_server_does(built):
    """The offline index holds the server's index terms (pymorphy3 lemmas, every reading of an
    ambiguous word; English stems), and the phone reads every word of the vocabulary into the very
    terms ``analysis.word_terms`` gives (Node, search.js). A form the vocabulary lacks reaches its
    lemma through its Snowball stem: «легендами» -> легенда, as the server's pymorphy3 reads it."""
    from judge_app.offline import search_docs
    from judge_app.search import analysis

    _, folder = built
    vocab = search_docs.opened_index().vocabulary
    ru = [w for w in vocab.ru if w not in analysis.RU_STOP]
    sample = ru[::7] + vocab.en[::7] + ["две", "легенды", "Смертельное", "704.5j", "+1/+1"]
    out = subprocess.run(["node", "-e", READ_WORDS, str(folder), json.dumps(sample, ensure_ascii=False)],
                         capture_output=True, text=True, check=True, cwd=pack.ROOT)
    got = json.loads(out.stdout)
    assert len(sample) > 1000
    wrong = [(w, g, list(analysis.word_terms(w))) for w, g in zip(sample, got) if g != list(analysis.word_terms(w))]
    assert not wrong, wrong[:10]
    assert got[-5] == ["два"]
    outside = ["легендами", "бдительностями"]
    assert not any(w in vocab.words for w in outside)
    out = subprocess.run(["node", "-e", READ_WORDS, str(folder), json.dumps(outside, ensure_ascii=False)],
                         capture_output=True, text=True, check=True, cwd=pack.ROOT)
    for word, terms in zip(outside, json.loads(out.stdout)):
        assert analysis.word_terms(word)[0] in terms, (word, terms)


def test_routes_serve_the_pack(built):
    from judge_app.web import create_app

    meta, _ = built
    client = create_app().test_client()
    sw = client.get("/sw.js")
    assert sw.status_code == 200 and sw.mimetype == "text/javascript"
    assert sw.headers["Service-Worker-Allowed"] == "/" and "no-cache" in sw.headers["Cache-Control"]
    config = json.loads(sw.get_data(as_text=True).split("self.JUDGE_PACK = ", 1)[1].split(";\n", 1)[0])
    assert config["pack"] == meta["id"]
    urls = [e["url"] for e in config["precache"]]
    assert f"/offline/pack/{meta['id']}/shell" in urls and all(meta["id"] in u for u in urls)
    data = client.get(urls[0], headers={"Accept-Encoding": "gzip"})
    assert data.status_code == 200 and data.headers["Content-Encoding"] == "gzip"
    assert "immutable" in data.headers["Cache-Control"]
    plain = client.get(urls[0])
    assert "Content-Encoding" not in plain.headers and json.loads(plain.get_data())
    shell = client.get(f"/offline/pack/{meta['id']}/shell")
    assert shell.status_code == 200 and f'data-pack="{meta["id"]}"' in shell.get_data(as_text=True)
    for bad in ("/offline/pack/0000000000000000/meta.json", f"/offline/pack/{meta['id']}/../current.json",
                f"/offline/pack/{meta['id']}/lib/evil.js", f"/offline/pack/{meta['id']}/static/../pages.py",
                f"/offline/pack/{meta['id']}/nothing.json"):
        assert client.get(bad).status_code == 404, bad
    page = client.get("/rules/704.5k").get_data(as_text=True)
    assert 'rel="manifest"' in page and "offline/register.js" in page and 'data-offline="1"' in page


BANK_NODE = """
const MiniSearch=require('minisearch'), snowball=require('snowball-stemmers'), fs=require('fs');
const JS=require('./judge_app/web/static/offline/search.js');
const dir=process.argv[1], job=JSON.parse(fs.readFileSync(0,'utf8'));
const tables=JSON.parse(fs.readFileSync(dir+'/query.json','utf8'));
if (job.without_bank) delete tables.asked;
const e=JS.create(MiniSearch, snowball, fs.readFileSync(dir+'/search-index.json','utf8'), tables, {});
console.log(JSON.stringify(job.words ? job.words.map(w=>e.bank.rules(w, job.version))
  : job.queries.map(q=>e.search(q, {version: job.version, limit: 10}).hits.map(h=>[h.kind, h.number]))));
"""


def node_bank(folder, job: dict):
    out = subprocess.run(["node", "-e", BANK_NODE, str(folder)], input=json.dumps(job, ensure_ascii=False),
                         capture_output=True, text=True, check=True, cwd=pack.ROOT)
    return json.loads(out.stdout)


def test_the_pack_holds_the_servers_question_bank(built):
    """The phone's question bank is the server's ``asked.json`` (every row: release, rule, terms,
    in its order), and its constants are the server's, read at pack time (``asked.py``,
    ``translation.RRF_K``)."""
    from judge_app import paths
    from judge_app.search import asked, translation

    _, folder = built
    bank = read(folder, "query.json")["asked"]
    rows = json.loads((paths.index_dir() / asked.ASKED_FILE).read_text(encoding="utf-8"))
    flat = bank["rows"]
    decoded = [[bank["versions"][flat[i]], bank["rules"][flat[i + 1]], [bank["terms"][t] for t in bank["sets"][flat[i + 2]]]]
               for i in range(0, len(flat), 3)]
    assert len(rows) > 15000 and decoded == [[v, r, sorted(t)] for v, r, t in rows]
    assert (bank["weight"], bank["card_weight"], bank["depth"], bank["min_cosine"], bank["k"],
            bank["min_words"], bank["derived"], bank["votes"], bank["vote_weight"]) == (
        asked.WEIGHT, asked.CARD_WEIGHT, asked.DEPTH, asked.MIN_COSINE, translation.RRF_K,
        asked.MIN_WORDS, asked.DERIVED, asked.VOTES, asked.VOTE_WEIGHT)


def sample_questions(step: int = 20) -> list[tuple[str, str]]:
    """(rule, its first written question) for every ``step``-th rule of the question files."""
    from judge_app.search import rule_questions

    written = sorted(rule_questions.questions().items())
    return [(rule, qs[0]) for rule, qs in written[::step]]


def test_the_phone_ranks_the_questions_as_the_server_does(built):
    """For the server's own reading of a query's words, the phone's bank (search.js, Node) gives
    the same rules in the same order with the same cosines as ``asked.Bank.rules``."""
    from judge_app import paths
    from judge_app.search import rule_questions
    from judge_app.search.query import open_index, query_terms

    _, folder = built
    o = open_index(paths.index_dir())
    queries = [q for _, q in sample_questions(50)] + ["две легенды", "можно ли напасть существом которое только что вышло"]
    words = [query_terms(q, o.ru) for q in queries]
    for version in (rule_questions.VERSION, None):
        got = node_bank(folder, {"words": [[list(w) for w in ws] for ws in words], "version": version})
        want = [o.asked.rules(ws, None if version is None else [version]) for ws in words]
        assert sum(map(len, want)) > 3 * len(queries)
        for g, w in zip(got, want):
            assert [tuple(x[:2]) for x in g] == [x[:2] for x in w]
            assert all(abs(a[2] - b[2]) < 1e-9 for a, b in zip(g, w))


def test_a_written_question_reaches_its_rule_offline_as_online(built):
    """A query that is one of the written questions reaches its rule in the phone's top five about as
    often as online (at least 0.9 of it), and more often than the phone without the bank."""
    from judge_app import paths
    from judge_app.search import rule_questions, translation
    from judge_app.search.query import search

    _, folder = built
    sample = sample_questions()
    queries = [q for _, q in sample]
    version = rule_questions.VERSION

    def reached(rankings) -> int:
        return sum(any(kind == "rule" and translation.inside(n, [rule]) for kind, n in hits[:5])
                   for (rule, _), hits in zip(sample, rankings))

    online = [[(h["kind"], h.get("number") or "") for h in search(paths.index_dir(), q, version=version, limit=10).hits]
              for q in queries]
    offline = node_bank(folder, {"queries": queries, "version": version})
    without = node_bank(folder, {"queries": queries, "version": version, "without_bank": True})
    assert len(sample) > 100
    assert reached(offline) >= 0.9 * reached(online) and reached(offline) > reached(without), (
        reached(online), reached(offline), reached(without))
