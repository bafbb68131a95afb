"""What Campaign Trail's rules state when they ask a seat something, without a word: the question of a decision
and what an option's label needs beyond its action. The rules (rules.py, menus.py, moves.py, dirty.py, debates.py,
responses.py, solo.py) fill them; words_ask.py phrases them. Ids (seats, parties, state codes, card numbers,
issue, politick and procedure ids) and numbers only: a name is the words' to look up."""
from __future__ import annotations

from typing import ClassVar

from engine.core.types import Facts

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
    """The next parameter of the action under way or of a paused effect. `action` is the turn's action ("" while an
    effect waits); `default` names what the deadline plays: "first" (the first choice), "stop" (the move stops),
    "paid" (the first choice until it is paid for, then stop). The question's own words come with the rules' prompt
    for now."""
    kind: ClassVar[str] = "step_asked"
    action: str = ""
    default: str = "first"


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
