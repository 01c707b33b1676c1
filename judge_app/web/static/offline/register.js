/* Every page: register the service worker (static/offline/sw.js) so the rules work offline
   after the first visit, without asking; offer the new release when the worker has downloaded
   it («доступна новая версия правил — обновить»); say so when the device could not store the
   offline copy (the site keeps working online). Plain DOM, textContent only. */
(function () {
  "use strict";
  if (!("serviceWorker" in navigator) || !document.documentElement.hasAttribute("data-offline")) return;
  var EN = document.documentElement.lang === "en";
  var T = EN
    ? { update: "A new version of the rules is available", reload: "update", storage: "The rules could not be stored for offline use", online: "the site works while online", need: "needs", free: "free" }
    : { update: "доступна новая версия правил", reload: "обновить", storage: "Не удалось сохранить правила для работы без сети", online: "сайт работает, пока есть сеть", need: "нужно", free: "свободно" };
  var updating = false;

  function bar(cls) {
    var old = document.querySelector(".offline-bar." + cls);
    if (old) return null;
    var div = document.createElement("div");
    div.className = "offline-bar " + cls;
    div.setAttribute("role", "status");
    document.body.appendChild(div);
    return div;
  }
  function mb(bytes) { return (bytes / 1048576).toFixed(1) + " MB"; }

  function offerUpdate(worker) {
    var div = bar("update");
    if (!div) return;
    div.appendChild(document.createTextNode(T.update + " — "));
    var btn = document.createElement("button");
    btn.type = "button";
    btn.className = "update-now";
    btn.textContent = T.reload;
    btn.addEventListener("click", function () {
      updating = true;
      btn.disabled = true;
      worker.postMessage({ type: "SKIP_WAITING" });
    });
    div.appendChild(btn);
  }
  var storageDetail = "";
  function storageFailed() {
    var div = bar("storage");
    if (!div) return;
    var say = function () { div.textContent = T.storage + (storageDetail ? " (" + storageDetail + ")" : "") + "; " + T.online + "."; };
    say();
    if (!storageDetail && navigator.storage && navigator.storage.estimate) navigator.storage.estimate().then(function (est) {
      if (est.quota) { storageDetail = T.free + " " + mb(Math.max(0, est.quota - (est.usage || 0))) + " / " + mb(est.quota); say(); }
    });
  }
  function watch(reg, worker) {
    if (!worker) return;
    worker.addEventListener("statechange", function () {
      if (worker.state === "installed" && navigator.serviceWorker.controller) offerUpdate(worker);
      if (worker.state === "redundant" && !reg.active) storageFailed();
      if (worker.state === "redundant" && reg.active && storageDetail) storageFailed();
    });
  }

  navigator.serviceWorker.addEventListener("message", function (event) {
    var d = event.data || {};
    if (d.type === "judge-offline-storage") storageDetail = T.need + " " + mb(d.need) + ", " + T.free + " " + mb(d.free);
  });
  navigator.serviceWorker.addEventListener("controllerchange", function () {
    if (updating) window.location.reload();
  });
  window.addEventListener("load", function () {
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).then(function (reg) {
      if (reg.waiting && navigator.serviceWorker.controller) offerUpdate(reg.waiting);
      watch(reg, reg.installing);
      reg.addEventListener("updatefound", function () { watch(reg, reg.installing); });
      var check = function () { if (navigator.onLine) reg.update().catch(function () {}); };
      window.addEventListener("online", check);
      setInterval(check, 10 * 60 * 1000);
    }).catch(function () { storageFailed(); });
  });
})();
