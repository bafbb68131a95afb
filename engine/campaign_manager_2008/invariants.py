"""What must hold at every step (the fuzz test and the scenario lint check it): blocks per row conserved,
scores = the start scores plus the states won, every state in exactly one place, every card of a side in
exactly one zone, and the draft's sizes."""
from __future__ import annotations

from engine.campaign_manager_2008.primitives import c, new_tile
from engine.campaign_manager_2008.state import SEATS, CMState


def invariant_problems(state: CMState) -> list[str]:
    content = c()
    problems: list[str] = []
    for tile in state.in_play:
        fresh = new_tile(tile.code)
        for issue in ("defense", "economy"):
            row, printed = getattr(tile, issue), getattr(fresh, issue)
            if row.R + row.B + row.W != printed.R + printed.B + printed.W or min(row.R, row.B, row.W) < 0:
                problems.append(f"{tile.code} {issue} row has {row} for {printed}")
        if not 0 <= tile.issue <= 3:
            problems.append(f"{tile.code} issue marker off the track: {tile.issue}")
    won = [code for s in SEATS for code in state.sides[s].won]
    places = [t.code for t in state.in_play] + state.pool + won
    if state.phase in ("play", "over") and sorted(places) != sorted(content.states):
        problems.append(f"states misplaced: {sorted(places)}")
    for s in SEATS:
        side = state.sides[s]
        expect = content.rules.start_score[s] + sum(content.states[x].ev for x in side.won)
        if side.score != expect:
            problems.append(f"{s} score {side.score} != {expect}")
        if state.phase == "draft":
            if len(side.removed) != 2 * len(side.kept):
                problems.append(f"{s} draft kept {len(side.kept)} removed {len(side.removed)}")
            continue
        zones = side.deck + side.hand + side.discard
        if state.turn is not None and state.turn.seat == s:
            zones += ([state.turn.card] if state.turn.card and not (state.media and state.media["card"] == state.turn.card)
                      else []) + state.turn.discarded
        if state.media and state.media["owner"] == s:
            zones.append(state.media["card"])
        if sorted(zones) != sorted(side.kept):
            problems.append(f"{s} cards: {len(zones)} in play zones for a deck of {len(side.kept)}")
    if state.phase in ("play", "over") and state.sides["OBA"].score + state.sides["MCC"].score + sum(content.states[x].ev for x in places
                                                                   if x not in won) != 538:
        problems.append("scores and the electoral votes still to win do not add to 538")
    return problems
