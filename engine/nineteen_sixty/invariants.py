"""What must hold at every step (the fuzz test and the scenario lint check it): each side's 85 cubes are all
somewhere (supply, bag, rest zone, states, media, issues), momentum is never negative, every campaign card is
in exactly one place, and the debate board and track hold each issue once."""
from __future__ import annotations

from engine.nineteen_sixty.primitives import c, count
from engine.nineteen_sixty.state import NSState

CUBES = 85


def card_places(state: NSState) -> list[int]:
    places = list(state.deck) + state.discard + state.removed
    for side in state.sides.values():
        places += side.hand + side.strategy
        if side.vp_card is not None:
            places.append(side.vp_card)
    places += [e.card for e in state.debate_events + state.election_events + state.prevention]
    if state.play is not None and state.play.card is not None and state.play.stage != "event" \
            and state.play.action not in ("event", "triggered"):
        places.append(state.play.card)
    if state.debate is not None:
        for issue in state.debate.issues:
            places += issue.cards["K"] + issue.cards["N"]
        places += list(state.debate.revealed.values())
    return places


def invariant_problems(state: NSState) -> list[str]:
    problems: list[str] = []
    for side in ("K", "N"):
        me = state.sides[side]
        on_board = sum(count(v, side) for table in (state.support, state.media, state.issues) for v in table.values())
        total = me.supply + state.bag.counts.get(side, 0) + me.rest + on_board
        if total != CUBES:
            problems.append(f"{side}: {total} cubes accounted for, not {CUBES} (supply {me.supply}, bag "
                            f"{state.bag.counts.get(side, 0)}, rest {me.rest}, board {on_board})")
        if me.momentum < 0:
            problems.append(f"{side}: momentum {me.momentum}")
        if me.rest < 0:
            problems.append(f"{side}: rest {me.rest}")
    places = card_places(state)
    if sorted(places) != sorted(c().cards):
        missing = sorted(set(c().cards) - set(places))
        twice = sorted({x for x in places if places.count(x) > 1})
        problems.append(f"cards misplaced: missing {missing}, twice {twice}")
    track = [i for i in state.track if i]
    if state.debate is None and sorted(track) != sorted(c().issues):
        problems.append(f"issues track {state.track}")
    if state.phase == "over" and not (state.winner or state.draw):
        problems.append("the game is over without a result")
    return problems
