"""Protection (702.16): from a colour, a card type, creatures, everything.

"DEBT" (702.16b-f): can't be Damaged (prevented), Enchanted/Equipped, Blocked, Targeted by
sources with the quality. Here: blocking (702.16f), damage prevention (702.16e),
targeting (702.16b), Auras falling off (702.16c) and Equipment becoming unattached (702.16d)."""

from __future__ import annotations

from judge_app.cards.model import CARD_TYPES, COLORS
from judge_app.engine.kernel import hooks
from judge_app.engine.kernel.messages import say
from judge_app.engine.rules.keywords import arg

# "creatures" and "creature" both name the card type; plurals as written on cards.
_PLURAL = {t + "s": t for t in CARD_TYPES} | {"sorceries": "sorcery", "everything": "everything"}


def qualities(game, obj) -> list:
    """['red', 'creature', 'everything', ...] this object has protection from."""
    out = []
    for a in arg(game, obj, "protection"):
        frm = a.get("from", []) if isinstance(a, dict) else a
        if isinstance(frm, str):
            frm = [frm]
        if not isinstance(frm, (list, tuple)):
            continue   # malformed argument: no protection from anything
        for q in frm:
            q = str(q).casefold()
            if q == "chosen_color":   # Voice of All: the colour chosen as it entered (614.12)
                q = obj.chosen.get("color", "")
            out.append(_PLURAL.get(q, q))
    return out


def source_traits(game, source) -> tuple:
    """(colours, types) of a damage or blocking source: an Obj, or an LKI dict. An ability's
    source is the object it comes from (113.7)."""
    if not isinstance(source, dict) and source.stack_kind == "ability" and source.source in game.objects:
        source = game.objects[source.source]
    if isinstance(source, dict):
        obj = game.objects.get(source.get("id"))
        colors = tuple(source.get("colors") or (obj.colors if obj is not None else ()))
        types = tuple(source.get("types") or (obj.types if obj is not None else ()))
        return colors, types
    return tuple(source.colors), tuple(source.types)


def protected_from(game, protected, source) -> list | None:
    """None if ``protected`` (an Obj) has no protection from ``source``; otherwise the extra
    rule keys that explain it ([] for a colour or type, ['protection_everything'])."""
    qs = qualities(game, protected)
    if not qs:
        return None
    if "everything" in qs:
        return ["protection_everything"]
    colors, types = source_traits(game, source)
    subtypes = {st.casefold() for st in source_subtypes(game, source)}
    for q in qs:
        if (q in COLORS and q in colors) or (q in CARD_TYPES and q in types) \
                or (q == "multicolored" and len(colors) > 1) or (q == "monocolored" and len(colors) == 1) \
                or q in subtypes:   # a creature type: "protection from Demons and from Dragons" (Baneslayer Angel)
            return []
    return None


def source_subtypes(game, source) -> tuple:
    """The subtypes of a source (an Obj or an LKI dict; an ability's source, 113.7), for
    protection from a creature type (702.16a: a quality may be any characteristic)."""
    if not isinstance(source, dict) and source.stack_kind == "ability" and source.source in game.objects:
        source = game.objects[source.source]
    if isinstance(source, dict):
        obj = game.objects.get(source.get("id"))
        return tuple(source.get("subtypes") or (obj.subtypes if obj is not None else ()))
    return tuple(source.subtypes)


def prevents_damage(game, source, recipient) -> list:
    """Rule keys if damage from ``source`` to ``recipient`` is prevented (702.16e), else []."""
    if hasattr(recipient, "life"):
        return []
    why = protected_from(game, recipient, source)
    return [] if why is None else ["protection_damage"] + why


def forbids_block(game, attacker, blocker) -> list:
    why = protected_from(game, attacker, blocker)
    return [] if why is None else ["protection_block"] + why


def forbids_target(game, target, source) -> list:
    if source is None:
        return ["protection_target", "protection_everything"] if "everything" in qualities(game, target) else []
    why = protected_from(game, target, source)
    return [] if why is None else ["protection_target"] + why


def prevented(game, source, recipient, n: int) -> bool:
    """Hook for every damage event (events.deal_damage): if protection prevents it
    (702.16e), say so in the trace and return True."""
    why = prevents_damage(game, source, recipient)
    if not why:
        return False
    name = source.get("name_ru") if isinstance(source, dict) else source.name_ru
    sid = source.get("id") if isinstance(source, dict) else source.id
    say(game, "prevent", "keywords.protection.prevented.prevent", [sid, recipient.id],
        why + ["damage_prevention_event"], n=n, name=name, recipient=recipient,
        list=', '.join(qualities(game, recipient)))
    return True


def forbids_attach(game, host, attachment) -> list:
    """Rule keys if ``host`` has protection from the Aura ``attachment`` (702.16c), else []."""
    why = protected_from(game, host, attachment) if host is not None and host.zone == "battlefield" else None
    return [] if why is None else ["protection_aura"] + why


def forbids_equip(game, host, equipment) -> list:
    """Rule keys if ``host`` has protection from the Equipment ``equipment`` (702.16d: it
    becomes unattached and stays on the battlefield, 704.5n), else []."""
    why = protected_from(game, host, equipment) if host is not None and host.zone == "battlefield" else None
    return [] if why is None else ["protection_equipment"] + why


hooks.register(hooks.TARGET_BAN, lambda game, obj, source, kws: forbids_target(game, obj, source), order=20)   # 702.16b


hooks.register(hooks.ATTACH_BAN, forbids_attach, keys=("Aura",))   # 702.16c
hooks.register(hooks.ATTACH_BAN, forbids_equip, keys=("Equipment",))   # 702.16d
