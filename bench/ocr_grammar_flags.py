"""Grammar flags over the built 2020 Russian text, for a proofreader (issue 27, reader s11-grammar).

    .venv/bin/python bench/ocr_grammar_flags.py [--set changed|glossary|ru-differs] [--db PATH]
    .venv/bin/python bench/ocr_grammar_flags.py --show 702.41#rule   # the block's four texts

The proofreading passes before compared each word with its glyphs, the English twin and
2019. What they miss are inflections the English does not fix and words that were never
candidates; a grammar check finds some of them without the hand reference. Over the text
as built (corrections applied: the test instance's judge.db) it prints candidates:

- ``agree``: an adjective or participle right before a noun with no pair of pymorphy3
  parses agreeing in case, number and (singular) gender (a participle only where a case is
  shared: otherwise it governs the noun, «вызванные состоянием»);
- ``prep``: a preposition followed by a declinable word none of whose parses has a case
  the preposition governs;
- ``unknown``: a word pymorphy3 does not know that occurs neither in the 2019 text nor
  elsewhere in the 2020 text;
- ``subj``: a noun read only as nominative right before a finite verb, with no pair of
  parses agreeing in number (and gender in the singular past);
- ``rel``: «…, который» agreeing in number and gender with none of the three nouns before
  the comma; ``agree2``: adjective, adjective, noun where only the second agrees;
- ``pair``: two neighbouring words whose grammatical classes (pymorphy3's best parse: part of
  speech, case, number) never stand side by side in the 2019 text;
- ``2019`` (``--set ru-differs`` only): a word that differs from 2019 where the English did
  not change, the 2020 rewording «рубашкой вверх» → «лицом вниз» left out;
- ``double``: the same word twice in a row; ``letter``: a lone letter that is no word;
  ``latin``: a lone Latin letter after a Russian word (not the variables X, Y, N, not {G});
- ``capword``: a capitalised preposition or conjunction («В», «Для») right after a lowercase
  word inside a sentence;
- ``case``: a capitalised word right after a lowercase one inside a sentence, where the 2019
  text never capitalises it there (names such as «Аура» it does).

Most flags are false (proper constructions that pymorphy3 mis-parses): a person decides,
against the glyphs, the English and 2019 (``--show``). Nothing here changes the text.
"""
from __future__ import annotations

import argparse
import difflib
import re
import sqlite3
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import pymorphy3  # noqa: E402

from judge_app.corpus import diff, ocr_align, ocr_translate  # noqa: E402

DOC = "cr-ru-2020-01-24"
DOC_2019 = "cr-ru-2019-05-03"
WORD_RE = re.compile(r"[А-Яа-яЁёA-Za-z0-9]+(?:-[А-Яа-яЁёA-Za-z0-9]+)*")
CYR_RE = re.compile(r"^[А-Яа-яЁё-]+$")
CASE_NORM = {"gen2": "gent", "acc2": "accs", "loc2": "loct", "gen1": "gent", "loc1": "loct"}
GOVERNS = {
    "в": {"accs", "loct", "nomn"}, "во": {"accs", "loct"}, "на": {"accs", "loct"},
    "с": {"gent", "ablt", "accs"}, "со": {"gent", "ablt", "accs"}, "к": {"datv"},
    "ко": {"datv"}, "по": {"datv", "accs", "loct"}, "о": {"loct", "accs"},
    "об": {"loct", "accs"}, "обо": {"loct", "accs"}, "от": {"gent"}, "до": {"gent"},
    "из": {"gent"}, "у": {"gent"}, "для": {"gent"}, "без": {"gent"}, "под": {"accs", "ablt"},
    "над": {"ablt"}, "перед": {"ablt"}, "за": {"accs", "ablt"}, "при": {"loct"},
    "через": {"accs"}, "между": {"ablt", "gent"}, "про": {"accs"}, "после": {"gent"},
    "вместо": {"gent"}, "кроме": {"gent"}, "среди": {"gent"}, "около": {"gent"},
    "вне": {"gent"}, "против": {"gent"}, "помимо": {"gent"}, "согласно": {"datv"},
    "благодаря": {"datv"}, "ради": {"gent"}, "сквозь": {"accs"}, "из-за": {"gent"},
    "из-под": {"gent"}, "внутри": {"gent"}, "вдоль": {"gent"}, "посредством": {"gent"},
}
UNDECLINED = {"ADVB", "COMP", "PRCL", "CONJ", "INTJ", "PRED", "PREP", "GRND", "INFN"}
LETTER_WORDS = set("вскуоиаяВСКУОИАЯ")
LATIN_VARS = set("XYN")
# prepositions and conjunctions that never start a name: capitalised after a lowercase word
# they are the OCR's capital B read as a small «в» would be (glyph runs of capitals)
CAPITAL_SMALL_WORDS = {"В", "С", "К", "У", "О", "И", "Во", "Со", "Ко", "На", "По", "До", "Из", "Для",
                       "Без", "При", "От", "Или", "Но", "Что"}

morph = pymorphy3.MorphAnalyzer()


def parses(word: str):
    return morph.parse(word)


def case_of(p) -> str | None:
    c = p.tag.case
    return CASE_NORM.get(c, c) if c else None


def agree(a, n) -> bool:
    if case_of(a) != case_of(n):
        return False
    num_n = n.tag.number or ("plur" if "Pltm" in n.tag else "sing")
    if a.tag.number != num_n:
        return False
    if num_n == "sing" and n.tag.gender and "Ms-f" not in n.tag and a.tag.gender != n.tag.gender:
        return False
    return True


def verb_agrees(n, v) -> bool:
    num_n = n.tag.number or "sing"
    if v.tag.number and v.tag.number != num_n:
        return False
    if v.tag.tense == "past" and num_n == "sing" and v.tag.gender and n.tag.gender and "Ms-f" not in n.tag:
        return v.tag.gender == n.tag.gender
    if v.tag.person and v.tag.person != "3per":
        return False
    return True


# ----------------------------------------------------------------------------- the texts


def built_blocks(db: Path) -> dict[str, str]:
    """block id (ocr_align's) -> the built 2020 Russian text of that block."""
    con = sqlite3.connect(db)
    out = {}
    for number, title, text in con.execute("select number, title, text from rules where doc_id=?", (DOC,)):
        if title:
            key = number if re.fullmatch(r"\d{3}", number) else ("ch" + number if re.fullmatch(r"\d", number) else number)
            out[f"{key}#title"] = title
        if text:
            out[f"{number}#rule"] = text
    for number, pos, text in con.execute(
            "select rule_number, position, text from examples where doc_id=?", (DOC,)):
        out[f"{number}#example{pos - 1}"] = text
    for term_en, term_ru, definition in con.execute(
            "select term_en, term_ru, definition from glossary where doc_id=?", (DOC,)):
        out[f"G:{term_en}#gloss"] = f"{term_ru or ''}. {definition or ''}".strip()
    return out


def blocks_2019() -> dict[str, str]:
    """2019 Russian text by 2020 block id (the renumbering undone)."""
    text = ocr_align.SRC_2019.read_text(encoding="utf-8")
    blocks, lines = ocr_align.segment(text, ocr=False)
    out = {}
    for b in blocks:
        if b.kind == "pre":
            continue
        key = b.key if b.key.startswith(("G:", "ch", "gloss")) else ocr_align.shift_2019_number(b.key)
        out.setdefault(ocr_align.block_id(key, b.kind, b.ex_index), ocr_align.block_text(b, lines))
    return out


def glyph_blocks() -> dict[str, str]:
    text = ocr_align.SRC_2020.read_text(encoding="utf-8")
    blocks, lines = ocr_align.segment(text, ocr=True)
    return {b.id: ocr_align.block_text(b, lines) for b in blocks if b.kind != "pre"}


def select(which: str, built: dict[str, str], old: dict[str, str]) -> list[str]:
    same = ocr_translate.unchanged_english()
    en = ocr_translate.english_blocks(ocr_translate.EN_2020)
    ids = [b for b in built if b in en]
    if which == "changed":
        return [b for b in ids if b not in same and "#gloss" not in b]
    if which == "glossary":
        return [b for b in built if b.endswith("#gloss")]
    if which == "ru-differs":
        return [b for b in ids if b in same and "#gloss" not in b and b in old
                and diff.normalise(old[b]) != diff.normalise(built[b])]
    if which == "ru-case":
        return [b for b in ids if b in same and "#gloss" not in b and b in old
                and diff.normalise(old[b]) == diff.normalise(built[b])
                and old[b].split() != built[b].split()]
    raise SystemExit(f"--set: {which!r} is not changed, glossary, ru-differs or ru-case")


# ----------------------------------------------------------------------------- the checks


def tokens(text: str):
    """(word, start, end) of each word."""
    return [(m.group(), m.start(), m.end()) for m in WORD_RE.finditer(text)]


def word_class(word: str) -> str | None:
    """pymorphy3's best parse as «POS:case:number» (None for a word that is not Russian)."""
    if not CYR_RE.match(word):
        return None
    p = parses(word.lower())[0]
    return f"{p.tag.POS}:{case_of(p) or ''}:{p.tag.number or ''}"


def class_pairs(text: str):
    """(word, next word, their classes) for the words with nothing but a space between."""
    toks = tokens(text)
    for (a, _, ae), (b, bs, _) in zip(toks, toks[1:]):
        if not text[ae:bs].strip():
            yield a, b, word_class(a), word_class(b)


def mid_capitals(text: str) -> set[str]:
    """Capitalised words that follow a lowercase word inside a sentence (names: «Аура»)."""
    toks = tokens(text)
    return {w for (p, _, pe), (w, ws, _) in zip(toks, toks[1:])
            if w[:1].isupper() and p[:1].islower() and not text[pe:ws].strip(" ,")}


def _nouns(word: str):
    return [p for p in parses(word.lower()) if p.tag.POS == "NOUN"]


def _modifiers(word: str):
    return [p for p in parses(word.lower()) if p.tag.POS in ("ADJF", "PRTF")]


def relative_mismatch(text: str, toks, i: int) -> str | None:
    """«…, который» whose number and (singular) gender agree with none of the three nouns
    before the comma: the relative word or a noun before it may be misread."""
    w, s, _ = toks[i]
    rels = [p for p in parses(w.lower()) if p.normal_form == "который"]
    if not rels or i < 1 or "," not in text[toks[i - 1][2]:s]:
        return None
    before = [t[0] for t in toks[max(0, i - 3):i] if CYR_RE.match(t[0])]
    nouns = [n for t in before for n in _nouns(t)]
    if not nouns:
        return None
    for r in rels:
        for n in nouns:
            num = n.tag.number or "sing"
            if r.tag.number == num and (num == "plur" or not n.tag.gender or "Ms-f" in n.tag
                                        or r.tag.gender == n.tag.gender):
                return None
    return f"{' '.join(before)}, {w}"


def skipped_agreement(w1: str, w2: str, w3: str) -> str | None:
    """Adjective, adjective, noun («все остальные игроки»): the first adjective agrees
    with the noun when the second does (not a participle: it governs what follows it)."""
    if not (CYR_RE.match(w1) and CYR_RE.match(w2) and CYR_RE.match(w3)):
        return None
    a1, a2, n = _modifiers(w1), _modifiers(w2), _nouns(w3)
    # a participle first governs what follows it («контролирующий это существо»): adjectives only
    if not (a1 and a2 and n) or parses(w1.lower())[0].tag.POS != "ADJF" \
            or parses(w3.lower())[0].tag.POS != "NOUN" or parses(w1.lower())[0].normal_form == "который":
        return None
    if any(agree(b, m) for b in a2 for m in n) and not any(agree(a, m) for a in a1 for m in n):
        return f"{w1} {w2} {w3}"
    return None


def flags_for(text: str, known_2019: set[str], count_2020: Counter, names_2019: set[str] = frozenset(),
              pairs_2019: Counter | None = None):
    if pairs_2019 is not None:
        for a, b, ca, cb in class_pairs(text):
            if ca and cb and "None" not in ca + cb and not pairs_2019[(ca, cb)]:
                yield "pair", f"{a} {b}", f"{ca} {cb}"
    toks = tokens(text)
    for i, (w, s, e) in enumerate(toks):
        lw = w.lower().replace("ё", "е")
        if len(w) == 1 and CYR_RE.match(w) and w not in LETTER_WORDS:
            yield "letter", w, ""
        if (len(w) == 1 and w.isascii() and w.isalpha() and w not in LATIN_VARS
                and not text[max(0, s - 1):s] == "{" and i and CYR_RE.match(toks[i - 1][0])):
            yield "latin", w, ""
        if (i and w in CAPITAL_SMALL_WORDS and toks[i - 1][0][:1].islower() and CYR_RE.match(toks[i - 1][0])
                and not text[toks[i - 1][2]:s].strip(" ,")):
            yield "capword", f"{toks[i - 1][0]} {w}", ""
        if (i and CYR_RE.match(w) and len(w) > 1 and w[0].isupper() and w[1:].islower()
                and toks[i - 1][0][:1].islower() and CYR_RE.match(toks[i - 1][0])
                and not text[toks[i - 1][2]:s].strip(" ,") and w not in names_2019):
            yield "case", f"{toks[i - 1][0]} {w}", ""
        if CYR_RE.match(w) and not morph.word_is_known(lw) and lw not in known_2019 and count_2020[lw] <= 1:
            yield "unknown", w, ""
        rel = relative_mismatch(text, toks, i)
        if rel:
            yield "rel", rel, ""
        if i + 2 < len(toks) and not text[e:toks[i + 2][1]].replace(toks[i + 1][0], "").strip():
            far = skipped_agreement(w, toks[i + 1][0], toks[i + 2][0])
            if far:
                yield "agree2", far, ""
        if i + 1 >= len(toks):
            continue
        w2, s2, e2 = toks[i + 1]
        if text[e:s2].strip():  # punctuation between: not a pair
            continue
        lw2 = w2.lower().replace("ё", "е")
        if lw == lw2 and not lw.isdigit():
            yield "double", f"{w} {w2}", ""
        if not (CYR_RE.match(w) and CYR_RE.match(w2)):
            continue
        p1, p2 = parses(lw), parses(lw2)
        top1, top2 = p1[0], p2[0]
        if lw in GOVERNS and top1.tag.POS == "PREP":
            want = GOVERNS[lw]
            if not any(p.tag.POS in UNDECLINED for p in p2) and any(case_of(p) for p in p2):
                if not any(case_of(p) in want for p in p2):
                    yield "prep", f"{w} {w2}", "/".join(sorted({case_of(p) or '-' for p in p2}))
            continue
        if top1.tag.POS in ("ADJF", "PRTF") and top2.tag.POS == "NOUN":
            adjs = [p for p in p1 if p.tag.POS in ("ADJF", "PRTF")]
            nouns = [p for p in p2 if p.tag.POS == "NOUN"]
            # a participle governs the noun after it in another case («вызванные состоянием»,
            # «контролирующий заклинание»): flag it only where a case is shared and the number
            # or gender is not; the relative «который» begins a clause of its own
            governed = all(a.tag.POS == "PRTF" for a in adjs) and not any(
                case_of(a) == case_of(n) for a in adjs for n in nouns)
            if not governed and top1.normal_form != "который" and not any(
                    agree(a, n) for a in adjs for n in nouns):
                yield "agree", f"{w} {w2}", f"{top1.tag} | {top2.tag}"
        if (top1.tag.POS == "NOUN" and all(case_of(p) == "nomn" for p in p1 if p.tag.POS == "NOUN")
                and top2.tag.POS == "VERB" and top2.tag.mood == "indc"):
            nouns = [p for p in p1 if p.tag.POS == "NOUN"]
            verbs = [p for p in p2 if p.tag.POS == "VERB"]
            if not any(verb_agrees(n, v) for n in nouns for v in verbs):
                yield "subj", f"{w} {w2}", f"{top1.tag} | {top2.tag}"


REWORDED = ("рубашкой", "лицом")  # the 2020 translation's own «рубашкой вверх» → «лицом вниз»


def differences_from_2019(old: str, new: str):
    """Where a block whose English did not change reads otherwise than 2019 (compared as
    ``judge diff`` compares, lower-cased): the print may differ, the OCR may have broken it."""
    a, b = diff.normalise(old).split(), diff.normalise(new).split()
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        was, now = " ".join(a[i1:i2]), " ".join(b[j1:j2])
        if op == "equal" or was.replace(" ", "") == now.replace(" ", ""):
            continue
        if any(w in was for w in REWORDED) and any(w in now for w in REWORDED):
            continue
        yield "2019", f"{was} → {now}"[:300], ""


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--set", default="changed", help="changed | glossary | ru-differs | ru-case "
                    "(English as in 2019, Russian differing from 2019 in words | only in capitals)")
    ap.add_argument("--db", type=Path, default=ROOT / ".test-instance" / "judge.db")
    ap.add_argument("--show", nargs="*", help="block ids: print the built text, glyphs, English, 2019")
    args = ap.parse_args(argv)
    if not args.db.is_file():
        print(f"--db: {args.db} does not exist (build the corpus first)", file=sys.stderr)
        return 2
    built = built_blocks(args.db)
    old = blocks_2019()
    if args.show:
        glyphs = glyph_blocks()
        en = ocr_translate.english_blocks(ocr_translate.EN_2020)
        for bid in args.show:
            print(f"== {bid}\nRU20: {built.get(bid)}\nOCR : {glyphs.get(bid)}\nEN  : {en.get(bid)}\nRU19: {old.get(bid)}\n")
        return 0
    known_2019 = {w.lower().replace("ё", "е") for t in old.values() for w, _, _ in tokens(t)}
    count_2020 = Counter(w.lower().replace("ё", "е") for t in built.values() for w, _, _ in tokens(t))
    names_2019 = set().union(*(mid_capitals(t) for t in old.values()))
    pairs_2019 = Counter((ca, cb) for t in old.values() for _, _, ca, cb in class_pairs(t))
    ids = select(args.set, built, old)
    kinds = Counter()
    blocks_flagged = 0
    for bid in ids:
        found = list(flags_for(built[bid], known_2019, count_2020, names_2019, pairs_2019))
        if args.set in ("ru-differs", "ru-case"):
            found += list(differences_from_2019(old[bid], built[bid]))
        blocks_flagged += bool(found)
        for kind, what, detail in found:
            kinds[kind] += 1
            print(f"{bid}\t{kind}\t{what}\t{detail}")
    print(f"# {len(ids)} blocks ({args.set}), {blocks_flagged} flagged, {sum(kinds.values())} flags: "
          + ", ".join(f"{k} {n}" for k, n in kinds.most_common()), file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
