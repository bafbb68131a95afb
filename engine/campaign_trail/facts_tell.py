"""What Campaign Trail's rules state about a step, without a word: one small frozen model per kind of log line.
The rules append these to a step's log (posting.py's `Log`); words_tell.py phrases them. Ids only (seats, parties,
state codes, card numbers, politick and issue ids) and numbers: a name is the words' to look up. `who` is a seat or a
party id, as the line names the one that acted."""
from __future__ import annotations

from typing import ClassVar

from engine.core.types import Facts

# ---------------------------------------------------------------- setup and the turn's first steps


class CandidateChosen(Facts):
    kind: ClassVar[str] = "candidate_chosen"
    seat: str


class HomeChosen(Facts):
    kind: ClassVar[str] = "home_chosen"
    seat: str


class AskedAgain(Facts):
    """The seat will be asked in response windows again (`responses ask`)."""
    kind: ClassVar[str] = "asked_again"
    seat: str


class CardPlayed(Facts):
    kind: ClassVar[str] = "card_played"
    seat: str
    card: int


class TurnPassed(Facts):
    """The seat has no cards and passes its turn."""
    kind: ClassVar[str] = "turn_passed"
    seat: str


# ---------------------------------------------------------------- the four actions and their steps


class Fundraised(Facts):
    kind: ClassVar[str] = "fundraised"
    seat: str
    amount: int


class Registered(Facts):
    kind: ClassVar[str] = "registered"
    who: str
    count: int


class Campaigned(Facts):
    kind: ClassVar[str] = "campaigned"
    seat: str
    cost: int
    states: tuple[str, ...]


class TravelStarted(Facts):
    kind: ClassVar[str] = "travel_started"
    seat: str
    origin: str


class AdvertiseStarted(Facts):
    kind: ClassVar[str] = "advertise_started"
    seat: str


class PawnMoved(Facts):
    kind: ClassVar[str] = "pawn_moved"
    seat: str
    state: str
    flown: bool


class MateMoves(Facts):
    """Frequent Flyer in a team game: the running mate's pawn makes the move."""
    kind: ClassVar[str] = "mate_moves"
    seat: str
    mate: str


class VoterPlaced(Facts):
    """One voter placed in a state (a campaign's voter, a politick's voter picked one at a time)."""
    kind: ClassVar[str] = "voter_placed"
    who: str
    state: str


class Advertised(Facts):
    kind: ClassVar[str] = "advertised"
    seat: str
    issue: str
    states: tuple[str, ...]


class PolitickTaken(Facts):
    kind: ClassVar[str] = "politick_taken"
    seat: str
    politick: str
    dirty: bool


class PolitickTabled(Facts):
    """An ongoing or end-of-game politick goes on the seat's table."""
    kind: ClassVar[str] = "politick_tabled"
    seat: str
    politick: str
    end_of_game: bool


# ---------------------------------------------------------------- abilities and politicks answering the turn


class ConnectionsPaid(Facts):
    """Connections at the start of `seat`'s turn: `holder` holds the home state (an AI party gains nothing)."""
    kind: ClassVar[str] = "connections_paid"
    seat: str
    holder: str
    state: str
    ai: bool


class FavoriteSon(Facts):
    kind: ClassVar[str] = "favorite_son"
    seat: str
    state: str


class Gain(Facts):
    """What a politick answering an action gave: `what` is "cards" (drawn by the seat `who`), "money" ($M) or
    "registered" (voters, to the party `who`)."""
    kind: ClassVar[str] = "gain"
    who: str
    what: str
    amount: int


class PolitickAnswered(Facts):
    """A rival's politick answers the action: the gains it gave."""
    kind: ClassVar[str] = "politick_answered"
    owner: str
    politick: str
    gains: tuple[Gain, ...]


class PolitickTriggered(Facts):
    kind: ClassVar[str] = "politick_triggered"
    owner: str
    politick: str


# ---------------------------------------------------------------- the turn's end, the months, the end of the game


class CardPutBack(Facts):
    """A card put at the bottom of a month's deck (`deck`: 0 August, 1 September, 2 October)."""
    kind: ClassVar[str] = "card_put_back"
    seat: str
    deck: int


class ExchangeOffered(Facts):
    """Running mates in one region may exchange cards after the turn."""
    kind: ClassVar[str] = "exchange_offered"
    party: str
    seat: str
    partner: str


class CardsExchanged(Facts):
    kind: ClassVar[str] = "cards_exchanged"
    seat: str
    partner: str


class ExchangeDone(Facts):
    kind: ClassVar[str] = "exchange_done"
    seat: str


class MonthEnded(Facts):
    """Month `month` (0 August…) begins; `order`, the turn order, is by electoral votes unless `kept`."""
    kind: ClassVar[str] = "month_ended"
    month: int
    order: tuple[str, ...]
    kept: bool


class FinalOpened(Facts):
    """October is over: the end-of-game politicks resolve."""
    kind: ClassVar[str] = "final_opened"


class FinalResolves(Facts):
    kind: ClassVar[str] = "final_resolves"
    seat: str
    politick: str


# ---------------------------------------------------------------- effects (ops.py)


class Sabotaged(Facts):
    kind: ClassVar[str] = "sabotaged"
    who: str
    victim: str
    politick: str
    card: int


class VotersInEach(Facts):
    kind: ClassVar[str] = "voters_in_each"
    who: str
    count: int
    states: tuple[str, ...]


class VotersOffEach(Facts):
    kind: ClassVar[str] = "voters_off_each"
    who: str
    count: int
    states: tuple[str, ...]


class Converted(Facts):
    kind: ClassVar[str] = "converted"
    who: str
    victim: str
    state: str


class VotersPlaced(Facts):
    kind: ClassVar[str] = "voters_placed"
    who: str
    count: int
    state: str


class VotersLost(Facts):
    kind: ClassVar[str] = "voters_lost"
    who: str
    count: int
    state: str


class MoneyGained(Facts):
    kind: ClassVar[str] = "money_gained"
    who: str
    amount: int


class MoneyPaid(Facts):
    kind: ClassVar[str] = "money_paid"
    who: str
    amount: int


class MoneyHanded(Facts):
    kind: ClassVar[str] = "money_handed"
    payer: str
    payee: str
    amount: int


class RegisteredHanded(Facts):
    kind: ClassVar[str] = "registered_handed"
    payer: str
    payee: str
    count: int


class RegisteredGivenUp(Facts):
    kind: ClassVar[str] = "registered_given_up"
    who: str
    count: int


class CardsDrawn(Facts):
    kind: ClassVar[str] = "cards_drawn"
    seat: str
    count: int


class DiscardTaken(Facts):
    kind: ClassVar[str] = "discard_taken"
    seat: str
    card: int


class CardTucked(Facts):
    kind: ClassVar[str] = "card_tucked"
    seat: str
    politick: str


# ---------------------------------------------------------------- setup


class CandidateShown(Facts):
    kind: ClassVar[str] = "candidate_shown"
    seat: str
    candidate: str


class HandFilled(Facts):
    """The seat's first hand, drawn up to its hand size."""
    kind: ClassVar[str] = "hand_filled"
    seat: str
    size: int


class HomeShown(Facts):
    kind: ClassVar[str] = "home_shown"
    seat: str
    state: str


class PlayBegins(Facts):
    """August's play begins in `order`; `table` is "plain", "solo" (Solo Play) or "advanced" (the Advanced Solo
    Deck), whose AI parties go first."""
    kind: ClassVar[str] = "play_begins"
    order: tuple[str, ...]
    table: str


# ---------------------------------------------------------------- response windows


class WindowOpened(Facts):
    """`seat` declares `action` (a verb) with its card; `seats` may respond."""
    kind: ClassVar[str] = "window_opened"
    seat: str
    action: str
    card: int
    seats: tuple[str, ...]


class Responded(Facts):
    kind: ClassVar[str] = "responded"
    seat: str
    card: int
    politick: str


class ActAgain(Facts):
    """Change of Plans: the actor takes another action of its card."""
    kind: ClassVar[str] = "act_again"
    seat: str
    card: int


class AutoPassed(Facts):
    """The seat passes on `actor`'s `action` (a verb) and on every window from now on."""
    kind: ClassVar[str] = "auto_passed"
    seat: str
    actor: str
    action: str


# ---------------------------------------------------------------- the end of the game, effects' choices


class ElectionDay(Facts):
    """The election: `winners`, and why — `reason` "most" (electoral votes), "tied" (tied, most states) or
    "runoff" (`removed`'s voters taken off the board); `ev`, each party's final electoral votes."""
    kind: ClassVar[str] = "election_day"
    winners: tuple[str, ...]
    reason: str
    removed: str | None
    ev: tuple[tuple[str, int], ...]


class OptionChosen(Facts):
    """Another party chose option `option` of the effect `proc`'s choice `key` (a politick's, or an ability's)."""
    kind: ClassVar[str] = "option_chosen"
    who: str
    proc: str
    key: str
    option: int


# ---------------------------------------------------------------- private lines (one seat's own)


class Drawn(Facts):
    """The seat draws `cards` (after the debate, when `after_debate`)."""
    kind: ClassVar[str] = "drawn"
    cards: tuple[int, ...]
    after_debate: bool = False


class Swapped(Facts):
    """Running mates' exchange: `seat` gives `given` and takes `taken` (told to both)."""
    kind: ClassVar[str] = "swapped"
    seat: str
    given: int
    taken: int


class PrivateNotes(Facts):
    """A step's private lines: each seat with its notes, in the order they came."""
    kind: ClassVar[str] = "private_notes"
    notes: tuple[tuple[str, tuple[Drawn | Swapped, ...]], ...]
