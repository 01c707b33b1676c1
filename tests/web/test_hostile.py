"""Malformed, huge and hostile input at every route: never a 500, never unescaped."""
from __future__ import annotations

from html.parser import HTMLParser
from urllib.parse import quote

import pytest

HOSTILE = [
    "../../../etc/passwd", "..%2F..%2Fetc%2Fpasswd", "%00", "\x00", "a\x00b", "x" * 10_000,
    "<script>alert(1)</script>", "\"><img src=x onerror=alert(1)>", "' OR 1=1 --", "%", "%%%",
    "\u202e\u0301\ufeff\u200b", "𝔘𝔫𝔦𝔠𝔬𝔡𝔢 ✨ 🂡", "\ud7ff\ue000\uffff", "704.5k" * 50, "-1", "0",
    "99999999999999999999999", "1e309", " ", "\t\n\r", "704.5k/../../", "NaN", "[]", "{}",
    "\\", "//evil.example", "javascript:alert(1)", "ＡＢＣ７０４．５ｋ", "704.5л", "кириллица",
]
PARAMS = ["q", "version", "lang", "kind", "show", "limit", "envelope", "step", "tag", "ui", "from", "to", "status", "all",
          "rule", "phrase"]


def path_values():
    for v in HOSTILE:
        yield quote(v, safe="")
    yield "%ED%A0%80"  # an encoded surrogate: invalid UTF-8
    yield "%C0%AF"  # an overlong slash
    yield "%E0%A4%A"  # a truncated escape


def routes(app):
    out = []
    for rule in app.url_map.iter_rules():
        if "GET" not in rule.methods or rule.endpoint == "static":
            continue
        out.append(rule)
    return out


INT_VALUES = ["5", "0", "99999999999999999999999", "9223372036854775808", "1" * 400]


def concrete(rule, value, int_value="5"):
    """The rule's URL with every variable part filled: ints with ``int_value``, the rest with ``value``."""
    import re

    def fill(m):
        conv = rule._converters[m.group(2)].__class__.__name__
        return int_value if conv == "IntegerConverter" else value
    return re.sub(r"<(?:([a-z]+)(?:\([^)]*\))?:)?([a-z_]+)>", fill, rule.rule)


class TagAudit(HTMLParser):
    """Collects what a page would execute: script tags, event-handler attributes, odd URLs."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.problems: list[str] = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "script" and not (attrs.get("src") or "").startswith("/static/"):
            self.problems.append(f"<script> {attrs}")
        if tag in ("img", "iframe", "object", "embed", "svg", "base", "meta") and tag != "meta" or (
                tag == "meta" and "http-equiv" in attrs):
            self.problems.append(f"<{tag}>")
        for name, value in attrs.items():
            if name.startswith("on"):
                self.problems.append(f"{tag} {name}=")
            if name in ("href", "src", "action") and (value or "").strip().lower().startswith(("javascript:", "data:")):
                self.problems.append(f"{tag} {name}={value[:30]}")


def check(resp, where):
    assert resp.status_code < 500, f"{where} -> {resp.status_code}"
    body = resp.get_data(as_text=True)
    assert "Traceback" not in body
    if not resp.mimetype.startswith("text/html"):
        assert resp.mimetype in ("application/json", "application/manifest+json", "text/css", "text/javascript", "text/plain"), where
        return
    assert not audit(body), f"{where}: {audit(body)}"


_audited: dict[int, list[str]] = {}


def audit(body: str) -> list[str]:
    """The problems of a page, audited once per distinct body (cached pages repeat)."""
    key = hash(body)
    if key not in _audited:
        parser = TagAudit()
        parser.feed(body)
        _audited[key] = parser.problems
    return _audited[key]


def test_hostile_paths(app):
    client = app.test_client()
    for rule in routes(app):
        if not rule.arguments:
            continue
        for value in path_values():
            url = concrete(rule, value)
            check(client.get(url), url)
        for number in INT_VALUES:
            url = concrete(rule, "704.5k", number)
            check(client.get(url), url)


@pytest.mark.parametrize("param", PARAMS)
def test_hostile_parameters_on_every_route(app, param):
    client = app.test_client()
    for rule in routes(app):
        base = concrete(rule, "704.5k") if rule.arguments else rule.rule
        if "<" in base:
            continue
        for value in HOSTILE:
            check(client.get(base, query_string={param: value}), f"{base}?{param}={value[:30]!r}")
        for raw in ("%ED%A0%80", "%00", "%E0%A4%A", "%FF%FE"):
            check(client.get(f"{base}?{param}={raw}"), f"{base}?{param}={raw}")


def test_scenario_routes_with_hostile_ids(app):
    client = app.test_client()
    for value in path_values():
        check(client.get(f"/scenarios/{value}"), value)
        check(client.get(f"/scenarios/{value}?step={value}"), value)


def test_odd_methods_and_headers(app):
    client = app.test_client()
    assert client.post("/rules/704.5k").status_code == 405
    assert client.get("/rules/704.5k", headers={"Cookie": "ui=\x01; show=<script>"}).status_code == 200
    assert client.get("/", headers={"Accept-Language": "x" * 5000}).status_code == 200
