"""What Campaign Trail's dirty actions state, without a word (Dirty Politics; see facts_tell.py): one small frozen
model per kind of line, worded by words_tell.py. Ids and numbers only."""
from __future__ import annotations

from typing import ClassVar

from engine.core.types import Facts


class SuppressionStarted(Facts):
    kind: ClassVar[str] = "suppression_started"
    seat: str
    origin: str


class SmearStarted(Facts):
    kind: ClassVar[str] = "smear_started"
    seat: str
    states: tuple[str, ...]


class MudStarted(Facts):
    """Mudslinging declared: the issues its card shows."""
    kind: ClassVar[str] = "mud_started"
    seat: str
    issues: tuple[str, ...]


class MudSlung(Facts):
    kind: ClassVar[str] = "mud_slung"
    seat: str
    issue: str
    states: tuple[str, ...]


class DirtyHandsPaid(Facts):
    """The Clean Candidate's extra cost for a dirty action."""
    kind: ClassVar[str] = "dirty_hands_paid"
    seat: str
    amount: int


class ContributorsFlipped(Facts):
    kind: ClassVar[str] = "contributors_flipped"
    seat: str
    target: str
    amount: int


class MindsSwayed(Facts):
    kind: ClassVar[str] = "minds_swayed"
    seat: str
    target: str
    lost: int
    party: str
    gained: int


class VotersStruck(Facts):
    """A dirty trick removes `count` of `who`'s voters in `state`."""
    kind: ClassVar[str] = "voters_struck"
    who: str
    count: int
    state: str


class EthicsPaid(Facts):
    kind: ClassVar[str] = "ethics_paid"
    seat: str
    count: int
    state: str
