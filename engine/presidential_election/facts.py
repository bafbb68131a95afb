"""What Presidential Election's rules state, without a word: the typed facts of the question a seat is asked
(menus.py fills them) and of what an option's label needs beyond its action; a step's events are facts_tell.py's.
words.py phrases them. Ids (seats, state codes, card ids, the player's Advantage card), numbers and the few fixed
tokens the state itself keeps (a task's cause: "land", "token", "national_debate"): a name is the words' to look up."""
from __future__ import annotations

from typing import ClassVar

from engine.core.types import Facts

# ---------------------------------------------------------------- decisions: the question asked


class RollAsk(Facts):
    """Roll a d6: for the playing order (`order`), or for the Campaign Trail."""
    kind: ClassVar[str] = "roll_asked"
    order: bool


class PositionAsk(Facts):
    """The first player may keep playing first or play last in every round."""
    kind: ClassVar[str] = "position_asked"


class HomeAsk(Facts):
    """Pick a home state."""
    kind: ClassVar[str] = "home_asked"


class AdvantageAsk(Facts):
    """Keep one of the `offered` Advantage cards drawn (which: the options, the drawer's alone)."""
    kind: ClassVar[str] = "advantage_asked"
    offered: int


class StakeAsk(Facts):
    """A National Debate: stake `n` more votes; `card` is the Campaign card that called it ("" for the space)."""
    kind: ClassVar[str] = "stake_asked"
    n: int
    card: str


class RunningMateAsk(Facts):
    """Place a running mate's `n` votes: landed on (`landed`) or passed a Pick a VP space; `space` is the trail
    space the player stands on, `advantage` its Advantage card ("" for none)."""
    kind: ClassVar[str] = "running_mate_asked"
    landed: bool
    space: int
    n: int
    advantage: str


class ConventionAsk(Facts):
    """A Party Convention: up to `n` more ballots, one at a time; `advantage` the player's card ("" for none)."""
    kind: ClassVar[str] = "convention_asked"
    n: int
    advantage: str


class FreeTvAsk(Facts):
    """A Party Convention on every ballot already: the state of a free Television Campaign."""
    kind: ClassVar[str] = "free_tv_asked"


class PlaceAsk(Facts):
    """Place `n` more votes, one at a time; `cause` is what gave them, as the state keeps it."""
    kind: ClassVar[str] = "place_asked"
    cause: str
    n: int


class CardChoiceAsk(Facts):
    """A Campaign card waits on a state: choice `index` of `total` (0 of 0: where it waits is unknown), among
    `among` (ballot, ballot_not_home, off_ballot), the chosen state getting `use` (votes, ballot, sign, tv) —
    `n` votes for votes — besides the states the card's earlier choices took (`taken`)."""
    kind: ClassVar[str] = "card_choice_asked"
    card: str
    index: int = 0
    total: int = 0
    among: str = ""
    use: str = ""
    n: int = 0
    taken: tuple[str, ...] = ()


class DebateOfferAsk(Facts):
    """A debate to start or decline: `cause` is what offered it (a card id, "token", "flight" or "space"),
    `target` the rival named (None: any who shares a ballot), `state` its state if fixed, `space` the trail
    space the player stands on."""
    kind: ClassVar[str] = "debate_offer_asked"
    cause: str
    target: str | None
    state: str | None
    space: int


class DebateStateAsk(Facts):
    """Name the state of a debate with `target`."""
    kind: ClassVar[str] = "debate_state_asked"
    target: str


class BuyStateAsk(Facts):
    """Name the state of a purchase of `item` (ballot, sign, tv or fly) costing `price` ($k)."""
    kind: ClassVar[str] = "buy_state_asked"
    item: str
    price: int


class CampaignAsk(Facts):
    """The campaign part of a turn: `money` in hand, `spent` of the turn's `cap` ($k); `advantage` the player's
    card ("" for none)."""
    kind: ClassVar[str] = "campaign_asked"
    money: int
    spent: int
    cap: int
    advantage: str


# ---------------------------------------------------------------- options: what a label needs beyond its action


class Purchase(Facts):
    """A purchase on offer at `price` ($k); `advantage` the buyer's card ("" for none); `free` when this turn's
    airfare costs nothing, `free_card` the card that made it so ("" for none)."""
    kind: ClassVar[str] = "purchase"
    price: int
    advantage: str
    free: bool = False
    free_card: str = ""


class Standing(Facts):
    """A state on offer: its electoral votes in the game's era and each candidate's votes there (holders only,
    in seat order)."""
    kind: ClassVar[str] = "standing"
    ev: int
    votes: tuple[tuple[str, int], ...] = ()
