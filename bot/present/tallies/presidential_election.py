"""Presidential Election's public map as a tally: each player's votes in each state.

The margin is the leading player's votes over the next player's (off the ballot counts as none). Safe: 3 or
more votes — about what one turn's spending and handshakes add to a state; lean: 1–2. Tied: even,
including a state where nobody has a vote yet. Once counted, every state is won for good. The most
electoral votes win; the winning number shown is a majority of all, which is sure to be the most.
"""
from __future__ import annotations

from bot.present.tally import ElectoralTally, StateTally
from engine.presidential_election.views import PEView, StateView

SAFE_VOTES = 3


def state_tally(st: StateView, over: bool) -> StateTally:
    ranked = sorted(st.votes.values(), reverse=True) + [0, 0]
    margin = ranked[0] - ranked[1]
    if over and st.carried_by:
        return StateTally(st.code, st.ev, st.carried_by, margin, decided=True)
    if st.leader is None or margin == 0:
        return StateTally(st.code, st.ev, None, note="" if ranked[0] else "no votes yet")
    return StateTally(st.code, st.ev, st.leader, margin, safe=margin >= SAFE_VOTES)


def tally(view: PEView) -> ElectoralTally:
    over = view.phase == "over"
    states = tuple(state_tally(st, over) for _, st in sorted(view.states.items()))
    total = sum(s.ev for s in states)
    sides = tuple(sorted(view.players))  # a stable order: the turn order changes each round
    return ElectoralTally(
        sides=sides, names={s: s for s in sides}, states=states, to_win=total // 2 + 1, unit="votes",
        rule=f"Safe: ahead by {SAFE_VOTES}+ votes; lean: 1–{SAFE_VOTES - 1}; tied: even or no votes yet.",
        stage="Votes counted" if over else f"Round {view.round}",
        final=dict(view.scores) if over and view.scores else None, winner=view.winner if over else None)
