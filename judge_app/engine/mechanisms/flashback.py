"""Flashback's exile (702.34a; 2020: 702.33a): a spell cast with flashback — from a graveyard,
its flashback cost paid — is exiled instead of going anywhere else whenever it would leave the
stack: when it resolves, when it is countered, and when its own instruction would shuffle it
into its owner's library (Black Sun's Zenith, CR 701.24c's example 2: the library is shuffled
all the same, library_shuffles.py).

Casting from a graveyard is not played here: a board gives such a spell already on the stack,
``flashback: true`` beside ``spell:`` (a card that "has gained flashback", Recoup). The effect
travels with the spell on the stack (``choices["flashback"]``), through the replacement
pipeline's ``OWN_HOOKS``, and ends as it leaves (400.7).
"""

from __future__ import annotations

from judge_app.engine.kernel import replacement
from judge_app.engine.kernel.messages import Text, say
from judge_app.engine.kernel.replacement import Kind, src_en
from judge_app.engine.kernel.state import Game, Obj, ZONE_RU

KIND = "flashback_exile"


def _carried(obj: Obj) -> list:
    return [("flashback", KIND, {"flashback": True})] if obj.zone == "stack" and obj.choices.get("flashback") else []


def _applies(game: Game, e: dict, ev_: dict) -> bool:
    o = ev_["obj"]
    return e["source"] == o.id and o.zone == "stack" and ev_["to"] != "exile"


def _apply(game: Game, e: dict, ev_: dict) -> dict:
    o = ev_["obj"]
    say(game, "replace", "flashback.exile", [o.id], replacement.keys(ev_, ["replace_instead", "flashback"]), o=o,
        to=Text(ZONE_RU[ev_["to"]], ev_["to"]))
    return {**ev_, "to": "exile"}


replacement.OWN_HOOKS.append(_carried)
replacement.register(Kind(KIND, ("zone",), _applies, _apply,
                          lambda g, e: f"«{e['source_name']}» ({e['source']}): воспоминание — изгнать, куда бы он ни уходил со стека",
                          label_en=lambda g, e: f"{src_en(g, e)} ({e['source']}): flashback — exile it instead"))
