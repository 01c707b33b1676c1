/* The board builder and the play page (templates/boards.html).

   The board is a scenario: `model` is its data (the form edits it), the server writes it
   as YAML and checks it with the scenario loader. Playing appends decisions (script
   actions) to it; every move asks the server to replay board + decisions
   (POST /api/scenarios/run), so no game lives on the server. The moves form a tree, like
   variations on an analysis board: going back and choosing differently adds a branch. */
(function () {
  "use strict";
  var root = document.getElementById("board-app");
  if (!root) return;
  var S = JSON.parse(root.getAttribute("data-strings"));
  var STEPS = JSON.parse(root.getAttribute("data-steps"));
  var EN = root.getAttribute("data-lang") === "en";
  var ZONES = ["battlefield", "hand", "graveyard", "exile", "command"];
  var V = JSON.parse(root.getAttribute("data-vocab") || "{}");   /* the ability picker's vocabulary (boards/vocabulary.py) */
  var st = {
    model: null, yaml: "", run: null,
    boardId: root.getAttribute("data-board-id") || null,
    revision: root.getAttribute("data-revision") ? Number(root.getAttribute("data-revision")) : null,
    canEdit: !!root.getAttribute("data-can-edit"),
    tree: { c: [] }, path: [], autoIds: {}, viewAt: null
  };
  var $ = function (id) { return document.getElementById(id); };
  var dirty = false;   /* changed since the last save (or since it was opened): leaving asks first */

  /* -- nothing is lost: a draft on this device after every change, restored when the page opens
     again (reload, Back, the header search); leaving with unsaved changes asks first ----------- */
  function draftKey() { return "judge-board-draft:" + (st.boardId || "new:" + (root.getAttribute("data-from") || "")); }
  function saveDraft() {
    if (!st.model || !dirty) return;
    try {
      localStorage.setItem(draftKey(), JSON.stringify({ v: 1, t: Date.now(), model: st.model, nodes: flatten(st.tree),
        path: st.path, auto: Object.keys(st.autoIds), revision: st.revision }));
    } catch (e) { /* storage full or forbidden: the warning before leaving still holds */ }
  }
  function readDraft() { try { return JSON.parse(localStorage.getItem(draftKey()) || "null"); } catch (e) { return null; } }
  function dropDraft(key) { try { localStorage.removeItem(key || draftKey()); } catch (e) { /* nothing kept */ } }
  function restoreDraft(d) {
    st.model = d.model;
    st.tree = unflatten(d.nodes || []);
    st.path = d.path || [];
    (d.auto || []).forEach(function (a) { st.autoIds[a] = 1; });
    dirty = true;
    $("draft-text").textContent = S.draft_restored.replace("{t}", new Date(d.t).toLocaleString(EN ? "en-GB" : "ru-RU"));
    $("draft-note").hidden = false;
    renderBuild();
    return check();
  }
  window.addEventListener("beforeunload", function (ev) {
    if (!dirty) return undefined;
    saveDraft();
    ev.preventDefault();
    ev.returnValue = "";
    return "";
  });
  document.querySelectorAll("form.mini-search").forEach(function (f) { f.target = "_blank"; });   /* results beside the board */

  /* -- small helpers ----------------------------------------------------------- */
  function el(tag, attrs, kids) {
    var e = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) {
      if (k === "text") e.textContent = attrs[k];
      else if (k === "cls") e.className = attrs[k];
      else if (k.slice(0, 2) === "on") e.addEventListener(k.slice(2), attrs[k]);
      else if (attrs[k] !== null && attrs[k] !== undefined && attrs[k] !== false) e.setAttribute(k, attrs[k] === true ? "" : attrs[k]);
    });
    (kids || []).forEach(function (c) { if (c) e.appendChild(typeof c === "string" ? document.createTextNode(c) : c); });
    return e;
  }
  function clear(node) { while (node.firstChild) node.removeChild(node.firstChild); return node; }
  function api(method, url, body) {
    var opts = { method: method, headers: { "Accept": "application/json" } };
    if (body !== undefined) { opts.headers["Content-Type"] = "application/json"; opts.body = JSON.stringify(body); }
    return fetch(url, opts).then(function (r) {
      return r.json().then(function (d) { return { ok: r.ok, status: r.status, data: d }; },
                           function () { return { ok: false, status: r.status, data: { error: String(r.status) } }; });
    });
  }
  function stepName(s) { for (var i = 0; i < STEPS.length; i++) if (STEPS[i][0] === s) return STEPS[i][1]; return s || ""; }
  function nm(pair) { return Array.isArray(pair) ? pair[EN ? 1 : 0] : String(pair); }
  function busy(on) { root.classList.toggle("busy", !!on); }

  /* -- tabs ---------------------------------------------------------------------- */
  function showTab(name) {
    document.querySelectorAll("#board-app .pane").forEach(function (p) { p.hidden = p.getAttribute("data-pane") !== name; });
    document.querySelectorAll("#board-app .tabs button").forEach(function (b) {
      b.setAttribute("aria-selected", b.getAttribute("data-tab") === name ? "true" : "false");
    });
    /* a tab chosen from deep in a long form (the phone's «Проверить и разыграть» at its foot) opens
       at its start: the status, the owed decision and the legal actions, not the middle of the trace */
    var tabs = root.querySelector(".tabs"), pane = root.querySelector('.pane[data-pane="' + name + '"]');
    if (pane && tabs && pane.getBoundingClientRect().top < tabs.offsetHeight) {
      window.scrollTo(0, pane.getBoundingClientRect().top + window.pageYOffset - tabs.offsetHeight - 8);
    }
  }
  document.querySelectorAll("#board-app .tabs button").forEach(function (b) {
    b.addEventListener("click", function () { showTab(b.getAttribute("data-tab")); });
  });

  /* -- the builder's form ------------------------------------------------------ */
  var timer = null;
  function changed() { dirty = true; saveDraft(); clearTimeout(timer); timer = setTimeout(check, 450); }
  function field(label, input) {
    if (input && input.setAttribute && !input.getAttribute("data-label")) input.setAttribute("data-label", label);
    return el("label", { cls: "field" }, [el("span", { text: label }), input]);
  }
  /* sane limits of the form's numbers (the loader checks the rules: a negative hand size…);
     a value outside them, or letters, stays out of the board and is named beside its field */
  var LIMITS = { life: [-1000, 1000], poison: [0, 100], lands_played: [0, 100], max_hand: [0, 100], power: [-100, 1000],
    toughness: [-100, 1000], loyalty: [0, 1000], damage: [0, 1000], number: [1, 1000], counter: [0, 1000],
    unknown: [0, 1000], mana: [0, 100], amount: [-100, 100] };
  var TEXT_MAX = { name: 100, id: 40, card: 100, spell: 100, title: 200, list: 300, kind: 40, cost: 40, chosen: 60,
    search: 60, yaml: 100000 };   /* search: GET /api/cards' own limit; yaml: the API's (replay.MAX_BOARD_CHARS) */
  var localErrors = {};   /* input's data-path → message: what the form refused before the server saw it */
  function localError(input, msg) {   /* ``data-aside``: a field that is not the board (the card search): said, not counted */
    var key = (input.getAttribute("data-path") || "") + "|" + (input.getAttribute("data-counter") || input.getAttribute("data-local") || "");
    var host = input.closest("label.field") || input;
    var old = host.parentNode && host.parentNode.querySelector('.field-error.local[data-for="' + key.replace(/"/g, "") + '"]');
    if (old) old.remove();
    input.classList.toggle("has-error", !!msg);
    if (msg) {
      if (!input.hasAttribute("data-aside")) localErrors[key] = msg;
      host.parentNode.insertBefore(el("span", { cls: "field-error local", role: "alert", "data-for": key, text: msg }), host.nextSibling);
    } else delete localErrors[key];
  }
  function limited(i, kind) {   /* a number input: whole, within LIMITS[kind]; true when its value may go into the board */
    var lim = LIMITS[kind] || [-1000, 1000];
    i.setAttribute("data-kind", kind);
    i.min = lim[0]; i.max = lim[1];
    var v = i.value, ok = !i.validity.badInput && (v === "" || (/^-?\d+$/.test(v) && Number(v) >= lim[0] && Number(v) <= lim[1]));
    localError(i, ok ? "" : S.bad_number.replace("{f}", i.getAttribute("data-label") || "").replace("{min}", lim[0]).replace("{max}", lim[1]));
    return ok;
  }
  root.addEventListener("keydown", function (ev) {   /* a letter in a number field: said beside it, not silently dropped */
    var t = ev.target;
    if (!t || t.tagName !== "INPUT" || t.type !== "number" || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    if (ev.key.length === 1 && !/[0-9-]/.test(ev.key)) {
      ev.preventDefault();
      var lim = LIMITS[t.getAttribute("data-kind")] || [t.min || -1000, t.max || 1000];
      localError(t, S.bad_number.replace("{f}", t.getAttribute("data-label") || "").replace("{min}", lim[0]).replace("{max}", lim[1]));
      setStatus(false);
    }
  });
  function num(obj, key, path, opts) {
    opts = opts || {};
    var i = el("input", { type: "number", inputmode: "numeric", step: 1, "data-path": path, "data-kind": opts.kind || key,
                          value: obj[key] === undefined ? "" : obj[key] });
    i.addEventListener("input", function () {
      if (limited(i, opts.kind || key)) { if (i.value === "") delete obj[key]; else obj[key] = Number(i.value); }
      changed();
    });
    return i;
  }
  function maxText(i, kind) {   /* a text input's limit: the browser stops at it, and says so beside the field */
    var n = TEXT_MAX[kind] || 100;
    i.maxLength = n;
    var check = function () {
      localError(i, i.value.length >= n ? S.too_long.replace("{f}", i.getAttribute("data-label") || "").replace("{n}", n) : "");
    };
    i.addEventListener("input", check);
    return i;
  }
  function text(obj, key, path, placeholder, kind) {
    var i = el("input", { type: "text", "data-path": path, value: obj[key] === undefined ? "" : obj[key], placeholder: placeholder });
    maxText(i, kind || key);
    i.addEventListener("input", function () { if (i.value === "") delete obj[key]; else obj[key] = i.value; changed(); });
    return i;
  }
  function list(obj, key, path, placeholder) {   /* a YAML list typed as "a, b" */
    var v = obj[key];
    var i = el("input", { type: "text", "data-path": path, placeholder: placeholder,
                          value: Array.isArray(v) ? v.map(function (x) { return typeof x === "string" ? x : JSON.stringify(x); }).join(", ") : "" });
    maxText(i, "list");
    i.addEventListener("input", function () {
      var parts = i.value.split(",").map(function (s) { return s.trim(); }).filter(Boolean);
      if (parts.length) obj[key] = parts; else delete obj[key];
      changed();
    });
    return i;
  }
  function checkbox(obj, key, path, label) {
    var i = el("input", { type: "checkbox", "data-path": path });
    i.checked = !!obj[key];
    i.addEventListener("change", function () { if (i.checked) obj[key] = true; else delete obj[key]; changed(); });
    return el("label", { cls: "check" }, [i, " " + label]);
  }
  function select(obj, key, path, options, blank) {
    var s = el("select", { "data-path": path });
    if (blank !== undefined) s.appendChild(el("option", { value: "", text: blank }));
    options.forEach(function (o) {
      var v = Array.isArray(o) ? o[0] : o, t = Array.isArray(o) ? o[1] : o;
      var opt = el("option", { value: v, text: t });
      if (String(obj[key]) === String(v)) opt.selected = true;
      s.appendChild(opt);
    });
    s.addEventListener("change", function () { if (s.value === "") delete obj[key]; else obj[key] = s.value; changed(); });
    return s;
  }
  function playerNames() { return (st.model.players || []).map(function (p) { return p.name; }); }
  function zoneEntries(p, z) { return Array.isArray(p[z]) ? p[z] : []; }   /* a library may be a count */
  function eachEntry(fn) {   /* every object the board lists: player zones (library included), then the stack */
    (st.model.players || []).forEach(function (p, i) {
      ZONES.concat(["library"]).forEach(function (z) {
        zoneEntries(p, z).forEach(function (e, j) { fn(e, p[z], j, "players[" + i + "]." + z, p); });
      });
    });
    (st.model.stack || []).forEach(function (e, j) { fn(e, st.model.stack, j, "stack", null); });
  }
  function allIds() {
    var ids = {};
    eachEntry(function (e) { if (e && typeof e === "object" && e.id !== undefined) ids[e.id] = 1; });
    return ids;
  }
  var TRANSLIT = { "а": "a", "б": "b", "в": "v", "г": "g", "д": "d", "е": "e", "ё": "e", "ж": "zh", "з": "z", "и": "i", "й": "i",
    "к": "k", "л": "l", "м": "m", "н": "n", "о": "o", "п": "p", "р": "r", "с": "s", "т": "t", "у": "u", "ф": "f", "х": "h",
    "ц": "c", "ч": "ch", "ш": "sh", "щ": "sch", "ъ": "", "ы": "y", "ь": "", "э": "e", "ю": "yu", "я": "ya" };
  function newId(name, taken) {
    /* a short readable id from the name (Cyrillic spelt in Latin letters), unique on the board */
    var base = String(name || "obj").toLowerCase().replace(/[а-яё]/g, function (c) { return TRANSLIT[c]; })
      .replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "").slice(0, 24) || "obj";
    var ids = taken || allIds(), n = 1, id = base;
    while (ids[id]) { n += 1; id = base + "-" + n; }
    ids[id] = 1;
    st.autoIds[id] = 1;   /* the builder's own: it follows the object's name until the judge types an id */
    return id;
  }
  function entryName(e) {
    if (!e || typeof e !== "object") return String(e || "");
    var spec = e.creature || e.planeswalker || e.permanent || e.ability || e.trigger || {};
    return e.card || e.spell || spec.name || "";
  }
  function objLabel(id) {   /* «Вурм [wurm]»: what a list of objects shows, not a bare id */
    var name = "";
    eachEntry(function (e) { if (e && typeof e === "object" && String(e.id) === String(id) && !name) name = entryName(e); });
    return name ? name + " [" + id + "]" : String(id);
  }
  function idOptions(except) {   /* [[id, label]] of the board's objects but ``except`` */
    return Object.keys(allIds()).filter(function (id) { return id !== except; }).map(function (id) { return [id, objLabel(id)]; });
  }
  function renameId(old, nid) {
    /* an object's id follows its new name: every mention of it in the board (targets, attachments,
       sources, copies) and in the lines played (attack and block maps) changes with it */
    function walk(v, keys) {   /* in place: the form's fields keep the objects they edit */
      if (!v || typeof v !== "object") return;
      Object.keys(v).forEach(function (k) {
        if (v[k] === old) v[k] = nid; else walk(v[k], keys);
        /* a decision's maps are keyed by id ({attack: {wurm: Боб}}); the board's keys are words («creature») */
        if (keys && k === old && !Array.isArray(v)) { v[nid] = v[old]; delete v[old]; }
      });
    }
    walk(st.model, false);
    (function fix(n) { n.c.forEach(function (ch) { if (ch.a === old) ch.a = nid; else walk(ch.a, true); fix(ch); }); })(st.tree);
    delete st.autoIds[old];
    st.autoIds[nid] = 1;
  }
  function relabel(old, nid) {
    /* the lists that name an object (attached to, source, copy of, targets) follow its new name and
       id in place: redrawing the form here would swallow the tap that took the focus away */
    var q = function (sel) { return document.querySelectorAll("#build-form " + sel); };
    q('option[value="' + CSS.escape(String(old)) + '"]').forEach(function (o) { o.value = nid; o.textContent = objLabel(nid); });
    q('input[data-target="' + CSS.escape(String(old)) + '"]').forEach(function (c) {
      c.value = nid; c.setAttribute("data-target", nid);
      if (c.nextSibling) c.nextSibling.textContent = " " + objLabel(nid);
    });
  }
  function followName(e) {
    /* after a rename: an id the builder gave follows the name («Вурм» → vurm), a typed one stays */
    if (!e || !st.autoIds[e.id]) return false;
    var taken = allIds();
    delete taken[e.id];
    var nid = newId(entryName(e), taken);
    if (nid === e.id) return false;
    renameId(e.id, nid);
    return true;
  }
  function ensureIds() {
    /* every object the builder lists gets an id, so decisions, targets and attachments can
       name it (the loader only lets a decision name declared ids); true when one was added */
    var ids = allIds(), added = false;
    eachEntry(function (e, entries, j) {
      if (e && typeof e === "object" && "unknown" in e) return;   /* unknown library cards have no name */
      if (typeof e === "string") e = entries[j] = { card: e };
      if (!e || typeof e !== "object" || e.id !== undefined) return;
      var spec = e.creature || e.planeswalker || e.permanent || e.ability || e.trigger || {};
      e.id = newId(e.card || e.spell || spec.name || "obj", ids);
      added = true;
    });
    return added;
  }

  function entryEditor(entries, j, path, onBattlefield) {
    var e = entries[j];
    if (typeof e === "string") { e = entries[j] = { card: e }; }
    var box = el("div", { cls: "entry", "data-path": path });
    var kind = ["creature", "planeswalker", "permanent"].filter(function (k) { return e[k]; })[0];
    var head = el("div", { cls: "entry-head" });
    var renamed = function (input) {   /* the id follows the name once it is typed (on leaving the field) */
      input.addEventListener("change", function () {
        var old = entries[j].id;
        if (followName(entries[j])) {
          var idInput = box.querySelector('[data-path="' + path + '.id"]');
          if (idInput) idInput.value = entries[j].id;
          changed();
        }
        relabel(old, entries[j].id);
      });
      return input;
    };
    if (kind) {
      var spec = e[kind];
      head.appendChild(field(S.name, renamed(text(spec, "name", path + "." + kind + ".name"))));
      if (kind === "creature") {
        head.appendChild(field(S.power, num(spec, "power", path + ".creature.power")));
        head.appendChild(field(S.toughness, num(spec, "toughness", path + ".creature.toughness")));
      }
      if (kind === "planeswalker") head.appendChild(field(S.loyalty, num(spec, "loyalty", path + ".planeswalker.loyalty", { min: 0 })));
      box.appendChild(head);
      var more = el("div", { cls: "entry-more" });
      more.appendChild(chips(spec, "keywords", path + "." + kind + ".keywords", S.keywords, V.keywords || []));
      more.appendChild(protectionEditor(spec, path + "." + kind + ".keywords"));
      more.appendChild(chips(spec, "colors", path + "." + kind + ".colors", S.colors, V.colors || []));
      if (kind === "permanent") more.appendChild(chips(spec, "types", path + ".permanent.types", S.types, V.types || []));
      more.appendChild(chips(spec, "supertypes", path + "." + kind + ".supertypes", S.supertypes, V.supertypes || []));
      more.appendChild(field(S.subtypes, list(spec, "subtypes", path + "." + kind + ".subtypes", S.subtypes_hint)));
      box.appendChild(more);
      box.appendChild(abilitiesEditor(spec, path + "." + kind + ".abilities"));
      box.appendChild(asEntersEditor(e, spec, path + "." + kind, onBattlefield));
    } else {
      head.appendChild(field(S.card, renamed(text(e, "card", path + ".card"))));
      box.appendChild(head);
    }
    var opts = el("div", { cls: "entry-opts" });
    opts.appendChild(field("id", text(e, "id", path + ".id")));
    if (onBattlefield) {
      opts.appendChild(checkbox(e, "tapped", path + ".tapped", S.tapped));
      opts.appendChild(checkbox(e, "summoning_sick", path + ".summoning_sick", S.sick));
      opts.appendChild(checkbox(e, "token", path + ".token", S.token));
      opts.appendChild(field(S.damage, num(e, "damage", path + ".damage", { min: 0 })));
      opts.appendChild(counter(e, "+1/+1", path, S.counters));
      opts.appendChild(counter(e, "-1/-1", path, S.counters_minus));
      if (kind === "planeswalker") opts.appendChild(counter(e, "loyalty", path, S.loyalty_counters));
      var shown = kind === "planeswalker" ? ["+1/+1", "-1/-1", "loyalty"] : ["+1/+1", "-1/-1"];
      var rare = el("details", { cls: "entry-rare" }, [el("summary", { text: S.entry_rare }),
        otherCounters(e, path, shown), chosenEditor(e, path)]);   /* folded on a phone unless used */
      rare.open = !!e.chosen || !!asEntersOf(spec || {}) || Object.keys(e.counters || {}).some(function (k) { return shown.indexOf(k) < 0; });
      opts.appendChild(rare);
      opts.appendChild(field(S.attached_to, select(e, "attached_to", path + ".attached_to",
        idOptions(e.id).concat(playerNames()), "—")));
      opts.appendChild(field(S.controller, select(e, "controller", path + ".controller", playerNames(), "—")));
    }
    opts.appendChild(el("button", { type: "button", cls: "remove", text: S.remove,
                                    onclick: function () { entries.splice(j, 1); renderBuild(); changed(); } }));
    box.appendChild(opts);
    return box;
  }

  /* "as it enters, choose …" of an ad-hoc permanent (V.as_enters: the card vocabulary's kinds a
     board can state): an ability {as_enters: KIND}; on the battlefield the choice already made is
     its "chosen" (the fold below), elsewhere the engine asks it as the permanent enters */
  function isAsEnters(a) { return !!a && (V.as_enters || []).some(function (o) { return o[0] === a.as_enters; }); }
  function asEntersOf(spec) { var a = (spec.abilities || []).filter(isAsEnters)[0]; return a ? a.as_enters : ""; }
  function asEntersEditor(e, spec, path, onBattlefield) {
    var s = el("select", { cls: "as-enters", "data-path": path + ".as_enters" },
      [el("option", { value: "", text: S.as_enters_none })].concat((V.as_enters || []).map(function (o) {
        return el("option", { value: o[0], text: o[1] }); })));
    s.value = asEntersOf(spec);
    s.addEventListener("change", function () {
      var rest = (spec.abilities || []).filter(function (a) { return !isAsEnters(a); });
      if (s.value) rest.unshift({ as_enters: s.value });
      if (rest.length) spec.abilities = rest; else delete spec.abilities;
      if (!s.value) delete e.chosen;   /* no choice: nothing chosen to state */
      else if (onBattlefield) {   /* on the battlefield the choice was made: its field, ready to fill */
        var key = (V.as_enters || []).filter(function (o) { return o[0] === s.value; })[0][2];
        if (!e.chosen || e.chosen[key] === undefined) { e.chosen = {}; e.chosen[key] = key === "color" ? "white" : key === "copy" ? "none" : ""; }
      }
      renderBuild(); changed();
    });
    return el("div", { cls: "row as-enters-row" }, [field(S.as_enters, s),
      s.value ? el("p", { cls: "hint", text: onBattlefield ? S.as_enters_hint_bf : S.as_enters_hint }) : null]);
  }

  function counter(e, kind, path, label) {   /* one kind of counter: {KIND: N} in e.counters */
    var ctr = e.counters || {};
    var ci = el("input", { type: "number", min: 0, step: 1, inputmode: "numeric", "data-path": path + ".counters", "data-counter": kind, "data-kind": "counter", value: ctr[kind] || "" });
    ci.addEventListener("input", function () {
      if (!limited(ci, "counter")) return changed();
      if (ci.value === "" || ci.value === "0") { if (e.counters) { delete e.counters[kind]; if (!Object.keys(e.counters).length) delete e.counters; } }
      else { e.counters = e.counters || {}; e.counters[kind] = Number(ci.value); }
      changed();
    });
    return field(label, ci);
  }
  var openFolds = {};   /* data-path → open: a fold stays as the judge left it when the form is drawn again */
  function chips(obj, key, path, labelText, options) {
    /* a list of codes as checkboxes; values the boxes can't show (protection: {from: …}) are kept */
    var codes = options.map(function (o) { return o[0]; });
    var chosen = function () { return (obj[key] || []).map(function (x) { return typeof x === "string" ? label(options, x) : JSON.stringify(x); }).join(", "); };
    var box;
    if (options.length > 8) {   /* a long list (keywords) folds on a phone; its summary says what is chosen */
      var sum = el("summary", { text: labelText + ": " + (chosen() || S.none) });
      box = el("details", { cls: "chips", "data-path": path }, [sum]);
      box.open = !!openFolds[path];
      box.addEventListener("toggle", function () { openFolds[path] = box.open; });
      box.addEventListener("change", function () { sum.textContent = labelText + ": " + (chosen() || S.none); });
    } else box = el("fieldset", { cls: "chips", "data-path": path }, [el("legend", { text: labelText })]);
    options.forEach(function (o) {
      var c = el("input", { type: "checkbox", value: o[0], "data-chip": o[0] });
      c.checked = (obj[key] || []).indexOf(o[0]) >= 0;
      c.addEventListener("change", function () {
        var cur = (obj[key] || []).filter(function (x) { return x !== o[0]; });
        if (c.checked) cur.push(o[0]);
        if (cur.length) obj[key] = cur; else delete obj[key];
        changed();
      });
      box.appendChild(el("label", { cls: "check chip" }, [c, " " + o[1]]));
    });
    (obj[key] || []).filter(function (x) { return codes.indexOf(x) < 0 && !(x && x.protection); }).forEach(function (x) {
      box.appendChild(el("span", { cls: "chip other", title: S.in_yaml, text: typeof x === "string" ? x : JSON.stringify(x) }));
    });
    return box;
  }

  function protectionEditor(spec, path) {
    /* protection from colours / card types / everything: {protection: {from: [...]}} among the keywords */
    var kws = function () { return spec.keywords || []; };
    var current = function () { var p = kws().filter(function (x) { return x && x.protection; })[0]; return p ? [].concat(p.protection.from || []) : []; };
    var sum = el("summary", {});
    var show = function () { sum.textContent = S.protection + ": " + (current().map(function (q) { return label(V.protection, q); }).join(", ") || S.none); };
    var box = el("details", { cls: "chips protection", "data-path": path + ".protection" }, [sum]);
    (V.protection || []).forEach(function (o) {
      var c = el("input", { type: "checkbox", value: o[0], "data-protection": o[0] });
      c.checked = current().indexOf(o[0]) >= 0;
      c.addEventListener("change", function () {
        var from = current().filter(function (q) { return q !== o[0]; });
        if (c.checked) from.push(o[0]);
        var rest = kws().filter(function (x) { return !(x && x.protection); });
        if (from.length) rest.push({ protection: { from: from } });
        if (rest.length) spec.keywords = rest; else delete spec.keywords;
        show(); changed();
      });
      box.appendChild(el("label", { cls: "check chip" }, [c, " " + o[1]]));
    });
    show();
    return box;
  }
  function otherCounters(e, path, shown) {
    /* counters of any other kind ({KIND: N}: charge, time, shield…): one field each, and a new kind by name */
    var box = el("div", { cls: "other-counters", "data-path": path + ".counters" });
    Object.keys(e.counters || {}).filter(function (k) { return shown.indexOf(k) < 0; }).forEach(function (k) {
      box.appendChild(counter(e, k, path, S.counters_of + " «" + k + "»"));
    });
    var kindIn = maxText(el("input", { type: "text", cls: "counter-kind", placeholder: "charge", size: 8, "data-local": "counter-kind" }), "kind");
    var nIn = el("input", { type: "number", cls: "counter-n", min: 0, value: 1, "data-local": "counter-n" });
    nIn.addEventListener("input", function () { limited(nIn, "counter"); });
    box.appendChild(el("div", { cls: "row" }, [field(S.counter_kind, kindIn), field("N", nIn),
      el("button", { type: "button", cls: "add-counter", text: S.add_counter, onclick: function () {
        var k = kindIn.value.trim();
        if (!k || !limited(nIn, "counter")) return;
        e.counters = e.counters || {};
        e.counters[k] = Number(nIn.value || 0);
        renderBuild(); changed();
      } })]));
    return box;
  }
  function chosenEditor(e, path) {
    /* chosen: the choice the permanent made as it entered (Clone's copy, Conspiracy's type, Painter's colour) */
    var cur = e.chosen && typeof e.chosen === "object" ? e.chosen : {};
    var k0 = ["copy", "type", "color"].filter(function (k) { return cur[k] !== undefined; })[0] || "";
    var kindSel = el("select", { cls: "chosen-kind", "data-path": path + ".chosen" },
      [["", S.chosen_none], ["copy", S.chosen_copy], ["type", S.chosen_type], ["color", S.chosen_color]].map(function (o) {
        var op = el("option", { value: o[0], text: o[1] }); if (o[0] === k0) op.selected = true; return op; }));
    var valueBox = el("span", { cls: "chosen-value" });
    function set(v) {
      if (!kindSel.value) delete e.chosen;
      else { var c = {}; c[kindSel.value] = v; e.chosen = c; }
      changed();
    }
    function drawValue() {
      clear(valueBox);
      var k = kindSel.value, vpath = path + ".chosen." + k, input;
      if (!k) return;
      if (k === "copy") {
        input = el("select", { "data-path": vpath }, [el("option", { value: "none", text: S.chosen_nothing })].concat(
          idOptions(e.id).map(function (o) { return el("option", { value: o[0], text: o[1] }); })));
      } else if (k === "color") {
        input = el("select", { "data-path": vpath }, (V.colors || []).map(function (o) { return el("option", { value: o[0], text: o[1] }); }));
      } else input = maxText(el("input", { type: "text", "data-path": vpath, placeholder: EN ? "Elf" : "Elf (англ.)" }), "chosen");
      if (cur[k] !== undefined) input.value = cur[k];
      input.addEventListener(input.tagName === "SELECT" ? "change" : "input", function () { set(input.value.trim()); });
      valueBox.appendChild(input);
      if (cur[k] === undefined) set(input.value.trim());
    }
    kindSel.addEventListener("change", function () { cur = {}; drawValue(); if (!kindSel.value) set(""); });
    drawValue();
    return el("div", { cls: "row chosen" }, [field(S.chosen, kindSel), valueBox, el("span", { cls: "hint", text: S.chosen_hint })]);
  }

  /* -- abilities of an ad-hoc object: a picker over the card vocabulary ----------- */
  function label(list, code) { for (var i = 0; i < (list || []).length; i++) if (list[i][0] === code) return list[i][1]; return code; }
  function effectText(f) {
    var k = (V.effects || []).filter(function (x) { return f[x[0]] !== undefined; })[0];
    if (!k) return JSON.stringify(f);
    var v = f[k[0]], where = f.to || f.who || (typeof v === "string" && v.indexOf("target") === 0 ? v : "");
    var amount = Array.isArray(v) ? v.join("/") : (typeof v === "number" ? String(v) : (k[0] === "counters" ? v["+1/+1"] : (k[0] === "gain_keyword" ? label(V.keywords, v) : "")));
    return k[1] + (amount !== "" && amount !== undefined ? " " + amount : "") + (where ? " → " + label(V.refs, where) : "");
  }
  function abilityText(a) {
    if (a.mana) return "{T}: " + label(V.mana, a.mana);
    if (a.static) return label(V.statics, a.static) + (a.pt ? " (" + a.pt.join("/") + ")" : "") + (a.subtype ? " (" + a.subtype + ")" : "") +
      (a.affects ? " — " + label(V.affects, a.affects) : "");
    var body = a.activated || a;
    var tg = (body.targets || []).map(function (t) { return S.target + ": " + label(V.targets, t); }).join(", ");
    var eff = (body.effects || []).map(effectText).join("; ");
    if (a.trigger) return label(V.triggers, a.trigger) + (tg ? " [" + tg + "]" : "") + ": " + eff;
    if (a.activated) {
      var c = body.cost || {};
      return [c.tap ? "{T}" : "", c.mana || ""].filter(Boolean).join(", ") + (tg ? " [" + tg + "]" : "") + ": " + eff;
    }
    return JSON.stringify(a);
  }
  function abilitiesEditor(spec, path) {
    var box = el("fieldset", { cls: "abilities", "data-path": path }, [el("legend", { text: S.abilities })]);
    (spec.abilities || []).forEach(function (a, k) {
      if (isAsEnters(a)) return;   /* its own select below (asEntersEditor) */
      box.appendChild(el("div", { cls: "ability", "data-path": path + "[" + k + "]" }, [
        el("span", { cls: "ability-text", text: abilityText(a) }),
        el("button", { type: "button", cls: "remove", text: S.remove, onclick: function () {
          spec.abilities.splice(k, 1); if (!spec.abilities.length) delete spec.abilities; renderBuild(); changed();
        } })]));
    });
    box.appendChild(abilityPicker(S.add_ability, ["activated", "trigger", "static", "mana"], true, function (a) {
      spec.abilities = (spec.abilities || []).concat([a]);
    }));
    return box;
  }
  function abilityPicker(summary, kinds, withCost, onAdd) {
    /* a form over the card vocabulary that makes one ability: ``kinds`` it may be (activated,
       trigger, static, mana); ``withCost``: ask the activation cost (not for one already on the stack) */
    var pick = el("details", { cls: "ability-pick" }, [el("summary", { text: summary })]);
    pick.appendChild(el("p", { cls: "hint", text: S.ability_hint }));
    var kind = el("select", { cls: "ab-kind", "aria-label": S.ability_kind }, [["activated", S.ab_activated], ["trigger", S.ab_trigger],
      ["static", S.ab_static], ["mana", S.ab_mana]].filter(function (o) { return kinds.indexOf(o[0]) >= 0; })
      .map(function (o) { return el("option", { value: o[0], text: o[1] }); }));
    var form = el("div", { cls: "row ab-form" });
    var w = {};   /* the picker's inputs, by name */
    function opt(list, blank) {
      return (blank ? [el("option", { value: "", text: blank })] : []).concat((list || []).map(function (o) { return el("option", { value: o[0], text: o[1] }); }));
    }
    function numIn(name, v) {
      var i = w[name] = el("input", { type: "number", value: v, step: 1, cls: "ab-" + name, "data-local": "ab-" + name });
      i.addEventListener("input", function () { limited(i, "amount"); });
      return i;
    }
    function sel(name, list, blank) { w[name] = el("select", { cls: "ab-" + name }, opt(list, blank)); return w[name]; }
    function effectFields() {   /* the effect's amount and where it goes follow the chosen effect */
      var e = (V.effects || []).filter(function (x) { return x[0] === w.effect.value; })[0] || ["", "", [], []];
      var holder = clear(w.effectArgs);
      if (e[2].indexOf("n") >= 0) holder.appendChild(field("N", numIn("n", 1)));
      if (e[2].indexOf("p") >= 0) { holder.appendChild(field(S.power, numIn("p", 1))); holder.appendChild(field(S.toughness, numIn("t", 1))); }
      if (e[2].indexOf("keyword") >= 0) holder.appendChild(field(S.keywords, sel("keyword", V.keywords)));
      if (e[3].length) holder.appendChild(field(S.effect_to, sel("to", (V.refs || []).filter(function (r) { return e[3].indexOf(r[0]) >= 0; }))));
    }
    function draw() {
      clear(form); w = {};
      var k = kind.value;
      if (k === "mana") { form.appendChild(field(S.mana, sel("mana", V.mana))); return; }
      if (k === "static") {
        form.appendChild(field(S.ab_static, sel("static", V.statics)));
        var args = el("div", { cls: "row" });
        var drawStatic = function () {
          clear(args);
          ["p", "t", "affects", "subtype"].forEach(function (k) { delete w[k]; });   /* the last static's fields go with it */
          var sk = (V.statics || []).filter(function (x) { return x[0] === w.static.value; })[0] || ["", "", []];
          if (sk[2].indexOf("pt") >= 0) { args.appendChild(field(S.power, numIn("p", 1))); args.appendChild(field(S.toughness, numIn("t", 1))); }
          if (sk[2].indexOf("affects") >= 0) args.appendChild(field(S.affects, sel("affects", V.affects)));
          if (sk[2].indexOf("subtype") >= 0) args.appendChild(field(S.subtypes, sel("subtype", V.land_types)));
        };
        w.static.addEventListener("change", drawStatic);
        form.appendChild(args);
        drawStatic();
        return;
      }
      if (k === "trigger") form.appendChild(field(S.ab_when, sel("when", V.triggers)));
      if (k === "activated" && withCost) {
        w.tap = el("input", { type: "checkbox", cls: "ab-tap", checked: true });
        form.appendChild(el("label", { cls: "check" }, [w.tap, " {T}"]));
        w.cost = maxText(el("input", { type: "text", cls: "ab-cost", placeholder: "{1}{R}", size: 6, "data-local": "ab-cost" }), "cost");
        form.appendChild(field(S.ab_cost, w.cost));
      }
      form.appendChild(field(S.target, sel("target", V.targets, S.no_target)));
      form.appendChild(field(S.effect, sel("effect", V.effects)));
      w.effectArgs = el("div", { cls: "row" });
      form.appendChild(w.effectArgs);
      w.effect.addEventListener("change", effectFields);
      effectFields();
    }
    function built() {   /* the ability in the card vocabulary, from the picker's inputs */
      var k = kind.value;
      if (k === "mana") return { mana: w.mana.value };
      if (k === "static") {
        var a = { static: w.static.value };
        if (w.p) a.pt = [Number(w.p.value || 0), Number(w.t.value || 0)];
        if (w.affects) a.affects = w.affects.value;
        if (w.subtype) a.subtype = w.subtype.value;
        return a;
      }
      var f = {}, e = w.effect.value;
      if (w.p) f[e] = [Number(w.p.value || 0), Number(w.t.value || 0)];
      else if (w.n) f[e] = e === "counters" ? { "+1/+1": Number(w.n.value || 0) } : Number(w.n.value || 0);
      else if (w.keyword) f[e] = w.keyword.value;
      else f[e] = w.to ? w.to.value : "target1";
      if (w.to && (w.n || w.p || w.keyword)) f[e === "draw" || e === "gain_life" || e === "lose_life" ? "who" : "to"] = w.to.value;
      var body = { targets: w.target.value ? [w.target.value] : [], effects: [f] };
      if (!body.targets.length) delete body.targets;
      if (k === "trigger") return Object.assign({ trigger: w.when.value }, body);
      var cost = {};
      if (w.tap && w.tap.checked) cost.tap = true;
      if (w.cost && w.cost.value.trim()) cost.mana = w.cost.value.trim();
      return { activated: Object.assign({ cost: cost }, body) };
    }
    kind.addEventListener("change", draw);
    draw();
    pick.appendChild(el("div", { cls: "row" }, [field(S.ability_kind, kind)]));
    pick.appendChild(form);
    pick.appendChild(el("button", { type: "button", cls: "add-ability", text: S.add_this_ability, onclick: function () {
      if (["n", "p", "t"].some(function (k) { return w[k] && !limited(w[k], "amount"); })) return;
      onAdd(built());
      renderBuild(); changed();
    } }));
    return pick;
  }

  /* -- the library: an ordered list, top first (cards by name, or unknown cards) ----- */
  function libraryEditor(p, path, first) {
    var items = Array.isArray(p.library) ? p.library : (p.library ? [{ unknown: p.library }] : []);
    function store() {   /* only unknown cards: written as a count, like a scenario file */
      if (items.length === 1 && items[0] && items[0].unknown !== undefined && Object.keys(items[0]).length === 1) p.library = items[0].unknown;
      else if (!items.length) p.library = 0;
      else p.library = items;
    }
    var box = el("div", { cls: "zone-edit library-edit", "data-path": path + ".library" }, [
      el("div", { cls: "zone-name", text: S.library_list }), first ? el("p", { cls: "hint", text: S.library_hint }) : null]);
    var ol = el("ol", { cls: "library-list" });
    items.forEach(function (it, j) {
      var ipath = path + ".library[" + j + "]";
      var li = el("li", { "data-path": ipath });
      if (it && typeof it === "object" && it.unknown !== undefined) {
        var n = el("input", { type: "number", min: 1, step: 1, inputmode: "numeric", "data-path": ipath + ".unknown", value: it.unknown });
        n.addEventListener("input", function () { if (limited(n, "unknown")) { it.unknown = Number(n.value || 0); store(); } changed(); });
        li.appendChild(field(S.unknown_cards, n));
      } else {
        if (typeof it === "string") it = items[j] = { card: it };
        li.appendChild(el("span", { cls: "lib-card", text: it.card || (it.creature || it.permanent || it.planeswalker || {}).name || "?" }));
        li.appendChild(field("id", text(it, "id", ipath + ".id")));
      }
      var moveBy = function (d) { return function () { items.splice(j + d, 0, items.splice(j, 1)[0]); store(); renderBuild(); changed(); }; };
      li.appendChild(el("button", { type: "button", cls: "lib-up", text: "↑", title: S.up, "aria-label": S.up, disabled: j === 0, onclick: moveBy(-1) }));
      li.appendChild(el("button", { type: "button", cls: "lib-down", text: "↓", title: S.down, "aria-label": S.down, disabled: j === items.length - 1, onclick: moveBy(1) }));
      li.appendChild(el("button", { type: "button", cls: "remove", text: S.remove, onclick: function () { items.splice(j, 1); store(); renderBuild(); changed(); } }));
      ol.appendChild(li);
    });
    box.appendChild(ol);
    box.appendChild(el("button", { type: "button", cls: "add-unknown", text: S.add_unknown, onclick: function () {
      items.push({ unknown: 1 }); store(); renderBuild(); changed();
    } }));
    box.addCard = function (entry) { items.unshift(entry); store(); };   /* a card from the search goes on top */
    return box;
  }

  var searchZone = {};   /* the zone each player's search adds to: kept while the form is redrawn */
  function cardSearch(p, i, library) {
    var wrap = el("div", { cls: "card-search" });
    var zone = el("select", { "aria-label": S.zone_for_card });
    ZONES.forEach(function (z) { zone.appendChild(el("option", { value: z, text: S[z] })); });
    zone.appendChild(el("option", { value: "library", text: S.library_top }));
    zone.value = searchZone[i] || "battlefield";
    zone.addEventListener("change", function () { searchZone[i] = zone.value; });
    var input = maxText(el("input", { type: "search", placeholder: S.find_card, autocomplete: "off", cls: "card-q",
                                      "data-local": "card-q-" + i, "data-label": S.add_card, "data-aside": "" }), "search");
    var out = el("ul", { cls: "card-hits" });
    var t = null;
    input.addEventListener("input", function () {
      clearTimeout(t);
      t = setTimeout(function () {
        var q = input.value.trim();
        if (!q) { clear(out); return; }
        api("GET", "/api/cards?q=" + encodeURIComponent(q)).then(function (r) {
          clear(out);
          (r.ok ? r.data : []).forEach(function (c) {
            out.appendChild(el("li", {}, [el("button", {
              type: "button", cls: "card-hit", text: (EN ? c.name_en + " · " + c.name_ru : c.name_ru + " · " + c.name_en) + (c.pt ? " " + c.pt : ""),
              onclick: function () {
                var z = zone.value, entry = { card: c.name_ru, id: newId(c.name_en) };
                if (z === "library") library.addCard(entry);
                else { p[z] = p[z] || []; p[z].push(entry); }
                renderBuild(); changed();
              } })]));
          });
        });
      }, 150);
    });
    wrap.appendChild(el("div", { cls: "row" }, [field(S.zone_for_card, zone), el("label", { cls: "field card-q-field" }, [el("span", { text: S.add_card }), input])]));
    wrap.appendChild(out);
    return wrap;
  }

  function manaPool(p, path) {   /* mana already in the pool: {W, U, B, R, G} */
    var row = el("details", { cls: "mana-edit", open: p.mana_pool ? true : null }, [el("summary", { text: S.mana_pool })]);
    var inner = el("div", { cls: "row", "data-path": path + ".mana_pool" });
    ["W", "U", "B", "R", "G"].forEach(function (sym) {
      var i = el("input", { type: "number", min: 0, step: 1, inputmode: "numeric", value: (p.mana_pool || {})[sym] || "", "data-local": path + ".mana." + sym });
      i.addEventListener("input", function () {
        if (!limited(i, "mana")) return changed();
        p.mana_pool = p.mana_pool || {};
        if (!i.value || i.value === "0") delete p.mana_pool[sym]; else p.mana_pool[sym] = Number(i.value);
        if (!Object.keys(p.mana_pool).length) delete p.mana_pool;
        changed();
      });
      inner.appendChild(field("{" + sym + "}", i));
    });
    row.appendChild(inner);
    return row;
  }

  function renderBuild() {
    ensureIds();
    localErrors = {};   /* the form is drawn again from the board: only values it accepted */
    var m = st.model, form = clear($("build-form"));
    form.appendChild(el("div", { cls: "row wide" }, [field(EN ? "Title" : "Название", text(m, "title", "title")),
      /* the rules release the board plays (release_rules.playable(), newest first; none named: the newest) */
      field(S.rules_release, select(m, "rules_version", "rules_version", V.releases || []))]));
    var ps = el("fieldset", { cls: "players" }, [el("legend", { text: S.players })]);
    (m.players || []).forEach(function (p, i) {
      var path = "players[" + i + "]";
      var f = el("fieldset", { cls: "player-edit", "data-path": path });
      var nameInput = text(p, "name", path + ".name");
      nameInput.addEventListener("change", function () {   /* renamed: the player lists follow */
        if (m.turn && m.turn.active && playerNames().indexOf(m.turn.active) < 0) m.turn.active = p.name;
        renderBuild();
      });
      var head = el("div", { cls: "row" }, [
        field(S.name, nameInput),
        field(S.life, num(p, "life", path + ".life")),
        field(S.poison, num(p, "poison", path + ".poison", { min: 0 })),
        field(S.lands_played, num(p, "lands_played", path + ".lands_played", { min: 0 })),
        field(S.max_hand, num(p, "max_hand", path + ".max_hand", { min: 0 })),
      ]);
      if (m.players.length > 2) head.appendChild(el("button", { type: "button", cls: "remove", text: S.remove,
        onclick: function () { m.players.splice(i, 1); renderBuild(); changed(); } }));
      f.appendChild(head);
      f.appendChild(manaPool(p, path));
      ZONES.forEach(function (z) {
        if (!p[z] || !p[z].length) return;
        var zb = el("div", { cls: "zone-edit" }, [el("div", { cls: "zone-name", text: S[z] })]);
        p[z].forEach(function (e, j) { zb.appendChild(entryEditor(p[z], j, path + "." + z + "[" + j + "]", z === "battlefield")); });
        f.appendChild(zb);
      });
      var lib = libraryEditor(p, path, i === 0);   /* the hint once, under the first player */
      f.appendChild(lib);
      f.appendChild(cardSearch(p, i, lib));
      f.appendChild(el("div", { cls: "row" }, [
        el("button", { type: "button", cls: "add-creature", text: S.add_creature, onclick: function () {
          p.battlefield = p.battlefield || [];
          p.battlefield.push({ id: newId("creature"), creature: { name: EN ? "Creature" : "Существо", power: 2, toughness: 2 } });
          openFolds[path + ".battlefield[" + (p.battlefield.length - 1) + "].creature.keywords"] = true;   /* a new creature: its keywords come next */
          renderBuild(); changed();
        } }),
        el("button", { type: "button", cls: "add-planeswalker", text: S.add_planeswalker, onclick: function () {
          p.battlefield = p.battlefield || [];
          p.battlefield.push({ id: newId("planeswalker"), planeswalker: { name: EN ? "Planeswalker" : "Мироходец", loyalty: 3 } });
          renderBuild(); changed();
        } }),
        el("button", { type: "button", text: S.add_permanent, onclick: function () {
          p.battlefield = p.battlefield || [];
          p.battlefield.push({ id: newId("permanent"), permanent: { name: EN ? "Permanent" : "Перманент", types: ["artifact"] } });
          renderBuild(); changed();
        } })
      ]));
      ps.appendChild(f);
    });
    if ((m.players || []).length < 4) ps.appendChild(el("button", { type: "button", id: "add-player", text: S.add_player, onclick: function () {
      var names = EN ? ["Alice", "Bob", "Carol", "Dave"] : ["Алиса", "Боб", "Вика", "Гена"];
      var name = names.filter(function (n) { return playerNames().indexOf(n) < 0; })[0] || "P" + (m.players.length + 1);
      m.players.push({ name: name, life: 20, library: 20, battlefield: [] });
      renderBuild(); changed();
    } }));
    form.appendChild(ps);

    m.turn = m.turn || {};
    form.appendChild(el("fieldset", { cls: "turn-edit" }, [el("legend", { text: S.turn }), el("div", { cls: "row" }, [
      field(S.turn_number, num(m.turn, "number", "turn.number")),
      field(S.active, select(m.turn, "active", "turn.active", playerNames())),
      field(S.step, select(m.turn, "step", "turn.step", STEPS))
    ])]));

    var sf = el("fieldset", { cls: "stack-edit" }, [el("legend", { text: S.stack })]);
    (m.stack || []).forEach(function (it, k) {
      var path = "stack[" + k + "]";
      var row = el("div", { cls: "entry", "data-path": path });
      if (it.spell !== undefined) row.appendChild(field(S.spell, spellInput(it, path + ".spell")));
      else {   /* an ability on the stack: what it does, its name, the object it comes from */
        var ak = it.ability ? "ability" : "trigger", ab = it[ak] || {};
        row.appendChild(el("span", { cls: "ability-text", text: (it.ability ? S.ab_activated_short : S.ab_trigger_short) + ": " +
          abilityText({ activated: { cost: {}, targets: ab.targets, effects: ab.effects } }).replace(/^: /, "") }));
        row.appendChild(field(S.name, text(ab, "name", path + "." + ak + ".name")));
        row.appendChild(field(S.source, select(ab, "source", path + "." + ak + ".source", idOptions(it.id), "—")));
      }
      row.appendChild(field("id", text(it, "id", path + ".id")));
      row.appendChild(field(S.by, select(it, "by", path + ".by", playerNames(), "—")));
      var tl = list(it, "targets", path + ".targets", "bears, Боб");
      row.appendChild(field(S.targets, tl));
      row.appendChild(targetTicks(it, tl));
      row.appendChild(el("button", { type: "button", cls: "remove", text: S.remove, onclick: function () {
        m.stack.splice(k, 1); if (!m.stack.length) delete m.stack; renderBuild(); changed();
      } }));
      sf.appendChild(row);
    });
    sf.appendChild(el("button", { type: "button", id: "add-stack", text: S.add_stack, onclick: function () {
      m.stack = m.stack || [];
      m.stack.push({ spell: EN ? "Lightning Bolt" : "Молния", id: newId("spell"), by: playerNames()[0], targets: [] });
      renderBuild(); changed();
    } }));
    sf.appendChild(abilityPicker(S.add_stack_ability, ["activated", "trigger"], false, function (a) {
      /* the picker's ability as a stack item: {ability|trigger: {name, targets, effects}}; its targets are chosen below */
      var body = a.activated || a, key = a.activated ? "ability" : "trigger";
      var item = { id: newId(key), by: playerNames()[0], targets: [] };
      item[key] = { name: EN ? "Ability" : "Способность", targets: body.targets || [], effects: body.effects };
      if (!item[key].targets.length) delete item[key].targets;
      m.stack = (m.stack || []).concat([item]);
    }));
    form.appendChild(sf);
  }

  function spellInput(it, path) {
    /* the spell's name, with the pool's cards offered as you type (GET /api/cards, typos forgiven) */
    var input = text(it, "spell", path, S.spell_hint), dl = el("datalist", { id: "dl-" + path.replace(/\W/g, "-") }), t = null;
    input.setAttribute("list", dl.id);
    input.addEventListener("input", function () {
      clearTimeout(t);
      t = setTimeout(function () {
        if (!input.value.trim()) return;
        api("GET", "/api/cards?q=" + encodeURIComponent(input.value.trim())).then(function (r) {
          clear(dl);
          (r.ok ? r.data : []).forEach(function (c) { dl.appendChild(el("option", { value: c.name_ru, text: c.name_en })); });
        });
      }, 150);
    });
    return el("span", { cls: "spell-input" }, [input, dl]);
  }
  function targetTicks(it, input) {
    /* the players and objects a stack item may target, as boxes to tick: no id to remember */
    var box = el("div", { cls: "row target-ticks" }, [el("span", { cls: "hint", text: S.pick_targets })]);
    playerNames().map(function (p) { return [p, p]; }).concat(idOptions(it.id)).forEach(function (pair) {
      var t = pair[0];
      var c = el("input", { type: "checkbox", value: t, "data-target": t });
      c.checked = (it.targets || []).map(String).indexOf(t) >= 0;
      c.addEventListener("change", function () {
        var cur = (it.targets || []).filter(function (x) { return String(x) !== t; });
        if (c.checked) cur.push(t);
        it.targets = cur;
        input.value = cur.join(", ");
        changed();
      });
      box.appendChild(el("label", { cls: "check chip" }, [c, " " + pair[1]]));
    });
    input.addEventListener("input", function () {   /* typed by hand: the boxes follow */
      box.querySelectorAll("input[data-target]").forEach(function (c) { c.checked = (it.targets || []).map(String).indexOf(c.value) >= 0; });
    });
    return box;
  }

  function showErrors(issues) {
    document.querySelectorAll("#board-app .field-error:not(.local)").forEach(function (e) { e.remove(); });
    document.querySelectorAll("#board-app .has-error").forEach(function (e) { e.classList.remove("has-error"); });
    document.querySelectorAll("#build-form .field-error.local").forEach(function (e) {   /* the form's own refusals stay */
      var host = e.previousElementSibling, input = host && (host.matches("input") ? host : host.querySelector("input"));
      if (input) input.classList.add("has-error");
    });
    var loose = [];
    (issues || []).forEach(function (is) {
      var p = is.path || "", target = null;
      while (p && !target) {
        target = document.querySelector('#build-form [data-path="' + p.replace(/"/g, "") + '"]');
        if (!target) p = p.replace(/(\.[^.\[\]]*|\[\d+\])$/, "") === p ? "" : p.replace(/(\.[^.\[\]]*|\[\d+\])$/, "");
      }
      var msg = el("span", { cls: "field-error", role: "alert", text: is.message });
      if (target) {
        /* an error in the folded part, or on the entry as a whole (a choice it must make), unfolds it */
        var fold = target.closest("details.entry-rare") || (target.classList.contains("entry") && target.querySelector("details.entry-rare"));
        if (fold) fold.open = true;
        target.classList.add("has-error");
        var host = target.closest("label.field") || target;
        if (target.classList.contains("entry")) target.insertBefore(msg, target.children[1] || null);   /* under its name, not below a long entry */
        else host.parentNode.insertBefore(msg, host.nextSibling);
      } else loose.push((is.line ? (EN ? "line " : "строка ") + is.line + ", " : "") + is.path + ": " + is.message);
    });
    setStatus(!!(issues && issues.length), loose.join("; "));
  }
  /* the one status line of the page (every tab): never «в порядке» while an error shows anywhere */
  function setStatus(bad, detail) {
    var local = Object.keys(localErrors).length, status = $("build-status");
    bad = bad || local > 0;
    status.textContent = bad ? S.invalid + (detail ? " " + detail : "") : S.valid;
    status.className = "status " + (bad ? "bad" : "ok");
  }

  function check() {
    busy(true);
    return api("POST", "/api/scenarios/run", { scenario: st.model, states: "final" }).then(function (r) {
      busy(false);
      if (!r.ok) { showErrors(r.data.issues || [{ path: "-", message: r.data.error }]); return false; }
      showErrors([]);
      st.yaml = r.data.yaml;
      $("yaml").value = st.yaml;
      st.run = r.data;
      /* the lines played stay: the changed board replays the current one ("and if the blocker
         were 4/4?"); a line the new board can't take goes back to the start */
      if (st.path.length) return play().then(function (ok) { if (ok) return true; st.path = []; return play(); });
      renderPlay();
      return true;
    });
  }
  $("check").addEventListener("click", function () {
    clearTimeout(timer);
    check().then(function (ok) {
      if (ok && !Object.keys(localErrors).length) return showTab("play");
      var first = document.querySelector("#build-form .field-error");   /* on a phone it may be far above the button */
      if (first) first.scrollIntoView({ block: "center" });
    });
  });

  /* -- loading a board from YAML (saved board, library scenario, import) --------- */
  function loadYaml(textValue, variations) {
    busy(true);
    return api("POST", "/api/scenarios/run", { scenario: textValue, states: "final" }).then(function (r) {
      busy(false);
      if (!r.ok) { setStatus(true, r.data.error || ""); return false; }
      return loaded(r.data, variations);
    });
  }
  function loaded(run, variations) {
    /* a board's run (with its form data) → the form, the tree of lines and the play pane */
    st.model = run.data;
    st.yaml = run.yaml;
    $("yaml").value = st.yaml;
    st.tree = unflatten((variations && variations.nodes) || []);
    st.path = (variations && variations.path) || [];
    st.run = run;
    showErrors([]);
    if (ensureIds()) { renderBuild(); return check(); }   /* ids given to the objects that had none: check again */
    renderBuild();
    /* the page's first run is already played to the saved line; a fresh load is not */
    if (st.path.length && (run.decisions || []).length !== st.path.length) return play();
    renderPlay();
    return Promise.resolve(true);
  }
  $("yaml").setAttribute("data-label", "YAML");
  maxText($("yaml"), "yaml");
  $("apply-yaml").addEventListener("click", function () {
    loadYaml($("yaml").value, null).then(function (ok) { if (ok) { dirty = true; saveDraft(); } });
  });
  $("import").addEventListener("change", function (ev) {
    var f = ev.target.files && ev.target.files[0];
    if (!f) return;
    if (f.size > 200000) { setStatus(true, "> 200 KB"); return; }
    f.text().then(function (t) { $("yaml").value = t; return loadYaml(t, null); })
      .then(function (ok) { if (ok) { dirty = true; saveDraft(); showTab("build"); } });
    ev.target.value = "";
  });
  $("export").addEventListener("click", function () {   /* the board with the line played as its script */
    api("POST", "/api/scenarios/run", { scenario: st.yaml, decisions: decisions(), states: "final", export: true }).then(function (r) {
      if (!r.ok) { setStatus(true, r.data.error); return; }
      var a = el("a", { href: URL.createObjectURL(new Blob([r.data.yaml_with_decisions], { type: "application/x-yaml" })),
                        download: (st.boardId ? "board-" + st.boardId : "board") + ".yaml" });
      document.body.appendChild(a); a.click(); a.remove();
    });
  });

  /* -- play ------------------------------------------------------------------------ */
  function node(path) { var n = st.tree; path.forEach(function (i) { n = n.c[i]; }); return n; }
  function decisions(path) {
    var out = [], n = st.tree;
    (path || st.path).forEach(function (i) { n = n.c[i]; out.push(n.a); });
    return out;
  }
  function refusal(msg) { var r = $("refusal"); r.hidden = !msg; r.textContent = msg ? S.refused + ": " + msg : ""; }

  function play() {
    busy(true);
    return api("POST", "/api/scenarios/run", { scenario: st.yaml, decisions: decisions(), states: "final" }).then(function (r) {
      busy(false);
      if (!r.ok) { refusal(r.data.error); return false; }
      st.run = r.data; renderPlay(); refusal(r.data.refused ? r.data.refused.message : ""); return true;
    });
  }

  function move(action, label) {
    var here = node(st.path), key = JSON.stringify(action);
    for (var i = 0; i < here.c.length; i++) {
      if (JSON.stringify(here.c[i].a) === key) { st.path = st.path.concat([i]); return play(); }
    }
    busy(true);
    return api("POST", "/api/scenarios/run", { scenario: st.yaml, decisions: decisions().concat([action]), states: "final" }).then(function (r) {
      busy(false);
      if (!r.ok) { refusal(r.data.error); return; }
      if (r.data.refused) { refusal(r.data.refused.message); return; }
      here.c.push({ a: action, l: label, c: [] });
      st.path = st.path.concat([here.c.length - 1]);
      dirty = true;
      st.run = r.data; refusal(""); renderPlay();
    });
  }

  function ruleLinks(rules) {
    var texts = (st.run && st.run.rule_texts) || {};
    var span = el("span", { cls: "cited" }, [" ("]);
    rules.forEach(function (n, k) {
      var t = texts[n] || {};
      span.appendChild(el("a", { cls: "ref", href: t.url || "#", "data-n": n, title: t.text || "", text: n }));
      if (k < rules.length - 1) span.appendChild(document.createTextNode(", "));
    });
    span.appendChild(document.createTextNode(")"));
    return span;
  }

  function objView(o) {
    var c = ["obj"];
    if (o.tapped) c.push("tapped");
    var role = o.combat || {};
    if (role.attacking) c.push("attacking");
    if (role.blocking) c.push("blocking");
    var kids = [el("span", { cls: "nm", text: (EN ? o.name_en || o.name_ru : o.name_ru) || o.id })];
    kids.push(el("span", { cls: "att", text: "[" + o.id + "]" }));
    if (o.tapped) kids.push(el("span", { cls: "st", text: S.tapped }));
    if (o.damage) kids.push(el("span", { cls: "dmg", text: S.damage + ": " + o.damage }));
    var ctr = Object.keys(o.counters || {});
    if (ctr.length) kids.push(el("span", { cls: "ctr", text: S.counters_of + ": " + ctr.map(function (k) { return k + "×" + o.counters[k]; }).join(", ") }));
    if (o.keywords && o.keywords.length) kids.push(el("span", { cls: "att", text: o.keywords.map(function (k) {
      return k === "protection" ? S.protection_kw : label(V.keywords, k); }).join(", ") }));   /* in words, as in the form */
    if (o.attached_to) kids.push(el("span", { cls: "att", text: "→ " + boardName(o.attached_to) }));
    if (role.attacking) kids.push(el("span", { cls: "combat atk", text: S.attacks + " " + role.attacking }));
    if (role.blocking) kids.push(el("span", { cls: "combat blk", text: S.blocks + " " + [].concat(role.blocking).join(", ") }));
    if (o.targets && o.targets.length) kids.push(el("span", { cls: "att", text: "→ " + o.targets.map(boardName).join(", ") }));
    if (o.token) kids.push(el("span", { cls: "att", text: S.token }));
    if (o.summoning_sick && o.pt) kids.push(el("span", { cls: "att", text: S.sick }));
    if (o.pt) kids.push(el("span", { cls: "ptv", text: o.pt }));
    return el("div", { cls: c.join(" "), "data-id": o.id, role: "button", tabindex: 0, "aria-haspopup": "dialog",
                       title: S.tap_hint, onclick: function () { explain(o.id); },
                       onkeydown: function (ev) { if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); explain(o.id); } } }, kids);
  }
  var shownNames = {};   /* id → name on the board drawn last: «→ Медведи-гризли», not «→ bears» */
  function boardName(id) { return shownNames[id] ? shownNames[id] + " [" + id + "]" : String(id); }

  /* -- «почему так»: the object's layers, losses, attack, block and targets (POST /api/scenarios/explain,
     drawn by the server with templates/_why.html, as the scenario stepper shows them) ----- */
  function explain(id) {
    busy(true);
    var body = { scenario: st.yaml, decisions: decisions(), id: id };
    if (st.viewAt !== null) body.at = st.viewAt;
    return api("POST", "/api/scenarios/explain", body).then(function (r) {
      busy(false);
      var d = $("why-dialog"), b = $("why-body");
      b.innerHTML = r.ok ? r.data.html : "";   /* the server's template, escaped there */
      if (!r.ok) b.appendChild(el("p", { cls: "run-error", text: r.data.error }));
      /* not modal: the rules' own popovers (app.js) open above it when a number is tapped */
      if (d.show && !d.open) d.show(); else d.setAttribute("open", "");
      d.scrollTop = 0;
      $("why-close").focus();
    });
  }
  function closeWhy() { var d = $("why-dialog"); if (d.close) d.close(); else d.removeAttribute("open"); }
  $("why-close").addEventListener("click", closeWhy);
  document.addEventListener("keydown", function (ev) { if (ev.key === "Escape" && $("why-dialog").open) closeWhy(); });
  document.addEventListener("click", function (ev) {   /* a tap beside the popup closes it, and does nothing else */
    var d = $("why-dialog"), t = ev.target;
    if (!d.open || d.contains(t) || (t.closest && (t.closest("#play-board .obj") || t.closest("#popover")))) return;
    ev.preventDefault();
    ev.stopPropagation();
    closeWhy();
  }, true);

  /* -- the order of entering the battlefield: timestamps (613.6c), which decide the effects of one
     layer that don't depend on each other. One list across players, in the engine's order
     (setup.entering_order: entries with `entered` first by it, then the others as listed), attached
     permanents last (613.6d). ↑ ↓ move an object before or after any other, whoever controls it;
     a move numbers every entry (`entered: 1…n`), so the order survives the YAML and the save. --- */
  function enteringRows() {
    var rows = [], attached = [];
    (st.model.players || []).forEach(function (p, i) {
      zoneEntries(p, "battlefield").forEach(function (e, j) {
        if (!e || typeof e !== "object") return;
        var row = { e: e, player: p.name, at: rows.length + attached.length };
        (e.attached_to !== undefined ? attached : rows).push(row);
      });
    });
    var n = function (r) { return typeof r.e.entered === "number" ? r.e.entered : Infinity; };
    rows.sort(function (a, b) { return n(a) === n(b) ? a.at - b.at : n(a) < n(b) ? -1 : 1; });   /* stable, as Python's sorted */
    return { rows: rows, attached: attached };
  }
  function moveEntering(rows, k, d) {
    rows.splice(k + d, 0, rows.splice(k, 1)[0]);
    rows.forEach(function (r, m) { r.e.entered = m + 1; });
    renderBuild(); renderOrder(); changed();
  }
  function renderOrder() {
    var box = clear($("order")), got = enteringRows(), rows = got.rows;
    box.appendChild(el("p", { cls: "hint order-line" }, [S.why_order_line, ruleLinks((st.run && st.run.order_rules) || [])]));
    if (!rows.length && !got.attached.length) { box.appendChild(el("p", { cls: "hint", text: S.order_empty })); return; }
    var ol = el("ol", { cls: "order-list" }), english = {};   /* under ?ui=en, the run's English names */
    if (EN && st.run && st.run.board) (st.run.board.players || []).forEach(function (p) {
      (p.battlefield || []).forEach(function (o) { if (o.name_en) english[o.id] = o.name_en; });
    });
    rows.concat(got.attached).forEach(function (r, k) {
      var isAtt = k >= rows.length, name = (EN && english[r.e.id]) || entryName(r.e);
      ol.appendChild(el("li", { "data-id": r.e.id }, [
        el("span", { cls: "order-name", text: name + " [" + r.e.id + "]" }),
        el("span", { cls: "att", text: " · " + r.player + (isAtt ? " · " + S.attached_later : "") }),
        el("button", { type: "button", cls: "order-up", text: "↑", title: S.up, "aria-label": S.up + ": " + name,
                       disabled: isAtt || k === 0, onclick: function () { moveEntering(rows, k, -1); } }),
        el("button", { type: "button", cls: "order-down", text: "↓", title: S.down, "aria-label": S.down + ": " + name,
                       disabled: isAtt || k === rows.length - 1, onclick: function () { moveEntering(rows, k, 1); } })]));
    });
    box.appendChild(ol);
  }

  function boardView(b) {
    var box = el("div", { cls: "board" });
    shownNames = {};
    b.players.forEach(function (p) { ZONES.forEach(function (z) { (p[z] || []).forEach(function (o) { shownNames[o.id] = EN ? o.name_en || o.name_ru : o.name_ru; }); }); });
    b.stack.forEach(function (o) { shownNames[o.id] = EN ? o.name_en || o.name_ru : o.name_ru; });
    b.players.forEach(function (p) {
      var pool = Object.keys(p.mana_pool || {}).filter(function (k) { return p.mana_pool[k]; })
        .map(function (k) { return new Array(p.mana_pool[k] + 1).join("{" + k + "}"); }).join("");
      var sec = el("section", { cls: "player" + (p.name === b.active ? " active" : ""), "data-player": p.name }, [
        el("div", { cls: "player-head" }, [el("span", { cls: "pname", text: p.name }),
          el("span", {}, [el("span", { cls: "life", "data-life": p.life, text: "♥ " + S.life + " " + p.life }),
                          p.poison ? " · " + S.poison + " " + p.poison : "", pool ? " · " + S.mana + ": " + pool : "",
                          p.lost ? " · ✗" : ""])])]);
      ZONES.forEach(function (z) {
        if (!p[z] || !p[z].length) return;
        var shown = z === "hand" && p.hand_revealed;   /* kept revealed (Telepathy): to whom, by what */
        sec.appendChild(el("div", { cls: "zone zone-" + z }, [el("div", { cls: "zone-name", text: S[z] + " (" + p[z].length + ")" }, [
            shown ? el("span", { cls: "revealed", "data-revealed-to": shown.to.join(","), text: " · " + S.revealed_to + " " + shown.to.join(", ") +
              " (" + shown.by.map(function (k) { return EN ? k.name_en : k.name_ru; }).join(", ") + ")" }) : null]),
          el("div", { cls: "objs" }, p[z].map(objView))]));
      });
      var lib = el("div", { cls: "zone zone-library" }, [el("span", { cls: "zone-name", text: S.library + ": " + p.library })]);
      if ((p.library_top || []).length) {   /* the known cards on top, top first */
        lib.appendChild(el("span", { cls: "hint", text: " " + S.library_known }));
        lib.appendChild(el("ol", { cls: "library-top" }, p.library_top.map(function (c) {
          return el("li", { "data-id": c.id, text: (EN ? c.name_en : c.name_ru) + " [" + c.id + "]" }); })));
      }
      sec.appendChild(lib);
      box.appendChild(sec);
    });
    box.appendChild(el("div", { cls: "stack-zone" }, [el("div", { cls: "zone-name", text: S.stack }),
      b.stack.length ? el("div", { cls: "objs" }, b.stack.map(objView)) : el("span", { cls: "empty", text: S.empty })]));
    return box;
  }

  function statusText(b) {
    var s = (EN ? "Turn " : "Ход ") + b.turn + " · " + b.active + " · " + stepName(b.step);
    if (b.rules_version) s += " · " + S.rules_release + " " + b.rules_version;
    if (b.priority) s += " · " + S.priority + ": " + b.priority;
    if (b.result) s += " · " + S.game_over + (b.result.winner ? ": " + S.winner + " " + b.result.winner : "");
    return s;
  }

  function submitRow(label, fn) {
    return el("button", { type: "button", cls: "primary submit-decision", text: label, onclick: fn });
  }

  function owedView(o) {
    var box = el("div", { cls: "owed", "data-decision": o.decision }, [
      el("p", { cls: "note" }, [el("b", { text: S.owed + ": " }), EN && o.text_en ? o.text_en : (o.text_ru.indexOf(o.by + " ") === 0 ? o.text_ru : o.by + " — " + o.text_ru),
        EN && o.text_en ? el("span", { cls: "hint owed-ru", lang: "ru", text: " (" + o.text_ru + ")" }) : null]),
      o.needs_id && o.needs_id.length ? el("p", { cls: "hint", text: S.needs_id + ": " + o.needs_id.join(", ") }) : null]);
    if (o.answer === "attack" || o.answer === "block") {
      var sels = o.rows.map(function (row) {
        var s = el("select", { "data-for": row.id, "aria-label": nm(row.name) },
          [el("option", { value: "", text: o.answer === "attack" ? S.no_attack : S.no_block })]
            .concat(row.choices.map(function (c) { return el("option", { value: c, text: o.choice_names && o.choice_names[c] ? nm(o.choice_names[c]) : c }); })));
        var f = field(nm(row.name), s);
        if (row.choices.length <= 3) {   /* a phone: one tap per creature instead of a picker */
          var quick = el("span", { cls: "quick-choices" });
          [""].concat(row.choices).forEach(function (c) {
            quick.appendChild(el("button", { type: "button", cls: "quick", "data-for": row.id, "data-value": c,
              text: c ? "→ " + (o.choice_names && o.choice_names[c] ? nm(o.choice_names[c]) : c) : (o.answer === "attack" ? S.no_attack : S.no_block),
              onclick: function () {
                s.value = c;
                quick.querySelectorAll("button").forEach(function (b) { b.classList.toggle("on", b.getAttribute("data-value") === c); });
              } }));
          });
          box.appendChild(el("div", { cls: "row quick-row" }, [f, quick]));
        } else box.appendChild(f);
        return s;
      });
      box.appendChild(submitRow(S.submit, function () {
        var m = {}, any = false;
        sels.forEach(function (s) { if (s.value) { m[s.getAttribute("data-for")] = s.value; any = true; } });
        var act = {}; act[o.answer] = any ? m : "none";
        var rowName = {};
        o.rows.forEach(function (row) { rowName[row.id] = nm(row.name); });
        move(act, o.by + ": " + (o.answer === "attack" ? S.attacks : S.blocks) + " " + (any ? Object.keys(m).map(function (k) {
          return (rowName[k] || k) + " → " + (o.choice_names && o.choice_names[m[k]] ? nm(o.choice_names[m[k]]) : m[k]); }).join(", ") : S.none));
      }));
    } else if (o.answer === "assign_damage") {
      var inputs = [];
      o.rows.forEach(function (row) {
        box.appendChild(el("p", { text: nm(row.name) + " (" + row.power + ")" }));
        var mine = [], sum = el("p", { cls: "hint assigned", "data-src": row.id });
        var total = function () {   /* the whole power must be assigned (510.1): say how much is left */
          var n = mine.reduce(function (a, i) { return a + Number(i.value || 0); }, 0);
          sum.textContent = S.assigned.replace("{n}", n).replace("{p}", row.power);
          sum.classList.toggle("bad", n !== row.power);
        };
        row.recipients.forEach(function (rc) {
          var i = el("input", { type: "number", min: 0, value: rc.value, "data-src": row.id, "data-to": rc.id });
          i.addEventListener("input", total);
          inputs.push(i); mine.push(i);
          box.appendChild(field(nm(rc.name), i));
        });
        box.appendChild(sum);
        if ((row.why || []).length) box.appendChild(el("ul", { cls: "assign-why" }, row.why.map(function (w) {   /* the proposal's reasons */
          return el("li", {}, [EN ? w.text_en : w.text_ru, ruleLinks(w.rules)]);
        })));
        total();
      });
      box.appendChild(submitRow(S.submit, function () {
        var m = {};
        inputs.forEach(function (i) {
          var s = i.getAttribute("data-src");
          m[s] = m[s] || {};
          m[s][i.getAttribute("data-to")] = Number(i.value || 0);
        });
        move({ assign_damage: m }, o.by + ": " + Object.keys(m).map(function (src) {
          return src + " → " + Object.keys(m[src]).map(function (r) { return r + " " + m[src][r]; }).join(", ");
        }).join("; "));
      }));
    } else if (o.order) {
      var order = o.options.map(String);
      var ol = el("ol", { cls: "order" });
      var draw = function () {
        clear(ol);
        order.forEach(function (v, k) {
          ol.appendChild(el("li", {}, [nm(o.names[v] || v) + " ",
            k ? el("button", { type: "button", text: "↑", onclick: function () { order.splice(k - 1, 0, order.splice(k, 1)[0]); draw(); } }) : null]));
        });
      };
      draw();
      box.appendChild(ol);
      box.appendChild(submitRow(S.submit, function () { move({ choose: order.slice() }, o.by + ": " + order.join(", ")); }));
    } else if (o.count > 1) {
      var boxes = o.options.map(function (v) {
        var c = el("input", { type: "checkbox", value: v });
        box.appendChild(el("label", { cls: "check" }, [c, " " + nm(o.names[v] || v)]));
        return c;
      });
      box.appendChild(submitRow(S.submit, function () {
        var vals = boxes.filter(function (c) { return c.checked; }).map(function (c) { return c.value; });
        move({ choose: vals }, o.by + ": " + vals.join(", "));
      }));
    } else {
      o.options.forEach(function (v) {
        box.appendChild(el("button", { type: "button", cls: "move", text: nm(o.names[v] || v),
          onclick: function () { move({ choose: v }, o.by + ": " + v); } }));
      });
    }
    return box;
  }

  function lineView(n, prefix, depth) {
    /* the main line of `n` (first children), each branch point's alternatives in parentheses */
    var frag = el("span", { cls: depth ? "line var" : "line" });
    var cur = n, path = prefix.slice();
    while (cur.c.length) {
      var p0 = path.concat([0]);
      frag.appendChild(moveButton(cur.c[0], p0));
      for (var k = 1; k < cur.c.length; k++) {
        frag.appendChild(el("span", { cls: "branch" }, ["( ", moveButton(cur.c[k], path.concat([k])), lineView(cur.c[k], path.concat([k]), depth + 1), " )"]));
      }
      cur = cur.c[0]; path = p0;
    }
    return frag;
  }
  function moveButton(n, path) {
    var here = JSON.stringify(path) === JSON.stringify(st.path);
    return el("button", { type: "button", cls: "mv" + (here ? " cur" : ""), "data-path": JSON.stringify(path), text: n.l,
      onclick: function () { st.path = path; play(); } });
  }

  function viewAt(n) {
    busy(true);
    api("POST", "/api/scenarios/run", { scenario: st.yaml, decisions: decisions(), at: n }).then(function (r) {
      busy(false);
      if (!r.ok) return;
      var v = clear($("viewing"));
      v.hidden = false;
      v.appendChild(document.createTextNode(S.board_after + " " + n + " · "));
      v.appendChild(el("button", { type: "button", id: "view-current", text: S.current, onclick: function () { v.hidden = true; renderPlay(); } }));
      st.viewAt = n;
      clear($("play-board")).appendChild(boardView(r.data.board));
      document.querySelectorAll("#trace li").forEach(function (li) { li.classList.toggle("viewed", Number(li.value) === n); });
    });
  }

  function renderPlay() {
    var r = st.run;
    if (!r) return;
    $("viewing").hidden = true;
    st.viewAt = null;
    renderOrder();
    $("play-status").textContent = statusText(r.board);
    clear($("owed"));
    if (r.owed) $("owed").appendChild(owedView(r.owed));
    var legal = clear($("legal"));
    if (r.legal.length) {
      legal.appendChild(el("p", { cls: "zone-name", text: S.legal }));
      r.legal.forEach(function (m) {
        legal.appendChild(el("button", { type: "button", cls: "move move-" + m.kind + (m.kind === "pass_until" ? " primary" : ""), text: EN ? m.label_en : m.label_ru,
          disabled: !!m.needs_id, title: m.needs_id ? S.needs_id + ": " + m.needs_id.join(", ") : null,
          onclick: function () { move(m.action, EN ? m.label_en : m.label_ru); } }));
      });
    } else if (!r.owed) legal.appendChild(el("p", { cls: "hint", text: S.no_actions }));
    clear($("play-board")).appendChild(boardView(r.board));
    var lastSpan = (r.decisions || [])[r.decisions.length - 1];
    var trace = clear($("trace"));
    r.events.forEach(function (e) {
      var recent = lastSpan && e.index >= lastSpan.first && e.index <= lastSpan.last;
      var li = el("li", { value: e.index, cls: recent ? "current" : "" }, [
        el("a", { href: "#", text: (EN && e.text_en) ? e.text_en : e.text_ru, onclick: function (ev) { ev.preventDefault(); viewAt(e.index); } })]);
      if (e.rules.length) li.appendChild(ruleLinks(e.rules));
      trace.appendChild(li);
    });
    var ex = clear($("expects"));
    ex.hidden = !(r.expectations || []).length;
    ex.previousElementSibling.hidden = ex.hidden;
    (r.expectations || []).forEach(function (x) {
      ex.appendChild(el("li", { cls: x.passed ? "pass" : "fail", title: JSON.stringify(x.expect),
        text: (x.passed ? "✓ " : "✗ ") + expectText(x.expect || {}) + (x.messages.length ? " — " + x.messages.join("; ") : "") }));
    });
    var vars = clear($("variations"));
    vars.appendChild(el("button", { type: "button", cls: "mv" + (st.path.length ? "" : " cur"), text: S.line_start, "data-path": "[]",
      onclick: function () { st.path = []; play(); } }));
    vars.appendChild(lineView(st.tree, [], 0));
    saveDraft();   /* the line played and the place in it are part of the draft */
    $("nav-back").disabled = !st.path.length;
    $("nav-start").disabled = !st.path.length;
    $("nav-forward").disabled = !node(st.path).c.length;
  }
  $("nav-start").addEventListener("click", function () { st.path = []; play(); });
  $("nav-back").addEventListener("click", function () { st.path = st.path.slice(0, -1); play(); });
  $("nav-forward").addEventListener("click", function () {
    if (node(st.path).c.length) { st.path = st.path.concat([0]); play(); }
  });
  document.addEventListener("keydown", function (ev) {
    if ($("pane-play").hidden || /INPUT|SELECT|TEXTAREA/.test((ev.target && ev.target.tagName) || "")) return;
    if (ev.key === "ArrowLeft" && st.path.length) { st.path = st.path.slice(0, -1); play(); }
    if (ev.key === "ArrowRight" && node(st.path).c.length) { st.path = st.path.concat([0]); play(); }
  });

  /* -- save and share --------------------------------------------------------------- */
  function saved(data) {
    dropDraft();   /* the draft it was (a new board's, or this board's) is saved now */
    dirty = false;
    $("draft-note").hidden = true;
    st.boardId = data.id; st.revision = data.revision; st.canEdit = true;
    $("save").textContent = S.save;
    if ($("not-author")) $("not-author").hidden = true;
    var link = $("permalink");
    link.href = data.url; link.hidden = false; $("share").hidden = false;
    if (location.pathname !== data.url) history.replaceState(null, "", data.url + location.search);
    $("save-status").textContent = S.saved + " " + data.revision;
    $("conflict").hidden = true;
  }
  /* the tree is saved flat (each node with its parent's index, parents first), so a long
     line doesn't nest a level per move */
  function flatten(tree) {
    var out = [];
    (function walk(n, parent) {
      n.c.forEach(function (ch) { out.push({ p: parent, a: ch.a, l: ch.l }); walk(ch, out.length - 1); });
    })(tree, -1);
    return out;
  }
  function unflatten(nodes) {
    var root = { c: [] }, made = [];
    nodes.forEach(function (n, i) {
      made[i] = { a: n.a, l: n.l, c: [] };
      (n.p >= 0 && made[n.p] ? made[n.p] : root).c.push(made[i]);
    });
    return root;
  }
  function body() { return { scenario: st.yaml, variations: { nodes: flatten(st.tree), path: st.path } }; }
  function saveNew() { return api("POST", "/api/boards", body()).then(function (r) { if (r.ok) saved(r.data); else $("save-status").textContent = r.data.error; }); }
  $("save").addEventListener("click", function () {
    if (!st.yaml) { $("save-status").textContent = S.invalid; return; }
    if (!st.boardId || !st.canEdit) return saveNew();   /* someone else's board: a copy of one's own */
    var b = body(); b.revision = st.revision;
    api("PUT", "/api/boards/" + st.boardId, b).then(function (r) {
      if (r.ok) return saved(r.data);
      if (r.status === 409 || r.status === 403) {
        $("conflict-text").textContent = r.status === 403 ? S.forbidden : S.conflict.replace("{n}", r.data.latest.revision);
        $("conflict-reload").hidden = r.status === 403;
        $("conflict").hidden = false;
        return;
      }
      $("save-status").textContent = r.data.error;
    });
  });
  $("share").addEventListener("click", function () {
    /* the permalink to send to another judge: the phone's share sheet, else the clipboard */
    var url = new URL($("permalink").getAttribute("href"), location.href).href;
    var done = function () { $("save-status").textContent = S.copied; $("save-status").title = url; };
    if (navigator.share) return navigator.share({ url: url }).catch(function () {});
    if (navigator.clipboard && navigator.clipboard.writeText) return navigator.clipboard.writeText(url).then(done, done);
    done();
  });
  $("conflict-copy").addEventListener("click", function () { st.boardId = null; saveNew(); });
  $("conflict-reload").addEventListener("click", function () {
    api("GET", "/api/boards/" + st.boardId).then(function (r) {
      if (!r.ok) return;
      st.revision = r.data.revision;
      $("conflict").hidden = true;
      $("save-status").textContent = S.revision + " " + r.data.revision;
      loadYaml(r.data.scenario, r.data.variations).then(function (ok) { if (ok) { dirty = false; dropDraft(); } });
    });
  });

  /* -- start ---------------------------------------------------------------------------- */
  var ACTION_WORDS = { attack: ["атака", "attack"], block: ["блок", "block"], assign_damage: ["повреждения", "damage"],
    choose: ["выбор", "choice"], pass: ["пас", "pass"], pass_until: ["пас до", "pass until"], cast: ["разыграть", "cast"],
    activate: ["способность", "ability"], play_land: ["земля", "land"], order_blockers: ["порядок блокирующих", "blocker order"] };
  function plainValue(v) {   /* {wurm: Боб} → "wurm → Боб"; {wurm: {mastodon: 1, Боб: 5}} → "wurm → mastodon 1, Боб 5" */
    if (Array.isArray(v)) return v.map(plainValue).join(", ");
    if (v && typeof v === "object") return Object.keys(v).map(function (k) {
      var x = v[k];
      if (x && typeof x === "object" && !Array.isArray(x)) return word(k) + " → " + Object.keys(x).map(function (r) { return word(r) + " " + plainValue(x[r]); }).join(", ");
      return word(k) + (x === true ? "" : " → " + plainValue(x));
    }).join("; ");
    return word(v);
  }
  function named(v) {   /* an object's id in a line read from a file: «Вурм [wurm]» */
    return st.model && typeof v === "string" && allIds()[v] ? objLabel(v) : null;
  }
  function word(v) { return named(v) || S["w_" + String(v)] || String(stepName(v)); }   /* a code in words (boards_strings.VALUE_WORDS) */
  function expectText(x) {   /* {life: {Боб: 15}} → "жизнь: Боб → 15" */
    return Object.keys(x).map(function (k) { return (S["expect_" + k] || k) + ": " + plainValue(x[k]); }).join("; ");
  }
  function labelOf(a) {   /* a script action from a file, in words (a move made on the page has the engine's label) */
    if (typeof a === "string") { var o = {}; o[a] = true; a = o; }
    var k = Object.keys(a).filter(function (x) { return x !== "by"; })[0], v = a[k];
    var word = ACTION_WORDS[k] ? ACTION_WORDS[k][EN ? 1 : 0] : k;
    return (a.by ? a.by + ": " : "") + word + (v === true || v === null ? "" : " " + plainValue(v));
  }
  function scriptToLine() {
    /* a library scenario: its script becomes the main line, so the judge can step back
       through it and branch anywhere */
    var script = st.model.script || [];
    if (!script.length) return Promise.resolve(true);
    delete st.model.script;
    return check().then(function (ok) {
      if (!ok) return false;
      var n = st.tree;
      st.path = [];
      script.forEach(function (a) {
        if (typeof a === "string") { var o = {}; o[a] = true; a = o; }
        n.c.push({ a: a, l: labelOf(a), c: [] });
        n = n.c[0];
        st.path.push(0);
      });
      return play();
    });
  }
  /* the server put the first run in the page (the new board, or the saved one at its line):
     no round trip before the first drawing; without it (a board the corpus now refuses) ask */
  var first = JSON.parse(root.getAttribute("data-first-run") || "null");
  var vars0 = root.getAttribute("data-variations");
  vars0 = vars0 ? JSON.parse(vars0) : null;
  var start = first ? loaded(first, vars0) : loadYaml($("yaml").value, vars0);
  if (first) performance.mark("board-drawn");   /* bench/board_bench.py reads it: the first render's end */
  $("draft-discard").addEventListener("click", function () { dropDraft(); dirty = false; location.reload(); });
  start.then(function (ok) {
    var d = readDraft();
    if (d && d.model) return restoreDraft(d);
    return ok && root.getAttribute("data-from") ? scriptToLine() : ok;
  }).then(function () {
    showTab(st.boardId ? "play" : "build");
  });
})();
