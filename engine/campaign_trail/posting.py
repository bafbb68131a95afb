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
    if hold or s.unposted or log:
        log, posted_changed = hold_or_post(s.unposted, s.unposted_changed, log, changed, hold=hold)
        if posted_changed is not None:
            s.last_changed = posted_changed
    events = [Event(public=line) for line in log]
    if private:
        events.append(Event(private=private))
    return ApplyResult(state=s, events=events, undoable=undoable, changed=changed)
