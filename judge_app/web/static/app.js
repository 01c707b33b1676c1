/* judge_app pages: "/" focuses search, live results, reference popovers, list filters,
   the version switch and the scenario stepper. No inline scripts (CSP: script-src 'self'). */
(function () {
  "use strict";
  var UI_EN = document.documentElement.lang === "en";
  var TXT = UI_EN
    ? { none: "Nothing found.", open: "open", shown: "showing results for", more: "more", stepper: "step by step", builder: "in the builder" }
    : { none: "Ничего не найдено.", open: "открыть", shown: "показаны результаты для", more: "ещё", stepper: "пошагово", builder: "в конструкторе" };
  var KIND = UI_EN
    ? { rule: "rules", example: "examples", glossary: "glossary", ruling: "FAQ rulings", card: "FAQ cards", rulebook: "1998 rulebook", scenario: "Scenarios" }
    : { rule: "правила", example: "примеры", glossary: "словарь", ruling: "разъяснения FAQ", card: "карты FAQ", rulebook: "правила 1998", scenario: "Сценарии" };

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text != null) e.textContent = text;
    return e;
  }
  function typing(t) {
    return t && (t.tagName === "INPUT" || t.tagName === "TEXTAREA" || t.tagName === "SELECT" || t.isContentEditable);
  }

  /* "/" focuses the search box from anywhere */
  document.addEventListener("keydown", function (ev) {
    if (ev.key === "/" && !typing(ev.target) && !ev.ctrlKey && !ev.metaKey && !ev.altKey) {
      var q = document.getElementById("q");
      if (q) { ev.preventDefault(); q.focus(); q.select(); }
    }
  });

  /* the version switch submits itself */
  document.querySelectorAll("form[data-autosubmit] select").forEach(function (s) {
    s.addEventListener("change", function () { s.form.submit(); });
  });

  /* live search */
  function liveSearch(input) {
    var form = input.form;
    var targetId = input.getAttribute("data-target");
    var box = targetId ? document.getElementById(targetId) : form.querySelector(".live");
    if (!box) return;
    var dropdown = !targetId;
    var timer = null, controller = null, lastKey = null;

    function params() {
      var p = new URLSearchParams();
      p.set("q", input.value);
      p.set("envelope", "1");
      p.set("limit", dropdown ? "8" : "30");
      ["version", "lang", "kind"].forEach(function (n) {
        var f = form.elements[n];
        if (f && f.value) p.set(n, f.value);
      });
      return p;
    }
    function render(data, error) {
      box.textContent = "";
      if (error) { box.appendChild(el("p", "note", error)); }
      else {
        if (data.note) box.appendChild(el("p", "note layout-note", data.note));
        if (!data.hits.length) box.appendChild(el("p", "empty", TXT.none));
        var ol = el("ol", "hits");
        function hitItem(h) {
          var li = el("li", "hit kind-" + h.kind);
          var a = el("a", "hit-link");
          a.href = h.url || "#";
          a.appendChild(el("span", "badge", KIND[h.kind] || h.kind));
          a.appendChild(document.createTextNode(" "));
          if (h.number) { a.appendChild(el("b", "num", h.number)); a.appendChild(document.createTextNode(" ")); }
          a.appendChild(el("span", "title", h.title || ""));
          a.appendChild(el("span", "meta", h.lang + " · " + h.version));
          li.appendChild(a);
          var sn = el("div", "snippet");
          sn.innerHTML = h.snippet || ""; /* sanitised server-side: text and <mark> only */
          li.appendChild(sn);
          if (h.kind === "scenario") { /* a scenario opens in the stepper or in the builder */
            var links = el("div", "scenario-links");
            var st = el("a", "open-stepper", TXT.stepper); st.href = h.url || "#"; links.appendChild(st);
            if (h.builder_url) {
              links.appendChild(document.createTextNode(" · "));
              var bu = el("a", "open-builder", TXT.builder); bu.href = h.builder_url; links.appendChild(bu);
            }
            li.appendChild(links);
          }
          if (h.more && h.more.length) { /* a folded block: FAQ, cards, 1998 or glossary */
            var det = el("details", "more-hits");
            det.appendChild(el("summary", "", TXT.more + " " + h.more.length));
            var sub = el("ol", "hits");
            h.more.forEach(function (m) { sub.appendChild(hitItem(m)); });
            det.appendChild(sub);
            li.appendChild(det);
          }
          return li;
        }
        data.hits.forEach(function (h) { ol.appendChild(hitItem(h)); });
        box.appendChild(ol);
      }
      if (dropdown) box.hidden = false;
    }
    function run() {
      var q = input.value.trim();
      if (!q) { if (dropdown) box.hidden = true; else box.textContent = ""; return; }
      var p = params();
      var key = p.toString();
      if (key === lastKey) return;
      lastKey = key;
      if (controller) controller.abort();
      controller = window.AbortController ? new AbortController() : null;
      fetch("/api/search?" + key, { signal: controller ? controller.signal : undefined, headers: { Accept: "application/json" } })
        .then(function (r) { return r.json().then(function (d) { return { ok: r.ok, d: d }; }); })
        .then(function (res) {
          if (!res.ok) render(null, res.d.error || "error"); else render(res.d);
          if (!dropdown && window.history.replaceState) {
            var u = new URLSearchParams(p); u.delete("envelope"); u.delete("limit");
            window.history.replaceState(null, "", "/search?" + u.toString());
          }
        })
        .catch(function () {});
    }
    input.addEventListener("input", function () { clearTimeout(timer); timer = setTimeout(run, 180); });
    form.querySelectorAll("select").forEach(function (s) {
      s.addEventListener("change", function () { lastKey = null; run(); });
    });
    input.addEventListener("keydown", function (ev) {
      var links = Array.prototype.slice.call(box.querySelectorAll("a.hit-link"));
      var i = links.indexOf(document.activeElement);
      if (ev.key === "ArrowDown" && links.length) { ev.preventDefault(); links[0].focus(); }
      if (ev.key === "Escape" && dropdown) { box.hidden = true; }
    });
    box.addEventListener("keydown", function (ev) {
      var links = Array.prototype.slice.call(box.querySelectorAll("a.hit-link"));
      var i = links.indexOf(document.activeElement);
      if (ev.key === "ArrowDown" && i >= 0 && i + 1 < links.length) { ev.preventDefault(); links[i + 1].focus(); }
      if (ev.key === "ArrowUp" && i >= 0) { ev.preventDefault(); (i === 0 ? input : links[i - 1]).focus(); }
      if (ev.key === "Escape" && dropdown) { box.hidden = true; input.focus(); }
    });
    if (dropdown) {
      document.addEventListener("click", function (ev) { if (!form.contains(ev.target)) box.hidden = true; });
      input.addEventListener("focus", function () { if (box.childNodes.length && input.value.trim()) box.hidden = false; });
    }
  }
  document.querySelectorAll("input[data-live]").forEach(liveSearch);

  /* reference popovers: hover or focus on desktop, first tap on touch screens */
  var pop = document.getElementById("popover");
  var popFor = null, hideTimer = null, lastPointer = "mouse";
  function showPop(a) {
    /* the preview lives in the title attribute (the no-JS fallback); move it aside so the
       native tooltip does not double the popover */
    if (a.hasAttribute("title")) { a.setAttribute("data-preview", a.getAttribute("title")); a.removeAttribute("title"); }
    var text = a.getAttribute("data-preview");
    if (!pop || !text) return;
    clearTimeout(hideTimer);
    pop.textContent = "";
    pop.appendChild(el("div", "", text));
    if (lastPointer === "touch") {
      var go = el("a", "", TXT.open + " →");
      go.href = a.href;
      pop.appendChild(go);
    }
    pop.hidden = false;
    var r = a.getBoundingClientRect();
    var w = pop.offsetWidth;
    var left = Math.max(8, Math.min(window.scrollX + r.left, window.scrollX + document.documentElement.clientWidth - w - 8));
    pop.style.left = left + "px";
    pop.style.top = (window.scrollY + r.bottom + 6) + "px";
    popFor = a;
  }
  function hidePop() { if (pop) { pop.hidden = true; popFor = null; } }
  document.addEventListener("pointerdown", function (ev) { lastPointer = ev.pointerType || "mouse"; }, true);
  document.addEventListener("mouseover", function (ev) {
    var a = ev.target.closest && ev.target.closest("a.ref");
    if (a && lastPointer !== "touch") showPop(a);
  });
  document.addEventListener("mouseout", function (ev) {
    var a = ev.target.closest && ev.target.closest("a.ref");
    if (a && lastPointer !== "touch") hideTimer = setTimeout(hidePop, 150);
  });
  document.addEventListener("focusin", function (ev) {
    if (ev.target.matches && ev.target.matches("a.ref") && lastPointer !== "touch") showPop(ev.target);
  });
  document.addEventListener("focusout", function (ev) {
    if (ev.target.matches && ev.target.matches("a.ref")) hideTimer = setTimeout(hidePop, 150);
  });
  document.addEventListener("click", function (ev) {
    var a = ev.target.closest && ev.target.closest("a.ref");
    if (a && lastPointer === "touch" && popFor !== a) { ev.preventDefault(); showPop(a); return; }
    if (!a && pop && !pop.contains(ev.target)) hidePop();
  });
  document.addEventListener("keydown", function (ev) { if (ev.key === "Escape") hidePop(); });

  /* client-side filters of long lists (glossary, FAQ cards, scenarios) */
  document.querySelectorAll("input[data-filter]").forEach(function (input) {
    var sel = input.getAttribute("data-filter");
    function apply() {
      var v = input.value.trim().toLowerCase().replace(/ё/g, "е");
      document.querySelectorAll(sel).forEach(function (item) {
        var terms = (item.getAttribute("data-terms") || item.textContent).toLowerCase().replace(/ё/g, "е");
        item.hidden = v !== "" && terms.indexOf(v) === -1;
      });
    }
    input.addEventListener("input", apply);
  });

  /* the scenario stepper: ← → Home End keys, the slider, links; the board redrawn in place.
     Key presses faster than the server are coalesced: the last wanted step wins. */
  function stepper() {
    if (!document.getElementById("scenario-live")) return;
    var busy = false, pending = null, target = null;
    function stepUrl(n) {
      var u = new URL(window.location.href);
      u.searchParams.set("step", String(n));
      u.hash = "";
      return u.toString();
    }
    function load(url, n) {
      if (busy) { pending = { url: url, n: n }; return; }
      busy = true;
      fetch(url, { headers: { Accept: "text/html" } })
        .then(function (r) { if (!r.ok) throw new Error(String(r.status)); return r.text(); })
        .then(function (html) {
          var doc = new DOMParser().parseFromString(html, "text/html");
          var fresh = doc.getElementById("scenario-live");
          var cur = document.getElementById("scenario-live");
          if (!fresh || !cur) { window.location.href = url; return; }
          cur.replaceWith(fresh);
          if (window.history.replaceState) window.history.replaceState(null, "", url);
          bind();
        })
        .catch(function () { window.location.href = url; })
        .then(function () {
          busy = false;
          if (pending) { var p = pending; pending = null; load(p.url, p.n); }
          else target = null;
        });
    }
    function go(n) {
      var live = document.getElementById("scenario-live");
      var total = parseInt(live.getAttribute("data-total"), 10) || 0;
      n = Math.max(0, Math.min(total, n));
      var cur = target != null ? target : parseInt(live.getAttribute("data-step"), 10) || 0;
      if (n === cur) return;
      target = n;
      load(stepUrl(n), n);
    }
    function current() {
      var live = document.getElementById("scenario-live");
      return target != null ? target : parseInt(live.getAttribute("data-step"), 10) || 0;
    }
    function bind() {
      var live = document.getElementById("scenario-live");
      live.querySelectorAll("a[data-step]").forEach(function (a) {
        a.addEventListener("click", function (ev) {
          var n = parseInt(new URL(a.href).searchParams.get("step"), 10);
          if (isNaN(n)) return;
          ev.preventDefault();
          go(n);
        });
      });
      var slider = live.querySelector("input[type=range]");
      if (slider) {
        slider.addEventListener("change", function () { go(parseInt(slider.value, 10)); });
        slider.addEventListener("input", function () {
          var lab = live.querySelector(".step-label .n");
          if (lab) lab.textContent = slider.value;
        });
      }
    }
    document.addEventListener("keydown", function (ev) {
      if (typing(ev.target) && ev.target.type !== "range") return;
      if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
      var live = document.getElementById("scenario-live");
      if (!live) return;
      var total = parseInt(live.getAttribute("data-total"), 10) || 0;
      var n = { ArrowLeft: current() - 1, ArrowRight: current() + 1, Home: 0, End: total }[ev.key];
      if (n === undefined) return;
      ev.preventDefault();
      go(n);
    });
    bind();
  }
  stepper();

  /* ← and → turn the page on rule and card pages (prev/next links) */
  document.addEventListener("keydown", function (ev) {
    if (document.getElementById("scenario-live") || typing(ev.target)) return;
    if (ev.ctrlKey || ev.metaKey || ev.altKey || ev.shiftKey) return;
    var rel = { ArrowLeft: "prev", ArrowRight: "next" }[ev.key];
    if (!rel) return;
    var a = document.querySelector(".prevnext a[rel=" + rel + "]");
    if (a) { ev.preventDefault(); window.location.href = a.href; }
  });
  document.documentElement.setAttribute("data-js", "ready"); /* every handler is bound; tests wait for this */
})();
