"""The word-translation model (IBM Model 1 over the 2019 Russian–English rule pairs) and its use."""
from __future__ import annotations

from judge_app.corpus import ocr_align, ocr_channel, ocr_decode, ocr_translate

# bench/ocr_bench.py (c), measured 2026-11-23: 90.81 % of 2,273 rules with the stray tokens joined,
# the 2019 token favoured also among the candidates and joined tokens read apart (84.03 % before, 71.7 % by
# bench/diff_report.py before the translation model); 2026-11-26: 92.30 % since digits the English does
# not print no longer replace the 2019 word (``03311`` for «позади»)
MIN_IDENTICAL = 0.920


def test_learned_translations_from_the_2019_pairs():
    t = ocr_decode.get_model().translate.t
    for en, ru in (("colorless", "бесцветный"), ("token", "фишка"), ("graveyard", "кладбище"),
                   ("creatur", "существо"), ("artifact", "артефакт")):
        best = max(t[en].items(), key=lambda x: x[1])
        assert best[0] == ru and best[1] > 0.5, (en, best)


def test_em_on_a_toy_corpus():
    """Two blocks share «дом»/"house": EM moves t(дом | house) above t(дом | big)."""
    t = ocr_translate.ibm1([(["большой", "дом"], ["big", "house"]), (["дом"], ["house"])], iters=10)
    assert t["house"]["дом"] > 0.9
    assert t["big"]["большой"] > t["big"]["дом"]


def test_english_blocks_share_the_ocr_block_ids():
    en = ocr_translate.english_blocks()
    assert en["111.10a#rule"].startswith("A Treasure token is a colorless Treasure artifact token")
    assert en["702.137#rule"] == "Escape"
    assert "G:Abandon#gloss" in en
    same = ocr_translate.unchanged_english()
    assert "100.1#rule" in same and "103.4c#rule" not in same  # the London mulligan changed


def test_block_translation_prefers_the_translated_word():
    tm = ocr_decode.get_model().translate
    tr = tm.block(ocr_translate.english_blocks()["111.10a#rule"], same_en=False, search=True)
    assert tr.p("бесцветного") > 100 * tr.p("бешеного")
    assert "бесцветного" in tr.words
    assert "Treasure" in tr.names


def test_latin_names_and_variables_of_the_english_get_the_name_bonus():
    """A Latin word kept as printed that the English text prints too (a name, or the variable N of
    "Dredge N") gets ``TR_NAME``; before, the bonus compared the lower-cased token with the
    capitalised names and never applied, and the held-out decode read ``N`` as «и»."""
    m = ocr_decode.get_model()
    english = ocr_translate.english_blocks()["702.51a#rule"]
    assert "N" in ocr_translate.english_names(english)
    tr = m.translate.block(english, same_en=True, search=True)
    assert m.bonus("N»", "keep", None, tr) == ocr_decode.TR_NAME
    assert m.bonus("X", "keep", None, tr) == 0.0  # not in this rule's English
    assert not tr.caps  # a variable is not translated, so it capitalises nothing


def test_trie_scores_equal_viterbi():
    m = ocr_decode.get_model()
    E, _, _, ins = m.styles["u"]
    words = {"бесцветного": 0.0, "бесцветной": 0.0, "бешеного": 0.0}
    got = ocr_channel.trie_scores(ocr_decode._build_trie(words), "oecietHoro", E, ins, -1e9)
    for w in words:
        assert abs(got[w] - ocr_channel.viterbi(w, "oecietHoro", E, ins)[0]) < 1e-9


def test_scorer_equals_viterbi():
    """The decoder's score-only DP (``ocr_channel.Scorer``) gives the alignment's exact log prob,
    for words, capitals, punctuation, an empty word and glyphs the channel never saw."""
    m = ocr_decode.get_model()
    for st in ("u", "i"):
        E, _, _, ins = m.styles[st]
        for glyphs in ("oecietHoro", "BBIHOCITUBOCTH", "O", "3 eKTsl", "MOAU(UKATOp", "§§§"):
            sc = ocr_channel.Scorer(glyphs, E, ins)
            for word in ("бесцветного", "выносливости", "о", "0", "Эффекты.", "", "модификатор", "ЖЖ"):
                assert sc(word) == ocr_channel.viterbi(word, glyphs, E, ins)[0], (st, glyphs, word)


def test_new_rule_read_through_its_english(blocks):
    """111.10a is new in 2020: «бесцветного» comes from "colorless" ("oecietHoro" alone read «бешеного»)."""
    assert "бесцветного" in blocks["111.10a#rule"]
    assert "бешеного" not in blocks["111.10a#rule"]


def test_unchanged_english_keeps_the_2019_token(blocks):
    """115.1a's English did not change: the OCR's ``601.2c¢.`` is the 2019 «601.2c.»."""
    assert blocks["115.1a#rule"].endswith("то та способность является целящей, а само заклинание — нет.")
    assert "601.2c." in blocks["115.1a#rule"] and "601.2c¢" not in blocks["115.1a#rule"]


def test_unchanged_english_keeps_a_number_the_ocr_read_as_a_letter(blocks):
    """704.5f: "toughness 0 or less" in both Englishes, «равна 0» in 2019, the glyph ``O``
    (it read «равна до»)."""
    assert "равна 0 или меньше" in blocks["704.5f#rule"]


def test_unchanged_english_keeps_the_2019_token_it_had_among_its_candidates(blocks):
    """117.3a: «карты;» had lost to «карты,» and 704.5q's variable N (glyph ``N``, printed as in
    2019) to «и» for a nat or two of channel score; the English did not change, so 2019 wins."""
    assert "взятия карты; смотрите правило 703" in blocks["117.3a#rule"]
    assert "удаляется N жетонов +1/+1 и N жетонов -1/-1, где N это" in blocks["704.5q#rule"]


def test_unchanged_english_reads_two_tokens_apart_where_2019_has_two_words(blocks):
    """``Kak v`` had been read as one word «как»; 2019 has «как и» there and so do the glyphs."""
    assert "разыграно, как и любое другое" in blocks["118.5a#rule"]
    assert "Вы и этот оппонент" in blocks["701.22b#rule"]


def test_stray_piece_of_a_split_word_is_joined(blocks):
    """``3P (EeKThI`` is «эффекты» (the bracket is «ф»), not «эф эффекты»; ``() (HEKT`` not «(а) эффект»."""
    assert "игнорирует любые эффекты, которые" in blocks["104.2a#rule"]
    assert "эф " not in blocks["104.2a#rule"]
    assert "(а)" not in blocks["106.6a#rule"]


def test_unchanged_english_comes_out_as_in_2019(ocr_text, decoded, ocr_bench):
    n, ok = ocr_bench.bench_identical(decoded, ocr_text, ocr_align.aligned_blocks())
    assert n > 2000
    assert ok / n >= MIN_IDENTICAL, (ok, n)


def test_a_rule_reference_is_read_as_the_english_prints_it():
    """Without 2019 context (a new rule, or the held-out decode) ``601.2c¢.`` and ``601.2¢.`` are
    «601.2c.» because 115.1a's English cites "rule 601.2c"; a digit read as another digit is not
    corrected (a different number is a different rule), nor a reference the English lacks."""
    m = ocr_decode.get_model()
    dec = ocr_decode.Decoder(m)
    tr = m.translate.block(ocr_translate.english_blocks()["115.1a#rule"], same_en=False, search=True)
    assert "601.2c" in tr.refs
    for glyphs in ("601.2c¢.", "601.2¢.", "(601.2c¢)"):
        best = max(dec.candidates(glyphs, "u", None, tr=tr), key=lambda c: c[0])
        assert best[1] == glyphs.replace("¢", "").replace("2.", "2c.").replace("2)", "2c)"), (glyphs, best)
    for glyphs in ("601.3c¢.", "602.2c¢."):  # another digit: kept as printed
        assert max(dec.candidates(glyphs, "u", None, tr=tr), key=lambda c: c[0])[1] == glyphs
    assert max(dec.candidates("601.2c¢.", "u", None, tr=None), key=lambda c: c[0])[1] == "601.2c¢."


def test_presence_of_a_translation_in_the_english():
    """Model 1's mixture cannot tell «или» from «и» (one "or" among forty English words weighs
    little); whether the English has an "or" at all can: «или» is in 2019 blocks whose English has
    no "or" about 2 % of the time.  Learnt per lemma from the 2019 pairs (``presence``), so it
    never prefers one inflection of a word to another."""
    m = ocr_decode.get_model()
    p1, p0 = m.translate.presence["или"]
    assert p1 > 0.95 and p0 < 0.6
    en = ocr_translate.english_blocks()
    with_or = m.translate.block(en["100.1#rule"], same_en=False, search=True)
    without_or = m.translate.block(en["702.51a#rule"], same_en=False, search=True)  # Dredge: no "or"
    assert " or " in en["100.1#rule"] and " or " not in en["702.51a#rule"]
    assert with_or.presence_fit("или") > 0 > without_or.presence_fit("или") + 2
    assert m.bonus("или", "word", None, with_or) - m.bonus("или", "word", None, without_or) > 3
    for tr in (with_or, without_or):  # forms of one lemma: the same
        assert tr.presence_fit("способность") == tr.presence_fit("способности")
    assert "абракадабра" not in m.translate.presence and with_or.presence_fit("абракадабра") == 0.0


def test_unchanged_english_keeps_a_word_the_ocr_read_as_digits(blocks):
    """207.3's «позади» is printed ``03311`` and 810.11's «яда» ``51712``: the English did not
    change and prints no such number, so the digits prove nothing and the 2019 word stays."""
    assert "позади" in blocks["207.3#rule"] and "03311" not in blocks["207.3#rule"]
    assert "51712" not in blocks["810.11#rule"] and "яда" in blocks["810.11#rule"]
