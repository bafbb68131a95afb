"""Standing rules: the `modify` / `forbid` / `restrict` ops of candidates' passive abilities and of
passive politicks in play (Super PAC), read from the content and applied to an action's numbers, and the
candidates' special standing rules (the Genius's ties, hand size, the Party Favorite's free voters, the
Populist's free issue; Frequent Flyer's extra state). Triggered, setup and declared abilities run as
interpreter procs (effects.CANDIDATE_ABILITIES / DECLARED_ABILITIES).
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any, Iterator

from engine.campaign_trail import content as content_mod


class Standing:
    """A seat's standing rules, merged: the `modify` ops by the (action, stat) they change, the (action, feature)
    pairs forbidden, and the first `restrict` op of each action; its candidate's first, then those of the politicks
    in play on it (`_tabled`'s order)."""

    __slots__ = ("mods", "forbids", "restricts")

    def __init__(self, candidate: str | None, tabled: tuple[tuple[str, bool], ...]) -> None:
        mods: dict[tuple[str, str], tuple[dict[str, Any], ...]] = {}
        forbids: set[tuple[str, Any]] = set()
        restricts: dict[str, dict[str, Any]] = {}
        sources = [_candidate_passive(candidate)] if candidate else []
        sources += [_politick_passive(pid, rival) for pid, rival in tabled]
        for ops in sources:
            for op, p in ops:
                if op == "modify":
                    key = (p["action"], p["stat"])
                    mods[key] = (*mods.get(key, ()), p)
                elif op == "forbid":
                    forbids.add((p["action"], p.get("feature")))
                elif op == "restrict":
                    restricts.setdefault(p["action"], p)
        self.mods, self.forbids, self.restricts = mods, frozenset(forbids), restricts


def standing(s: Any, seat: str) -> Standing:
    """The seat's standing rules now (`Standing`): read from its candidate and the working politicks in play on it,
    merged once for each such set (asked many times a step); kept where the state keeps them (`_standing`: while the
    search asks of one position, and through a step, which drops them wherever they change: `forget`)."""
    kept = s.__pydantic_private__["_standing"]
    if kept is None:
        return _standing(s.players[seat].candidate, _tabled(s, seat))
    found = kept.get(seat)
    if found is None:
        found = kept[seat] = _standing(s.players[seat].candidate, _tabled(s, seat))
    return found


def forget(s: Any) -> None:
    """A candidate chosen or a politick put in play, set working or taken away: the standing rules kept for the
    step (`standing`) are read afresh. A new dict, never the old one cleared: a copy may share it."""
    kept = s.__pydantic_private__
    if kept["_standing"] is not None:
        kept["_standing"] = {}


def _tabled(s: Any, seat: str) -> tuple[tuple[str, bool], ...]:
    """The working politicks in play with standing rules on this seat, each with whether a rival tabled it: the
    seat's own and its rivals' (a running mate's politicks are theirs alone), in seat order; the politicks without a
    standing rule are left out unread."""
    players = s.players
    party = players[seat].party
    passive = _passive()
    out: tuple[tuple[str, bool], ...] = ()
    for x, p in players.items():
        table = p.table
        if table and (x == seat or p.party != party):
            rival = p.party != party
            for tab in table:
                if tab.politick in passive and tab.active:
                    out += ((tab.politick, rival),)
    return out


@lru_cache(maxsize=None)
def _standing(candidate: str | None, tabled: tuple[tuple[str, bool], ...]) -> Standing:
    return Standing(candidate, tabled)


def stat(s: Any, seat: str, action: str, name: str, base: int, *, replaced: int | None = None) -> int:
    """`base` changed by every matching modifier: `order: base` first, then the others, `order: last` last.
    `replaced`: a price something else puts instead of the base one (Local Funds Dry Up's $0 campaign), after the
    base changes and before the others."""
    mods = standing(s, seat).mods.get((action, name))
    if not mods:
        return base if replaced is None else replaced
    value = base
    for phase in ("base", None, "last"):
        if phase is None and replaced is not None:
            value = replaced
        for p in mods:
            if p.get("order") == phase or (phase is None and p.get("order") not in ("base", "last")):
                value = p["set"] if "set" in p else value + p["add"]
    return value


@lru_cache(maxsize=None)
def _politick_passive(pid: str, rival: bool) -> tuple[tuple[str, dict[str, Any]], ...]:
    """A politick's standing rules on a seat: on its owner's (`rival` False) or on the owner's opponents."""
    pol = content_mod.load().politicks[pid]
    if pol.timing.event != "passive":
        return ()
    return tuple((name, params) for name, params in pol.effect if (params.get("party") == "opponents") == rival)


def forbidden(s: Any, seat: str, action: str, feature: str) -> bool:
    return (action, feature) in standing(s, seat).forbids


def restriction(s: Any, seat: str, action: str) -> dict[str, Any] | None:
    """The first `restrict` op on this action among the seat's standing rules: its candidate's, then the politicks'
    in play on it (`_tabled`'s order)."""
    return standing(s, seat).restricts.get(action)


@lru_cache(maxsize=1)
def _passive() -> frozenset[str]:
    """The politicks with a standing rule (on their owner's seat or on its opponents')."""
    return frozenset(pid for pid in content_mod.load().politicks
                     if any(name in ("modify", "forbid", "restrict")
                            for rival in (False, True) for name, _ in _politick_passive(pid, rival)))


# ---------------------------------------------------------------- candidates' special standing rules


def party_candidates(s: Any, party: str) -> list[str]:
    return [p.candidate for p in s.players.values() if p.party == party and p.candidate]


def tiebreak_first(s: Any) -> str | None:
    """The party whose candidate wins ties (`modify scoring tiebreak: first`: the Genius), if any."""
    firsts = _tiebreak_candidates()
    for p in s.players.values():
        if p.candidate in firsts:
            return p.party
    return None


@lru_cache(maxsize=None)
def _candidate_passive(cid: str) -> tuple[tuple[str, dict[str, Any]], ...]:
    """A candidate's passive ops (content is loaded once, so this never goes stale)."""
    return tuple(_candidate_ops(content_mod.load(), cid))


@lru_cache(maxsize=1)
def _tiebreak_candidates() -> frozenset[str]:
    c = content_mod.load()
    return frozenset(cid for cid in c.candidates
                     if any(op == "modify" and q["action"] == "scoring" and q["stat"] == "tiebreak"
                            for op, q in _candidate_ops(c, cid)))


def _candidate_ops(c: Any, cid: str) -> Iterator[tuple[str, dict[str, Any]]]:
    cand = c.candidates[cid]
    for ability in (cand.advantage, cand.disadvantage):
        if ability.timing.event == "passive":
            yield from ((name, params) for name, params in ability.effect)


def tie_winner(s: Any, tied: list[str], top: int, stars: tuple[str, ...]) -> str | None:
    """The Genius wins every tie it is part of; a 0-0 tie only where it holds one of the state's stars."""
    first = tiebreak_first(s)
    if first is None or first not in tied or (top == 0 and first not in stars):
        return None
    return first


def hand_size(s: Any, seat: str) -> int:
    """Cards a refill draws up to: 5, or the Experienced Candidate's 6."""
    return stat(s, seat, "hand", "size", 5)


def free_voters(s: Any, seat: str) -> int:
    """Voters each of the seat's actions places from the undecided supply instead of its registered voters
    (the Party Favorite: 2)."""
    return stat(s, seat, "any", "free_voters", 0)


def free_extra_issues(s: Any, seat: str) -> int:
    """Issues not on the card an advertise action may add for free once it has bought one (the Populist: 1)."""
    return stat(s, seat, "advertise", "free_extra_issues", 0)


def travel_bonus(s: Any, seat: str) -> int:
    """Extra states a travel action may move (Frequent Flyer in play: 1)."""
    return 1 if has_active(s, seat, "frequent_flyer") else 0


def has_active(s: Any, seat: str, pid: str) -> bool:
    """The seat has this politick on its table, working (from its owner's turn after it was played)."""
    return any(tab.politick == pid and tab.active for tab in s.players[seat].table)


def running_mate(s: Any, seat: str) -> str | None:
    """The other seat of the seat's party in a team game (None for a one-player party)."""
    party = s.players[seat].party
    return next((x for x, p in s.players.items() if p.party == party and x != seat), None)
