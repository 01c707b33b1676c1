"""Reading the corpus: rules with their context, versions, glossary, export.

The CLI, the JSON API and the pages all call this one module, so a rule looks the
same everywhere. It only reads: the build is the only writer.
"""
from __future__ import annotations

import difflib
import json
import sqlite3
import threading
from pathlib import Path

from . import catalogue
from .numbering import level_of, normalise_query_candidates, sort_key


class CorpusError(Exception):
    """Bad input a user can fix: the message says what was wrong and what exists."""

    def __init__(self, message: str, suggestions: list[str] | None = None, status: int = 400):
        super().__init__(message)
        self.message = message
        self.suggestions = suggestions or []
        self.status = status


LANGS = ("ru", "en")


class Corpus:
    def __init__(self, db_file: Path):
        self.db_file = Path(db_file)
        self._local = threading.local()

    # -- connection -------------------------------------------------------
    @property
    def conn(self) -> sqlite3.Connection:
        conn = getattr(self._local, "conn", None)
        if conn is None:
            conn = sqlite3.connect(f"file:{self.db_file}?mode=ro", uri=True, check_same_thread=False)
            conn.row_factory = sqlite3.Row
            self._local.conn = conn
        return conn

    def rows(self, sql: str, params=()) -> list[dict]:
        return [dict(r) for r in self.conn.execute(sql, params)]

    def one(self, sql: str, params=()) -> dict | None:
        row = self.conn.execute(sql, params).fetchone()
        return dict(row) if row else None

    # -- versions ---------------------------------------------------------
    def versions(self) -> list[dict]:
        docs = self.rows("select * from documents")
        order = {d.id: i for i, d in enumerate(catalogue.DOCUMENTS)}
        docs.sort(key=lambda d: order.get(d["id"], 99))
        for d in docs:
            d["historical"] = bool(d["historical"])
            d["default"] = d["kind"] == "cr" and d["version"] == self.default_version()
        return docs

    def cr_versions(self) -> list[str]:
        if not hasattr(self, "_cr_versions"):  # the file is read-only: read it once
            self._cr_versions = [r["version"] for r in self.rows(
                "select distinct version from documents where kind = 'cr' order by version desc")]
        return self._cr_versions

    def default_version(self) -> str:
        versions = self.cr_versions()
        return versions[0] if versions else catalogue.DEFAULT_VERSION

    def check_version(self, version: str | None) -> str:
        if not version:
            return self.default_version()
        version = version.strip()
        known = self.cr_versions()
        if version not in known:
            raise CorpusError(f"неизвестная версия правил «{version[:40]}»; есть: {', '.join(known)}")
        return version

    @staticmethod
    def check_lang(lang: str | None) -> str:
        lang = (lang or "ru").strip().lower()
        if lang not in LANGS:
            raise CorpusError(f"неизвестный язык «{lang[:20]}»; есть: ru, en")
        return lang

    def doc_id(self, version: str, lang: str) -> str:
        return f"cr-{lang}-{version}"

    # -- rules ------------------------------------------------------------
    def rule_row(self, number: str, version: str, lang: str) -> dict | None:
        return self.one("select * from rules where doc_id = ? and number = ?",
                        (self.doc_id(version, lang), number))

    def find_number(self, query: str, version: str, lang: str) -> str | None:
        for candidate in normalise_query_candidates(query):
            if self.rule_row(candidate, version, lang):
                return candidate
        return None

    def rule(self, query: str, version: str | None = None, lang: str | None = None) -> dict:
        """A rule with its subrules, examples, references both ways and the other language."""
        version, lang = self.check_version(version), self.check_lang(lang)
        query = (query or "").strip()
        if not query:
            raise CorpusError("не указан номер правила")
        number = self.find_number(query, version, lang)
        if number is None:
            raise CorpusError(
                f"правило «{query[:40]}» не найдено в версии {version}",
                self.suggest(query, version, lang), status=404)
        return self.rule_context(number, version, lang)

    def rule_context(self, number: str, version: str, lang: str) -> dict:
        row = self.rule_row(number, version, lang)
        out = self.present(row)
        out["children"] = self.present_all(self.children(row))
        out["breadcrumbs"] = self.breadcrumbs(row)
        out["prev"], out["next"] = self.neighbours(row)
        out["refs_out"] = self.refs_out(row)
        out["refs_in"] = self.refs_in(row)
        other_lang = "en" if lang == "ru" else "ru"
        other = self.rule_row(number, version, other_lang)
        out["other"] = self.present(other) if other else None
        if other:
            out["other"]["children"] = self.present_all(self.children(other))
        out["ocr"] = self.ocr_original(row)
        out["proofread"] = self.proofread(row["doc_id"], row["number"])
        out["history"] = VersionHistory(self).history(number, version, lang)
        out["timeline"] = VersionHistory(self).timeline(number, version)
        return out

    def present(self, row: dict, with_examples: bool = True) -> dict:
        out = {k: row[k] for k in ("number", "version", "lang", "level", "parent", "title", "text")}
        out["doc_id"] = row["doc_id"]
        out["missing_translation"] = bool(row["missing_translation"])
        if row.get("carry_status"):  # a release without a translation: the 2020 text carried (``carry``)
            out["carry"] = {"status": row["carry_status"], "number": row.get("carried_number") or "",
                            "title": row.get("carried_title") or "", "text": row.get("carried_text") or "",
                            "diff": json.loads(row.get("carry_diff") or "[]"),
                            "renames": json.loads(row.get("carry_renames") or "[]")}
        if with_examples:
            out["examples"] = [e["text"] for e in self.rows(
                "select text from examples where doc_id = ? and rule_number = ? order by position",
                (row["doc_id"], row["number"]))]
            if out["missing_translation"]:  # the examples of the English text it shows
                en = self.doc_id(row["version"], "en")
                out["examples"] = [e["text"] for e in self.rows(
                    "select text from examples where doc_id = ? and rule_number = ? order by position",
                    (en, row["number"]))]
        return out

    def present_all(self, rows: list[dict]) -> list[dict]:
        """Present many rules with their examples in one query, not one query per rule."""
        if not rows:
            return []
        examples: dict[tuple[str, str], list[str]] = {}
        for doc_id in {r["doc_id"] for r in rows} | {self.doc_id(r["version"], "en") for r in rows
                                                      if r["missing_translation"]}:
            numbers = [r["number"] for r in rows]
            marks = ",".join("?" * len(numbers))
            for e in self.rows(f"select rule_number, text from examples where doc_id = ? and rule_number "
                               f"in ({marks}) order by position", (doc_id, *numbers)):
                examples.setdefault((doc_id, e["rule_number"]), []).append(e["text"])
        out = []
        for r in rows:
            item = self.present(r, with_examples=False)
            source = self.doc_id(r["version"], "en") if r["missing_translation"] else r["doc_id"]
            item["examples"] = examples.get((source, r["number"]), [])
            out.append(item)
        return out

    def children(self, row: dict) -> list[dict]:
        """Everything under a rule, in order: a section's rules and subrules, a rule's subrules."""
        number = row["number"]
        level = row["level"]
        if level == "chapter":
            sql = "select * from rules where doc_id = ? and level = 'section' and parent = ? order by sort"
            return self.rows(sql, (row["doc_id"], number))
        if level == "section":
            return self.rows("select * from rules where doc_id = ? and (level = 'rule' or level = 'subrule') "
                             "and number like ? order by sort", (row["doc_id"], number + ".%"))
        if level == "rule":
            return self.rows("select * from rules where doc_id = ? and parent = ? order by sort",
                             (row["doc_id"], number))
        return []

    @staticmethod
    def sorted(rows: list[dict]) -> list[dict]:
        return sorted(rows, key=lambda r: sort_key(r["number"]))

    def breadcrumbs(self, row: dict) -> list[dict]:
        crumbs, parent = [], row["parent"]
        while parent:
            p = self.one("select number, title, level, parent from rules where doc_id = ? and number = ?",
                         (row["doc_id"], parent))
            if not p:
                break
            crumbs.insert(0, {"number": p["number"], "title": p["title"], "level": p["level"]})
            parent = p["parent"]
        return crumbs

    def neighbours(self, row: dict) -> tuple[str | None, str | None]:
        """The previous and next rule of the same level, in document order."""
        args = (row["doc_id"], row["level"], row["sort"])
        prev = self.one("select number from rules where doc_id = ? and level = ? and sort < ? "
                        "order by sort desc limit 1", args)
        nxt = self.one("select number from rules where doc_id = ? and level = ? and sort > ? "
                       "order by sort limit 1", args)
        return (prev or {}).get("number"), (nxt or {}).get("number")

    REF_COLUMNS = ("x.number, r.title, substr(r.text, 1, 300) as text, r.number is not null as resolved")

    def refs_out(self, row: dict) -> list[dict]:
        """The rules this one cites (in its text and examples), each with its title and text."""
        refs = self.rows(
            f"select {self.REF_COLUMNS} from (select distinct target_number as number from refs "
            "where doc_id = ? and src_number = ? and src_kind in ('rule', 'example')) x "
            "left join rules r on r.doc_id = ? and r.number = x.number",
            (row["doc_id"], row["number"], row["doc_id"]))
        return self.tidy_refs(refs)

    def refs_in(self, row: dict) -> list[dict]:
        """The rules that cite this one."""
        refs = self.rows(
            f"select {self.REF_COLUMNS} from (select distinct src_number as number from refs "
            "where doc_id = ? and target_number = ? and src_number != '' and src_number != ?) x "
            "left join rules r on r.doc_id = ? and r.number = x.number",
            (row["doc_id"], row["number"], row["number"], row["doc_id"]))
        return self.tidy_refs(refs)

    @staticmethod
    def tidy_refs(refs: list[dict]) -> list[dict]:
        for ref in refs:
            ref["resolved"] = bool(ref["resolved"])
            ref["title"], ref["text"] = ref["title"] or "", ref["text"] or ""
        return sorted(refs, key=lambda r: sort_key(r["number"]))

    def ocr_original(self, row: dict) -> dict | None:
        if not row["doc_id"].startswith("cr-ru-") or not self.table_exists("ocr_original"):
            return None
        ocr = self.one("select raw, marked_text from ocr_original where id = ?", (row["id"],))
        return ocr

    def proofread(self, doc_id: str, key: str) -> dict | None:
        """When and by whom a rule (``key`` its number, or ``glossary:<English headword>``)
        was checked against its sources, and where its corrections came from (``corrections``):
        the page says «текст сверен»."""
        if not self.table_exists("proofread"):
            return None
        return self.one("select checked_on, readers, sources, corrections from proofread "
                        "where id = ?", (f"{doc_id}:{key}",))

    def table_exists(self, name: str) -> bool:
        if not hasattr(self, "_tables"):
            self._tables = {r["name"] for r in self.rows("select name from sqlite_master where type='table'")}
        return name in self._tables

    def suggest(self, query: str, version: str, lang: str, limit: int = 5) -> list[str]:
        """«возможно, вы имели в виду …»: the nearest existing numbers."""
        numbers = [r["number"] for r in self.rows(
            "select number from rules where doc_id = ?", (self.doc_id(version, lang),))]
        candidates = normalise_query_candidates(query) or [query.strip()]
        found: list[str] = []
        for cand in candidates:
            # the parent chain first (704.5z -> 704.5), then spelling neighbours
            probe = cand
            while probe and probe not in found:
                if probe in numbers and probe != cand:
                    found.append(probe)
                    break
                probe = probe[:-1].rstrip(".")
            found += [n for n in difflib.get_close_matches(cand, numbers, n=limit, cutoff=0.6)
                      if n not in found]
        return found[:limit]

    # -- glossary ---------------------------------------------------------
    def glossary(self, term: str, version: str | None = None, lang: str | None = None,
                 limit: int = 20) -> list[dict]:
        version, lang = self.check_version(version), self.check_lang(lang)
        term = (term or "").strip()
        if not term:
            raise CorpusError("не указан термин")
        if len(term) > 200:
            raise CorpusError(f"термин слишком длинный: {len(term)} символов, максимум 200")
        doc_id = self.doc_id(version, lang)
        like = f"%{term.lower()}%"
        rows = self.rows(
            "select * from glossary where doc_id = ? and (lower(term_en) like ? or lower(term_ru) like ? "
            "or lower(replace(term_ru, 'ё', 'е')) like ?) order by position",
            (doc_id, like, like, like.replace("ё", "е")))
        exact = [r for r in rows if term.lower() in (r["term_en"].lower(), r["term_ru"].lower().rstrip("."))]
        ordered = exact + [r for r in rows if r not in exact]
        return [self.present_glossary(r) for r in ordered[:limit]]

    def glossary_all(self, version: str | None = None, lang: str | None = None) -> list[dict]:
        version, lang = self.check_version(version), self.check_lang(lang)
        return [self.present_glossary(r) for r in self.rows(
            "select * from glossary where doc_id = ? order by position", (self.doc_id(version, lang),))]

    @staticmethod
    def present_glossary(r: dict) -> dict:
        return {"term_en": r["term_en"], "term_ru": r["term_ru"], "definition": r["definition"],
                "refs": json.loads(r["refs"] or "[]"), "version": r["version"], "lang": r["lang"],
                "position": r["position"]}

    # -- export -----------------------------------------------------------
    def export(self, version: str, lang: str | None = None):
        version, lang = self.check_version(version), self.check_lang(lang)
        rows = self.sorted(self.rows("select * from rules where doc_id = ?", (self.doc_id(version, lang),)))
        for row in rows:
            item = self.present(row)
            item["refs"] = [r["number"] for r in self.rows(
                "select distinct target_number as number from refs where doc_id = ? and src_number = ? "
                "and src_kind in ('rule', 'example')", (row["doc_id"], row["number"]))]
            yield item

    def toc(self, version: str, lang: str) -> list[dict]:
        """Chapters with their sections: the table of contents."""
        doc_id = self.doc_id(version, lang)
        chapters = self.sorted(self.rows("select number, title from rules where doc_id = ? and level='chapter'",
                                         (doc_id,)))
        sections = self.rows("select number, title, parent from rules where doc_id = ? and level='section'",
                             (doc_id,))
        for ch in chapters:
            ch["sections"] = sorted([s for s in sections if s["parent"] == ch["number"]],
                                    key=lambda s: sort_key(s["number"]))
        return chapters

    # -- FAQ and rulebook -------------------------------------------------
    def cards(self) -> list[dict]:
        return self.rows("select * from cards order by position") if self.table_exists("cards") else []

    def card(self, card_id: str) -> dict | None:
        card = self.one("select * from cards where id = ?", (card_id,))
        if card:
            card["rulings"] = self.rows("select * from rulings where card_id = ? order by position", (card_id,))
            for r in card["rulings"]:
                r["refs"] = [x["target_number"] for x in self.rows(
                    "select distinct target_number from refs where src_id = ?", (r["id"],))]
        return card

    def topics(self) -> list[dict]:
        return self.rows("select * from topics order by position") if self.table_exists("topics") else []


def level_name(number: str) -> str:
    return level_of(number)


class VersionHistory:
    """What changed between releases, read from the ``rule_changes`` table the build fills."""

    STATUS_RU = {"unchanged": "не изменено", "changed": "изменено", "renumbered": "перенумеровано",
                 "added": "новое", "removed": "удалено", "renamed": "переименование термина"}

    OCR_NOTE = "английский текст не менялся: вероятно, это ошибки распознавания текста 2020 года"

    def __init__(self, corpus: Corpus):
        self.corpus = corpus

    def diff(self, old: str, new: str, lang: str = "ru", include_unchanged: bool = False) -> dict:
        c = self.corpus
        old, new, lang = c.check_version(old), c.check_version(new), Corpus.check_lang(lang)
        forward = sorted([old, new]) == [old, new]
        lo, hi = (old, new) if forward else (new, old)
        if lo == hi:
            raise CorpusError("сравниваются одинаковые версии: укажите две разные")
        rows = c.rows("select * from rule_changes where lang = ? and old_version = ? and new_version = ?",
                      (lang, lo, hi)) if c.table_exists("rule_changes") else []
        renames = c.rows("select old, new, rules from renames where old_version = ? and new_version = ? order by rules desc",
                         (lo, hi)) if c.table_exists("renames") else []
        if not rows:  # two releases that are not neighbours: compared now, kept for the next ask
            rows, renames = self.compare_now(lo, hi, lang)
        changes = []
        for r in rows:
            item = {"status": r["status"], "old_number": r["old_number"], "new_number": r["new_number"],
                    "similarity": r["similarity"], "diff": json.loads(r["diff"] or "[]"),
                    "english_unchanged": bool(r.get("english_unchanged"))}
            if not forward:  # read backwards: additions become removals
                item["old_number"], item["new_number"] = item["new_number"], item["old_number"]
                item["status"] = {"added": "removed", "removed": "added"}.get(item["status"], item["status"])
                item["diff"] = [[{"insert": "delete", "delete": "insert"}.get(op, op), t]
                                for op, t in item["diff"]]
            changes.append(item)
        counts: dict[str, int] = {}
        for item in changes:
            counts[item["status"]] = counts.get(item["status"], 0) + 1
        shown = [x for x in changes if include_unchanged or x["status"] not in ("unchanged", "renamed")]
        shown.sort(key=lambda x: sort_key(x["new_number"] or x["old_number"]))
        return {"from": old, "to": new, "lang": lang, "summary": counts, "changes": shown,
                "renames": renames}

    _compared: dict = {}

    def compare_now(self, lo: str, hi: str, lang: str) -> tuple[list[dict], list[dict]]:
        """Rows like ``rule_changes`` for any two releases, compared on demand (about a second)
        and kept per database file. A language a release lacks is compared in English."""
        from .diff import compare_releases

        c = self.corpus
        if lang == "ru" and not (catalogue.native_russian(lo) and catalogue.native_russian(hi)):
            lang = "en"  # a carried Russian text is not a translation of its release: compare the English
        key = (str(c.db_file), lo, hi, lang)
        if key not in self._compared:
            def rules(version: str) -> list[dict]:
                doc = c.doc_id(version, lang)
                return c.rows("select number, title, text from rules where doc_id = ? and level != 'chapter' "
                              "and not missing_translation", (doc,))
            changes, renames = compare_releases(rules(lo), rules(hi))
            rows = [{"status": ch.status, "old_number": ch.old_number, "new_number": ch.new_number,
                     "similarity": ch.similarity, "diff": json.dumps(ch.diff, ensure_ascii=False),
                     "english_unchanged": 0, "renamed": int(ch.renamed)} for ch in changes]
            self._compared[key] = (rows, [{"old": r.old, "new": r.new, "rules": r.rules} for r in renames])
        return self._compared[key]

    def history(self, number: str, version: str, lang: str) -> list[dict]:
        """«в 2019-05-03 это правило 112.3», «изменено», «новое в 2020-01-24»."""
        c = self.corpus
        if not c.table_exists("rule_changes"):
            return []
        out = []
        for r in c.rows("select * from rule_changes where lang = ? and new_version = ? and new_number = ?",
                        (lang, version, number)):
            out.append(self.describe(r, r["old_version"], r["old_number"], r["new_version"]))
        for r in c.rows("select * from rule_changes where lang = ? and old_version = ? and old_number = ?",
                        (lang, version, number)):
            out.append(self.describe(r, r["new_version"], r["new_number"], r["old_version"]))
        return out

    def _step(self, version: str, number: str, backward: bool) -> dict | None:
        """The English comparison row that leads from (version, number) one release back or on."""
        column, other = ("new", "old") if backward else ("old", "new")
        return self.corpus.one(
            f"select * from rule_changes where lang = 'en' and {column}_version = ? and "
            f"{column}_number = ?", (version, number))

    def timeline(self, number: str, version: str) -> list[dict]:
        """The rule's life across every release held, oldest first, read from the English
        comparisons (renumbering followed at each step): when it appeared, each change with
        its word diff, each renumbering, each release-wide rename, and its removal."""
        c = self.corpus
        if not c.table_exists("rule_changes"):
            return []
        entries = [{"version": version, "number": number, "status": "here", "diff": []}]
        n, v = number, version  # backwards
        while n:
            row = self._step(v, n, backward=True)
            if not row:
                break
            entries.insert(0, {"version": row["new_version"], "number": n, "status": row["status"],
                               "from_version": row["old_version"], "from_number": row["old_number"],
                               "renamed": bool(row.get("renamed")),
                               "diff": json.loads(row["diff"] or "[]")})
            n, v = row["old_number"], row["old_version"]
        if n:  # the oldest release that holds it
            entries.insert(0, {"version": v, "number": n, "status": "first", "diff": []})
        n, v = number, version  # forwards
        while n:
            row = self._step(v, n, backward=False)
            if not row:
                break
            entries.append({"version": row["new_version"], "number": row["new_number"],
                            "status": row["status"], "from_version": v, "from_number": n,
                            "renamed": bool(row.get("renamed")), "diff": json.loads(row["diff"] or "[]")})
            n, v = row["new_number"], row["new_version"]
        entries = [e for e in entries if e["status"] != "here"]
        for e in entries:
            e["text_ru"], e["text_en"] = self.timeline_text(e)
        return entries

    def where_now(self, number: str, version: str, newest: str) -> tuple[str | None, str]:
        """Where rule ``number`` of ``version`` stands in the release ``newest``: (its number
        there, or None when it was removed; "same" or "changed"), following the English
        history. A change that is only a release-wide rename counts as the same."""
        later = [e for e in self.timeline(number, version) if e["version"] > version]
        if not later:
            return number, "same"
        last = later[-1]
        if last["status"] == "removed" or last["version"] != newest:
            return None, "removed"
        changed = any(e["status"] in ("changed", "renumbered") and e["diff"] and not e.get("renamed")
                      for e in later)
        return last["number"], "changed" if changed else "same"

    @staticmethod
    def timeline_text(e: dict) -> tuple[str, str]:
        st, num, prev = e["status"], e["number"], e.get("from_number")
        if st == "first":
            return (f"есть в тексте {e['version']} (самый ранний выпуск в корпусе)",
                    f"present in {e['version']} (the earliest release held)")
        if st == "added":
            return f"появилось в {e['version']}", f"added in {e['version']}"
        if st == "removed":
            return f"удалено в {e['version']}", f"removed in {e['version']}"
        moved_ru = f", бывшее {prev}" if prev and prev != num else ""
        moved_en = f", was {prev}" if prev and prev != num else ""
        if st == "unchanged" or (st == "renumbered" and not e["diff"]):
            if moved_ru:
                return f"{e['version']}: перенумеровано{moved_ru}", f"{e['version']}: renumbered{moved_en}"
            return f"{e['version']}: без изменений", f"{e['version']}: unchanged"
        if e.get("renamed"):
            return (f"{e['version']}: только переименование термина{moved_ru}",
                    f"{e['version']}: a term renamed only{moved_en}")
        return f"{e['version']}: изменено{moved_ru}", f"{e['version']}: changed{moved_en}"

    def describe(self, r: dict, other_version: str, other_number: str | None, this_version: str) -> dict:
        status = r["status"]
        diff = json.loads(r["diff"] or "[]")
        if other_number is None:
            text = (f"новое в {this_version}" if status == "added" else f"удалено в {other_version}")
        elif status == "unchanged":
            text = f"в {other_version} это правило {other_number}, без изменений"
        elif status == "changed":
            text = f"в {other_version} это правило {other_number}, изменено"
        else:
            changed = ", изменено" if diff else ""
            text = f"в {other_version} это правило {other_number}{changed}"
        english_unchanged = bool(r.get("english_unchanged"))
        if english_unchanged and r["lang"] == "ru" and (status == "changed" or diff):
            text += f" ({self.OCR_NOTE})"
        return {"version": other_version, "number": other_number, "status": status,
                "status_ru": self.STATUS_RU[status], "text": text,
                "diff": diff, "english_unchanged": english_unchanged}
