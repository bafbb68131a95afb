"""Presidential Election's own evaluation of an unfinished position: each seat's chance of winning, as a search
scores a rollout it cut short (engine/ai/ismcts.py). It reads a whole state, hidden facts included, so a search
hands it only a determinized one.

The projection follows the count at the end (turn.count): each state's electors go to its most votes, a tie
shared (the recount is a die roll). To those electoral votes each seat adds the votes it can still buy, valued at
EV_PER_VOTE electoral votes each (a Television Campaign aimed at a close big state swings it): its money and the
fundraising of the turns it has left (nothing once it has no turn left), spent within each turn's limit on
Television Campaigns at their average roll. The lead this gives
over each rival is turned into a chance of finishing ahead of it, less sharply the more rounds remain
(SPREAD + SPREAD_PER_ROUND × the rounds left, read off the leading token's distance to Election Day: a d6 moves
about 3.5 spaces a round). A seat's chance of winning is the product of its chances against each rival,
normalized so the seats' chances sum to 1 (for two seats it is the logistic curve itself).

The constants were fitted by log loss on positions of heuristic games against their results
(bench/fit_eval_presidential_election.py; the figures are in its docstring).
"""
from __future__ import annotations

import math

from engine.presidential_election.primitives import c, cap, ev, state_codes
from engine.presidential_election.state import PEState

EV_PER_VOTE = 16.0
SPREAD = 40.0
SPREAD_PER_ROUND = 20.0
MEAN_ROLL = 3.5  # a d6's average: the spaces a token moves in a round
MEAN_D3 = 2.0


def evaluate(state: PEState) -> dict[str, float]:
    """Each seat's chance of winning from `state`, in [0, 1], summing to 1 over the seats."""
    seats = list(state.seats)
    if state.phase == "over" and state.winner is not None:
        return {s: 1.0 if s == state.winner else 0.0 for s in seats}
    left = rounds_left(state)
    lead = electoral_votes(state, seats)
    for s in seats:
        lead[s] += EV_PER_VOTE * votes_to_buy(state, s, left)
    spread = SPREAD + SPREAD_PER_ROUND * left
    ahead = {s: 1.0 for s in seats}
    for i, a in enumerate(seats):
        for b in seats[i + 1:]:
            beats = 1.0 / (1.0 + math.exp(max(-60.0, min(60.0, (lead[b] - lead[a]) / spread))))
            ahead[a] *= beats
            ahead[b] *= 1.0 - beats
    total = sum(ahead.values())
    return {s: ahead[s] / total for s in seats}


def electoral_votes(state: PEState, seats: list[str]) -> dict[str, float]:
    """Each seat's electoral votes were the votes counted now, a tied state's shared among its leaders."""
    held = {s: 0.0 for s in seats}
    ballots = [state.players[s].votes for s in seats]
    for code in state_codes():
        counts = [v.get(code, 0) for v in ballots]
        top = max(counts)
        if top == 0:
            continue
        leaders = [s for s, n in zip(seats, counts) if n == top]
        share = ev(state, code) / len(leaders)
        for s in leaders:
            held[s] += share
    return held


def votes_to_buy(state: PEState, seat: str, left: float) -> float:
    """The votes `seat` can still buy as Television Campaigns in the turns it has left: its money and the
    fundraising that ends each of those turns but the last, within the spending limit of each turn."""
    r = c().rules
    turns = turns_left(state, seat, left)
    if turns <= 0 or not r.tv_cost:
        return 0.0
    money = state.players[seat].money + r.fundraise_unit * MEAN_D3 * (turns - 1)
    return min(money, cap(state, seat) * turns) / r.tv_cost * r.tv_dice * MEAN_D3


def turns_left(state: PEState, seat: str, left: float) -> float:
    """The turns `seat` still starts or finishes: the whole rounds to come, and this round's if it is not past."""
    if state.phase != "play":
        return left
    past = state.order.index(seat) < state.turn_index
    return math.floor(left) + (0.0 if past else 1.0)


def rounds_left(state: PEState) -> float:
    """About how many rounds remain after this one: the leading token's spaces to Election Day over a d6's average
    (none once someone is back on Election Day, since that round is the last)."""
    if state.last_round:
        return 0.0
    track = len(c().track)
    lead = max(track if p.finished else p.trail for p in state.players.values())
    return max(0, track - lead) / MEAN_ROLL
