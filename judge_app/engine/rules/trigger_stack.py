"""Putting waiting triggered abilities on the stack (603.3): APNAP, each player's own in the
order they choose (603.3b), their targets chosen as they go on the stack (603.3d) — or another
way a module registered (hooks.TRIGGER_TARGETS: a division among one to N targets). Moved out of
the kernel's triggers.py because choosing targets is a rule of targeting (effects.py)."""

from __future__ import annotations

from judge_app.engine.kernel import event_triggers, hooks
from judge_app.engine.kernel.messages import say
from judge_app.engine.kernel.state import Decision, Game, Obj
from judge_app.engine.rules import effects


def trigger_label(t: dict) -> str:
    return f"{t['source']}:{t['index'] + 1}"


def put_pending_on_stack(game: Game) -> bool:
    """Move waiting triggers to the stack (603.3). Returns False if a decision is owed."""
    if game.pending_triggers and not game.trigger_queue:
        # 603.3b: APNAP, each player's own in the order they choose
        queue = []
        for p in game.apnap():
            mine = [t for t in game.pending_triggers if t["controller"] == p.name]
            if not mine:
                continue
            labels = sorted({trigger_label(t) for t in mine})
            order = game.sba_choices.pop(("order", p.name), None)
            if len(labels) > 1 and order is None:
                game.decision = Decision(
                    by=p.name, kind="order_triggers", options=labels, count=len(labels),
                    text_ru=f"{p.name} выбирает порядок, в котором свои сработавшие способности кладутся на стек (первая — вниз): {', '.join(labels)}",
                    context={"player": p.name})
                say(game, "decision", "order_triggers", [p.name], ["trigger_apnap"], player=p)
                return False
            if order:
                rank = {lab: i for i, lab in enumerate(order)}
                mine.sort(key=lambda t: rank.get(trigger_label(t), 99))
            queue.extend(mine)
        game.pending_triggers = []
        game.trigger_queue = queue
    while game.trigger_queue:
        t = game.trigger_queue[0]
        kinds = t["ability"].get("targets", [])
        chosen, shares = [], None
        other = next((h.fn for h in hooks.hooks(hooks.TRIGGER_TARGETS) if h.when(t["ability"])), None)
        if other is not None:   # "divided as you choose among one to N targets" (603.3d, trigger_division.py)
            got = other.choose(game, t)
            if got is None:
                return False
            if got is False:
                game.trigger_queue.pop(0)
                say(game, "trigger_removed", "trigger_no_targets", [t["source"]], ["trigger_targets"],
                    source=t["source_name"], source_en=t.get("source_name_en") or t["source_name"])
                continue
            chosen, shares = [effects.target_tuple(game, r) for r in got[0]], got[1]
        elif kinds:
            pre = game.sba_choices.pop(("targets", id(t)), None)
            chooser = t.get("chooser", t["controller"])   # another player may choose (Necrotic Plague)
            legal = [effects.legal_targets(game, kind, chooser, None) for kind in kinds]
            if pre is not None:
                chosen = [effects.target_tuple(game, str(r)) for r in pre]
            elif not all(legal):
                game.trigger_queue.pop(0)
                say(game, "trigger_removed", "trigger_no_targets", [t["source"]], ["trigger_targets"],
                    source=t["source_name"], source_en=t.get("source_name_en") or t["source_name"])
                continue
            elif all(len(lg) == 1 for lg in legal):
                chosen = [effects.target_tuple(game, lg[0]) for lg in legal]
                game.answered_alone(chooser, "targets", [lg[0] for lg in legal])
            else:
                options = sorted({r for lg in legal for r in lg}, key=lambda r: (not game.has_player(r), r))
                game.decision = Decision(
                    by=chooser, kind="targets", options=options, count=len(kinds),
                    text_ru=f"{chooser} выбирает цел{'ь' if len(kinds) == 1 else 'и'} для способности «{t['source_name']}» ({t['source']})",
                    context={"trigger": id(t), "kinds": list(kinds)})
                say(game, "decision", "trigger_target_decision", [t["source"]], ["trigger_targets"], chooser=chooser,
                    source=t["source_name"], source_en=t.get("source_name_en") or t["source_name"])
                return False
        game.trigger_queue.pop(0)
        ab_id = game.numbered_id(f"{t['source']}-trig")
        lki = {**t["lki"], "_trigger_ability": t["ability"]} if t["ability"].get("if") or t["ability"].get("optional") else t["lki"]
        ab = Obj(id=ab_id, owner=t["controller"], controller=t["controller"], zone="stack",
                 name_ru=f"Способность «{t['source_name']}»", name_en=f"{t['source_name_en']} ability",
                 effects=tuple(t["ability"].get("effects", ())), spell_targets=tuple(kinds),
                 stack_kind="ability", source=t["source"], source_lki=lki, targets=chosen)
        game.objects[ab_id] = ab
        if shares is not None:
            other.announce(game, ab, shares)
        event_triggers.on_targeted(game, chosen, ab)   # "becomes the target" (603.2)
        game.stack.append(ab_id)
        ab.timestamp = game.next_ts()
        tgt = effects.describe_targets(game, chosen)
        say(game, "trigger_put", "triggers.put_pending_on_stack.trigger_put", [ab_id, t["source"]],
            ["trigger_put", "trigger_apnap", "apnap"] + (["trigger_targets"] if chosen else []),
            controller=t['controller'], ab=ab, tgt=tgt)
        game.passes = 0
    return True
