"""What 1960's decisions state, without a word: the question a seat is asked (one small model per stage of
legal.py) and what an option's label needs beyond its action. menus.py fills them; words.py phrases them. Seats,
sides ("K", "N"), state, region and issue codes, card numbers and counts: a name is the words' to look up.

Every question carries `default`, the notation of what the deadline plays (a move, not a sentence)."""
from __future__ import annotations

from typing import ClassVar

from engine.core.types import Facts

# ---------------------------------------------------------------- decisions: the question asked


class Ask(Facts):
    """A question; `default` is the action the deadline takes, in notation (`pass`, `play 12 advertise`)."""
    default: str


class WaitAsk(Ask):
    """An effect waits for a pick of this kind (state, region, issue or card); `card` is the card whose event asks,
    where a card started the effect. What the question says beyond its kind, as the wait keeps it (waits.py): side
    `loser` takes 1 support from a state of `region`, `left` still to go; or the endorsement card `endorsement`,
    good in any region, endorses side `endorsed` in the region picked."""
    kind: ClassVar[str] = "pick_asked"
    pick: str
    card: int | None = None
    loser: str | None = None
    region: str | None = None
    left: int | None = None
    endorsement: int | None = None
    endorsed: str | None = None


class WindowAsk(Ask):
    """`rival` played `card` for its CP: trigger its event, holding `momentum`, or pass."""
    kind: ClassVar[str] = "trigger_asked"
    card: int
    rival: str
    momentum: int


class InitiativeAsk(Ask):
    """The initiative holder picks who plays first this turn."""
    kind: ClassVar[str] = "starter_asked"


class ActivityAsk(Ask):
    """Play a card in an activity phase; `rest` when some card in hand moves rest cubes."""
    kind: ClassVar[str] = "play_asked"
    rest: bool


class HowAsk(Ask):
    """Use `card`, already on the table: preempted (its CP only), or the VP card (event or CP)."""
    kind: ClassVar[str] = "use_asked"
    card: int
    preempted: bool


class AmountAsk(Ask):
    """How many CP to spend in `state`, which needs support checks or not."""
    kind: ClassVar[str] = "amount_asked"
    state: str
    checks: bool


class StopAsk(Ask):
    """The token travelled into a region: the state it stops in."""
    kind: ClassVar[str] = "stop_asked"


class CampaignAsk(Ask):
    """Campaigning with `cp_left` CP, the token in travel region or state `here`."""
    kind: ClassVar[str] = "campaign_asked"
    cp_left: int
    here: str


class AdvertiseAsk(Ask):
    """Place `to_place` media cubes won by advertising."""
    kind: ClassVar[str] = "media_asked"
    to_place: int


class PositionAsk(Ask):
    """Positioning on issues with `cp_left` CP."""
    kind: ClassVar[str] = "position_asked"
    cp_left: int


class SwapAsk(Ask):
    """The media leader may swap two adjacent issues of the track."""
    kind: ClassVar[str] = "swap_asked"


class RewardAsk(Ask):
    """The leader of the second issue takes 1 momentum or 1 endorsement."""
    kind: ClassVar[str] = "reward_asked"
    issue: str


class StrategyAsk(Ask):
    """Set aside `left` more cards face down, for the Debates (`debates`) or Election Day."""
    kind: ClassVar[str] = "strategy_asked"
    left: int
    debates: bool


class PlaceAsk(Ask):
    """The winner of debate `issue` places `left` more state support cubes."""
    kind: ClassVar[str] = "place_asked"
    issue: str
    left: int


class FirstAsk(Ask):
    """Both revealed debate cards show both candidates: who places first."""
    kind: ClassVar[str] = "first_asked"


class SideAsk(Ask):
    """The revealed `card` shows both candidates: on whose side of its issue it goes."""
    kind: ClassVar[str] = "side_asked"
    card: int


class RoundAsk(Ask):
    """Debate round `round`: a card to reveal, with these issues still open."""
    kind: ClassVar[str] = "round_asked"
    round: int
    open: tuple[str, ...]


class OrderAsk(Ask):
    """The initiative holder picks the next Election Day event."""
    kind: ClassVar[str] = "order_asked"


# ---------------------------------------------------------------- options: what a label needs beyond its action


class Use(Facts):
    """A way to use a card: the rest cubes the play moves (0 once the card is on the table), whether its event
    has nothing left to do (the Debates are over), and whether campaigning costs the knee's momentum."""
    kind: ClassVar[str] = "use"
    rest: int = 0
    spent: bool = False
    knee: bool = False


class VpDiscard(Facts):
    """Discarding the action's card plays this VP card."""
    kind: ClassVar[str] = "vp_discard"
    card: int


class Support(Facts):
    """The state support in the action's state (signed: Kennedy above 0), and whether adding there needs checks."""
    kind: ClassVar[str] = "support"
    value: int
    checks: bool = False


class Standing(Facts):
    """The signed count where the action places a cube (a region's media, an issue's support), and the CP it
    costs (positioning)."""
    kind: ClassVar[str] = "standing"
    value: int
    cost: int = 0


class Owner(Facts):
    """The side whose Election Day event the action resolves."""
    kind: ClassVar[str] = "owner"
    side: str
