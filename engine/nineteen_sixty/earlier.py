"""What a 1960 state kept as text while its rules worded the bag's last draw: `last_draws` as lines (`KEN in OH
(campaigning): BRB`, `NIX to advertise: R-`, `initiative: RBR`); and, until later, the reason an Election Day
event's paused effect keeps (`why` among its frame's locals) in words. The earlier layout (ruleset.py) puts them back
so a record made then still verifies, and `load_state` reads a state stored then (its draws read back from their
lines, the reason from its words). The text is made here as it was, apart from the words players read, so those
words may change and records still verify. Also a line as worded then, for a record's public lines and the lines
a state held while it kept the posting: a momentum total written bare, as "momentum (2)"."""
from __future__ import annotations

import re
from typing import Any

COLOUR = {"K": "B", "N": "R", "": "-"}
_SIDE = {"B": "K", "R": "N", "-": ""}
# A check's reason, as a stored line said it then (any other reason was said as it is).
SAID_THEN = {"strategy": "Campaign Strategy", "election_day": "Election Day"}
# A paused effect's reason, as the state kept it then where the rules named it in words.
REASON_THEN = {"election_day": "Election Day"}
REASON_IN_WORDS = '"why":"Election Day"'  # how a state stored then shows it
_READ = {v: k for k, v in SAID_THEN.items()}
_MOMENTUM_NOW = re.compile(r"momentum \(now ([0-9]+)\)")
_LINE = re.compile(r"(?:(?P<seat>KEN|NIX) (?:to advertise|in (?P<place>\S+) \((?P<why>.+)\))|initiative): "
                   r"(?P<drawn>[BR-]+|nothing)")


def said_then(text: str) -> str:
    """A line as the words of then said it: a momentum total without "now"."""
    return _MOMENTUM_NOW.sub(r"momentum (\1)", text)


def draws_then(data: dict[str, Any]) -> None:
    """A state's dump, in place, with its last draws as the lines stored then (and the reason in words, as then)."""
    if "last_draws" in data:
        data["last_draws"] = [_line(x) for x in data["last_draws"]]
    reason_then(data)


def reason_then(data: dict[str, Any]) -> None:
    """A state's dump, in place, with a paused Election Day event's reason in the words stored then."""
    _reasons(data, REASON_THEN)


def reason_as_now(data: dict[str, Any]) -> None:
    """A state's dump stored then, in place, with a paused effect's reason in words read back to its id."""
    _reasons(data, {words: reason for reason, words in REASON_THEN.items()})


def _reasons(data: dict[str, Any], into: dict[str, str]) -> None:
    for frame in (data.get("effect") or {}).get("frames", []):
        why = frame.get("locals", {}).get("why")
        if why in into:
            frame["locals"]["why"] = into[why]


def read_as_now(data: dict[str, Any]) -> None:
    """A state's dump stored then, in place, with its lines read back into draws (and its reason to its id)."""
    data["last_draws"] = [_draw(x) if isinstance(x, str) else x for x in data.get("last_draws", [])]
    reason_as_now(data)


def _line(x: dict[str, Any]) -> str:
    drawn = "".join(COLOUR[d] for d in x["drawn"]) or "nothing"
    if x.get("seat") is None:
        return f"initiative: {drawn}"
    said = "to advertise" if x.get("place") is None else f"in {x['place']} ({SAID_THEN.get(x['why'], x['why'])})"
    return f"{x['seat']} {said}: {drawn}"


def _draw(line: str) -> dict[str, Any]:
    found = _LINE.fullmatch(line)
    if found is None:
        raise ValueError(f"a stored draw that cannot be read: {line!r}")
    drawn = [] if found["drawn"] == "nothing" else [_SIDE[d] for d in found["drawn"]]
    if found["seat"] is None:
        return {"why": "initiative", "drawn": drawn}
    why = "advertise" if found["place"] is None else _READ.get(found["why"], found["why"])
    return {"seat": found["seat"], "place": found["place"], "why": why, "drawn": drawn}
