"""Campaign Manager 2008's states as stored while the state kept its outcome's reason (`reason`, after `draw`) and
its last roll (`last_dice`, where `last_roll` is now) as text: what they become now. The words of then are put back
for a record made then by the earlier layout's restore (words_earlier.py)."""
from __future__ import annotations

import json
import re

from engine.campaign_manager_2008.primitives import c

# a Going Negative roll as the state once kept it: `MCC rolled 4 (Going Negative)`
ROLLED = re.compile(r"^(?P<seat>[A-Z]+) rolled (?P<face>[0-9]+) \(Going Negative\)$")


def without_words(data: str) -> str:
    """A state's JSON stored with the reason and the roll as text, as the state keeps them now: no reason (the words
    make it again from the finished state) and the roll as who rolled which face, in the roll's place."""
    old = json.loads(data)
    new = {}
    for key, value in old.items():
        if key == "reason":
            continue
        if key == "last_dice":
            rolled = ROLLED.match(value[-1]) if value else None
            new["last_roll"] = None if rolled is None else {
                "seat": rolled["seat"], "faces": [int(rolled["face"])], "sides": c().rules.die_faces}
            continue
        new[key] = value
    return json.dumps(new, ensure_ascii=False)
