/* The offline search (issue 28): the pack's MiniSearch index, read as the server reads a query.

   The Python build made the index from the server's own index terms (pymorphy3 lemmas, English
   Snowball stems: judge_app/offline/search_docs.py). A query word is read with the pack's
   tables of the corpus's vocabulary (a word -> its lemmas; a word outside it goes through
   Snowball's JavaScript port to the lemmas of the corpus words with its stem), and gets the
   server's derivation of its lemmas (title words of its root and synonyms in full, its verb
   family and related words at the server's lower weight). Before that it is
   read as the search box reads it online (judge_app/search/understand.py), with the pack's
   tables (query.json): a rule number in any of its forms («704,5к», «704ю5л») goes to the
   rule; slang («деф тач», «дефтач») becomes what it means; a query typed on the wrong keyboard
   layout is flipped; a Cyrillic word that is English read back (трампл) becomes the English
   word; question words are dropped; a word the index does not hold is matched fuzzily.
   A Russian query is also matched against the questions judges ask about each rule (the server's
   question bank, search/asked.py, carried in query.json): the same IDF cosine over the same
   terms, the rules found fused into the hits by reciprocal rank with the server's constants.
   A definition question («что такое полёт», «what counts as a permanent») whose other words spell
   a glossary or heading term gets the rule that defines it first (search/defining.py; the pack
   carries the server's terms, pattern and marker words, each term's rule resolved at pack time).

   Results are plain data; pages show them with textContent, never as HTML.
   Runs in the browser (window.JudgeSearch) and in Node (bench/offline_search.mjs). */
(function (root, factory) {
  if (typeof module === "object" && module.exports) module.exports = factory();
  else root.JudgeSearch = factory();
})(typeof self !== "undefined" ? self : this, function () {
  "use strict";
  var WORD = /[+-](?:\d+|[xyn])\/[+-](?:\d+|[xyn])|[0-9a-zа-яё]+(?:['’][a-z]+)?/gi;
  var NUMBER = /^(\d{1,3})(?:\s*[.,юб]\s*(\d{1,3})\s*([\p{L}\p{N}_])?)?\s*[.)]?$/u;
  var CYR = /[а-яё]/i, LAT = /[a-z]/i;
  var RULES_FIRST = 3;
  var ALT_WEIGHT = 0.6;      // a title word reached through derivation counts less than the word itself
  var WEAK_WEIGHT = 0.35;    // a verb family's other lemma, a related word (the server's RELATIVE_BOOST, from query.json)
  var VARIANT_WEIGHT = 0.4;  // rules of chapters 8 and 9 for a query that names no variant
  /* the fields' weights relative to the text, as online (search/index.py TITLE_BOOST 4 and
     TERMS_BOOST 2 against text 1 — here the title counts 2, as tuned before the other fields
     came, and the glossary headwords half of it; the citing texts' weight is the server's
     search/query.py CITED_WEIGHT, from query.json) */
  var BOOST = { t: 2, b: 1, x: 1, c: 0.5 };
  var OPTIONS = {
    fields: ["t", "x", "b", "c"],
    storeFields: ["k", "n", "v", "g", "ti", "s", "u"],
    tokenize: function (text) { return text.split(" "); },
    processTerm: function (term) { return term || null; }
  };

  function fold(w) { return w.toLowerCase().replace(/ё/g, "е"); }

  function Engine(MiniSearch, snowball, indexJson, tables, numbers) {
    this.ms = MiniSearch.loadJSON(typeof indexJson === "string" ? indexJson : JSON.stringify(indexJson), OPTIONS);
    this.ru = snowball.newStemmer("russian");
    this.en = snowball.newStemmer("english");
    this.t = tables;
    this.boost = Object.assign({}, BOOST, tables.cited_weight != null ? { c: tables.cited_weight } : {});
    this.numbers = numbers || {};     // version -> Set of rule numbers (for lookups)
    this.ruStop = new Set(tables.ru_stop); this.enStop = new Set(tables.en_stop);
    this.ruQuestion = new Set(tables.ru_question); this.enQuestion = new Set(tables.en_question);
    this.words = tables.words || {};   // corpus word -> its lemmas (where they are not the word)
    this.stems = tables.stems || {};   // Snowball stem -> the lemmas of the corpus words with it
    this.enWords = tables.en || {};    // corpus English word -> the server's stem (its Snowball is newer)
    this.weakWeight = tables.relative_boost != null ? tables.relative_boost : WEAK_WEIGHT;
    this.stemMap = null;               // the stems as a radix tree, for typos (made on first need)
    this.variantTerms = new Set(tables.variant_terms || []);
    var sw = this.situationWords = new Set();  // words the situations table reads: never "corrected"
    (tables.situations || []).forEach(function (s) { s.w.forEach(function (alts) { alts.forEach(function (a) { sw.add(a); }); }); });
    this.ruleDocs = null;  // "version|number" -> stored fields, made on the first situation hit
    var variantDocs = this.variantDocs = new Set();  // ids of the rules of chapters 8 and 9 (called per match: no regex there)
    var ms = this.ms;
    ms._documentIds.forEach(function (id, short) {
      var f = ms._storedFields.get(short);
      if (f && f.k === "rule" && (f.n[0] === "8" || f.n[0] === "9")) variantDocs.add(id);
    });
    this.bank = new Bank(tables.asked);
    this.definitions = new Definitions(tables.definitions);
    this.slangEnding = new RegExp("(?:" + tables.slang_endings.replace(/\$$/, "") + ")$");
    this.slangNoun = tables.slang_noun ? new RegExp(tables.slang_noun) : null;  // «етбшка» (understand._SHKA)
    var toRu = {}, toEn = {};
    for (var i = 0; i < tables.en_keys.length; i++) {
      toRu[tables.en_keys[i]] = tables.ru_keys[i];
      if (!(tables.ru_keys[i] in toEn)) toEn[tables.ru_keys[i]] = tables.en_keys[i];
    }
    this.toRu = toRu; this.toEn = toEn;
  }

  /* -- rule numbers: judge_app/corpus/numbering.normalise_query_candidates -- */
  Engine.prototype.numberCandidates = function (s) { return numberCandidates(s, this.t); };
  function numberCandidates(s, tables) {
    var m = NUMBER.exec(s.trim());
    if (!m) return [];
    var head = m[1], rule = m[2], letter = m[3];
    if (rule === undefined) return head.length === 1 || head.length === 3 ? [head] : [];
    if (head.length !== 3) return [];
    var base = head + "." + parseInt(rule, 10);
    if (!letter) return [base];
    if (/\d/.test(letter)) return [];
    var ch = letter.toLowerCase(), out = [];
    if (ch >= "a" && ch <= "z") out.push(ch);
    else [tables.lookalike, tables.layout_letters].forEach(function (table) {
      if (table[ch] && out.indexOf(table[ch]) < 0) out.push(table[ch]);
    });
    var letters = tables.subrule_letters;
    return out.filter(function (r) { return letters.indexOf(r) >= 0; }).map(function (r) { return base + r; });
  }
  Engine.prototype.lookup = function (q, version) {
    var known = this.numbers[version];
    if (!known || q.length > 40) return null;
    var c = this.numberCandidates(q);
    for (var i = 0; i < c.length; i++) if (known.has(c[i])) return c[i];
    return null;
  };

  /* -- words -- */
  /* a word's index terms as the server makes them (analysis.word_terms): a Russian word's
     lemmas from the vocabulary table, else the lemmas of the corpus words with its Snowball
     stem; an English word's stem (the server's, from the table, for a corpus word); a number as it is. [] for a stop word, null for a Russian
     word the tables do not know (resolve() looks further) */
  Engine.prototype.analyse = function (w) {
    w = fold(w);
    if (/^[0-9+-]/.test(w)) return [w];
    if (CYR.test(w)) {
      if (this.ruStop.has(w)) return [];
      if (this.words[w]) return this.words[w];
      if (this.known(w)) return [w];
      return this.stems[this.ru.stem(w)] || null;
    }
    if (this.enStop.has(w)) return [];
    return [this.enWords[w] || this.en.stem(w)];
  };
  Engine.prototype.known = function (term) { return !!term && this.ms._index.has(term); };
  Engine.prototype.isQuestion = function (w, terms) {
    w = fold(w);
    if (CYR.test(w)) return this.ruQuestion.has(w) || (!!terms && terms.length > 0 && this.ruQuestion.has(terms[0]));
    return this.enQuestion.has(w);
  };

  /* the nearest indexed stem to an unknown one: one letter off from 4 letters, two from 6
     (a typo), or the longest indexed stem it starts with (vigilans -> vigil, trampler -> trampl) */
  Engine.prototype.near = function (st, tree) {
    tree = tree || this.ms._index;
    if (!st || /^[0-9+-]/.test(st) || st.length < 4) return null;
    var d = st.length >= 6 ? 2 : 1, best = null, bestD = 99, bestLen = 0;
    tree.fuzzyGet(st, d).forEach(function (v, term) {
      var dist = v[1];
      if (dist < bestD || (dist === bestD && term.length > bestLen)) { best = term; bestD = dist; bestLen = term.length; }
    });
    if (best) return best;
    for (var n = st.length - 1; n >= Math.max(4, Math.ceil(st.length * 0.6)); n--) {
      if (tree.has(st.slice(0, n))) return st.slice(0, n);
    }
    return null;
  };
  /* a Russian word's nearest corpus stem (a typo: «легендарое»), as its lemmas */
  Engine.prototype.nearRu = function (word) {
    if (!this.stemMap) this.stemMap = this.ms._index.constructor.from(Object.entries(this.stems));
    var st = this.near(this.ru.stem(fold(word)), this.stemMap);
    return st ? this.stems[st] : null;
  };

  /* a query word as the index knows it: its terms; English written in Cyrillic read back
     (трампл -> trample, кикер -> kicker); else the nearest corpus word's terms; else as it is */
  Engine.prototype.resolve = function (word, terms) {
    var self = this, alt = this.t.alt || {};
    if (terms && terms.some(function (t) { return self.known(t) || alt[t] || self.situationWords.has(t); })) return terms;
    if (CYR.test(word)) {
      var variants = this.transliterate(word).map(function (x) { return self.en.stem(x); });
      for (var i = 0; i < variants.length; i++) if (this.known(variants[i])) return [variants[i]];
      var ru = this.nearRu(word);
      if (ru) return ru;
      for (var j = 0; j < variants.length; j++) { var en = this.near(variants[j]); if (en) return [en]; }
      return terms || [fold(word)];
    }
    var near = this.near(terms[0]);
    return near ? [near] : terms;
  };

  Engine.prototype.flipLayout = function (q) {
    /* most words unknown as typed but known once flipped key by key: the wrong layout. The raw
       text is flipped (on the Russian layout , ; ' . [ ] ` are letters: «,lbntkmyjcnm»). */
    var self = this, raw = q.trim().split(/\s+/).filter(Boolean);
    if (!raw.length) return null;
    var latin = !CYR.test(q);
    var table = latin ? self.toRu : self.toEn;
    var flipped = raw.map(function (w) {
      return w.split("").map(function (c) { return table[c] || c; }).join("");
    });
    var wins = 0, total = 0;
    raw.forEach(function (w, i) {
      var before = w.match(WORD) || [], after = flipped[i].match(WORD) || [];
      if (!before.length || /^[0-9]+$/.test(w)) return;
      total++;
      var knownBefore = before.every(function (x) { return self.readable(x); });
      var knownAfter = after.length > 0 && after.every(function (x) { return self.readable(x) || (latin && self.nearRu(x) !== null); });
      if (!knownBefore && knownAfter) wins++;
    });
    return total && wins * 2 > total ? flipped.join(" ") : null;
  };

  /* the index knows the word (or it is a stop word) */
  Engine.prototype.readable = function (w) {
    var t = this.analyse(w), self = this;
    return t !== null && (t.length === 0 || t.some(function (x) { return self.known(x); }));
  };

  Engine.prototype.slang = function (words) {
    var slang = this.t.slang, out = [], i = 0, changed = false;
    var folded = words.map(fold);
    while (i < words.length) {
      var hit = null, used = 0;
      for (var n = Math.min(3, words.length - i); n >= 1 && !hit; n--) {
        var key = folded.slice(i, i + n).join(" ");
        hit = slang[key] || slang[folded.slice(i, i + n).join("")] || null;   // «деф тач» = «дефтач»
        if (!hit && n === 1 && CYR.test(key)) {  // as online (understand._inflected): «-шка», then a case ending
          var sh = this.slangNoun && this.slangNoun.exec(key);
          if (sh && key.length - sh[0].length >= 2) hit = slang[key.slice(0, sh.index)] || null;
          var m = !hit && this.slangEnding.exec(key);
          if (m && key.length - m[0].length >= 3) hit = slang[key.slice(0, m.index)] || null;
        }
        used = n;
      }
      if (hit) { out.push.apply(out, hit.split(/\s+/)); i += used; changed = true; }
      else { out.push(words[i]); i++; }
    }
    return { words: out, changed: changed };
  };

  Engine.prototype.transliterate = function (word) {
    var t = this.t, plain = fold(word).split("").map(function (c) { return c in t.translit ? t.translit[c] : c; }).join("");
    var out = [plain];
    t.translit_variants.forEach(function (pair) {
      out.slice().forEach(function (w) {
        var v = w.split(pair[0]).join(pair[1]);
        if (out.indexOf(v) < 0 && out.length < 24) out.push(v);
      });
    });
    return out;
  };

  /* what the query means, as stems */
  Engine.prototype.understand = function (q) {
    var words = (q.match(WORD) || []).slice(0, 30), note = null;
    var s = this.slang(words);
    words = s.words;
    if (!s.changed) {
      var flipped = this.flipLayout(q);
      if (flipped) { note = flipped; words = this.slang((flipped.match(WORD) || []).slice(0, 30)).words; }
    }
    var self = this, terms = [], question = false, add = function (list, t) { if (list.indexOf(t) < 0) list.push(t); };
    var groups = [], read = [];  // per query word, its terms (its alternatives are added below), and the word
    words.forEach(function (w) {
      var own = self.analyse(w);
      if (own !== null && !own.length) return;
      if (self.isQuestion(w, own)) { question = true; return; }
      var group = self.resolve(w, own);
      group.forEach(function (t) { add(terms, t); });
      groups.push(group.slice()); read.push(w);
    });
    if (!terms.length && question) words.forEach(function (w) {
      var group = self.analyse(w) || [fold(w)];
      group.forEach(function (t) { add(terms, t); });
      if (group.length) { groups.push(group.slice()); read.push(w); }
    });
    var own = groups.map(function (g) { return g.slice(); });  // before the alternatives: the bank's words
    var alt = this.t.alt || {}, weak = this.t.weak || {}, alts = [], weaks = [];
    terms.forEach(function (t) {
      (alt[t] || []).forEach(function (a) { if (terms.indexOf(a) < 0) add(alts, a); });
    });
    terms.forEach(function (t) {
      (weak[t] || []).forEach(function (a) { if (terms.indexOf(a) < 0 && alts.indexOf(a) < 0) add(weaks, a); });
    });
    groups.forEach(function (group) {
      group.slice().forEach(function (t) { (alt[t] || []).concat(weak[t] || []).forEach(function (a) { add(group, a); }); });
    });
    return { terms: terms, alts: alts, weak: weaks, groups: groups, own: own, read: read, note: note, question: question };
  };

  /* a situation of the reviewed table (search/data/situations.tsv) whose every word the query
     holds puts its rule first, as online */
  Engine.prototype.situationRules = function (terms) {
    var held = new Set(terms), rules = [];
    (this.t.situations || []).forEach(function (s) {
      if (s.w.every(function (alts) { return alts.some(function (a) { return held.has(a); }); })) rules.push([s.w.length, s.r]);
    });
    rules.sort(function (a, b) { return b[0] - a[0]; });
    return rules.slice(0, 3).map(function (pair) { return pair[1]; });
  };
  /* a rule's stored fields by release, language and number */
  Engine.prototype.ruleDoc = function (version, lang, number) {
    if (!this.ruleDocs) {
      var docs = new Map();
      this.ms._storedFields.forEach(function (f) { if (f.k === "rule") docs.set(f.v + "|" + f.g + "|" + f.n, f); });
      this.ruleDocs = docs;
    }
    return this.ruleDocs.get(version + "|" + lang + "|" + number);
  };
  Engine.prototype.situationsFirst = function (found, terms, version, lang, kind) {
    if (kind && kind !== "rule") return found;
    var rules = this.situationRules(terms);
    if (!rules.length) return found;
    var first = [], seen = new Set(), self = this;
    rules.forEach(function (number) {
      var f = self.ruleDoc(version, lang || "ru", number);
      if (f && !seen.has(number)) { seen.add(number); first.push(Object.assign({ score: Infinity }, f)); }
    });
    return first.concat(found.filter(function (r) { return !(r.k === "rule" && seen.has(r.n) && r.g === (lang || "ru")); }));
  };

  Engine.prototype.search = function (q, opts) {
    opts = opts || {};
    q = String(q || "").slice(0, 500);
    var version = opts.version, lang = opts.lang || null, kind = opts.kind || null, limit = opts.limit || 20;
    var u = this.understand(q);
    if (!u.terms.length) return { hits: [], note: u.note };
    var filter = function (r) {
      if (kind && r.k !== kind) return false;
      if (lang && r.g !== lang) return false;
      if (r.k === "rule") return r.v === version;
      /* the index holds one release's glossary (pack.glossary_version) */
      return true;
    };
    var altSet = new Set(u.alts), weakSet = new Set(u.weak), all = u.terms.concat(u.alts, u.weak), self = this;
    /* the base game before its variants: chapters 8 and 9 go below unless the query names one */
    var variants = all.some(function (t) { return self.variantTerms.has(t); });
    var found = this.ms.search(all.join(" "), {
      filter: filter, boost: this.boost, combineWith: "OR", fuzzy: false,
      boostTerm: function (term) { return altSet.has(term) ? ALT_WEIGHT : weakSet.has(term) ? self.weakWeight : 1; },
      /* a document the filter drops scores 0, which MiniSearch skips before scoring it (half the
         rules are the other release's): the same hits, sooner */
      boostDocument: function (id, term, stored) {
        if (!stored || !filter(stored)) return 0;
        return !variants && self.variantDocs.has(id) ? VARIANT_WEIGHT : 1;
      }
    });
    /* a question, as online (search/query.py): the documents holding every word of it first, then
       the ones holding more of its words; the score within each. (For every query, as online,
       it measured worse on the tune split: a card's name and a concept want both blocks.) */
    if (u.question && u.groups.length > 1) {
      var held = function (r) {
        var got = r.queryTerms, n = 0;
        for (var g = 0; g < u.groups.length; g++) {
          for (var k = 0; k < got.length; k++) if (u.groups[g].indexOf(got[k]) >= 0) { n++; break; }
        }
        return n;
      };
      found.forEach(function (r, i) { r.held = held(r); r.rank = i; });
      found.sort(function (a, b) { return b.held - a.held || a.rank - b.rank; });
    }
    found = this.situationsFirst(found, all, version, lang, kind);
    /* as online (search/arrange.py): rules one by one; the FAQ, its cards and the 1998 rulebook
       one block, the glossary another, each at the place of its best hit with the rest folded
       under it («ещё N»), never above the best rule; a question is answered by rules: the blocks
       go below the first three */
    var hits = [], blocks = {}, rulesSeen = 0, waiting = [], firstRules = u.question ? RULES_FIRST : 1;
    for (var i = 0; i < found.length && hits.length < limit; i++) {
      var r = found[i];
      var hit = { kind: r.k, number: r.n, version: r.v, lang: r.g, title: r.ti, snippet: r.s, url: r.u, score: r.score };
      if (r.k === "rule" || kind) {
        /* a question wants the rule that says what happens: a heading (a title without text)
           waits below the first rules that hold text, as the blocks do */
        if (u.question && r.k === "rule" && !r.s && rulesSeen < firstRules) { waiting.push(hit); continue; }
        hits.push(hit);
        if (++rulesSeen === firstRules && waiting.length) { hits.push.apply(hits, waiting); waiting = []; }
        continue;
      }
      var block = r.k === "glossary" ? "glossary" : "extra";
      if (blocks[block]) { if (blocks[block].more.length < 30) blocks[block].more.push(hit); continue; }
      hit.more = [];
      blocks[block] = hit;
      if (rulesSeen < firstRules) waiting.push(hit); else hits.push(hit);
    }
    hits.push.apply(hits, waiting);
    hits = hits.slice(0, limit);
    /* and among the questions judges ask about each rule, as online (search/query.py
       _with_asked): a Russian word query, not one read on the other keyboard layout */
    if (!kind && (!lang || lang === "ru") && !u.note && CYR.test(q)) hits = this.withAsked(hits, u, q, version, limit, all, variants);
    /* a definition question: the rule that defines its term first, as online (search/query.py
       _definition_first: on its word path and on its card path alike), not for a query read on
       the other keyboard layout (the server answers that one with the layout's reading) */
    if (!kind && !u.note) hits = this.definitionFirst(hits, u, q, version, lang, limit);
    return { hits: hits, note: u.note, terms: u.terms };
  };

  /* -- definition questions (judge_app/search/defining.py), from the pack (offline/search_docs.definitions) -- */
  function Definitions(t) {
    t = t || { entries: {}, terms: [], markers: [] };
    this.question = t.question ? new RegExp(t.question.source, t.question.flags) : null;
    this.markers = new Set(t.markers); this.slack = t.slack || 0;
    this.entries = t.entries; this.terms = t.terms;
  }
  /* the rule the glossary or heading term that the query's words spell names (defining.Glossary
     defined): every word of the term among the query's words, at most slack query words left over
     besides the marker words; the term of the most words wins, then the first entry. groups: per
     query word its index terms; null where no term fits or the release lacks its rule */
  Definitions.prototype.defined = function (groups, version, lang) {
    var self = this, terms = this.terms, rows = this.entries[version + "|" + lang] || [];
    var query = groups.filter(function (g) { return !g.some(function (t) { return self.markers.has(t); }); })
      .map(function (g) { return new Set(g); });
    if (!query.length) return null;
    var holds = function (alts, word) { return word.some(function (id) { return alts.has(terms[id]); }); };
    var best = null, bestN = 0;
    for (var i = 0; i < rows.length; i++) {
      var term = rows[i][0];
      if (term.length <= bestN || term.length > query.length) continue;
      if (!term.every(function (word) { return query.some(function (alts) { return holds(alts, word); }); })) continue;
      var left = query.filter(function (alts) { return !term.some(function (word) { return holds(alts, word); }); }).length;
      if (left <= this.slack) { best = rows[i][1]; bestN = term.length; }
    }
    return best;
  };

  Engine.prototype.definitionFirst = function (hits, u, q, version, lang, limit) {
    var d = this.definitions, shown = CYR.test(q) ? "ru" : "en";
    if (!d.question || !d.question.test(q) || (lang && lang !== shown)) return hits;
    var self = this, words = [];
    /* the server's tokens (analysis.TOKEN_PATTERN) split a word at its apostrophe: «isn’t» is isn, t */
    u.own.forEach(function (group, i) {
      if (!/['’]/.test(u.read[i])) { words.push(group); return; }
      u.read[i].split(/['’]/).forEach(function (part) { var t = part && self.analyse(part); if (t && t.length) words.push(t); });
    });
    var number = d.defined(words, version, shown), doc = number && this.ruleDoc(version, shown, number);
    if (!doc) return hits;
    var first = ruleHit(doc, 0);
    return [first].concat(hits.filter(function (h) {
      return !(h.kind === "rule" && h.version === doc.v && h.lang === doc.g && h.number === doc.n);
    })).slice(0, limit);
  };

  /* the hits fused with the rules whose written questions the query is most like (the question
     bank): the query's understood words and its own words as the bank's words; chapters 8-9 only
     for a query naming a variant; the rules a situation row puts first keep the lead */
  Engine.prototype.withAsked = function (hits, u, q, version, limit, all, variants) {
    var bank = this.bank;
    if (!bank.n || u.own.length < bank.minWords) return hits;  /* one word: its title answers it */
    var self = this, words = [], seen = new Set(), alt = this.t.alt || {};
    var add = function (group) {
      if (bank.derived) {  /* a word also as its root's other words, not its verb family (asked.DERIVED) */
        group = group.slice();
        group.slice().forEach(function (t) { (alt[t] || []).forEach(function (a) { if (group.indexOf(a) < 0) group.push(a); }); });
      }
      var key = group.join(" ");
      if (group.length && !seen.has(key)) { seen.add(key); words.push(group); }
    };
    u.own.forEach(add);
    (q.match(WORD) || []).slice(0, 30).forEach(function (w) { add(bank.read(fold(w)) || self.analyse(w) || []); });
    var found = bank.rules(words, version);
    if (!variants) found = found.filter(function (f) { return !isVariantRule(f[1]); });
    if (!found.length) return hits;
    var twins = [];
    found.forEach(function (f) {
      var d = self.ruleDoc(f[0], "ru", f[1]);
      if (d) twins.push(ruleHit(d, 0));
    });
    var heads = this.situationRules(all), lead = 0, card = this.namesCard(u.terms);
    while (lead < hits.length && hits[lead].kind === "rule" && inside(hits[lead].number, heads)) lead++;
    /* a query naming a pool card: the card's weight, and the blocks before the first rule keep their places */
    while (card && lead < hits.length && hits[lead].kind !== "rule") lead++;
    return fuse(hits, twins, limit, lead, card ? bank.cardWeight : bank.weight, bank.depth, bank.k);
  };

  /* does the query name an FAQ card (every word of its name among the query's terms)? The
     server knows the pool's names with their short forms (search/card_query.py); the phone
     knows the FAQ cards' names, read by its own word tables */
  Engine.prototype.namesCard = function (terms) {
    var self = this, held = new Set(terms);
    if (!this.cardNames) {
      var names = this.cardNames = [];
      this.ms._storedFields.forEach(function (f) {
        if (f.k !== "card") return;
        var words = (f.ti.match(WORD) || []).map(function (w) { return self.analyse(w) || [fold(w)]; })
          .filter(function (t) { return t.length; });
        if (words.length) names.push(words);
      });
    }
    return this.cardNames.some(function (words) {
      return words.every(function (alts) { return alts.some(function (t) { return held.has(t); }); });
    });
  };

  /* -- the question bank (judge_app/search/asked.py), from the pack (offline/search_docs.question_bank) -- */
  function Bank(t) {
    t = t || { rows: [], sets: [], terms: [], rules: [], versions: [] };
    var n = this.n = t.rows.length / 3;
    this.weight = t.weight; this.cardWeight = t.card_weight; this.depth = t.depth; this.minCosine = t.min_cosine; this.votes = t.votes || Infinity; this.voteWeight = t.vote_weight || 0; this.minWords = t.min_words || 1; this.derived = !!t.derived; this.k = t.k;
    this.versions = t.versions; this.ruleNames = t.rules;
    this.version = new Int32Array(n); this.rule = new Int32Array(n);
    var sets = t.sets, post = this.post = new Map(), i, j;
    var lists = t.terms.map(function () { return []; });
    for (i = 0; i < n; i++) {
      this.version[i] = t.rows[3 * i]; this.rule[i] = t.rows[3 * i + 1];
      var set = sets[t.rows[3 * i + 2]];
      for (j = 0; j < set.length; j++) lists[set[j]].push(i);
    }
    var idf = lists.map(function (rows) { return Math.log(1 + n / (1 + rows.length)); });
    var sq = new Float64Array(sets.length);
    for (i = 0; i < sets.length; i++) {
      var sum = 0;
      for (j = 0; j < sets[i].length; j++) sum += idf[sets[i][j]] * idf[sets[i][j]];
      sq[i] = Math.sqrt(sum) || 1;
    }
    this.norm = new Float64Array(n);
    for (i = 0; i < n; i++) this.norm[i] = sq[t.rows[3 * i + 2]];
    t.terms.forEach(function (term, k) { post.set(term, Int32Array.from(lists[k])); });
    this.acc = new Float64Array(n);
    this.terms = t.terms; this.words = t.words || {};  // the questions' own word forms -> their term ids
  }
  /* a word of the written questions as the server reads it (its bank terms), or null */
  Bank.prototype.read = function (w) {
    var ids = this.words[w], terms = this.terms;
    return ids ? ids.map(function (i) { return terms[i]; }) : null;
  };
  Bank.prototype.idf = function (df) { return Math.log(1 + this.n / (1 + df)); };
  /* [release, rule, best cosine] of the rules of the votes questions nearest the query, each
     rule by its best cosine plus vote_weight times its others (asked.py _voted), best first, at
     most depth, none whose best is below min_cosine; words: per query word its alternative
     index terms */
  Bank.prototype.rules = function (words, version) {
    if (!this.n || !words.length) return [];
    var acc = this.acc, touched = [], qnorm = 0, self = this, i;
    words.forEach(function (alts) {
      var found = [];
      alts.forEach(function (t) { var p = self.post.get(t); if (p) found.push(p); });
      if (!found.length) return;
      var held = found[0];
      if (found.length > 1) {
        var union = new Set();
        found.forEach(function (p) { p.forEach(function (x) { union.add(x); }); });
        held = Array.from(union);
      }
      var w = self.idf(held.length);
      for (var k = 0; k < held.length; k++) {
        if (acc[held[k]] === 0) touched.push(held[k]);
        acc[held[k]] += w * w;
      }
      qnorm += w * w;
    });
    var v = version == null ? -1 : this.versions.indexOf(version), rows = [];
    touched.sort(function (a, b) { return a - b; });
    var qn = Math.sqrt(qnorm);
    for (i = 0; i < touched.length; i++) {
      var r = touched[i];
      if (version == null || this.version[r] === v) rows.push([r, acc[r] / (this.norm[r] * qn)]);
      acc[r] = 0;
    }
    if (!qnorm) return [];
    rows.sort(function (a, b) { return b[1] - a[1]; });  // stable: a tie keeps the rows' order
    var keys = [], best = new Map(), score = new Map();
    for (i = 0; i < rows.length && i < this.votes; i++) {
      var key = this.version[rows[i][0]] + "|" + this.rule[rows[i][0]];
      if (best.has(key)) { score.set(key, score.get(key) + this.voteWeight * rows[i][1]); continue; }
      best.set(key, rows[i]); score.set(key, rows[i][1]); keys.push(key);
    }
    keys = keys.filter(function (k) { return best.get(k)[1] >= self.minCosine; });
    keys.sort(function (a, b) { return score.get(b) - score.get(a); });  // stable, as sorted()
    return keys.slice(0, this.depth).map(function (k) {
      var r = best.get(k)[0];
      return [self.versions[self.version[r]], self.ruleNames[self.rule[r]], best.get(k)[1]];
    });
  };

  /* reciprocal-rank fusion, as online (search/translation.py fuse): 1/(K + rank) for the hits
     after the first lead, weight/(K + rank) for the other ranking's rules (at most depth);
     a rule both hold is one hit; a block keeps only its own score */
  function fuse(hits, other, limit, lead, weight, depth, K) {
    var kept = hits.slice(0, lead), score = new Map(), item = new Map(), keys = [];
    var id = function (h) { return h.kind + "|" + h.version + "|" + h.lang + "|" + h.number; };
    var keptIds = new Set(kept.map(id));
    var put = function (key, s, h) {
      if (!score.has(key)) { score.set(key, 0); item.set(key, h); keys.push(key); }
      score.set(key, score.get(key) + s);
    };
    hits.slice(lead).forEach(function (h, i) { put(h.kind === "rule" ? id(h) : h.kind + "#" + i, 1 / (K + i + 1), h); });
    other.filter(function (h) { return !keptIds.has(id(h)); }).slice(0, depth).forEach(function (h, j) {
      put(id(h), weight / (K + j + 1), h);
    });
    keys.sort(function (a, b) { return score.get(b) - score.get(a); });  // stable: a tie keeps the hits' order
    return kept.concat(keys.map(function (k) { return item.get(k); })).slice(0, limit);
  }

  /* a rule's hit from its stored fields */
  function ruleHit(d, score) {
    return { kind: "rule", number: d.n, version: d.v, lang: d.g, title: d.ti, snippet: d.s, url: d.u, score: score };
  }

  /* rule number inside one of heads (704.5j in 704.5, not 704.50): search/translation.py inside */
  function inside(number, heads) {
    return heads.some(function (n) {
      return number === n || (number.indexOf(n) === 0 && /[.a-z]/.test(number.charAt(n.length)));
    });
  }
  function isVariantRule(number) { return /^[89](?:\d\d(?:\.|$)|$)/.test(number); }

  return {
    Engine: Engine,
    Bank: Bank,
    Definitions: Definitions,
    fuse: fuse,
    numberCandidates: numberCandidates,
    create: function (MiniSearch, snowball, indexJson, tables, numbers) {
      return new Engine(MiniSearch, snowball, indexJson, tables, numbers);
    }
  };
});
