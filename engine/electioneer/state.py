"""The full, secret state of an Electioneer US game. Never shown to players: see views.py."""
from __future__ import annotations

from typing import Literal

from pydantic import AliasChoices, ConfigDict, Field

from engine.core.rng import BareRandomness
from engine.core.windows import Simultaneous
from engine.core.types import Strict

Phase = Literal["discard", "campaign", "swap", "election", "over"]


class Options(Strict):
    theatrics: Literal[0, 1, 3] = 3  # theatrics dealt to each player (the guide's variant: 1 or 0)
    deadline_hours: int = Field(default=48, ge=1, le=24 * 14)


class MarkerState(Strict):
    seat: str
    delta: int
    source: str


class Board(Strict):
    code: str
    issues: list[str]
    revealed: bool = False
    month: int | None = None
    winner: str | None = None
    played: dict[str, str] = Field(default_factory=dict)
    totals: dict[str, int] = Field(default_factory=dict)  # the month's contest
    election_totals: dict[str, int] = Field(default_factory=dict)
    carried_by: str | None = None  # who won the state on election day
    markers: list[MarkerState] = Field(default_factory=list)


class Player(Strict):
    hand: list[str]
    deck: list[str]
    theatrics: list[str]
    platform: list[str] = Field(default_factory=list)
    ready: bool = False
    known: dict[str, list[str]] = Field(default_factory=dict)  # face-down issues this seat has looked at
    # Every policy this seat has put on the bottom of its deck: it knows those cards sit there until drawn.
    buried: list[str] = Field(default_factory=list)


class ElectioneerState(Strict):
    model_config = ConfigDict(serialize_by_alias=True)  # `randomness` as `rng` (below)
    ruleset: Literal["electioneer"] = "electioneer"
    seats: list[str]
    options: Options
    # The deal's shuffles and the seed of every seal's salt (engine/core/rng.py). Stored (and hashed) as `rng`, the
    # splitmix64 integer alone, as every Electioneer game has been, so journals replay to the same state hashes and
    # seals to the same salts. Its count of draws is not stored: every loaded state counts from 0 alike. Forced
    # results (tests only) are stored with the integer when there are any.
    randomness: BareRandomness = Field(validation_alias=AliasChoices("rng", "randomness"), serialization_alias="rng")
    month: int
    phase: Phase
    order: list[str]
    boards: dict[str, Board]
    issue_deck: list[str]
    players: dict[str, Player]
    month_bonus: dict[str, int]
    # The momentum theatrics behind this month's bonus, in play order, so the reveal credits each its share.
    momentum: dict[str, list[str]] = Field(default_factory=dict)
    # This month's two secret choices: the discard is never revealed; the campaign policy is
    # committed (its digest public) and revealed when both are in.
    discards: Simultaneous = Field(default_factory=lambda: Simultaneous(seats=["DEM", "REP"]))
    campaigns: Simultaneous = Field(default_factory=lambda: Simultaneous(seats=["DEM", "REP"]))
    month_winner: str | None = None
    winner: str | None = None
    final: dict[str, int] = Field(default_factory=dict)


    @property
    def current(self) -> str | None:
        return self.order[self.month - 1] if 1 <= self.month <= len(self.order) else None
