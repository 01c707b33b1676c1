/* The offline pages (issue 28): the service worker answers a navigation it cannot get from the
   server with the shell (templates/offline_shell.html); this script reads the address and draws
   the page from the pack the shell names (data-pack): rules of the offline releases, the table
   of contents, the glossary, the M2011 FAQ, the 1998 rulebook, the scenario library and its
   stepper, the search. The builder and training need the server: offline, they say so.

   Every text from the pack goes into the page with textContent (rule numbers become links):
   nothing the pack or the user typed is ever parsed as HTML. */
(function () {
  "use strict";
  var root = document.documentElement;
  var BASE = root.getAttribute("data-base");
  var VERSIONS = (root.getAttribute("data-versions") || "").split(" ").filter(Boolean);
  var DEFAULT = root.getAttribute("data-default-version");
  var EN = /(?:^|;\s*)ui=en(?:;|$)/.test(document.cookie);
  if (EN) root.lang = "en";
  var T = EN ? {
    offline: "offline", loading: "Loading…", toc: "Contents", glossary: "Glossary", faq: "FAQ M2011", rulebook: "1998 rulebook",
    scenarios: "Scenarios", search: "Search", nothing: "Nothing found.", notFound: "is not in the rules of",
    notOffline: "This page is not kept on the device.", needServer: "needs the server, and there is no connection now.",
    builder: "The board builder", training: "Training", versions: "Comparing releases", library: "Library scenarios can still be stepped through offline:",
    step: "Step", of: "of", start: "Starting position", end: "After the last step", after: "After step", turn: "turn", stack: "stack", noBoard: "The engine could not play this far: no board.",
    rulings: "rulings", more: "more", fromDevice: "answers from the device (offline)", version: "Release", filter: "Filter",
    openRule: "Rule", notKept: "Release not kept offline:", keys: "← → Home End", prev: "previous", next: "next", none: "—",
    cites: "Rules", terms: "terms"
  } : {
    offline: "офлайн", loading: "Загрузка…", toc: "Содержание", glossary: "Словарь", faq: "FAQ M2011", rulebook: "Правила 1998",
    scenarios: "Сценарии", search: "Поиск", nothing: "Ничего не найдено.", notFound: "нет в правилах версии",
    notOffline: "Эта страница не хранится на устройстве.", needServer: "работает только с сервером, а связи сейчас нет.",
    builder: "Конструктор позиций", training: "Обучение", versions: "Сравнение версий", library: "Сценарии из библиотеки можно пошагово смотреть и без сети:",
    step: "Шаг", of: "из", start: "Начальная позиция", end: "После последнего шага", after: "После шага", turn: "ход", stack: "стек", noBoard: "Движок не доиграл до этого шага: доски нет.",
    rulings: "разъяснений", more: "ещё", fromDevice: "ответ из памяти устройства (офлайн)", version: "Версия", filter: "Фильтр",
    openRule: "Правило", notKept: "Эта версия правил не хранится на устройстве:", keys: "← → Home End", prev: "назад", next: "вперёд", none: "—",
    cites: "Правила", terms: "терминов"
  };
  var TEXTS = JSON.parse(root.getAttribute("data-texts") || "{}");  /* the online page's notes (web/ui.py) */
  function say(key) { var pair = TEXTS[key]; return pair ? pair[EN ? 1 : 0] : ""; }
  var KIND = EN ? { rule: "rules", glossary: "glossary", ruling: "FAQ rulings", card: "FAQ cards", rulebook: "1998 rulebook" }
                : { rule: "правила", glossary: "словарь", ruling: "разъяснения FAQ", card: "карты FAQ", rulebook: "правила 1998" };
  var main = document.getElementById("main");
  var params = new URLSearchParams(location.search);
  var cache = {};

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text != null) e.textContent = text;
    return e;
  }
  function add(parent, tag, cls, text) { var e = el(tag, cls, text); parent.appendChild(e); return e; }
  function link(parent, href, text, cls) { var a = add(parent, "a", cls, text); a.href = href; return a; }
  function load(name) {
    if (!cache[name]) cache[name] = fetch(BASE + name).then(function (r) {
      if (!r.ok) throw new Error(name + ": " + r.status);
      return r.json();
    });
    return cache[name];
  }
  function version() {
    var v = params.get("version");
    return v ? v.trim() : DEFAULT;
  }
  function ruleUrl(number, v) {
    return "/rules/" + number + (v && v !== DEFAULT ? "?version=" + encodeURIComponent(v) : "");
  }
  function page(title) {
    main.textContent = "";
    document.title = title + " · " + (EN ? "MTG Judge Reference" : "Справочник судьи MTG") + " · " + T.offline;
    var art = add(main, "article", "offline-view");
    return art;
  }
  function message(title, text, links) {
    var art = page(title);
    add(art, "h1", null, title);
    add(art, "p", "note offline-message", text);
    if (links) { var ul = add(art, "ul"); links.forEach(function (l) { link(add(ul, "li"), l[0], l[1]); }); }
    return art;
  }

  /* text with rule mentions as links (only numbers that exist in the release) */
  var MENTION = /\b(\d{3}\.\d+[a-z]?|\d{3})\b/g;
  function linked(parent, text, v, known) {
    var last = 0, m;
    text = text || "";
    MENTION.lastIndex = 0;
    while ((m = MENTION.exec(text))) {
      if (!known || !known.has(m[1])) continue;
      if (m.index > last) parent.appendChild(document.createTextNode(text.slice(last, m.index)));
      link(parent, ruleUrl(m[1], v), m[1], "ref");
      last = m.index + m[1].length;
    }
    if (last < text.length) parent.appendChild(document.createTextNode(text.slice(last)));
    return parent;
  }
  function paragraphs(parent, text, v, known) {
    (text || "").split(/\n+/).forEach(function (p) { if (p.trim()) linked(add(parent, "p"), p, v, known); });
  }

  /* -- the rules of one release -- */
  function release(v) {
    return load("rules-" + v + ".json").then(function (data) {
      var by = {}, order = [], children = {};
      data.rules.forEach(function (r, i) {
        by[r.n] = r; order.push(r.n); r.i = i;
        if (r.p) (children[r.p] = children[r.p] || []).push(r);
      });
      return { v: v, by: by, order: order, children: children, known: new Set(order) };
    });
  }
  function notKept(v) {
    return message(T.notKept + " " + v, T.notOffline, VERSIONS.map(function (x) { return ["/rules" + (x === DEFAULT ? "" : "?version=" + x), x]; }));
  }
  function cell(parent, r, lang, rel, head) {
    var c = add(parent, "div", "cell " + lang);
    c.lang = lang;
    var item = r[lang];
    if (!item) { add(c, "p", "note none", T.none); return; }
    if (!head) {
      var h = add(c, "div", "cell-head");
      link(h, ruleUrl(r.n, rel.v), r.n, "num");
      if (item.t) { h.appendChild(document.createTextNode(" ")); add(h, "b", "rt", item.t); }
    }
    if (lang === "ru" && item.c) carried(c, r, item.c);
    else if (item.m) add(c, "p", "note missing", say("missing_translation"));
    if (item.x) {
      var text = add(c, "div", "text");
      if (item.m) text.lang = "en";   /* the English stands in */
      paragraphs(text, item.x, rel.v, rel.known);
    }
    (item.e || []).forEach(function (ex) { linked(add(c, "div", "example"), ex, rel.v, rel.known); });
    if (lang === "ru" && item.c && item.c.s === "changed") carriedText(c, item.c);
  }
  /* a release without its own translation: the 2020 Russian carried forward (corpus/carry.py),
     said as the online rule page says it (templates/rule.html) */
  function carried(parent, r, c) {
    if (c.s === "unchanged") {
      var p = add(parent, "p", "note carried carried-same", say("carried_same") + (c.n && c.n !== r.n ? " " + say("carried_was") + " " + c.n + "." : ""));
      (c.r || []).forEach(function (pair) { add(p, "span", "rename", " " + say("carried_rename") + " «" + pair[0] + "» → «" + pair[1] + "»"); });
    } else add(parent, "p", "note carried carried-" + (c.s === "changed" ? "changed" : "none"), say(c.s === "changed" ? "carried_changed" : "carried_none"));
  }
  function carriedText(parent, c) {
    var box = add(parent, "div", "carried-ru");
    add(box, "p", "carried-label", say("carried_predecessor") + " " + c.n + ":");
    if (c.t) add(box, "b", "rt", c.t);
    add(box, "div", "text", c.x);
    if (!(c.d || []).length) return;
    var det = add(box, "details", "diff"); det.open = true;
    add(det, "summary", null, say("carried_diff"));
    var w = add(det, "p", "worddiff"); w.lang = "en";
    c.d.forEach(function (op, i) {
      add(w, op[0] === "insert" ? "ins" : op[0] === "delete" ? "del" : "span", null, op[1]);
      if (i < c.d.length - 1) w.appendChild(document.createTextNode(" "));
    });
  }
  function pair(parent, r, rel, head) {
    var p = add(parent, "div", "pair level-" + r.l);
    p.id = "r" + r.n;
    cell(p, r, "ru", rel, head); cell(p, r, "en", rel, head);
    return p;
  }
  function toc(v) {
    if (VERSIONS.indexOf(v) < 0) return notKept(v);
    return release(v).then(function (rel) {
      var art = page(T.toc);
      add(art, "h1", null, T.toc + " · " + v);
      versionSwitch(art, v, "/rules");
      var ul = add(art, "ul", "toc");
      (rel.order.filter(function (n) { return rel.by[n].l === "c"; })).forEach(function (n) {
        var ch = rel.by[n], li = add(ul, "li", "chapter");
        link(li, ruleUrl(n, v), n + ". " + ((ch.ru || {}).t || (ch.en || {}).t || ""));
        var sub = add(li, "ul");
        (rel.children[n] || []).forEach(function (s) {
          var sl = add(sub, "li");
          link(sl, ruleUrl(s.n, v), s.n + ". " + ((s.ru || {}).t || ""));
          if (s.en && s.en.t) add(sl, "span", "en", " " + s.en.t).lang = "en";
        });
      });
    });
  }
  function versionSwitch(parent, v, path) {
    if (VERSIONS.length < 2) return;
    var p = add(parent, "p", "version-switch");
    p.appendChild(document.createTextNode(T.version + ": "));
    VERSIONS.forEach(function (x, i) {
      if (i) p.appendChild(document.createTextNode(" · "));
      if (x === v) add(p, "b", null, x); else link(p, path + (x === DEFAULT ? "" : (path.indexOf("?") < 0 ? "?" : "&") + "version=" + x), x);
    });
  }
  function rule(raw, v, tables) {
    if (VERSIONS.indexOf(v) < 0) return notKept(v);
    return release(v).then(function (rel) {
      var cands = window.JudgeSearch.numberCandidates(raw, tables);
      var number = cands.filter(function (c) { return rel.known.has(c); })[0];
      if (!number) return message(raw, "«" + raw + "» " + T.notFound + " " + v + ".", [["/rules" + (v === DEFAULT ? "" : "?version=" + v), T.toc]]);
      if (number !== raw) { history.replaceState(null, "", ruleUrl(number, v) + location.hash); }
      var r = rel.by[number];
      var art = page(number + " " + ((r.ru || {}).t || (r.en || {}).t || ""));
      art.className += " rule-page level-" + r.l;
      var crumbs = add(art, "nav", "crumbs");
      link(crumbs, "/rules" + (v === DEFAULT ? "" : "?version=" + v), T.toc);
      var chain = [], p = r.p;
      while (p && rel.by[p]) { chain.unshift(rel.by[p]); p = rel.by[p].p; }
      chain.forEach(function (c) { crumbs.appendChild(document.createTextNode(" › ")); link(crumbs, ruleUrl(c.n, v), c.n); });
      var h1 = add(art, "h1");
      h1.id = "r" + number;
      add(h1, "span", "num", number);
      if (r.ru && r.ru.t) { h1.appendChild(document.createTextNode(" ")); add(h1, "span", "rt", r.ru.t); }
      if (r.en && r.en.t) { h1.appendChild(document.createTextNode(" ")); add(h1, "span", "rt en", r.en.t).lang = "en"; }
      var tools = add(art, "div", "tools");
      add(tools, "span", "version-badge", T.version + ": " + v);
      add(tools, "span", "offline-badge", T.offline);
      var nav = add(art, "nav", "prevnext");
      var prev = rel.order[r.i - 1], next = rel.order[r.i + 1];
      if (prev) link(nav, ruleUrl(prev, v), "← " + prev, "prev"); else add(nav, "span");
      if (next) link(nav, ruleUrl(next, v), next + " →", "next");
      var pairs = add(art, "div", "pairs");
      if ((r.ru && (r.ru.x || r.ru.e)) || (r.en && (r.en.x || r.en.e))) pair(pairs, r, rel, true).className += " main";
      var kids = rel.children[number] || [];
      if (r.l === "c") {
        var ul = add(art, "ul", "section-list");
        kids.forEach(function (s) { link(add(ul, "li"), ruleUrl(s.n, v), s.n + " " + ((s.ru || {}).t || "")); });
      } else {
        kids.forEach(function (k) {
          pair(pairs, k, rel);
          if (r.l === "s") (rel.children[k.n] || []).forEach(function (g) { pair(pairs, g, rel); });
        });
      }
      if (location.hash) { var target = document.getElementById(decodeURIComponent(location.hash.slice(1))); if (target) target.scrollIntoView(); }
    });
  }

  /* -- glossary, FAQ, rulebook -- */
  function glossary(v) {
    var gv = VERSIONS.indexOf(v) >= 0 ? v : DEFAULT;
    return Promise.all([load("glossary-" + gv + ".json"), release(gv)]).then(function (res) {
      var entries = res[0], rel = res[1], q = (params.get("q") || "").trim().toLowerCase().replace(/ё/g, "е");
      if (q) entries = entries.filter(function (e) {
        return e.en.toLowerCase().indexOf(q) >= 0 || e.ru.toLowerCase().replace(/ё/g, "е").indexOf(q) >= 0;
      });
      var art = page(T.glossary);
      add(art, "h1", null, T.glossary);
      var form = add(art, "form", "glossary-filter");
      form.action = "/glossary"; form.method = "get";
      var input = add(form, "input"); input.name = "q"; input.type = "search"; input.value = params.get("q") || ""; input.maxLength = 200;
      input.setAttribute("aria-label", T.filter);
      add(art, "p", "hint", entries.length + " " + T.terms);
      var dl = add(art, "dl", "glossary");
      entries.forEach(function (e) {
        var dt = add(dl, "dt");
        if (e.ru) add(dt, "b", null, e.ru);
        if (e.en) { dt.appendChild(document.createTextNode(e.ru ? " · " : "")); add(dt, "span", "en", e.en).lang = "en"; }
        var dd = add(dl, "dd", "pair");
        if (e.dr) paragraphs(add(dd, "div", "cell ru"), e.dr, gv, rel.known);
        if (e.de) { var c = add(dd, "div", "cell en"); c.lang = "en"; paragraphs(c, e.de, gv, rel.known); }
      });
    });
  }
  function faqIndex() {
    return load("faq.json").then(function (faq) {
      var art = page(T.faq);
      add(art, "h1", null, faq.title || T.faq);
      var ul = add(art, "ul", "cards");
      faq.cards.forEach(function (c) { link(add(ul, "li"), "/faq/" + c.pos, c.name + (c.rulings.length ? " (" + c.rulings.length + ")" : "")); });
      faq.general.forEach(function (g) {
        add(art, "h2", null, g.topic);
        g.items.forEach(function (it) { var p = add(art, "p", "ruling"); p.id = "r" + it.pos; p.textContent = it.text; });
      });
      if (location.hash) { var t = document.getElementById(location.hash.slice(1)); if (t) t.scrollIntoView(); }
    });
  }
  function faqCard(pos, rulingPos) {
    return load("faq.json").then(function (faq) {
      var i = -1;
      faq.cards.forEach(function (c, k) {
        if (pos != null && c.pos === pos) i = k;
        if (rulingPos != null && c.rulings.some(function (r) { return r.pos === rulingPos; })) i = k;
      });
      if (i < 0) {
        if (rulingPos != null) { location.replace("/faq#r" + rulingPos); return; }
        return message(T.faq, "№" + pos + ": " + T.nothing, [["/faq", T.faq]]);
      }
      var c = faq.cards[i];
      var art = page(c.name);
      var crumbs = add(art, "nav", "crumbs"); link(crumbs, "/faq", T.faq);
      add(art, "h1", null, c.name);
      var card = add(art, "div", "card-face");
      [c.cost, c.type, c.pt].forEach(function (x) { if (x) add(card, "p", null, x); });
      if (c.text) paragraphs(add(card, "div", "text"), c.text);
      add(art, "h2", null, c.rulings.length + " " + T.rulings);
      c.rulings.forEach(function (r) { var p = add(art, "p", "ruling"); p.id = "r" + r.pos; p.textContent = r.text; });
      var nav = add(art, "nav", "prevnext");
      if (i > 0) link(nav, "/faq/" + faq.cards[i - 1].pos, "← " + faq.cards[i - 1].name, "prev"); else add(nav, "span");
      if (i + 1 < faq.cards.length) link(nav, "/faq/" + faq.cards[i + 1].pos, faq.cards[i + 1].name + " →", "next");
      var target = rulingPos != null ? "r" + rulingPos : location.hash.slice(1);
      if (target) { var t = document.getElementById(target); if (t) t.scrollIntoView(); }
    });
  }
  function rulebook() {
    return load("rulebook.json").then(function (rb) {
      var art = page(T.rulebook);
      add(art, "h1", null, rb.title || T.rulebook);
      rb.topics.forEach(function (t, i) {
        var sec = add(art, "section", "topic"); sec.id = "t" + i;
        add(sec, "h2", null, t.title);
        paragraphs(sec, t.text);
        (t.examples || []).forEach(function (ex) { add(sec, "div", "example", ex); });
      });
      if (location.hash) { var t = document.getElementById(location.hash.slice(1)); if (t) t.scrollIntoView(); }
    });
  }

  /* -- scenarios -- */
  function library() {
    return load("scenarios.json").then(function (items) {
      var q = (params.get("q") || "").toLowerCase(), tag = params.get("tag") || "";
      var shown = items.filter(function (it) {
        if (tag && it.tags.indexOf(tag) < 0) return false;
        return !q || (it.id + " " + it.title + " " + it.summary + " " + it.tags.join(" ")).toLowerCase().indexOf(q) >= 0;
      });
      var art = page(T.scenarios);
      add(art, "h1", null, T.scenarios);
      add(art, "p", "hint", shown.length + " / " + items.length);
      var ul = add(art, "ul", "scenario-list");
      shown.forEach(function (it) { link(add(ul, "li"), "/scenarios/" + it.id, it.title); });
    });
  }
  /* a board of steps.json: its nodes are shared between boards ({"@": i} is node i) */
  function expand(nodes, v) {
    if (Array.isArray(v)) return v.map(function (x) { return expand(nodes, x); });
    if (v && typeof v === "object") {
      if ("@" in v) return expand(nodes, nodes[v["@"]]);
      var out = {};
      Object.keys(v).forEach(function (k) { out[k] = expand(nodes, v[k]); });
      return out;
    }
    return v;
  }
  function objectText(o) {
    var counters = Object.keys(o.counters || {}).map(function (k) { return o.counters[k] + "×" + k; });
    return (o.name_ru || o.name_en || o.id || "?") + (o.pt ? " " + o.pt : "") + (o.loyalty ? " [" + o.loyalty + "]" : "")
      + (o.tapped ? (EN ? " (tapped)" : " (повёрнут)") : "") + (o.damage ? (EN ? ", damage " : ", урон ") + o.damage : "")
      + (counters.length ? " {" + counters.join(", ") + "}" : "")
      + (o.attacking ? (EN ? " — attacks " : " — атакует ") + o.attacking + (o.blocked ? (EN ? ", blocked" : ", заблокировано") : "") : "")
      + ((o.blocking || []).length ? (EN ? " — blocks " : " — блокирует ") + o.blocking.join(", ") : "");
  }
  function board(parent, b, title) {
    var box = add(parent, "section", "board");
    add(box, "h3", null, title);
    if (!b) { add(box, "p", "hint", T.noBoard); return; }
    if (b.turn) add(box, "p", "turn", T.turn + " " + b.turn + (b.active ? " · " + b.active : "") + (b.step ? " · " + b.step : ""));
    (b.players || []).forEach(function (p) {
      var pl = add(box, "div", "player");
      add(pl, "b", null, p.name + " — " + (EN ? "life " : "жизнь ") + p.life + (p.poison ? (EN ? ", poison " : ", яд ") + p.poison : ""));
      ["battlefield", "hand", "graveyard", "exile", "command"].forEach(function (zone) {
        var objs = p[zone] || [];
        if (!objs.length) return;
        var z = add(pl, "div", "zone zone-" + zone);
        add(z, "span", "zone-name", zone + ": ");
        z.appendChild(document.createTextNode(objs.map(objectText).join(", ")));
      });
    });
    if ((b.stack || []).length) {
      var st = add(box, "div", "zone zone-stack");
      add(st, "span", "zone-name", T.stack + ": ");
      st.appendChild(document.createTextNode(b.stack.map(objectText).join(", ")));
    }
  }
  function scenario(id) {
    return Promise.all([load("scenarios.json"), release(VERSIONS.indexOf("2020-01-24") >= 0 ? "2020-01-24" : DEFAULT),
                        load("steps.json")]).then(function (res) {
      var it = res[0].filter(function (x) { return x.id === id; })[0], rel = res[1], steps = res[2];
      if (!it) return message(T.scenarios, "«" + id + "»: " + T.nothing, [["/scenarios", T.scenarios]]);
      var v = VERSIONS.indexOf(it.v) >= 0 ? it.v : rel.v;
      var total = it.events.length, step = parseInt(params.get("step") || "0", 10);
      if (!(step >= 0 && step <= total)) step = 0;
      var art = page(it.title);
      art.className += " scenario-page";
      var crumbs = add(art, "nav", "crumbs"); link(crumbs, "/scenarios", T.scenarios);
      add(art, "h1", null, it.title);
      var tags = add(art, "p", "tags");
      it.tags.forEach(function (t) { link(tags, "/scenarios?tag=" + encodeURIComponent(t), t, "tag"); });
      if (it.summary) add(art, "div", "scen-summary", it.summary);
      if (it.error) add(art, "div", "run-error", it.error);
      var live = add(art, "div"); live.id = "scenario-live";
      live.setAttribute("data-step", step); live.setAttribute("data-total", total);
      var stepper = add(live, "div", "stepper"), buttons = add(stepper, "div", "buttons");
      function stepLink(n, label, cls, rel_) {
        if (n < 0 || n > total || n === step) { add(buttons, "span", "btn disabled", label); return; }
        var a = link(buttons, "/scenarios/" + it.id + "?step=" + n, label, cls);
        if (rel_) a.rel = rel_;
      }
      stepLink(0, "|◀", "step-first"); stepLink(step - 1, "◀", "step-prev", "prev");
      stepLink(step + 1, "▶", "step-next", "next"); stepLink(total, "▶|", "step-last");
      add(buttons, "span", "step-label", T.step + " " + step + " " + T.of + " " + total);
      add(stepper, "p", "hint", T.keys);
      var now = add(live, "div", "event-now");
      if (step > 0) {
        var e = it.events[step - 1];
        var ru = add(now, "div", "ru"); add(ru, "b", null, step + ". "); linked(ru, e.ru, v, rel.known);
        if (e.en) { var en = add(now, "div", "en"); en.lang = "en"; linked(en, e.en, v, rel.known); }
        if (e.r.length) { var c = add(now, "div", "cited", T.cites + ": "); linked(c, e.r.join(", "), v, rel.known); }
      } else add(now, "b", null, T.start);
      var ref = (steps.boards[it.id] || [])[step];
      board(live, ref == null ? null : expand(steps.nodes, steps.nodes[ref]),
            step === 0 ? T.start : step === total ? T.end : T.after + " " + step);
      var log = add(live, "ol", "events");
      it.events.slice(0, step).forEach(function (e) { linked(add(log, "li"), e.ru, v, rel.known); });
      document.addEventListener("keydown", function (ev) {
        if (ev.target && /INPUT|TEXTAREA|SELECT/.test(ev.target.tagName)) return;
        var to = { ArrowLeft: step - 1, ArrowRight: step + 1, Home: 0, End: total }[ev.key];
        if (to != null && to >= 0 && to <= total && to !== step) location.href = "/scenarios/" + it.id + "?step=" + to;
      });
    });
  }

  /* -- search -- */
  var engine = null;
  function searchEngine() {
    if (engine) return engine;
    engine = Promise.all([fetch(BASE + "search-index.json").then(function (r) { return r.text(); }), load("query.json"),
                          Promise.all(VERSIONS.map(release))]).then(function (res) {
      var numbers = {};
      res[2].forEach(function (rel) { numbers[rel.v] = rel.known; });
      return window.JudgeSearch.create(window.MiniSearch, window.snowballFactory, res[0], res[1], numbers);
    });
    return engine;
  }
  function searchPage(v) {
    var q = (params.get("q") || "").slice(0, 500);
    if (VERSIONS.indexOf(v) < 0) v = DEFAULT;
    var mini = document.querySelector("header .mini-search");
    if (mini) mini.hidden = true;   // the page's own box is the search box here
    var art = page(q || T.search);
    var form = add(art, "form", "search-form"); form.action = "/search"; form.method = "get"; form.setAttribute("role", "search");
    var input = add(form, "input", "q big"); input.type = "search"; input.name = "q"; input.value = q; input.maxLength = 500;
    input.id = "q-offline"; input.autocomplete = "off"; input.setAttribute("aria-label", T.search);
    if (v !== DEFAULT) { var hv = add(form, "input"); hv.type = "hidden"; hv.name = "version"; hv.value = v; }
    var status = add(art, "p", "offline-status");
    add(status, "span", "offline-badge", T.offline);
    status.appendChild(document.createTextNode(" " + T.fromDevice));
    var box = add(art, "div", "results"); box.id = "offline-results";
    function run(text, jump) {
      return searchEngine().then(function (eng) {
        var number = eng.lookup(text, v);
        if (number && jump) { location.replace(ruleUrl(number, v)); return; }
        box.textContent = "";
        if (!text.trim()) return;
        var res = number ? { hits: [{ kind: "rule", number: number, title: "", snippet: "", url: "/rules/" + number, version: v }] }
                         : eng.search(text, { version: v, limit: 20 });
        if (res.note) add(box, "p", "note layout-note", (EN ? "showing results for " : "показаны результаты для ") + "«" + res.note + "»");
        if (!res.hits.length) { add(box, "p", "empty", T.nothing); return; }
        var ol = add(box, "ol", "hits");
        function item(parent, h) {
          var li = add(parent, "li", "hit kind-" + h.kind);
          var a = link(li, h.kind === "rule" ? ruleUrl(h.number, h.version) : h.url, "", "hit-link");
          add(a, "span", "badge", KIND[h.kind] || h.kind);
          a.appendChild(document.createTextNode(" "));
          if (h.number) { add(a, "b", "num", h.number); a.appendChild(document.createTextNode(" ")); }
          add(a, "span", "title", h.title || "");
          add(a, "span", "offline-badge", T.offline);
          if (h.snippet) add(li, "div", "snippet", h.snippet);
          if (h.more && h.more.length) {
            var det = add(li, "details", "more-hits");
            add(det, "summary", null, T.more + " " + h.more.length);
            var sub = add(det, "ol", "hits");
            h.more.forEach(function (m) { item(sub, m); });
          }
        }
        res.hits.forEach(function (h) { item(ol, h); });
      });
    }
    var timer = null;
    input.addEventListener("input", function () {
      clearTimeout(timer);
      timer = setTimeout(function () {
        run(input.value, false);
        var u = new URLSearchParams(params); u.set("q", input.value); history.replaceState(null, "", "/search?" + u.toString());
      }, 120);
    });
    input.focus();
    return run(q, true);
  }

  /* -- the address -- */
  function route() {
    var path = decodeURIComponent(location.pathname).replace(/\/+$/, "") || "/";
    var v = version(), m;
    var top = document.getElementById("q");
    if (top && path === "/search") top.value = params.get("q") || "";
    if (path === "/" || path === "/search") return searchPage(v);
    if (path === "/rules") return toc(v);
    if ((m = /^\/rules\/(.+)$/.exec(path))) return load("query.json").then(function (t) { return rule(m[1].trim(), v, t); });
    if (path === "/glossary") return glossary(v);
    if (path === "/faq") return faqIndex();
    if ((m = /^\/faq\/(\d{1,6})$/.exec(path))) return faqCard(parseInt(m[1], 10), null);
    if ((m = /^\/faq\/ruling\/(\d{1,6})$/.exec(path))) return faqCard(null, parseInt(m[1], 10));
    if (path === "/rulebook") return rulebook();
    if (path === "/scenarios") return library();
    if ((m = /^\/scenarios\/([A-Za-z0-9_\-.]{1,120})$/.exec(path))) return scenario(m[1]);
    var lib = [["/scenarios", T.scenarios]];
    if (/^\/boards(\/|$)/.test(path)) return message(T.builder, T.builder + " " + T.needServer + " " + T.library, lib);
    if (/^\/training(\/|$)/.test(path)) return message(T.training, T.training + " " + T.needServer, lib);
    if (/^\/versions(\/|$)/.test(path)) return message(T.versions, T.versions + " " + T.needServer, [["/rules", T.toc]]);
    return message(T.offline, T.notOffline, [["/rules", T.toc], ["/glossary", T.glossary], ["/faq", T.faq], ["/scenarios", T.scenarios]]);
  }
  if (EN) document.querySelectorAll("[data-t]").forEach(function (a) {
    var k = a.getAttribute("data-t").replace("nav_", "");
    var words = { search: "Search", toc: "Rules", glossary: "Glossary", faq: "FAQ M2011", rulebook: "1998 rulebook", scenarios: "Scenarios", training: "Training" };
    if (words[k]) a.textContent = words[k];
  });
  Promise.resolve().then(route).catch(function (err) {
    message(T.offline, T.notOffline + " (" + (err && err.message ? err.message : err) + ")");
  });
})();
