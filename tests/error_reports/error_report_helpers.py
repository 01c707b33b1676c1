"""Helpers of the error-report tests: the CSRF token, the message of a page, a report, a mentor."""
from __future__ import annotations

import re

RULE = "704.5f"   # a subrule of the 2020 Russian text, read from the corpus rather than quoted


def token(html: str) -> str:
    return re.search(r'name="csrf_token" value="([^"]+)"', html).group(1)


def message(html: str) -> str:
    found = re.search(r'class="(?:message|report-error)"[^>]*>([^<]+)', html)
    return found.group(1) if found else ""


def report(client, phrase, fix, comment="", rule=RULE, csrf=None):
    page = client.get(f"/corrections/report?rule={RULE}")
    data = {"csrf_token": token(page.text) if csrf is None else csrf, "rule": rule, "phrase": phrase,
            "fix": fix, "comment": comment}
    return client.post("/corrections/report", data=data)


def login_mentor(client, name="mentor_m"):
    from judge_app.training import store as training

    training.create_user(training.connect(), name, "mentor password", "mentor")
    page = client.get("/training/login")
    r = client.post("/training/login", data={"csrf_token": token(page.text), "username": name,
                                              "password": "mentor password"})
    assert r.status_code == 302, r.text
