"""1960: The Making of the President's own evaluation of an unfinished position: each side's chance of winning the
electoral college, as a search scores a rollout it cut short (engine/ai/ismcts.py). It reads a whole state, hidden
facts included, so a search hands it only a determinized one.

The projection follows the Final Tally: every state goes to whoever holds its support, an empty one to the holder
of its region's endorsement or else to its edge (counted as half a cube). Each state goes to Kennedy with a chance
that grows with that signed support (logistic, over SPREAD cubes). The electoral votes he may collect are taken as
normally distributed: the spread of those independent states, widened by a swing common to all of them that grows
with the campaign still to come (SWING_PER_TURN electoral votes for each turn left before Election Day). His
chance is that of reaching a majority.

The two constants were fitted by log loss on 14,000 positions of 200 heuristic games against their results
(bench/fit_eval_nineteen_sixty.py): 0.573 against 0.693 for a coin flip (0.578 without the common swing, each
state's chance flattened with the turns left instead).
"""
from __future__ import annotations

import math
from functools import cache

from engine.nineteen_sixty.primitives import c, holder
from engine.nineteen_sixty.state import SEATS, NSState

SPREAD = 0.75
SWING_PER_TURN = 10.5
EMPTY_LEAD = 0.5  # an empty state leans to whoever would take it on Election Day, by half a cube

_SIGNED = {"K": 1.0, "N": -1.0}
SIGNED = _SIGNED  # a side's sign in Kennedy's lead


def evaluate(state: NSState) -> dict[str, float]:
    """Each seat's chance of winning from `state`, in [0, 1], the two summing to 1."""
    return chances(state, SPREAD, SWING_PER_TURN)


def chances(state: NSState, spread: float, swing_per_turn: float) -> dict[str, float]:
    """`evaluate` with its constants given (the fitting script varies them)."""
    if state.phase == "over":
        if state.winner is None:
            return {s: 0.5 for s in SEATS}
        return {s: 1.0 if s == state.winner else 0.0 for s in SEATS}
    ken = kennedy_chance(state, spread, swing_per_turn * turns_left(state))
    return {SEATS[0]: ken, SEATS[1]: 1.0 - ken}


def turns_left(state: NSState) -> float:
    """The campaign still to come before Election Day, in turns; the current turn counts for the part of its
    activity phases not yet played."""
    rules = c().rules
    if state.phase == "election":
        return 0.0
    left = float(rules.election_turn - state.turn)
    if state.phase in ("initiative", "debate"):
        return left
    if state.phase == "activity":
        return left - (state.activity - 1) / rules.activity_phases
    return left - 1.0  # the momentum and strategy phases: the turn's cubes are placed


def kennedy_chance(state: NSState, spread: float, swing: float) -> float:
    """Kennedy's chance of a majority of electoral votes, each state his with a logistic chance of its support
    over `spread`, the total widened by a common `swing` (a standard deviation in electoral votes)."""
    mean = 0.0
    variance = 0.0
    support = state.support
    endorsements = state.endorsements
    for code, region, votes, edge in _states():
        lead = float(support.get(code, 0))
        if not lead:
            by = holder(endorsements.get(region, 0))
            lead = _SIGNED[by] * EMPTY_LEAD if by else edge
        x = lead / spread
        p = 1.0 / (1.0 + math.exp(-x)) if x > -40.0 else 0.0
        mean += votes * p
        variance += votes * votes * p * (1.0 - p)
    need = c().rules.ev_to_win - 0.5
    return 0.5 * (1.0 + math.erf((mean - need) / math.sqrt(2.0 * (variance + swing * swing + 1.0))))


@cache
def _states() -> tuple[tuple[str, str, int, float], ...]:
    """Each state's code, region, electoral votes and the lead its edge gives it when empty."""
    return tuple((code, st.region, st.ev, _SIGNED[st.edge] * EMPTY_LEAD) for code, st in c().states.items())


def state_terms() -> tuple[tuple[str, str, int, float], ...]:
    """Each state's code, region, electoral votes and the lead its edge gives it when empty, as the projection
    weighs them."""
    return _states()
