"""What Campaign Manager 2008's rules state, without a word: the typed facts of its decisions (the question a side
is asked), of its options (what a choice's label needs beyond its action) and of its events (what a step did).
rules.py and effects.py fill them; words.py phrases them. Seats, card, news and state ids, issue names as the
content keys them ("defense"), and numbers: a name is the words' to look up."""
from __future__ import annotations

from typing import ClassVar

from engine.core.types import Facts

# ---------------------------------------------------------------- decisions: the question asked


class DraftAsk(Facts):
    """Keep one of the three cards offered: the `pick`-th of `picks`, `kept` kept so far."""
    kind: ClassVar[str] = "draft_asked"
    pick: int
    picks: int
    kept: int


class StartAsk(Facts):
    """Secretly pick starting state `pick` of `picks` among the states with this side's colour on the back."""
    kind: ClassVar[str] = "start_asked"
    pick: int
    picks: int


class CostAsk(Facts):
    """Pay for `card` with another card from the hand: the `index`-th of `total`."""
    kind: ClassVar[str] = "cost_asked"
    card: str
    index: int
    total: int


class AnyCostAsk(Facts):
    """Pay for `card` with any number of other cards: `paid` discarded so far, `hand` left in hand."""
    kind: ClassVar[str] = "any_cost_asked"
    card: str
    paid: int
    hand: int


class TurnAsk(Facts):
    """The side's action: play a card or draw one, with `hand` cards held and drawing allowed below `limit`."""
    kind: ClassVar[str] = "turn_asked"
    hand: int
    limit: int


class WaitAsk(Facts):
    """A choice an effect waits on (`choice`: state, issue, toward, discard, order, enter, target). Its prompt was
    made when the effect began to wait and is kept in the state with the wait, so the rules hand it over as is."""
    kind: ClassVar[str] = "wait_asked"
    choice: str


# ---------------------------------------------------------------- options: what a label needs beyond its action


class TileRows(Facts):
    """A state in play as it stands: its rows' blocks (Obama, McCain, undecided), its issue marker's space and its
    key demographic."""
    kind: ClassVar[str] = "tile"
    code: str
    defense: tuple[int, int, int]
    economy: tuple[int, int, int]
    issue: int
    key: str


class StateChoice(Facts):
    """A choice of one state; `tile` is the state as it stands when it is in play (what the choice would change)."""
    kind: ClassVar[str] = "state_choice"
    tile: TileRows | None = None


class DeckSize(Facts):
    """Drawing takes the top of a deck of `cards` cards."""
    kind: ClassVar[str] = "deck_size"
    cards: int


# ---------------------------------------------------------------- events: what a step did


class HandDealt(Facts):
    """`seat`'s opening hand (told to that seat alone)."""
    kind: ClassVar[str] = "hand_dealt"
    seat: str
    cards: tuple[str, ...]


class CampaignOpened(Facts):
    """The starting states enter play, as these tiles; `first` plays first."""
    kind: ClassVar[str] = "campaign_opened"
    tiles: tuple[TileRows, ...]
    first: str


class CardDrafted(Facts):
    """The acting side kept `card` (told to it alone), its `kept`-th of `deck`."""
    kind: ClassVar[str] = "card_drafted"
    card: str
    kept: int
    deck: int


class DraftedFirst(Facts):
    """`seat` finished the draft first and so plays first."""
    kind: ClassVar[str] = "drafted_first"
    seat: str


class DecksDrafted(Facts):
    """Both decks are drafted: the starting states are picked next."""
    kind: ClassVar[str] = "decks_drafted"


class StartSealed(Facts):
    """The acting side sealed its starting states; `digest` is the public seal."""
    kind: ClassVar[str] = "start_sealed"
    digest: str


class SealedPick(Facts):
    """One side's revealed starting states, with the seal and salt that prove them."""
    kind: ClassVar[str] = "sealed_pick"
    states: tuple[str, ...]
    digest: str
    salt: str


class StartRevealed(Facts):
    """Both sides' starting states, revealed together, by seat."""
    kind: ClassVar[str] = "start_revealed"
    picks: dict[str, SealedPick]


class Passed(Facts):
    """The acting side had no card to play or draw, and passed."""
    kind: ClassVar[str] = "passed"
