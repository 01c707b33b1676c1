"""The question generator on the real scenario library: every answer is the engine's."""
from __future__ import annotations

from judge_app.scenarios import loader, runner
from judge_app.training import questions, rulebook, trace
from judge_app.training.questions import KINDS, LEGAL


def test_every_kind_is_generated_from_the_library(bank):
    counts = bank.counts()
    assert counts["scenarios"] >= 100
    for kind in KINDS:
        assert counts["kind"].get(kind, 0) >= 30, (kind, counts["kind"])
    assert set(counts["level"]) == {"1", "2", "3"}
    assert {"510", "613", "704", "508"} <= set(counts["topic"])


def test_questions_are_well_formed(bank):
    assert len(bank.by_id) == len(bank.questions), "question ids are unique"
    for q in bank.questions:
        assert questions.QUESTION_ID_RE.fullmatch(q.id), q.id
        keys = [o.key for o in q.options]
        assert len(keys) == len(set(keys)) >= 2, q.id
        assert q.answer in keys, q.id
        assert len({o.ru for o in q.options}) == len(q.options), f"two options read the same in {q.id}"
        assert q.level in questions.LEVELS
        assert all(t.isdigit() for t in q.topics), q.id
        assert q.topics, f"{q.id} has no topic, so its answers would vanish from the progress chart"
        assert q.prompt_ru and q.prompt_en


def test_the_bank_is_stable_between_builds(bank):
    again = questions.build_bank()
    assert [(q.id, q.answer, [o.key for o in q.options]) for q in again.questions] == \
           [(q.id, q.answer, [o.key for o in q.options]) for q in bank.questions]


def _scenario(sid: str, bank):
    return bank.scenarios[sid]


def test_outcome_answers_agree_with_the_scenario_expectations(bank):
    # bolt-face expects Боб at 17; deathtouch-trample sends the mastodon to the graveyard.
    assert bank.get("bolt-face/outcome/life-p2").answer == "17"
    assert bank.get("deathtouch-trample/outcome/zone-mastodon").answer == "graveyard"
    checked = 0
    for q in bank.select(kind="outcome"):
        sc = bank.scenarios[q.scenario_id]
        for _line, ex in sc.expect:
            if q.id.split("/")[-1].startswith("zone-") and "zone" in ex:
                oid = q.id.split("/outcome/zone-")[1]
                if oid in ex["zone"]:
                    assert ex["zone"][oid] == q.answer, q.id
                    checked += 1
            if "/life-p" in q.id and "life" in ex:
                name = sc.players[int(q.id.rsplit("-p", 1)[1]) - 1]["name"]
                if name in ex["life"]:
                    assert str(ex["life"][name]) == q.answer, q.id
                    checked += 1
    assert checked >= 40


def test_pt_questions_follow_the_layers(bank):
    pts = [q for q in bank.select(kind="outcome") if "/outcome/pt-" in q.id]
    assert pts
    checked = 0
    for q in pts:
        sc = bank.scenarios[q.scenario_id]
        oid = q.id.split("/outcome/pt-")[1]
        for _line, ex in sc.expect:
            if "pt" in ex and oid in ex["pt"]:
                assert str(ex["pt"][oid]) == q.answer, q.id
                checked += 1
    assert checked >= 5


def test_refused_actions_are_answered_with_the_rule_the_script_expects(bank):
    refused = [q for q in bank.select(kind="legality") if q.answer != LEGAL]
    legal = [q for q in bank.select(kind="legality") if q.answer == LEGAL]
    assert len(refused) >= 15 and len(legal) >= 15
    checked = 0
    for q in refused:
        sc = bank.scenarios[q.scenario_id]
        line = int(q.id.rsplit("/l", 1)[1])
        steps = [a for _l, a in sc.script]
        lines = [l for l, _a in sc.script]
        i = lines.index(line)
        expected = str(steps[i + 1]["refused"]["rule"]) if i + 1 < len(steps) and "refused" in steps[i + 1] else None
        if expected:
            # the engine cited what the scenario's author expects, and the answer is one of its citations
            assert any(r == expected or r.startswith(expected) for r in q.rules), (q.id, q.rules, expected)
            assert q.answer in q.rules
            checked += 1
        wrong = [o.key for o in q.options if o.key not in (q.answer, LEGAL)]
        assert not set(wrong) & set(q.rules), f"a distractor of {q.id} is a rule the engine cited"
    assert bank.get("fear-refused/legality/l19").answer == "702.35b"
    assert bank.get("cant-attack-refused/legality/l13").answer == "508.1c"
    assert checked >= 10
    for q in legal:   # an accepted action is one the engine took
        tr = trace.record(bank.scenarios[q.scenario_id])
        assert tr.events[q.step].kind in trace.FIRST_EVENT.values(), q.id


def test_which_rule_answers_are_cited_by_that_event_and_options_are_real_rules(bank):
    for q in bank.select(kind="rule"):
        tr = trace.record(bank.scenarios[q.scenario_id])
        event = tr.events[q.step - 1]
        assert q.answer in event.rules, q.id
        wrong = [o.key for o in q.options if o.key != q.answer]
        assert not set(wrong) & set(event.rules), f"a distractor of {q.id} is also cited"
        for o in q.options:
            assert rulebook.exists(o.key, q.rules_version), (q.id, o.key)
            assert o.ru.startswith(o.key + " — ")


def test_what_next_answers_are_the_next_event(bank):
    """The answer is the next event the rules make happen (a «разрешается X» announcement passed
    over), never a player's choice; no other event of that same moment is offered as wrong."""
    from judge_app.training import position

    for q in bank.select(kind="next"):
        tr = trace.record(bank.scenarios[q.scenario_id])
        answer = tr.events[q.explain_step - 1]
        assert q.option(q.answer).ru == position.clean(tr.game, answer.text_ru), q.id
        assert all(e.kind == "resolve" for e in tr.events[q.step:q.explain_step - 1]), q.id
        assert answer.kind not in questions.CHOICE_KINDS or "единственное законное" in answer.text_ru, q.id
        burst_end = next((e.index for e in tr.events[q.explain_step:] if e.kind in ("pass", "step")),
                         len(tr.events) + 1)
        same_moment = {f"e{e.index}" for e in tr.events[q.explain_step:burst_end - 1]}
        assert not same_moment & {o.key for o in q.options}, q.id


def test_level_grows_with_layers_and_decisions(bank):
    assert bank.get("bolt-face/outcome/life-p2").level == 1
    layered = [q for q in bank.questions if "613" in q.topics]
    assert max(q.level for q in layered) >= 2


def test_a_scenario_failing_its_expectations_yields_nothing(tmp_path, bank):
    src = bank.scenarios["bolt-face"].path
    text = open(src, encoding="utf-8").read().replace("Боб: 17", "Боб: 5")
    bad = tmp_path / "bolt-face-broken.yaml"
    bad.write_text(text.replace("id: bolt-face", "id: bolt-face-broken"), encoding="utf-8")
    sc = loader.load(bad)
    assert not runner.run(sc).passed
    assert questions.for_scenario(sc) == []
