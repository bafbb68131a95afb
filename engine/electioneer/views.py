"""What a seat (or the public) may see of an Electioneer US game.

The renderer and the tables draw only from these models, never from the full state.
A face-down issue is `None`; hidden cards are counts.
"""
from __future__ import annotations

from pydantic import Field

from engine.core.types import Strict

SEATS = ("DEM", "REP")


class PolicyCard(Strict):
    id: str
    name: str
    party: str
    effects: dict[str, int]  # issue -> votes won (+) or lost (-)


class TheatricCard(Strict):
    id: str
    kind: str
    name: str
    text: str
    playable: bool = False  # it has a legal play right now (a target, the right phase): only in its holder's view


class Marker(Strict):
    seat: str  # whose election-day total it changes
    delta: int
    source: str  # theatric name that placed it


class StateCard(Strict):
    code: str  # postal abbreviation
    name: str
    electors: int
    colour: str  # the party that wins a tie here
    revealed: bool
    issues: list[str | None]  # two slots; None while face down (to this viewer: a seat sees what it peeked at)
    peeked: bool = False  # face down, but this viewer has looked at its issues (research): only its own view
    markers: list[Marker] = Field(default_factory=list)
    month: int | None = None  # the month it was (or will be) contested, once revealed
    winner: str | None = None  # who won that month, once decided
    played: dict[str, PolicyCard] = Field(default_factory=dict)  # policies revealed there
    totals: dict[str, int] = Field(default_factory=dict)  # that month's contest totals
    election_totals: dict[str, int] = Field(default_factory=dict)  # whole platforms + markers, once counted
    carried_by: str | None = None  # who won the state on election day
    # If the votes were counted now, on the issues this viewer sees: each side's whole platform plus markers,
    # and who would carry the state (a tie goes to its colour). Empty / None while its issues are unseen.
    # Once counted, these are the election-day totals and winner. The projection adds up `holder`.
    count_now: dict[str, int] = Field(default_factory=dict)
    holder: str | None = None


class ElectioneerView(Strict):
    ruleset: str = "electioneer"
    viewer: str | None  # None for the public / spectators
    month: int  # 1..7; 8 on election day
    phase: str  # discard | campaign | swap | election | over
    phase_label: str
    current_state: str | None
    states: list[StateCard]
    platforms: dict[str, list[PolicyCard]]
    committed: dict[str, bool]  # this phase's secret choices made (yes/no only)
    commitments: dict[str, str]  # public hashes of campaign commitments
    waiting_on: list[str]
    month_bonus: dict[str, int]
    projection: dict[str, int]  # electors each side would win on the issues visible to this viewer
    issue_deck_count: int
    hand_counts: dict[str, int]
    theatric_counts: dict[str, int]
    deck_counts: dict[str, int]
    winner: str | None = None
    final_electors: dict[str, int] = Field(default_factory=dict)
    # Only in a seat's own view:
    hand: list[PolicyCard] | None = None
    theatrics: list[TheatricCard] | None = None
    pending_discard: str | None = None
    pending_campaign: str | None = None
    known_issues: dict[str, list[str]] = Field(default_factory=dict)  # face-down issues this seat has seen
    deck_bottom: list[PolicyCard] | None = None  # policies this seat put under its deck, still there, bottom last
