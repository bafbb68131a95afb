"""What Campaign Trail's AI parties do, without a word (Solo Play, the Advanced Solo Deck, Dirty Politics against
them; see facts_tell.py): one small frozen model per kind of line, worded by words_solo.py. Ids and numbers only."""
from __future__ import annotations

from typing import ClassVar

from engine.campaign_trail.facts_tell import Gain
from engine.core.types import Facts


class TrackRegistered(Facts):
    """`added` of `count` voters go on the AI party's register track (the rest lost: it is full), `total` after;
    `forced` when a Change of Plans made it register instead."""
    kind: ClassVar[str] = "track_registered"
    party: str
    added: int
    count: int
    total: int
    forced: bool


class SoloCardDrawn(Facts):
    kind: ClassVar[str] = "solo_card_drawn"
    party: str
    card: int


class TrackCompared(Facts):
    """The track (`registered` voters) against the card's diagram: `registers` when it takes the register action."""
    kind: ClassVar[str] = "track_compared"
    party: str
    card: int
    registered: int
    registers: bool


class StateStep(Facts):
    """One state of a direct action: the AI's `lead` there, the card's `threshold`, the voters `placed`."""
    kind: ClassVar[str] = "state_step"
    state: str
    lead: int
    threshold: int
    placed: int


class SoloDirect(Facts):
    """A Solo Play card's direct action, state by state; `track`, the voters left on the track."""
    kind: ClassVar[str] = "solo_direct"
    party: str
    card: int
    steps: tuple[StateStep, ...]
    track: int


class IconAnswered(Facts):
    """A human's tabled politick answers the AI's direct action icon: the gains it gave."""
    kind: ClassVar[str] = "icon_answered"
    owner: str
    politick: str
    party: str
    icon: str
    gains: tuple[Gain, ...]


class SoloWindow(Facts):
    kind: ClassVar[str] = "solo_window"
    party: str
    seats: tuple[str, ...]


class SoloGoesAhead(Facts):
    kind: ClassVar[str] = "solo_goes_ahead"
    party: str
    card: int


class AdvancedDirect(Facts):
    """An advanced card's direct action: (voters, state) placed; (state, lead) where the AI leads far enough."""
    kind: ClassVar[str] = "advanced_direct"
    party: str
    icon: str
    placed: tuple[tuple[int, str], ...]
    held: tuple[tuple[str, int], ...]


class AdvancedDrawn(Facts):
    kind: ClassVar[str] = "advanced_drawn"
    party: str
    card: int


class AdvancedAutomatic(Facts):
    kind: ClassVar[str] = "advanced_automatic"
    party: str


class AdvancedWindow(Facts):
    kind: ClassVar[str] = "advanced_window"
    party: str
    card: int
    seats: tuple[str, ...]


class AdvancedDebateEmpty(Facts):
    kind: ClassVar[str] = "advanced_debate_empty"
    party: str


class AdvancedDebated(Facts):
    kind: ClassVar[str] = "advanced_debated"
    party: str
    card: int


class AdvancedUnprepared(Facts):
    """`seat`'s Unprepared against an AI party: a random card of its debate pile boxed, unless `empty`."""
    kind: ClassVar[str] = "advanced_unprepared"
    seat: str
    party: str
    empty: bool


class BankFlipped(Facts):
    """Flip Contributors against AI parties only: the bank pays."""
    kind: ClassVar[str] = "bank_flipped"
    seat: str
    amount: int


class Intimidated(Facts):
    """`owner`'s Intimidation: the AI `party`'s campaign card lists `states` in the owner's region."""
    kind: ClassVar[str] = "intimidated"
    owner: str
    party: str
    states: tuple[str, ...]
    lost: int
    gainer: str
    gained: int
