"""The full state of a Presidential Election game (secret parts included: deck orders, the returned
Advantage cards). Players only ever see views.py's redaction of it."""
from __future__ import annotations

from typing import Literal

from pydantic import Field

from engine.core.frames import FrameStack
from engine.core.types import Strict
from engine.core.rng import Randomness

Phase = Literal["order", "first_choice", "home", "advantage", "play", "over"]
TaskKind = Literal["vp", "convention", "free_tv", "debate", "stake", "place", "effect"]
Buying = Literal["ballot", "sign", "tv", "fly"]
# What a die was rolled for: a candidate's own roll, the d3 of fundraising, a campaign's dice, or a roll-off's d6.
RolledFor = Literal["opening_roll", "trail", "debate", "fundraising_space", "fundraising", "sign", "tv", "recount",
                    "house", "national_debate"]


class Options(Strict):
    era: Literal[1960, 2004, 2012, 2024] = 2024  # which electoral-vote column counts
    deadline_hours: int = Field(default=48, ge=1, le=24 * 14)


class Player(Strict):
    home: str | None = None
    votes: dict[str, int] = Field(default_factory=dict)  # the states whose ballot the player is on
    money: int = 0  # $1k
    trail: int = 0  # space index on the Campaign Trail
    map_at: str | None = None  # the Election Map token's state
    advantage: str | None = None  # the kept Advantage card (public)
    offer: list[str] = Field(default_factory=list)  # the private 3-card draw while choosing
    returned: list[str] = Field(default_factory=list)  # the two put back: this player's private knowledge
    conventions: int = 0  # Party Convention landings so far
    turns: int = 0
    finished: bool = False  # came round to Election Day


class Task(Strict):
    """Something the current turn must settle before it goes on, first in the queue first."""

    kind: TaskKind
    seat: str  # who decides (for a stake, the seat that caused the National Debate)
    n: int = 0  # votes to place / ballots still to take
    target: str | None = None  # debate: the other debater
    state: str | None = None  # debate: where (fixed for a flown debate)
    accepted: bool = False  # debate: the initiator went ahead
    cause: str = ""  # why, an id or token (space, token, flight, a card id, land, pass, national_debate)
    stakes: dict[str, int] = Field(default_factory=dict)  # National Debate: votes each seat still owes
    staked: dict[str, int] = Field(default_factory=dict)  # National Debate: votes each seat put in
    among: list[str] = Field(default_factory=list)  # effect: the states a paused card offers


class TurnState(Strict):
    stage: Literal["roll", "campaign"] = "roll"
    spent: int = 0  # $1k spent on purchases this turn (free items do not count)
    flown: bool = False
    free_airfare: bool = False
    free_airfare_card: str | None = None  # the Campaign card that made it free, named by the Airfare option
    buying: Buying | None = None  # a purchase whose state is being chosen
    start_map: dict[str, str] = Field(default_factory=dict)  # map tokens when the turn began
    pending_move: int = 0  # a card's move, made once the card is done
    card: str | None = None  # the Campaign card being resolved


class Roll(Strict):
    """One roll of the last step that rolled: `who` rolled `faces` of `sides`-sided dice, plus `bonus`, for `what`
    (in the state `where`, if any)."""

    who: str
    faces: list[int]
    sides: int
    bonus: int = 0
    what: RolledFor
    where: str | None = None


class PEState(Strict):
    ruleset: Literal["presidential_election"] = "presidential_election"
    seats: list[str]
    options: Options
    randomness: Randomness
    phase: Phase = "order"
    order: list[str] = Field(default_factory=list)  # turn order, clockwise from the first player
    rolloff: list[str] = Field(default_factory=list)  # seats still in the opening roll
    opening: dict[str, int] = Field(default_factory=dict)  # this pass of the opening roll
    players: dict[str, Player]
    round: int = 1
    turn_index: int = 0
    turn: TurnState = Field(default_factory=TurnState)
    tasks: list[Task] = Field(default_factory=list)
    effect: FrameStack = Field(default_factory=FrameStack)
    deck: list[str] = Field(default_factory=list)  # Campaign deck, top first (secret order)
    discard: list[str] = Field(default_factory=list)
    adv_deck: list[str] = Field(default_factory=list)  # Advantage deck (secret order)
    last_round: bool = False
    ended_by: str | None = None  # the first seat back on Election Day
    rolls: list[Roll] = Field(default_factory=list)  # the last step's rolls, with faces
    carried: dict[str, str] = Field(default_factory=dict)  # at the end: state -> who took its electors
    scores: dict[str, int] = Field(default_factory=dict)
    winner: str | None = None

    @property
    def current(self) -> str | None:
        if self.phase != "play" or not self.order:
            return None
        return self.order[self.turn_index]
