"""Browser tests: the app on waitress in a background thread, driven by Debian's Chromium.

Skipped, with the reason, only when /usr/bin/chromium is missing. Screenshots go to
``test-artifacts/`` (ignored by git).
"""
from __future__ import annotations

import os
import socket
import threading
from pathlib import Path

import pytest

CHROMIUM = "/usr/bin/chromium"
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
LAUNCH_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
               "--disable-component-update", "--disable-sync", "--no-first-run"]
HERE = Path(__file__).resolve().parent


def pytest_collection_modifyitems(config, items):
    if os.path.exists(CHROMIUM):
        return
    skip = pytest.mark.skip(reason=f"{CHROMIUM} is missing: install Debian's chromium (./test.sh does)")
    for item in items:
        if HERE in Path(str(item.fspath)).resolve().parents:
            item.add_marker(skip)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": LAUNCH_ARGS}


def start_server():
    """The real app on waitress, on a free loopback port, in a background thread: (URL, server)."""
    from waitress.server import create_server

    from judge_app.web import create_app

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = create_server(create_app(), host="127.0.0.1", port=port, threads=8)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    return f"http://127.0.0.1:{port}", server


@pytest.fixture(scope="session")
def app_server():
    """Start another server (a test whose instance differs): ``url = app_server()``; all close at the end."""
    servers = []

    def start() -> str:
        url, server = start_server()
        servers.append(server)
        return url
    yield start
    for server in servers:
        server.close()


@pytest.fixture(scope="session")
def live_server(corpus):
    """The real app on waitress, on a free loopback port, for the whole session."""
    url, server = start_server()
    yield url
    server.close()


@pytest.fixture(scope="session")
def base_url(live_server):
    return live_server


@pytest.fixture(scope="session")
def artifacts():
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


@pytest.fixture()
def phone(browser, base_url):
    context = browser.new_context(viewport={"width": 360, "height": 740}, base_url=base_url,
                                  device_scale_factor=2, is_mobile=True, has_touch=True)
    page = context.new_page()
    yield page
    context.close()
