// Runs the offline search (judge_app/web/static/offline/search.js) in Node on a built pack, as
// the phone runs it: reads one JSON query per line on stdin ({"q", "version", "limit"}), prints
// one JSON array of [kind, number] per line. Used by bench/offline_search_bench.py.
// Usage: node bench/offline_search.mjs <pack folder>
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { createInterface } from "node:readline";

const require = createRequire(import.meta.url);
const MiniSearch = require("minisearch");
const snowball = require("snowball-stemmers");
const JudgeSearch = require("../judge_app/web/static/offline/search.js");
const dir = process.argv[2];
const meta = JSON.parse(readFileSync(dir + "/meta.json", "utf8"));
const numbers = {};
for (const v of meta.versions) {
  numbers[v] = new Set(JSON.parse(readFileSync(`${dir}/rules-${v}.json`, "utf8")).rules.map((r) => r.n));
}
const t0 = performance.now();
const engine = JudgeSearch.create(MiniSearch, snowball, readFileSync(dir + "/search-index.json", "utf8"),
                                  JSON.parse(readFileSync(dir + "/query.json", "utf8")), numbers);
process.stderr.write(`index loaded in ${(performance.now() - t0).toFixed(0)} ms\n`);
const rl = createInterface({ input: process.stdin });
for await (const line of rl) {
  if (!line.trim()) continue;
  const { q, version, limit } = JSON.parse(line);
  const t = performance.now();
  const number = engine.lookup(q, version);
  const res = number ? { hits: [{ kind: "rule", number }] } : engine.search(q, { version, limit: limit || 10 });
  const ms = performance.now() - t;
  process.stdout.write(JSON.stringify({ hits: res.hits.map((h) => [h.kind, h.number]), ms }) + "\n");
}
