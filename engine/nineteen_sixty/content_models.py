"""1960's data vocabulary: its constants (sides, regions and their travel graph, issues, totals) and the strict
models each data file validates against item by item (data/nineteen_sixty/, loaded by content.py)."""
from __future__ import annotations

from typing import Any, Literal

from pydantic import Field, model_validator

from engine.content import ContentModel

BASE = "nineteen_sixty"
Side = Literal["K", "N"]
SIDES: tuple[str, ...] = ("K", "N")
NAMES = {"K": "Kennedy", "N": "Nixon"}
Region = Literal["E", "MW", "S", "W"]
REGIONS: tuple[str, ...] = ("E", "MW", "S", "W")
REGION_NAMES = {"E": "East", "MW": "Midwest", "S": "South", "W": "West"}
# the spec's membership table (docs/content/nineteen_sixty.md): every rulebook example fits it
REGION_EV = {"E": 153, "MW": 153, "S": 146, "W": 85}
# every pair of regions borders except West–East (rulebook B1, "Moving the Candidate Token")
BORDERS = {"E": {"MW", "S"}, "MW": {"E", "S", "W"}, "S": {"E", "MW", "W"}, "W": {"MW", "S"}}
POCKETS = {"AK": "W", "HI": "W"}  # travel-only boundaries, each off the West
Issue = Literal["defense", "economy", "civil_rights"]
ISSUES: tuple[str, ...] = ("defense", "economy", "civil_rights")
ISSUE_NAMES = {"defense": "Defense", "economy": "Economy", "civil_rights": "Civil Rights"}
TOTAL_EV = 537
EDGE_EV = {"K": 317, "N": 220}  # the 1960 popular-vote winners, AL and MS counted for Kennedy
CARD_COUNT = 97
ELECTION_DAY_EVENTS = (5, 7)  # "about 6" (spec §2)

Persistent = Literal["none", "debate", "election_day", "prevention"]


def other(side: str) -> str:
    return "N" if side == "K" else "K"



# ------------------------------------------------------------------------------------ models


class Seats(ContentModel):
    K: str
    N: str


class PerHalf(ContentModel):
    before_debates: int = Field(ge=1)
    after_debates: int = Field(ge=1)


class MarginStep(ContentModel):
    at_least: float = Field(gt=0)
    cubes: int = Field(ge=1, le=4)


class StartRule(ContentModel):
    cubes_by_margin: list[MarginStep] = Field(min_length=1)

    def cubes(self, margin: float) -> int:
        return next((s.cubes for s in sorted(self.cubes_by_margin, key=lambda s: -s.at_least)
                     if abs(margin) >= s.at_least), 0)


class Rules(ContentModel):
    seats: Seats
    turns: int = Field(ge=1)
    debate_turn: int = Field(ge=1)
    election_turn: int = Field(ge=1)
    activity_phases: int = Field(ge=1)
    hand_size: PerHalf
    strategy_cards: PerHalf
    debate_cards: int = Field(ge=1)
    election_cards: int = Field(ge=1)
    election_checks_per_card: int = Field(ge=1)
    bag_start: int = Field(ge=1)
    bag_reseed: int = Field(ge=1)
    momentum_start: int = Field(ge=0)
    momentum_decay_divisor: int = Field(ge=2)
    momentum_cubes: int = Field(ge=1)
    preempt_cost: int = Field(ge=1)
    trigger_cost: int = Field(ge=1)
    candidate_cp: int = Field(ge=1)
    travel_cost: int = Field(ge=1)
    position_first_cost: int = Field(ge=1)
    position_more_cost: int = Field(ge=1)
    lead: int = Field(ge=1)
    carry: int = Field(ge=1)
    debate_rewards: list[int] = Field(min_length=3, max_length=3)
    ev_total: int
    ev_to_win: int
    campaign_cards: int
    endorsement_cards: int
    home: dict[Side, str]
    start_rule: StartRule

    @property
    def turns_before_debates(self) -> int:
        return self.debate_turn - 1

    @property
    def turns_after_debates(self) -> int:
        return self.election_turn - self.debate_turn - 1


class RegionDef(ContentModel):
    id: Region
    name: str = Field(min_length=1)
    borders: list[Region] = Field(min_length=1)
    ev: int = Field(ge=1)
    states: list[str] = Field(min_length=1)


class Pocket(ContentModel):
    state: str = Field(pattern=r"^[A-Z]{2}$")
    via: Region  # the one region it is entered from and left to


class RegionsFile(ContentModel):
    regions: list[RegionDef]
    pockets: list[Pocket]


class State(ContentModel):
    code: str = Field(pattern=r"^[A-Z]{2}$")
    name: str = Field(min_length=1)
    ev: int = Field(ge=3, le=45)
    region: Region
    margin: float = Field(ge=-100, le=100)  # Kennedy's share minus Nixon's, points
    edge: Side
    start: dict[Side, int]

    @model_validator(mode="after")
    def _one_colour(self) -> State:
        if len(self.start) > 1:
            raise ValueError("a state starts with one colour at most")
        if any(n < 1 for n in self.start.values()):
            raise ValueError("write a starting count of at least 1, or leave `start: {}`")
        return self

    @property
    def start_side(self) -> str | None:
        return next(iter(self.start), None)


class IssueDef(ContentModel):
    id: Issue
    name: str = Field(min_length=1)
    start: int = Field(ge=1, le=3)  # slot on the Issues Track, 1 = the top


class Reward(ContentModel):
    slot: int = Field(ge=1, le=3)
    momentum: int = Field(ge=0)
    endorsements: int = Field(ge=0)
    either: bool  # the leader takes one of the two, not both


class IssuesFile(ContentModel):
    issues: list[IssueDef]
    rewards: list[Reward]


class Candidate(ContentModel):
    id: Side
    seat: str
    name: str = Field(min_length=1)
    home: str = Field(pattern=r"^[A-Z]{2}$")
    cp: int = Field(ge=1)
    text: str = Field(min_length=1)
    exhausted_text: str = Field(min_length=1)


class Endorsement(ContentModel):
    id: int = Field(ge=1)
    region: Literal["E", "MW", "S", "W", "any"]
    name: str = Field(min_length=1)


class Requires(ContentModel):
    """When the card may be played as an event (or triggered): a candidate leads an issue, or from a turn on."""
    who: Side | None = None
    leads: Issue | None = None
    turn_from: int | None = Field(default=None, ge=2, le=8)

    @model_validator(mode="after")
    def _one(self) -> Requires:
        lead = self.who is not None and self.leads is not None
        half = (self.who is None) != (self.leads is None)
        if half or lead == (self.turn_from is not None):
            raise ValueError("requires is either {who, leads} or {turn_from}")
        return self


class Card(ContentModel):
    id: int = Field(ge=1)
    name: str = Field(min_length=1)
    cp: int = Field(ge=1, le=4)
    rest: int = Field(ge=0, le=2)
    icons: list[Side] = Field(min_length=1, max_length=2)
    debate_issue: Issue
    state: str = Field(pattern=r"^[A-Z]{2}$")  # the Election Day target of a Campaign Strategy card
    persistent: Persistent
    duration: Literal["instant", "turn"]
    prevents: list[int] = Field(default_factory=list)
    requires: Requires | None = None
    gm_region: Region | None = None
    vp: Side | None = None
    event: list[list[Any]] = Field(min_length=1)
    text: str = Field(min_length=1)
    history: str = Field(min_length=1)

    @model_validator(mode="after")
    def _consistent(self) -> Card:
        if len(set(self.icons)) != len(self.icons):
            raise ValueError("an icon is listed twice")
        if (self.persistent == "prevention") != bool(self.prevents):
            raise ValueError("a prevention event, and only it, lists the events it `prevents`")
        if self.persistent != "none" and self.duration != "instant":
            raise ValueError("a persistent event is not turn-long")
        if self.vp is not None and self.icons != [self.vp]:
            raise ValueError("a VP card shows only its own candidate's icon")
        if self.gm_region is not None and (sorted(self.icons) != ["K", "N"] or self.persistent != "none"):
            raise ValueError("a Gathering Momentum card shows both icons and is not persistent")
        return self

    @property
    def strategy_ok(self) -> bool:
        """May be set aside in the Campaign Strategy phase (Gathering Momentum cards may not)."""
        return self.gm_region is None


class Content(ContentModel):
    rules: Rules
    regions: dict[str, RegionDef]
    pockets: dict[str, str]
    states: dict[str, State]
    issues: dict[str, IssueDef]
    rewards: dict[int, Reward]
    candidates: dict[str, Candidate]
    endorsements: dict[int, Endorsement]
    cards: dict[int, Card]

    def region_states(self, region: str) -> list[str]:
        return [code for code, s in self.states.items() if s.region == region]

    def card_named(self, name: str) -> Card:
        return next(c for c in self.cards.values() if c.name == name)

