"""The full, secret state of a Campaign Trail game. Never shown to players: see views.py.

Seats are named after their party and role: `DEM` when a party has one player (2- and 3-player
games, and the 5th player of a 5-player game who plays both roles), `DEM-P` / `DEM-VP` for the
President and running mate of a two-player team (4- to 6-player games).
"""
from __future__ import annotations

from typing import Any, Literal

from pydantic import (AliasChoices, ConfigDict, Field, PrivateAttr, field_validator, model_serializer,
                      model_validator)

from engine.core.frames import FrameStack
from engine.core.rng import BareRandomness
from engine.core.types import Strict
from engine.core.windows import PASS, ResponseWindow

PartyId = Literal["DEM", "REP", "LIB"]
Phase = Literal["candidate", "home", "play", "debate", "final", "over"]
MONTHS = ("August", "September", "October")


GREEN = ("GRN", "GREEN", "GP")


def _refuse_green(ai: list[Any]) -> None:
    """The Advanced Solo Deck can play the Green party, but only with the Green Party expansion, which we do
    not have (ruling: docs/rulings.md); and a third AI party would be the Green party too."""
    if any(v in GREEN for v in ai):
        raise ValueError("the Green party needs the Campaign Trail: Green Party expansion, which Stumpbot does not "
                         "have; the AI parties are chosen among DEM, REP and LIB")
    if len(set(ai)) != len(ai):
        raise ValueError("the AI parties must be different parties (ai=REP or ai=REP,LIB)")
    if len(ai) > 2:
        raise ValueError("at most two AI parties: a third would leave no party for the human players (a third AI "
                         "party is the Green party, which needs its expansion)")


class Model(Strict):
    """A part of the state that the rules change many times a step: a field is set as pydantic sets it (no
    validation on assignment, the field marked set) in one call instead of pydantic's two, and a private attribute
    is read and set in its own dict, as pydantic keeps it, without pydantic's search of the class on each read."""

    def __setattr__(self, name: str, value: Any) -> None:
        fields = self.__dict__  # a model's fields, and nothing else (extra fields are forbidden)
        if name in fields:
            fields[name] = value
            self.__pydantic_fields_set__.add(name)
        elif name in self.__private_attributes__:
            self.__pydantic_private__[name] = value
        else:
            super().__setattr__(name, value)

    def __getattr__(self, name: str) -> Any:  # asked only for a name that is not a field: a private attribute
        try:
            return object.__getattribute__(self, "__pydantic_private__")[name]
        except (AttributeError, KeyError, TypeError):
            return super().__getattr__(name)


class Options(Strict):
    # 2-party games (2 or 4 players) may use any two of the three parties
    parties: list[PartyId] = Field(default_factory=lambda: ["DEM", "REP"], min_length=2, max_length=2)
    # 5-player game: the party whose single player plays both roles
    solo: PartyId = "REP"
    # the Dirty Politics module: its 24 cards are shuffled into the deck (supplement: Dirty Politics)
    dirty: bool = False
    deadline_hours: int = Field(default=48, ge=1, le=24 * 14)
    # Solo Play (Appendix A): the parties the Solo Play deck plays (one or two); `coop`: two players share
    # the remaining party against them.
    ai: list[PartyId] = Field(default_factory=list, max_length=2)
    coop: bool = False
    # the Advanced Solo Deck supplement (advanced_solo.py): `ai_deck=advanced` plays the AI parties with their
    # own 50-card decks, by month and in the debates.
    ai_deck: Literal["basic", "advanced"] = "basic"

    @field_validator("ai", mode="before")
    @classmethod
    def _ai_parties(cls, value: Any) -> Any:  # `ai=REP` or `ai=rep,lib`
        if isinstance(value, str):
            value = [v.strip().upper() for v in value.split(",") if v.strip()]
        elif isinstance(value, list):
            value = [v.upper() if isinstance(v, str) else v for v in value]
        if isinstance(value, list):
            _refuse_green(value)
        return value

    @field_validator("ai_deck", mode="before")
    @classmethod
    def _deck_any_case(cls, value: Any) -> Any:
        return value.strip().lower() if isinstance(value, str) else value

    @field_validator("parties", "solo", mode="before")
    @classmethod
    def _party_codes_any_case(cls, value: Any) -> Any:  # players type `dem,lib` as often as `DEM,LIB`
        if isinstance(value, str):
            return value.upper()
        if isinstance(value, list):
            return [v.upper() if isinstance(v, str) else v for v in value]
        return value


class PartyState(Model):
    id: PartyId
    seats: list[str]  # its players (one or two)
    roles: int  # turns per round: 2 for a team or the 5th player, else 1
    registered: int = 0
    money: int = 0  # $M
    # voters of this party outside the undecided supply (registered + on the board): the
    # conservation ledger, changed only when voters enter or leave the undecided supply
    out_of_supply: int = 0


class Tabled(Model):
    """An ongoing politick on the table in front of the seat that played it."""

    card: int
    politick: str
    active: bool = False  # works from the start of its owner's next turn
    tucked: int | None = None  # a card face down under it (Recount)


class FinalItem(Model):
    """An end-of-game politick still to resolve after October's last round."""

    seat: str
    politick: str
    tucked: int | None = None


class SeatState(Model):
    party: PartyId
    role: Literal["P", "VP", "BOTH", "SOLO"]
    hand: list[int] = Field(default_factory=list)
    offer: list[str] = Field(default_factory=list)  # the two candidates dealt (setup only)
    candidate: str | None = None
    home: str | None = None
    pawn: str | None = None
    table: list[Tabled] = Field(default_factory=list)


class TurnState(Model):
    """The card being played this turn and how far its action has got."""

    seat: str
    card: int | None = None
    action: str | None = None
    steps: int = 0  # travel: states moved
    flown: bool = False  # travel: the plane was used
    placed: int = 0  # campaign: voters placed
    per_state: dict[str, int] = Field(default_factory=dict)  # campaign: voters placed in each state
    bought: list[str] = Field(default_factory=list)  # advertise: issue icons paid for
    path: list[str] = Field(default_factory=list)  # travel: states moved through or into
    spent: list[int] = Field(default_factory=list)  # cards already played this turn (a politick played another)
    queue: list[str] | None = None  # the acting candidate's after-action abilities still to run
    # voters this action still places from the undecided supply (the Party Favorite)
    free_left: int = 0
    # travel: the seat whose pawn moves (Frequent Flyer's running mate), None = the player
    mover: str | None = None
    # response cards: Change of Plans cancelled `forbidden` (and no second one may follow); Local Funds Dry Up
    # makes the campaign cost `per_voter` $M a voter instead of its flat price
    replanned: bool = False
    forbidden: str | None = None
    per_voter: int | None = None
    # Dirty Politics: voters still to pay from the party's ethically minded states (smear campaign,
    # mudslinging), voters still to remove in each state (mudslinging, voter suppression), and the
    # voters a smear campaign has removed (per state in `per_state`)
    ethics_due: int = 0
    strikes: dict[str, int] = Field(default_factory=dict)
    removed: int = 0
    # rivals' triggered politicks that ask for a choice (Intimidation), still to resolve: [politick, owner seat]
    triggers: list[list[str]] = Field(default_factory=list)


    @classmethod
    def fresh(cls, seat: str, card: int | None = None) -> "TurnState":
        """`TurnState(seat=seat, card=card)` (or without `card` when None), field for field and with the same fields
        marked set, built without validating what the rules already know to be good (every turn starts one)."""
        turn = _new(cls)
        fields = dict(_TURN_DEFAULTS, seat=seat, card=card, per_state={}, bought=[], path=[], spent=[], strikes={},
                      triggers=[])
        _set(turn, "__dict__", fields)
        _set(turn, "__pydantic_fields_set__", {"seat", "card"} if card is not None else {"seat"})
        _set(turn, "__pydantic_extra__", None)
        _set(turn, "__pydantic_private__", None)
        return turn


_new, _set = object.__new__, object.__setattr__
# a turn's fields in the model's order, with their defaults: None for the lists and dicts `TurnState.fresh` makes new
_TURN_DEFAULTS = {name: None if field.default_factory else field.default for name, field in TurnState.model_fields.items()}
assert {name for name, field in TurnState.model_fields.items() if field.default_factory} == {
    "per_state", "bought", "path", "spent", "strikes", "triggers"}


class Exchange(Model):
    """After a team's two turns with both pawns in one region: one-for-one card swaps (at most 3)."""

    seat: str  # who decides (the candidate who went second; team-mates see each other's hands)
    partner: str
    swaps: int = 0
    give: int | None = None  # the card chosen to give, waiting for the one to take


class Marker(Model):
    """A debate issue marker: in the centre of the arena (party None, space 0) or on a party's track."""

    party: str | None = None
    space: int = Field(default=0, ge=0, le=4)


class Window(ResponseWindow):
    """A response window on a declared action: the core's ResponseWindow, with the declaration it answers.

    Stored as games already under way have it, `{actor, action, fits, seats, answered}` with `answered` the seats
    that passed (a response played closes the window at once, so every answer kept is a pass): the same JSON,
    so journals replay to the same state hashes and stored snapshots load."""

    actor: str
    action: str
    fits: list[str]  # the response politicks that could answer it

    @model_validator(mode="before")
    @classmethod
    def _from_stored(cls, data: Any) -> Any:
        if isinstance(data, dict) and "answered" in data:
            passed = data["answered"]
            data = {k: v for k, v in data.items() if k != "answered"} | {"answers": {seat: PASS for seat in passed}}
        return data

    @model_serializer(mode="plain")
    def _as_stored(self) -> dict[str, Any]:
        return {"actor": self.actor, "action": self.action, "fits": list(self.fits), "seats": list(self.seats),
                "answered": self.passed}


class DebateState(Model):
    """A debate under way (after the round in which August's, then September's, deck ran out)."""

    number: int = Field(ge=1, le=2)
    seats: list[str]  # the debaters, in the (reset) turn order
    round: int = 1  # 1..3
    index: int = 0  # whose card it is within the round
    markers: dict[str, Marker] = Field(default_factory=dict)  # issue -> position, in the order they arrived
    # after the voter reaction: the Orator's picks still to make, [seat, issue] in order
    orator: list[list[str]] = Field(default_factory=list)


class SoloState(Model):
    """Solo Play (Appendix A): the AI parties' decks and the card being resolved. An AI party's register
    track is its `registered` count (filled from the left, emptied from the right, three to a space)."""

    ai: list[PartyId]  # the AI parties in turn order (the first deck on August's space)
    decks: list[list[int]]  # each AI party's Solo Play deck, top first (same order as `ai`)
    played: list[int] = Field(default_factory=list)  # Solo Play cards resolved, in order (public)
    boxed: list[int] = Field(default_factory=list)  # the leftover cards, back in the box unseen (secret)
    done: int = 0  # turns the current AI party has taken this round (two in co-op)
    card: int | None = None  # the drawn card waiting on the human's Change of Plans window
    window: Window | None = None  # the human's chance to force a register action (Change of Plans)


class AiDecks(Model):
    """One AI party's Advanced Solo deck, split as the supplement sets it up (top first everywhere)."""

    months: list[list[int]]  # August, September, October: ten cards each
    debate: list[int]  # the ten set aside for the debates (shuffled; one drawn each debate turn)
    boxed: list[int] = Field(default_factory=list)  # unused this game, and Unprepared's victims (secret)
    played: list[int] = Field(default_factory=list)  # month cards resolved, in order (public)
    debated: list[int] = Field(default_factory=list)  # debate cards drawn, in order (public)


class AdvancedSoloState(Model):
    """The Advanced Solo Deck (supplement): each AI party's own deck and the card waiting on a human's Change of
    Plans window. An AI party's register track is its `registered` count, as in Basic Solo Play."""

    ai: list[PartyId]  # the AI parties in set-up (and turn) order
    decks: dict[str, AiDecks]
    done: int = 0  # turns the current AI party has taken this round (two in co-op)
    last: str | None = None  # the name of the last AI card resolved (public)
    card: int | None = None  # the drawn card of the current AI party waiting on the window
    window: Window | None = None


class CampaignTrailState(Model):
    model_config = ConfigDict(serialize_by_alias=True)  # `randomness` as `rng` (below)
    ruleset: Literal["campaign_trail"] = "campaign_trail"
    seats: list[str]
    options: Options
    # Every shuffle and random pick of the game (engine/core/rng.py). Stored (and hashed) as `rng`, the splitmix64
    # integer alone, as every Campaign Trail game has been, so journals replay to the same state hashes. Its count
    # of draws is not stored: it tells a step that drew from one that did not (core `play`), and every loaded state
    # counts from 0 alike. Forced results (tests only) are stored with the integer when there are any.
    randomness: BareRandomness = Field(validation_alias=AliasChoices("rng", "randomness"), serialization_alias="rng")
    phase: Phase
    parties: dict[str, PartyState]
    players: dict[str, SeatState]
    voters: dict[str, dict[str, int]]  # state code -> party -> committed voters
    decks: list[list[int]]  # August, September, October (top first)
    discard: list[int] = Field(default_factory=list)  # top last
    removed: list[int] = Field(default_factory=list)  # out of the game (2-player removal)
    month: int = 0  # 0 August, 1 September, 2 October
    order: list[str]  # party turn order
    order_index: int = 0  # whose party turn it is
    taken: list[str] = Field(default_factory=list)  # seats that finished a turn in this party turn
    turn: TurnState | None = None
    exchange: Exchange | None = None
    frames: FrameStack = Field(default_factory=FrameStack)
    wait: dict[str, Any] | None = None  # what a paused politick waits for
    round: int = 1
    final: list[FinalItem] = Field(default_factory=list)  # end-of-game politicks waiting, in turn order
    final_seat: str | None = None  # whose end-of-game politick is resolving
    winners: list[str] = Field(default_factory=list)
    final_ev: dict[str, int] = Field(default_factory=dict)
    decided: str = ""  # what decided the election: "most" electoral votes, "tied" (most states) or "runoff"
    runoff_removed: str | None = None  # the party whose voters a runoff took off the board
    # Drawn at setup and public from then on: the two debates' topic cards and cities.
    debate_topics: list[str] = Field(default_factory=list)
    debate_cities: list[str] = Field(default_factory=list)
    debate: DebateState | None = None
    window: Window | None = None  # a response window open on the current declaration
    autopass: list[str] = Field(default_factory=list)  # seats that pass every response window (public)
    responded: list[str] = Field(default_factory=list)  # played a response since their last turn (hand not refilled yet)
    # the discard pile shuffled into a new pile for a politick's draw once every deck is
    # empty in October (top first); never a month's deck, so October's running out still ends the campaign
    reshuffled: list[int] = Field(default_factory=list)
    solo: SoloState | None = None  # Solo Play against the AI parties; None in the competitive game
    advanced: AdvancedSoloState | None = None  # the Advanced Solo Deck instead (advanced_solo.py)
    # The search's answers for this position (silent.py): each seat owing a decision with what it may do, found by
    # `to_move` for `legal` to take; every step (rules.step) drops them, as does every copy (private, never stored).
    _owed: Any = PrivateAttr(default=None)
    # Each seat's standing rules (abilities.standing), kept while the search asks `to_move` and `legal` and steps the
    # state (silent.py, rules.advance) and through each step of apply (rules.step, which drops them after the step);
    # every step drops them where they change (abilities.forget). None elsewhere: read afresh each time.
    _standing: Any = PrivateAttr(default=None)

    @property
    def owed(self) -> Any:
        """`_owed`, read straight from pydantic's dict of private attributes (the search reads it every step)."""
        return self.__pydantic_private__["_owed"]


