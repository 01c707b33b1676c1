"""The error report cycle in Chromium: a trainee selects words on a Russian rule page and
reports them, a mentor accepts, ``judge corrections export`` writes the row, and a rebuild
of a corpus instance with that file shows the fix on the rule page.

The rebuild is the real build into a temporary instance, as a user's rebuild runs it: the
decoded 2020 text comes from the test build's decode cache (``decode_cache``; corrections are
applied after decoding, so the cache holds nothing they change). It runs once, as one journey."""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import threading
import uuid
from pathlib import Path

from judge_app.corpus import corrections as corr
from judge_app.corpus import decode_cache

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
RULE = "704.5f"
DOC = "cr-ru-2020-01-24"
BUILD_TIMEOUT_S = 1200

SELECT = """([word]) => {
  const cell = document.querySelector('.pair.main .cell.ru .text');
  const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const at = node.data.search(new RegExp('(^|[^\\\\p{L}])' + word + '(?![\\\\p{L}])', 'u'));
    if (at < 0) continue;
    const start = node.data.indexOf(word, at);
    const range = document.createRange();
    range.setStart(node, start);
    range.setEnd(node, start + word.length);
    const sel = window.getSelection();
    sel.removeAllRanges();
    sel.addRange(range);
    return sel.toString();
  }
  return null;
}"""


def _word(corpus) -> str:
    """A word of RULE's Russian text that occurs once and that no correction touches yet."""
    text = corpus.rule_row(RULE, "2020-01-24", "ru")["text"]
    fixes, _ = corr.load(DOC)
    taken = " ".join(f"{c.decoded} {c.corrected}" for c in fixes if c.rule == RULE)
    return next(w for w in dict.fromkeys(re.findall(r"[а-яё]{6,}", text))
                if len(corr.find(text, w)) == 1 and w not in taken)


def _login(context, name: str, password: str):
    page = context.new_page()
    page.goto("/training/login")
    page.fill('input[name="username"]', name)
    page.fill('input[name="password"]', password)
    page.locator("form.t-auth button").click()
    page.wait_for_load_state()
    return page


def _rebuilt_server(corrections_dir: Path, instance: Path) -> tuple[subprocess.Popen, str]:
    proc = subprocess.Popen([sys.executable, str(HERE / "serve_rebuilt.py"), str(ROOT), str(corrections_dir),
                             str(instance)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env=dict(os.environ, **{decode_cache.ENV: str(decode_cache.cache_dir())}))
    line: list[str] = []
    reader = threading.Thread(target=lambda: line.append(proc.stdout.readline()), daemon=True)
    reader.start()
    reader.join(BUILD_TIMEOUT_S)
    if not line or not line[0].strip().isdigit():
        proc.kill()
        raise AssertionError(f"the rebuild did not start serving: {proc.stderr.read()[-3000:]}")
    return proc, f"http://127.0.0.1:{line[0].strip()}"


def test_report_review_export_rebuild(browser, base_url, corpus, tmp_path, monkeypatch, artifacts):
    from judge_app.error_reports import store as reports
    from judge_app.training import store as training

    users_db = tmp_path / "users.db"
    monkeypatch.setenv("JUDGE_USERS_DB", str(users_db))   # the live server opens it per request
    suffix = uuid.uuid4().hex[:6]
    trainee, mentor = f"trainee_{suffix}", f"mentor_{suffix}"
    training.create_user(training.connect(), trainee, "trainee password", "trainee")
    training.create_user(training.connect(), mentor, "mentor password", "mentor")
    word = _word(corpus)
    fix = word.upper()

    # a trainee selects the word on the rule page and reports it
    judge = browser.new_context(base_url=base_url)
    page = _login(judge, trainee, "trainee password")
    page.goto(f"/rules/{RULE}?version=2020-01-24")
    assert page.evaluate(SELECT, [word]) == word
    page.wait_for_timeout(100)   # selectionchange is delivered asynchronously
    page.locator(".pair.main .cell.ru a.report-link").click()
    page.wait_for_url(re.compile(r"/corrections/report\?"))
    assert page.locator("#phrase").input_value() == word
    assert word in page.locator("#report-source").inner_text()
    page.fill("#fix", fix)
    page.fill("#comment", "проверка цикла")
    page.locator("#report-send").click()
    assert "Сообщение №1 отправлено на проверку" in page.locator(".report-thanks").inner_text()
    page.screenshot(path=str(artifacts / "error-report-sent.png"), full_page=True)
    [stored] = reports.queue(reports.connect())
    assert (stored["rule"], stored["decoded"], stored["corrected"], stored["reporter"]) == (RULE, word, fix, trainee)

    # a mentor reviews the queue (in English, to see the other interface) and accepts
    review = _login(browser.new_context(base_url=base_url), mentor, "mentor password")
    review.goto("/training/corrections?ui=en")
    item = review.locator("#report-1")
    assert item.locator(".decoded").inner_text() == word and item.locator(".proposed").inner_text() == fix
    assert item.locator('input[name="glyphs"]').input_value()       # the OCR glyphs, read from the corpus
    item.locator('input[name="reason"]').fill("проверка цикла: заглавные буквы")   # not a misreading of glyphs
    review.screenshot(path=str(artifacts / "error-report-review.png"), full_page=True)
    item.get_by_role("button", name="Accept").click()
    review.wait_for_load_state()
    assert review.locator(".count-accepted").inner_text() == "1"
    assert "No new reports." in review.content()

    # the export writes the row into (a copy of) the corrections folder
    folder = tmp_path / "corrections"
    shutil.copytree(corr.CORRECTIONS_DIR, folder)
    out = subprocess.run([sys.executable, "-m", "judge_app.cli", "corrections", "export", "--dir", str(folder)],
                         capture_output=True, text=True, env=dict(os.environ), cwd=ROOT, timeout=300)
    assert out.returncode == 0, out.stderr
    fixes, _ = corr.load(DOC, folder)
    [row] = [c for c in fixes if c.source == "report:1"]
    assert (row.rule, row.decoded, row.corrected) == (RULE, word, fix) and row.glyphs

    # a rebuild of a corpus instance with that file shows the fix on the rule page
    proc, rebuilt = _rebuilt_server(folder, tmp_path / "instance")
    try:
        after = browser.new_context(base_url=rebuilt).new_page()
        after.goto(f"/rules/{RULE}?version=2020-01-24")
        russian = after.locator(".pair.main .cell.ru .text").inner_text()
        assert fix in russian and not re.search(rf"(?<!\w){word}(?!\w)", russian)
        after.screenshot(path=str(artifacts / "error-report-rebuilt.png"), full_page=True)
    finally:
        proc.stdin.close()
        proc.wait(timeout=60)
