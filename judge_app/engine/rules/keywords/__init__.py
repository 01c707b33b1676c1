"""Keyword abilities (702) as rules: who may attack and block, who may be targeted,
what damage does. Each check returns the rule keys (``citations*.json``) that forbid
or explain something, never a bare number.

Whether an object has a keyword now is decided in one place, ``effective`` (the kernel's
``characteristics.effective_keywords``), which reads the layers (``layers.py``): the keywords of its copiable values, plus those gained and
minus those lost in layer 6 (613.1f), none under Humility.
Everything reads it: combat, targeting (hexproof, shroud, protection), haste for
{T} abilities and mana (302.6, 702.10), lifelink and deathtouch on any damage (via the
source's LKI), the board view and the expectations.

Modules
-------
evasion     attack restrictions (302.6, 702.3 defender, 702.10 haste) and blocking
            restrictions (702.9 flying / 702.17 reach, 702.13 intimidate, 702.35 fear,
            702.110 menace, 702.16f protection, "can't block", "can't be blocked")
protection  protection from a colour / card type / everything (702.16): blocking,
            damage prevention, targeting
strike      first strike / double strike (702.7, 702.4), deathtouch lethality (702.2c),
            trample (702.19), lethal damage for assignment (510.1c-d)
"""

from __future__ import annotations

from judge_app.engine.kernel import characteristics as ch
from judge_app.engine.kernel.messages import say
from judge_app.engine.kernel.state import Obj

EVASION = ("flying", "menace", "intimidate", "fear", "cant_be_blocked", "protection")


# Whether an object has a keyword is a question about its characteristics, decided by the layers
# in the kernel (characteristics.effective_keywords); the keyword rules below ask it by these names.
_kw_name = ch.keyword_name
effective = ch.effective_keywords
names = ch.keyword_set


def has(game, obj, kw: str) -> bool:
    return kw in names(game, obj)


def arg(game, obj, kw: str) -> list:
    """All arguments of a keyword with arguments, e.g. protection: {from: [red, creatures]}."""
    return [k[kw] for k in effective(game, obj) if isinstance(k, dict) and kw in k]


KW_RU = {"flying": "полёт", "reach": "захват", "first_strike": "первый удар", "double_strike": "двойной удар",
         "deathtouch": "смертельное касание", "trample": "пробивной удар", "lifelink": "цепь жизни",
         "vigilance": "бдительность", "haste": "ускорение", "defender": "защитник", "indestructible": "неразрушимость",
         "menace": "угроза", "hexproof": "порчеустойчивость", "shroud": "неуязвимость", "intimidate": "запугивание",
         "fear": "страх", "protection": "защита", "cant_block": "«не может блокировать»",
         "cant_be_blocked": "«не может быть заблокировано»", "cant_attack": "«не может атаковать»",
         "attacks_each_combat": "«атакует в каждом бою, если может»", "blocks_each_combat": "«блокирует в каждом бою, если может»",
         # names as the 2019 Russian CR gives them (702.8, 702.79, 702.89; 702.14a: «Знание [тип]»)
         "flash": "миг", "wither": "увядание", "infect": "инфекция", "plainswalk": "знание равнин",
         "islandwalk": "знание островов", "swampwalk": "знание болот", "mountainwalk": "знание гор",
         "forestwalk": "знание лесов", "cant_attack_alone": "«не может атаковать в одиночку»",
         "cant_be_countered": "«не может быть отменено»", "devour": "пожирание",   # 702.81 in 2019 and 2020
         "untargetable_by_nongreen": "«не может быть целью незелёных заклинаний и способностей»",   # Gaea's Revenge
         "shadow": "тень"}   # 702.27 in the 2019 Russian CR


def grant(game, so, e: dict, target, info: dict) -> None:
    """Resolve a ``gain_keyword``/``lose_keyword`` effect: until end of turn (611.2a)."""
    if target is None or not hasattr(target, "incarnation") or target.zone != "battlefield":
        return
    kind = "gain_keyword" if "gain_keyword" in e else "lose_keyword"
    kw = e[kind]
    ts = game.next_ts()
    game.effects.append({"kind": kind, "keyword": kw, "target": target.id, "incarnation": target.incarnation,
                         "timestamp": ts, "until": "eot", "source_name": info.get("name_ru", "")})
    verb = "получает" if kind == "gain_keyword" else "теряет"
    what = KW_RU.get(_kw_name(kw), _kw_name(kw))
    if _kw_name(kw) == "protection" and isinstance(kw, dict):
        frm = kw["protection"].get("from") if isinstance(kw["protection"], dict) else kw["protection"]
        what = "защиту от " + ", ".join(map(str, frm if isinstance(frm, list) else [frm]))
    say(game, "effect", "keywords.__init__.grant.effect", [target.id],
        ["duration", "layer6_abilities", "timestamp_effect"], target=target, verb=verb, what=what, ts=ts,
        note='gains' if kind == 'gain_keyword' else 'loses', kw_name=_kw_name(kw))


from judge_app.engine.rules.keywords import protection, strike, evasion  # noqa: E402  (submodules, after the helpers they use)
