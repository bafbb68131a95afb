"""Standing rules: the `modify` / `forbid` / `restrict` ops of candidates' passive abilities and of
passive politicks in play (Super PAC), read from the content and applied to an action's numbers.

Only passive effects are read here. Candidates' triggered, setup, debate and scoring abilities are not
in this slice (see the report / docs/rulings.md); their passive halves already apply.
"""
from __future__ import annotations

from typing import Any, Iterator

from engine.campaign_trail import content as content_mod


def _passive_ops(s: Any, seat: str) -> Iterator[tuple[str, dict[str, Any]]]:
    c = content_mod.load()
    me = s.players[seat]
    if me.candidate:
        cand = c.candidates[me.candidate]
        for ability in (cand.advantage, cand.disadvantage):
            if ability.timing.event == "passive":
                for name, params in ability.effect:
                    yield name, params
    for tab in me.table:
        pol = c.politicks[tab.politick]
        if tab.active and pol.timing.event == "passive":
            for name, params in pol.effect:
                yield name, params


def stat(s: Any, seat: str, action: str, name: str, base: int) -> int:
    """`base` changed by every matching modifier: `order: base` first, then the others, `order: last` last."""
    mods = [p for op, p in _passive_ops(s, seat) if op == "modify" and p["action"] == action and p["stat"] == name]
    value = base
    for phase in ("base", None, "last"):
        for p in mods:
            if p.get("order") == phase or (phase is None and p.get("order") not in ("base", "last")):
                value = p["set"] if "set" in p else value + p["add"]
    return value


def forbidden(s: Any, seat: str, action: str, feature: str) -> bool:
    return any(op == "forbid" and p["action"] == action and p.get("feature") == feature for op, p in _passive_ops(s, seat))


def restriction(s: Any, seat: str, action: str) -> dict[str, Any] | None:
    for op, p in _passive_ops(s, seat):
        if op == "restrict" and p["action"] == action:
            return p
    return None
