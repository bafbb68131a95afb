"""A step's events, posted once a turn: the public lines wait in the state until the turn ends."""
from __future__ import annotations

from engine.campaign_trail.state import CampaignTrailState
from engine.core.posting import hold_or_post
from engine.core.types import ApplyResult, Event


def asks_rival(s: CampaignTrailState) -> bool:
    """A politick of the turn waits for another player's choice (a rival deciding how to take a Scandal)."""
    return (s.wait is not None and s.turn is not None and s.wait.get("seat") is not None
            and s.wait["seat"] != s.turn.seat)


def step_result(s: CampaignTrailState, log: list[str], private: dict[str, str], undoable: bool, changed: list[str]) -> ApplyResult:
    """The step's events. A turn is posted once, when it ends (ruling: one post per turn): until then its
    public lines wait in the state, so the channel gets one message and one picture per turn rather than
    one per voter placed, and a step taken back was never announced. `changed` stays per step."""
    if asks_rival(s):
        undoable = False  # the rival's decision follows from this step
    hold = s.phase == "play" and s.turn is not None and s.window is None and not asks_rival(s)
    log_length = len(log)
    if hold or s.unposted or log:
        log, posted_changed = hold_or_post(s.unposted, s.unposted_changed, log, changed, hold=hold)
        if posted_changed is not None:
            s.last_changed = posted_changed
    if hold:
        s._cuts.clear()  # nothing is posted yet, so nothing ends here (cuts come only after a turn is over)
    events = _with_cuts(s, log, len(log) - log_length) if s._cuts else [Event(public=line) for line in log]
    if private:
        events.append(Event(private=private))
    return ApplyResult(state=s, events=events, undoable=undoable, changed=changed)


def cut(s: CampaignTrailState, log: list[str]) -> None:
    """End the post here: the step's lines so far are one channel post, pictured as the board stands now
    (Solo Play: each AI turn is posted on its own, as a person's turn is). A no-op outside a ruleset step."""
    if s._picture is not None:
        s._cuts.append((len(log), s._picture(s)))


def _with_cuts(s: CampaignTrailState, lines: list[str], held: int) -> list[Event]:
    """The posted lines with an `ends_post` event at each cut (`held` lines from earlier steps come first).
    Held lines never carry cuts: a cut is made only once the turn is over."""
    cuts = {held + at: view for at, view in s._cuts}
    s._cuts.clear()
    events: list[Event] = []
    for i, line in enumerate(lines):
        if i in cuts:
            events.append(Event(ends_post=cuts.pop(i)))
        events.append(Event(public=line))
    events.extend(Event(ends_post=view) for view in cuts.values())  # a cut after the last line
    return events
