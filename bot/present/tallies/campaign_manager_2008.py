"""Campaign Manager 2008's public map as a tally: the states won, and the blocks of each state in play.

A state in play is won when its whole major-issue row is one side's colour, so the margin is counted there:
the leader's blocks over the rival's. Safe: the leader is one block from taking the state (at most one block
of that row not yet theirs); lean: ahead on the row otherwise. Tied: even rows, and the states not in play
yet. Won states are won for good; each side's starting electoral votes count as safe, outside the map.
"""
from __future__ import annotations

from bot.present.tally import ElectoralTally, StateTally
from engine.campaign_manager_2008 import content
from engine.campaign_manager_2008.views import CMView, TileView


def tile_tally(seats: list[str], tile: TileView) -> StateTally:
    row = tile.defense if tile.major == "defense" else tile.economy
    blocks = dict(zip(seats, (row.obama, row.mccain)))
    a, b = seats
    if blocks[a] == blocks[b]:
        return StateTally(tile.code, tile.ev, None)
    leader = a if blocks[a] > blocks[b] else b
    rival = b if leader == a else a
    not_yet = blocks[rival] + row.undecided
    return StateTally(tile.code, tile.ev, leader, blocks[leader] - blocks[rival], safe=not_yet <= 1)


def tally(view: CMView) -> ElectoralTally:
    seats = list(view.sides)
    evs = content.load().states
    states: list[StateTally] = []
    banked = {}
    for seat, side in view.sides.items():
        won = [StateTally(code, evs[code].ev, seat, decided=True) for code in side.won]
        states += won
        banked[seat] = side.score - sum(s.ev for s in won)
    states += [tile_tally(seats, t) for t in view.in_play]
    states += [StateTally(p.code, p.ev, None, note="not in play yet") for p in view.pool]
    over = view.phase == "over"
    return ElectoralTally(
        sides=tuple(seats), names={s: side.name for s, side in view.sides.items()}, states=tuple(states),
        to_win=view.target, unit="blocks", banked=banked,
        rule="Safe: won, or one block from taking the state's major-issue row; lean: ahead on that row; "
             "tied: even, or not in play yet. Starting electoral votes count as safe.",
        stage={"draft": "Draft", "states": "Starting states"}.get(view.phase, "Game over" if over else "In play"),
        final={s: side.score for s, side in view.sides.items()} if over else None,
        winner=view.sides[view.winner].name if over and view.winner in view.sides else None)
