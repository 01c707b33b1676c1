"""Scenario pages (placeholder until the stepper lands)."""
from flask import Blueprint, render_template

scenarios = Blueprint("scenarios", __name__)


@scenarios.get("/scenarios")
def library():
    return render_template("scenarios.html", items=[], tags=[], tag=None, q="")
