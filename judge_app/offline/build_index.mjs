// Builds the offline search index (MiniSearch, pinned in package-lock.json) from the
// documents the Python build prepared (judge_app/offline/search_docs.py): the stems are
// already made, so terms are split on spaces and kept as they are. The browser loads the
// result with MiniSearch.loadJSON and the same options (static/offline/search.js).
// Usage: node build_index.mjs docs.json index.json
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(process.cwd() + "/");
const MiniSearch = require("minisearch");
const [docsPath, outPath] = process.argv.slice(2);
const docs = JSON.parse(readFileSync(docsPath, "utf8"));
const options = {
  fields: ["t", "x", "b", "c"],
  storeFields: ["k", "n", "v", "g", "ti", "s", "u"],
  tokenize: (text) => text.split(" "),
  processTerm: (term) => term || null,
};
const index = new MiniSearch(options);
index.addAll(docs);
writeFileSync(outPath, JSON.stringify(index));
console.log(JSON.stringify({ documents: index.documentCount, terms: index.termCount }));
