"""Every page of the reference through the Flask test client: content, links, escaping."""
from __future__ import annotations

import re

import pytest

from judge_app.web import render


def html(resp) -> str:
    return resp.get_data(as_text=True)


def test_home_has_one_focused_box_and_filters(client):
    r = client.get("/")
    assert r.status_code == 200
    body = html(r)
    assert body.count('id="q"') == 1
    assert re.search(r'<input id="q"[^>]*autofocus', body)
    for name in ("version", "lang", "kind"):
        assert f'name="{name}"' in body
    assert "/static/app.js" in body and "/static/app.css" in body


def test_search_page_lists_hits_with_highlighted_snippets(client):
    r = client.get("/search", query_string={"q": "смертельное касание"})
    assert r.status_code == 200
    body = html(r)
    assert 'href="/rules/702.2?version=' in body
    assert "<mark>" in body


def test_rule_number_goes_straight_to_the_rule(client):
    r = client.get("/search", query_string={"q": "704,5к"})
    assert r.status_code == 302
    assert "/rules/704.5k" in r.headers["Location"]


def test_wrong_layout_note(client):
    r = client.get("/search", query_string={"q": "cvthntkmyjt rfcfybt"})
    assert r.status_code == 200
    assert "показаны результаты для" in html(r)


def test_search_filters_kind_and_lang(client):
    r = client.get("/search", query_string={"q": "deathtouch", "kind": "glossary", "lang": "en"})
    assert r.status_code == 200
    body = html(r)
    assert "kind-glossary" in body and "kind-rule" not in body


def test_rule_page_shows_russian_and_english_side_by_side(client, sample):
    r = client.get("/rules/704.5k")
    assert r.status_code == 200
    body = html(r)
    assert 'class="cell ru" lang="ru"' in body and 'class="cell en" lang="en"' in body
    assert "world" in body  # the English text
    assert re.search(r"[а-я]{4,}", body)
    assert 'rel="prev"' in body and 'rel="next"' in body
    assert 'class="crumbs"' in body and 'href="/rules/704?version=' in body
    assert "Постоянная ссылка" in body and f"/rules/704.5k?version={sample['version']}" in body
    assert sample["version"] in body  # the version is on screen


def test_rule_page_show_one_language(client):
    ru = html(client.get("/rules/704.5k?show=ru"))
    en = html(client.get("/rules/704.5k?show=en"))
    assert 'class="cell ru"' in ru and 'class="cell en"' not in ru
    assert 'class="cell en"' in en and 'class="cell ru"' not in en


def test_section_page_has_an_anchor_per_subrule(client):
    body = html(client.get("/rules/704"))
    assert 'id="r704.5k"' in body and 'id="r704.3"' in body


def test_chapter_page_lists_sections(client):
    body = html(client.get("/rules/7"))
    assert 'href="/rules/704?version=' in body


def test_canonical_redirect(client):
    r = client.get("/rules/704,5к")
    assert r.status_code == 302 and "/rules/704.5k" in r.headers["Location"]


def test_references_both_ways_are_links_with_text(client, sample):
    if not sample["ref"]:
        pytest.skip("no resolved rule-to-rule reference in this build")
    src, target = sample["ref"]["src_number"], sample["ref"]["target_number"]
    body = html(client.get(f"/rules/{src}"))
    assert "Ссылается на" in body
    m = re.search(rf'<a class="ref" href="/rules/{re.escape(target)}\?version=[^"]+" data-n="{re.escape(target)}" title="([^"]+)"', body)
    assert m, f"no link to {target} on {src}"
    assert m.group(1).startswith(target + ".")
    back = html(client.get(f"/rules/{target}"))
    assert "На него ссылаются" in back and f'data-n="{src}"' in back


def test_missing_translation_note(client):
    r = client.get("/rules/302.6", query_string={"version": "2019-05-03"})
    assert r.status_code == 200
    assert "Перевода этого правила нет" in html(r)


def test_low_confidence_words_marked_with_original_one_click_away(client, sample):
    if not sample["marked"]:
        pytest.skip("no OCR-decoded rule with low-confidence marks in this build")
    doc_id, number = sample["marked"]["doc_id"], sample["marked"]["number"]
    version = doc_id.split("-", 2)[2]
    body = html(client.get(f"/rules/{number}", query_string={"version": version}))
    assert '<mark class="low-conf"' in body
    assert '<details class="ocr">' in body and "⟦" not in body


def test_toc_lists_chapters_and_sections(client):
    body = html(client.get("/rules"))
    assert 'href="/rules/1?version=' in body and 'href="/rules/905?version=' in body or 'href="/rules/9?version=' in body


def test_versions_switch_on_every_page(client, corpus):
    for url in ("/", "/rules/704.5k", "/glossary", "/rules"):
        body = html(client.get(url))
        assert 'id="version-select"' in body
        for v in corpus.cr_versions():
            assert f'<option value="{v}"' in body
    body = html(client.get("/rules/704.5k?version=2019-05-03"))
    assert '<option value="2019-05-03" selected' in body


def test_glossary_both_languages(client):
    body = html(client.get("/glossary", query_string={"q": "deathtouch"}))
    assert "Deathtouch" in body and "Смертельное касание" in body
    assert 'class="cell en" lang="en"' in body
    assert 'href="/rules/702.2?version=' in body


def test_faq_cards_rulings_and_cited_rules(client, corpus):
    body = html(client.get("/faq"))
    assert "/faq/0" in body
    with_refs = corpus.one("select c.position from rulings r join cards c on c.id = r.card_id "
                           "join refs f on f.src_id = r.id limit 1")
    if with_refs:
        card = html(client.get(f"/faq/{with_refs['position']}"))
        assert "Упомянутые правила" in card and 'class="ref' in card
    assert client.get("/faq/999999").status_code == 404


def test_rulebook_marked_historical(client):
    body = html(client.get("/rulebook"))
    assert "Исторический документ" in body and 'id="t0"' in body


def test_versions_page(client, corpus):
    body = html(client.get("/versions"))
    for d in corpus.versions():
        assert d["title"] in body.replace("&#34;", '"').replace("&#39;", "'") or d["kind"] == "fragment"


def test_404_suggests(client):
    r = client.get("/rules/704.5z", query_string={"version": "2020-01-24"})
    assert r.status_code == 404
    body = html(r)
    assert "возможно, вы имели в виду" in body and 'href="/rules/704.5' in body


def test_400_says_what_was_wrong(client):
    r = client.get("/rules/704.5k", query_string={"version": "1999-01-01"})
    assert r.status_code == 400
    assert "неизвестная версия правил" in html(r)
    r = client.get("/rules/704.5k", query_string={"show": "fr"})
    assert r.status_code == 400 and "show" in html(r)


def test_english_interface_switch(client):
    r = client.get("/?ui=en")
    assert "Rules" in html(r) and 'lang="en"' in html(r)
    assert "ui=en" in r.headers.get("Set-Cookie", "")
    client.set_cookie("ui", "en")
    assert "Glossary" in html(client.get("/rules/704.5k"))


def test_security_headers(client):
    r = client.get("/")
    assert "script-src 'self'" in r.headers["Content-Security-Policy"]
    assert r.headers["X-Content-Type-Options"] == "nosniff"


def test_api_contract_kept(client):
    r = client.get("/api/search", query_string={"q": "deathtouch"})
    assert r.status_code == 200 and isinstance(r.get_json(), list)
    hit = r.get_json()[0]
    assert {"kind", "number", "version", "lang", "title", "snippet", "score"} <= set(hit)
    env = client.get("/api/search", query_string={"q": "cvthntkmyjt rfcfybt", "envelope": "1"}).get_json()
    assert {"query", "corrected_query", "note", "hits"} <= set(env)
    assert env["note"] and all(h["url"].startswith("/") for h in env["hits"])
    rule = client.get("/api/rules/704.5k").get_json()
    assert rule["number"] == "704.5k" and rule["other"]["lang"] == "en"
    assert client.get("/api/rules/999.9").status_code == 404
    assert isinstance(client.get("/api/versions").get_json(), list)
    assert isinstance(client.get("/api/glossary?q=deathtouch").get_json(), list)


def test_markdown_is_sanitised():
    from judge_app.web import create_app

    with create_app().test_request_context("/"):
        out = str(render.markdown_html('**жирный** <script>alert(1)</script> <img src=x onerror=alert(1)> '
                                       '[ссылка](javascript:alert(1)) см. правило 704.5k'))
    assert "<strong>жирный</strong>" in out
    assert "<script" not in out and "onerror" not in out and "javascript:" not in out
    assert 'href="/rules/704.5k' in out


def test_markdown_links_with_odd_characters_stay_whole():
    from judge_app.web import create_app

    with create_app().test_request_context("/"):
        out = str(render.markdown_html('[см. правило 704.5k](https://example.org/?a>b"c) и правило 704.5k'))
    assert out.count("<a ") == 2  # the author's link (untouched inside) and ours
    assert 'href="https://example.org/?a&gt;b&quot;c"' in out
    assert 'class="ref"' in out


def test_linkify_escapes_everything_else():
    from judge_app.web import create_app

    with create_app().test_request_context("/"):
        out = str(render.linkify('<b>x</b> & "q" правило 704.5k ⟦слово⟧', None, "ru", low_conf=True))
    assert "<b>" not in out and "&lt;b&gt;" in out and "&amp;" in out
    assert '<mark class="low-conf"' in out and "⟦" not in out


def test_version_diff_page(client, corpus):
    if len(corpus.cr_versions()) < 2:
        pytest.skip("one version only")
    r = client.get("/versions/diff", query_string={"status": "renumbered"})
    assert r.status_code == 200
    body = html(r)
    assert "перенумеровано" in body and 'href="/rules/' in body
    assert client.get("/versions/diff", query_string={"status": "nope"}).status_code == 400
    assert client.get("/versions/diff", query_string={"from": "1999-01-01"}).status_code == 400
    assert "/versions/diff" in html(client.get("/versions"))
    pair = {"from": "2019-05-03", "to": "2020-01-24"}  # the two Russian translations
    changed_ru = html(client.get("/versions/diff", query_string={"status": "changed", "lang": "ru", **pair}))
    assert "английский текст не менялся" in changed_ru  # OCR noise is told apart from real changes
    changed_en = html(client.get("/versions/diff", query_string={"status": "changed", "lang": "en", **pair}))
    assert "английский текст не менялся" not in changed_en


def test_rule_page_shows_version_history(client, corpus):
    if not corpus.table_exists("rule_changes"):
        pytest.skip("no version comparison in this build")
    row = corpus.one("select new_version, new_number from rule_changes where lang = 'ru' and status = 'renumbered' "
                     "and new_number is not null limit 1")
    if not row:
        pytest.skip("no renumbered rule")
    body = html(client.get(f"/rules/{row['new_number']}", query_string={"version": row["new_version"]}))
    assert 'class="history"' in body


def test_cached_pages_carry_no_host(client):
    client.get("/rules/704.5k", headers={"Host": "evil.example"})
    body = html(client.get("/rules/704.5k"))
    assert "evil.example" not in body


# -- FAQ rulings: status, rules, scenario (issue 11) ------------------------------
def test_faq_card_page_shows_status_rules_and_play(client, corpus):
    pos = corpus.one("select position from cards where name = 'Коллющая Боль'")["position"]
    html = client.get(f"/faq/{pos}").get_data(as_text=True)
    assert 'data-status="shown"' in html and "показано сценарием" in html
    assert 'href="/scenarios/m2011-r123-stabbing-pain-dies"' in html and "проиграть" in html
    assert 'href="/rules/704.5f?version=2020-01-24"' in html or "/rules/704.5f" in html


def test_faq_card_page_says_what_changed(client, corpus):
    pos = corpus.one("select min(position) as p from cards where name = 'Златогривый Аджани'")["p"]
    html = client.get(f"/faq/{pos}?ui=en").get_data(as_text=True)
    assert "Changed since" in html and "Magic 2014" in html and "2013-07" in html
    assert "planeswalker uniqueness rule was removed" in html
    assert "/scenarios/m2011-r15-planeswalker-uniqueness-gone" in html


def test_rule_page_lists_faq_rulings(client):
    html = client.get("/rules/306.7?version=2020-01-24").get_data(as_text=True)
    assert "Разъяснения FAQ M2011" in html
    assert 'href="/faq/ruling/22"' in html and 'href="/faq/ruling/179"' in html
    older = client.get("/rules/306.7?version=2019-05-03").get_data(as_text=True)
    assert "Разъяснения FAQ M2011, опирающиеся" not in older  # the links are to 2020 numbers


def test_faq_pages_show_a_ruling_against_a_later_release(client, corpus):
    """Issue 29 item 4: r3 (general section, /faq) has another outcome from 2024-11-08, its rule
    linked to that release's rule page and its 2026 board linked; r299 (a card page) holds."""
    body = client.get("/faq").get_data(as_text=True)
    assert 'class="later later-changed" data-release="2024-11-08"' in body
    assert "Исход другой с выпуска 2024-11-08" in body
    assert 'href="/rules/510.1c?version=2024-11-08"' in body
    assert 'href="/scenarios/m2011-r3-deathtouch-order-2026"' in body
    en = client.get("/faq?ui=en").get_data(as_text=True)
    assert "The outcome differs from the release of 2024-11-08" in en and "Acidic Slime may assign 1 to any two" in en
    pos = corpus.one("select min(position) as p from cards where name = 'Ценный Единорог'")["p"]
    card = client.get(f"/faq/{pos}?ui=ru").get_data(as_text=True)   # ?ui=en above is remembered
    assert 'class="later later-holds" data-release="2024-11-08"' in card and "В силе и по выпуску 2024-11-08" in card
    assert 'href="/rules/509.1c?version=2024-11-08"' in card
    assert 'href="/scenarios/m2011-r299-prized-unicorn-two-unicorns-2026"' in card
