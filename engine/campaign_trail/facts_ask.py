"""What Campaign Trail's rules state when they ask a seat something, without a word: the question of a decision
and what an option's label needs beyond its action. The rules (rules.py, menus.py, prompts.py, moves.py, dirty.py,
debates.py, responses.py, solo.py) fill them; words_ask.py and words_step.py phrase them. Ids (seats, parties, state codes, card numbers,
issue, politick and procedure ids) and numbers only: a name is the words' to look up."""
from __future__ import annotations

from typing import ClassVar

from pydantic import SerializeAsAny

from engine.core.types import Facts

# ---------------------------------------------------------------- a step's question


class Step(Facts):
    """What a step asks: answer `at` of `of` (0: a single answer), where `optional` lets the seat stop early."""
    at: int = 0
    of: int = 0
    optional: bool = False


class RegionFirst(Step):
    """Too many states for one menu: a region first, then the state."""
    kind: ClassVar[str] = "region_first"


class Convert(Step):
    """Convert a rival's voter in `state` to one of the seat's, or finish."""
    kind: ClassVar[str] = "convert"
    state: str


class Place(Step):
    """Place a voter: at most `per` in one state (0: no such cap)."""
    kind: ClassVar[str] = "place"
    per: int = 0


class Choose(Step):
    """One option of a politick's choice: options `among` (indexes) of the `choose_one` op at `ip` of procedure
    `proc`; `party` when a party mate chooses for the seat whose politick it is."""
    kind: ClassVar[str] = "choose"
    proc: str
    ip: int
    among: tuple[int, ...]
    party: bool = False


class Strike(Step):
    """A rival's voter to swap for one of the seat's: at `cost` ($M, 0 free) each, with `money` in the war chest."""
    kind: ClassVar[str] = "strike"
    cost: int = 0
    money: int = 0


class PutBack(Step):
    """One of the cards just drawn goes to the bottom of the deck."""
    kind: ClassVar[str] = "put_back"


class OptionalCard(Step):
    """Play the card now, or keep it in hand."""
    kind: ClassVar[str] = "optional_card"


class PickCard(Step):
    """A card: from the seat's hand when `mine`, else a rival's politick in play."""
    kind: ClassVar[str] = "pick_card"
    mine: bool


class PickState(Step):
    """A state, all of them in `region` when it is named."""
    kind: ClassVar[str] = "pick_state"
    region: str = ""


class Travel(Step):
    """A travel's move: by the card's `mode`, `steps` of `most` moves made, `flown` once the pawn has flown."""
    kind: ClassVar[str] = "travel"
    mode: str
    steps: int = 0
    most: int = 0
    flown: bool = False


class Campaign(Step):
    """A campaign's voters: `placed` of at most `cap`, at most `per` in one state (0: no such cap), `registered`
    left; `voter_cost` ($M a voter, -1 when voters cost nothing apart) against `money`."""
    kind: ClassVar[str] = "campaign"
    placed: int
    cap: int
    per: int = 0
    registered: int
    voter_cost: int = -1
    money: int


class Advertise(Step):
    """An issue to buy at `cost` ($M, 0 free) with `money`, `registered` voters left, `left` of `on_card` issues."""
    kind: ClassVar[str] = "advertise"
    cost: int
    money: int
    registered: int
    left: int
    on_card: int


class EthicsDue(Step):
    """`due` more voters to pay from the party's ethically minded states, `there` of them there."""
    kind: ClassVar[str] = "ethics_due"
    due: int
    there: int


class RemoveIn(Step):
    """Whose voter to remove in `state` (at/of: which one of how many)."""
    kind: ClassVar[str] = "remove_in"
    state: str


class Smear(Step):
    """A smear campaign's removals: `removed` of at most `cap`, at most `per` in one state (0: no such cap)."""
    kind: ClassVar[str] = "smear"
    removed: int
    cap: int
    per: int = 0


class Mudsling(Step):
    """An issue to sling mud on: `chosen` of `on_card`, the next costing `cost` of the `have` ethics voters."""
    kind: ClassVar[str] = "mudsling"
    chosen: int
    on_card: int
    cost: int
    have: int


class Suppress(Step):
    """A voter suppression's move (`plane`: a flight), `steps` of `most` made, then `remove` rival voters removed."""
    kind: ClassVar[str] = "suppress"
    plane: bool
    steps: int = 0
    most: int = 0
    remove: int


class Rival(Step):
    """The rival a flip or a sway takes from."""
    kind: ClassVar[str] = "rival"


# ---------------------------------------------------------------- decisions: the question asked


class Ask(Facts):
    """A question of Campaign Trail's."""


class CandidateAsk(Ask):
    """Keep one of two candidates; `solo` ("", "basic", "advanced") says which Solo Play notes apply."""
    kind: ClassVar[str] = "candidate_asked"
    solo: str = ""


class HomeAsk(Ask):
    """Choose a home state among the reference states of the hand."""
    kind: ClassVar[str] = "home_asked"


class ExchangeAsk(Ask):
    """Running mates swap cards one for one: with `partner`, `swaps` of `most` made; `give` is the card already
    given this swap (0 when none)."""
    kind: ClassVar[str] = "exchange_asked"
    partner: str
    swaps: int
    most: int
    give: int = 0


class PlayAsk(Ask):
    """The turn begins: play a card from hand."""
    kind: ClassVar[str] = "play_asked"


class ActionAsk(Ask):
    """Take one action of card `card`."""
    kind: ClassVar[str] = "action_asked"
    card: int


class StepAsk(Ask):
    """The next parameter of the action under way or of a paused effect. `action` is the turn's action with card
    `card` ("" and 0 while an effect waits); `default` names what the deadline plays: "first" (the first choice),
    "stop" (the move stops), "paid" (the first choice until it is paid for, then stop). `step` is the question itself
    (one of the step models above; none where the action asks nothing more). While an effect waits, `effects` are the
    politicks and candidate abilities asking (their procedure ids, the asking one first), `owner` the seat whose effect
    it is when another seat answers, and `final` that it is an end-of-game politick."""
    kind: ClassVar[str] = "step_asked"
    action: str = ""
    default: str = "first"
    card: int = 0
    step: SerializeAsAny[Step] | None = None
    effects: tuple[str, ...] = ()
    owner: str = ""
    final: bool = False


class WindowAsk(Ask):
    """A response window: `actor` declares `action` with card `card`."""
    kind: ClassVar[str] = "window_asked"
    actor: str
    action: str
    card: int


class DebateAsk(Ask):
    """Debate `number`, round `round` of `rounds`: play a card showing an issue in the arena, or pass."""
    kind: ClassVar[str] = "debate_asked"
    number: int
    round: int
    rounds: int


class OratorAsk(Ask):
    """The Orator adds a voter in a state showing `issue`: marker `at` of `total` (total 1: no count)."""
    kind: ClassVar[str] = "orator_asked"
    issue: str
    at: int
    total: int


class ChangeOfPlansAsk(Ask):
    """An AI party (`actor`) is about to act directly with card `card` of its deck ("basic": the Solo Play deck,
    "advanced": its Advanced Solo Deck)."""
    kind: ClassVar[str] = "change_of_plans_asked"
    actor: str
    deck: str
    card: int


# ---------------------------------------------------------------- options: what a label needs beyond its action


class There(Facts):
    """A voter to pay or remove in the state the action names: `count` of that party's are there."""
    kind: ClassVar[str] = "there"
    count: int


class Buys(Facts):
    """An issue to advertise: at `cost` ($M, 0 free), one voter in each of the `voters` states showing it."""
    kind: ClassVar[str] = "buys"
    cost: int
    voters: int


class Slings(Facts):
    """An issue to sling mud on, for `cost` ethically minded voters."""
    kind: ClassVar[str] = "slings"
    cost: int


class Targets(Facts):
    """A rival the flip or sway takes `amount` from: its money and registered voters now; `ai` an AI party."""
    kind: ClassVar[str] = "targets"
    amount: int
    money: int
    registered: int
    ai: bool = False


class Mate(Facts):
    """The running mate `seat` makes this move (Frequent Flyer)."""
    kind: ClassVar[str] = "mate"
    seat: str


class Stop(Facts):
    """`done` that stops the move where the pawn is (a voter suppression)."""
    kind: ClassVar[str] = "stop"


class Picks(Facts):
    """One option of a politick's choice: option `index` of the `choose_one` op at `ip` of procedure `proc`."""
    kind: ClassVar[str] = "picks"
    proc: str
    ip: int
    index: int


class Tabled(Facts):
    """A rival's card in play: its politick `politick` is what it does."""
    kind: ClassVar[str] = "tabled"
    politick: str
