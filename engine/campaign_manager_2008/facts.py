"""What Campaign Manager 2008's rules state, without a word: the typed facts of its decisions (the question a side
is asked), of its options (what a choice's label needs beyond its action) and of its events (what a step did).
rules.py and effects.py fill them; words.py phrases them. Seats, card, news and state ids, issue names as the
content keys them ("defense"), and numbers: a name is the words' to look up. An event with a public line states
only what all may know: the cards one side alone sees are an event of their own, told to that side (`HandDealt`,
`DraftKept`, `DrawnCards`)."""
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
    """A choice an effect waits on (`choice`: state, issue, toward, discard, order, enter, target) among `among`, with
    what its question names, as the state and the frame stack stood when the effect began to wait (waits.py):
    `cause`, the card, news card (`N15`) or Going Negative result (`GN3`) the choice is for (ordering states won at
    once: what won them; aiming a news card: the news); `state`, the state an issue or a shift is chosen for, the
    state won whose replacement is picked, or the state whose entry drew the news being aimed; `rep`, which one of how
    many for a choice asked more than once; `played_by`, the side that played the card when it is not the side
    asked; for a news card's choice, the state whose entry drew it (`entered`), the state it hits (`hits`), whose turn
    it is (`turn`) and the scores by seat; for a Going Negative result's, who rolled (`roller`) what (`roll`) with
    which card (`card`); and `media`, the Media Support card that aims a news card."""
    kind: ClassVar[str] = "wait_asked"
    choice: str
    among: tuple[str, ...] = ()
    cause: str | None = None
    state: str | None = None
    rep: tuple[int, int] | None = None
    played_by: str | None = None
    entered: str | None = None
    hits: str | None = None
    turn: str | None = None
    scores: tuple[tuple[str, int], ...] = ()
    roller: str | None = None
    roll: int | None = None
    card: str | None = None
    media: str | None = None


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
    """The acting side kept a card (which: `DraftKept`, told to it alone), its `kept`-th of `deck`."""
    kind: ClassVar[str] = "card_drafted"
    kept: int
    deck: int


class DraftKept(Facts):
    """`seat` kept `card` in the draft (told to that seat alone)."""
    kind: ClassVar[str] = "draft_kept"
    seat: str
    card: str


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


class DiscardShuffled(Facts):
    """`seat` shuffled its discard into a new deck of `cards` cards."""
    kind: ClassVar[str] = "discard_shuffled"
    seat: str
    cards: int


class CardsDrawn(Facts):
    """`seat` drew `count` cards (which: `DrawnCards`, told to it alone) and holds `hand`."""
    kind: ClassVar[str] = "cards_drawn"
    seat: str
    count: int
    hand: int


class DrawnCards(Facts):
    """The cards `seat` drew (told to that seat alone)."""
    kind: ClassVar[str] = "drawn_cards"
    seat: str
    cards: tuple[str, ...]


class CardPlayed(Facts):
    """The acting side played `card` (its whole text is public)."""
    kind: ClassVar[str] = "card_played"
    card: str


class CostPaid(Facts):
    """The acting side discarded `card` to pay for the card it plays."""
    kind: ClassVar[str] = "cost_paid"
    card: str


class MediaReplaced(Facts):
    """The Media Support card `card` left the table for `owner`'s discard."""
    kind: ClassVar[str] = "media_replaced"
    card: str
    owner: str


class WentNegative(Facts):
    """`roller` went negative and rolled `face`; `applier` applies that result."""
    kind: ClassVar[str] = "went_negative"
    roller: str
    face: int
    applier: str


class NegativeResumed(Facts):
    """The Going Negative result `roller` rolled (`face`) goes on after its applier's choice: the next line is told
    as following from it. A mark on the line after it, not a line of its own."""
    kind: ClassVar[str] = "negative_resumed"
    roller: str
    face: int


class Gained(Facts):
    """`seat` gained a block of `state`'s `issue` row, which now stands at (Obama, McCain, undecided) `row`."""
    kind: ClassVar[str] = "gained"
    seat: str
    state: str
    issue: str
    row: tuple[int, int, int]


class ShiftBlocked(Facts):
    """`state`'s issue marker is already as far toward `toward` as it goes."""
    kind: ClassVar[str] = "shift_blocked"
    state: str
    toward: str


class Shifted(Facts):
    """`state`'s issue marker moved toward `toward`; `major` names the new major issue where it changed."""
    kind: ClassVar[str] = "shifted"
    state: str
    toward: str
    major: str | None = None


class KeyFlipped(Facts):
    """`state`'s key demographic is now `key`."""
    kind: ClassVar[str] = "key_flipped"
    state: str
    key: str


class Rallied(Facts):
    """Demographic Support: `group` rallied to `seat`, taking this many undecided blocks in each state listed."""
    kind: ClassVar[str] = "rallied"
    group: str
    seat: str
    taken: tuple[tuple[str, int], ...]


class NoCardToDiscard(Facts):
    """`seat` had to discard at random but holds no card."""
    kind: ClassVar[str] = "no_card_to_discard"
    seat: str


class Discarded(Facts):
    """`seat` discarded `card` (`at_random`: the rules picked it)."""
    kind: ClassVar[str] = "discarded"
    seat: str
    card: str
    at_random: bool = False


class StateWon(Facts):
    """`winner` won `state` for `ev` electoral votes; the scores after, by seat, the winner's first."""
    kind: ClassVar[str] = "state_won"
    winner: str
    state: str
    ev: int
    scores: tuple[tuple[str, int], ...]


class ElectionWon(Facts):
    """`winner` reached `score` electoral votes of the `target` needed: the game is over."""
    kind: ClassVar[str] = "election_won"
    winner: str
    score: int
    target: int


class ElectionDrawn(Facts):
    """Every state is won and the scores, in seat order, are level: the game is a draw."""
    kind: ClassVar[str] = "election_drawn"
    scores: tuple[int, int]


class PoolEmpty(Facts):
    """No state is left to replace the one won."""
    kind: ClassVar[str] = "pool_empty"


class StateEntered(Facts):
    """`seat` brought `state` into play."""
    kind: ClassVar[str] = "state_entered"
    seat: str
    state: str


class NewsEmpty(Facts):
    """The Breaking News deck is empty."""
    kind: ClassVar[str] = "news_empty"


class NewsDrawn(Facts):
    """The Breaking News card `news` is drawn (its whole text is public)."""
    kind: ClassVar[str] = "news_drawn"
    news: str


class NewsAimed(Facts):
    """`owner`'s Media Support turned the news to `state`."""
    kind: ClassVar[str] = "news_aimed"
    owner: str
    state: str
