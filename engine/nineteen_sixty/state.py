"""The full state of a 1960 game, secrets included (hands, the deck order, the endorsement deck order, the
sealed Campaign Strategy stacks and a debate card committed but not yet revealed). Players only ever see
views.py's redaction.

Support is kept as signed counts, one number per place: positive for Kennedy's cubes, negative for Nixon's
(a place holds one colour only, rulebook Overview), so a deep copy per step stays cheap.
"""
from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from engine.core.frames import FrameStack
from engine.core.types import Strict
from engine.core.rng import Bag, Randomness
from engine.core.windows import ResponseWindow, Sealed, Simultaneous

SEATS: tuple[str, str] = ("KEN", "NIX")
SIDE_OF = {"KEN": "K", "NIX": "N"}
SEAT_OF = {"K": "KEN", "N": "NIX"}
SIGN = {"K": 1, "N": -1}
Phase = Literal["initiative", "activity", "momentum", "strategy", "debate", "election", "over"]


class Options(Strict):
    vp: bool = False  # the optional Vice President cards (`vp=on`)
    restricted: bool = False  # the optional Restricted Positioning rule (`restricted=on`)
    deadline_hours: int = Field(default=48, ge=1, le=24 * 14)


class Side(Strict):
    hand: list[int] = Field(default_factory=list)  # secret
    strategy: list[int] = Field(default_factory=list)  # the Campaign Strategy stack, face down (secret)
    picking: list[int] = Field(default_factory=list)  # cards chosen for the stack this phase, not yet sealed
    seals: list[str] = Field(default_factory=list)  # the stack's commitments (public digests)
    momentum: int = 0
    supply: int = 85  # may go below 0: the rulebook's "use coins" (cube totals are not absolute)
    rest: int = 0
    candidate: Literal["active", "exhausted"] = "active"
    vp_card: int | None = None  # the VP card set aside beside its owner (option vp=on)
    token: str = ""


class Stacked(Strict):
    """A persistent event on the board, and the candidate it belongs to (who played or triggered it)."""

    card: int
    owner: str  # K or N


class TurnEffect(Strict):
    card: int
    who: str  # K or N
    hook: str


class Play(Strict):
    """The activity play in progress."""

    seat: str
    card: int | None = None  # None: the candidate card
    source: Literal["hand", "candidate", "vp"] = "hand"
    stage: Literal["how", "campaign", "amount", "stop", "advertise", "position", "window", "event"] = "how"
    preempted: bool = False
    action: str = ""  # campaign | advertise | position | event
    cp_left: int = 0
    declared: list[str] = Field(default_factory=list)  # states where checks were declared this action
    bought: dict[str, int] = Field(default_factory=dict)  # issue -> cubes positioned this action
    to_place: int = 0  # media cubes won by advertising, still to place
    region: str = ""  # campaigning: the travel region the token is in (E, MW, S, W, AK or HI)
    target: str = ""  # campaigning: the state chosen, its CP still to be said
    stop: bool = False  # the token travelled since it last campaigned: where it stops is asked at the end

    @classmethod
    def fresh(cls, seat: str, card: int | None, source: str) -> "Play":
        """`Play(seat=seat, card=card, source=source)`, field for field and with the same fields marked set, built
        without validating what the rules already know to be good (a play starts several times a turn)."""
        play = _new(cls)
        fields: dict[str, Any] = dict(_PLAY_DEFAULTS, seat=seat, card=card, source=source, declared=[], bought={})
        _set(play, "__dict__", fields)
        _set(play, "__pydantic_fields_set__", {"seat", "card", "source"})
        _set(play, "__pydantic_extra__", None)
        _set(play, "__pydantic_private__", None)
        return play


def put(model: Strict, **fields: Any) -> None:
    """Set several fields of `model` in one call, each as its own assignment sets it (the value stored, the field
    marked set; `Strict`): for a step that sets a few at once, as a play chooses its use."""
    model.__dict__.update(fields)
    model.__pydantic_fields_set__.update(fields)


_new, _set = object.__new__, object.__setattr__
# a play's fields in the model's order, with their defaults: None for the lists and dicts `Play.fresh` makes new
_PLAY_DEFAULTS = {name: None if field.default_factory else field.default for name, field in Play.model_fields.items()}
assert {name for name, field in Play.model_fields.items() if field.default_factory} == {"declared", "bought"}


class DebateIssue(Strict):
    issue: str
    slot: int  # its original place on the Issues Track, 1 = the top
    cards: dict[str, list[int]] = Field(default_factory=lambda: {"K": [], "N": []})
    won_by: str | None = None
    result: dict[str, int] = Field(default_factory=dict)  # the totals it was won with (its cards are discarded)


class Debate(Strict):
    issues: list[DebateIssue] = Field(default_factory=list)
    round: int = 1
    revealed: dict[str, int] = Field(default_factory=dict)  # side -> card revealed this round, to be placed
    sides_chosen: dict[str, str] = Field(default_factory=dict)  # side -> the side its two-icon card goes to
    first: str | None = None  # who places a two-icon card first, when both are
    awarded: int = 0  # issues won so far
    pending: list[str] = Field(default_factory=list)  # issues won and waiting to be rewarded, in order
    placing: dict[str, Any] | None = None  # {"side", "left", "issue"}: a winner placing bonus cubes
    finished: bool = False


class BagDraw(Strict):
    """The bag's last draw, for the picture: `seat`'s support checks in the state `place` for `why` (campaigning,
    an event, strategy...), or to advertise where `place` is None; or, with no seat, the initiative check. `drawn`:
    each cube's side, "" once the bag was empty."""

    seat: str | None = None
    place: str | None = None
    why: str = ""
    drawn: list[str] = Field(default_factory=list)


class NSState(Strict):
    ruleset: Literal["nineteen_sixty"] = "nineteen_sixty"
    seats: list[str]
    options: Options
    randomness: Randomness
    turn: int = 1
    phase: Phase = "initiative"
    step: str = ""  # where inside a phase: e.g. `swap`, `reward2`, `reward1`, `events`
    activity: int = 1
    initiative: str | None = None  # the seat holding the initiative this turn
    starter: str | None = None  # the seat that plays first in every activity phase this turn
    played: list[str] = Field(default_factory=list)  # seats that have played this activity phase
    sides: dict[str, Side]  # by K / N
    support: dict[str, int]  # state -> signed cubes
    media: dict[str, int]  # region -> signed cubes
    issues: dict[str, int]  # issue -> signed cubes
    endorsements: dict[str, int]  # region -> signed markers
    track: list[str]  # issue ids, first place first
    bag: Bag
    deck: list[int]  # top first (secret order)
    discard: list[int] = Field(default_factory=list)
    removed: list[int] = Field(default_factory=list)  # played as events, out of the game
    endorsement_deck: list[int]  # top first (secret order)
    endorsement_used: list[int] = Field(default_factory=list)
    debate_events: list[Stacked] = Field(default_factory=list)
    election_events: list[Stacked] = Field(default_factory=list)
    prevention: list[Stacked] = Field(default_factory=list)
    turn_effects: list[TurnEffect] = Field(default_factory=list)
    play: Play | None = None
    window: ResponseWindow | None = None
    effect: FrameStack = Field(default_factory=FrameStack)
    # the choice an effect waits for: {kind, seat, among} and the facts of its question (waits.py)
    wait: dict[str, Any] | None = None
    sealed: Simultaneous = Field(default_factory=lambda: Simultaneous(seats=list(SEATS)))
    # each Campaign Strategy commitment (salt included: secret until the stack is revealed on turn 6 or 9)
    strategy_seals: dict[str, list[Sealed]] = Field(default_factory=lambda: {s: [] for s in SEATS})
    debate: Debate | None = None
    last_draws: list[BagDraw] = Field(default_factory=list)  # the last bag draws, for the picture
    votes: dict[str, int] = Field(default_factory=dict)  # the final tally
    unawarded: list[str] = Field(default_factory=list)
    winner: str | None = None
    draw: bool = False

    def other(self, seat: str) -> str:
        return SEATS[1] if seat == SEATS[0] else SEATS[0]
