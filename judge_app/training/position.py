"""The position a training question shows: everything the answer depends on, nothing of the answer.

A trainee answers from this alone, so it carries what a judge would ask to see at the
table: every object's characteristics in words (types, colours, keywords in Russian), its
rules text (or, for an ability on the stack, its source's text), whether a creature came
under its controller's control this turn (302.6), what an Aura or Equipment is attached to,
counters and loyalty, X and the targets of spells and abilities on the stack, who attacks
and blocks whom. The P/T of the creature a question asks about is hidden ("?/?").

``build`` reads an engine game; ``lines`` prints the same dict as text (the review script
and the fairness checks read it so, exactly as a trainee reads the page). ``missing_text``
names the objects whose text cannot be shown: a question that needs them is not generated.
"""
from __future__ import annotations

import re

from judge_app.engine.kernel import characteristics as ch
from judge_app.engine.rules import combat
from judge_app.engine.kernel.continuous import COLOR_RU, TYPE_RU
from judge_app.engine.rules.keywords import KW_RU
from judge_app.engine.kernel.state import STEP_RU

ZONES = ("battlefield", "hand", "graveyard", "exile")
ZONE_NAMES = {"battlefield": ("поле битвы", "battlefield"), "hand": ("рука", "hand"),
              "graveyard": ("кладбище", "graveyard"), "exile": ("изгнание", "exile")}
HIDDEN_PT = "?/?"
KEYWORD_EN = {"first_strike": "first strike", "double_strike": "double strike", "attacks_each_combat":
              "attacks each combat if able", "cant_block": "can't block", "cant_be_blocked": "can't be blocked"}
KEYWORD_RU_MORE = {"block_additional": "может блокировать ещё одно существо", "split_second": "сверхскорость"}
_QUOTES = re.compile(r"««([^«»]*)»»")


def tidy(text: str) -> str:
    """«Способность ««X»»» → «Способность «X»»: a name already in quotes is not quoted twice."""
    return _QUOTES.sub(r"«\1»", text or "")


_ID_IN_TEXT = re.compile(r" \((?=[^()\s]*[a-zа-яё])([^()\s]{1,60})\)")
_RAW_OPTIONS = re.compile(r"\s?\([^()]*[A-Za-z][^()]*\)")


_BARE_WORD = re.compile(r"(?<![\w«(\[{'])[a-z][a-z0-9_\-]*(?![\w»)\]}'])")


def clean(game, text: str) -> str:
    """An engine event's text for a trainee: object ids the engine adds for the log left out
    («Стена» (wall) → «Стена»), a bare id the engine wrote for an object named
    («isamaru становится копией …» → «Исамару, пёс Конды» …), a name never quoted twice."""
    text = _ID_IN_TEXT.sub("", text or "")
    if game is not None:
        text = _BARE_WORD.sub(lambda m: f"«{name_of(game, m.group(0))}»" if m.group(0) in game.objects else m.group(0), text)
    return tidy(text)


def clean_decision(text: str) -> str:
    """A decision's question without its list of raw answer codes («(yes / no)», «(keep — …)»)."""
    return tidy(_RAW_OPTIONS.sub("", _ID_IN_TEXT.sub("", text or "")))


COLOR_OF = {"white": "белого", "blue": "синего", "black": "чёрного", "red": "красного", "green": "зелёного",
            "creatures": "существ", "artifacts": "артефактов", "everything": "всего", "multicolored": "многоцветного",
            "enchantments": "чар", "instants": "мгновенных заклинаний", "sorceries": "волшебств"}
COUNTER_RU = {"loyalty": "верности", "charge": "заряда", "time": "времени", "poison": "яда"}


def keyword(k, lang: str) -> str:
    """A keyword as a trainee reads it, with its quality: «защита от красного», not «protection»."""
    name = next(iter(k), "") if isinstance(k, dict) else str(k)
    if name == "protection" and isinstance(k, dict):
        arg = k["protection"]
        frm = arg.get("from") if isinstance(arg, dict) else arg
        frm = frm if isinstance(frm, list) else [frm]
        if lang == "en":
            return "protection from " + " and from ".join(map(str, frm))
        return "защита от " + " и от ".join(COLOR_OF.get(str(f), str(f)) for f in frm)
    if lang == "en":
        return KEYWORD_EN.get(name, name.replace("_", " "))
    ru = KW_RU.get(name) or KEYWORD_RU_MORE.get(name)
    return ru or ("«" + name.replace("_", " ") + "»")


def name_of(game, ref, lang: str = "ru") -> str:
    """A player's name, or an object's name (never its id)."""
    obj = game.objects.get(str(ref)) if game is not None else None
    if obj is None:
        return str(ref)
    if lang == "en":
        return tidy(obj.name_en or obj.name_ru) or "face-down permanent"
    return tidy(obj.name_ru or obj.name_en) or "перманент лицом вниз"


def _types(o, lang: str) -> str:
    if lang == "en":
        words = [c for c in o.colors] + list(o.supertypes) + list(o.types)
    else:
        words = [COLOR_RU.get(c, c) for c in o.colors] + [TYPE_RU.get(t, t) for t in o.types]
    sub = " ".join(o.subtypes)
    return ", ".join(words) + (f" — {sub}" if sub else "")


def printed_text(o) -> tuple[str, str]:
    """(Russian, English) text of the card an ad-hoc object stands for: the card of the pool
    (``rules_corpus/cards``, the M2011 FAQ cards among them) with its name, when the object
    does nothing the card doesn't (each of its abilities and keywords is the card's). A
    scenario often writes a FAQ card as an ad-hoc object with only the ability its ruling is
    about (Chandra Nalaar with her −X); the card's printed text is true of it. ("", "") when no
    such card: an invented object's text is unknown."""
    from ..cards.model import default_pool

    pool = default_pool()
    card = pool.get(o.name_ru) or (pool.get(o.name_en) if o.name_en else None)
    if card is None or not (card.text_ru or card.text_en):
        return "", ""
    if any(a not in card.abilities for a in o.abilities) or any(k not in card.keywords for k in o.keywords):
        return "", ""
    return card.text_ru, card.text_en


def text_of(game, o, lang: str = "ru") -> tuple[str, bool]:
    """(the object's rules text, whether any was found). An ability on the stack shows its
    source's text; an object with no abilities needs none (its keywords are listed apart);
    an ad-hoc object standing for a card of the pool shows the card's text (``printed_text``)."""
    text = (o.text_en or o.text_ru) if lang == "en" else (o.text_ru or o.text_en)
    if not text and o.stack_kind != "ability" and (o.abilities or o.keywords):
        ru, en = printed_text(o)
        text = (en or ru) if lang == "en" else (ru or en)
    if "basic" in (o.supertypes or ()) and not o.abilities[1:]:
        return "", True   # a basic land: its mana ability is its type (305.6)
    if text:
        return " ".join(text.split()), True
    if o.stack_kind == "ability":
        src = game.objects.get(o.source or "")
        said, known = text_of(game, src, lang) if src is not None and src.stack_kind != "ability" else ("", False)
        return (said, True) if said else ("", False)
    needs = bool(o.abilities or o.effects or getattr(o, "casting", None))
    return "", not needs


def _keywords(game, o, lang: str) -> list[str]:
    from judge_app.engine.rules import keywords as kws

    out = []
    for k in kws.effective(game, o):
        said = keyword(k, lang)
        if said not in out:
            out.append(said)
    return out


def _obj(game, oid: str, lang: str, hide_pt: str | None) -> dict:
    o = game.objects[oid]
    text, known = text_of(game, o, lang)
    d = {"id": o.id, "name": name_of(game, oid, lang), "types": _types(o, lang), "text": text, "text_known": known,
         "keywords": _keywords(game, o, lang) if o.zone == "battlefield" else []}
    if o.zone == "battlefield":
        c = ch.compute_pt(game, o)
        if c is not None:
            d["pt"] = HIDDEN_PT if oid == hide_pt else f"{c.power}/{c.toughness}"
        d.update(tapped=o.tapped, damage=o.damage, token=o.token,
                 counters={(COUNTER_RU.get(str(k), str(k)) if lang != "en" else str(k)): v
                           for k, v in o.counters.items() if v},
                 sick=bool(o.sick and o.is_creature),
                 attached_to=name_of(game, o.attached_to, lang) if o.attached_to else "")
        role = combat.role(game, oid)
        if role and "attacking" in role:
            d["attacking"] = name_of(game, role["attacking"], lang) if role["attacking"] else ""
            d["blocked"] = role["blocked"]   # stays blocked when its blockers are gone (509.1h)
        if role and "blocking" in role:
            d["blocking"] = [name_of(game, a, lang) for a in role["blocking"]]
    elif o.is_creature and o.power is not None and o.zone in ("hand", "graveyard", "exile"):
        d["pt"] = f"{o.power}/{o.toughness}"   # a card's printed P/T (Fling's sacrificed creature: its power)
    if o.zone == "stack":
        d["controller"] = o.controller
        d["ability"] = o.stack_kind == "ability"
        d["targets"] = [name_of(game, t[1], lang) for t in o.targets]
        if "x" in (o.choices or {}):
            d["x"] = o.choices["x"]
        if o.choices.get("mode") is not None:
            d["mode"] = o.choices["mode"]
    return d


def build(game, lang: str = "ru", hide_pt: str | None = None) -> dict:
    """The position as a dict for the page (and, through ``lines``, for the checks)."""
    return {
        "turn": game.turn, "active": game.ap.name,
        "step": STEP_RU.get(game.step, game.step) if lang != "en" else str(game.step).replace("_", " "),
        "players": [{"name": p.name, "life": p.life, "poison": p.poison, "library": len(p.library),
                     "zones": {z: [_obj(game, i, lang, hide_pt) for i in
                                   ([i for i in game.battlefield if game.objects[i].controller == p.name]
                                    if z == "battlefield" else getattr(p, z))] for z in ZONES}}
                    for p in game.players],
        "stack": [_obj(game, i, lang, hide_pt) for i in reversed(game.stack)],
    }


def missing_text(pos: dict) -> list[str]:
    """Names of the objects (on the board, in a hand, on the stack) whose text cannot be shown."""
    objs = [o for p in pos["players"] for z in ("battlefield", "hand") for o in p["zones"][z]] + pos["stack"]
    return sorted({o["name"] for o in objs if not o["text_known"]})


def _describe(o: dict, lang: str) -> str:
    ru = lang != "en"
    bits = [o["name"] + (f" {o['pt']}" if o.get("pt") else "")]
    if o.get("types"):
        bits.append(f"({o['types']})")
    if o.get("keywords"):
        bits.append(", ".join(o["keywords"]))
    for key, ru_word, en_word in (("tapped", "повёрнут", "tapped"), ("token", "фишка", "token"),
                                  ("sick", "под контролем с этого хода", "under control since this turn")):
        if o.get(key):
            bits.append(ru_word if ru else en_word)
    if o.get("damage"):
        bits.append(f"{'повреждения' if ru else 'damage'} {o['damage']}")
    if o.get("counters"):
        bits.append(("жетоны " if ru else "counters ") + ", ".join(f"{k}: {v}" for k, v in o["counters"].items()))
    if o.get("attached_to"):
        bits.append(f"{'прикреплено к' if ru else 'attached to'} «{o['attached_to']}»")
    if "attacking" in o:
        bits.append(f"{'атакует' if ru else 'attacks'} {o['attacking']}")
    if o.get("blocked"):
        bits.append("заблокировано" if ru else "blocked")
    if o.get("blocking"):
        bits.append(f"{'блокирует' if ru else 'blocks'} " + ", ".join(o["blocking"]))
    if "x" in o:
        bits.append(f"X = {o['x']}")
    if o.get("targets"):
        bits.append(f"{'цели' if ru else 'targets'}: " + ", ".join(o["targets"]))
    line = " · ".join(bits)
    return line + (f"\n      «{o['text']}»" if o.get("text") else "")


def lines(pos: dict, lang: str = "ru") -> list[str]:
    ru = lang != "en"
    out = [f"{'Ход' if ru else 'Turn'} {pos['turn']} · {pos['active']} · {pos['step']}"]
    for p in pos["players"]:
        out.append(f"{p['name']} ♥ {p['life']}" + (f" · {'яд' if ru else 'poison'} {p['poison']}" if p["poison"] else "")
                   + f" · {'библиотека' if ru else 'library'} {p['library']}")
        for z in ZONES:
            for o in p["zones"][z]:
                out.append(f"  [{ZONE_NAMES[z][0 if ru else 1]}] {_describe(o, lang)}")
    for o in pos["stack"]:
        out.append(f"{'стек' if ru else 'stack'}: {_describe(o, lang)}")
    return out
