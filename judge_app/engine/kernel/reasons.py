"""Why an object can't attack, block or be blocked, in Russian and English, from one table.

The engine's checks (``keywords.evasion``, ``restrictions``, ``turn_history``) return their
reasons as ``Reason``: a ``str`` that is the Russian text (so a refusal's message, written
``f"{o.label()}: {why}"``, reads as before) and carries the English as ``.en``. The builder's
«почему так» popup (``boards.explain``) shows the one the page's language asks for. Like the
events (``messages.MESSAGES``), every reason is rendered from ``REASONS``, so none is left
without English; an argument is rendered by ``messages`` rules (an object by its label, a
``Text`` by language), and a ``Reason`` given as an argument by its own language.
"""
from __future__ import annotations

from judge_app.engine.kernel.messages import Text, _form


class Reason(str):
    """A reason: the Russian text, with its English as ``en``."""
    en: str

    def __new__(cls, ru: str, en: str):
        self = super().__new__(cls, ru)
        self.en = en
        return self

    @property
    def ru(self) -> str:
        return str.__str__(self)


def _arg(v, lang: str) -> str:
    if isinstance(v, Reason):
        return v.en if lang == "en" else v.ru
    return _form(v, lang)


def reason(msg: str, **args) -> Reason:
    """The reason ``msg`` of ``REASONS`` with ``args``, in both languages."""
    ru, en = REASONS[msg]
    return Reason(ru.format_map({k: _arg(v, "ru") for k, v in args.items()}),
                  en.format_map({k: _arg(v, "en") for k, v in args.items()}))


def both(r) -> tuple[str, str]:
    """(Russian, English) of a reason; a plain string (a caller not yet moved to ``REASONS``) is
    its own English."""
    return (r.ru, r.en) if isinstance(r, Reason) else (str(r), str(r))


QUALITY = {   # protection from … (protection.qualities gives the singular card types)
    "white": ("белого", "white"), "blue": ("синего", "blue"), "black": ("чёрного", "black"),
    "red": ("красного", "red"), "green": ("зелёного", "green"), "multicolored": ("многоцветного", "multicolored"),
    "creature": ("существ", "creatures"), "artifact": ("артефактов", "artifacts"), "enchantment": ("чар", "enchantments"),
    "instant": ("мгновенных заклинаний", "instants"), "sorcery": ("волшебств", "sorceries"),
    "land": ("земель", "lands"), "planeswalker": ("planeswalker'ов", "planeswalkers"), "everything": ("всего", "everything"),
}


def qualities(qs) -> Text:
    """What protection is from, as «красного, существ» / "red, creatures"."""
    return Text(", ".join(QUALITY.get(q, (q, q))[0] for q in qs), ", ".join(QUALITY.get(q, (q, q))[1] for q in qs))


REASONS: dict[str, tuple[str, str]] = {
    # can it attack (508.1a, 302.6, 702.3b, 508.1c)
    "attack.not_creature": ("атаковать может только существо", "only a creature can attack"),
    "attack.not_active": ("атакуют только существа активного игрока", "only the active player's creatures attack"),
    "attack.tapped": ("повёрнутое существо не может атаковать", "a tapped creature can't attack"),
    "attack.sick": ("существо под контролем игрока не с начала его последнего хода и без ускорения",
                    "it hasn't been under its controller's control since their most recent turn began, and it has no haste"),
    "attack.defender": ("у существа защитник", "it has defender"),
    "attack.cant": ("существо не может атаковать", "it can't attack"),
    "attack.unless_lands": ("не может атаковать, пока на поле битвы меньше {count} земель с типом {subtype} (сейчас {n})",
                            "it can't attack while fewer than {count} lands of type {subtype} are on the battlefield (now {n})"),
    "attack.unless_damage": ("не может атаковать: ни одному оппоненту в этом ходу не нанесены повреждения",
                             "it can't attack: no opponent has been dealt damage this turn"),
    "attack.without_keyword": ("из-за {source} не могут атаковать существа без {keywords}",
                               "because of {source}, creatures without {keywords} can't attack"),
    "attack.arbiter": ("{player} разыграл заклинание в этом ходу, а {source} не даёт такому оппоненту атаковать существами",
                       "{player} cast a spell this turn, and {source} keeps such an opponent from attacking with creatures"),
    "attack.can": ("может быть объявлено атакующим, когда его контролёр — активный игрок в шаге объявления атакующих",
                   "can be declared as an attacker when its controller is the active player, in the declare attackers step"),
    # can it block (509.1a), and whom (509.1b)
    "block.not_creature": ("блокировать может только существо", "only a creature can block"),
    "block.tapped": ("повёрнутое существо не может блокировать", "a tapped creature can't block"),
    "block.cant": ("существо не может блокировать", "it can't block"),
    "block.can": ("может блокировать, если не повёрнуто, когда его контролёра атакуют",
                  "can block, if untapped, when its controller is attacked"),
    "block.unblockable": ("{attacker} не может быть заблокировано", "{attacker} can't be blocked"),
    "block.flying": ("{attacker} с полётом, а у {blocker} нет ни полёта, ни захвата",
                     "{attacker} has flying, and {blocker} has neither flying nor reach"),
    "block.intimidate": ("{attacker} с запугиванием: блокировать могут только артефактные существа и существа общего с ним цвета",
                         "{attacker} has intimidate: only artifact creatures and creatures that share a colour with it can block it"),
    "block.shadow": ("у {attacker} тень, а у {blocker} нет: существо с тенью и существо без тени не блокируют друг друга",
                     "{attacker} has shadow and {blocker} doesn't: a creature with shadow and one without can't block each other"),
    "block.shadow_blocker": ("у {blocker} тень, а у {attacker} нет: существо с тенью может блокировать только существо с тенью",
                             "{blocker} has shadow and {attacker} doesn't: a creature with shadow can block only creatures with shadow"),
    "block.fear": ("{attacker} со страхом: блокировать могут только артефактные и/или чёрные существа",
                   "{attacker} has fear: only artifact and/or black creatures can block it"),
    "block.protection": ("у {attacker} защита от {qualities}", "{attacker} has protection from {qualities}"),
    "block.landwalk": ("{attacker} с хождением по землям, а у {player} есть {land}",
                       "{attacker} has landwalk, and {player} controls {land}"),
    "block.by_subtype": ("{attacker} не может быть заблокировано существами с типом {subtype}",
                         "{attacker} can't be blocked by {subtype} creatures"),
    "block.this_turn": ("{attacker} не может быть заблокировано в этом ходу", "{attacker} can't be blocked this turn"),
    "block.menace": ("{attacker} с угрозой можно заблокировать только двумя или более существами",
                     "{attacker} has menace: it can't be blocked except by two or more creatures"),
    "block.they_cant": ("{blocker} не может его блокировать: {why}", "{blocker} can't block it: {why}"),
    "block.it_cant": ("не может блокировать {attacker}: {why}", "can't block {attacker}: {why}"),
    # can it be targeted (115, 702.11, 702.18, 702.16b)
    "target.shroud": ("неуязвимость: не может быть целью никаких заклинаний и способностей",
                      "shroud: it can't be the target of spells or abilities"),
    "target.hexproof": ("порчеустойчивость: не может быть целью заклинаний и способностей оппонентов",
                        "hexproof: it can't be the target of spells or abilities its opponents control"),
    "target.protection": ("защита: не может быть целью заклинаний и способностей с этим качеством",
                          "protection: it can't be the target of spells or abilities with that quality"),
    "target.unfit": ("не подходит как цель", "not a legal target"),
    "target.for": ("для {player}: {why}", "for {player}: {why}"),
    "target.protection_from": ("защита от {qualities} — не может быть целью заклинаний и способностей с этими качествами",
                               "protection from {qualities}: it can't be the target of spells or abilities with these qualities"),
    "target.can": ("может быть целью заклинаний и способностей любого игрока, которым подходит как «перманент»",
                   "can be the target of any player's spells and abilities that can target a permanent"),
    # not a creature (506.2)
    "combat.not_creature": ("не существо: не атакует и не блокирует", "not a creature: it doesn't attack or block"),
}
