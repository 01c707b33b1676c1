/* The service worker (issue 28). The server writes self.JUDGE_PACK above this text:
   the pack id, its files (URLs that carry the id), the shell page and the library folder.

   Workbox (npm, pinned in package-lock.json; copied into every pack by the Python build)
   precaches the pack on install. A rebuilt corpus is a new pack id, so a new worker: it
   downloads the new pack in the background while the old worker keeps serving the old one,
   then waits; the page offers «доступна новая версия правил — обновить» and only then does
   the new worker take over (SKIP_WAITING) and the page reload. A page is therefore always
   drawn from one pack: two releases never mix.

   Navigations go to the network (with navigation preload, so the worker costs an online page
   little); when the network fails or hangs, the shell of this pack answers and draws the page
   from the pack. Nothing else is intercepted: an online page's own scripts and styles come
   from the server, never from an older pack. */
/* global workbox */
"use strict";
var PACK = self.JUDGE_PACK;
var NETWORK_TIMEOUT_MS = 6000;

/* Workbox is loaded only when the worker needs the pack: on install and activate, for the pack's
   files and when the network fails. A worker woken for an online navigation skips it (Workbox's
   five scripts are a third of the worker's start-up; bench/offline_worker_bench.py). A new
   worker's first run imports them all, so the browser stores them with the worker and a later
   run may import them from that store (importScripts of anything else after install fails). */
var precache = null;
function pack() {
  if (!precache) {
    importScripts(PACK.lib + "workbox-sw.js");
    workbox.setConfig({ modulePathPrefix: PACK.lib, debug: false });
    workbox.core.setCacheNameDetails({ prefix: "judge", suffix: "v1", precache: "pack" });
    var controller = new workbox.precaching.PrecacheController();
    controller.addToCacheList(PACK.precache.map(function (e) { return { url: e.url, revision: e.revision }; }));
    precache = { controller: controller, route: new workbox.precaching.PrecacheRoute(controller) };
  }
  return precache;
}
if (!self.serviceWorker || self.serviceWorker.state === "parsed") pack();

/* a full device: say what could not be stored, and let the install fail (online keeps working) */
function tellPages(message) {
  return self.clients.matchAll({ includeUncontrolled: true, type: "window" }).then(function (list) {
    list.forEach(function (c) { c.postMessage(message); });
  });
}
self.addEventListener("install", function (event) {
  if (!self.navigator.storage || !self.navigator.storage.estimate) return;
  event.waitUntil(self.navigator.storage.estimate().then(function (est) {
    var free = (est.quota || 0) - (est.usage || 0);
    if (est.quota && free < PACK.bytes * 2.5) {
      return tellPages({ type: "judge-offline-storage", need: PACK.bytes * 2.5, free: free }).then(function () {
        throw new Error("not enough storage for the offline pack");
      });
    }
  }));
});

/* What the worker never needs to see goes straight to the network, without waking it (Chromium's
   static routing, where the browser has it): an online page's scripts, styles and icons, the API. */
self.addEventListener("install", function (event) {
  if (!event.addRoutes || typeof URLPattern === "undefined") return;
  var routes = ["/static/*", "/api/*", "/manifest.webmanifest", "/favicon.ico"].map(function (path) {
    return { condition: { urlPattern: new URLPattern({ pathname: path }) }, source: "network" };
  });
  /* a navigation while the worker is stopped (a judge reads a page for minutes): the network
     races the worker's start-up instead of waiting for it; offline, the worker answers */
  routes.push({ condition: { requestMode: "navigate", runningStatus: "not-running" }, source: "race-network-and-fetch-handler" });
  event.waitUntil(event.addRoutes(routes).catch(function () {
    return event.addRoutes(routes.slice(0, -1)).catch(function () {});   /* a browser without that condition */
  }));
});

/* Navigations: the network (the navigation preload the browser started while the worker woke),
   the pack's shell when the network fails or hangs. A plain listener ahead of Workbox's router:
   the one request every online page pays for takes the shortest path through the worker. */
function withTimeout(promise, ms) {
  return new Promise(function (resolve, reject) {
    var timer = setTimeout(function () { reject(new Error("timeout")); }, ms);
    promise.then(function (r) { clearTimeout(timer); resolve(r); }, function (e) { clearTimeout(timer); reject(e); });
  });
}
function fromPack() {
  return pack().controller.matchPrecache(PACK.shell).then(function (shell) { return shell || Response.error(); });
}
var PACK_FILES = self.location.origin + "/offline/pack/";
self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method === "GET" && request.mode !== "navigate" && request.url.lastIndexOf(PACK_FILES, 0) === 0) {
    /* the shell's data and scripts: from the precache (Workbox's PrecacheRoute, as its router would) */
    var route = pack().route, url = new URL(request.url);
    var params = route.match({ url: url, request: request, event: event, sameOrigin: true });
    if (params) event.respondWith(route.handler.handle({ url: url, request: request, event: event, params: params }));
    return;
  }
  if (request.mode !== "navigate" || request.url.lastIndexOf(self.location.origin + "/", 0) !== 0) return;
  var online = event.preloadResponse ? Promise.resolve(event.preloadResponse).then(function (r) { return r || fetch(request); })
                                     : fetch(request);
  event.respondWith(withTimeout(online, NETWORK_TIMEOUT_MS).catch(fromPack));
});

/* the pack's files downloaded on install; on activate, the older packs' files deleted from the cache
   (Workbox's PrecacheController, as precacheAndRoute would, which adds its listeners at start-up) */
self.addEventListener("install", function (event) { pack().controller.install(event); });
self.addEventListener("activate", function (event) { pack().controller.activate(event); });
self.addEventListener("activate", function (event) {
  event.waitUntil((self.registration.navigationPreload ? self.registration.navigationPreload.enable() : Promise.resolve())
    .then(function () { return self.clients.claim(); }));
});

self.addEventListener("message", function (event) {
  var data = event.data || {};
  if (data.type === "SKIP_WAITING") self.skipWaiting();
  if (data.type === "PACK" && event.source) event.source.postMessage({ type: "PACK", pack: PACK.pack });
});

