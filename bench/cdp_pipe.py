"""A bare DevTools-protocol driver for headless Chromium over ``--remote-debugging-pipe``.

Why not Playwright here: Playwright auto-attaches to every service worker the browser starts
(``Target.setAutoAttach`` with ``waitForDebuggerOnStart``), then enables Runtime and Network on
it before letting it run. Each start of a stopped worker therefore waits for a round trip
through Playwright's Node driver, and its fetches are reported to it: a cost no phone pays,
and one that grows with the machine's load. This driver attaches only to the pages it opens,
so the browser starts and runs the worker as it would for a user (``offline_worker_bench.py
--driver cdp``). Messages are JSON separated by NUL bytes on fds 3 (to the browser) and 4.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile


class CDPError(RuntimeError):
    pass


class Browser:
    def __init__(self, executable: str, args: list[str]):
        self._dir = tempfile.mkdtemp(prefix="cdp-pipe-")
        to_browser_r, self._write = os.pipe()
        self._read, from_browser_w = os.pipe()
        # the browser reads fd 3 and writes fd 4: a shell moves the pipe's ends there
        os.dup2(to_browser_r, 103)
        os.dup2(from_browser_w, 104)
        self._proc = subprocess.Popen(
            ["bash", "-c", 'exec 3<&103 4>&104 103<&- 104>&-; exec "$@"', "bash",
             executable, *args, "--remote-debugging-pipe", f"--user-data-dir={self._dir}", "about:blank"],
            pass_fds=(103, 104), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for fd in (to_browser_r, from_browser_w, 103, 104):
            os.close(fd)
        self._buf = b""
        self._next_id = 0
        self._events: list[dict] = []

    def _recv(self) -> dict:
        while b"\0" not in self._buf:
            chunk = os.read(self._read, 1 << 16)
            if not chunk:
                raise CDPError("the browser closed the pipe")
            self._buf += chunk
        raw, self._buf = self._buf.split(b"\0", 1)
        return json.loads(raw)

    def send(self, method: str, params: dict | None = None, session: str | None = None) -> dict:
        self._next_id += 1
        msg = {"id": self._next_id, "method": method, "params": params or {}}
        if session:
            msg["sessionId"] = session
        os.write(self._write, json.dumps(msg).encode() + b"\0")
        while True:
            m = self._recv()
            if m.get("id") == self._next_id:
                if "error" in m:
                    raise CDPError(f"{method}: {m['error']}")
                return m.get("result", {})
            if "method" in m:
                self._events.append(m)

    def wait_event(self, method: str, session: str) -> dict:
        for i, m in enumerate(self._events):
            if m["method"] == method and m.get("sessionId") == session:
                return self._events.pop(i)
        while True:
            m = self._recv()
            if m.get("method") == method and m.get("sessionId") == session:
                return m
            if "method" in m:
                self._events.append(m)

    def new_page(self, phone: dict, init_script: str | None = None) -> "Page":
        ctx = self.send("Target.createBrowserContext")["browserContextId"]
        target = self.send("Target.createTarget", {"url": "about:blank", "browserContextId": ctx})["targetId"]
        session = self.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        page = Page(self, session)
        vp = phone["viewport"]
        self.send("Emulation.setDeviceMetricsOverride", {"width": vp["width"], "height": vp["height"],
                  "deviceScaleFactor": phone["device_scale_factor"], "mobile": phone["is_mobile"]}, session)
        self.send("Emulation.setTouchEmulationEnabled", {"enabled": phone["has_touch"]}, session)
        self.send("Page.enable", {}, session)
        if init_script:
            self.send("Page.addScriptToEvaluateOnNewDocument", {"source": init_script}, session)
        return page

    def close(self) -> None:
        try:
            self.send("Browser.close")
        except CDPError:
            pass
        try:
            self._proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self._proc.kill()
        os.close(self._read)
        os.close(self._write)
        shutil.rmtree(self._dir, ignore_errors=True)


class Page:
    def __init__(self, browser: Browser, session: str):
        self.browser, self.session = browser, session

    def send(self, method: str, params: dict | None = None) -> dict:
        return self.browser.send(method, params, self.session)

    def goto(self, url: str) -> None:
        """Navigate and return once the load event has fired."""
        self.browser._events = [m for m in self.browser._events
                                if not (m["method"] == "Page.loadEventFired" and m.get("sessionId") == self.session)]
        self.send("Page.navigate", {"url": url})
        self.browser.wait_event("Page.loadEventFired", self.session)

    def evaluate(self, expression: str):
        """A function's source, called (and awaited) in the page; its JSON value."""
        r = self.send("Runtime.evaluate", {"expression": f"({expression})()", "awaitPromise": True,
                                           "returnByValue": True})
        if "exceptionDetails" in r:
            raise CDPError(str(r["exceptionDetails"]))
        return r["result"].get("value")
