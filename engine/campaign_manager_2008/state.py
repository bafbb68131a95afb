"""The full state of a Campaign Manager 2008 game, secrets included (draft pools and picks, hands, deck
orders, the Breaking News order, a sealed starting pick). Players only ever see views.py's redaction."""
from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from engine.core.frames import FrameStack
from engine.core.types import Strict
from engine.core.rng import Randomness
from engine.core.windows import Simultaneous

Phase = Literal["draft", "states", "play", "over"]
SEATS: tuple[str, str] = ("OBA", "MCC")


class Options(Strict):
    deck: Literal["draft", "starter"] = "draft"  # starter: the starred cards and starting states
    first: Literal["random", "OBA", "MCC"] = "random"  # who opens a starter game (a draft: the first done)
    deadline_hours: int = Field(default=48, ge=1, le=24 * 14)


class Side(Strict):
    pool: list[str] = Field(default_factory=list)  # draft: the cards not yet looked at (secret order)
    offer: list[str] = Field(default_factory=list)  # draft: the three being looked at
    kept: list[str] = Field(default_factory=list)  # draft: kept so far (secret)
    removed: list[str] = Field(default_factory=list)  # draft: put out of the game face down (secret, always)
    deck: list[str] = Field(default_factory=list)  # top first (secret order)
    hand: list[str] = Field(default_factory=list)  # secret
    discard: list[str] = Field(default_factory=list)  # face up
    picks: list[str] = Field(default_factory=list)  # starting states chosen so far (secret until revealed)
    won: list[str] = Field(default_factory=list)  # states won, in order
    score: int = 0


class Row(Strict):
    """A row of voter blocks as counts: McCain's, Obama's and the untouched (undecided) white ones. A white
    block once tokened counts as that side's from then on, and can only change hands, never be undecided."""

    R: int = 0
    B: int = 0
    W: int = 0


class Tile(Strict):
    code: str
    defense: Row
    economy: Row
    issue: int  # issue-track space: 0–1 point to Defense, 2–3 to Economy
    key: str  # the key demographic group


class Turn(Strict):
    seat: str
    card: str | None = None  # the card being played
    cost_left: int = 0  # cards still to discard for the card's cost
    cost_any: bool = False  # "discard any number": `done` stops
    discarded: list[str] = Field(default_factory=list)  # paid for the cost (to the discard at the turn's end)
    stage: Literal["action", "cost", "effect", "negative", "over"] = "action"


class Roll(Strict):
    """A roll of the dice: who rolled (`seat`), the `faces` shown, the dice's `sides` and what it was for
    (`negative`: the Going Negative roll after a card with it)."""

    seat: str
    faces: list[int]
    sides: int
    what: Literal["negative"] = "negative"


class CMState(Strict):
    ruleset: Literal["campaign_manager_2008"] = "campaign_manager_2008"
    seats: list[str]
    options: Options
    randomness: Randomness
    phase: Phase = "draft"
    sides: dict[str, Side]
    first: str | None = None  # who plays first (a draft: the first to finish it)
    sealed: Simultaneous = Field(default_factory=lambda: Simultaneous(seats=list(SEATS)))
    in_play: list[Tile] = Field(default_factory=list)  # up to four, in table order
    pool: list[str] = Field(default_factory=list)  # states not yet in play (public)
    news: list[str] = Field(default_factory=list)  # Breaking News deck (secret order)
    media: dict[str, str] | None = None  # {"card": id, "owner": side} — the Media Support on the table
    turn: Turn | None = None
    effect: FrameStack = Field(default_factory=FrameStack)
    # the decision the effect waits for: {kind, seat, among} and the facts of its question (waits.py)
    wait: dict[str, Any] | None = None
    pending_wins: list[str] = Field(default_factory=list)
    pending_winner: dict[str, str] = Field(default_factory=dict)  # who won each pending state, at that moment
    last_news: str | None = None
    last_negative: int | None = None  # the Going Negative face last rolled
    last_roll: Roll | None = None  # the last roll made, whatever step made it
    winner: str | None = None
    draw: bool = False

    def other(self, seat: str) -> str:
        return SEATS[1] if seat == SEATS[0] else SEATS[0]

    def tile(self, code: str) -> Tile | None:
        for t in self.in_play:
            if t.code == code:
                return t
        return None
