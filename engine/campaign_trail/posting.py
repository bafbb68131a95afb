"""A step's events, posted once a turn: the step says whether its public lines wait for the turn's post.

The ruleset states a step's public lines into a `log` all through its modules: each a fact (facts_tell.py and its
neighbours, worded by words_tell.py before the line is held); its private lines (`Private`) are facts too. A step's log is a
`Log`, which notes beside each line who made it and why: the seat that took the step,
unless a block of code says otherwise with `by(log, seat, cause)` — an AI party's turn, a politick's owner, a
held action that goes ahead once its window closes, the game's own lines (`by(log, None)`). What waits for a post is
the table's (engine/core/posting.py): the step only gives its verdict, and where it plays AI turns, the cuts between
their posts."""
from __future__ import annotations

from typing import Any, Callable, Iterable

from engine.campaign_trail.facts_tell import PrivateNotes
from engine.campaign_trail.state import CampaignTrailState
from engine.core.types import ApplyResult, Event, Facts

Tell = Callable[[list[Event]], list[Event]]  # the words' `tell`: each event's line from its facts, in place
Private = dict[str, list[Facts]]  # a step's private lines: each seat's notes (facts_tell's Drawn, Swapped), in order
Picture = Callable[[CampaignTrailState], dict[str, Any]]  # the public view (JSON) pictured where a post ends


class Log(list[Any]):
    """A step's public lines (facts, or words), and for each who made it and what card, event or politick caused it.
    `keeps`: whether it keeps the lines appended (a `SilentLog` does not): where a fact costs something to build,
    the rules build it only for a log that keeps it."""

    keeps = True

    def __init__(self, seat: str | None, cause: str | None = None, picture: Picture | None = None) -> None:
        super().__init__()
        self.seat, self.cause = seat, cause
        self.tags: list[tuple[str | None, str | None]] = []
        self.picture = picture  # where the step's posts are cut (Solo Play's AI turns), what pictures each cut
        self.cuts: list[tuple[int, dict[str, Any]]] = []  # each cut: the log's length there, and its picture
        self.touched: list[str] = []  # map keys the AI parties' cards changed in the step (outlined on its post)

    def append(self, line: str | Facts) -> None:
        super().append(line)
        self.tags.append((self.seat, self.cause))

    def extend(self, lines: Iterable[str | Facts]) -> None:
        for line in lines:
            self.append(line)

    def events(self) -> list[Event]:
        """The lines as events: a fact's with no words yet, a worded line's with its words."""
        # every field given, plain data from the rules: the model as validation would build it, without the cost
        return [Event.model_construct(facts=line, seat=seat, cause=cause) if isinstance(line, Facts)
                else Event.model_construct(public=line, seat=seat, cause=cause) for line, (seat, cause) in zip(self, self.tags)]


class SilentLog(Log):
    """The log of a step the search takes (the silent path): it keeps no line, as nothing will be worded or posted."""

    keeps = False

    def append(self, line: str | Facts) -> None:
        pass

    def extend(self, lines: Iterable[str | Facts]) -> None:
        pass


class by:  # noqa: N801 — used as a `with` block, like the context managers it stands beside
    """`with by(log, seat, cause):` the lines appended to `log` inside the block are `seat`'s, caused by `cause` (a
    no-op on a plain list). A class rather than a generator: the rules open one many times a step."""

    __slots__ = ("log", "was")

    def __init__(self, log: list[Any], seat: str | None, cause: str | None = None) -> None:
        self.log = log if isinstance(log, Log) else None
        if self.log is not None:
            self.was = log.seat, log.cause
            log.seat, log.cause = seat, cause

    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> None:
        if self.log is not None:
            self.log.seat, self.log.cause = self.was


def game_line(log: list[Any], line: str | Facts) -> None:
    """A line of the game's own (a month's end, a debate's announcement, Election Day): nobody's."""
    with by(log, None):
        log.append(line)


def touched(log: list[Any], changed: Iterable[str]) -> None:
    """Note map keys an AI party's card changed in the step, for its post to outline (a no-op on a plain list)."""
    if isinstance(log, Log) and log.keeps:  # a silent log keeps nothing (one serves every silent step)
        log.touched.extend(code for code in changed if code not in log.touched)


def cause_now(log: list[str], cause: str | None) -> None:
    """From here on the step's lines are caused by `cause` (the card the seat has just played)."""
    if isinstance(log, Log):
        log.cause = cause


def asks_rival(s: CampaignTrailState) -> bool:
    """A politick of the turn waits for another player's choice (a rival deciding how to take a Scandal)."""
    return (s.wait is not None and s.turn is not None and s.wait.get("seat") is not None
            and s.wait["seat"] != s.turn.seat)


def step_result(s: CampaignTrailState, log: Log, private: Private, undoable: bool, changed: list[str],
                tell: Tell) -> ApplyResult:
    """The step's events, worded by `tell`, with its verdict: a turn is posted once, when it ends (ruling: one post per
    turn), so while the turn's player goes on deciding alone its public lines wait, and the channel gets one message
    and one picture per turn rather than one per voter placed; a step taken back was never announced. The map keys
    the AI parties' cards changed come before the step's own in `changed`."""
    if asks_rival(s):
        undoable = False  # the rival's decision follows from this step
    hold = s.phase == "play" and s.turn is not None and s.window is None and not asks_rival(s)
    events = tell(log.events())
    if log.cuts and not hold:  # cuts come only after a turn is over
        events = _with_cuts(events, log.cuts)
    if private:  # one event for the step's private lines: a seat's notes make one message
        notes = PrivateNotes(notes=tuple((seat, tuple(mine)) for seat, mine in private.items()))
        events.extend(tell([Event(facts=notes)]))
    return ApplyResult(state=s, events=events, undoable=undoable, changed=list(dict.fromkeys([*log.touched, *changed])),
                       hold=hold)


def cut(s: CampaignTrailState, log: list[str]) -> None:
    """End the post here: the step's lines so far are one channel post, pictured as the board stands now
    (Solo Play: each AI turn is posted on its own, as a person's turn is). A no-op where nothing pictures posts."""
    if isinstance(log, Log) and log.picture is not None:
        log.cuts.append((len(log), log.picture(s)))


def _with_cuts(events: list[Event], cuts: list[tuple[int, dict[str, Any]]]) -> list[Event]:
    """The step's lines with an `ends_post` event at each cut."""
    at = dict(cuts)
    out: list[Event] = []
    for i, event in enumerate(events):
        if i in at:
            out.append(Event(ends_post=at.pop(i)))
        out.append(event)
    out.extend(Event(ends_post=view) for view in at.values())  # a cut after the last line
    return out
