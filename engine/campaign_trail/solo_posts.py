"""Solo Play's AI turns, each posted on its own with its own picture ("each AI turn is posted as the
turns of people are"). A human's step that ends their turn also plays the AI parties' turns that follow; the
engine cuts the step's lines before each AI turn (posting.cut) and pictures the board there, and this module
makes those pictures: the public view, with the states changed since the previous post outlined.
"""
from __future__ import annotations

from typing import Any

from engine.campaign_trail import rules
from engine.campaign_trail.posting import Tell
from engine.campaign_trail.state import CampaignTrailState
from engine.campaign_trail.views import view
from engine.core.types import Action, ApplyResult


def _board(s: CampaignTrailState) -> dict[str, dict[str, int]]:
    """Each state's committed voters (what a state shows on the map: its majority follows from them)."""
    return {code: dict(by_party) for code, by_party in s.voters.items()}


def _differ(before: dict[str, dict[str, int]], after: dict[str, dict[str, int]]) -> list[str]:
    return [code for code, st in after.items() if before.get(code) != st]


def apply(state: CampaignTrailState, seat: str, action: Action, *, tell: Tell) -> ApplyResult:
    """`rules.apply`, with a picture at each post's end: each outlines what changed since the previous cut (the
    first, since the step began: the table adds what its held lines changed), and the step's last post what
    changed since the last cut (`tail_changed`)."""
    boards: list[dict[str, dict[str, int]]] = [_board(state)]  # the board where the step began, then at each cut

    def picture(s: CampaignTrailState) -> dict[str, Any]:
        board = _board(s)
        changed = _differ(boards[-1], board)
        boards.append(board)
        return view(s, None).model_copy(update={"changed": changed}).model_dump(mode="json")

    result = rules.apply(state, seat, action, tell=tell, picture=picture)
    if len(boards) > 1 and result.hold is False:
        result.tail_changed = _differ(boards[-1], _board(result.state))  # type: ignore[arg-type]
    return result
