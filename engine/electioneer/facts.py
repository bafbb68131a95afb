"""What Electioneer US's rules state, without a word: the typed facts of its events (what a step did), of its
decisions (the question a seat is asked) and of its options (what a choice's label needs beyond its action).
rules.py fills them; words.py phrases them. Ids only (seats, state codes, issue, policy and theatric ids) and
numbers: a name is the words' to look up. An event with a public line states only what all may know: what one seat
alone learns is an event of its own, told to that seat (`PoliciesDrawn`, `BuriedPolicy`, `SealedPolicy`,
`IssuesSeen`)."""
from __future__ import annotations

from typing import ClassVar

from engine.core.types import Facts

# ---------------------------------------------------------------- decisions: the question asked


class DiscardAsk(Facts):
    """Put one of the hand's policies on the bottom of the deck."""
    kind: ClassVar[str] = "discard_asked"


class CampaignAsk(Facts):
    """Campaign on one policy in this month's state, whose issues are these."""
    kind: ClassVar[str] = "campaign_asked"
    state: str
    issues: tuple[str, ...]


class SwapAsk(Facts):
    """The month's winner may swap an issue of a revealed state, or keep them."""
    kind: ClassVar[str] = "swap_asked"


class ReadyAsk(Facts):
    """Election day: play theatrics, then declare ready."""
    kind: ClassVar[str] = "ready_asked"


# ---------------------------------------------------------------- options: what a label needs beyond its action


class Scores(Facts):
    """A policy's score on this month's state's issues."""
    kind: ClassVar[str] = "scores"
    score: int


class Replaces(Facts):
    """A swap (or a reframe) replaces this issue of the slot it names."""
    kind: ClassVar[str] = "replaces"
    old: str


class Shifts(Facts):
    """An endorsement or scandal changes this seat's election-day total in the state it names by `delta`."""
    kind: ClassVar[str] = "shifts"
    seat: str
    delta: int


class Removes(Facts):
    """A fact-check removes this marker: whose, by how much, and the theatric that placed it (by name)."""
    kind: ClassVar[str] = "removes"
    seat: str
    delta: int
    source: str


# ---------------------------------------------------------------- events: what a step did


class MonthOpened(Facts):
    """Month `month` of `months` begins: its state is revealed with these issues."""
    kind: ClassVar[str] = "month_opened"
    month: int
    months: int
    state: str
    issues: tuple[str, ...]


class PoliciesDrawn(Facts):
    """`seat` drew these policies (told to that seat alone)."""
    kind: ClassVar[str] = "policies_drawn"
    seat: str
    policies: tuple[str, ...]


class PolicyBuried(Facts):
    """The acting seat sealed a policy for the bottom of its deck (which one: `BuriedPolicy`, told to it alone)."""
    kind: ClassVar[str] = "policy_buried"


class BuriedPolicy(Facts):
    """`seat` sealed `policy` for the bottom of its deck (told to that seat alone)."""
    kind: ClassVar[str] = "buried_policy"
    seat: str
    policy: str


class PolicySealed(Facts):
    """The acting seat sealed its campaign policy (which one: `SealedPolicy`, told to it alone); `digest` is the
    public seal."""
    kind: ClassVar[str] = "policy_sealed"
    digest: str


class SealedPolicy(Facts):
    """`seat` sealed `policy` as its campaign policy (told to that seat alone)."""
    kind: ClassVar[str] = "sealed_policy"
    seat: str
    policy: str


class Bonus(Facts):
    """A momentum bonus to a month's total: the theatric behind it ("" for a bonus of a game saved before the
    plays were kept) and its amount."""
    kind: ClassVar[str] = "bonus"
    theatric: str
    amount: int


class Side(Facts):
    """One seat's revealed campaign: the policy, its own score, the bonuses on top, the total, and its seal."""
    kind: ClassVar[str] = "side"
    policy: str
    score: int
    bonuses: tuple[Bonus, ...]
    total: int
    digest: str
    salt: str


class MonthWon(Facts):
    """Both campaign policies revealed at once; `winner` takes the month (`tie`: by the state's colour)."""
    kind: ClassVar[str] = "month_won"
    state: str
    sides: dict[str, Side]
    winner: str
    tie: bool


class IssueSwapped(Facts):
    """The month's winner swapped `old` for `new` in `state`."""
    kind: ClassVar[str] = "issue_swapped"
    state: str
    old: str
    new: str


class IssuesKept(Facts):
    """The month's winner kept the issues as they are."""
    kind: ClassVar[str] = "issues_kept"


class SeatReady(Facts):
    """The acting seat is ready for the count."""
    kind: ClassVar[str] = "seat_ready"


class ElectionDay(Facts):
    """The last month is done: election day begins."""
    kind: ClassVar[str] = "election_day"


class MomentumGained(Facts):
    """A momentum theatric adds `amount` to `seat`'s total this month."""
    kind: ClassVar[str] = "momentum_gained"
    theatric: str
    seat: str
    amount: int


class Reframed(Facts):
    """A reframe swapped `old` for `new` in `state`."""
    kind: ClassVar[str] = "reframed"
    theatric: str
    state: str
    old: str
    new: str


class MarkerPlaced(Facts):
    """An endorsement or scandal: `delta` to `seat` in `state` on election day."""
    kind: ClassVar[str] = "marker_placed"
    theatric: str
    state: str
    seat: str
    delta: int


class StateResearched(Facts):
    """The acting seat looked at `state`'s face-down issues (which: `IssuesSeen`, told to it alone)."""
    kind: ClassVar[str] = "state_researched"
    theatric: str
    state: str


class IssuesSeen(Facts):
    """`seat` saw `state`'s face-down issues (told to that seat alone)."""
    kind: ClassVar[str] = "issues_seen"
    seat: str
    state: str
    issues: tuple[str, ...]


class MarkerRemoved(Facts):
    """A fact-check removed a marker from `state`: whose, by how much, and the theatric that placed it (by name)."""
    kind: ClassVar[str] = "marker_removed"
    theatric: str
    state: str
    seat: str
    delta: int
    source: str


class StateCount(Facts):
    """One state's election-day count: its electors, each side's total, who carried it (`tie`: by its colour)."""
    kind: ClassVar[str] = "state_count"
    state: str
    electors: int
    totals: dict[str, int]
    winner: str
    tie: bool


class StatesCounted(Facts):
    """Every state counted, in reveal order."""
    kind: ClassVar[str] = "states_counted"
    counts: tuple[StateCount, ...]


class PresidencyWon(Facts):
    """The election's winner and each side's electors (`tie`: tied electors go to the DEM incumbent)."""
    kind: ClassVar[str] = "presidency_won"
    winner: str
    electors: dict[str, int]
    tie: bool
