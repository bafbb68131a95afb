"""Electioneer's cards in words (the contract's `card`): a policy by its effects on the issues, a theatric by its
own text."""
from __future__ import annotations

from engine.core.types import CardText
from engine.electioneer import content as content_mod


def effects_text(pid: str) -> str:
    """A policy's votes per issue in play, e.g. "Environment +2, Economy +1, Defense -1"."""
    c = content_mod.load()
    return ", ".join(f"{c.issues[i].name} {v:+d}" for i, v in c.policies[pid].effects.items())


def card(ref: str) -> CardText | None:
    c = content_mod.load()
    if ref in c.policies:
        p = c.policies[ref]
        return CardText(id=p.id, name=p.name, kind="policy",
                        text=f"A {p.party} policy. Played in a state's contest, it scores its value for each "
                             f"issue in play there: {effects_text(p.id)}.")
    if ref in c.theatrics:
        t = c.theatrics[ref]
        return CardText(id=t.id, name=t.name, kind="theatric", text=t.text)
    return None
