"""What 1960's events state, without a word: one small model per kind of line the rules log (the bag, the deck,
the turn's phases, a play and its actions, the momentum phase, Campaign Strategy); facts_stages.py has the
Debates' and Election Day's, facts_effects.py an event's effect's. words_tell.py phrases them all. Seats ("KEN"),
sides ("K", "N"), state, region and issue codes, card and endorsement numbers, counts: a name is the words' to
look up.

A public line's facts hold only what all may know; what one seat alone learns (its hand, a draw) is a private
line of its own (`Dealt`)."""
from __future__ import annotations

from typing import ClassVar

from engine.core.types import Facts

# ---------------------------------------------------------------- the bag, the decks


class Seated(Facts):
    """A line of what `seat` did (the seat the line names: a seal made for a seat by the game still names it)."""
    seat: str


class Reseeded(Facts):
    """The empty bag is refilled with `n` cubes of each colour."""
    kind: ClassVar[str] = "bag_reseeded"
    n: int


class DeckRefilled(Facts):
    """The empty deck is refilled: the discards shuffled into a new deck of `size` cards."""
    kind: ClassVar[str] = "deck_refilled"
    size: int


class EndorsementsRefilled(Facts):
    """The empty endorsement deck is refilled from the used cards."""
    kind: ClassVar[str] = "endorsements_refilled"


class Checked(Facts):
    """`seat` drew `n` support checks (`drawn`: each cube's side, "" once the bag was empty), `wins` its own; in
    `state` for `why` (campaigning, an event, Campaign Strategy...), or to advertise where `state` is None. `bag`:
    Kennedy's and Nixon's cubes left in it."""
    kind: ClassVar[str] = "support_checked"
    seat: str
    n: int
    state: str | None
    why: str
    drawn: tuple[str, ...]
    wins: int
    bag: tuple[int, int]


class InitiativeDrawn(Facts):
    """The initiative check of turn `turn` drew `drawn`; `seat` holds the initiative."""
    kind: ClassVar[str] = "initiative_drawn"
    turn: int
    drawn: tuple[str, ...]
    seat: str
    bag: tuple[int, int]


# ---------------------------------------------------------------- the turn


class GameOpened(Facts):
    """The game begins, with its optional rules."""
    kind: ClassVar[str] = "game_opened"
    vp: bool
    restricted: bool


class TurnDealt(Facts):
    """Turn `turn` begins: each candidate is dealt `n` cards."""
    kind: ClassVar[str] = "turn_dealt"
    turn: int
    n: int


class Dealt(Facts):
    """`seat`'s own cards, dealt (private)."""
    kind: ClassVar[str] = "dealt"
    seat: str
    cards: tuple[int, ...]


class StageOpened(Facts):
    """Turn `turn` begins as the Debates or Election Day (`stage`: "debates", "election")."""
    kind: ClassVar[str] = "stage_opened"
    turn: int
    stage: str


class StarterChosen(Seated):
    """The initiative holder has `starter` play first this turn."""
    kind: ClassVar[str] = "starter_chosen"
    starter: str


class NoCardPassed(Seated):
    """The seat has no card to play and passes the activity phase."""
    kind: ClassVar[str] = "no_card_passed"


class VpPlayed(Seated):
    """The seat discards `discarded` to play its Vice President card `card`."""
    kind: ClassVar[str] = "vp_played"
    discarded: int
    card: int


class Travelled(Seated):
    """The seat's token crosses into travel region `to` for `cost` CP."""
    kind: ClassVar[str] = "travelled"
    to: str
    cost: int


class TokenStopped(Seated):
    """The seat's token stops in `state`."""
    kind: ClassVar[str] = "token_stopped"
    state: str


class MediaPlaced(Seated):
    """The seat places a media cube in `region` (removing a rival's where `removed`); `value` the region's count."""
    kind: ClassVar[str] = "media_placed"
    region: str
    removed: bool
    value: int


class Positioned(Seated):
    """The seat buys a cube on `issue` for `cost` CP; `value` the issue's count."""
    kind: ClassVar[str] = "positioned"
    issue: str
    cost: int
    value: int


class Unspent(Seated):
    """The seat ends its action with `cp` CP unspent."""
    kind: ClassVar[str] = "cp_unspent"
    cp: int


class TrackSwapped(Seated):
    """The media leader swaps issues `a` and `b`; `track` the Issues Track after."""
    kind: ClassVar[str] = "track_swapped"
    a: str
    b: str
    track: tuple[str, ...]


class TrackKept(Seated):
    """The media leader keeps the Issues Track."""
    kind: ClassVar[str] = "track_kept"


class RewardTaken(Seated):
    """The seat leads `issue`, the second, and takes 1 momentum (`momentum`: its total) or an endorsement
    (`momentum` None)."""
    kind: ClassVar[str] = "reward_taken"
    issue: str
    momentum: int | None


class DebateCardChosen(Seated):
    """The seat has sealed its card for the debate round."""
    kind: ClassVar[str] = "debate_card_chosen"


class FirstChosen(Seated):
    """The initiative holder has `first` place a revealed card first."""
    kind: ClassVar[str] = "first_chosen"
    first: str


class SideChosen(Seated):
    """The seat places its revealed `card` on `on`'s side of its issue."""
    kind: ClassVar[str] = "side_chosen"
    card: int
    on: str


class DebateCubePlaced(Seated):
    """The seat places a won debate's cube in `state`; `value` its support after."""
    kind: ClassVar[str] = "debate_cube_placed"
    state: str
    value: int


# ---------------------------------------------------------------- a play


class Preempted(Seated):
    """The seat plays `card` (None: the candidate card) and preempts its event for `cost`; `momentum` left."""
    kind: ClassVar[str] = "preempted"
    card: int | None
    cost: int
    momentum: int


class EventPlayed(Seated):
    """The seat plays `card` for its event."""
    kind: ClassVar[str] = "event_played"
    card: int


class KneePaid(Seated):
    """The seat pays 1 momentum to campaign; `momentum` left."""
    kind: ClassVar[str] = "knee_paid"
    momentum: int


class PlayedFor(Seated):
    """The seat plays `card` (None: the candidate card) for its `cp` CP to `use` (campaign, position, advertise)."""
    kind: ClassVar[str] = "played_for"
    card: int | None
    use: str
    cp: int


class Pledged(Facts):
    """`card`'s turn effect: `side` gains 1 momentum (`momentum` its total)."""
    kind: ClassVar[str] = "pledged"
    card: int
    side: str
    momentum: int


class Declared(Seated):
    """The seat declares `n` CP in `state`, which needs support checks."""
    kind: ClassVar[str] = "declared"
    n: int
    state: str


class LetGo(Seated):
    """The seat lets `card`'s event go."""
    kind: ClassVar[str] = "let_go"
    card: int


class Triggered(Seated):
    """The seat triggers `card`'s event for `cost` momentum; `momentum` left."""
    kind: ClassVar[str] = "triggered"
    card: int
    cost: int
    momentum: int


class EventSpent(Facts):
    """`card` is a Debate event and the Debates are over: nothing happens."""
    kind: ClassVar[str] = "event_spent"
    card: int


class EventStacked(Facts):
    """`card` waits with the Debate or Election Day events (`stack`: "debate", "election_day") for `side`."""
    kind: ClassVar[str] = "event_stacked"
    card: int
    stack: str
    side: str


# ---------------------------------------------------------------- the momentum phase, Campaign Strategy


class MomentumDecayed(Facts):
    """Turn `turn`'s momentum phase: each side's momentum lost and left (Kennedy's, then Nixon's)."""
    kind: ClassVar[str] = "momentum_decayed"
    turn: int
    lost: tuple[int, int]
    left: tuple[int, int]


class MediaTied(Facts):
    """Media support is tied: nobody shifts the Issues Track."""
    kind: ClassVar[str] = "media_tied"


class IssueRewarded(Facts):
    """`side` leads `issue`, place `place` (1 or 3) on the track, and gains 1 momentum (`momentum`: its total),
    with an endorsement for the first."""
    kind: ClassVar[str] = "issue_rewarded"
    side: str
    issue: str
    place: int
    momentum: int


class IssuesDecayed(Facts):
    """Issue support decays: each issue of the track with its count after."""
    kind: ClassVar[str] = "issues_decayed"
    issues: tuple[tuple[str, int], ...]


class StrategySealed(Seated):
    """The seat sets aside `n` cards face down."""
    kind: ClassVar[str] = "strategy_sealed"
    n: int


class HandDiscarded(Seated):
    """The seat discards the rest of its hand, `cards`, once the stacks are revealed."""
    kind: ClassVar[str] = "hand_discarded"
    cards: tuple[int, ...]


class RestBagged(Facts):
    """Each side's rest cubes go into the bag (Kennedy's, then Nixon's); `bag` after."""
    kind: ClassVar[str] = "rest_bagged"
    moved: tuple[int, int]
    bag: tuple[int, int]
