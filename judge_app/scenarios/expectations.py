"""The expectations of a scenario, checked against the game where the run stopped."""

from __future__ import annotations

from judge_app.engine.kernel import characteristics as ch
from judge_app.engine.rules import keywords
from judge_app.engine.kernel.state import Game
from judge_app.scenarios.loader import stack_ref_base


def rule_matches(cited: str, expected: str) -> bool:
    """704.5f matches 704.5f; 704.5 also matches 704.5f and 704.5; 704 matches 704.x."""
    expected = str(expected).rstrip(".")
    if cited == expected:
        return True
    if cited.startswith(expected):
        nxt = cited[len(expected)]
        return nxt.isalpha() or nxt == "."
    return False


def _cited(game: Game) -> list:
    return [r for e in game.events for r in e.rules]


def _made_by_the_run(ref: str) -> bool:
    """An id the loader accepts before the object exists: a token or a stack object the run creates."""
    return ref.startswith("token-") or stack_ref_base(ref) is not None


def _obj(game: Game, ref: str):
    return game.objects.get(str(ref))


def _ability_names(game: Game, o) -> set:
    """Non-keyword abilities by name: a static ability by its kind, ``mana`` for a mana ability."""
    c = ch.of(game, o)
    out = set()
    for a in (c.abilities if c is not None else ()):
        out.add(a.get("static") or ("mana" if "mana" in a else next(iter(a))))
    return out


def check(game: Game, expect: list, waiting) -> list:
    """[(line, message)] for every expectation that does not hold."""
    fails = []
    for line, e in expect:
        for key, v in e.items():
            missing = [str(r) for r in (v if isinstance(v, dict) else {}) if _made_by_the_run(str(r)) and _obj(game, r) is None]
            if missing:   # a token or a copy the run was expected to create (only such ids can be unknown here)
                fails.append((line, f"{key}: {', '.join(missing)} — такого объекта в партии не появилось"))
                continue
            for msg in _check_one(game, key, v, waiting):
                fails.append((line, f"{key}: {msg}"))
    return fails


def _check_one(game: Game, key: str, v, waiting) -> list:
    out = []
    if key in ("life", "poison", "hand_size", "library_size"):
        for name, want in v.items():
            p = game.player(str(name))
            got = {"life": p.life, "poison": p.poison, "hand_size": len(p.hand), "library_size": len(p.library)}[key]
            if got != want:
                out.append(f"{name}: ожидалось {want}, а на деле {got}")
    elif key == "library_top":
        for name, want in v.items():
            got = game.player(str(name)).library[:len(want)]
            if got != [str(x) for x in want]:
                out.append(f"{name}: ожидались сверху {want}, а на деле {got}")
    elif key == "zone":
        for ref, want in v.items():
            o = _obj(game, ref)
            if o.zone != want:
                out.append(f"{ref}: ожидалась зона {want}, а объект в зоне {o.zone}")
    elif key == "tapped":
        for ref, want in v.items():
            o = _obj(game, ref)
            if o.zone != "battlefield" or o.tapped != bool(want):
                out.append(f"{ref}: ожидалось tapped={want}, а на деле {o.tapped if o.zone == 'battlefield' else 'не на поле битвы'}")
    elif key == "pt":
        for ref, want in v.items():
            o = _obj(game, ref)
            c = ch.compute_pt(game, o)
            got = f"{c.power}/{c.toughness}" if c else "нет (не существо)"
            if got != str(want):
                out.append(f"{ref}: ожидалось {want}, а на деле {got}")
    elif key == "mana_value":
        for ref, want in v.items():
            c = ch.of(game, _obj(game, ref))
            got = c.mana_value if c is not None else "нет (скрытый объект)"
            if got != want:
                out.append(f"{ref}: ожидалась мана-стоимость {want}, а на деле {got}")
    elif key == "explains":
        for ref, wants in v.items():
            rules = ch.explained_rules(game, _obj(game, ref))
            for w in wants if isinstance(wants, list) else [wants]:
                if not any(rule_matches(r, str(w)) for r in rules):
                    out.append(f"{ref}: в расчёте характеристик нет правила {w} (есть: {', '.join(rules)})")
    elif key in ("types", "subtypes", "supertypes", "colors"):
        for ref, want in v.items():
            c = ch.of(game, _obj(game, ref))
            got = set(getattr(c, key)) if c is not None else set()
            if got != set(map(str, want)):
                out.append(f"{ref}: ожидалось {sorted(map(str, want))}, а на деле {sorted(got)}")
    elif key == "lacks":
        for ref, kws in v.items():
            o = _obj(game, ref)
            have = keywords.names(game, o) | _ability_names(game, o)
            for k in kws:
                if k in have:
                    out.append(f"{ref}: есть {k}, хотя не должно")
    elif key == "damage":
        for ref, want in v.items():
            o = _obj(game, ref)
            if o.damage != want:
                out.append(f"{ref}: ожидалось повреждений {want}, а на деле {o.damage}")
    elif key == "counters":
        for ref, want in v.items():
            o = _obj(game, ref)
            for kind, n in (want or {}).items():
                if o.counters.get(kind, 0) != n:
                    out.append(f"{ref}: ожидалось жетонов {kind} {n}, а на деле {o.counters.get(kind, 0)}")
    elif key == "controller":
        for ref, want in v.items():
            o = _obj(game, ref)
            if o.controller != want:
                out.append(f"{ref}: ожидался контролёр {want}, а на деле {o.controller}")
    elif key == "abilities":
        for ref, want in v.items():
            o = _obj(game, ref)
            have = keywords.names(game, o)   # printed plus gained/lost until end of turn
            for k in want:
                if (next(iter(k)) if isinstance(k, dict) else k) not in have:
                    out.append(f"{ref}: нет способности {k}")
    elif key == "stack":
        got = [game.objects[i] for i in reversed(game.stack)]
        ok = len(got) == len(v) and all(str(w) in (o.id, o.name_ru, o.name_en) or (o.source and str(w) == o.source)
                                        for w, o in zip(v, got))
        if not ok:
            out.append(f"ожидался стек {v}, а на деле {[o.id for o in got]}")
    elif key == "fired":
        cited = _cited(game)
        for r in v:
            if not any(rule_matches(c, str(r)) for c in cited):
                out.append(f"правило {r} не процитировано ни в одном событии")
    elif key == "not_fired":
        cited = _cited(game)
        for r in v:
            if any(rule_matches(c, str(r)) for c in cited):
                out.append(f"правило {r} процитировано, хотя не должно")
    elif key == "result":
        if game.result is None:
            out.append("игра не окончена")
        elif "draw" in v and bool(v["draw"]) != bool(game.result.get("draw")):
            out.append(f"ожидалась ничья, а результат {game.result}")
        elif "winner" in v and game.result.get("winner") != v["winner"] and v["winner"] not in game.result.get("team", ()):
            out.append(f"ожидался победитель {v['winner']}, а результат {game.result}")
    elif key == "waiting":
        d = game.decision
        if d is None:
            out.append("решения не ожидается")
        else:
            if "by" in v and d.by != v["by"]:
                out.append(f"решение ожидается от {d.by}, а не от {v['by']}")
            if "decision" in v and d.kind != v["decision"]:
                out.append(f"ожидается решение вида {d.kind}, а не {v['decision']}")
    return out
