"""1960: The Making of the President's public map as a tally: the leader's support cubes in each state.

Only one side can have support in a state, so the margin is the leader's cubes. Safe: 4 or more cubes, the
game's own "carried" mark; lean: 1–3. Tied: no cubes (Election Day gives such a state by the region's
endorsement or the state's edge). The final count comes from Election Day, shown once the game is over.
"""
from __future__ import annotations

from bot.present.tally import ElectoralTally, StateTally
from engine.nineteen_sixty.views import NSView

CARRIED = 4


def tally(view: NSView) -> ElectoralTally:
    seat_of = {side.side: seat for seat, side in view.sides.items()}
    states = tuple(StateTally(s.code, s.ev, seat_of.get(s.leader), s.cubes, safe=s.carried)
                   if s.leader and s.cubes else StateTally(s.code, s.ev, None) for s in view.states)
    over = view.phase == "over"
    return ElectoralTally(
        sides=tuple(view.sides), names={seat: side.name for seat, side in view.sides.items()}, states=states,
        to_win=view.ev_to_win, unit="cubes",
        rule=f"Safe: carried ({CARRIED}+ cubes); lean: 1–{CARRIED - 1} cubes; tied: no cubes yet.",
        stage="Game over" if over else f"Turn {view.turn} of {view.turns}",
        final=dict(view.votes) if over and view.votes else None,
        winner=view.sides[view.winner].name if over and view.winner in view.sides else None)
