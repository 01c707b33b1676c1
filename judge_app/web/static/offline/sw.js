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

importScripts(PACK.lib + "workbox-sw.js");
workbox.setConfig({ modulePathPrefix: PACK.lib, debug: false });
workbox.core.setCacheNameDetails({ prefix: "judge", suffix: "v1", precache: "pack" });

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
  event.waitUntil(event.addRoutes(["/static/*", "/api/*", "/manifest.webmanifest", "/favicon.ico"].map(function (path) {
    return { condition: { urlPattern: new URLPattern({ pathname: path }) }, source: "network" };
  })).catch(function () {}));
});

workbox.precaching.precacheAndRoute(PACK.precache.map(function (e) { return { url: e.url, revision: e.revision }; }));
workbox.precaching.cleanupOutdatedCaches();

self.addEventListener("activate", function (event) {
  event.waitUntil((self.registration.navigationPreload ? self.registration.navigationPreload.enable() : Promise.resolve())
    .then(function () { return self.clients.claim(); }));
});

self.addEventListener("message", function (event) {
  var data = event.data || {};
  if (data.type === "SKIP_WAITING") self.skipWaiting();
  if (data.type === "PACK" && event.source) event.source.postMessage({ type: "PACK", pack: PACK.pack });
});

function withTimeout(promise, ms) {
  return new Promise(function (resolve, reject) {
    var timer = setTimeout(function () { reject(new Error("timeout")); }, ms);
    promise.then(function (r) { clearTimeout(timer); resolve(r); }, function (e) { clearTimeout(timer); reject(e); });
  });
}

workbox.routing.registerRoute(
  function (ctx) { return ctx.request.mode === "navigate" && ctx.url.origin === self.location.origin; },
  function (ctx) {
    var event = ctx.event;
    var online = Promise.resolve(event.preloadResponse).then(function (preloaded) {
      return preloaded || fetch(ctx.request);
    });
    return withTimeout(online, NETWORK_TIMEOUT_MS).catch(function () {
      return workbox.precaching.matchPrecache(PACK.shell).then(function (shell) {
        return shell || Response.error();
      });
    });
  });
