"""What the lines of an event's effect state, without a word (effects.py logs them; words_tell.py phrases them):
one small model per kind, with sides ("K", "N"), state, region and issue codes, card and endorsement numbers and
counts. A draw only its drawer sees is a private line of its own (`Drew`)."""
from __future__ import annotations

from typing import ClassVar

from engine.core.types import Facts

# ---------------------------------------------------------------- an event's effect


class SupportGained(Facts):
    """`side` gains `n` support in `state` (removing `removed` of the rival's); `value` the state's after."""
    kind: ClassVar[str] = "support_gained"
    side: str
    state: str
    n: int
    removed: int
    value: int


class NoEmptyState(Facts):
    """No state in `region` is empty."""
    kind: ClassVar[str] = "no_empty_state"
    region: str


class SupportLost(Facts):
    """`side` loses `lost` support in `state`, of `of` (None: one picked of a region's loss); `value` after."""
    kind: ClassVar[str] = "support_lost"
    side: str
    state: str
    lost: int
    of: int | None
    value: int


class RegionEmptied(Facts):
    """`side` loses all its support in `region`, `total` of `of`: each state's loss."""
    kind: ClassVar[str] = "region_emptied"
    side: str
    region: str
    total: int
    of: int
    states: tuple[tuple[str, int], ...]


class RegionLoss(Facts):
    """`side` loses `n` support in `region`, from states `picker` picks."""
    kind: ClassVar[str] = "region_loss"
    side: str
    region: str
    n: int
    picker: str


class MomentumChanged(Facts):
    """`side` gains (or loses, `lost`) `n` momentum; `momentum` its total."""
    kind: ClassVar[str] = "momentum_changed"
    side: str
    n: int
    lost: bool
    momentum: int


class CubesChanged(Facts):
    """`side` gains (or loses, `lost`) `n` media cubes (`media`) in region `place`, or issue support cubes on issue
    `place`; `value` the place's count after."""
    kind: ClassVar[str] = "cubes_changed"
    side: str
    media: bool
    place: str
    n: int
    lost: bool
    value: int


class IssueShifted(Facts):
    """`issue` moves `direction` ("up", "down") the track (`track` after), or cannot (`track` empty: at the
    edge)."""
    kind: ClassVar[str] = "issue_shifted"
    issue: str
    direction: str
    track: tuple[str, ...]


class Endorsed(Facts):
    """`side` is endorsed in `region`, removing the rival's marker where `removed`."""
    kind: ClassVar[str] = "endorsed"
    side: str
    region: str
    removed: bool


class EndorsementDrawn(Facts):
    """`side` draws endorsement card `card`."""
    kind: ClassVar[str] = "endorsement_drawn"
    side: str
    card: int


class CandidateTurned(Facts):
    """`side`'s candidate card is now `face` ("active", "exhausted")."""
    kind: ClassVar[str] = "candidate_turned"
    side: str
    face: str


class TokenMoved(Facts):
    """`side`'s token moves to `state`."""
    kind: ClassVar[str] = "token_moved"
    side: str
    state: str


class CubesPut(Facts):
    """`side` puts `n` cubes into the bag (`to` "bag", `total`: unused) or its rest zone (`total`: its rest)."""
    kind: ClassVar[str] = "cubes_put"
    side: str
    n: int
    to: str
    total: int
    bag: tuple[int, int]


class CardsDrawn(Facts):
    """`side` draws `n` cards."""
    kind: ClassVar[str] = "cards_drawn"
    side: str
    n: int


class Drew(Facts):
    """`seat`'s own draw (private)."""
    kind: ClassVar[str] = "drew"
    seat: str
    cards: tuple[int, ...]


class CardDiscarded(Facts):
    """`side` discards `card` (at random where `random`), or has none left to discard (`card` None)."""
    kind: ClassVar[str] = "card_discarded"
    side: str
    card: int | None
    random: bool


class LeaderFound(Facts):
    """`side` (None: nobody) leads more states in `region`, or leads `issue`."""
    kind: ClassVar[str] = "leader_found"
    side: str | None
    region: str | None
    issue: str | None
