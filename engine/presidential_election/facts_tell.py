"""What Presidential Election's rules state about a step, without a word: one small frozen model per kind of log line.
The rules append these to a step's events; words_tell.py phrases them, words_runs.py says a run of like lines as one.
The seat a line is about is its event's (`Event.seat`); the facts hold ids (seats, state codes, card ids), numbers
and the few fixed tokens a line's words look up: a cause (`why`: "card", "convention", "debate_won"...), a purchase's
item ("ballot", "sign", "television"), a roll's purpose. Each token is said in the line itself, so a public line's
facts name nothing its words do not."""
from __future__ import annotations

from typing import ClassVar

from engine.core.types import Facts

# ---------------------------------------------------------------- setup


class RolledAgain(Facts):
    """The tied highest of a roll-off (`seats`, at `best`) roll again."""
    kind: ClassVar[str] = "rolled_again"
    best: int
    seats: tuple[str, ...]


class OrderSet(Facts):
    """The opening roll's highest, `first`, plays first in `order`, unless it chooses to play last."""
    kind: ClassVar[str] = "order_set"
    first: str
    order: tuple[str, ...]


class PositionChosen(Facts):
    """The first player keeps playing first or plays `last`; `order` the playing order now."""
    kind: ClassVar[str] = "position_chosen"
    last: bool
    order: tuple[str, ...]


class HomePicked(Facts):
    """A candidate picks `code` as its home state (on its ballot with the rules' home votes)."""
    kind: ClassVar[str] = "home_picked"
    code: str


class AdvantageKept(Facts):
    """A candidate keeps the Advantage card `card` (public: its ability lasts all game)."""
    kind: ClassVar[str] = "advantage_kept"
    card: str


class AdvantagesReturned(Facts):
    """The Advantage cards a candidate put back unseen (`cards`): told to that candidate alone."""
    kind: ClassVar[str] = "advantages_returned"
    cards: tuple[str, ...]


class FirstRound(Facts):
    """The campaign begins: round 1, `first` to roll."""
    kind: ClassVar[str] = "first_round"
    first: str


# ---------------------------------------------------------------- dice


class Rolled(Facts):
    """A candidate's own roll of `sides`-sided dice: its `faces` plus `bonus`, for `what` ("trail", "opening_roll",
    "debate" in `state`)."""
    kind: ClassVar[str] = "rolled"
    sides: int
    faces: tuple[int, ...]
    bonus: int = 0
    what: str
    state: str | None = None


class RollOff(Facts):
    """One round of a roll-off, a d6 each: `rolls` (seat, face, bonus) in the order rolled; `contest` is "recount"
    (in `state`), "house" or "national_debate"."""
    kind: ClassVar[str] = "roll_off"
    contest: str
    state: str | None = None
    rolls: tuple[tuple[str, int, int], ...]


class Result(Facts):
    """What a Sign or Television Campaign rolled (`faces` plus `bonus`) and did: `placed` votes making `total` in
    its state (none placed: off the ballot, the roll alone)."""
    kind: ClassVar[str] = "campaign_result"
    faces: tuple[int, ...]
    bonus: int = 0
    placed: int = 0
    total: int = 0


# ---------------------------------------------------------------- votes, ballots and money


class VotesMoved(Facts):
    """`who`'s votes changed for `why` (a debate's loser, a card's rivals: not always the event's seat): each
    (change, state, its votes there after), in order; a run of them is one line."""
    kind: ClassVar[str] = "votes_moved"
    who: str
    why: str
    changes: tuple[tuple[int, str, int], ...]

    def join(self, later: "VotesMoved") -> "VotesMoved":
        changes = list(self.changes)
        for change, code, total in later.changes:
            if changes and changes[-1][1] == code and (changes[-1][0] < 0) == (change < 0):  # one state again
                changes[-1] = (changes[-1][0] + change, code, total)
            else:
                changes.append((change, code, total))
        return VotesMoved(who=self.who, why=self.why, changes=tuple(changes))


class VotesLost(Facts):
    """`n` votes from `why` for `who` in `code`, whose ballot it is not on: lost."""
    kind: ClassVar[str] = "votes_lost"
    who: str
    code: str
    n: int
    why: str


class BallotsJoined(Facts):
    """A candidate gets on the ballots of `codes` for `why` ("convention", "card"), 1 vote each."""
    kind: ClassVar[str] = "ballots_joined"
    why: str
    codes: tuple[str, ...]

    def join(self, later: "BallotsJoined") -> "BallotsJoined":
        return BallotsJoined(why=self.why, codes=self.codes + later.codes)


class MoneyChanged(Facts):
    """`who`'s money changed by `delta` ($k, never below 0) to `total` for `why` ("card", "advantage",
    "press_coverage", "fundraising_space", "fundraising"; the last two with the d3 `rolled`)."""
    kind: ClassVar[str] = "money_changed"
    who: str
    delta: int
    total: int
    why: str
    rolled: int = 0


# ---------------------------------------------------------------- the turn


class SpaceLanded(Facts):
    """A candidate's token stops on the Campaign Trail's space `space`."""
    kind: ClassVar[str] = "space_landed"
    space: int


class ElectionDayReached(Facts):
    """A candidate reaches Election Day: the first (`also` false) makes this the last round, a later one stops."""
    kind: ClassVar[str] = "election_day_reached"
    also: bool


class RunningMateLost(Facts):
    """A running mate's `n` votes are lost: the candidate has no ballot state besides home."""
    kind: ClassVar[str] = "running_mate_lost"
    n: int


class Bought(Facts):
    """Purchases of one `item` ("ballot", "sign", "television") at `cost` ($k each), `spent` this turn after the
    last: each bought state with what its campaign did (None for a ballot place); a run of them is one line."""
    kind: ClassVar[str] = "bought"
    item: str
    cost: int
    spent: int
    buys: tuple[tuple[str, Result | None], ...]

    def join(self, later: "Bought") -> "Bought":
        return Bought(item=self.item, cost=self.cost, spent=later.spent, buys=self.buys + later.buys)


class FreeCampaign(Facts):
    """A free Sign or Television Campaign (`item`) in `code` for `why` ("convention", "card"), and what it did."""
    kind: ClassVar[str] = "free_campaign"
    item: str
    code: str
    why: str
    result: Result


class Flew(Facts):
    """A candidate's map token flies from `origin` to `code` for `cost` ($k)."""
    kind: ClassVar[str] = "flew"
    origin: str | None
    code: str
    cost: int


class NoHandshake(Facts):
    """The turn ends with the map token in `code`, whose ballot the candidate is not on: no handshake vote."""
    kind: ClassVar[str] = "no_handshake"
    code: str | None


class CardDrawn(Facts):
    """A candidate draws the Campaign card `card` and does it at once."""
    kind: ClassVar[str] = "card_drawn"
    card: str


class DeckReshuffled(Facts):
    """The Campaign deck ran out: the discards are shuffled into a new one."""
    kind: ClassVar[str] = "deck_reshuffled"


class CardVotesLost(Facts):
    """A card's votes have no state to go to: lost."""
    kind: ClassVar[str] = "card_votes_lost"


class AirfareFree(Facts):
    """A card makes the candidate's airfare free this turn."""
    kind: ClassVar[str] = "airfare_free"


# ---------------------------------------------------------------- debates


class NoDebate(Facts):
    """A debate that cannot happen: no rival shares a ballot (`target` None), or `target` shares none, or none in
    `state`."""
    kind: ClassVar[str] = "no_debate"
    target: str | None = None
    state: str | None = None


class DebateDeclined(Facts):
    """A candidate declines the debate it was offered."""
    kind: ClassVar[str] = "debate_declined"


class DebateTied(Facts):
    """`a` and `b` debated in `state` and rolled the same: nobody moves."""
    kind: ClassVar[str] = "debate_tied"
    a: str
    b: str
    state: str


class DebateWon(Facts):
    """`a` and `b` debated in `state`: `winner` by `margin`, `moved` votes changing hands (fewer than the margin
    where either side keeps its last vote: each side's votes there before, `winner_had` and `loser_had`)."""
    kind: ClassVar[str] = "debate_won"
    a: str
    b: str
    state: str
    winner: str
    margin: int
    moved: int
    winner_had: int
    loser_had: int


class NationalDebate(Facts):
    """A National Debate: `stakers` each stake `stake` votes, `out` sit out with too few spare votes."""
    kind: ClassVar[str] = "national_debate"
    stake: int
    stakers: tuple[str, ...]
    out: tuple[str, ...]


class PotWon(Facts):
    """`winner` wins the National Debate and places the pot of `pot` votes."""
    kind: ClassVar[str] = "pot_won"
    winner: str
    pot: int


# ---------------------------------------------------------------- the end


class HouseDecides(Facts):
    """An Electoral College tie at `top` between `seats`: the House roll decides."""
    kind: ClassVar[str] = "house_decides"
    top: int
    seats: tuple[str, ...]


class ElectionOver(Facts):
    """The election's `winner`, by most electoral votes or (`tied` at `top`) the House roll; `scores` in play order."""
    kind: ClassVar[str] = "election_over"
    winner: str
    tied: bool
    top: int
    scores: tuple[tuple[str, int], ...]


class TurnNews(Facts):
    """While the turn's post waits, a step that rolled a die or drew a card is told at once to `seats` (the mover
    and the turn's player): its public lines, as they will be posted."""
    kind: ClassVar[str] = "turn_news"
    seats: tuple[str, ...]
