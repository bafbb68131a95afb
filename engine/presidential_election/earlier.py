"""What a Presidential Election state kept as text while its rules worded its dice and its end: `last_dice` (each
roll a line, at the place of `rolls`) and `reason` (after `winner`; empty until the game ended), each at its place
(the hash of a state of then is of its JSON, key order and all); and, until later, the National Debate's votes to
place kept their task's cause as the debate's name. The earlier layout (ruleset.py) puts them back so a
record made then still verifies, and `load_state` reads a state stored then (its rolls read back from their lines).
The text is made here as it was, apart from the words players read, so those words may change and records still
verify."""
from __future__ import annotations

import re
from typing import Any

# What a roll was for, as a stored line said it then.
SAID_THEN = {"opening_roll": "opening roll", "trail": "trail", "debate": "debate",
             "fundraising_space": "Fundraising space", "fundraising": "fundraising", "sign": "Sign Campaign",
             "tv": "Television Campaign", "recount": "recount", "house": "House of Representatives",
             "national_debate": "National Debate"}
_READ = {v: k for k, v in SAID_THEN.items()}
_LINE = re.compile(r"(?P<who>\S+) rolled (?P<faces>[0-9]+(?:\+[0-9]+)*)(?: = [0-9]+)?(?: \+(?P<bonus>[0-9]+))? "
                   r"\(d(?P<sides>[0-9]+), (?P<what>.+?)(?: in (?P<where>[A-Z]{2}))?\)")


# A task's cause, as a state stored it then where it is an id now.
CAUSE_THEN = {"national_debate": "National Debate"}
_CAUSE_NOW = {v: k for k, v in CAUSE_THEN.items()}


def causes_then(data: dict[str, Any]) -> None:
    """A state's dump, in place, with its tasks' causes as stored then (the rolls kept as facts already)."""
    for task in data.get("tasks", []):
        task["cause"] = CAUSE_THEN.get(task.get("cause", ""), task.get("cause", ""))


def laid_out_then(data: dict[str, Any]) -> None:
    """A state's dump, in place, as stored then: its rolls as lines at their place, the outcome's reason after
    the winner, and its tasks' causes as kept then."""
    causes_then(data)
    out: dict[str, Any] = {}
    for key, value in data.items():
        if key == "rolls":
            out["last_dice"] = [_line(roll) for roll in value]
            continue
        out[key] = value
        if key == "winner":
            out["reason"] = _reason(data)
    data.clear()
    data.update(out)


def read_as_now(data: dict[str, Any]) -> None:
    """A state's dump stored then, in place, as the state keeps it now: its lines read back into rolls, the reason
    dropped (the outcome makes it from the scores), its tasks' causes as ids."""
    data.pop("reason", None)
    for task in data.get("tasks", []):
        task["cause"] = _CAUSE_NOW.get(task.get("cause", ""), task.get("cause", ""))
    if "last_dice" in data:
        data["rolls"] = [_roll(line) for line in data.pop("last_dice")]


def _line(roll: dict[str, Any]) -> str:
    faces = roll["faces"]
    text = f"rolled {faces[0]}" if len(faces) == 1 else f"rolled {'+'.join(map(str, faces))} = {sum(faces)}"
    bonus = f" +{roll['bonus']}" if roll.get("bonus") else ""
    what = SAID_THEN[roll["what"]] + (f" in {roll['where']}" if roll.get("where") else "")
    return f"{roll['who']} {text}{bonus} (d{roll['sides']}, {what})"


def _roll(line: str) -> dict[str, Any]:
    found = _LINE.fullmatch(line)
    if found is None or found["what"] not in _READ:
        raise ValueError(f"a stored roll that cannot be read: {line!r}")
    return {"who": found["who"], "faces": [int(x) for x in found["faces"].split("+")], "sides": int(found["sides"]),
            "bonus": int(found["bonus"] or 0), "what": _READ[found["what"]], "where": found["where"]}


def _reason(data: dict[str, Any]) -> str:
    scores, order = data.get("scores") or {}, data.get("order") or []
    if data.get("phase") != "over" or data.get("winner") is None or not scores:
        return ""
    top = max(scores.values())
    tally = ", ".join(f"{seat} {scores[seat]}" for seat in order)
    if sum(1 for n in scores.values() if n == top) > 1:
        return f"tied at {top} electoral votes, chosen by the House roll ({tally})"
    return f"most electoral votes ({tally})"
