"""The comparison over HTTP, the same shape as ``judge diff --json``."""
from judge_app.web import create_app


def test_api_diff(corpus):
    client = create_app().test_client()
    data = client.get("/api/diff?from=2019-05-03&to=2020-01-24&lang=en").get_json()
    assert data["summary"]["added"] > 0
    assert any(c["new_number"] == "702.137" and c["status"] == "added" for c in data["changes"])
    bad = client.get("/api/diff?from=2019-05-03")
    assert bad.status_code == 400 and "укажите обе версии" in bad.get_json()["error"]
    unknown = client.get("/api/diff?from=1990-01-01&to=2020-01-24")
    assert unknown.status_code == 400 and "неизвестная версия" in unknown.get_json()["error"]
