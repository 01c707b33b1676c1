"""The installable app: the web app manifest, the service worker and the offline pack.

``/manifest.webmanifest`` — Russian name and short name, the icons, ``display: standalone``.
``/sw.js`` — the service worker (``static/offline/sw.js``, Workbox from npm) with the current
pack's id and its files written in: a rebuilt corpus is a new pack id, so the browser sees a new
worker, which downloads the new pack in the background while the old one keeps serving; the page
then says «доступна новая версия правил — обновить» (``static/offline/register.js``).
``/offline/pack/<id>/<file>`` — the pack files (gzipped when the browser accepts it; immutable:
the id is in the URL), its copies of the browser libraries and of the static files the offline
pages use, and ``shell`` — the page the worker answers with when the server cannot be reached,
which draws the requested page from the pack in the browser (``static/offline/shell.js``).

Without a pack (never built, or Node missing) the pages still work: no worker is registered.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

from flask import Blueprint, Response, abort, current_app, render_template, request, send_file

from ..offline import pack
from . import ui

offline = Blueprint("offline", __name__)

STATIC = Path(__file__).resolve().parent / "static"
PACK_ID = re.compile(r"[0-9a-f]{16}")
FILE = re.compile(r"[a-z0-9][a-z0-9.\-]{0,80}\.json")
# The static files the offline pages use: precached, under the pack's URL (so an online page,
# which loads /static/..., never gets a cached copy from an older pack).
SHELL_STATIC = ("app.css", "offline/shell.js", "offline/search.js", "offline/register.js",
                "offline/offline.css", "icons/icon-192.png", "icons/icon-512.png", "icons/maskable-512.png")
SHELL_LIBS = ("minisearch.js", "snowball-stemmers.js")
# The online rule page's notes (ui.STRINGS) the offline rule page shows too: a release whose
# Russian is the 2020 translation carried forward, or missing
SHELL_TEXTS = ("missing_translation", "carried_same", "carried_was", "carried_rename", "carried_changed",
               "carried_none", "carried_predecessor", "carried_diff")
WORKER_LIBS = ("workbox-sw.js", "workbox-core.prod.js", "workbox-precaching.prod.js",
               "workbox-routing.prod.js", "workbox-strategies.prod.js")


def current_pack() -> dict | None:
    """The pack being served, when it is complete and has what the worker needs."""
    meta = pack.current()
    if not meta or not PACK_ID.fullmatch(str(meta.get("id", ""))) or not meta.get("search"):
        return None
    if not (pack.offline_dir() / meta["id"] / "meta.json").exists():
        return None
    return meta


def pack_url(pid: str, name: str) -> str:
    return f"/offline/pack/{pid}/{name}"


def precache_entries(meta: dict) -> list[dict]:
    """What the worker downloads on install: every pack file, the shell, its scripts and styles.
    The URLs carry the pack id, so none needs a revision."""
    pid = meta["id"]
    out = [{"url": pack_url(pid, f["name"]), "revision": None, "bytes": f["gzip"]} for f in meta["files"]]
    out.append({"url": pack_url(pid, "shell"), "revision": None})
    out += [{"url": pack_url(pid, "static/" + s), "revision": None} for s in SHELL_STATIC]
    out += [{"url": pack_url(pid, "lib/" + s), "revision": None} for s in SHELL_LIBS]
    return out


@offline.get("/manifest.webmanifest")
def manifest():
    en = ui.ui_lang() == "en"
    body = {
        "name": "MTG Judge Reference" if en else "Справочник судьи MTG",
        "short_name": "MTG Judge" if en else "Судья MTG",
        "description": ("Magic: The Gathering rules for judges, offline too" if en else
                        "Правила Magic: The Gathering для судей, и без сети"),
        "lang": "en" if en else "ru", "dir": "ltr",
        "id": "/", "start_url": "/", "scope": "/", "display": "standalone",
        "background_color": "#fbf8f3", "theme_color": "#2b1d19",
        "icons": [
            {"src": "/static/icons/icon-192.png", "sizes": "192x192", "type": "image/png", "purpose": "any"},
            {"src": "/static/icons/icon-512.png", "sizes": "512x512", "type": "image/png", "purpose": "any"},
            {"src": "/static/icons/maskable-512.png", "sizes": "512x512", "type": "image/png", "purpose": "maskable"},
        ],
    }
    resp = Response(json.dumps(body, ensure_ascii=False), mimetype="application/manifest+json")
    resp.headers["Cache-Control"] = "no-cache"
    return resp


@offline.get("/sw.js")
def service_worker():
    meta = current_pack()
    if meta is None:  # no pack: a worker that removes itself (an old one must not keep serving)
        source = "self.addEventListener('install',()=>self.skipWaiting());" \
                 "self.addEventListener('activate',()=>self.registration.unregister());"
    else:
        config = {"pack": meta["id"], "lib": pack_url(meta["id"], "lib/"), "shell": pack_url(meta["id"], "shell"),
                  "versions": meta["versions"], "precache": precache_entries(meta),
                  "bytes": sum(f["gzip"] for f in meta["files"])}
        source = (f"self.JUDGE_PACK = {json.dumps(config, ensure_ascii=False)};\n"
                  + (STATIC / "offline" / "sw.js").read_text(encoding="utf-8"))
    resp = Response(source, mimetype="text/javascript")
    resp.headers["Cache-Control"] = "no-cache"
    resp.headers["Service-Worker-Allowed"] = "/"
    return resp


def _send(path: Path, mimetype: str, immutable: bool = True):
    """A pack file, gzipped when the browser accepts it and the build made a .gz copy."""
    gz = path.with_name(path.name + ".gz")
    if gz.exists() and "gzip" in request.headers.get("Accept-Encoding", ""):
        resp = send_file(gz, mimetype=mimetype, conditional=True, etag=True)
        resp.headers["Content-Encoding"] = "gzip"
        resp.headers["Vary"] = "Accept-Encoding"
    elif path.exists():
        resp = send_file(path, mimetype=mimetype, conditional=True, etag=True)
    else:
        abort(404)
    resp.headers["Cache-Control"] = "public, max-age=31536000, immutable" if immutable else "no-cache"
    return resp


@offline.get("/offline/pack/<pid>/<name>")
def pack_file(pid: str, name: str):
    if not PACK_ID.fullmatch(pid) or not (pack.offline_dir() / pid / "meta.json").exists():
        abort(404)
    if name == "shell":
        return shell(pid)
    if not FILE.fullmatch(name):
        abort(404)
    return _send(pack.offline_dir() / pid / name, "application/json")


@offline.get("/offline/pack/<pid>/lib/<name>")
def pack_lib(pid: str, name: str):
    if not PACK_ID.fullmatch(pid) or name not in pack.LIBS:
        abort(404)
    return _send(pack.offline_dir() / pid / "lib" / name, "text/javascript")


@offline.get("/offline/pack/<pid>/static/<path:name>")
def pack_static(pid: str, name: str):
    if not PACK_ID.fullmatch(pid) or name not in SHELL_STATIC:
        abort(404)
    kind = {"css": "text/css", "js": "text/javascript", "png": "image/png"}[name.rsplit(".", 1)[1]]
    return _send(STATIC / name, kind)


def shell(pid: str):
    """The offline page: header and navigation as every page has them; the content is drawn
    by ``shell.js`` from the pack named here."""
    meta = json.loads((pack.offline_dir() / pid / "meta.json").read_text(encoding="utf-8"))
    texts = {k: ui.STRINGS[k] for k in SHELL_TEXTS}  # both languages: the page picks by the ui cookie
    resp = Response(render_template("offline_shell.html", pack=meta, base=pack_url(pid, ""), texts=texts))
    resp.headers["Cache-Control"] = "no-cache"
    return resp


def register(app) -> None:
    app.register_blueprint(offline)

    @app.context_processor
    def offline_context():
        return {"offline_enabled": current_pack() is not None}
