"""Campaign Trail's content models: one strict model per data file item (parties, states, the map,
cities, debate material, politicks, action and Dirty Politics cards, candidates), each checking what
it can alone, and CampaignTrailContent, the whole game's content with the look-ups the rules use.

content.py loads the files into these models and cross-checks them against each other.
"""
from __future__ import annotations

from collections import Counter
from typing import Any, ClassVar, Literal

from pydantic import Field, model_validator

from engine.campaign_trail.vocabulary import (
    ACTIONS, DIRTY_ACTIONS, ActionFilter, Affects, Event, Party, PolitickType, TravelMode, Trigger,
)
from engine.content import ContentModel

ID = r"^[a-z][a-z0-9_]*$"
STATE = r"^[A-Z]{2}$"


class PartyDef(ContentModel):
    id: Party
    name: str
    colour: str
    ethics: list[str] = Field(min_length=5, max_length=5)
    rationale: str


class RegionDef(ContentModel):
    id: str = Field(pattern=ID)
    name: str
    rationale: str


class StateDef(ContentModel):
    code: str = Field(pattern=STATE)
    name: str
    ev: int = Field(ge=3, le=55)
    region: str = Field(pattern=ID)
    tiebreak: list[Party] = Field(min_length=2, max_length=2)
    issues: list[str] = Field(min_length=1, max_length=2)
    callout: bool = False
    rationale: str

    @model_validator(mode="after")
    def _distinct(self) -> StateDef:
        if self.tiebreak[0] == self.tiebreak[1]:
            raise ValueError("primary and secondary tiebreaker must be different parties")
        if len(set(self.issues)) != len(self.issues):
            raise ValueError("an issue icon is listed twice")
        return self


class AdjacencyDef(ContentModel):
    states: list[str] = Field(min_length=2, max_length=2)
    kind: Literal["land", "point", "water", "arrow"]
    note: str = ""


class CityDef(ContentModel):
    id: str = Field(pattern=ID)
    name: str
    state: str = Field(pattern=STATE)


class DebateCityDef(ContentModel):
    id: str = Field(pattern=ID)
    name: str
    state: str = Field(pattern=STATE)
    venue: str


class DebateCategoryDef(ContentModel):
    id: str = Field(pattern=ID)
    name: str


class DebateIssueDef(ContentModel):
    id: str = Field(pattern=ID)
    name: str
    category: str = Field(pattern=ID)
    rationale: str


class DebateTopicDef(ContentModel):
    id: str = Field(pattern=r"^DT[0-9]{2}$")
    name: str
    categories: list[str] = Field(min_length=2, max_length=2)
    top: list[str] = Field(min_length=3, max_length=3)
    bottom: list[str] = Field(min_length=3, max_length=3)


class TimingDef(ContentModel):
    event: Event
    by: Trigger = "self"
    action: ActionFilter | None = None
    # the action's own dirty subset does not fire this trigger (e.g. Local Funds Dry Up vs smear campaign)
    standard_only: bool = False
    # only when the triggering action's listed states touch this state set (e.g. Intimidation)
    touches: str | None = None
    order: int = Field(default=0, ge=0, le=9)

    @model_validator(mode="after")
    def _consistent(self) -> TimingDef:
        action_events = {"action_declared", "action_taken"}
        if self.event in action_events and self.action is None:
            raise ValueError(f"event {self.event} needs an `action`")
        if self.event not in action_events and (self.action is not None or self.standard_only or self.touches):
            raise ValueError(f"`action`/`standard_only`/`touches` only apply to {sorted(action_events)}")
        return self


class PolitickDef(ContentModel):
    id: str = Field(pattern=ID)
    name: str
    type: PolitickType
    dirty: bool = False
    timing: TimingDef
    requires: list[Any] | None = None
    play: list[Any] = Field(default_factory=list)
    effect: list[Any] = Field(min_length=1)
    text: str
    rationale: str

    @model_validator(mode="after")
    def _type_matches_timing(self) -> PolitickDef:
        e, by = self.timing.event, self.timing.by
        if self.type == "instant" and e != "played":
            raise ValueError("an instant politick resolves when played (timing.event: played)")
        if self.type == "ongoing" and e in ("played", "setup", "game_end"):
            raise ValueError(f"an ongoing politick cannot fire on {e}")
        if self.type == "response" and (by != "opponent" or e not in ("first_card_played", "action_declared", "action_taken")):
            raise ValueError("a response politick answers an opponent's card or action")
        if self.type == "end_of_game" and e != "game_end":
            raise ValueError("an end-of-game politick fires on game_end")
        if self.dirty and self.type not in ("instant", "ongoing"):
            raise ValueError("dirty tricks are instant or ongoing only")
        return self


def _travel_ok(mode: str, states: int) -> None:
    """steps: move 1-6 states; plane: fly to a city; plane_plus: fly and 1 more state (either order);
    steps_or_plane: move 3-6 states OR fly."""
    want = {"steps": range(1, 7), "plane": range(0, 1), "plane_plus": range(1, 2), "steps_or_plane": range(3, 7)}
    if states not in want[mode]:
        raise ValueError(f"travel mode {mode} cannot move {states} states")


class TravelDef(ContentModel):
    mode: TravelMode = "steps"
    states: int = Field(default=0, ge=0, le=6)

    @model_validator(mode="after")
    def _mode(self) -> TravelDef:
        _travel_ok(self.mode, self.states)
        return self

    @property
    def plane(self) -> bool:
        return self.mode != "steps"


class CampaignDef(ContentModel):
    states: list[str] = Field(default_factory=list, max_length=8)
    home_region: bool = False

    @model_validator(mode="after")
    def _one(self) -> CampaignDef:
        if self.home_region == bool(self.states):
            raise ValueError("a campaign action lists 2-8 states or is a home-region campaign, not both")
        if self.states and len(self.states) < 2:
            raise ValueError("a campaign action lists at least 2 states")
        if len(set(self.states)) != len(self.states):
            raise ValueError("a campaign state is listed twice")
        return self


def _icons_ok(icons: list[str], what: str) -> None:
    for issue, n in Counter(icons).items():
        if n > 2:
            raise ValueError(f"{what} icon {issue} appears {n} times (at most twice)")


class ActionsDef(ContentModel):
    travel: TravelDef | None = None
    fundraise: int | None = Field(default=None, ge=30, le=150, multiple_of=10)
    # `register` would shadow BaseModel.register (the ABC hook); the YAML key stays `register`
    register_: int | None = Field(default=None, ge=3, le=15, alias="register")
    campaign: CampaignDef | None = None
    advertise: list[str] | None = Field(default=None, min_length=2, max_length=4)
    politick: str | None = Field(default=None, pattern=ID)

    @model_validator(mode="after")
    def _four(self) -> ActionsDef:
        if len(self.present()) != 4:
            raise ValueError(f"a card shows exactly four of the six actions, this one shows {self.present()}")
        if self.advertise:
            _icons_ok(self.advertise, "advertise")
        return self

    def present(self) -> list[str]:
        return [a for a in ACTIONS if self.get(a) is not None]

    def get(self, action: str) -> Any:
        return getattr(self, "register_" if action == "register" else action, None)


class CardDef(ContentModel):
    number: int = Field(ge=1, le=105)
    name: str
    actions: ActionsDef
    debate: list[str] = Field(min_length=2, max_length=4)
    reference: str = Field(pattern=STATE)
    remove_in_2p: bool = False

    dirty: ClassVar[bool] = False  # an action card (Dirty Politics cards are DirtyCardDef)

    @model_validator(mode="after")
    def _debate(self) -> CardDef:
        _icons_ok(self.debate, "debate")
        return self


class SuppressionDef(ContentModel):
    mode: TravelMode = "steps"
    states: int = Field(default=0, ge=0, le=6)
    remove: int = Field(ge=1, le=5)

    @model_validator(mode="after")
    def _mode(self) -> SuppressionDef:
        _travel_ok(self.mode, self.states)
        return self


class DirtyActionsDef(ContentModel):
    voter_suppression: SuppressionDef | None = None
    flip_contributors: int | None = Field(default=None, ge=10, le=60, multiple_of=10)
    sway_minds: int | None = Field(default=None, ge=1, le=6)
    dirty_tricks: str | None = Field(default=None, pattern=ID)
    smear_campaign: list[str] | None = Field(default=None, min_length=2, max_length=8)
    mudslinging: list[str] | None = Field(default=None, min_length=1, max_length=4)

    @model_validator(mode="after")
    def _four(self) -> DirtyActionsDef:
        if len(self.present()) != 4:
            raise ValueError(f"a Dirty Politics card shows exactly four of its six actions, this one shows {self.present()}")
        if self.smear_campaign and len(set(self.smear_campaign)) != len(self.smear_campaign):
            raise ValueError("a smear campaign state is listed twice")
        if self.mudslinging and len(set(self.mudslinging)) != len(self.mudslinging):
            raise ValueError("a mudslinging issue is listed twice")
        return self

    def present(self) -> list[str]:
        return [a for a in DIRTY_ACTIONS if getattr(self, a) is not None]

    def get(self, action: str) -> Any:
        return getattr(self, action, None)


class DirtyCardDef(ContentModel):
    number: int = Field(ge=106, le=129)
    name: str
    actions: DirtyActionsDef
    reference: str = Field(pattern=STATE)

    # The same reading interface as an action card: no debate icons (a Dirty Politics card cannot be
    # played in a debate) and never removed from a 2-player deck.
    dirty: ClassVar[bool] = True
    remove_in_2p: ClassVar[bool] = False

    @property
    def debate(self) -> list[str]:
        return []


class AbilityDef(ContentModel):
    affects: list[Affects] = Field(min_length=1)
    timing: TimingDef
    effect: list[Any] = Field(min_length=1)
    text: str

    @model_validator(mode="after")
    def _timing(self) -> AbilityDef:
        if self.timing.event == "played":
            raise ValueError("a candidate ability is never `played`; use passive, setup or a trigger")
        return self


class SoloNoteDef(ContentModel):
    """How a candidate changes a Solo Play game's difficulty (Appendix A's candidate notes), shown when choosing."""
    text: str
    basic_only: bool = False  # a note about the debates: Basic Solo Play has none, the Advanced Solo Deck has them


class CandidateDef(ContentModel):
    id: str = Field(pattern=ID)
    archetype: str
    solo_note: SoloNoteDef | None = None
    name: str
    bio: str
    roles: list[Literal["president", "vice_president"]] = Field(min_length=1, max_length=2)
    registered: int = Field(ge=1, le=10)
    war_chest: int = Field(ge=10, le=150, multiple_of=10)
    advantage: AbilityDef
    disadvantage: AbilityDef


class CampaignTrailContent(ContentModel):
    parties: dict[str, PartyDef]
    regions: dict[str, RegionDef]
    states: dict[str, StateDef]
    adjacency: list[AdjacencyDef]
    cities: dict[str, CityDef]
    debate_cities: dict[str, DebateCityDef]
    debate_categories: dict[str, DebateCategoryDef]
    debate_issues: dict[str, DebateIssueDef]
    debate_topics: dict[str, DebateTopicDef]
    politicks: dict[str, PolitickDef]
    cards: dict[int, CardDef]
    dirty_cards: dict[int, DirtyCardDef]
    candidates: dict[str, CandidateDef]

    def neighbours(self) -> dict[str, set[str]]:
        return neighbours_of(self.adjacency)

    def region_states(self, region: str) -> list[str]:
        return [s.code for s in self.states.values() if s.region == region]

    def issue_states(self, issue: str) -> list[str]:
        return [s.code for s in self.states.values() if issue in s.issues]

    def ethics_states(self, party: str) -> list[str]:
        return list(self.parties[party].ethics)

    def reference_eligible(self) -> list[str]:
        return [s.code for s in self.states.values() if reference_ok(s)]

    def card(self, number: int) -> CardDef | DirtyCardDef:
        """An action card or a Dirty Politics card by number (both show a name, four actions, a reference state)."""
        found = self.cards.get(number)
        return found if found is not None else self.dirty_cards[number]

    def is_card(self, number: int) -> bool:
        return number in self.cards or number in self.dirty_cards

    def deck(self, players: int = 3, dirty: bool = False) -> list[int]:
        """Card numbers in a fresh deck: the 2-player game drops the `remove_in_2p` cards."""
        numbers = [n for n, c in self.cards.items() if not (players == 2 and c.remove_in_2p)]
        return numbers + (list(self.dirty_cards) if dirty else [])


def neighbours_of(adjacency: list[AdjacencyDef]) -> dict[str, set[str]]:
    """Each state's neighbours on the map, both ways round."""
    out: dict[str, set[str]] = {}
    for pair in adjacency:
        a, b = pair.states
        out.setdefault(a, set()).add(b)
        out.setdefault(b, set()).add(a)
    return out


def reference_ok(state: StateDef) -> bool:
    """Whether a state may sit in a card's reference corner."""
    # the rulebook keeps CA, TX and every state under 7 electoral votes off the reference corner
    return state.ev >= 7 and state.code not in ("CA", "TX")
