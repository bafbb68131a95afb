"""The election-night dashboard's common language: a game's public map as one tally of states.

Every map ruleset reads its public view into an `ElectoralTally` (bot/present/tallies/, reached through its
presenter's `electoral_tally`), so the dashboard (bot/present/dashboard.py) can count safe / lean / tied electoral votes,
find the tipping point and the biggest swing without knowing any game. What "safe" means is each game's own
(its `rule` line says it in words): a lead the next turn or two cannot plausibly overturn, measured in the
game's own unit (committed voters, cubes, votes, blocks, points).

Only public views are read: a tally is the same whichever seat could have asked, and holds no hand or sealed pick.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

Standing = Literal["safe", "lean", "tied"]


@dataclass(frozen=True)
class StateTally:
    """One state (or district) on the map as the public sees it now."""

    code: str
    ev: int
    leader: str | None  # the side ahead there; None when even, empty or not yet known
    margin: int = 0  # the leader's lead over the next side, in the game's unit (0 when tied)
    safe: bool = False  # the game's rule calls the lead safe (always with a leader)
    decided: bool = False  # won for good: no longer in play, or counted on election day
    note: str = ""  # a short public word shown with the state ("face down", "not in play yet")
    by_tie: bool = False  # even, and the game's tie rule gives it to `leader` (margin 0): counted for that side

    @property
    def standing(self) -> Standing:
        if self.leader is None:
            return "tied"
        return "safe" if self.safe or self.decided else "lean"

    def lead_for(self, side: str) -> float:
        """How far `side` is ahead here: + its margin where it leads, − the leader's where another leads, 0 if even;
        a state won for good is ± infinity (nothing can move it)."""
        if self.leader is None:
            return 0.0
        sign = 1 if self.leader == side else -1
        return sign * (float("inf") if self.decided else float(self.margin))


@dataclass(frozen=True)
class ElectoralTally:
    """A game's public map: its states, the sides in their order, and the number that wins."""

    sides: tuple[str, ...]  # the sides' keys in the game's order (seats, parties)
    names: dict[str, str]  # how each side is written on the dashboard
    states: tuple[StateTally, ...]
    to_win: int  # the electoral votes that win outright (a majority of all where the most votes win)
    unit: str  # what a margin counts, plural ("committed voters")
    rule: str  # the game's safe / lean rule in one line, shown under the dashboard
    banked: dict[str, int] = field(default_factory=dict)  # EV a side holds outside the states listed (a start score)
    stage: str = ""  # where the game is ("Turn 4 of 9"), public
    final: dict[str, int] | None = None  # the counted result, once the game is over
    winner: str | None = None

    @property
    def total(self) -> int:
        return sum(s.ev for s in self.states) + sum(self.banked.values())

    def name(self, side: str | None) -> str:
        return self.names.get(side or "", side or "")
