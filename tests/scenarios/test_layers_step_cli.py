"""`judge scenario step` explains every layer (613.1a-f, 613.3a-e): the text board lists it
under the permanent with its rule, and ``--json`` gives it in ``layers_explained``."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from judge_app.scenarios.cli import scenario

LIB = Path(__file__).resolve().parents[2] / "scenarios"

# (scenario file, object id, layer, a rule the explanation of that layer cites)
EVERY_LAYER = [
    ("copy/cr/706-4-shapeshifter-giant-growth.yaml", "shifter", "1", "613.1a"),
    ("layers/cr/613-5-act-of-treason.yaml", "bears", "2", "613.1b"),
    ("layers/mind-bend-honor-of-the-pure.yaml", "honor", "3", "613.1c"),
    ("layers/blood-moon-urborg.yaml", "urborg", "4", "613.1d"),
    ("layers/cr/613-4-honor-turns-white.yaml", "c", "5", "613.1e"),
    ("layers/cr/613-8-flying-timestamps.yaml", "c", "6", "613.1f"),
    ("layers/tarmogoyf-bolt.yaml", "goyf", "7a", "613.3a"),
    ("layers/cr/613-4-gray-ogre.yaml", "ogre", "7b", "613.3b"),
    ("layers/cr/613-4-gray-ogre.yaml", "ogre", "7c", "613.3c"),
    ("layers/cr/613-4-gray-ogre.yaml", "ogre", "7d", "613.3d"),
    ("layers/cr/613-3e-switch-twice.yaml", "c", "7e", "613.3e"),
]


def invoke(*args):
    return CliRunner().invoke(scenario, list(map(str, args)))


@pytest.mark.parametrize("path,oid,layer,rule", EVERY_LAYER, ids=[f"layer-{x[2]}" for x in EVERY_LAYER])
def test_step_explains_every_layer(path, oid, layer, rule):
    f = LIB / path
    total = len(json.loads(invoke("run", f, "--json").output)["events"])
    data = json.loads(invoke("step", f, "--at", total, "--json").output)
    obj = next(o for p in data["players"] for o in p["battlefield"] if o["id"] == oid)
    steps = [st for st in obj["layers_explained"] if st["layer"] == layer]
    assert steps, f"{path}: ({oid}) has no layer {layer}: {obj['layers_explained']}"
    assert any(rule in map(str, st["rules"]) for st in steps), steps
    text = invoke("step", f, "--at", total)
    assert text.exit_code == 0
    below = text.output.split(f"({oid})", 1)[1].split("\n  •", 1)[0]   # the lines under that permanent
    assert rule in below, below
