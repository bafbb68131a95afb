"""What 1960's Debates (turn 6) and Election Day (turn 9) state, without a word: one small model per kind of
line (facts_tell.py has the rest of the turn's; words_tell.py phrases them all). Seats, sides, codes, card
numbers and counts only. A seat's own debate hand is a private line of its own (`DebateHand`)."""
from __future__ import annotations

from typing import ClassVar

from engine.core.types import Facts
from engine.nineteen_sixty.facts_tell import Seated

# ---------------------------------------------------------------- the Debates


class DebateHandTaken(Seated):
    """The seat takes back its `n` Campaign Strategy cards."""
    kind: ClassVar[str] = "debate_hand_taken"
    n: int


class DebateHand(Facts):
    """`seat`'s debate cards (private)."""
    kind: ClassVar[str] = "debate_hand"
    seat: str
    cards: tuple[int, ...]


class DebateBoardSet(Facts):
    """The issues move to the debate board, in the track's order."""
    kind: ClassVar[str] = "debate_board_set"
    issues: tuple[str, ...]


class DebateRevealed(Facts):
    """Debate round `round`: each side's revealed card."""
    kind: ClassVar[str] = "debate_revealed"
    round: int
    cards: tuple[tuple[str, int], ...]


class DebateCardWasted(Facts):
    """`card` argues `issue`, already won: discarded."""
    kind: ClassVar[str] = "debate_card_wasted"
    card: int
    issue: str


class DebateWon(Facts):
    """`side` wins `issue` `high`–`low` (a tie when equal) and places `reward` cubes; the tile goes to `slot`."""
    kind: ClassVar[str] = "debate_won"
    side: str
    issue: str
    high: int
    low: int
    reward: int
    slot: int


class DebateEventsDiscarded(Facts):
    """The Debate events leave once the Debates are over."""
    kind: ClassVar[str] = "debate_events_discarded"
    cards: tuple[int, ...]


class DebatesOver(Facts):
    """The Debates are over: the Issues Track in its new order."""
    kind: ClassVar[str] = "debates_over"
    track: tuple[str, ...]


# ---------------------------------------------------------------- Election Day


class BonusBagged(Facts):
    """Election Day's bonus cubes: for each side (Kennedy, then Nixon) the media cubes, issue cubes and momentum
    turned into cubes for the bag; `bag` after."""
    kind: ClassVar[str] = "bonus_bagged"
    media: tuple[int, int]
    issues: tuple[int, int]
    momentum: tuple[int, int]
    bag: tuple[int, int]


class StrategyShown(Seated):
    """The seat's Campaign Strategy cards, revealed for Election Day."""
    kind: ClassVar[str] = "strategy_shown"
    cards: tuple[int, ...]


class ElectionEvent(Facts):
    """Election Day event `card` resolves for `side`."""
    kind: ClassVar[str] = "election_event"
    card: int
    side: str


class UndecidedTipped(Facts):
    """Each empty state goes to a side, by an endorsement (`True`) or its edge."""
    kind: ClassVar[str] = "undecided_tipped"
    states: tuple[tuple[str, str, bool], ...]


class Unpledged(Facts):
    """Unpledged electors: nobody receives these states' votes."""
    kind: ClassVar[str] = "unpledged"
    states: tuple[str, ...]


class Tallied(Facts):
    """The final tally: electoral votes, states won and state cubes (Kennedy's, then Nixon's)."""
    kind: ClassVar[str] = "tallied"
    votes: tuple[int, int]
    won: tuple[int, int]
    cubes: tuple[int, int]
