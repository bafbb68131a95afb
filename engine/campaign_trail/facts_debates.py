"""What Campaign Trail's debates state, without a word (see facts_tell.py): one small frozen model per kind of
line, worded by words_debates.py. Ids (seats, parties, issue, city and topic ids, card numbers) and numbers only."""
from __future__ import annotations

from typing import ClassVar

from engine.core.types import Facts


class MarkerAt(Facts):
    """Where an issue's marker stands: at the centre (`party` None) or on `party`'s track at `space`."""
    kind: ClassVar[str] = "marker_at"
    issue: str
    party: str | None
    space: int


class DebateOpened(Facts):
    kind: ClassVar[str] = "debate_opened"
    number: int
    city: str
    topic: str
    seats: tuple[str, ...]


class AiDebateMoved(Facts):
    kind: ClassVar[str] = "ai_debate_moved"
    party: str
    markers: tuple[MarkerAt, ...]


class UnpreparedHit(Facts):
    """`seat`'s Unprepared: `victim`, debating for `target`, throws away `cards`."""
    kind: ClassVar[str] = "unprepared_hit"
    seat: str
    victim: str
    target: str
    cards: tuple[int, ...]


class DebatePrepped(Facts):
    kind: ClassVar[str] = "debate_prepped"
    seat: str
    count: int


class OratorVoter(Facts):
    kind: ClassVar[str] = "orator_voter"
    seat: str
    state: str
    issue: str


class DebatePassed(Facts):
    kind: ClassVar[str] = "debate_passed"
    seat: str
    round: int


class Debated(Facts):
    """A debate card played: the markers it moved, and the rabbit trails it opened (issue ids)."""
    kind: ClassVar[str] = "debated"
    seat: str
    card: int
    markers: tuple[MarkerAt, ...]
    trails: tuple[str, ...]


class VoterReaction(Facts):
    """The party's voters after the debate: `placed`, (voters in each state, issue) per issue on its track."""
    kind: ClassVar[str] = "voter_reaction"
    party: str
    placed: tuple[tuple[int, str], ...]


class DebateOver(Facts):
    kind: ClassVar[str] = "debate_over"
    month: int
    order: tuple[str, ...]
